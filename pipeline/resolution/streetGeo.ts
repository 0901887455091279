/**
 * Where the streets of the simulator's towns run, so an address and the coordinates beside it agree.
 * The simulator drew a listing's address from its town's streets ("161 East 14th Street, New York
 * City") and its coordinates near the town's centre on their own (40.7038, -73.9932: DUMBO, Brooklyn,
 * 3 km from East 14th Street); now coordinates drawn for a known address lie on its street, and an
 * address drawn for coordinates a recording gives is on a street that runs there. Each street is a
 * line between two points (to about 200 m; a long avenue bends less than that from its chord in the
 * stretch that matters), each Tokyo neighbourhood a point. The quality report's
 * simulated_address_off_coordinates judges every shown address it can place against its coordinates.
 */
import { distanceKm, placesNamedIn } from './places.js';
import { riverBetween } from './rivers.js';

type Line = [lat1: number, lon1: number, lat2: number, lon2: number];

interface TownGeo {
  /** The town or district as its addresses name it. */
  town: string;
  /** What in an address says it is in this town. */
  names: RegExp;
  /** Its streets, by the name addresses write them under. */
  lines: Record<string, Line>;
  /** Neighbourhoods an address names instead of a street (Tokyo's "Kagurazaka, Shinjuku"). */
  areas?: Record<string, [number, number]>;
  /**
   * House numbers at the two ends of a street's line, where the town numbers it so: Manhattan's
   * avenues count 20 to a block from where they begin (1 Lexington Avenue at 21st Street, 2100 at
   * 125th), its cross streets 100 to an avenue from Fifth. An address there is a point on the line,
   * not the whole line: "81 Lexington Avenue" is at 25th Street, 2 km from Times Square.
   */
  numbers?: Record<string, [first: number, last: number]>;
  /**
   * Streets a drive crosses town on that no address of the simulator is drawn on (Manhattan's cross
   * streets, Third and Eighth Avenues; the quai and bridge from the Eiffel Tower to the Louvre): the
   * address pool's avenues run side by side and never meet, so a route turns from one to another
   * only by a street between.
   */
  crossings?: Record<string, Line>;
  /**
   * House numbers along a crossing an address may still name (a recorded "350 5th Ave"), as stops of
   * [house number, fraction of its line]: Fifth Avenue counts about 15 to a block below 59th Street and
   * 10 along the park (350 at 34th, 767 at 59th, 1000 at 82nd). Such an address is the spot its number
   * names, as on a numbered street; no address is drawn there.
   */
  crossingNumbers?: Record<string, [number: number, along: number][]>;
  /** Centre and how far it reaches, for an address naming none of its streets. */
  centre: [number, number];
  reachKm: number;
}

// Districts before their towns: "54 37th Avenue, Queens, NY" is in Queens, not on a Manhattan street.
/**
 * Towns of the place table wider than the 5 km a town is given: Huntington Beach runs 10 km from its pier
 * up to Warner Avenue and Bolsa Chica, where T-Eval records a "Home in Huntington Beach" (33.7293, -118.0489, teval_query_8_1).
 */
const PLACE_REACH_KM: Record<string, number> = { 'Huntington Beach': 10 };

