/**
 * Where simulated nearby places stand, read as a careful user reads a map answer:
 *
 * - simulated_place_wild_in_city: a simulated nearby search around a big city lists a wilderness
 *   feature at a house number on a city street: "Heron Creek Trail" at "1 Columbus Avenue" and
 *   "Juniper Nature Reserve" at "53 East 14th Street" among parks near Times Square (teval_query_310_2),
 *   "Cedar Hill Lookout" at "1222 Madison Avenue". No trail, creek, reserve or lookout has a door on
 *   a Manhattan avenue.
 * - simulated_places_share_address: two differently named places of one simulated answer at one
 *   house number ("Lantern Kitchen" and "Bistro Colette", both at "1 Mulberry Street").
 * - simulated_geocode_off_famous_address: a simulated geocoding answer for a famous address the places
 *   table knows at its door ("10 Downing Street, London", "1600 Pennsylvania Avenue, Washington D.C.")
 *   that lies more than a kilometre from it: 51.5315, -0.1365 in Camden for Downing Street (teval_query_35_2).
 * - simulated_address_number_off_street: a simulated nearby answer's address whose house number its
 *   street does not have where the street table numbers it: attractions within 1 km of the Hollywood
 *   Walk of Fame at "12 Santa Monica Boulevard" and "159 Santa Monica Boulevard" (Los Angeles numbers
 *   it 5500 to 9600 there; the 100s are in Santa Monica, by the ocean: teval_query_107_2).
 * - simulated_place_at_real_venue_address: a made-up place of a simulated answer at the address of a
 *   real venue the venue table knows ("Sage Tavern" at "11 Madison Avenue", where Eleven Madison
 *   Park is): a false occupant of an address anyone can look up.
 * - simulated_address_town_not_town: a simulated nearby answer's address that ends where its town
 *   goes in another street address or an institution: "61 Serra Street, Stanford University" for
 *   restaurants near Stanford University (teval_query_188_0), "168 Constitution Avenue NW, 1600
 *   Pennsylvania Avenue" for a search whose term was the White House's address (teval_query_26_0).
 * - simulated_sight_made_up: a simulated search for a big city's sights lists a made-up one, at a drawn
 *   address with no postal code ("Hartley Memorial Park", "Castillo Museum of Art" on the Rue
 *   Saint-Dominique among attractions within 1 km of the Eiffel Tower: teval_query_185_2), where anyone
 *   knows the real ones (the Champ de Mars, the Musée du quai Branly). Published addresses carry a
 *   postal code ("11 W 53rd St, New York, NY, 10019", "37 Quai Branly, 75007 Paris"). Parks too: "Brennan
 *   Memorial Park" at "112 Columbus Avenue" among parks within 5 km of Times Square (teval_query_310_2),
 *   where Bryant Park is 500 m away and Central Park 1 km.
 * - simulated_place_made_up_where_known: a simulated nearby search lists a made-up place where the real
 *   ones are few and known ("Saffron Ridge Campsite" among campgrounds within 10 km of Yosemite, whose
 *   thirteen the park service lists: teval_query_321_2), or a kind the ground cannot have ("Granite Beach"
 *   at "Tampaksiring, Bali", in the hills 15 km from the sea: 91_2).
 */
import type { CaseMeasure } from '../types.js';
import { firstDefect, planArgStrings, simulatedDefectAmong } from '../evidence.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { isPlainObject } from '../../errors/values.js';
import { distanceKm, placesNamedIn } from '../../resolution/places.js';
import { realVenue, venueAddressKey, venueAtAddress } from '../../resolution/realVenues.js';
import { nearbyCentre } from './simulatedGeo.js';
import { placeAddressIn } from '../../resolution/streetGeo.js';
import { streetsOf } from '../../resolution/streets.js';
import { simulatedNearbyUnlikeRecorded } from './simulatedNearbyRecorded.js';

