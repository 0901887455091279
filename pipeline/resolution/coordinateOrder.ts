/**
 * A coordinate a tool's doc asks for as 'lon,lat' (T-Eval's GaodeMap: "coordinate of the start location,
 * format with 'lon,lat'") that cannot be the point meant in that order: a second part (the latitude, by the
 * doc) beyond ±90, or a point outside the one region its toolkit maps. T-Eval's teval_query_224_1 passes
 * GaodeMap.search_nearby New York's "40.7128, -74.0060" (latitude first, and outside China): the step asks
 * for another point than the one meant, so neither the step nor a retry of it is a ground truth a careful
 * model would share.
 */
import { lonLatText } from '../answerFacts.js';

/** A doc asking a coordinate as one 'lon,lat' text (GaodeMap's parameters, and its coordinate's return doc "(lon, lat)"). */
export const LON_LAT_DOC = /\blon\s*,\s*lat\b/i;

/**
 * Toolkits that map one region only, by their source's toolkit description: T-Eval's GaodeMap is "Plugin for
 * look up map information only in China" (its API docs leave that out). China's mainland, Hainan, Taiwan,
 * Hong Kong and Macau lie within these bounds.
 */
const REGION: Record<string, { name: string; lon: [number, number]; lat: [number, number] }> = {
  GaodeMap: { name: 'China', lon: [73, 136], lat: [3, 54] },
};

/** The first argument of `tool`'s call whose doc asks 'lon,lat' and whose value cannot be that point: its name, value and why, or undefined. */
export function coordinateAgainstDoc(tool: string, args: unknown, params: readonly { name: string; description?: string }[]): { name: string; value: string; why: string } | undefined {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const toolkit = tool.split('.')[0];
  const region = REGION[toolkit];
  for (const p of params) {
    if (!LON_LAT_DOC.test(p.description ?? '')) continue;
    const v = (args as Record<string, unknown>)[p.name];
    const at = typeof v === 'string' ? lonLatText(v) : undefined;
    if (!at) continue;
    const { lon, lat } = at;
    if (Math.abs(lon) > 180 || Math.abs(lat) > 90) return { name: p.name, value: v as string, why: 'no latitude lies beyond ±90' };
    if (region && (lon < region.lon[0] || lon > region.lon[1] || lat < region.lat[0] || lat > region.lat[1])) return { name: p.name, value: v as string, why: `read as 'lon,lat' it lies outside ${region.name}, the one region ${toolkit} maps` };
  }
  return undefined;
}