const TOWNS: TownGeo[] = [
  {
    // The borough runs 17 km from its centre to Long Island City and the Rockaways: T-Eval records a "Rental unit in
    // Queens" at 40.7494, -73.9406 in Long Island City, 12.5 km out (teval_query_10_1).
    town: 'Queens', names: /\bQueens\b/, centre: [40.7282, -73.7949], reachKm: 17,
    lines: {
      'Steinway Street': [40.7555, -73.9215, 40.7745, -73.9075],
      '37th Avenue': [40.7545, -73.9345, 40.7495, -73.8700],
      'Queens Boulevard': [40.7445, -73.9475, 40.7140, -73.8300],
      'Roosevelt Avenue': [40.7450, -73.9040, 40.7590, -73.8300],
      'Vernon Boulevard': [40.7420, -73.9545, 40.7690, -73.9360],
      'Ditmars Boulevard': [40.7760, -73.9150, 40.7660, -73.8800],
    },
  },
  {
    town: 'Brooklyn', names: /\bBrooklyn\b/, centre: [40.6782, -73.9442], reachKm: 12,
    lines: {
      'Bedford Avenue': [40.7235, -73.9510, 40.6300, -73.9480],
      'Atlantic Avenue': [40.6905, -73.9980, 40.6760, -73.8960],
      'Smith Street': [40.6920, -73.9885, 40.6750, -73.9975],
      'Court Street': [40.6935, -73.9905, 40.6765, -73.9985],
      'Flatbush Avenue': [40.6900, -73.9820, 40.6300, -73.9470],
      'Myrtle Avenue': [40.6935, -73.9850, 40.7000, -73.9100],
    },
  },
  {
    town: 'New York', names: /\bNew York\b|\bNYC\b|\bManhattan\b|,\s*NY\b/, centre: [40.7128, -74.006], reachKm: 30,
    lines: {
      'Lexington Avenue': [40.7390, -73.9848, 40.8040, -73.9375],
      'West 44th Street': [40.7553, -73.9801, 40.7625, -73.9975],
      'Amsterdam Avenue': [40.7714, -73.9887, 40.8508, -73.9297],
      'Bleecker Street': [40.7255, -73.9923, 40.7372, -74.0053],
      'Madison Avenue': [40.7413, -73.9876, 40.8118, -73.9352],
      'East 14th Street': [40.7359, -73.9934, 40.7298, -73.9750],
      'Columbus Avenue': [40.7706, -73.9840, 40.8000, -73.9625],
      'Mulberry Street': [40.7140, -73.9998, 40.7245, -73.9945],
    },
    crossings: {
      // Canal Street from the Manhattan Bridge to the Holland Tunnel's mouth by West Street: the way out west and south from
      // City Hall (a drive to Miami headed north up Mulberry Street, the one street drawn by it: teval_query_272_0).
      'Canal Street': [40.7178, -73.9937, 40.7226, -74.0110],
      'Bowery': [40.7145, -73.9975, 40.7282, -73.9910],
      'Third Avenue': [40.7289, -73.9907, 40.8030, -73.9373],
      'Eighth Avenue': [40.7378, -74.0048, 40.7695, -73.9830],
      'East 23rd Street': [40.7414, -73.9893, 40.7367, -73.9785],
      'West 23rd Street': [40.7414, -73.9893, 40.7495, -74.0075],
      'East 42nd Street': [40.7531, -73.9811, 40.7489, -73.9689],
      'West 42nd Street': [40.7531, -73.9811, 40.7620, -74.0020],
      'East 57th Street': [40.7637, -73.9735, 40.7586, -73.9615],
      'West 57th Street': [40.7637, -73.9735, 40.7710, -73.9935],
      'East 72nd Street': [40.7720, -73.9660, 40.7665, -73.9530],
      'West 72nd Street': [40.7766, -73.9763, 40.7808, -73.9860],
      'East 86th Street': [40.7808, -73.9597, 40.7755, -73.9460],
      'West 86th Street': [40.7855, -73.9697, 40.7895, -73.9790],
      // Across Central Park: from Central Park West at 86th to Fifth Avenue at 84th, at 81st to 79th.
      '86th Street Transverse': [40.7855, -73.9697, 40.7795, -73.9605],
      '79th Street Transverse': [40.7820, -73.9725, 40.7775, -73.9630],
      // From Washington Square (8th Street) to 110th Street, along the grid and Central Park's east side.
      'Fifth Avenue': [40.7312, -73.9971, 40.7966, -73.9494],
      // Times Square is on Seventh Avenue (and Broadway) from 42nd to 47th Street: a drive there arrives on it or a street
      // crossing it, never on Fifth Avenue two long blocks east (teval_query_303_0). From 14th Street to Central Park South.
      'Seventh Avenue': [40.7379, -73.9998, 40.7663, -73.9793],
      // Two-way across Midtown, by the Empire State Building, from Fifth Avenue to Eleventh.
      'West 34th Street': [40.7484, -73.9847, 40.7567, -74.0024],
    },
    crossingNumbers: { 'Fifth Avenue': [[1, 0], [350, 0.255], [767, 0.5], [1000, 0.725], [1250, 1]] },
    // From each line's first point: Lexington from 21st Street to 125th, Madison from 23rd to 135th,
    // Amsterdam from 59th to 179th, Columbus from 60th to 106th (20 numbers a block); West 44th and
    // East 14th from Fifth Avenue (100 an avenue), Bleecker from the Bowery, Mulberry from Worth Street.
    numbers: {
      'Lexington Avenue': [1, 2100], 'Madison Avenue': [1, 2250], 'Amsterdam Avenue': [1, 2400], 'Columbus Avenue': [1, 920],
      'West 44th Street': [1, 700], 'East 14th Street': [1, 700], 'Bleecker Street': [1, 400], 'Mulberry Street': [1, 300],
    },
    // Neighbourhoods, for a spot no street of the pool passes (a recorded pin by Penn Station).
    areas: {
      Chelsea: [40.7465, -74.0014], Midtown: [40.7549, -73.9840], "Hell's Kitchen": [40.7638, -73.9918], 'Murray Hill': [40.7479, -73.9757],
      'Upper West Side': [40.7870, -73.9754], 'Upper East Side': [40.7736, -73.9566], Harlem: [40.8116, -73.9465], 'Greenwich Village': [40.7336, -74.0027],
      'East Village': [40.7265, -73.9815], 'Lower East Side': [40.7150, -73.9843], 'Financial District': [40.7075, -74.0113], Tribeca: [40.7163, -74.0086],
      SoHo: [40.7233, -74.003], 'Battery Park City': [40.7116, -74.0158],
    },
  },
  {
    town: 'San Bruno', names: /\bSan Bruno\b/, centre: [37.6305, -122.4111], reachKm: 5,
    lines: {
      'El Camino Real': [37.6200, -122.4180, 37.6430, -122.4350],
      'San Bruno Avenue': [37.6290, -122.4260, 37.6350, -122.4050],
      'Sneath Lane': [37.6390, -122.4250, 37.6440, -122.4500],
      'Huntington Avenue': [37.6230, -122.4140, 37.6430, -122.4190],
      'Skyline Boulevard': [37.6200, -122.4560, 37.6450, -122.4680],
      'Crystal Springs Road': [37.6200, -122.4200, 37.6230, -122.4450],
    },
  },
  {
    town: 'San Francisco', names: /\bSan Francisco\b/, centre: [37.7749, -122.4194], reachKm: 12,
    lines: {
      'Valencia Street': [37.7710, -122.4225, 37.7460, -122.4205],
      'Hayes Street': [37.7775, -122.4200, 37.7730, -122.4540],
      'Mission Street': [37.7900, -122.3970, 37.7500, -122.4185],
      'Divisadero Street': [37.8020, -122.4420, 37.7620, -122.4370],
      'Polk Street': [37.8060, -122.4235, 37.7780, -122.4185],
      'Clement Street': [37.7830, -122.4610, 37.7810, -122.5000],
      'Irving Street': [37.7640, -122.4650, 37.7620, -122.5010],
      'Fillmore Street': [37.8020, -122.4360, 37.7710, -122.4300],
    },
    areas: {
      Chinatown: [37.7941, -122.4078], 'North Beach': [37.8061, -122.4103], 'Financial District': [37.7946, -122.3999], 'Nob Hill': [37.793, -122.4161],
      'Mission District': [37.7599, -122.4148], Marina: [37.8037, -122.4368], SoMa: [37.7785, -122.4056], 'Hayes Valley': [37.7759, -122.4245],
      'Inner Richmond': [37.78, -122.4650], 'Inner Sunset': [37.7630, -122.4680], 'Potrero Hill': [37.7605, -122.4009], 'Bernal Heights': [37.7389, -122.4152],
    },
  },
  {
    town: 'Hollywood', names: /\bHollywood\b/, centre: [34.0928, -118.3287], reachKm: 4,
    lines: {
      'Hollywood Boulevard': [34.1020, -118.3400, 34.1015, -118.3100],
      'Vine Street': [34.1050, -118.3265, 34.0830, -118.3270],
      'Franklin Avenue': [34.1050, -118.3450, 34.1060, -118.3100],
      'North Highland Avenue': [34.1100, -118.3385, 34.0840, -118.3385],
      'Cahuenga Boulevard': [34.1050, -118.3300, 34.0900, -118.3300],
    },
  },
  {
    town: 'Santa Monica', names: /\bSanta Monica\b(?! Boulevard)/, centre: [34.0195, -118.4912], reachKm: 5,
    lines: {
      'Ocean Avenue': [34.0050, -118.4900, 34.0280, -118.5150],
      'Montana Avenue': [34.0350, -118.5050, 34.0450, -118.4900],
      'Main Street': [34.0000, -118.4850, 34.0120, -118.4930],
      'Broadway': [34.0160, -118.4960, 34.0280, -118.4750],
      'Wilshire Boulevard': [34.0220, -118.5030, 34.0400, -118.4650],
      'Pico Boulevard': [34.0070, -118.4900, 34.0270, -118.4600],
    },
  },
  {
    town: 'Los Angeles', names: /\bLos Angeles\b/, centre: [34.0522, -118.2437], reachKm: 30,
    lines: {
      'Sunset Boulevard': [34.0780, -118.2600, 34.0900, -118.3850],
      'Melrose Avenue': [34.0835, -118.3000, 34.0810, -118.3850],
      'Wilshire Boulevard': [34.0500, -118.2600, 34.0620, -118.3600],
      'Vermont Avenue': [34.0900, -118.2920, 34.0000, -118.2910],
      'Fairfax Avenue': [34.0980, -118.3610, 34.0480, -118.3620],
      'La Brea Avenue': [34.1000, -118.3440, 34.0400, -118.3500],
      'Santa Monica Boulevard': [34.0900, -118.3100, 34.0720, -118.4000],
      'Figueroa Street': [34.0600, -118.2500, 34.0100, -118.2820],
    },
    // The city's east-west numbers count west from Main Street: Wilshire from 900 by Figueroa to about 6200 at Fairfax,
    // Melrose from about 5000 by Normandie to 8500 at La Cienega, Santa Monica Boulevard from 5500 at Western to about
    // 9600 in Beverly Hills. "67 Santa Monica Boulevard" is in Santa Monica, by the ocean, never within a kilometre of
    // the Hollywood Walk of Fame (teval_query_107_2). The north-south streets (Vermont, Figueroa, La Brea, Fairfax)
    // number both ways from First Street and are left unnumbered.
    numbers: { 'Wilshire Boulevard': [900, 6200], 'Melrose Avenue': [5000, 8500], 'Santa Monica Boulevard': [5500, 9600] },
  },
  // The Miami pool's beach streets are Miami Beach's, wherever the address line ends.
  {
    town: 'Miami', names: /\bMiami\b/, centre: [25.7617, -80.1918], reachKm: 25,
    lines: {
      'Collins Avenue': [25.7700, -80.1330, 25.8700, -80.1220],
      'Ocean Drive': [25.7700, -80.1320, 25.7850, -80.1290],
      'Biscayne Boulevard': [25.7700, -80.1880, 25.8500, -80.1850],
      'Brickell Avenue': [25.7530, -80.1930, 25.7720, -80.1890],
      'Washington Avenue': [25.7700, -80.1350, 25.7950, -80.1310],
      'Alton Road': [25.7700, -80.1410, 25.8150, -80.1390],
      'Lincoln Road': [25.7905, -80.1310, 25.7905, -80.1430],
      'Coral Way': [25.7600, -80.1950, 25.7500, -80.2900],
      'Espanola Way': [25.7868, -80.1310, 25.7868, -80.1350],
    },
  },
  // "Cozy condominium in Eiffel Tower, Paris": the 7th arrondissement's streets by the tower.
  {
    town: '75007 Paris', names: /\b75007\b|Eiffel/, centre: [48.8566, 2.2978], reachKm: 1.5,
    lines: {
      'Avenue de Suffren': [48.8580, 2.2920, 48.8450, 2.3050],
      'Rue Saint-Dominique': [48.8590, 2.2960, 48.8570, 2.3200],
      'Avenue Rapp': [48.8620, 2.3000, 48.8580, 2.3030],
      'Rue Cler': [48.8570, 2.3060, 48.8550, 2.3060],
      'Avenue de La Bourdonnais': [48.8620, 2.2970, 48.8540, 2.3040],
      'Avenue Bosquet': [48.8625, 2.3030, 48.8540, 2.3070],
    },
    // Along the Seine and across it to the Rue de Rivoli (the Louvre, the Tuileries).
    crossings: { "Quai d'Orsay": [48.8610, 2.2980, 48.8628, 2.3195], 'Pont de la Concorde': [48.8628, 2.3195, 48.8655, 2.3212] },
  },
  {
    town: 'Paris', names: /\bParis\b/, centre: [48.8566, 2.3522], reachKm: 20,
    lines: {
      'Rue de Rivoli': [48.8560, 2.3570, 48.8650, 2.3210],
      'Rue Oberkampf': [48.8640, 2.3680, 48.8690, 2.3840],
      'Boulevard Saint-Germain': [48.8490, 2.3600, 48.8610, 2.3180],
      'Rue de la Roquette': [48.8540, 2.3710, 48.8600, 2.3930],
      'Rue Montorgueil': [48.8630, 2.3470, 48.8680, 2.3460],
      'Avenue Parmentier': [48.8600, 2.3810, 48.8730, 2.3700],
      'Rue des Martyrs': [48.8770, 2.3400, 48.8830, 2.3390],
      'Rue du Faubourg Saint-Antoine': [48.8530, 2.3700, 48.8490, 2.3950],
    },
    crossings: { "Quai d'Orsay": [48.8610, 2.2980, 48.8628, 2.3195], 'Pont de la Concorde': [48.8628, 2.3195, 48.8655, 2.3212] },
  },
  {
    town: 'Berlin', names: /\bBerlin\b/, centre: [52.52, 13.405], reachKm: 25,
    lines: {
      'Torstraße': [52.5290, 13.3900, 52.5290, 13.4120],
      'Kastanienallee': [52.5350, 13.4070, 52.5410, 13.4120],
      'Oranienstraße': [52.5060, 13.3920, 52.5000, 13.4300],
      'Bergmannstraße': [52.4900, 13.3880, 52.4890, 13.4000],
      'Schönhauser Allee': [52.5290, 13.4110, 52.5500, 13.4130],
      'Karl-Marx-Allee': [52.5230, 13.4150, 52.5140, 13.4550],
      'Kantstraße': [52.5060, 13.3300, 52.5070, 13.2900],
      'Friedrichstraße': [52.5300, 13.3880, 52.5000, 13.3910],
    },
  },
  {
    town: 'Barcelona', names: /\bBarcelona\b/, centre: [41.3874, 2.1686], reachKm: 15,
    lines: {
      'Passeig de Gràcia': [41.3870, 2.1700, 41.3990, 2.1580],
      'Carrer de Verdi': [41.4030, 2.1560, 41.4110, 2.1570],
      'Carrer de Mallorca': [41.3780, 2.1390, 41.4080, 2.1800],
      'Carrer del Consell de Cent': [41.3780, 2.1450, 41.4050, 2.1880],
      'Carrer de Girona': [41.3920, 2.1720, 41.4010, 2.1600],
      'Carrer de Blai': [41.3730, 2.1620, 41.3760, 2.1630],
    },
  },
  {
    town: 'Selat', names: /\bSelat\b/, centre: [-8.4286, 115.4436], reachKm: 6,
    lines: {},
  },
  {
    town: 'Bali', names: /\bBali\b/, centre: [-8.3405, 115.092], reachKm: 60,
    lines: {
      'Jalan Raya Seminyak': [-8.6830, 115.1640, -8.6960, 115.1680],
      'Jalan Monkey Forest': [-8.5070, 115.2620, -8.5180, 115.2600],
      'Jalan Pantai Kuta': [-8.7100, 115.1680, -8.7270, 115.1700],
      'Jalan Bisma': [-8.5080, 115.2590, -8.5180, 115.2570],
      'Jalan Batu Bolong': [-8.6500, 115.1370, -8.6590, 115.1300],
      'Jalan Kayu Aya': [-8.6840, 115.1600, -8.6900, 115.1540],
      'Jalan Hanoman': [-8.5080, 115.2650, -8.5190, 115.2650],
      'Jalan Legian': [-8.6950, 115.1700, -8.7130, 115.1740],
    },
    // Villages inland and on the coast, for a pin no street of the pool passes.
    areas: {
      Ubud: [-8.5069, 115.2625], Seminyak: [-8.6913, 115.1682], Canggu: [-8.6478, 115.1385], Kuta: [-8.718, 115.169], Sanur: [-8.688, 115.262],
      Tampaksiring: [-8.44, 115.31], Bangli: [-8.454, 115.355], Tegallalang: [-8.434, 115.279], Sidemen: [-8.482, 115.443], Amed: [-8.336, 115.66],
      Jimbaran: [-8.79, 115.16], Uluwatu: [-8.829, 115.085], Munduk: [-8.262, 115.067], Lovina: [-8.158, 115.025], Candidasa: [-8.509, 115.567],
    },
  },
  {
    town: 'Tokyo', names: /\bTokyo\b/, centre: [35.6812, 139.7671], reachKm: 30,
    lines: {},
    areas: {
      Roppongi: [35.6628, 139.7314], Akasaka: [35.6735, 139.7370], 'Azabu-Juban': [35.6545, 139.7365], Shibaura: [35.6420, 139.7500],
      Toranomon: [35.6680, 139.7490], Asakusa: [35.7148, 139.7967], Ueno: [35.7138, 139.7770], Yanaka: [35.7260, 139.7680],
      Kuramae: [35.7040, 139.7910], Oshiage: [35.7100, 139.8130], Ryogoku: [35.6960, 139.7930], Kinshi: [35.6970, 139.8140],
      Mukojima: [35.7180, 139.8090], Kiyosumi: [35.6820, 139.7990], Monzennakacho: [35.6720, 139.7960], Toyosu: [35.6550, 139.7960],
      Kameido: [35.6970, 139.8260], Kanda: [35.6920, 139.7710], Marunouchi: [35.6810, 139.7640], Iidabashi: [35.7020, 139.7450],
      Jimbocho: [35.6960, 139.7580], Jingumae: [35.6700, 139.7060], Ebisu: [35.6470, 139.7100], Dogenzaka: [35.6570, 139.6960],
      Tomigaya: [35.6670, 139.6880], 'Nishi-Shinjuku': [35.6900, 139.6920], Kagurazaka: [35.7020, 139.7390], Yotsuya: [35.6860, 139.7300],
      Okubo: [35.7010, 139.6990], Ginza: [35.6720, 139.7650], Nakameguro: [35.6440, 139.6990],
      Hamamatsucho: [35.6555, 139.757], Shimbashi: [35.666, 139.758], Shinagawa: [35.6285, 139.7387],
    },
  },
  // Towns whose streets only routes are drawn for (no address of the simulator is placed by them: `names`
  // matches none): a drive through Washington, Seattle, Oxford, Cambridge (Massachusetts) or Beijing turns
  // only between streets that meet, as in the towns above.
  {
    town: 'Washington', names: /(?!)/, centre: [38.9072, -77.0369], reachKm: 20, lines: {},
    // Pennsylvania Avenue from Georgetown past the White House to the Capitol; K, M and U Streets across
    // downtown; Connecticut Avenue from Lafayette Square past Dupont Circle; Massachusetts Avenue from
    // Mount Vernon Square to Sheridan Circle; Constitution Avenue along the Mall.
    crossings: {
      'Pennsylvania Avenue NW': [38.9050, -77.0575, 38.8920, -77.0120],
      'K Street NW': [38.9025, -77.0600, 38.9025, -77.0080],
      'M Street NW': [38.9055, -77.0700, 38.9055, -77.0150],
      'U Street NW': [38.9170, -77.0420, 38.9170, -77.0220],
      '14th Street NW': [38.8920, -77.0319, 38.9600, -77.0330],
      'Connecticut Avenue NW': [38.9005, -77.0390, 38.9430, -77.0630],
      'Massachusetts Avenue NW': [38.9020, -77.0230, 38.9115, -77.0505],
      'Constitution Avenue NW': [38.8925, -77.0550, 38.8920, -77.0120],
    },
  },
  {
    town: 'Seattle', names: /(?!)/, centre: [47.6062, -122.3321], reachKm: 20, lines: {},
    // Pike and Pine side by side from the market up Capitol Hill, First Avenue along the waterfront.
    crossings: {
      'Pike Street': [47.6097, -122.3422, 47.6140, -122.3180],
      'Pine Street': [47.6105, -122.3410, 47.6155, -122.3180],
      '1st Avenue': [47.6000, -122.3340, 47.6180, -122.3560],
      'Broadway East': [47.6250, -122.3210, 47.6350, -122.3215],
      'Fremont Avenue North': [47.6480, -122.3500, 47.6900, -122.3500],
      'Ballard Avenue NW': [47.6655, -122.3825, 47.6690, -122.3880],
    },
  },
  {
    town: 'Oxford', names: /(?!)/, centre: [51.752, -1.2577], reachKm: 10, lines: {},
    // Carfax: the High east to Magdalen Bridge and The Plain (Iffley and Cowley Roads), Cornmarket north to Broad Street.
    crossings: {
      'High Street': [51.7519, -1.2578, 51.7510, -1.2470],
      'Cornmarket Street': [51.7519, -1.2580, 51.7545, -1.2585],
      'Broad Street': [51.7545, -1.2585, 51.7545, -1.2540],
      'Banbury Road': [51.7600, -1.2600, 51.7800, -1.2660],
      'Iffley Road': [51.7500, -1.2440, 51.7380, -1.2350],
      'Cowley Road': [51.7500, -1.2440, 51.7410, -1.2200],
      'Walton Street': [51.7560, -1.2630, 51.7625, -1.2665],
    },
  },
  {
    town: 'Cambridge, MA', names: /(?!)/, centre: [42.3736, -71.1097], reachKm: 5, lines: {},
    // Massachusetts Avenue from Harvard Square by Central Square to MIT; Inman Square where Cambridge, Prospect and Hampshire Streets meet.
    crossings: {
      'Massachusetts Avenue': [42.3735, -71.1190, 42.3595, -71.0940],
      'Brattle Street': [42.3740, -71.1205, 42.3790, -71.1380],
      'Mount Auburn Street': [42.3725, -71.1175, 42.3760, -71.1390],
      'Cambridge Street': [42.3765, -71.1135, 42.3710, -71.0770],
      'Prospect Street': [42.3655, -71.1030, 42.3745, -71.0995],
      'Hampshire Street': [42.3738, -71.1010, 42.3650, -71.0905],
    },
  },
  {
    town: 'Beijing', names: /(?!)/, centre: [39.9042, 116.4074], reachKm: 40, lines: {},
    // Chang'an Avenue east from Tiananmen, going on as Jianguomenwai; Wangfujing north from it.
    crossings: {
      "Dongchang'an Avenue": [39.9080, 116.3975, 39.9085, 116.4350],
      'Jianguomenwai Avenue': [39.9085, 116.4350, 39.9090, 116.4800],
      'Wangfujing Street': [39.9090, 116.4110, 39.9200, 116.4105],
      'Xidan North Street': [39.9080, 116.3735, 39.9200, 116.3735],
      'Gulou East Street': [39.9400, 116.3950, 39.9400, 116.4170],
      'Sanlitun Road': [39.9290, 116.4550, 39.9450, 116.4550],
    },
  },
];