/** The named records of a nearby search's answer that give an address. */
function addressedRecords(action: { name: string }, response: string): { name: string; address: string }[] | undefined {
  if (!/nearby|search_?places?|\bpoi\b/i.test(action.name)) return undefined;
  const v = parseToolResponse(response);
  if (!isPlainObject(v) || 'error' in v) return undefined;
  const list = Object.values(v).find((x) => Array.isArray(x) && x.some((r) => isPlainObject(r) && typeof r.name === 'string' && typeof r.address === 'string'));
  if (!Array.isArray(list)) return undefined;
  return list.filter((r): r is { name: string; address: string } => isPlainObject(r) && typeof r.name === 'string' && typeof r.address === 'string');
}

/** Big cities the tasks search in, dense to their edges within this many km of the named centre. */
const BIG_CITIES: [name: string, km: number][] = [
  ['New York City', 15], ['Los Angeles', 20], ['San Francisco', 8], ['Chicago', 15], ['Boston', 8], ['Seattle', 10], ['Washington', 8], ['Miami', 10],
  ['Paris', 8], ['London', 15], ['Berlin', 12], ['Rome', 8], ['Madrid', 10], ['Barcelona', 8], ['Amsterdam', 6], ['Tokyo', 15], ['Seoul', 15],
  ['Beijing', 15], ['Shanghai', 15], ['Hong Kong', 10], ['Singapore', 10], ['Sydney', 10],
];

/** The big city a point lies in, if any. */
function bigCityAt(p: { lat: number; lon: number }): string | undefined {
  for (const [name, km] of BIG_CITIES) {
    const c = placesNamedIn(name)[0];
    if (c && distanceKm(c, p) <= km) return name;
  }
  return undefined;
}

/** Where a nearby search is: its centre, else the first known place its arguments name. */
function searchPoint(args: unknown, doc?: Parameters<typeof nearbyCentre>[1]): { lat: number; lon: number } | undefined {
  const centre = nearbyCentre(args, doc);
  if (centre) return centre;
  if (!isPlainObject(args)) return undefined;
  for (const v of Object.values(args)) {
    const p = typeof v === 'string' ? placesNamedIn(v)[0] : undefined;
    if (p) return p;
  }
  return undefined;
}

/** Names of the open country: a trail, a creek, a reserve, a lookout, a campground. */
export const WILD_NAME = /\b(?:trail|creek|nature reserve|reserve|wilderness|lookout|ridge|canyon|falls|campground|campsite|cove)\b/i;
/** A house number on a street: "1 Columbus Avenue", "Torstraße 88", "Boulevard Saint-Germain, 12". */
const HOUSE_NUMBER = /^\s*\d+[A-Za-z]?\s+\p{L}|\p{L}\s+\d+[A-Za-z]?\s*(?:,|$)|,\s*\d+\s*(?:,|$)/u;

export function wildInCity(action: { name: string; args: unknown }, response: string, doc?: Parameters<typeof nearbyCentre>[1]): string | null | undefined {
  const records = addressedRecords(action, response);
  if (!records?.length) return undefined;
  const at = searchPoint(action.args, doc);
  const city = at ? bigCityAt(at) : undefined;
  if (!city) return undefined;
  const hit = records.find((r) => WILD_NAME.test(r.name) && HOUSE_NUMBER.test(r.address));
  return hit ? `"${hit.name}" at "${hit.address}" in ${city}` : null;
}

export const simulatedPlaceWildInCity: CaseMeasure = {
  kind: 'case',
  id: 'simulated_place_wild_in_city',
  group: 'solvable',
  title: 'a simulated nearby search in a big city lists a wilderness feature at a house number on a city street ("Heron Creek Trail" at "1 Columbus Avenue", "Juniper Nature Reserve" at "53 East 14th Street" among parks near Times Square)',
  population: 'cases showing a simulated nearby-search answer listing addressed places, centred in (or naming) a big city',
  check: (tc, ctx) => {
    const written = planArgStrings(tc, ctx).map((w) => w.toLowerCase());
    return simulatedDefectAmong(tc, ctx, (step) => {
      const why = wildInCity(step.action, step.response!.content, tc.tools.find((d) => d.name === step.action.name));
      // A place the task's own plan names is what the source's run found.
      return why && written.some((w) => why.toLowerCase().includes(`"${w}"`)) ? null : why;
    });
  },
};

