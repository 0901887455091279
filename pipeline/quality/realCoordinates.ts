/**
 * Where the named places T-Eval's distance and route calls start and end really are, for the quality
 * report only (kept apart from the simulator's places table, so a measure never reads a distance
 * against the very coordinates that drew it): each from its published position (a building's door, a
 * campus's main quad, a town's city hall), with how far the name may mean from that point — a town
 * reaches across its districts, a park across its lawns, a building is its door.
 */
export interface RealPlace {
  lat: number;
  lon: number;
  /** How far from the point a spot the name means may lie (km). */
  reachKm: number;
}

const TOWN = 15;
const SITE = 0.3;

const TABLE: [names: string[], lat: number, lon: number, reachKm: number][] = [
  [['New York', 'New York City', 'NYC', 'New York, NY', 'New York, NY, United States'], 40.7128, -74.006, TOWN],
  [['Los Angeles', 'Los Angeles, CA', 'downtown Los Angeles'], 34.0522, -118.2437, 25],
  [['San Francisco', 'San Francisco, CA'], 37.7749, -122.4194, 8],
  [['Seattle', 'Seattle, WA'], 47.6062, -122.3321, 10],
  [['Miami', 'Miami, FL'], 25.7617, -80.1918, 10],
  [['Chicago', 'Chicago, IL'], 41.8781, -87.6298, TOWN],
  [['Denver'], 39.7392, -104.9903, 10],
  [['Las Vegas'], 36.1699, -115.1398, 10],
  [['Boston'], 42.3601, -71.0589, 8],
  [['Washington, DC', 'Washington D.C.', 'Washington, D.C.'], 38.9072, -77.0369, 8],
  [['Paris', 'Paris, France'], 48.8566, 2.3522, 8],
  [['London', 'London, UK'], 51.5074, -0.1278, TOWN],
  [['Oxford'], 51.752, -1.2577, 4],
  [['Tokyo'], 35.6812, 139.7671, TOWN],
  [['Beijing'], 39.9042, 116.4074, TOWN],
  [['Shanghai'], 31.2304, 121.4737, TOWN],
  [['Times Square', 'Times Square, New York', 'Times Square, New York City', 'Times Square, New York, NY'], 40.758, -73.9855, SITE],
  [['Central Park', 'Central Park, New York', 'Central Park, New York City'], 40.7829, -73.9654, 2.5],
  [['Statue of Liberty', 'Statue of Liberty, New York', 'Statue of Liberty, New York City', 'Statue of Liberty, New York, NY'], 40.6892, -74.0445, SITE],
  [['Empire State Building', 'Empire State Building, New York, NY', '350 5th Ave, New York, NY'], 40.7484, -73.9857, SITE],
  [['Battery Park', 'Battery Park, New York City'], 40.7033, -74.017, 0.5],
  [['AMC Empire 25', 'AMC Empire 25 cinema', 'Hilton New York Times Square'], 40.7566, -73.9886, SITE],
  [['The Ritz-Carlton, New York', 'Ritz-Carlton New York'], 40.7651, -73.976, SITE],
  [['Hotel Mela Times Square'], 40.7567, -73.9846, SITE],
  [['New York Marriott Marquis'], 40.7586, -73.986, SITE],
  [['Metropolitan Museum of Art', 'Metropolitan Museum of Art, New York City'], 40.7794, -73.9632, SITE],
  [['JFK Airport'], 40.6413, -73.7781, 2],
  [['Washington Convention Center'], 38.9046, -77.023, SITE],
  [['Marriott Marquis Washington, DC'], 38.9024, -77.0237, SITE],
  [['1600 Pennsylvania Ave NW, Washington, DC', '1600 Pennsylvania Avenue NW, Washington, DC 20500', '1600 Pennsylvania Avenue, Washington D.C.', 'White House'], 38.8977, -77.0365, SITE],
  [['Millennium Park'], 41.8826, -87.6226, 0.5],
  [['Tokyo Tower'], 35.6586, 139.7454, SITE],
  [['Eiffel Tower'], 48.8584, 2.2945, SITE],
  [['Louvre Museum', 'Louvre'], 48.8606, 2.3376, SITE],
  [['10 Downing Street, London'], 51.5034, -0.1276, SITE],
  [['221B Baker Street, London'], 51.5238, -0.1586, SITE],
  [['Stanford University'], 37.4275, -122.1697, 1.5],
  [['Google Headquarters', 'Googleplex'], 37.422, -122.0841, 0.5],
  [['1 Infinite Loop, Cupertino, CA'], 37.3318, -122.0312, SITE],
  [['Golden Gate Bridge', 'Golden Gate Bridge, San Francisco'], 37.8199, -122.4783, 1.5],
  [['Griffith Park'], 34.1366, -118.2942, 3],
  [['Santa Monica Pier'], 34.0083, -118.4988, SITE],
  [['Hollywood Walk of Fame'], 34.1016, -118.3267, 1],
  [['Harvard University'], 42.377, -71.1167, 1],
  [['Boston Public Library'], 42.3496, -71.0783, SITE],
  [['Massachusetts Institute of Technology', 'MIT'], 42.3601, -71.0942, 1],
  [['University of California, Berkeley', 'UC Berkeley'], 37.8719, -122.2585, 1],
];

const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const BY_NAME = new Map(TABLE.flatMap(([names, lat, lon, reachKm]) => names.map((n) => [norm(n), { lat, lon, reachKm }] as const)));

/** The real place a trip end names as the whole of itself ("Massachusetts Institute of Technology", "Times Square, New York"), if the table holds it. */
export function realPlaceNamed(text: string): RealPlace | undefined {
  return BY_NAME.get(norm(text));
}
