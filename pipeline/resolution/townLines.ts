/**
 * A listing's address as Airbnb's search writes it: "Town, Region, Country" ("Monterey Park, CA,
 * United States", "Roissy-en-France, Île-de-France, France"), never a street and a house number.
 * Every T-Eval recording of AirbnbSearch.search_property_by_place writes it so; the simulator drew
 * "13 Fillmore Street, San Francisco" from its street table (1,045 of 1,195 addresses shown in g0's
 * cases). A drawn address keeps its town (or its district, where that is a town of its own: Queens,
 * Shinjuku City) and gains the region and country the town is in.
 */
import { distanceKm, placesNamedIn } from './places.js';

/** The form valueForms.ts gives a "Town, Region, Country" line. */
export const TOWN_LINE_FORM = 'town, region, country';

/** Three parts no digit writes, each a name ("Paris, Île-de-France, France"; "Taito City, Tokyo, Japan"). */
export function isTownLine(text: string): boolean {
  const parts = text.split(', ');
  return parts.length === 3 && parts.every((p) => /^[\p{Lu}\p{Lo}][^\d,]*$/u.test(p.trim()) && p.trim() === p);
}

/** Town lines by the names a drawn address may give the town (its district first where it is a town of its own). */
const LINES: [RegExp, string][] = [
  // Tokyo's wards are the towns Airbnb names ("Taito City, Tokyo, Japan").
  ...['Minato', 'Taito', 'Sumida', 'Koto', 'Chiyoda', 'Shibuya', 'Shinjuku', 'Chuo', 'Meguro'].map((w): [RegExp, string] => [new RegExp(`^${w}(?: City| Ward)?$`), `${w} City, Tokyo, Japan`]),
  [/^Tokyo$/, 'Tokyo, Tokyo, Japan'],
  [/^Queens$/, 'Queens, NY, United States'],
  [/^Brooklyn$/, 'Brooklyn, NY, United States'],
  [/^(New York City|New York|NYC|Manhattan)$/, 'New York, NY, United States'],
  [/^Miami Beach$/, 'Miami Beach, FL, United States'],
  [/^Miami$/, 'Miami, FL, United States'],
  [/^(Los Angeles|Hollywood)$/, 'Los Angeles, CA, United States'],
  [/^Monterey Park$/, 'Monterey Park, CA, United States'],
  [/^Culver City$/, 'Culver City, CA, United States'],
  [/^Hawthorne$/, 'Hawthorne, CA, United States'],
  [/^Torrance$/, 'Torrance, CA, United States'],
  [/^Santa Monica$/, 'Santa Monica, CA, United States'],
  [/^Huntington Beach$/, 'Huntington Beach, CA, United States'],
  [/^San Francisco$/, 'San Francisco, CA, United States'],
  [/^San Bruno$/, 'San Bruno, CA, United States'],
  [/^Mountain View$/, 'Mountain View, CA, United States'],
  [/^(Stanford|Palo Alto)$/, 'Palo Alto, CA, United States'],
  [/^Berkeley$/, 'Berkeley, CA, United States'],
  [/^(Yosemite|Yosemite Valley)$/, 'Yosemite Valley, CA, United States'],
  [/^Seattle$/, 'Seattle, WA, United States'],
  [/^Portland$/, 'Portland, OR, United States'],
  [/^Las Vegas$/, 'Las Vegas, NV, United States'],
  [/^Denver$/, 'Denver, CO, United States'],
  [/^Estes Park$/, 'Estes Park, CO, United States'],
  [/^Chicago$/, 'Chicago, IL, United States'],
  [/^Boston$/, 'Boston, MA, United States'],
  [/^Washington$/, 'Washington, DC, United States'],
  [/^Paris$/, 'Paris, Île-de-France, France'],
  [/^Roissy-en-France$/, 'Roissy-en-France, Île-de-France, France'],
  [/^London$/, 'London, England, United Kingdom'],
  [/^Oxford$/, 'Oxford, England, United Kingdom'],
  [/^Cambridge$/, 'Cambridge, England, United Kingdom'],
  [/^Berlin$/, 'Berlin, Berlin, Germany'],
  [/^Copenhagen$/, 'Copenhagen, Capital Region of Denmark, Denmark'],
  [/^Amsterdam$/, 'Amsterdam, North Holland, Netherlands'],
  [/^Rome$/, 'Rome, Lazio, Italy'],
  [/^Madrid$/, 'Madrid, Community of Madrid, Spain'],
  [/^Barcelona$/, 'Barcelona, Catalonia, Spain'],
  [/^Sydney$/, 'Sydney, New South Wales, Australia'],
  [/^Seoul$/, 'Seoul, Seoul, South Korea'],
  [/^Selat$/, 'Selat, Bali, Indonesia'],
  [/^(Seminyak|Ubud|Kuta|Canggu|Legian)$/, ''],
];