/** Where an address is: on a street (a line), in a neighbourhood or a district (a point and a reach), or only in a town. */
export interface AddressPlace {
  /** What placed it: a street, a neighbourhood, or the town (or district) alone. */
  by: 'street' | 'area' | 'town';
  /** The street or neighbourhood, or the town. */
  what: string;
  town: string;
  line?: Line;
  lat: number;
  lon: number;
  /** How far from the line or point an address's coordinates may lie. */
  reachKm: number;
  /** The house number, when the town numbers the street (`numbers`): the place is then that one spot of it. */
  number?: number;
  /** The first and last house numbers of the street, when the town numbers it. */
  numbers?: [first: number, last: number];
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const has = (text: string, name: string) => new RegExp(`(?<![\\p{L}\\d-])${esc(name)}(?![\\p{L}-])`, 'iu').test(text);

/** A street 1 km of its line, a neighbourhood 1.5 km of its point: as close as a listing's pin and its street can sit. */
const STREET_REACH_KM = 1;
const AREA_REACH_KM = 1.5;
/** How far a numbered address may lie from where its number puts it: a street's numbers run evenly only to a block or two. */
export const NUMBER_FUZZ_KM = 0.25;

/** The house number `address` gives `street`: "81 Lexington Avenue", "Torstraße 88", "Carrer de Mallorca, 12". */
function houseNumber(address: string, street: string): number | undefined {
  const before = new RegExp(`(?:^|,)\\s*(\\d{1,5})[A-Za-z]?\\s+${esc(street)}`, 'iu').exec(address);
  const after = before ? undefined : new RegExp(`${esc(street)},?\\s+(\\d{1,5})(?![\\d.:-])`, 'iu').exec(address);
  const m = before ?? after;
  return m ? Number(m[1]) : undefined;
}

/** How `street` is written in `address`, its avenue's ordinal in figures or in words ("5th Ave", "Fifth Avenue"); undefined when it is not. */
function writtenAs(address: string, street: string): string | undefined {
  const m = new RegExp(`(?<![\\p{L}\\d-])(?:${esc(street)}|${FULL_VARIANTS(street)})(?![\\p{L}-])`, 'iu').exec(address);
  return m?.[0];
}
const ORDINALS: Record<string, string> = { first: '1st', second: '2nd', third: '3rd', fourth: '4th', fifth: '5th', sixth: '6th', seventh: '7th', eighth: '8th', ninth: '9th', tenth: '10th', eleventh: '11th', twelfth: '12th' };
const DIRECTIONS: Record<string, string> = { west: 'W', east: 'E', north: 'N', south: 'S' };
/** A street's other spellings as a pattern: "Fifth Avenue" as "5th Ave", "Fifth Ave.", "5th Avenue", "West 44th Street" as "W 44th St". */
function FULL_VARIANTS(street: string): string {
  const [first, ...rest] = street.split(' ');
  // "West 44th Street" as an address writes it too: "W 44th St" (teval_query_266_0: Hotel Mela at "120 W 44th St").
  const head = ORDINALS[first.toLowerCase()] ? `(?:${esc(first)}|${ORDINALS[first.toLowerCase()]})` : DIRECTIONS[first.toLowerCase()] ? `(?:${esc(first)}|${DIRECTIONS[first.toLowerCase()]}\\.?)` : esc(first);
  const tail = rest.map((w) => { const abbr = Object.entries(ABBREVIATED).find(([, full]) => full === w.toLowerCase())?.[0]; return abbr ? `(?:${esc(w)}|${abbr}\\.?)` : esc(w); }).join('\\s+');
  return tail ? `${head}\\s+${tail}` : head;
}
/** The fraction of a line house number `n` stands at, between stops of [number, fraction] (outside them, the nearer end). */
function stopsAlong(stops: [number, number][], n: number): number {
  if (n <= stops[0][0]) return stops[0][1];
  for (let i = 1; i < stops.length; i++) if (n <= stops[i][0]) return stops[i - 1][1] + ((n - stops[i - 1][0]) / (stops[i][0] - stops[i - 1][0])) * (stops[i][1] - stops[i - 1][1]);
  return stops[stops.length - 1][1];
}
const pointAlong = (line: Line, t: number): [number, number] => [line[0] + t * (line[2] - line[0]), line[1] + t * (line[3] - line[1])];

/** The point `n` names on a numbered line: numbers run evenly from its first point to its last (outside the range, the nearer end). */
function numberedPoint(line: Line, [first, last]: [number, number], n: number): [number, number] {
  const t = Math.max(0, Math.min(1, (n - first) / (last - first)));
  return [line[0] + t * (line[2] - line[0]), line[1] + t * (line[3] - line[1])];
}

/**
 * Where `address` is, by the streets and neighbourhoods of the towns above, else a town the place
 * table knows ("Culver City, CA, United States"); undefined when nothing places it.
 */
export function placeAddress(address: string): AddressPlace | undefined {
  const towns = TOWNS.filter((t) => t.names.test(address));
  for (const t of towns) {
    // A street as the table names it, else as an address abbreviates it ("120 W 44th St" is on West 44th Street).
    const street = Object.keys(t.lines).filter((s) => has(address, s)).sort((a, b) => b.length - a.length)[0] ?? Object.keys(t.lines).filter((s) => / /.test(s) && writtenAs(address, s)).sort((a, b) => b.length - a.length)[0];
    if (street) {
      const line = t.lines[street];
      const range = t.numbers?.[street];
      const n = range ? houseNumber(address, writtenAs(address, street) ?? street) : undefined;
      if (range && n !== undefined) {
        const [lat, lon] = numberedPoint(line, range, n);
        return { by: 'street', what: street, town: t.town, line: [lat, lon, lat, lon], lat, lon, reachKm: STREET_REACH_KM, number: n, numbers: range };
      }
      return { by: 'street', what: street, town: t.town, line, lat: (line[0] + line[2]) / 2, lon: (line[1] + line[3]) / 2, reachKm: STREET_REACH_KM };
    }
    // A crossing an address names by its number ("350 5th Ave"): the spot the number names.
    for (const [crossing, stops] of Object.entries(t.crossingNumbers ?? {})) {
      const written = writtenAs(address, crossing);
      const n = written ? houseNumber(address, written) : undefined;
      if (n === undefined) continue;
      const line = t.crossings![crossing];
      const [lat, lon] = pointAlong(line, stopsAlong(stops, n));
      return { by: 'street', what: crossing, town: t.town, line: [lat, lon, lat, lon], lat, lon, reachKm: STREET_REACH_KM, number: n };
    }
    const area = Object.keys(t.areas ?? {}).find((a) => has(address, a));
    if (area) {
      const [lat, lon] = t.areas![area];
      return { by: 'area', what: area, town: t.town, lat, lon, reachKm: AREA_REACH_KM };
    }
  }
  // A town the place table knows (Culver City, San Bruno, Monterey Park) before the wide one an address also names (", CA" aside).
  const known = placesNamedIn(address).find((p) => !TOWNS.some((t) => t.names.test(p.name) && t.reachKm >= 20));
  const own = known && TOWNS.find((t) => t.names.test(known.name));
  if (known) return { by: 'town', what: known.name, town: known.name, lat: known.lat, lon: known.lon, reachKm: own?.reachKm ?? PLACE_REACH_KM[known.name] ?? 5 };
  const t = towns[0];
  return t ? { by: 'town', what: t.town, town: t.town, lat: t.centre[0], lon: t.centre[1], reachKm: t.reachKm } : undefined;
}

/** Where `address` is, read in `town` when it names none ("96 Madison Avenue" of a search in New York). */
export function placeAddressIn(address: string, town?: string): AddressPlace | undefined {
  return placeAddress(address) ?? (town ? placeAddress(`${address}, ${town}`) : undefined);
}

/** `addressNear` for an address read in `town` when it names none: the town is not added to it. */
export function addressNearIn(address: string, p: { lat: number; lon: number }, town?: string): string {
  if (placeAddress(address) || !town) return addressNear(address, p);
  const full = `${address}, ${town}`;
  const moved = addressNear(full, p);
  return moved === full ? address : moved.endsWith(`, ${town}`) ? moved.slice(0, -(town.length + 2)) : moved;
}

/** Kilometres from a point to a line between two points (flat near the line: the streets are a few km long). */
function toLineKm(p: { lat: number; lon: number }, [a1, o1, a2, o2]: Line): number {
  const k = Math.cos((((a1 + a2) / 2) * Math.PI) / 180);
  const [x, y] = [(p.lon - o1) * k, p.lat - a1];
  const [dx, dy] = [(o2 - o1) * k, a2 - a1];
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, (x * dx + y * dy) / len)) : 0;
  return distanceKm(p, { lat: a1 + t * dy, lon: o1 + (t * dx) / k });
}