/** The house number and street of an address, for comparing ("1 Mulberry Street, New York City" → "1 mulberry street"). */
const numberedKey = (address: string): string | undefined => (/^\s*\d/.test(address) ? address.split(',')[0].toLowerCase().replace(/\s+/g, ' ').trim() : undefined);

export function placesShareAddress(action: { name: string; args: unknown }, response: string): string | null | undefined {
  const records = addressedRecords(action, response);
  if (!records || records.length < 2) return undefined;
  const seen = new Map<string, string>();
  for (const r of records) {
    const key = numberedKey(r.address);
    if (!key) continue;
    const other = seen.get(key);
    if (other !== undefined && other.toLowerCase() !== r.name.toLowerCase()) return `"${other}" and "${r.name}" both at "${r.address}"`;
    seen.set(key, r.name);
  }
  return null;
}

export const simulatedPlacesShareAddress: CaseMeasure = {
  kind: 'case',
  id: 'simulated_places_share_address',
  group: 'solvable',
  title: 'two differently named places of one simulated nearby answer at one house number ("Lantern Kitchen" and "Bistro Colette", both at "1 Mulberry Street")',
  population: 'cases showing a simulated nearby-search answer listing two or more addressed places',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => placesShareAddress(step.action, step.response!.content)),
};

export function placeAtRealVenueAddress(action: { name: string; args: unknown }, response: string, written: readonly string[] = []): string | null | undefined {
  const records = addressedRecords(action, response);
  if (!records?.length) return undefined;
  return firstDefect(records, (r) => {
    if (realVenue(r.name) || written.some((w) => w.includes(r.name.toLowerCase()))) return undefined;
    const venue = venueAtAddress(r.address);
    return venue ? `"${r.name}" at "${r.address}", where ${venue.name} stands (${venue.address})` : venueAddressKey(r.address) ? null : undefined;
  });
}

export const simulatedPlaceAtRealVenueAddress: CaseMeasure = {
  kind: 'case',
  id: 'simulated_place_at_real_venue_address',
  group: 'solvable',
  title: 'a made-up place of a simulated nearby answer at the address of a real venue ("Sage Tavern" at "11 Madison Avenue", where Eleven Madison Park is)',
  population: 'cases showing a simulated nearby-search answer listing a made-up place at a numbered address',
  check: (tc, ctx) => {
    const written = planArgStrings(tc, ctx).map((w) => w.toLowerCase());
    return simulatedDefectAmong(tc, ctx, (step) => placeAtRealVenueAddress(step.action, step.response!.content, written));
  },
};

/** How far a geocoder's point may lie from the door of the address it was asked for: a building's grounds, a block. */
const DOOR_KM = 1;

/** The point a geocoding answer gives: latitude and longitude fields, or AMap's "lon,lat" string. */
function geocodedPoint(response: string): { lat: number; lon: number } | undefined {
  const v = parseToolResponse(response);
  if (!isPlainObject(v)) return undefined;
  const lat = Number(v.latitude ?? v.lat);
  const lon = Number(v.longitude ?? v.lon ?? v.lng);
  if (Number.isFinite(lat) && Number.isFinite(lon) && (v.latitude ?? v.lat) !== undefined) return { lat, lon };
  const m = typeof v.coordinate === 'string' ? /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(v.coordinate) : null;
  return m ? { lon: Number(m[1]), lat: Number(m[2]) } : undefined;
}

