/**
 * Districts a listing's name can put it in ("Hotel in Minato City", "Rental unit in Queens", "Cozy
 * condominium in Eiffel Tower, Paris", "Selat"), with streets of their own. T-Eval's Airbnb answers
 * name listings by their district; the simulator drew the address from the searched town's streets
 * ("4-23-16 Nishi-Shinjuku, Shinjuku, Tokyo" for the Minato hotel, "81 Mulberry Street" for the Queens
 * flat). A simulated address of a listing named for a district is in that district; the quality
 * report's simulated_listing_place_mismatch checks every simulated answer.
 */
import type { Rng } from '../rng.js';
import { distanceKm, placesNamedIn } from './places.js';
import { isTownLine } from './townLines.js';

export interface District {
  /** The district's name as an address writes it ("Minato", "Queens"). */
  name: string;
  /** How a listing's name may write it: "Minato City", "港区", "Minato". */
  names: RegExp;
  /** Words any address in the district holds (its name, a neighbourhood, a street of its own). */
  marks: RegExp;
  /** Streets of its own (none for a Tokyo ward, whose addresses name blocks). */
  streets: readonly string[];
  /** Its centre, for coordinates drawn with the address. */
  lat: number;
  lon: number;
  /** One address in the district, in its town's own order. */
  address(rng: Rng): string;
  /** The town a listing here is titled in, where the district is a landmark's surroundings ("Condo in Paris", never "in Eiffel Tower"). */
  titleTown?: string;
  /** The town it is part of, whose "Town, Region, Country" line (Airbnb's search: "Los Angeles, CA, United States") places a listing in it too. */
  inTown?: string;
}

const tokyoWard = (name: string, names: RegExp, areas: string[], lat: number, lon: number): District => ({
  name,
  names,
  marks: new RegExp(`\\b${name}\\b`),
  streets: [],
  lat,
  lon,
  address: (rng) => `${rng.int(1, 6)}-${rng.int(1, 28)}-${rng.int(1, 20)} ${rng.pick(areas)}, ${name}, Tokyo`,
});

const streetsOf = (name: string, names: RegExp, streets: string[], tail: string, lat: number, lon: number, numberAfter = false): District => ({
  name,
  names,
  streets,
  marks: new RegExp(`\\b${name}\\b|${streets.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')}`),
  lat,
  lon,
  address: (rng) => {
    const street = rng.pick(streets);
    const n = rng.int(1, 180);
    return `${numberAfter ? `${street} No. ${n}` : `${n} ${street}`}, ${tail}`;
  },
});

export const DISTRICTS: readonly District[] = [
  tokyoWard('Minato', /\bMinato(?: City| Ward)?\b|港区/, ['Roppongi', 'Akasaka', 'Azabu-Juban', 'Shibaura', 'Toranomon'], 35.6581, 139.7516),
  tokyoWard('Taito', /\bTaito(?: City| Ward)?\b|台東区/, ['Asakusa', 'Ueno', 'Yanaka', 'Kuramae'], 35.7126, 139.78),
  tokyoWard('Sumida', /\bSumida(?: City| Ward)?\b|墨田区/, ['Oshiage', 'Ryogoku', 'Kinshi', 'Mukojima'], 35.7107, 139.8015),
  tokyoWard('Koto', /\bKoto(?: City| Ward)?\b|江東区/, ['Kiyosumi', 'Monzennakacho', 'Toyosu', 'Kameido'], 35.6728, 139.8174),
  tokyoWard('Chiyoda', /\bChiyoda(?: City| Ward)?\b|千代田区/, ['Kanda', 'Marunouchi', 'Iidabashi', 'Jimbocho'], 35.694, 139.7536),
  tokyoWard('Shibuya', /\bShibuya(?: City| Ward)?\b|渋谷区/, ['Jingumae', 'Ebisu', 'Dogenzaka', 'Tomigaya'], 35.6618, 139.7041),
  tokyoWard('Shinjuku', /\bShinjuku(?: City| Ward)?\b|新宿区/, ['Nishi-Shinjuku', 'Kagurazaka', 'Yotsuya', 'Okubo'], 35.6938, 139.7034),
  streetsOf('Queens', /\bQueens\b/, ['Steinway Street', '37th Avenue', 'Queens Boulevard', 'Roosevelt Avenue', 'Vernon Boulevard', 'Ditmars Boulevard'], 'Queens, NY', 40.7282, -73.7949),
  streetsOf('Brooklyn', /\bBrooklyn\b/, ['Bedford Avenue', 'Atlantic Avenue', 'Smith Street', 'Court Street', 'Flatbush Avenue', 'Myrtle Avenue'], 'Brooklyn, NY', 40.6782, -73.9442),
  streetsOf('Miami Beach', /\bMiami Beach\b/, ['Ocean Drive', 'Collins Avenue', 'Lincoln Road', 'Washington Avenue', 'Alton Road', 'Espanola Way'], 'Miami Beach, FL', 25.7907, -80.13),
  streetsOf('Huntington Beach', /\bHuntington Beach\b/, ['Main Street', 'Pacific Coast Highway', 'Beach Boulevard', 'Goldenwest Street', 'Adams Avenue', 'Warner Avenue'], 'Huntington Beach, CA', 33.6595, -117.9988),
  streetsOf('Santa Monica', /\bSanta Monica\b/, ['Ocean Avenue', 'Montana Avenue', 'Main Street', 'Broadway', 'Wilshire Boulevard', 'Pico Boulevard'], 'Santa Monica, CA', 34.0195, -118.4912),
  { ...streetsOf('Hollywood', /\bHollywood\b(?! Road)/, ['Hollywood Boulevard', 'Vine Street', 'Franklin Avenue', 'North Highland Avenue', 'Cahuenga Boulevard'], 'Hollywood, Los Angeles', 34.0928, -118.3287), inTown: 'Los Angeles' },
  // A listing "in Eiffel Tower" is by the tower: the 7th arrondissement's streets around it, not the Rue de Rivoli.
  { ...streetsOf('Eiffel Tower', /\bEiffel Tower\b|Tour Eiffel/, ['Avenue de Suffren', 'Rue Saint-Dominique', 'Avenue Rapp', 'Rue Cler', 'Avenue de La Bourdonnais', 'Avenue Bosquet'], '75007 Paris', 48.8566, 2.2978), titleTown: 'Paris', inTown: 'Paris' },
  streetsOf('Selat', /^Selat\b|\bin Selat\b/, ['Jalan Raya Selat', 'Jalan Raya Duda', 'Jalan Raya Muncan'], 'Selat, Karangasem, Bali', -8.4286, 115.4436, true),
];

