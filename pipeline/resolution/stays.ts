/**
 * What a rental listing's own words say about how many it sleeps, and what a review of it may then
 * say. "Suite in DTLA w/ King & Twin bed, full kitchen" sleeps three, a "Cozy condominium in Bali"
 * at least two; a review of a one-guest private room has no "plenty of room for three friends" nor
 * "such a cosy flat". The simulator draws capacities and reviews that agree (simulatorRules.ts,
 * simulatedText.ts), and the quality report flags ones that do not (simulated_record_self_contradicted).
 */
import { rentalKindOf } from './rentalKinds.js';
import { bedroomsNamed as bedrooms, detailsTitleParts, wholePlace } from './detailsTitles.js';

/** Whole dwellings: the guest has the place, so it sleeps at least two. */
const WHOLE = /^(house|entire|condo(minium)?|villa|loft|townhouse|cottage|bungalow|guest ?house|guest ?suite|apartment|serviced apartment|cabin|chalet)\b/i;
const BEDS: [RegExp, number][] = [
  [/\b(king|queen|double)(-size)?\b|\bfull[- ]size bed/gi, 2],
  [/\b(twin|single)\b/gi, 1],
  [/\bbunk ?beds?\b/gi, 2],
  [/\bsofa ?beds?\b/gi, 2],
];
/** The kind a listing is: its details' propertyType when it has one, else what its name says. */
function kindOf(title: string, type?: string): string {
  return (type && type.trim()) || rentalKindOf(title) || '';
}

/**
 * The fewest guests a listing's own words let it sleep: two in a whole dwelling, one per bed its
 * name counts ("King & Twin" three), a bed per bedroom and one more, three for a family place.
 */
export function leastCapacity(title: string, type?: string): number {
  // A details title ("Home in Monterey Park · ★4.79 · 1 bedroom · 1 bed · 1 shared bath") counts the
  // bedrooms of the whole home a private room is in: a whole place sleeps two, a room one.
  const parts = detailsTitleParts(title);
  if (parts) return wholePlace(type ?? '', parts.kind) ? 2 : 1;
  const kind = kindOf(title, type);
  let least = WHOLE.test(kind) || (!/room/i.test(kind) && WHOLE.test(rentalKindOf(title) ?? '')) ? 2 : 1;
  let beds = 0;
  for (const [re, n] of BEDS) beds += (title.match(re) ?? []).length * n;
  // "King & Twin bed": the twin is a bed of its own even when "bed" is said once.
  least = Math.max(least, beds);
  const rooms = bedrooms(title);
  if (rooms !== undefined) least = Math.max(least, rooms + 1);
  if (/\bfamil(y|ies)\b|\bgroups?\b/i.test(title)) least = Math.max(least, 3);
  return least;
}

/** A capacity the listing's words allow, drawn from what such a place usually sleeps, never under `atLeast`. */
export function capacityFor(title: string, type: string | undefined, draw: (lo: number, hi: number) => number, atLeast = 1): number {
  const kind = kindOf(title, type);
  const least = Math.max(leastCapacity(title, type), atLeast);
  const rooms = bedrooms(title);
  const [lo, hi] = rooms !== undefined ? [2 * rooms, 2 * rooms + 2] : /room|shared/i.test(kind) ? [1, 2] : /house|villa|cottage|bungalow|cabin|chalet|townhouse/i.test(kind) ? [4, 8] : [2, 4];
  return Math.max(least, draw(lo, hi));
}

/** A party a review says the place had room for: "plenty of room for three friends" is three. */
const PARTIES: [RegExp, number][] = [
  [/\bthe four of us\b/i, 4],
  [/\btwo families\b/i, 4],
  [/\ba couple with a baby\b/i, 3],
  [/\bthree friends\b/i, 3],
  [/\bthe kids to play\b/i, 3],
];

/** The party a review's words say stayed; 0 when they say none. */
export function partyIn(text: string): number {
  return Math.max(0, ...PARTIES.filter(([re]) => re.test(text)).map(([, n]) => n));
}

/** The largest party any of these reviews says stayed. */
export function largestParty(texts: readonly string[]): number {
  return Math.max(0, ...texts.map(partyIn));
}