export function geocodeOffFamousAddress(action: { name: string; args: unknown }, response: string): string | null | undefined {
  if (!/coordinat|geocod/i.test(action.name) || !isPlainObject(action.args)) return undefined;
  const asked = Object.values(action.args).find((v): v is string => typeof v === 'string');
  // A famous address: a place of the table whose name is a house number and a street, the text's own start.
  const door = asked ? placesNamedIn(asked).find((p) => /^\d/.test(p.name) && asked.trim().toLowerCase().startsWith(p.name.toLowerCase())) : undefined;
  if (!door) return undefined;
  const at = geocodedPoint(response);
  if (!at) return undefined;
  const km = distanceKm(door, at);
  return km > DOOR_KM ? `"${asked}" geocoded to ${at.lat}, ${at.lon}, ${km.toFixed(1)} km from its door` : null;
}

export const simulatedGeocodeOffFamousAddress: CaseMeasure = {
  kind: 'case',
  id: 'simulated_geocode_off_famous_address',
  group: 'solvable',
  title: 'a simulated geocoding answer for a famous address lies more than a kilometre from its door ("10 Downing Street, London" at 51.5315, -0.1365 in Camden, 3.1 km north)',
  population: 'cases showing a simulated geocoding answer for an address the places table knows at its door',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => geocodeOffFamousAddress(step.action, step.response!.content)),
};

export function addressNumberOffStreet(action: { name: string; args: unknown }, response: string, doc?: Parameters<typeof nearbyCentre>[1]): string | null | undefined {
  const records = addressedRecords(action, response);
  if (!records?.length) return undefined;
  const at = searchPoint(action.args, doc);
  const town = at ? streetsOf(at).town || undefined : undefined;
  return firstDefect(records, (r) => {
    const place = placeAddressIn(r.address, town);
    if (!place?.numbers || place.number === undefined) return undefined;
    const [first, last] = place.numbers;
    return place.number < first || place.number > last ? `"${r.name}" at "${r.address}": ${place.what} in ${place.town} runs from ${first} to ${last}` : null;
  });
}

export const simulatedAddressNumberOffStreet: CaseMeasure = {
  kind: 'case',
  id: 'simulated_address_number_off_street',
  group: 'solvable',
  title: 'a simulated nearby answer gives an address a house number its street does not have where the street table numbers it ("12 Santa Monica Boulevard" within 1 km of the Hollywood Walk of Fame: Los Angeles numbers it 5500 to 9600; the 100s are in Santa Monica, by the ocean)',
  population: 'cases showing a simulated nearby answer with an address on a street the street table numbers',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => addressNumberOffStreet(step.action, step.response!.content, tc.tools.find((d) => d.name === step.action.name))),
};