/** The district a listing's name puts it in: the place after "in"/"near" first ("Rental unit in Queens"), else any the name holds. */
export function districtNamed(name: string): District | undefined {
  const where = /\b(?:in|near|at)\s+(.+)$/i.exec(name)?.[1];
  if (where) {
    const d = DISTRICTS.find((x) => x.names.test(where.split(',')[0].trim()));
    if (d) return d;
  }
  return DISTRICTS.find((x) => x.names.test(name));
}

/** Is `address` in district `d`: does it name the district, a neighbourhood of it, or one of its streets? */
export function addressIn(address: string, d: District): boolean {
  return d.marks.test(address);
}

/**
 * A town a listing's name puts it in that neither the district table nor the place table knows
 * ("Hostel in El Prat de Llobregat", a municipality beside Barcelona): its address names that town
 * rather than a street of the town searched.
 */
export function unknownTownNamed(name: string): string | undefined {
  const where = /\bin\s+(\p{Lu}[\p{L}'’-]*(?:\s+(?:de|del|la|el|les|di|du|sur|am|an|upon|on)?\s*\p{Lu}?[\p{L}'’-]*)*)\s*(?:,|$)/u.exec(name)?.[1]?.trim();
  if (!where || districtNamed(name) || placesNamedIn(where).length || !/^\p{Lu}/u.test(where) || /\b(Street|St|Avenue|Ave|Road|Rd|Boulevard|Lane|Square|Park|Station)$/.test(where)) return undefined;
  return where;
}

/** A listing named for a district (or a town no table knows) whose address lies elsewhere: why, else undefined. */
export function listingPlaceMismatch(name: string, address: string): string | undefined {
  const d = districtNamed(name);
  // A known town the name gives and another the address gives, 10 km or more apart: "Modern condominium in San
  // Francisco" at "San Bruno, CA, United States" (teval_query_111_2, 114_2).
  const named = !d ? placesNamedIn(/\bin\s+([^,·]+?)\s*(?:,.*)?$/.exec(name)?.[1] ?? '')[0] : undefined;
  const at = named ? placesNamedIn(address).find((p) => distanceKm(p, named) >= 10) : undefined;
  if (named && at && !placesNamedIn(address).some((p) => distanceKm(p, named) < 10)) return `"${name}" is at "${address}", in ${at.name}, not ${named.name}`;
  if (!d) {
    const town = unknownTownNamed(name);
    return town && !address.toLowerCase().includes(town.toLowerCase()) ? `"${name}" is at "${address}", outside ${town}` : undefined;
  }
  if (addressIn(address, d)) return undefined;
  // "Los Angeles, CA, United States" for a listing in Hollywood: the line names the town the district is part of.
  if (d.inTown && isTownLine(address) && address.split(', ')[0] === d.inTown) return undefined;
  return `"${name}" is at "${address}", outside ${d.name}`;
}

/** Is `street` one of the own streets of a district `text` names ("Steinway Street" in "12 Steinway Street, Queens, NY")? */
export function districtStreetIn(street: string, text: string): boolean {
  return DISTRICTS.some((d) => new RegExp(`\\b${d.name}\\b`).test(text) && d.streets.some((s) => s.includes(street) || street.includes(s)));
}