/** Beds and rooms a review can mention only in a place that sleeps more than two. */
const SECOND_BED = /\b(second bedroom|second bed|bunk beds|sofa bed)\b/i;

/** What a review calls the place: a flat, a room, a house; undefined for a kind it has no word for. */
export function placeNoun(title: string, type?: string): string | undefined {
  const kind = kindOf(title, type);
  if (/room|shared/i.test(kind)) return 'room';
  if (/house|villa|cottage|bungalow|cabin|chalet|townhouse/i.test(kind)) return 'house';
  if (/apartment|condo|loft|suite|studio|flat/i.test(kind)) return 'flat';
  return undefined;
}

/** What a listing's details say of it. */
export interface StayDetails {
  title?: unknown;
  propertyType?: unknown;
  personCapacity?: unknown;
  rating?: unknown;
}

/**
 * The sort of place a listing's words name, coarse enough that a site's own kinds agree with the
 * names it gives ("Rental unit in Queens …" is an "Entire rental unit", "Hostel in Barcelona …" has
 * a "Private room in hostel"): a room, a guest suite, a condominium, a loft, a house, an apartment,
 * a hotel. Undefined when the words name none ("Cosy Nest", "Suite in DTLA …").
 */
export type PlaceSort = 'room' | 'suite' | 'condo' | 'loft' | 'house' | 'apartment' | 'hotel';
const SORT_WORDS: [RegExp, PlaceSort][] = [
  [/\bguest ?suites?\b/i, 'suite'],
  [/\b(private |shared )?rooms?\b|\bbedroom in\b/i, 'room'],
  [/\bcondo(minium)?s?\b/i, 'condo'],
  [/\blofts?\b/i, 'loft'],
  [/\b(hotel|hostel|motel|inn|bed and breakfast|b&b)s?\b/i, 'hotel'],
  [/\b(guest ?house|house|home|villa|cottage|townhouse|bungalow|cabin|chalet)s?\b/i, 'house'],
  [/\b(apartment|apt|flat|studio|rental unit|serviced apartment)s?\b/i, 'apartment'],
];
export function placeSortOf(words: string): PlaceSort | undefined {
  return SORT_WORDS.find(([re]) => re.test(words))?.[1];
}

/**
 * Where a listing's kind and its name disagree: "Bright loft in Tokyo" as a "Guest suite", "Hotel
 * in Koto City" as a "House", "Entire home" for "Room in …". A kind that is a room in the sort of
 * place the name says ("Private room in home" for "Home in Monterey Park …", "Shared room in hotel"
 * for "Hotel in Minato City …") agrees with it, and a name's "room" may sit in a hotel.
 */
export function kindContradiction(title: string, type: string): string | undefined {
  // A details title's kind is its first words ("Home" of "Home in Monterey Park · ★4.79 · 1 bedroom · …"), not its room counts.
  const named = placeSortOf(detailsTitleParts(title)?.kind ?? title);
  const typed = placeSortOf(type);
  if (!named || !typed || named === typed) return undefined;
  // "Private room in home", "Room in boutique hotel": a room, in the sort of place the name says.
  const roomIn = /\broom in (?:an? |the )?(.+)$/i.exec(type);
  if (roomIn && (placeSortOf(roomIn[1]) === named || named === 'room')) return undefined;
  // A hotel's or a hostel's listing is a room in it.
  if (named === 'hotel' && typed === 'room') return undefined;
  return `propertyType "${type}" for "${title.slice(0, 60)}", which names a ${named === 'condo' ? 'condominium' : named === 'suite' ? 'guest suite' : named}`;
}

