/** The map tools' docs as T-Eval gives them (Bing's distance and route, AMap's distance), for tests of simulated trips. */
import type { ToolDoc } from '../../pipeline/schemas.js';

const param = (name: string, description: string) => ({ name, type: 'string' as const, description });
export const bingDistance: ToolDoc = {
  name: 'BINGMap.get_distance',
  description: 'Get the distance between two locations in km.',
  required_parameters: [param('start', 'The start location.'), param('end', 'The end location.')],
  optional_parameters: [],
  return_data: [{ name: 'distance', description: 'the distance in km.' }],
};
export const bingRoute: ToolDoc = { ...bingDistance, name: 'BINGMap.get_route', description: 'Get the route between two locations in km.', return_data: [{ name: 'route', description: 'the route, a list of actions.' }] };
export const gaode: ToolDoc = {
  name: 'GaodeMap.get_distance',
  description: 'Get the distance between two locations in km.',
  required_parameters: [param('origins', "coordinate of the start location, format with 'lon,lat'"), param('destination', "coordinate of the end location, format with 'lon,lat'")],
  optional_parameters: [],
  return_data: [{ name: 'distance', description: 'the distance in KM' }, { name: 'duration', description: 'expected time in minutes' }],
};
export const MAP_TOOLS = [bingDistance, bingRoute, gaode];
/** A string parameter of a doc. */
export { param };