/** A street address: a house number before a street's name ("1600 Pennsylvania Avenue", "61 Serra Street"). */
const STREET_ADDRESS = /^\d+[A-Za-z]?\s+(?:[\p{L}'.-]+\s+){0,4}(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|way|place|pl|parkway|court|ct|terrace)\b/iu;
/** An institution or sight, never the town an address ends in ("Stanford University", "Google Headquarters"). */
const NOT_A_TOWN = /\b(?:university|college|institute|headquarters|campus|tower|museum|airport|stadium|walk of fame|pier|white house)\b/i;

export function addressTownNotTown(action: { name: string; args: unknown }, response: string): string | null | undefined {
  const records = addressedRecords(action, response);
  if (!records?.length) return undefined;
  return firstDefect(records, (r) => {
    // The last part is where the town goes ("Champ de Mars, 5 Avenue Anatole France, 75007 Paris" names its spot, then its street, then its town).
    const parts = r.address.split(',').map((p) => p.trim());
    const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
    const bad = last !== undefined && (STREET_ADDRESS.test(last) || NOT_A_TOWN.test(last)) ? last : undefined;
    return bad === undefined ? null : `"${r.name}" at "${r.address}": "${bad}" is no town`;
  });
}

export const simulatedAddressTownNotTown: CaseMeasure = {
  kind: 'case',
  id: 'simulated_address_town_not_town',
  group: 'solvable',
  title: 'a simulated nearby answer\'s address ends in a place no address line ends in — another street address or an institution where its town goes ("61 Serra Street, Stanford University", "168 Constitution Avenue NW, 1600 Pennsylvania Avenue")',
  population: 'cases showing a simulated nearby-search answer listing addressed places',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => addressTownNotTown(step.action, step.response!.content)),
};

/** A term asking a map for sights: attractions, landmarks, museums, things to do, parks and gardens. */
const SIGHT_TERM = /\battractions?\b|\bsights?\b|sightseeing|things to do|\btourist\b|points? of interest|\blandmarks?\b|\bmonuments?\b|\bmuseums?\b|\bparks?\b|\bgardens?\b/i;
/** A postal code as published addresses carry one: "NY, 10019", "75007 Paris", "CA, 90028". */
const POSTAL_CODE = /\b\d{5}\b/;

export function sightMadeUp(action: { name: string; args: unknown }, response: string, written: readonly string[] = [], doc?: Parameters<typeof nearbyCentre>[1]): string | null | undefined {
  if (!isPlainObject(action.args)) return undefined;
  const term = Object.entries(action.args).find(([k, v]) => /search|keyword|term|query/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
  // A place the term names is where the search is, not what it asks for: "Central Park, New York City" asks for no park.
  if (!term || !SIGHT_TERM.test(placesNamedIn(term).reduce((rest, p) => rest.split(p.name.toLowerCase()).join(' '), term.toLowerCase()))) return undefined;
  const records = addressedRecords(action, response);
  if (!records?.length) return undefined;
  const at = searchPoint(action.args, doc);
  const city = at ? bigCityAt(at) : undefined;
  if (!city) return undefined;
  const hit = records.find((r) => !POSTAL_CODE.test(r.address) && !written.some((w) => w.includes(r.name.toLowerCase())));
  return hit ? `"${hit.name}" at "${hit.address}" among what a search for "${term}" lists in ${city}: no such sight` : null;
}

export const simulatedSightMadeUp: CaseMeasure = {
  kind: 'case',
  id: 'simulated_sight_made_up',
  group: 'solvable',
  title: 'a simulated map search for a big city\'s sights (attractions, landmarks, museums, parks) lists a made-up one at a drawn address with no postal code ("Castillo Museum of Art" at "54 Rue Saint-Dominique" among attractions within 1 km of the Eiffel Tower), where the city\'s real sights are known to anyone',
  population: 'cases showing a simulated nearby-search answer for sights, centred in (or naming) a big city',
  check: (tc, ctx) => {
    const written = planArgStrings(tc, ctx).map((w) => w.toLowerCase());
    return simulatedDefectAmong(tc, ctx, (step) => sightMadeUp(step.action, step.response!.content, written, tc.tools.find((d) => d.name === step.action.name)));
  },
};

/**
 * Places of a kind whose real set where the search is anyone can look up, or whose ground cannot have
 * it. The measure's own record, not the simulator's table: Yosemite's thirteen campgrounds (NPS), and
 * points along Bali's coast, so a beach search centred farther from every one than its radius and 3 km
 * more is one in the hills.
 */
const YOSEMITE = { lat: 37.75, lon: -119.59 };
const YOSEMITE_CAMPGROUNDS = ['upper pines', 'lower pines', 'north pines', 'camp 4', 'wawona', 'bridalveil creek', 'hodgdon meadow', 'crane flat', 'tamarack flat', 'white wolf', 'yosemite creek', 'porcupine flat', 'tuolumne meadows'];
const BALI_COAST: [number, number][] = [
  [-8.718, 115.169], [-8.691, 115.157], [-8.654, 115.124], [-8.621, 115.087], [-8.42, 114.81], [-8.17, 114.44], [-8.16, 115.025], [-8.11, 115.09], [-8.13, 115.34],
  [-8.275, 115.593], [-8.337, 115.658], [-8.51, 115.568], [-8.53, 115.51], [-8.589, 115.337], [-8.61, 115.3], [-8.676, 115.263], [-8.8, 115.233], [-8.829, 115.085], [-8.775, 115.166],
];
const BALI = { lat: -8.42, lon: 115.15 };
const CAMP_TERM = /\bcamp(?:ing|grounds?|sites?)?\b/i;
const BEACH_TERM = /\bbeach(?:es)?\b/i;

export function placeMadeUpWhereKnown(action: { name: string; args: unknown }, response: string, written: readonly string[] = [], doc?: Parameters<typeof nearbyCentre>[1]): string | null | undefined {
  if (!isPlainObject(action.args)) return undefined;
  const term = Object.entries(action.args).find(([k, v]) => /search|keyword|term|query/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
  if (!term || !(CAMP_TERM.test(term) || BEACH_TERM.test(term)) || /\b(?:hotels?|resorts?|clubs?|bars?|restaurants?|villas?|stores?|shops?)\b/i.test(term)) return undefined;
  // An empty list (none in reach) is an answer of the population too: the honest one.
  const parsed = parseToolResponse(response);
  const empty = isPlainObject(parsed) && !('error' in parsed) && Object.values(parsed).some((x) => Array.isArray(x) && x.length === 0);
  const records = addressedRecords(action, response) ?? (empty ? [] : undefined);
  if (!records) return undefined;
  const centre = nearbyCentre(action.args, doc);
  const at = centre ?? searchPoint(action.args, doc);
  if (!at) return undefined;
  const own = (r: { name: string }) => written.some((w) => w.includes(r.name.toLowerCase()));
  if (CAMP_TERM.test(term) && distanceKm(at, YOSEMITE) <= 30) {
    const hit = records.find((r) => !own(r) && !YOSEMITE_CAMPGROUNDS.some((c) => r.name.toLowerCase().includes(c)));
    return hit ? `"${hit.name}" at "${hit.address}" among campgrounds by Yosemite, whose thirteen are known (Upper Pines, Camp 4, Wawona, Tuolumne Meadows …): no such campground` : null;
  }
  if (BEACH_TERM.test(term) && distanceKm(at, BALI) <= 90) {
    const coastKm = Math.min(...BALI_COAST.map(([lat, lon]) => distanceKm(at, { lat, lon })));
    const reachKm = centre?.radiusKm ?? 5;
    const hit = records.find((r) => !own(r));
    return hit && coastKm > reachKm + 3 ? `"${hit.name}" at "${hit.address}" listed as a beach within ${reachKm} km of a point ${coastKm.toFixed(0)} km from Bali's coast` : null;
  }
  return undefined;
}

export const simulatedPlaceMadeUpWhereKnown: CaseMeasure = {
  kind: 'case',
  id: 'simulated_place_made_up_where_known',
  group: 'solvable',
  title: 'a simulated nearby search lists a made-up place where the real ones are few and known, or a kind the ground cannot have: "Saffron Ridge Campsite" at "97 Southside Drive, Yosemite" among campgrounds within 10 km of Yosemite (the park runs thirteen: Upper Pines, Camp 4 …), "Granite Beach" at "Tampaksiring, Bali", in the hills 15 km from the sea',
  population: 'cases showing a simulated nearby-search answer for campgrounds around Yosemite or beaches on Bali',
  check: (tc, ctx) => {
    const written = planArgStrings(tc, ctx).map((w) => w.toLowerCase());
    return simulatedDefectAmong(tc, ctx, (step) => placeMadeUpWhereKnown(step.action, step.response!.content, written, tc.tools.find((d) => d.name === step.action.name)));
  },
};

export const SIMULATED_PLACE_SPOT_MEASURES: CaseMeasure[] = [simulatedPlaceWildInCity, simulatedPlacesShareAddress, simulatedPlaceAtRealVenueAddress, simulatedGeocodeOffFamousAddress, simulatedAddressNumberOffStreet, simulatedAddressTownNotTown, simulatedSightMadeUp, simulatedPlaceMadeUpWhereKnown, simulatedNearbyUnlikeRecorded];
