/**
 * Real sights of the towns the source tasks tour, at their published addresses and where they stand.
 * A map asked for "attractions" within 1 km of the Eiffel Tower answers with the Champ de Mars and the
 * Musée du quai Branly; drawn ones ("Hartley Memorial Park", "Castillo Museum of Art" on the Rue
 * Saint-Dominique) read as made up to anyone who has been there, and a model passing them on repeats
 * a false fact. Restaurants and hotels stay drawn (a town has thousands, none the task's answer
 * depends on); sights are few, famous and known, so a search for them lists the real ones near its
 * centre. Addresses as the venues publish them, in the recorded answers' form for the United States
 * ("11 W 53rd St, New York, NY, 10019") and the town's own elsewhere ("37 Quai Branly, 75007 Paris").
 */
import { distanceKm, placesNamedIn } from './places.js';

export type SightKind = 'museum' | 'landmark' | 'park' | 'campground' | 'beach';

/**
 * Kinds a region has few of, all known: Yosemite's campgrounds (the park runs thirteen), Bali's beaches
 * (none in its hill country, 10 km and more from the sea). Where the table covers a kind, a search for it lists
 * the real ones within its reach or none: "Saffron Ridge Campsite" on Southside Drive (teval_query_321_2)
 * and "Granite Beach" in Tampaksiring, 15 km from the sea (91_2), are places no map has.
 */
const COVERED: { kind: SightKind; lat: number; lon: number; km: number }[] = [
  { kind: 'campground', lat: 37.8, lon: -119.55, km: 20 }, // Yosemite National Park, short of El Portal's and Groveland's private ones
  { kind: 'beach', lat: -8.45, lon: 115.3, km: 12 }, // Bali's hill country (Ubud, Tegallalang, Tampaksiring), 10 km and more from the sea
];

export interface RealSight {
  name: string;
  address: string;
  lat: number;
  lon: number;
  kinds: readonly SightKind[];
  /**
   * Where a park that spreads over many blocks is entered, for one whose middle is far from its
   * edges: Central Park's point is at 79th Street, but its Artists' Gate is across Central Park
   * South from the Ritz-Carlton. A search or a drive reaches it at the gate nearest where it comes from.
   */
  gates?: readonly { name: string; lat: number; lon: number }[];
}