/** Bali's drawn streets, by the village they run through: Airbnb names the village ("Ubud, Bali, Indonesia"). */
const BALI_STREETS: [RegExp, string][] = [
  [/Jalan (Raya Seminyak|Kayu Aya)\b/, 'Seminyak'],
  [/Jalan (Monkey Forest|Bisma|Hanoman)\b/, 'Ubud'],
  [/Jalan Pantai Kuta\b/, 'Kuta'],
  [/Jalan Legian\b/, 'Legian'],
  [/Jalan Batu Bolong\b/, 'Canggu'],
];

/** The line of a town name, undefined for a name the table does not know. */
function lineOfTown(name: string): string | undefined {
  const t = name.trim().replace(/^\d{4,5}\s+(?=\p{L})/u, '').replace(/\s+\d{4,5}$/, '');
  const hit = LINES.find(([re]) => re.test(t));
  if (!hit) return undefined;
  return hit[1] || `${t}, Bali, Indonesia`;
}

/**
 * `address` as a town line: a known town line as it is; else the town (or district) it names, its
 * last known part first after its district ("4-23-16 Nishi-Shinjuku, Shinjuku, Tokyo" → "Shinjuku
 * City, Tokyo, Japan"; "12 Steinway Street, Queens, NY" → "Queens, NY, United States"); else
 * `fallback` (the searched town's line). Undefined when neither gives one.
 */
export function townLineOf(address: string, fallback?: string, name = ''): string | undefined {
  const bali = BALI_STREETS.find(([re]) => re.test(address));
  if (bali) return `${bali[1]}, Bali, Indonesia`;
  const parts = address.split(',').map((p) => p.trim()).filter(Boolean);
  // The district before its town ("…, Shinjuku, Tokyo"; "…, Queens, NY"): the first part the table knows, past the street;
  // the one the listing's name puts it in where it names one ("Cozy entire apartment in San Francisco" at "San Bruno, San Francisco").
  const lines = parts.map((p) => (lineOfTown(p) ? { part: p, line: lineOfTown(p)! } : undefined)).filter((x) => x !== undefined);
  const named = lines.find((x) => new RegExp(`\\bin ${x.part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(name));
  // A ward of the named town ("Meguro City, Tokyo, Japan" for "… apartment in Tokyo") is the named town still, told more exactly.
  const within = named && lines[0] && lines[0].line.split(', ').slice(1).includes(named.part);
  // A name putting the listing in a town of its own the address does not name ("Home in Hawthorne", T-Eval's recorded
  // title, on a drawn "… Los Angeles" address): the name's town, as the recorded listing's would be (teval_query_136_2).
  const nameTown = /\bin ([\p{Lu}][\p{L} .'-]*?)\s*$/u.exec(name)?.[1];
  const nameLine = nameTown && !named ? lineOfTown(nameTown) : undefined;
  if (nameLine && !lines.some((x) => x.line === nameLine || x.line.split(', ').slice(1).includes(nameTown!))) return nameLine;
  const pick = within ? lines[0] : (named ?? lines[0]);
  if (pick) return pick.line;
  if (isTownLine(address)) return address;
  // A village the tables do not know in a region they do ("Tampaksiring, Bali", "El Prat de Llobregat, Barcelona"): the village, then the region's line.
  const region = parts.length === 2 && !/\d/.test(parts[0]) ? REGIONS.find(([re]) => re.test(parts[1]))?.[1] : undefined;
  if (region) return `${parts[0]}, ${region}`;
  return fallback;
}

/** Regions a village the table does not know may be named in, with what its line writes after it. */
const REGIONS: [RegExp, string][] = [
  [/^Bali$/, 'Bali, Indonesia'],
  [/^Barcelona$/, 'Catalonia, Spain'],
  [/^Tokyo$/, 'Tokyo, Japan'],
  [/^Paris$/, 'Île-de-France, France'],
];

/** Where a town line's town is: its first part, a place the places table knows (its district's centre is the caller's to find). */
export function townOfLine(line: string): string {
  return line.split(', ')[0];
}

/** The town line of the table's town nearest `point` within `km`, for a search by coordinates. */
export function townLineNear(point: { lat: number; lon: number } | undefined, km = 40): string | undefined {
  if (!point) return undefined;
  let best: { d: number; line: string } | undefined;
  for (const [, line] of LINES) {
    if (!line) continue;
    const at = placesNamedIn(line.split(',')[0])[0];
    if (!at) continue;
    const d = distanceKm(at, point);
    if (d <= km && (!best || d < best.d)) best = { d, line };
  }
  return best?.line;
}

/** The town line of where a call searches: the town its place names, else the known town nearest the first coordinates it gives ("37.7749,-122.4194,…"). */
export function searchedTownLine(args: Record<string, unknown>): string | undefined {
  const texts = Object.values(args).filter((v): v is string => typeof v === 'string');
  for (const t of texts) {
    const line = townLineOf(t);
    if (line) return line;
  }
  for (const t of texts) {
    const m = /(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)/.exec(t);
    if (m && Math.abs(Number(m[1])) <= 90 && Math.abs(Number(m[2])) <= 180) return townLineNear({ lat: Number(m[1]), lon: Number(m[2]) });
  }
  return undefined;
}