/** How far (km) the coordinates lie from the street, neighbourhood or town the address names. */
export function kmFromAddress(p: { lat: number; lon: number }, place: AddressPlace): number {
  return place.line ? toLineKm(p, place.line) : distanceKm(p, place);
}

/** A number in [0, 1) from a text: a drawn point stays where it is for the same address, in any answer. */
function unit(text: string, salt: number): number {
  let h = 2166136261 ^ salt;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return ((h >>> 0) % 100_000) / 100_000;
}

/**
 * Coordinates at an address: a point along its street (within about 60 m of the line), near its
 * neighbourhood's centre, or within about a kilometre of its town's; the same address always gives
 * the same point. Undefined when nothing places the address.
 */
export function pointAt(address: string): { lat: number; lon: number } | undefined {
  const place = placeAddress(address);
  if (!place) return undefined;
  const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
  const off = (salt: number, deg: number) => (unit(address, salt) - 0.5) * 2 * deg;
  if (place.line) {
    const t = 0.1 + 0.8 * unit(address, 1);
    const [a1, o1, a2, o2] = place.line;
    return { lat: round6(a1 + t * (a2 - a1) + off(2, 0.0005)), lon: round6(o1 + t * (o2 - o1) + off(3, 0.0005)) };
  }
  const deg = place.by === 'area' ? 0.005 : Math.min(0.01, place.reachKm / 222);
  return { lat: round6(place.lat + off(2, deg)), lon: round6(place.lon + off(3, deg)) };
}