const SIGHTS: RealSight[] = [
  // Paris, the best known first (a search of the whole town lists them in this order).
  { name: 'Eiffel Tower', address: 'Champ de Mars, 5 Avenue Anatole France, 75007 Paris', lat: 48.8584, lon: 2.2945, kinds: ['landmark'] },
  { name: 'Louvre Museum', address: 'Rue de Rivoli, 75001 Paris', lat: 48.8606, lon: 2.3376, kinds: ['museum', 'landmark'] },
  { name: 'Notre-Dame de Paris', address: '6 Parvis Notre-Dame - Place Jean-Paul II, 75004 Paris', lat: 48.853, lon: 2.3499, kinds: ['landmark'] },
  { name: 'Arc de Triomphe', address: 'Place Charles de Gaulle, 75008 Paris', lat: 48.8738, lon: 2.295, kinds: ['landmark'] },
  { name: 'Sacré-Cœur', address: '35 Rue du Chevalier de la Barre, 75018 Paris', lat: 48.8867, lon: 2.3431, kinds: ['landmark'] },
  { name: "Musée d'Orsay", address: "1 Rue de la Légion d'Honneur, 75007 Paris", lat: 48.86, lon: 2.3266, kinds: ['museum'] },
  { name: 'Les Invalides', address: '129 Rue de Grenelle, 75007 Paris', lat: 48.8566, lon: 2.3125, kinds: ['landmark', 'museum'] },
  { name: 'Centre Pompidou', address: 'Place Georges-Pompidou, 75004 Paris', lat: 48.8606, lon: 2.3522, kinds: ['museum'] },
  { name: 'Sainte-Chapelle', address: '10 Boulevard du Palais, 75001 Paris', lat: 48.8554, lon: 2.345, kinds: ['landmark'] },
  { name: 'Jardin du Luxembourg', address: 'Rue de Médicis, 75006 Paris', lat: 48.8462, lon: 2.3372, kinds: ['park'] },
  { name: 'Musée Rodin', address: '77 Rue de Varenne, 75007 Paris', lat: 48.8553, lon: 2.3158, kinds: ['museum'] },
  { name: 'Palais de Chaillot', address: '1 Place du Trocadéro et du 11 Novembre, 75016 Paris', lat: 48.8625, lon: 2.2881, kinds: ['landmark', 'museum'] },
  { name: 'Champ de Mars', address: '2 Allée Adrienne Lecouvreur, 75007 Paris', lat: 48.8556, lon: 2.2986, kinds: ['park'] },
  { name: 'Musée du quai Branly - Jacques Chirac', address: '37 Quai Branly, 75007 Paris', lat: 48.8609, lon: 2.2976, kinds: ['museum'] },
  { name: 'Jardins du Trocadéro', address: 'Place de Varsovie, 75016 Paris', lat: 48.8616, lon: 2.2893, kinds: ['park'] },
  { name: 'Aquarium de Paris', address: '5 Avenue Albert de Mun, 75016 Paris', lat: 48.8625, lon: 2.2916, kinds: ['museum'] },
  { name: 'Jardin des Tuileries', address: 'Place de la Concorde, 75001 Paris', lat: 48.8634, lon: 2.3275, kinds: ['park'] },
  { name: 'Parc Monceau', address: '35 Boulevard de Courcelles, 75008 Paris', lat: 48.8797, lon: 2.309, kinds: ['park'] },
  { name: 'Jardin du Palais Royal', address: '8 Rue de Montpensier, 75001 Paris', lat: 48.865, lon: 2.3376, kinds: ['park'] },
  { name: 'Jardin des Plantes', address: '57 Rue Cuvier, 75005 Paris', lat: 48.844, lon: 2.3596, kinds: ['park'] },
  { name: 'Parc des Buttes-Chaumont', address: '1 Rue Botzaris, 75019 Paris', lat: 48.8809, lon: 2.3828, kinds: ['park'] },
  // New York: Midtown and around Central Park.
  { name: 'Museum of Modern Art', address: '11 W 53rd St, New York, NY, 10019', lat: 40.7614, lon: -73.9776, kinds: ['museum'] },
  { name: 'Carnegie Hall', address: '881 7th Ave, New York, NY, 10019', lat: 40.7651, lon: -73.9799, kinds: ['landmark'] },
  { name: 'Museum of Arts and Design', address: '2 Columbus Circle, New York, NY, 10019', lat: 40.7673, lon: -73.9822, kinds: ['museum'] },
  { name: 'Rockefeller Center', address: '45 Rockefeller Plaza, New York, NY, 10111', lat: 40.7587, lon: -73.9787, kinds: ['landmark'] },
  { name: "St. Patrick's Cathedral", address: '5th Ave, New York, NY, 10022', lat: 40.7585, lon: -73.976, kinds: ['landmark'] },
  { name: 'Grand Central Terminal', address: '89 E 42nd St, New York, NY, 10017', lat: 40.7527, lon: -73.9772, kinds: ['landmark'] },
  { name: 'New York Public Library', address: '476 5th Ave, New York, NY, 10018', lat: 40.7532, lon: -73.9822, kinds: ['landmark'] },
  { name: 'Empire State Building', address: '20 W 34th St, New York, NY, 10001', lat: 40.7484, lon: -73.9857, kinds: ['landmark'] },
  { name: 'The Morgan Library & Museum', address: '225 Madison Ave, New York, NY, 10016', lat: 40.7492, lon: -73.9812, kinds: ['museum'] },
  { name: 'Intrepid Museum', address: 'Pier 86, W 46th St, New York, NY, 10036', lat: 40.7645, lon: -73.9996, kinds: ['museum'] },
  { name: 'The Frick Collection', address: '1 E 70th St, New York, NY, 10021', lat: 40.7712, lon: -73.9671, kinds: ['museum'] },
  { name: 'The Metropolitan Museum of Art', address: '1000 5th Ave, New York, NY, 10028', lat: 40.7794, lon: -73.9632, kinds: ['museum', 'landmark'] },
  { name: 'American Museum of Natural History', address: '200 Central Park West, New York, NY, 10024', lat: 40.7813, lon: -73.974, kinds: ['museum', 'landmark'] },
  { name: 'Belvedere Castle', address: 'Central Park, 79th St Transverse, New York, NY, 10024', lat: 40.7794, lon: -73.9691, kinds: ['landmark'] },
  { name: "Cleopatra's Needle", address: 'East Dr at 81st St, Central Park, New York, NY, 10028', lat: 40.7797, lon: -73.9654, kinds: ['landmark'] },
  { name: 'Bethesda Terrace', address: 'Central Park, 72nd St Transverse, New York, NY, 10023', lat: 40.774, lon: -73.9712, kinds: ['landmark'] },
  { name: 'Solomon R. Guggenheim Museum', address: '1071 5th Ave, New York, NY, 10128', lat: 40.783, lon: -73.959, kinds: ['museum', 'landmark'] },
  // Manhattan's parks, as NYC Parks places them.
  {
    name: 'Central Park', address: 'Central Park, New York, NY, 10024', lat: 40.7829, lon: -73.9654, kinds: ['park', 'landmark'],
    gates: [
      { name: "Artists' Gate", lat: 40.7654, lon: -73.9762 }, // Central Park South at Sixth Avenue
      { name: "Scholars' Gate", lat: 40.7649, lon: -73.9727 }, // Fifth Avenue at 60th Street, by Grand Army Plaza
      { name: "Merchants' Gate", lat: 40.7681, lon: -73.9813 }, // Columbus Circle
      { name: "Women's Gate", lat: 40.7763, lon: -73.9767 }, // Central Park West at 72nd Street
      { name: "Inventors' Gate", lat: 40.7722, lon: -73.967 }, // Fifth Avenue at 72nd Street
      { name: "Hunters' Gate", lat: 40.7822, lon: -73.9718 }, // Central Park West at 81st Street
      { name: "Engineers' Gate", lat: 40.7845, lon: -73.9578 }, // Fifth Avenue at 90th Street
      { name: "Strangers' Gate", lat: 40.7986, lon: -73.9602 }, // Central Park West at 106th Street
      { name: "Pioneers' Gate", lat: 40.7967, lon: -73.9494 }, // Fifth Avenue at 110th Street
    ],
  },
  { name: 'Bryant Park', address: '6th Ave & W 42nd St, New York, NY, 10018', lat: 40.7536, lon: -73.9832, kinds: ['park'] },
  { name: 'Paley Park', address: '3 E 53rd St, New York, NY, 10022', lat: 40.7603, lon: -73.9761, kinds: ['park'] },
  { name: "Hell's Kitchen Park", address: '10th Ave & W 48th St, New York, NY, 10036', lat: 40.7626, lon: -73.9917, kinds: ['park'] },
  { name: 'Greenacre Park', address: '217 E 51st St, New York, NY, 10022', lat: 40.7565, lon: -73.9694, kinds: ['park'] },
  { name: 'DeWitt Clinton Park', address: '11th Ave & W 52nd St, New York, NY, 10019', lat: 40.7668, lon: -73.9921, kinds: ['park'] },
  { name: 'The High Line', address: 'Gansevoort St to W 34th St, New York, NY, 10011', lat: 40.748, lon: -74.0048, kinds: ['park', 'landmark'] },
  { name: 'Madison Square Park', address: 'Madison Ave & E 23rd St, New York, NY, 10010', lat: 40.742, lon: -73.9877, kinds: ['park'] },
  { name: 'Gramercy Park', address: 'Gramercy Park, New York, NY, 10003', lat: 40.7382, lon: -73.9862, kinds: ['park'] },
  { name: 'Union Square Park', address: 'E 14th St & Broadway, New York, NY, 10003', lat: 40.7359, lon: -73.9911, kinds: ['park'] },
  { name: 'Stuyvesant Square', address: '2nd Ave & E 16th St, New York, NY, 10003', lat: 40.7337, lon: -73.9837, kinds: ['park'] },
  { name: 'Washington Square Park', address: 'Washington Square, New York, NY, 10012', lat: 40.7308, lon: -73.9973, kinds: ['park'] },
  { name: 'Tompkins Square Park', address: 'Avenue A & E 10th St, New York, NY, 10009', lat: 40.7265, lon: -73.9815, kinds: ['park'] },
  { name: 'Carl Schurz Park', address: 'East End Ave & E 86th St, New York, NY, 10028', lat: 40.7752, lon: -73.9441, kinds: ['park'] },
  { name: 'Battery Park', address: 'State St & Battery Pl, New York, NY, 10004', lat: 40.7033, lon: -74.017, kinds: ['park'] },
  // Los Angeles: Hollywood and the Miracle Mile.
  { name: 'TCL Chinese Theatre', address: '6925 Hollywood Blvd, Los Angeles, CA, 90028', lat: 34.1022, lon: -118.3409, kinds: ['landmark'] },
  { name: 'Dolby Theatre', address: '6801 Hollywood Blvd, Los Angeles, CA, 90028', lat: 34.1027, lon: -118.3404, kinds: ['landmark'] },
  { name: 'The Hollywood Museum', address: '1660 N Highland Ave, Los Angeles, CA, 90028', lat: 34.1007, lon: -118.3385, kinds: ['museum'] },
  { name: 'Pantages Theatre', address: '6233 Hollywood Blvd, Los Angeles, CA, 90028', lat: 34.1018, lon: -118.3253, kinds: ['landmark'] },
  { name: 'Capitol Records Building', address: '1750 Vine St, Los Angeles, CA, 90028', lat: 34.1032, lon: -118.3265, kinds: ['landmark'] },
  // Within 1 km of Hollywood and Vine, so five sights answer "the five closest" there (teval_query_107_2 listed two on int29's m1).
  { name: 'Hollywood Palladium', address: '6215 Sunset Blvd, Los Angeles, CA, 90028', lat: 34.0983, lon: -118.3243, kinds: ['landmark'] },
  { name: 'Avalon Hollywood', address: '1735 Vine St, Los Angeles, CA, 90028', lat: 34.1029, lon: -118.3271, kinds: ['landmark'] },
  { name: 'Egyptian Theatre', address: '6712 Hollywood Blvd, Los Angeles, CA, 90028', lat: 34.1016, lon: -118.3366, kinds: ['landmark'] },
  { name: 'Musso & Frank Grill', address: '6667 Hollywood Blvd, Los Angeles, CA, 90028', lat: 34.1017, lon: -118.3350, kinds: ['landmark'] },
  { name: 'Amoeba Music', address: '6200 Hollywood Blvd, Los Angeles, CA, 90028', lat: 34.1016, lon: -118.3247, kinds: ['landmark'] },
  { name: 'Hollywood Bowl', address: '2301 N Highland Ave, Los Angeles, CA, 90068', lat: 34.1122, lon: -118.3391, kinds: ['landmark'] },
  { name: 'Griffith Observatory', address: '2800 E Observatory Rd, Los Angeles, CA, 90027', lat: 34.1184, lon: -118.3004, kinds: ['landmark', 'museum'] },
  { name: 'Hollywood Forever Cemetery', address: '6000 Santa Monica Blvd, Los Angeles, CA, 90038', lat: 34.0906, lon: -118.3197, kinds: ['landmark'] },
  { name: 'La Brea Tar Pits', address: '5801 Wilshire Blvd, Los Angeles, CA, 90036', lat: 34.0638, lon: -118.3556, kinds: ['museum'] },
  { name: 'Los Angeles County Museum of Art', address: '5905 Wilshire Blvd, Los Angeles, CA, 90036', lat: 34.0639, lon: -118.3592, kinds: ['museum'] },
  { name: 'Griffith Park', address: '4730 Crystal Springs Dr, Los Angeles, CA, 90027', lat: 34.1366, lon: -118.2942, kinds: ['park'] },
  { name: 'Barnsdall Art Park', address: '4800 Hollywood Blvd, Los Angeles, CA, 90027', lat: 34.1002, lon: -118.2944, kinds: ['park'] },
  { name: 'Runyon Canyon Park', address: '2000 N Fuller Ave, Los Angeles, CA, 90046', lat: 34.1061, lon: -118.3494, kinds: ['park'] },
  { name: 'Pan Pacific Park', address: '7600 Beverly Blvd, Los Angeles, CA, 90036', lat: 34.0753, lon: -118.3543, kinds: ['park'] },
  { name: 'Lake Hollywood Park', address: '3160 N Canyon Dr, Los Angeles, CA, 90068', lat: 34.1268, lon: -118.3244, kinds: ['park'] },
  // Yosemite's campgrounds, as the National Park Service lists them (the park's postal town is Yosemite National Park, CA 95389).
  { name: 'Upper Pines Campground', address: 'Southside Dr, Yosemite National Park, CA, 95389', lat: 37.7356, lon: -119.5627, kinds: ['campground'] },
  { name: 'Lower Pines Campground', address: 'Southside Dr, Yosemite National Park, CA, 95389', lat: 37.7401, lon: -119.5658, kinds: ['campground'] },
  { name: 'North Pines Campground', address: 'Northside Dr, Yosemite National Park, CA, 95389', lat: 37.7426, lon: -119.5649, kinds: ['campground'] },
  { name: 'Camp 4', address: 'Northside Dr, Yosemite National Park, CA, 95389', lat: 37.7424, lon: -119.6017, kinds: ['campground'] },
  { name: 'Wawona Campground', address: 'Wawona Rd, Wawona, CA, 95389', lat: 37.5445, lon: -119.6717, kinds: ['campground'] },
  { name: 'Bridalveil Creek Campground', address: 'Glacier Point Rd, Yosemite National Park, CA, 95389', lat: 37.6631, lon: -119.6222, kinds: ['campground'] },
  { name: 'Hodgdon Meadow Campground', address: 'Big Oak Flat Rd, Groveland, CA, 95321', lat: 37.7989, lon: -119.8662, kinds: ['campground'] },
  { name: 'Crane Flat Campground', address: 'Big Oak Flat Rd, Groveland, CA, 95321', lat: 37.754, lon: -119.8021, kinds: ['campground'] },
  { name: 'Tamarack Flat Campground', address: 'Tamarack Flat Rd, Groveland, CA, 95321', lat: 37.7514, lon: -119.7371, kinds: ['campground'] },
  { name: 'White Wolf Campground', address: 'White Wolf Rd, Yosemite National Park, CA, 95389', lat: 37.8702, lon: -119.6493, kinds: ['campground'] },
  { name: 'Yosemite Creek Campground', address: 'Yosemite Creek Campground Rd, Yosemite National Park, CA, 95389', lat: 37.8267, lon: -119.5995, kinds: ['campground'] },
  { name: 'Porcupine Flat Campground', address: 'Tioga Rd, Yosemite National Park, CA, 95389', lat: 37.8077, lon: -119.5656, kinds: ['campground'] },
  { name: 'Tuolumne Meadows Campground', address: 'Tioga Rd, Yosemite National Park, CA, 95389', lat: 37.8733, lon: -119.3586, kinds: ['campground'] },
  // Bali's beaches, on its southern and eastern coasts (Tampaksiring and Ubud, in the hills, have none within 10 km).
  { name: 'Kuta Beach', address: 'Jl. Pantai Kuta, Kuta, Badung Regency, Bali 80361', lat: -8.7181, lon: 115.1686, kinds: ['beach'] },
  { name: 'Legian Beach', address: 'Jl. Padma, Legian, Kuta, Badung Regency, Bali 80361', lat: -8.705, lon: 115.166, kinds: ['beach'] },
  { name: 'Double Six Beach', address: 'Jl. Arjuna, Legian, Kuta, Badung Regency, Bali 80361', lat: -8.6975, lon: 115.1625, kinds: ['beach'] },
  { name: 'Seminyak Beach', address: 'Jl. Camplung Tanduk, Seminyak, Kuta, Badung Regency, Bali 80361', lat: -8.691, lon: 115.156, kinds: ['beach'] },
  { name: 'Batu Bolong Beach', address: 'Jl. Pantai Batu Bolong, Canggu, Kuta Utara, Badung Regency, Bali 80351', lat: -8.659, lon: 115.1305, kinds: ['beach'] },
  { name: 'Echo Beach', address: 'Jl. Pura Batu Mejan, Canggu, Kuta Utara, Badung Regency, Bali 80351', lat: -8.654, lon: 115.1235, kinds: ['beach'] },
  { name: 'Jimbaran Beach', address: 'Jimbaran, Kuta Selatan, Badung Regency, Bali 80361', lat: -8.7745, lon: 115.166, kinds: ['beach'] },
  { name: 'Padang Padang Beach', address: 'Pecatu, Kuta Selatan, Badung Regency, Bali 80361', lat: -8.811, lon: 115.1035, kinds: ['beach'] },
  { name: 'Nusa Dua Beach', address: 'Benoa, Kuta Selatan, Badung Regency, Bali 80363', lat: -8.8, lon: 115.233, kinds: ['beach'] },
  { name: 'Sanur Beach', address: 'Sanur, Denpasar Selatan, Denpasar City, Bali 80228', lat: -8.676, lon: 115.263, kinds: ['beach'] },
  { name: 'Keramas Beach', address: 'Keramas, Blahbatuh, Gianyar Regency, Bali 80581', lat: -8.589, lon: 115.337, kinds: ['beach'] },
  { name: 'Amed Beach', address: 'Purwakerthi, Abang, Karangasem Regency, Bali 80852', lat: -8.337, lon: 115.658, kinds: ['beach'] },
];

