/**
 * Real places the source tasks name, at their real addresses. T-Eval's runs found them ("Hilton New
 * York Times Square" near Times Square, "The Frederick Hotel" in Tribeca) and its plans copy their
 * names into later steps, so a simulated list must hold them; drawn onto the town's street table they
 * landed anywhere ("Hilton New York Times Square" at "96 Madison Avenue", "Le Bernardin" at "137
 * Mulberry Street"), a false fact anyone can look up. The addresses are the ones T-Eval's recorded
 * answers give where they give one (the first five), else the venue's own published address.
 */
import { isRealSightAddress } from './realSights.js';
import { isRecordedPlaceAddress } from './recordedNearby.js';

export interface RealVenue {
  name: string;
  address: string;
}

const VENUES: RealVenue[] = [
  // Recorded by T-Eval (BINGMap.search_nearby, hotels near Times Square).
  { name: 'Hilton New York Times Square', address: '234 W 42nd St, New York, NY, 10036' },
  { name: 'casablanca hotel', address: '147 W 43rd St, New York, NY, 10036' },
  { name: 'New York Marriott Marquis', address: '1535 Broadway, New York, NY, 10036' },
  { name: 'Hyatt Centric Times Square New York', address: '135 W 45th St, New York, NY, 10036' },
  { name: 'Hotel Mela Times Square', address: '120 W 44th St, New York, NY, 10036' },
  // Named by T-Eval's plans (search terms, slide bullets, routes) without a recorded address.
  { name: 'W New York - Times Square', address: '1567 Broadway, New York, NY, 10036' },
  { name: 'Le Bernardin', address: '155 W 51st St, New York, NY, 10019' },
  { name: 'Eleven Madison Park', address: '11 Madison Ave, New York, NY, 10010' },
  { name: 'Gramercy Tavern', address: '42 E 20th St, New York, NY, 10003' },
  { name: 'The Frederick Hotel', address: '95 West Broadway, New York, NY, 10007' },
  { name: 'The Beekman, a Thompson Hotel', address: '123 Nassau St, New York, NY, 10038' },
  { name: 'Four Seasons Hotel New York Downtown', address: '27 Barclay St, New York, NY, 10007' },
  { name: 'Millennium Downtown New York', address: '55 Church St, New York, NY, 10007' },
  { name: 'Smyth Tribeca', address: '85 West Broadway, New York, NY, 10007' },
  { name: 'The Odeon', address: '145 West Broadway, New York, NY, 10013' },
  { name: "Bubby's", address: '120 Hudson St, New York, NY, 10013' },
  { name: 'Benares', address: '45 Murray St, New York, NY, 10007' },
  { name: 'Tamarind Tribeca', address: '99 Hudson St, New York, NY, 10013' },
  { name: 'The Capital Grille', address: '120 Broadway, New York, NY, 10271' },
  { name: 'Renaissance New York Times Square Hotel', address: '714 7th Ave, New York, NY, 10036' },
  { name: 'Sofitel New York', address: '45 W 44th St, New York, NY, 10036' },
  { name: 'Lassen & Hennigs', address: '114 Montague St, Brooklyn, NY, 11201' },
  // Famous doors on the streets the simulator draws New York's addresses on (streets.ts): a made-up
  // place is never put at them ("Sage Tavern" at "11 Madison Avenue" would be Eleven Madison Park's).
  { name: 'One Madison', address: '1 Madison Ave, New York, NY, 10010' },
  { name: 'The Algonquin Hotel', address: '59 W 44th St, New York, NY, 10036' },
  { name: 'Belasco Theatre', address: '111 W 44th St, New York, NY, 10036' },
  { name: 'Shubert Theatre', address: '225 W 44th St, New York, NY, 10036' },
  { name: 'Majestic Theatre', address: '245 W 44th St, New York, NY, 10036' },
  { name: 'The Bitter End', address: '147 Bleecker St, New York, NY, 10012' },
  { name: "Umberto's Clam House", address: '132 Mulberry St, New York, NY, 10013' },
];

const BY_NAME = new Map(VENUES.map((v) => [v.name.toLowerCase(), v]));

const ADDRESSES = new Set(VENUES.map((v) => v.address));

/** An address that is a real venue's own ("234 W 42nd St, New York, NY, 10036"): a fact, on whatever street the town's table lacks. */
export function isRealVenueAddress(address: string): boolean {
  return ADDRESSES.has(address.trim()) || isRealSightAddress(address) || isRecordedPlaceAddress(address);
}