/**
 * The street (or Tokyo neighbourhood) of `address`'s town that runs nearest `p`, and `address` moved
 * onto it (its number and town kept): "161 East 14th Street, New York City" for a pin in the East
 * Village stays, for one on the Upper West Side becomes "161 Amsterdam Avenue, New York City".
 * The address as it is when it names no street the table knows, or already lies within reach.
 */
export function addressNear(address: string, p: { lat: number; lon: number }): string {
  const place = placeAddress(address);
  if (!place || place.by === 'town' || kmFromAddress(p, place) <= place.reachKm / 2) return address;
  const t = TOWNS.find((x) => x.town === place.town)!;
  if (place.by === 'street') {
    const ranked = Object.entries(t.lines).map(([s, line]) => [s, toLineKm(p, line)] as const).sort((a, b) => a[1] - b[1]);
    const best = ranked[0];
    // Any street of the town that runs there, the same one for the same address.
    const near = ranked.filter(([, km]) => km <= STREET_REACH_KM * 0.8);
    if (near.length) return onStreet(address, place.what, near[Math.floor(unit(address, 7) * near.length)][0], t, p);
    // A street of a district beside the town ("67 Hollywood Boulevard" by the Walk of Fame): the number kept, the district's street.
    const other = TOWNS.filter((x) => x !== t).flatMap((x) => Object.entries(x.lines).map(([s, line]) => [s, toLineKm(p, line), x] as const)).sort((a, b) => a[1] - b[1])[0];
    // A town's own name after it ("6061 Santa Monica Boulevard, Los Angeles", as addressNearIn writes it) stays true of a
    // district inside the town (Hollywood in Los Angeles), never of a town beside it (San Bruno's San Bruno Avenue with ", San Francisco").
    const ownTail = address.split(',').slice(1).join(',').trim().toLowerCase();
    const inside = !!other && distanceKm({ lat: other[2].centre[0], lon: other[2].centre[1] }, { lat: t.centre[0], lon: t.centre[1] }) < t.reachKm;
    const numbered = /^\s*\d+[A-Za-z]?\s/.test(address) && (!address.includes(',') || (ownTail === t.town.toLowerCase() && inside));
    if (other && other[1] <= STREET_REACH_KM * 0.8 && numbered) return address.replace(new RegExp(esc(place.what), 'i'), other[0]);
    // No street of the pool runs there: the neighbourhood, else the nearby town the place table knows ("Monterey Park"), before the town's tail.
    const tail = address.split(',').slice(1).join(',').trim();
    const area = Object.entries(t.areas ?? {}).map(([a, [lat, lon]]) => [a, distanceKm(p, { lat, lon })] as const).sort((a, b) => a[1] - b[1])[0];
    if (area && area[1] <= AREA_REACH_KM && tail) return `${area[0]}, ${tail}`;
    const town = nearbyTown(p, t);
    if (town && tail) return `${town}, ${tail}`;
    return best ? onStreet(address, place.what, best[0], t, p) : address;
  }
  const best = Object.entries(t.areas ?? {}).map(([a, [lat, lon]]) => [a, distanceKm(p, { lat, lon })] as const).sort((a, b) => a[1] - b[1])[0];
  if (!best) return address;
  // A Tokyo address names its ward after the neighbourhood ("Kagurazaka, Shinjuku"): the ward goes with it.
  const ward = WARD_OF[best[0]];
  return address.replace(new RegExp(`${esc(place.what)}(,\\s*[A-Z][a-z]+)?`), ward ? `${best[0]}, ${ward}` : best[0]);
}

/** Where along a line (0 at its first point, 1 at its last) a point lies nearest. */
function alongLine(p: { lat: number; lon: number }, [a1, o1, a2, o2]: Line): number {
  const k = Math.cos((((a1 + a2) / 2) * Math.PI) / 180);
  const [x, y] = [(p.lon - o1) * k, p.lat - a1];
  const [dx, dy] = [(o2 - o1) * k, a2 - a1];
  const len = dx * dx + dy * dy;
  return len ? Math.max(0, Math.min(1, (x * dx + y * dy) / len)) : 0;
}

/** The house number of a numbered street at fraction `t` of its line. */
const numberAt = ([first, last]: [number, number], t: number) => Math.max(1, Math.round(first + t * (last - first)));

/**
 * `address` moved from street `from` onto street `to` of town `t`, at `p`: on a numbered street its
 * number becomes the one standing at `p` ("161 East 14th Street" for a pin at Lexington and 57th
 * becomes "721 Lexington Avenue"), else the number is kept.
 */
function onStreet(address: string, from: string, to: string, t: TownGeo, p: { lat: number; lon: number }): string {
  const moved = address.replace(new RegExp(esc(from), 'i'), to);
  const range = t.numbers?.[to];
  const n = houseNumber(moved, to);
  if (!range || n === undefined) return moved;
  const at = numberAt(range, alongLine(p, t.lines[to]));
  return moved.replace(new RegExp(`(^|,\\s*)${n}(?=[A-Za-z]?\\s+${esc(to)})|(${esc(to)},?\\s+)${n}(?!\\d)`, 'iu'), (_m, a?: string, b?: string) => `${a ?? b ?? ''}${at}`);
}

/**
 * `address` (read in `town` when it names none) moved to a numbered street of its town that passes
 * within `km` of `p`, at a number standing within `km` of `p` ("81 Lexington Avenue" of coffee within
 * 500 m of Times Square becomes "128 West 44th Street"); the same address always moves to the same
 * spot. Undefined when the address is on no street of a town that numbers its streets, or no
 * numbered street passes that close.
 */
export function addressWithin(address: string, p: { lat: number; lon: number }, km: number, town?: string): string | undefined {
  const place = placeAddressIn(address, town);
  if (!place || place.by !== 'street') return undefined;
  const t = TOWNS.find((x) => x.town === place.town);
  if (!t?.numbers) return undefined;
  const near = Object.keys(t.numbers).map((st) => [st, toLineKm(p, t.lines[st])] as const).filter(([, d]) => d < km);
  if (!near.length) return undefined;
  const [street, d] = near[Math.floor(unit(address, 11) * near.length)];
  const line = t.lines[street];
  const lineKm = distanceKm({ lat: line[0], lon: line[1] }, { lat: line[2], lon: line[3] }) || 1;
  // Along the line from the spot nearest p, as far either way as keeps within km of p.
  const slack = Math.sqrt(Math.max(0, km * km - d * d)) / lineKm;
  const along = Math.max(0, Math.min(1, alongLine(p, line) + (unit(address, 13) * 2 - 1) * slack));
  const moved = address.replace(new RegExp(esc(place.what), 'i'), street);
  const n = houseNumber(moved, street);
  if (n === undefined) return moved;
  const at = numberAt(t.numbers[street], along);
  return moved.replace(new RegExp(`(^|,\\s*)${n}(?=[A-Za-z]?\\s+${esc(street)})|(${esc(street)},?\\s+)${n}(?!\\d)`, 'iu'), (_m, a?: string, b?: string) => `${a ?? b ?? ''}${at}`);
}

/** A town of the place table within 6 km of `p` that is not `t` itself nor a landmark inside it: Monterey Park beside Los Angeles. */
function nearbyTown(p: { lat: number; lon: number }, t: TownGeo): string | undefined {
  const centre = { lat: t.centre[0], lon: t.centre[1] };
  const hits = placesNamedIn(NEARBY_TOWNS.join('; ')).filter((x) => distanceKm(x, p) <= 6 && distanceKm(x, centre) > 5);
  return hits.sort((a, b) => distanceKm(a, p) - distanceKm(b, p))[0]?.name;
}

/** Towns beside the simulator's big ones that the place table knows. */
const NEARBY_TOWNS = ['Culver City', 'Monterey Park', 'Torrance', 'Huntington Beach', 'Santa Monica', 'San Bruno', 'Berkeley', 'Bayonne', 'Union City', 'Long Island City', 'Brooklyn', 'Queens'];

const WARD_OF: Record<string, string> = {
  Roppongi: 'Minato', Akasaka: 'Minato', 'Azabu-Juban': 'Minato', Shibaura: 'Minato', Toranomon: 'Minato',
  Asakusa: 'Taito', Ueno: 'Taito', Yanaka: 'Taito', Kuramae: 'Taito',
  Oshiage: 'Sumida', Ryogoku: 'Sumida', Kinshi: 'Sumida', Mukojima: 'Sumida',
  Kiyosumi: 'Koto', Monzennakacho: 'Koto', Toyosu: 'Koto', Kameido: 'Koto',
  Kanda: 'Chiyoda', Marunouchi: 'Chiyoda', Iidabashi: 'Chiyoda', Jimbocho: 'Chiyoda',
  Jingumae: 'Shibuya', Ebisu: 'Shibuya', Dogenzaka: 'Shibuya', Tomigaya: 'Shibuya',
  'Nishi-Shinjuku': 'Shinjuku', Kagurazaka: 'Shinjuku', Yotsuya: 'Shinjuku', Okubo: 'Shinjuku',
  Ginza: 'Chuo', Nakameguro: 'Meguro', Hamamatsucho: 'Minato', Shimbashi: 'Minato', Shinagawa: 'Minato',
};

// -------------------------------------------------------------------------------------------
// Where streets meet: a route turns only between streets whose lines meet
// -------------------------------------------------------------------------------------------