const PARKS_WITH_GATES = SIGHTS.filter((s) => s.gates?.length);

/**
 * The kinds of sight a search term asks for, or undefined when it asks for none (restaurants, hotels).
 * A place the term names is where the search is, not what it asks for: "Central Park, New York City" asks for no park.
 */
export function sightKindsAsked(term: string): readonly SightKind[] | undefined {
  const t = placesNamedIn(term).reduce((rest, p) => rest.split(p.name.toLowerCase()).join(' '), term.toLowerCase());
  // A campground or a beach, not a hotel or a bar by one ("beach resort", "Beach Club").
  if (/\bcamp(?:ing|grounds?|sites?)?\b|\brv parks?\b/.test(t) && !/\b(?:hotels?|resorts?|stores?|shops?|gear)\b/.test(t)) return ['campground'];
  if (/\bbeach(?:es)?\b/.test(t) && !/\b(?:hotels?|resorts?|clubs?|bars?|restaurants?|villas?|houses?)\b/.test(t)) return ['beach'];
  if (/\bmuseums?\b/.test(t)) return ['museum'];
  if (/\blandmarks?\b|\bmonuments?\b/.test(t)) return ['landmark'];
  if (/\battractions?\b|\bsights?\b|sightseeing|things to do|\btourist\b|points? of interest/.test(t)) return ['museum', 'landmark', 'park'];
  if (/\bparks?\b|\bgardens?\b/.test(t)) return ['park'];
  return undefined;
}

