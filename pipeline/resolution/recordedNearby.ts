/**
 * The places T-Eval's runs found with BINGMap.search_nearby (review_str_v1.json, outcome A), by the
 * place and kind searched. A simulated search of the same place and kind, however spelt ("restaurant"
 * near "Times Square, New York City", "eateries" near "Times Square"), lists them: the benchmark's own
 * data says what is there, and a drawn "Bistro Basile" at "388 West 44th Street" (teval_query_264_0)
 * or "Walnut Suites" on Mulberry Street among hotels near Times Square (35_0) is a place no map has.
 * Where a place's spot is known (`lat`, `lon`), a search reaching less far leaves it out; a recorded
 * search whose places' spots are not all known answers only a search reaching as far as it did.
 */
import { distanceKm } from './places.js';

export interface RecordedPlace {
  name: string;
  address: string;
  lat?: number;
  lon?: number;
}

interface RecordedSearch {
  kind: NearbyKind;
  at: { lat: number; lon: number };
  radiusKm: number;
  places: RecordedPlace[];
}

export type NearbyKind = 'restaurant' | 'hotel' | 'hospitality' | 'research';

const TIMES_SQUARE = { lat: 40.758, lon: -73.9855 };

const SEARCHES: RecordedSearch[] = [
  // query_187_1_0: {'search_term': 'restaurant', 'places': 'Times Square', 'radius': 1000}.
  {
    kind: 'restaurant', at: TIMES_SQUARE, radiusKm: 1, places: [
      { name: 'Hard Rock Cafe', address: '1501 Broadway, New York, NY, 10036', lat: 40.7572, lon: -73.9862 },
      { name: 'Red Lobster', address: '5 Times Sq, New York, NY, 10036', lat: 40.7556, lon: -73.987 },
      { name: 'Havana Central Times Square', address: '151 W 46th St, New York, NY, 10036', lat: 40.7584, lon: -73.9844 },
      { name: "Carmine's", address: '200 W 44th St, New York, NY, 10036', lat: 40.7576, lon: -73.987 },
      { name: 'Olive Garden Italian Restaurant', address: '2 Times Square, New York, NY, 10036', lat: 40.7588, lon: -73.9852 },
    ],
  },
  // query_275_0_0: {'search_term': 'hotels', 'places': 'Times Square', 'radius': 2000}.
  {
    kind: 'hotel', at: TIMES_SQUARE, radiusKm: 2, places: [
      { name: 'Hilton New York Times Square', address: '234 W 42nd St, New York, NY, 10036', lat: 40.7566, lon: -73.989 },
      { name: 'casablanca hotel', address: '147 W 43rd St, New York, NY, 10036', lat: 40.7561, lon: -73.9854 },
      { name: 'New York Marriott Marquis', address: '1535 Broadway, New York, NY, 10036', lat: 40.7586, lon: -73.9861 },
      { name: 'Hyatt Centric Times Square New York', address: '135 W 45th St, New York, NY, 10036', lat: 40.7574, lon: -73.9836 },
      { name: 'Hotel Mela Times Square', address: '120 W 44th St, New York, NY, 10036', lat: 40.7565, lon: -73.984 },
    ],
  },
  // query_292_0_6: {'search_term': 'eateries', 'places': 'Las Vegas', 'radius': 5000}.
  {
    kind: 'restaurant', at: { lat: 36.1699, lon: -115.1398 }, radiusKm: 5, places: [
      { name: "Denny's", address: '450 Fremont Street, Las Vegas, NV, 89101' },
      { name: "Tony Roma's", address: '200 Fremont St, Las Vegas, NV, 89101' },
      { name: 'Andiamo Steakhouse', address: '301 Fremont St, Las Vegas, NV, 89101' },
      { name: 'Heart Attack Grill', address: '450 Fremont St, Las Vegas, NV, 89101' },
      { name: "Hugo's Cellar", address: '202 Fremont St, Las Vegas, NV, 89101' },
    ],
  },
  // query_292_0_5: {'search_term': 'hospitality establishments', 'places': 'Las Vegas', 'radius': 5000}.
  {
    kind: 'hospitality', at: { lat: 36.1699, lon: -115.1398 }, radiusKm: 5, places: [
      { name: 'Simon Hospitality Group', address: '124 S 6th St., Ste 100, Las Vegas, NV, 89101' },
      { name: 'The Palazzo at The Venetian Resort', address: '3325 Las Vegas Blvd S, Las Vegas, NV, 89109' },
      { name: 'Clique Bar & Lounge', address: '3708 Las Vegas Blvd South, Las Vegas, NV, 89109' },
      { name: 'Timbers Hospitality Group', address: '6430 Arville St, Las Vegas, NV, 89118' },
      { name: "Big Dog's Hospitality Group", address: '4547 N Rancho Dr Ste A, Las Vegas, NV, 89130' },
    ],
  },
  // query_13_0_1: {'search_term': 'research institutions', 'places': 'Stanford University', 'radius': 5000}.
  {
    kind: 'research', at: { lat: 37.4275, lon: -122.1697 }, radiusKm: 5, places: [
      { name: 'Institute for Research in the Social Sciences', address: '30 Alta Rd, Stanford, CA, 94305' },
      { name: 'Stanford Institute For Economic Policy Research', address: '366 Galvez St, Stanford, CA, 94305' },
      { name: 'Health Policy Research: Research Institute: Palo Alto Medical Foundation', address: '795 El Camino Real, Palo Alto, CA, 94301' },
      { name: 'Bay Research Institute', address: '1010 Harriet St, Palo Alto, Ca, 94301' },
      { name: 'Michelle R. Clayman Institute for Gender Research', address: '589 Capistrano Way, Stanford, CA, 94305' },
    ],
  },
  // query_114_2_7: {'search_term': 'restaurant', 'places': 'San Francisco', 'latitude': 37.797432, 'longitude': -122.407883, 'radius': 500}.
  {
    kind: 'restaurant', at: { lat: 37.797432, lon: -122.407883 }, radiusKm: 0.5, places: [
      { name: "Max's Opera Cafe", address: '601 Van Ness Ave, San Francisco, CA, 94102' },
      { name: 'Absinthe Brasserie and Bar', address: '398 Hayes St, San Francisco, CA, 94102' },
      { name: 'Nojo Ramen Tavern', address: '231 Franklin St, San Francisco, CA, 94102' },
      { name: 'Monsieur Benjamin', address: '451 Gough St, San Francisco, CA, 94102' },
      { name: 'Saigon Sandwich', address: '560 Larkin St, San Francisco, CA, 94102' },
    ],
  },
];