/** Where a listing's details contradict themselves: personCapacity 1 for a whole condominium or a "King & Twin bed" suite, a kind its name denies. */
export function detailsContradiction(d: StayDetails): string | undefined {
  const title = typeof d.title === 'string' ? d.title : '';
  const type = typeof d.propertyType === 'string' ? d.propertyType : undefined;
  const kind = type ? kindContradiction(title, type) : undefined;
  if (kind) return kind;
  const cap = d.personCapacity;
  const parts = detailsTitleParts(title);
  // The title's stars are the rating to two places ("★4.90" for 4.9), and its beds sleep the capacity, two a bed at most.
  if (parts && parts.rating !== 'New' && typeof d.rating === 'number' && Math.abs(Number(parts.rating) - d.rating) >= 0.005) return `title "★${parts.rating}" beside rating ${d.rating}`;
  if (parts && typeof cap === 'number' && cap > 2 * parts.beds) return `personCapacity ${cap} for "${title}", whose ${parts.beds} bed${parts.beds === 1 ? '' : 's'} sleep at most ${2 * parts.beds}`;
  if (typeof cap !== 'number') return undefined;
  const least = leastCapacity(title, type);
  return cap < least ? `personCapacity ${cap} for "${title.slice(0, 60)}" (${type ?? 'no type'}), which sleeps at least ${least}` : undefined;
}

/** Where a review of a listing contradicts its details: a party larger than it sleeps, a second bed in a one-guest room, a flat that is a room. */
export function reviewContradiction(text: string, d: StayDetails): string | undefined {
  const title = typeof d.title === 'string' ? d.title : '';
  const type = typeof d.propertyType === 'string' ? d.propertyType : undefined;
  const cap = typeof d.personCapacity === 'number' ? d.personCapacity : undefined;
  const party = partyIn(text);
  if (cap !== undefined && party > cap) return `a review says a party of ${party} stayed in a place for ${cap}: "${text.slice(0, 70)}"`;
  const bed = SECOND_BED.exec(text);
  // A details title counts its bedrooms and beds ("1 bedroom · 2 beds"): a second bed needs two beds, a second bedroom two bedrooms.
  const parts = detailsTitleParts(title);
  const single = parts ? (/bedroom/i.test(bed?.[0] ?? '') ? parts.bedrooms < 2 : parts.beds < 2) : /\b(1|one)[ -]?bed(room)?\b|\bstudio\b/i.test(title);
  if (bed && ((cap !== undefined && cap <= 2) || single || /room|studio/i.test(type ?? ''))) return `a review mentions a ${bed[0]} in "${title.slice(0, 50)}" (${type ?? ''}, sleeps ${cap ?? '?'})`;
  // The kind and the name both say what the place is: a review calls it a flat only where neither says otherwise.
  for (const noun of new Set([placeNoun(title, type), placeNoun(title)])) {
    if (noun && noun !== 'flat' && /\b(cosy|cozy|the) flat\b/i.test(text)) return `a review calls a ${noun} a flat: "${text.slice(0, 70)}"`;
  }
  return undefined;
}

/** The kind a rental site gives a listing its name says is this sort of place ("Hotel in Koto City" → "Room in hotel"); undefined when the name says none. */
export function kindForName(title: string): string | undefined {
  switch (placeSortOf(title)) {
    case 'room': return 'Private room';
    case 'suite': return 'Guest suite';
    case 'condo': return 'Condominium';
    case 'loft': return 'Loft';
    case 'house': return /\bhome\b/i.test(title) ? 'Entire home' : /\bguest ?house\b/i.test(title) ? 'Guest house' : 'House';
    case 'apartment': return /\brental unit\b/i.test(title) ? 'Entire rental unit' : 'Entire apartment';
    case 'hotel': return /\bhostel\b/i.test(title) ? 'Private room in hostel' : /\bboutique\b/i.test(title) ? 'Room in boutique hotel' : /\b(bed and breakfast|b&b)\b/i.test(title) ? 'Private room in bed and breakfast' : 'Room in hotel';
    default: return undefined;
  }
}

/** What a listing's name calls a place of this kind: "Room in boutique hotel" → "boutique hotel room", "Entire rental unit" → "rental unit". */
export function nameNounForKind(type: string): string {
  const roomIn = /\broom in (?:an? |the )?(.+)$/i.exec(type);
  if (roomIn) return placeSortOf(roomIn[1]) === 'hotel' ? `${roomIn[1].toLowerCase()} room` : 'private room';
  return type.replace(/^entire\s+/i, '').toLowerCase();
}