/** The real venue a place record's name is, if the table knows it. */
export function realVenue(name: string): RealVenue | undefined {
  return BY_NAME.get(name.trim().toLowerCase());
}

/** "234 W 42nd St, New York" → "234 w 42nd": house number and street, abbreviations aside, for comparing two writings of one address. */
function streetKey(address: string): string {
  return address
    .split(',')[0]
    .toLowerCase()
    .replace(/\bwest\b/g, 'w')
    .replace(/\beast\b/g, 'e')
    .replace(/\b(street|st|avenue|ave|road|rd|boulevard|blvd)\b\.?/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The house number and street of an address as the venue table compares them ("234 w 42nd"); undefined for an address with no house number first. */
export function venueAddressKey(address: string): string | undefined {
  return /^\s*\d/.test(address) ? streetKey(address) : undefined;
}

const BY_ADDRESS = new Map(VENUES.map((v) => [streetKey(v.address), v]));

/**
 * The real venue at an address, when the table knows one there: a made-up place is never drawn at it.
 * The town is not compared: every venue of the table is in New York, and an address naming another
 * town ("11 Madison Avenue, Chicago") is no venue's.
 */
export function venueAtAddress(address: string): RealVenue | undefined {
  const key = venueAddressKey(address);
  const venue = key ? BY_ADDRESS.get(key) : undefined;
  const town = address.split(',').slice(1).join(',').trim();
  const inTown = !town || /^(?:new york|nyc|manhattan)\b/i.test(town) || (/brooklyn/i.test(venue?.address ?? '') && /^brooklyn\b/i.test(town));
  return venue && inTown ? venue : undefined;
}

/** A place record naming a real venue at another address than its own: why, else null; undefined when the name is no known venue. */
export function venueMisplaced(name: string, address: string): string | null | undefined {
  const venue = realVenue(name);
  if (!venue) return undefined;
  return streetKey(address) === streetKey(venue.address) ? null : `"${name}" at "${address}", where it stands at "${venue.address}"`;
}

/**
 * Each place record of an answer's lists that names a real venue takes the venue's address, unless
 * a later step copies the drawn address (`carried`): then the source's run wrote it and it stays.
 */
export function venuesAtRealAddresses(answer: unknown, carried: (v: unknown) => boolean): void {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return;
  for (const list of Object.values(answer as Record<string, unknown>)) {
    if (!Array.isArray(list)) continue;
    for (const rec of list) {
      if (!rec || typeof rec !== 'object' || Array.isArray(rec)) continue;
      const r = rec as Record<string, unknown>;
      if (typeof r.name !== 'string' || typeof r.address !== 'string' || carried(r.address)) continue;
      const venue = realVenue(r.name);
      if (venue && venueMisplaced(r.name, r.address)) r.address = venue.address;
    }
  }
}

/**
 * Each made-up place of an answer's lists at a door of its own: a numbered address another place of
 * the list already has, or a real venue's (venueAtAddress), moves two numbers along the same side of
 * its street until it is free. Real venues and addresses a later step copies (`carried`) stay.
 */
export function madeUpPlacesAtOwnDoors(answer: unknown, carried: (v: unknown) => boolean): void {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return;
  for (const list of Object.values(answer as Record<string, unknown>)) {
    if (!Array.isArray(list)) continue;
    const records = list.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && !Array.isArray(r) && typeof (r as Record<string, unknown>).address === 'string');
    const taken = new Set<string>();
    // Fixed doors first (a real venue, a copied address): the made-up places make way for them.
    const fixed = (r: Record<string, unknown>) => (typeof r.name === 'string' && !!realVenue(r.name)) || carried(r.address);
    for (const r of records.filter(fixed)) taken.add(venueAddressKey(r.address as string) ?? '');
    for (const r of records.filter((x) => !fixed(x))) {
      let address = r.address as string;
      const free = (a: string) => {
        const key = venueAddressKey(a);
        return !key || (!taken.has(key) && !venueAtAddress(a));
      };
      for (let tries = 0; tries < 50 && !free(address); tries++) address = address.replace(/^(\s*)(\d+)/, (_m, sp: string, n: string) => `${sp}${Number(n) + 2}`);
      r.address = address;
      const key = venueAddressKey(address);
      if (key) taken.add(key);
    }
  }
}
