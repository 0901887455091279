/**
 * Airbnb's property details title. T-Eval recorded every get_property_details title as the site
 * writes it: "Home in Monterey Park · ★4.79 · 1 bedroom · 1 bed · 1 shared bath" — the kind of
 * place, the town, the rating, the rooms, beds and baths — while the search lists the host's own
 * name for the listing ("clean warm quiet otaku private room"). The simulator repeated the search's
 * name as the title ("Cozy condominium in Bali"), a shape no recorded answer has (253 cases on g0).
 * A simulated title of such an API is written in the recorded shape, from the drawn record itself:
 * its propertyType names the kind, its rating the stars, its capacity the beds.
 */
import type { Rng } from '../rng.js';

/** The parts of a details title. `rating` is as written after the star ("4.79", "New"). */
export interface DetailsTitle {
  kind: string;
  town: string;
  rating: string;
  /** Bedrooms; 0 for a studio. */
  bedrooms: number;
  beds: number;
  baths: number;
  /** What the title says of the baths: "shared", "private" or nothing. */
  bath: '' | 'shared' | 'private';
}

const TITLE = /^(.+?) in (.+?) · ★(New|\d+(?:\.\d+)?) · (Studio|(\d+) bedrooms?) · (\d+) beds? · (\d+(?:\.\d+)?) (?:(shared|private) )?(?:half-)?baths?$/;

/** The parts of a title written as Airbnb's details write it; undefined for any other text. */
export function detailsTitleParts(title: string): DetailsTitle | undefined {
  const m = TITLE.exec(title.trim());
  if (!m) return undefined;
  return { kind: m[1], town: m[2], rating: m[3], bedrooms: m[4] === 'Studio' ? 0 : Number(m[5]), beds: Number(m[6]), baths: Number(m[7]), bath: (m[8] ?? '') as DetailsTitle['bath'] };
}

/** The title the parts write ("Rental unit in Queens · ★4.81 · 1 bedroom · 1 bed · 1 bath"). */
export function detailsTitle(t: DetailsTitle): string {
  const n = (k: number, word: string) => `${k} ${word}${k === 1 ? '' : 's'}`;
  return [`${t.kind} in ${t.town}`, `★${t.rating}`, t.bedrooms === 0 ? 'Studio' : n(t.bedrooms, 'bedroom'), n(t.beds, 'bed'), n(t.baths, t.bath ? `${t.bath} bath` : 'bath')].join(' · ');
}