/** How close two streets' lines must come to meet (the lines are good to about 200 m). */
export const MEET_KM = 0.3;
/** Streets under this many degrees apart run side by side (Columbus and Amsterdam Avenues): no turn leads from one to the other. */
const SIDE_BY_SIDE_DEG = 25;

type XY = [number, number];
/** A point in km on a flat map around latitude `lat0` (the streets are a few km long). */
const xy = (lat: number, lon: number, lat0: number): XY => [lon * 111.32 * Math.cos((lat0 * Math.PI) / 180), lat * 110.574];

function pointSegKm(p: XY, a: XY, b: XY): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len)) : 0;
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** Where two lines cross, as a fraction along the first (undefined when they do not). */
function crossAt(a: XY, b: XY, c: XY, d: XY): number | undefined {
  const den = (b[0] - a[0]) * (d[1] - c[1]) - (b[1] - a[1]) * (d[0] - c[0]);
  if (Math.abs(den) < 1e-12) return undefined;
  const t = ((c[0] - a[0]) * (d[1] - c[1]) - (c[1] - a[1]) * (d[0] - c[0])) / den;
  const u = ((c[0] - a[0]) * (b[1] - a[1]) - (c[1] - a[1]) * (b[0] - a[0])) / den;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : undefined;
}

/** How near (km) two lines come: 0 where they cross. */
export function linesKm(l: Line, m: Line): number {
  const lat0 = (l[0] + m[0]) / 2;
  const [a, b, c, d] = [xy(l[0], l[1], lat0), xy(l[2], l[3], lat0), xy(m[0], m[1], lat0), xy(m[2], m[3], lat0)];
  if (crossAt(a, b, c, d) !== undefined) return 0;
  return Math.min(pointSegKm(a, c, d), pointSegKm(b, c, d), pointSegKm(c, a, b), pointSegKm(d, a, b));
}

/** Degrees (0–90) between two lines' directions. */
function linesDeg(l: Line, m: Line): number {
  const lat0 = (l[0] + m[0]) / 2;
  const dir = (x: Line) => {
    const [p, q] = [xy(x[0], x[1], lat0), xy(x[2], x[3], lat0)];
    return Math.atan2(q[1] - p[1], q[0] - p[0]);
  };
  const deg = Math.abs(((dir(l) - dir(m)) * 180) / Math.PI) % 180;
  return Math.min(deg, 180 - deg);
}

/**
 * Two streets meet: their lines come within MEET_KM, and do not run side by side; never two on
 * different banks of a river (rivers.ts), where only a bridge, a street crossing it, meets both: the
 * Quai d'Orsay ends 270 m from the Rue de Rivoli, across the Seine (teval_query_185_2).
 */
export function linesMeet(l: Line, m: Line): boolean {
  return ((linesKm(l, m) <= MEET_KM && linesDeg(l, m) >= SIDE_BY_SIDE_DEG) || endToEnd(l, m)) && !acrossRiver(l, m);
}

/** Two streets neither of which crosses a river, on its two banks. */
function acrossRiver(l: Line, m: Line): boolean {
  const ends = (x: Line): [{ lat: number; lon: number }, { lat: number; lon: number }] => [{ lat: x[0], lon: x[1] }, { lat: x[2], lon: x[3] }];
  if (riverBetween(...ends(l)) || riverBetween(...ends(m))) return false;
  return !!riverBetween(ends(l)[0], ends(m)[0]);
}

/** One street going on as the other (the Bowery as Third Avenue): an end of each within 150 m. */
function endToEnd(l: Line, m: Line): boolean {
  const ends = (x: Line) => [{ lat: x[0], lon: x[1] }, { lat: x[2], lon: x[3] }];
  return ends(l).some((p) => ends(m).some((q) => distanceKm(p, q) <= 0.15));
}

/** The crossings (route-only streets) of the towns that draw any street of `pool`. */
export function crossingsOf(pool: readonly string[]): string[] {
  const low = new Set(pool.map((s) => s.toLowerCase()));
  return [...new Set(TOWNS.filter((t) => Object.keys(t.lines).some((s) => low.has(s.toLowerCase()))).flatMap((t) => Object.keys(t.crossings ?? {})))];
}

/**
 * The line of `street` in the towns above: the town's whose line runs nearest `near` when two towns
 * have a street of that name (Wilshire Boulevard in Santa Monica and Los Angeles); undefined for a
 * street no town here draws (London's, a generic "Main Street").
 */
export function streetLine(street: string, near?: { lat: number; lon: number }): Line | undefined {
  const key = fullName(street);
  const lines = TOWNS.flatMap((t) => Object.entries({ ...t.lines, ...t.crossings }).filter(([s]) => fullName(s) === key).map(([, l]) => l));
  if (!near || lines.length < 2) return lines[0];
  return lines.sort((a, b) => toLineKm(near, a) - toLineKm(near, b))[0];
}

const ABBREVIATED: Record<string, string> = { st: 'street', ave: 'avenue', rd: 'road', blvd: 'boulevard', dr: 'drive', ln: 'lane', pl: 'place' };
/** A street's name in full, lower case: an address's "Pennsylvania Ave NW" is the map's "Pennsylvania Avenue NW". */
const fullName = (street: string): string => {
  // Remembered: streetLine compares every street of every town with the one asked (0.9 s of a build
  // re-normalising the same map names); the names are the map's and the data's, a bounded set.
  let name = fullNames.get(street);
  if (name === undefined) {
    if (fullNames.size >= FULL_NAMES_SIZE) fullNames.clear();
    fullNames.set(street, (name = inFull(street)));
  }
  return name;
};
const fullNames = new Map<string, string>();
const FULL_NAMES_SIZE = 50_000;
const inFull = (street: string) => street.toLowerCase().replace(/^([wens])\.?\s+(?=\S)/, (_m, d: string) => `${Object.keys(DIRECTIONS).find((k) => k[0] === d)} `).replace(/\b(st|ave|rd|blvd|dr|ln|pl)\b\.?/g, (w) => ABBREVIATED[w.replace('.', '')] ?? w).replace(/\s+/g, ' ').trim().replace(/^(\d+(?:st|nd|rd|th)) avenue$/, (_m, o: string) => `${Object.entries(ORDINALS).find(([, d]) => d === o)?.[0] ?? o} avenue`);

/** A street as the map names it, however an address abbreviates it ("W 44th St" → "West 44th Street"); as given for a street the map does not draw. */
export function drawnName(street: string): string {
  const key = fullName(street);
  for (const t of TOWNS) for (const s of Object.keys({ ...t.lines, ...t.crossings })) if (fullName(s) === key) return s;
  return street;
}

/** Kilometres from a point to the line of `street` (undefined for a street no town here draws). */
export function kmToStreet(p: { lat: number; lon: number }, street: string): number | undefined {
  const line = streetLine(street, p);
  return line ? toLineKm(p, line) : undefined;
}

/** Where two meeting lines meet (where they cross, else the nearer end of one to the other). */
function meetPoint(l: Line, m: Line, lat0: number): XY {
  const [a, b, c, d] = [xy(l[0], l[1], lat0), xy(l[2], l[3], lat0), xy(m[0], m[1], lat0), xy(m[2], m[3], lat0)];
  const t = crossAt(a, b, c, d);
  if (t !== undefined) return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
  const ends: [XY, XY, XY][] = [[a, c, d], [b, c, d], [c, a, b], [d, a, b]];
  const [p] = ends.sort((x, y) => pointSegKm(x[0], x[1], x[2]) - pointSegKm(y[0], y[1], y[2]))[0];
  return p;
}

/** The nearest spot of a line to a flat point, and the line's ends, flat. */
function projectXY(p: XY, l: Line, lat0: number): { at: XY; a: XY; b: XY } {
  const [a, b] = [xy(l[0], l[1], lat0), xy(l[2], l[3], lat0)];
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len)) : 0;
  return { at: [a[0] + t * dx, a[1] + t * dy], a, b };
}

const COMPASS = ['east', 'northeast', 'north', 'northwest', 'west', 'southwest', 'south', 'southeast'];
/** The compass word of a flat direction. */
const compassOf = (v: XY) => COMPASS[((Math.round(Math.atan2(v[1], v[0]) / (Math.PI / 4)) % 8) + 8) % 8];

/** One street of a drive through town: the street, the way it is driven, and how it is turned onto from the one before. */
export interface StreetLeg {
  street: string;
  /** The compass heading along it ("north", "southeast"). */
  heading: string;
  /** How it is reached from the street before: a left or right turn, a bear left or right (under 45°); none for the first. */
  turn?: 'left' | 'right' | 'bear left' | 'bear right' | 'continue';
  /** Whether it is driven from its line's first point toward its last (1) or back (-1). */
  along?: 1 | -1;
}

/**
 * Streets the map draws that run one way, as their traffic goes along the line (1: from its first
 * point to its last, -1: back): Manhattan's Madison, Third and Eighth Avenues run north (uptown),
 * Fifth, Lexington and Columbus south. Only those known for sure; the cross streets of the map
 * (14th, 23rd, 42nd, 57th, 72nd, 86th, the transverses) and the rest run both ways or are not modelled.
 */
export const ONE_WAY: Record<string, 1 | -1> = { 'Madison Avenue': 1, 'Third Avenue': 1, 'Eighth Avenue': 1, 'Fifth Avenue': -1, 'Seventh Avenue': -1, 'Lexington Avenue': -1, 'Columbus Avenue': -1 };