/** How far a point is from a sight: from its nearest gate for a park that has gates, else from its point. */
export function kmToSight(p: { lat: number; lon: number }, s: RealSight): number {
  return Math.min(distanceKm(p, s), ...(s.gates ?? []).map((g) => distanceKm(p, g)));
}

/** The gate of a park with gates (Central Park) nearest a point: where a drive from there arrives. Undefined for another place. */
export function nearestGate(name: string, p: { lat: number; lon: number }): { name: string; lat: number; lon: number } | undefined {
  const gates = PARKS_WITH_GATES.find((s) => new RegExp(`^\\s*(?:the\\s+)?${s.name}\\b(?!\\s+(?:South|West|North|East)\\b)`, 'i').test(name))?.gates;
  return gates?.length ? gates.reduce((a, b) => (distanceKm(p, a) <= distanceKm(p, b) ? a : b)) : undefined;
}

/**
 * The sights of those kinds within `radiusKm` of a point, the point's own sight (the search's centre) left out:
 * nearest first for a search around a spot, best known first (the table's order) for one of a whole town.
 */
export function sightsNear(centre: { lat: number; lon: number }, radiusKm: number, kinds: readonly SightKind[], order: 'nearest' | 'best known' = 'nearest'): RealSight[] {
  // The centre's own sight is left out by its point (the Ritz-Carlton is 40 m from Central Park's Artists' Gate, not Central Park).
  const found = SIGHTS.map((s) => ({ s, km: kmToSight(centre, s) })).filter(({ s, km }) => distanceKm(centre, s) > 0.1 && km <= radiusKm && s.kinds.some((k) => kinds.includes(k)));
  if (order === 'nearest') found.sort((a, b) => a.km - b.km);
  return found.map(({ s }) => s);
}

