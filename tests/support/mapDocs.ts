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
/** Bing's nearby search as T-Eval gives it: a place name or coordinates, a radius in metres, at most 5 places back. */
export const bingNearby: ToolDoc = {
  name: 'BINGMap.search_nearby',
  description: 'Search for places nearby a location, within a given radius, and return the results into a list. Put the location name at the end of the query.',
  required_parameters: [param('search_term', '[Required] the place name')],
  optional_parameters: [param('places', 'the name of the location.'), { name: 'latitude', type: 'float' as const, description: 'the latitude of the location.' }, { name: 'longitude', type: 'float' as const, description: 'the longitude of the location.' }, { name: 'radius', type: 'integer' as const, description: 'radius in meters.' }],
  return_data: [{ name: 'places', description: 'the list of places, each place is a dict with name and address, at most 5 places.' }],
};
export const MAP_TOOLS = [bingDistance, bingRoute, gaode];
/** A string parameter of a doc. */
export { param };