/** A text with an avenue written by its ordinal in figures ("Turn right onto 5th Ave") naming it as the map does ("Fifth Avenue"), where the map draws it. */
export function spelledOut(text: string): string {
  return text.replace(/\b(\d{1,2}(?:st|nd|rd|th)) Ave(?:nue)?\b\.?/g, (m, o: string) => {
    const word = Object.entries(ORDINALS).find(([, d]) => d === o.toLowerCase())?.[0];
    const name = word ? `${word[0].toUpperCase()}${word.slice(1)} Avenue` : undefined;
    return name && TOWNS.some((t) => name in (t.crossings ?? {}) || name in t.lines) ? name : m;
  });
}

/** The first leg driven against its street's one-way traffic (ONE_WAY), if any. */
export function wrongWay(legs: readonly StreetLeg[]): StreetLeg | undefined {
  return legs.find((l) => {
    const way = Object.entries(ONE_WAY).find(([st]) => fullName(st) === fullName(l.street))?.[1];
    return way !== undefined && l.along !== undefined && l.along !== way;
  });
}

/**
 * A drive along streets that meet, one to the next: from `from` (a point on or near the first
 * street) through `streets` in order, to `to` (a point by the last) when given, else along the last
 * street away from where it was joined. Each turn is left or right by the change of heading at the
 * corner, as a driver turns it. With no `to` but a `toward` (where a drive to the highway is bound), the last
 * street two-way traffic allows either way is driven toward it. Undefined when a street has no line here or two in a row never meet.
 */
export function streetLegs(streets: readonly string[], from?: { lat: number; lon: number }, to?: { lat: number; lon: number }, toward?: { lat: number; lon: number }): StreetLeg[] | undefined {
  const near = from ?? to;
  const lines = streets.map((s) => streetLine(s, near));
  if (!lines.length || lines.some((l) => !l)) return undefined;
  const ls = lines as Line[];
  for (let i = 1; i < ls.length; i++) if (!linesMeet(ls[i - 1], ls[i])) return undefined;
  const lat0 = ls[0][0];
  const corners = ls.slice(1).map((l, i) => meetPoint(ls[i], l, lat0));
  const legs: StreetLeg[] = [];
  let prev: XY | undefined;
  for (let i = 0; i < ls.length; i++) {
    // Where the drive joins this street, and where it leaves it.
    const { a, b } = projectXY([0, 0], ls[i], lat0);
    const enter: XY = i > 0 ? corners[i - 1] : from ? projectXY(xy(from.lat, from.lon, lat0), ls[i], lat0).at : corners[0] ? farEnd(a, b, corners[0]) : a;
    // The last street with nowhere given to go is driven the way its traffic goes, on a one-way street (Fifth Avenue south).
    const way = i >= corners.length && !to ? ONE_WAY[Object.keys(ONE_WAY).find((st) => fullName(st) === fullName(streets[i])) ?? ''] : undefined;
    // With nowhere given to go but a way the drive is bound (the highway toward Cupertino), the end of the street on that side.
    const bound = toward ? xy(toward.lat, toward.lon, lat0) : undefined;
    let leave: XY = i < corners.length ? corners[i] : to ? projectXY(xy(to.lat, to.lon, lat0), ls[i], lat0).at : way ? (way === 1 ? b : a) : bound ? farEnd(a, b, bound) === a ? b : a : farEnd(a, b, enter);
    // Joined where it is left (a start at the corner): it is driven toward the corner from its other end.
    if (Math.hypot(leave[0] - enter[0], leave[1] - enter[1]) < 0.05) leave = i < corners.length ? leave : farEnd(a, b, enter);
    let dir: XY = [leave[0] - enter[0], leave[1] - enter[1]];
    if (Math.hypot(...dir) < 0.05) {
      const far = farEnd(a, b, leave);
      dir = [leave[0] - far[0], leave[1] - far[1]];
    }
    const dot = dir[0] * (b[0] - a[0]) + dir[1] * (b[1] - a[1]);
    const leg: StreetLeg = { street: streets[i], heading: compassOf(dir), ...(dot !== 0 ? { along: dot > 0 ? (1 as const) : (-1 as const) } : {}) };
    if (prev) {
      const cross = prev[0] * dir[1] - prev[1] * dir[0];
      const deg = (Math.acos(Math.max(-1, Math.min(1, (prev[0] * dir[0] + prev[1] * dir[1]) / (Math.hypot(...prev) * Math.hypot(...dir))))) * 180) / Math.PI;
      leg.turn = deg < 20 ? 'continue' : deg < 45 ? (cross > 0 ? 'bear left' : 'bear right') : cross > 0 ? 'left' : 'right';
    }
    legs.push(leg);
    prev = dir;
  }
  return legs;
}

/**
 * A point `km` from `a` on the great circle toward `b`: where a drive out of town to a far destination is
 * bound (from Manhattan to Cupertino, a few km west, not the straight line on a flat map).
 */
export function pointToward(a: { lat: number; lon: number }, b: { lat: number; lon: number }, km: number): { lat: number; lon: number } {
  const r = Math.PI / 180;
  const [la1, lo1, la2, lo2] = [a.lat * r, a.lon * r, b.lat * r, b.lon * r];
  const brg = Math.atan2(Math.sin(lo2 - lo1) * Math.cos(la2), Math.cos(la1) * Math.sin(la2) - Math.sin(la1) * Math.cos(la2) * Math.cos(lo2 - lo1));
  const d = km / 6371;
  const lat = Math.asin(Math.sin(la1) * Math.cos(d) + Math.cos(la1) * Math.sin(d) * Math.cos(brg));
  const lon = lo1 + Math.atan2(Math.sin(brg) * Math.sin(d) * Math.cos(la1), Math.cos(d) - Math.sin(la1) * Math.sin(lat));
  return { lat: lat / r, lon: lon / r };
}

/** The end of a line farther from a point. */
function farEnd(a: XY, b: XY, p: XY): XY {
  return Math.hypot(a[0] - p[0], a[1] - p[1]) >= Math.hypot(b[0] - p[0], b[1] - p[1]) ? a : b;
}

/**
 * Streets of `pool` that meet one after another, from `first` to a street within `reachKm` of `to`
 * (the fewest turns; ties broken by `pick`), or, with no `to`, `extra` more streets that meet. Only
 * streets with a line here take part. Undefined when `first` has no line or no such chain exists.
 */
export function streetChain(pool: readonly string[], first: string, opts: { to?: { lat: number; lon: number }; near?: { lat: number; lon: number }; extra?: number; reachKm?: number; pick: <T>(xs: readonly T[]) => T; ok?: (chain: string[]) => boolean; must?: (chain: string[]) => boolean }): string[] | undefined {
  const near = opts.near ?? opts.to;
  const line = (s: string) => streetLine(s, near);
  if (!line(first)) return undefined;
  const drawn = [...new Set([first, ...pool])].filter((s) => line(s));
  const meets = (x: string, y: string) => x !== y && linesMeet(line(x)!, line(y)!);
  if (opts.to) {
    const to = opts.to;
    // A street passing the end (250 m) before one by it (600 m) before one merely near it (the reach, 1 km): a drive to
    // Times Square arrives on Seventh Avenue or 44th Street, never on Fifth Avenue 500 m east (teval_query_303_0).
    const within = (km: number) => drawn.filter((s) => toLineKm(to, line(s)!) <= km);
    const tier = [0.25, 0.6, opts.reachKm ?? 1].map(within).find((xs) => xs.length) ?? [];
    const ends = new Set(tier);
    if (!ends.size) return undefined;
    // Breadth first: the fewest turns.
    let paths: string[][] = [[first]];
    // A street is reached by at most three chains (never twice in one): the shortest chain to 57th Street may drive
    // Lexington the wrong way, and the one by 23rd Street and Madison must still be found.
    const arrivals = new Map<string, number>([[first, 3]]);
    // A chain that drives a one-way street the wrong way (opts.ok) only when no other reaches the end.
    let fallback: string[][] | undefined;
    // A chain failing `must` (it ends on a street beside the end's own, which the route then turns onto) is the last resort only.
    let lastResort: string[][] | undefined;
    let fellAt = 0;
    for (let depth = 0; depth < 6 && paths.length; depth++) {
      const reached = paths.filter((p) => ends.has(p[p.length - 1]));
      if (reached.length) lastResort ??= reached;
      const done = opts.must ? reached.filter(opts.must) : reached;
      const good = opts.ok ? done.filter(opts.ok) : done;
      if (good.length) return opts.pick(good);
      if (done.length && !fallback) {
        fallback = done;
        fellAt = depth;
      }
      // At most two turns more than the shortest chain to keep to the traffic (round a one-way avenue by the next one up: Lexington
      // south, 23rd Street, Madison north); a longer detour reads worse than it.
      if (fallback && depth >= fellAt + 2) return opts.pick(fallback);
      const next: string[][] = [];
      for (const p of paths) {
        for (const s of drawn) {
          if ((arrivals.get(s) ?? 0) >= 3 || p.includes(s) || !meets(p[p.length - 1], s)) continue;
          arrivals.set(s, (arrivals.get(s) ?? 0) + 1);
          next.push([...p, s]);
        }
      }
      paths = next;
    }
    return fallback ? opts.pick(fallback) : lastResort ? opts.pick(lastResort) : undefined;
  }
  const chain = [first];
  for (let i = 0; i < (opts.extra ?? 0); i++) {
    const options = drawn.filter((s) => !chain.includes(s) && meets(chain[chain.length - 1], s));
    if (!options.length) break;
    const good = opts.ok ? options.filter((s) => opts.ok!([...chain, s])) : options;
    chain.push(opts.pick(good.length ? good : options));
  }
  return chain;
}