/** Whether the table holds every place of a kind around a point (Yosemite's campgrounds, Bali's beaches). */
export function coversKind(p: { lat: number; lon: number }, kind: SightKind): boolean {
  return COVERED.some((c) => c.kind === kind && distanceKm(p, c) <= c.km);
}

/** Whether an address is a sight's own ("11 W 53rd St, New York, NY, 10019"): a fact, on whatever street the town's table lacks. */
export function isRealSightAddress(address: string): boolean {
  const a = address.trim();
  return SIGHTS.some((s) => s.address === a);
}

/** A sight the table knows, by name (any case). */
export function realSight(name: string): RealSight | undefined {
  const n = name.trim().toLowerCase();
  return SIGHTS.find((s) => s.name.toLowerCase() === n);
}

/**
 * A nearby search for sights lists the real ones within its reach: each drawn record (its name and
 * address nothing carried) takes the next real sight's name and address. Drawn records beyond the
 * sights in reach are left out: a made-up "Old Magnolia Market Hall" after the Met and the Guggenheim
 * is the one false line of the list.
 */
export function realSightsListed(answer: Record<string, unknown>, centre: { lat: number; lon: number }, radiusKm: number, kinds: readonly SightKind[], kept: (v: unknown) => boolean, order: 'nearest' | 'best known' = 'nearest'): void {
  const near = sightsNear(centre, radiusKm, kinds, order);
  // Where the table holds every one of the kind (Yosemite's campgrounds, Bali's beaches), none in reach is the answer:
  // the drawn records go, those a later step copies stay.
  const whole = kinds.every((k) => coversKind(centre, k));
  if (!near.length && !whole) return;
  for (const [key, list] of Object.entries(answer)) {
    if (!Array.isArray(list)) continue;
    const name = (r: unknown) => (r && typeof r === 'object' && typeof (r as { name?: unknown }).name === 'string' ? (r as { name: string }).name : undefined);
    const listed = new Set(list.map((r) => name(r)?.toLowerCase()));
    const free = near.filter((s) => !listed.has(s.name.toLowerCase()));
    const out: unknown[] = [];
    for (const rec of list) {
      const r = rec as Record<string, unknown>;
      const drawn = name(rec) !== undefined && typeof r.address === 'string' && !kept(r.name) && !kept(r.address) && !realSight(r.name as string);
      if (!drawn) out.push(rec);
      else if (free.length) {
        const sight = free.shift()!;
        out.push({ ...r, name: sight.name, address: sight.address });
      }
    }
    // Never an empty list: where every record was drawn and every sight in reach is already listed, the list stays as drawn,
    // unless the table holds every one of the kind there.
    if (out.length || whole) answer[key] = out;
  }
}
