/**
 * What the weather is like in a place in a month: the monthly mean temperature (°C) of cities
 * whose climate is well known, else one worked out from the latitude (warm near the equator, cold
 * winters far from it, the seasons turned round south of the equator). A simulated forecast stays
 * near it and moves a few degrees a day, so San Francisco is not 31.6 °C one day and 1.4 °C the
 * next, nor Beijing 29.4 °C on October 20.
 */
import { placeNamed, type Place } from './places.js';

/** Monthly mean temperatures, January first, rounded to whole degrees (climate normals). */
const MEANS: [RegExp, number[]][] = [
  [/\bsan francisco\b|旧金山/i, [11, 12, 13, 14, 15, 16, 16, 17, 18, 16, 13, 11]],
  [/\blos angeles\b|\bsanta monica\b|\bmonterey park\b|\bhollywood\b|洛杉矶/i, [14, 15, 15, 17, 18, 20, 22, 23, 22, 20, 17, 14]],
  [/\bnew york\b|\bmanhattan\b|\bbrooklyn\b|纽约/i, [0, 2, 6, 12, 17, 22, 25, 25, 21, 14, 9, 3]],
  [/\blondon\b|伦敦/i, [5, 6, 8, 10, 13, 16, 19, 18, 16, 12, 8, 6]],
  [/\bparis\b|巴黎/i, [5, 6, 9, 12, 16, 19, 21, 21, 17, 13, 8, 5]],
  [/\bbeijing\b|北京/i, [-3, 0, 7, 15, 21, 25, 27, 26, 21, 13, 5, -1]],
  [/\bshanghai\b|上海/i, [5, 7, 11, 16, 21, 25, 29, 29, 25, 20, 13, 7]],
  [/\btokyo\b|东京/i, [6, 6, 9, 14, 19, 22, 26, 27, 24, 18, 13, 8]],
  [/\bguangzhou\b|广州/i, [14, 15, 18, 22, 26, 28, 29, 29, 28, 25, 20, 15]],
  [/\bshenzhen\b|\bhong kong\b|深圳|香港/i, [16, 17, 19, 23, 26, 28, 29, 29, 28, 25, 21, 17]],
  [/\bhangzhou\b|杭州/i, [4, 7, 11, 17, 22, 25, 29, 28, 24, 19, 13, 6]],
  [/\bchengdu\b|成都/i, [6, 8, 12, 17, 21, 24, 26, 26, 22, 18, 12, 7]],
  [/\bnanjing\b|南京/i, [3, 5, 10, 16, 21, 25, 28, 28, 23, 17, 10, 4]],
  [/\bwuhan\b|武汉/i, [4, 7, 11, 17, 22, 26, 29, 29, 24, 18, 11, 6]],
  [/\bxi'?an\b|西安/i, [0, 4, 9, 16, 21, 26, 27, 26, 21, 15, 8, 2]],
  [/\bharbin\b|哈尔滨/i, [-17, -12, -3, 7, 15, 21, 23, 22, 15, 6, -4, -14]],
  [/\bkunming\b|昆明/i, [9, 11, 14, 17, 19, 20, 20, 20, 19, 16, 12, 9]],
  [/\bsanya\b|三亚/i, [21, 22, 24, 27, 28, 29, 28, 28, 27, 26, 24, 22]],
  [/\bbali\b|\bdenpasar\b|\bubud\b|\bkuta\b|巴厘/i, [27, 27, 27, 27, 27, 26, 26, 26, 27, 28, 28, 27]],
  [/\bsingapore\b|新加坡/i, [26, 27, 28, 28, 28, 28, 28, 28, 28, 28, 27, 26]],
  [/\bbarcelona\b/i, [10, 11, 13, 15, 18, 22, 25, 25, 22, 18, 14, 11]],
  [/\bmadrid\b/i, [6, 8, 11, 13, 17, 23, 26, 25, 21, 15, 10, 7]],
  [/\brome\b|罗马/i, [8, 9, 11, 14, 18, 22, 25, 25, 22, 17, 12, 9]],
  [/\bberlin\b|柏林/i, [0, 1, 5, 10, 14, 17, 19, 19, 15, 10, 5, 1]],
  [/\bmoscow\b|莫斯科/i, [-7, -6, -1, 6, 13, 17, 19, 17, 11, 5, -1, -5]],
  [/\bchicago\b|芝加哥/i, [-4, -2, 4, 10, 16, 22, 24, 23, 19, 12, 5, -2]],
  [/\bboston\b/i, [-2, 0, 3, 9, 15, 20, 23, 22, 18, 12, 7, 1]],
  [/\bwashington\b/i, [2, 4, 8, 14, 19, 24, 27, 26, 22, 15, 9, 4]],
  [/\bseattle\b/i, [5, 6, 8, 10, 13, 16, 19, 19, 16, 11, 7, 5]],
  [/\bmiami\b/i, [20, 21, 22, 24, 26, 28, 29, 29, 28, 26, 23, 21]],
  [/\blas vegas\b/i, [9, 11, 15, 19, 25, 30, 34, 33, 28, 21, 13, 8]],
  [/\btoronto\b/i, [-6, -5, 0, 7, 13, 19, 22, 21, 17, 10, 4, -2]],
  [/\bsydney\b|悉尼/i, [23, 23, 22, 19, 16, 14, 13, 14, 16, 18, 20, 22]],
  [/\bdubai\b|迪拜/i, [19, 20, 23, 27, 31, 33, 35, 35, 33, 29, 25, 21]],
  [/\bmumbai\b/i, [24, 25, 27, 29, 30, 29, 28, 27, 28, 29, 28, 26]],
];

/** The monthly means of a city the table knows by name, undefined for any other place. */
export function knownClimate(place: string): number[] | undefined {
  return MEANS.find(([re]) => re.test(place))?.[1];
}

/** A month's mean temperature at a latitude: about 27 °C in the tropics, colder and more seasonal towards the poles. */
function latitudeMean(lat: number, month: number): number {
  const a = Math.abs(lat);
  const annual = 27 - 0.55 * Math.max(0, a - 15);
  const swing = Math.min(20, 0.3 * Math.max(0, a - 10));
  // Warmest in mid-July north of the equator, mid-January south of it.
  const season = Math.cos((2 * Math.PI * (month - 6.5)) / 12) * (lat >= 0 ? 1 : -1);
  return annual + swing * season;
}

/**
 * The mean temperature of a month (0 = January) at a place: the table's for a city it knows, else
 * the latitude's for a place with coordinates, else a temperate mid-latitude's (about 35° north).
 */
export function monthMean(place: string | undefined, near: Place | undefined, month: number): number {
  const known = place ? knownClimate(place) : undefined;
  if (known) return known[month];
  const at = near ?? (place ? placeNamed(place) : undefined);
  const byName = at ? knownClimate(at.name) : undefined;
  if (byName) return byName[month];
  return latitudeMean(at?.lat ?? 35, month);
}

/** Weather words that need the cold: no snow at 25 °C. */
export const SNOWY = /\b(snow|sleet|blizzard|flurries)\b|雪/i;
/** How far a day's temperature may be from the month's mean, and one day's from the next, before a reader doubts it. */
export const MONTH_SPREAD = 9;
export const DAY_SWING = 8;