/** Do the recorded titles (two at least) all take the details shape? */
export function recordedDetailsTitles(titles: readonly unknown[]): boolean {
  return titles.length >= 2 && titles.every((t) => typeof t === 'string' && detailsTitleParts(t) !== undefined);
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The kind a details title names for a propertyType, as the recordings pair them: "Private room in
 * home" → "Home", "Shared room in hotel" → "Hotel", "Entire rental unit" → "Rental unit", "Entire
 * cabin" → "Cabin"; a bare "Private room" → "Room".
 */
export function titleKindFor(propertyType: string): string {
  const type = propertyType.trim();
  const roomIn = /\broom in (?:an? |the )?(.+)$/i.exec(type);
  if (roomIn) return capital(roomIn[1].trim().toLowerCase());
  if (/^(private |shared )?room$/i.test(type)) return 'Room';
  // A kind written with a town ("Rental unit in New York") names the kind before it.
  const bare = type.replace(/^entire\s+/i, '').replace(/\s+in\s+.+$/i, '').trim().toLowerCase();
  if (/^(house|home)$/.test(bare)) return 'Home';
  if (/^condo(minium)?$/.test(bare)) return 'Condo';
  if (/^apartment$/.test(bare)) return 'Rental unit';
  return capital(bare || 'home');
}

/** How a kind's baths are written: a room in a home or a hostel shares them, a hotel room has its own, a whole place just has them. */
function bathOf(type: string, kind: string): DetailsTitle['bath'] {
  if (/\bhotel\b/i.test(type) || /\bhotel\b/i.test(kind)) return /\bshared room\b/i.test(type) ? 'shared' : 'private';
  if (/\broom\b/i.test(type) || /^room$/i.test(kind) || /\bhostel\b/i.test(kind)) return 'shared';
  return '';
}

/** Is it a whole place (the guest has it), not a room in one? */
export function wholePlace(type: string, kind: string): boolean {
  return !/\broom\b/i.test(type) && !/^(room|hotel|boutique hotel|hostel|bed and breakfast)$/i.test(kind);
}

/** The bedrooms a listing's own name counts ("2 bedroom apartment", "three-bedroom villa"); undefined when it names none. */
export function bedroomsNamed(name: string): number | undefined {
  const words: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
  const m = /\b(\d|one|two|three|four|five|six)[ -]?(?:bedrooms?|br|bd)\b/i.exec(name);
  return m ? (words[m[1].toLowerCase()] ?? Number(m[1])) : undefined;
}

export interface DrawnStay {
  /** The name the search listed it under ("Suite in DTLA w/ King & Twin bed, full kitchen"): its words count bedrooms or say studio. */
  name: string;
  town: string;
  propertyType: string;
  personCapacity: number;
  rating?: number;
  /** Review texts the trajectory shows of it: a second bedroom or a sofa bed they mention is there. */
  reviews?: readonly string[];
}

/**
 * A details title for a drawn listing, agreeing with the rest of its record: the kind its
 * propertyType names, the rating to two places ("★4.90" for 4.9), beds enough for its capacity
 * (a bed sleeps two at most) and no more than one a guest, a bedroom per bed or two, one bedroom in
 * a room, the bedrooms its name counts.
 */
export function drawDetailsTitle(stay: DrawnStay, rng: Rng): string {
  const kind = titleKindFor(stay.propertyType);
  const whole = wholePlace(stay.propertyType, kind);
  const cap = Math.max(1, Math.round(stay.personCapacity));
  const reviews = (stay.reviews ?? []).join(' ');
  const need = Math.ceil(cap / 2);
  let bedrooms: number;
  let beds: number;
  let baths: number;
  if (!whole) {
    bedrooms = 1;
    beds = cap <= 2 ? 1 : need;
    baths = /hostel/i.test(kind) ? rng.int(2, 4) : 1;
  } else {
    const named = bedroomsNamed(stay.name);
    const studio = named === undefined && /\bstudio\b/i.test(stay.name);
    // A whole place sleeps at least one more than its bedrooms (stays.ts leastCapacity): at most cap - 1 of them.
    bedrooms = studio ? 0 : (named ?? Math.min(Math.max(1, cap - 1), Math.max(1, need - rng.int(0, 1))));
    if (/\bsecond bedroom\b/i.test(reviews)) bedrooms = Math.max(bedrooms, 2);
    const lo = Math.max(need, bedrooms, /\b(second bed|bunk beds|sofa bed)\b/i.test(reviews) ? 2 : 1);
    beds = rng.int(lo, Math.max(lo, Math.min(cap, bedrooms + 1)));
    baths = bedrooms <= 2 ? 1 : rng.int(1, bedrooms - 1);
  }
  const rating = typeof stay.rating === 'number' && Number.isFinite(stay.rating) ? stay.rating.toFixed(2) : 'New';
  return detailsTitle({ kind, town: stay.town, rating, bedrooms, beds, baths, bath: bathOf(stay.propertyType, kind) });
}

/**
 * The town a details title names for a listing the search put at `address` under `name`: the
 * address's town ("Monterey Park, CA, United States" → Monterey Park; "54 37th Avenue, Queens, NY" →
 * Queens), the name's own district when it names the address's ("Hotel in Koto City" at "…, Koto,
 * Tokyo"), else the place the name or the search says.
 */
export function townFor(name: string, address: string | undefined, place: string | undefined): string | undefined {
  const named = / in ([^,·]+?)\s*(?:,.*)?$/i.exec(name)?.[1]?.trim();
  // A postal code before the town is no part of its name ("75007 Paris" is Paris).
  const parts = (address ?? '').split(',').map((p) => p.trim().replace(/^\d{4,5}\s+(?=\p{L})/u, '')).filter(Boolean);
  // The first part no digit writes, past a street ("Jalan Kayu Aya No. 119"), never a state's code ("NY").
  const town = parts.find((p, i) => !/\d/.test(p) && !/^[A-Z]{2}$/.test(p) && !(i === 0 && parts.length > 1 && /\b(street|st|avenue|ave|road|rd|jalan|calle|carrer|rue|boulevard|blvd|lane|drive)\b/i.test(p)));
  if (named && town && named.toLowerCase().startsWith(town.toLowerCase())) return named;
  return town ?? named ?? place;
}