/** The street of `pool` whose line runs nearest `p`, with how far (km); undefined when none has a line here. */
export function nearestStreet(pool: readonly string[], p: { lat: number; lon: number }): { street: string; km: number } | undefined {
  return pool
    .map((s) => ({ street: s, line: streetLine(s, p) }))
    .filter((x): x is { street: string; line: Line } => !!x.line)
    .map(({ street, line }) => ({ street, km: toLineKm(p, line) }))
    .sort((a, b) => a.km - b.km)[0];
}

/** Every street the towns above draw (their address streets and crossings), longest name first. */
export const DRAWN_STREETS: readonly string[] = [...new Set(TOWNS.flatMap((t) => [...Object.keys(t.lines), ...Object.keys(t.crossings ?? {})]))].sort((a, b) => b.length - a.length);

// -------------------------------------------------------------------------------------------
// Where a town's highways run: a drive across town takes one only where it runs between the ends
// -------------------------------------------------------------------------------------------

/**
 * A highway or parkway of a town, as a line of points (to about half a kilometre): I-95 crosses
 * Manhattan at 178th Street, so a drive from Central Park to Battery Park never takes it; the FDR
 * Drive and the West Side Highway run down the island's sides. `atGrade`: a road with lights,
 * joined by a turn, not a ramp.
 */
interface RoadGeo {
  road: string;
  /** The town it serves (I-95 is Manhattan's and Miami's): the line nearest the drive is the one. */
  centre: [number, number];
  points: [number, number][];
  atGrade?: boolean;
}

const ROADS: RoadGeo[] = [
  // New York: the George Washington Bridge and the Cross Bronx Expressway.
  { road: 'I-95', centre: [40.7128, -74.006], points: [[40.8517, -73.9527], [40.8453, -73.9067], [40.8365, -73.8700], [40.8400, -73.8300], [40.8850, -73.8270]] },
  // Staten Island, the Verrazzano, the Gowanus and the Brooklyn–Queens Expressway, the RFK Bridge to the Bronx.
  { road: 'I-278', centre: [40.7128, -74.006], points: [[40.6290, -74.1800], [40.6060, -74.0450], [40.6400, -74.0200], [40.6750, -74.0000], [40.6950, -73.9960], [40.7000, -73.9850], [40.7080, -73.9550], [40.7270, -73.9280], [40.7550, -73.9050], [40.7800, -73.9250], [40.8050, -73.9150], [40.8200, -73.8600]] },
  // Along the East River from the Battery to the Harlem River.
  { road: 'the FDR Drive', centre: [40.7128, -74.006], points: [[40.7010, -74.0120], [40.7065, -74.0000], [40.7105, -73.9800], [40.7200, -73.9740], [40.7300, -73.9730], [40.7445, -73.9715], [40.7570, -73.9590], [40.7705, -73.9480], [40.7825, -73.9435], [40.8010, -73.9290], [40.8140, -73.9340]] },
  // The Lincoln Tunnel from New Jersey to Midtown, the Queens–Midtown Tunnel and the Long Island Expressway.
  { road: 'I-495', centre: [40.7128, -74.006], points: [[40.7640, -74.0240], [40.7625, -74.0080], [40.7580, -73.9980], [40.7470, -73.9720], [40.7430, -73.9550], [40.7390, -73.9200], [40.7360, -73.8700], [40.7450, -73.7700]] },
  // Along the Hudson from Battery Park to 72nd Street, with lights.
  { road: 'the West Side Highway', centre: [40.7128, -74.006], atGrade: true, points: [[40.7055, -74.0160], [40.7120, -74.0150], [40.7300, -74.0110], [40.7480, -74.0090], [40.7620, -74.0010], [40.7740, -73.9930], [40.7815, -73.9880]] },
  // Los Angeles: the Santa Monica, San Diego, Hollywood and Golden State Freeways.
  { road: 'I-10', centre: [34.0522, -118.2437], points: [[34.0500, -118.2100], [34.0330, -118.2700], [34.0370, -118.3300], [34.0360, -118.3800], [34.0296, -118.4297], [34.0200, -118.4700], [34.0125, -118.4960]] },
  { road: 'I-405', centre: [34.0522, -118.2437], points: [[33.9300, -118.3800], [33.9800, -118.4000], [34.0296, -118.4297], [34.0700, -118.4500], [34.1200, -118.4750], [34.1600, -118.4700]] },
  { road: 'US-101', centre: [34.0522, -118.2437], points: [[34.0580, -118.2400], [34.0780, -118.2770], [34.1000, -118.3280], [34.1250, -118.3450], [34.1380, -118.3600], [34.1450, -118.3900], [34.1550, -118.4500]] },
  { road: 'I-5', centre: [34.0522, -118.2437], points: [[34.0300, -118.2100], [34.0600, -118.2200], [34.0900, -118.2500], [34.1300, -118.2750], [34.1600, -118.2900], [34.1900, -118.3200]] },
];

/** The drawn line of `road` in the town nearest `near` (within 60 km of its centre); undefined for a road no town here draws there. */
function roadGeo(road: string, near: { lat: number; lon: number }): RoadGeo | undefined {
  return ROADS.filter((g) => g.road.toLowerCase() === road.toLowerCase() && distanceKm({ lat: g.centre[0], lon: g.centre[1] }, near) <= 60)
    .sort((a, b) => distanceKm({ lat: a.centre[0], lon: a.centre[1] }, near) - distanceKm({ lat: b.centre[0], lon: b.centre[1] }, near))[0];
}

/** Kilometres from `p` to `road`'s line in the town by `near` (default `p`); undefined for a road not drawn there. */
export function kmToRoad(p: { lat: number; lon: number }, road: string, near = p): number | undefined {
  const g = roadGeo(road, near);
  if (!g) return undefined;
  let best = Infinity;
  for (let i = 1; i < g.points.length; i++) best = Math.min(best, toLineKm(p, [...g.points[i - 1], ...g.points[i]] as Line));
  return best;
}

/** Whether the town by `near` draws `road`. */
export const roadDrawn = (road: string, near: { lat: number; lon: number }): boolean => !!roadGeo(road, near);

/**
 * Roads with lights wherever they run, drawn or not: CA-82 is El Camino Real, a boulevard of shops and
 * crossings down the Peninsula (Stanford to Google's Mountain View), joined by a turn and left, never
 * "take the ramp on the right for CA-82" (teval_query_188_0).
 */
const STREET_ROADS = new Set(['ca-82']);

/** Whether `road` is joined by a turn at a light (the West Side Highway, El Camino Real), not a ramp. */
export const roadAtGrade = (road: string, near: { lat: number; lon: number }): boolean => STREET_ROADS.has(road.toLowerCase()) || !!roadGeo(road, near)?.atGrade;

/** How far from a drive's end a highway across town may run and still be the one it takes (a few minutes' drive to the ramp). */
export const ROAD_REACH_KM = 3;

/** The nearest spot of `road`'s line to `p` (in the town by `p`): where a drive from `p` joins it. */
export function roadEntry(p: { lat: number; lon: number }, road: string): { lat: number; lon: number } | undefined {
  const g = roadGeo(road, p);
  if (!g) return undefined;
  return nearestOnRoad(p, g).at;
}

/** The nearest spot of a road's line to `p`, and how far along the line (km from its first point) it is. */
function nearestOnRoad(p: { lat: number; lon: number }, g: RoadGeo): { at: { lat: number; lon: number }; alongKm: number } {
  let best = { d: Infinity, at: { lat: g.points[0][0], lon: g.points[0][1] }, alongKm: 0 };
  let run = 0;
  for (let i = 1; i < g.points.length; i++) {
    const line = [...g.points[i - 1], ...g.points[i]] as Line;
    const t = alongLine(p, line);
    const at = { lat: line[0] + t * (line[2] - line[0]), lon: line[1] + t * (line[3] - line[1]) };
    const seg = distanceKm({ lat: line[0], lon: line[1] }, { lat: line[2], lon: line[3] });
    const d = distanceKm(p, at);
    if (d < best.d) best = { d, at, alongKm: run + t * seg };
    run += seg;
  }
  return best;
}

/** Kilometres along `road`'s line between where drives from `a` and to `b` join it (in the town by `a`); undefined for a road not drawn there. */
export function roadAlongKm(road: string, a: { lat: number; lon: number }, b: { lat: number; lon: number }): number | undefined {
  const g = roadGeo(road, a);
  return g ? Math.abs(nearestOnRoad(a, g).alongKm - nearestOnRoad(b, g).alongKm) : undefined;
}

/**
 * `address` with its house number among the numbers its street has, when the town numbers the street
 * and the drawn number is not one of them ("67 Santa Monica Boulevard" in Los Angeles, whose numbers run
 * 5500 to 9600 there): a number drawn in that range instead. Any other address as it is.
 */
export function numberOnItsStreet(address: string, draw: (lo: number, hi: number) => number, town?: string): string {
  const place = placeAddressIn(address, town);
  if (!place?.numbers || place.number === undefined) return address;
  const [first, last] = place.numbers;
  if (place.number >= first && place.number <= last) return address;
  const n = draw(first, last);
  return address.replace(new RegExp(`(^|,\\s*)${place.number}(?=[A-Za-z]?\\s+${esc(place.what)})|(${esc(place.what)},?\\s+)${place.number}(?!\\d)`, 'iu'), (_m, a?: string, b?: string) => `${a ?? b ?? ''}${n}`);
}