/** How far apart two centres may be and still be one place spelt two ways ("Times Square", "Times Square, New York City"). */
const SAME_PLACE_KM = 0.3;

/** The kind a search term asks for, in the words searches use for it ("eateries", "accommodation"); undefined for another. */
export function nearbyKindOf(term: string): NearbyKind | undefined {
  const t = term.toLowerCase().replace(/^(?:the\s+)?(?:(?:best|top|good|popular|nearby|local|some)\s+)+/, '').trim();
  if (/^(?:restaurants?|eater(?:y|ies)|dining|places? to eat|food places?)$/.test(t)) return 'restaurant';
  if (/^(?:hotels?|accommodations?|lodgings?|places? to stay)$/.test(t)) return 'hotel';
  if (/^hospitality (?:establishments?|businesses?)$/.test(t)) return 'hospitality';
  if (/^research (?:institutions?|institutes?|centers?|centres?)$/.test(t)) return 'research';
  return undefined;
}

/**
 * The recorded places a nearby search of `kind` centred at `centre` reaching `radiusKm` finds, in the
 * recorded order; undefined where T-Eval recorded no search of that place and kind (or one reaching
 * farther, for places whose spots are not known).
 */
export function recordedPlacesNear(kind: NearbyKind, centre: { lat: number; lon: number }, radiusKm: number): RecordedPlace[] | undefined {
  const s = SEARCHES.find((r) => r.kind === kind && distanceKm(r.at, centre) <= SAME_PLACE_KM);
  if (!s) return undefined;
  const placed = s.places.every((p) => p.lat !== undefined);
  if (!placed) return radiusKm + 1e-9 >= s.radiusKm ? s.places : undefined;
  return s.places.filter((p) => distanceKm({ lat: p.lat!, lon: p.lon! }, centre) <= radiusKm);
}

const ADDRESSES = new Set(SEARCHES.flatMap((s) => s.places.map((p) => p.address)));

/** Whether an address is one T-Eval's nearby searches recorded: a real place's, never moved onto a drawn street. */
export function isRecordedPlaceAddress(address: string): boolean {
  return ADDRESSES.has(address.trim());
}
