/**
 * Streets as the town a simulated answer is in names them. The simulator had one English pool for
 * every town ("199 Park Lane, Berlin", "Church Lane, 上海", a route through Tokyo on "Main St"); an
 * address or a turn reads as made up the moment its street could not be in that town. Each town the
 * source tasks are about gets real street names in its own language and its own address order
 * (Torstraße 88 in Berlin, 2-14-5 Jingumae in Tokyo, 南京西路88号 in 上海); any other town keeps
 * the generic pool. The quality report's simulated_address_foreign checks every simulated answer.
 */
import type { Rng } from '../rng.js';
import { distanceKm, isPlaceholderAddress, placesNamedIn, type Place } from './places.js';
import { DISTRICTS } from './districts.js';

export interface StreetLocale {
  /** The town's name as an address line writes it. */
  town: string;
  /** Streets a route through the town takes, and an address may be on. */
  streets: readonly string[];
  /** Whether the town's streets are named in English (an "Oak Avenue" there is plausible). */
  english: boolean;
  /** Roads a drive out of town or across it takes ("I-280", "the A100", "the G2 Jinghu Expressway"). */
  roads: readonly string[];
  /** One address in the town's own order, ending in `label` (the place as the call named it) when given. */
  address(rng: Rng, label?: string): string;
}

/** Streets any town might have, for a town the table does not know ("Anytown"): American-style, as most such tasks are. */
export const GENERIC_STREETS = ['Main Street', 'Oak Avenue', 'Maple Street', 'Park Avenue', 'Market Street', 'River Road', 'Hill Street', 'Church Street'];

/** A town whose addresses put `street` and a house number `n` in its own order. */
function town(name: string, streets: readonly string[], roads: readonly string[], format: (street: string, n: number) => string, english = false): StreetLocale {
  return { town: name, streets, roads, english, address: (rng, label) => `${format(rng.pick(streets), rng.int(1, 180))}${label ? `, ${label}` : ''}` };
}
const numberFirst = (name: string, streets: readonly string[], roads: readonly string[], english = true) => town(name, streets, roads, (st, n) => `${n} ${st}`, english);
const numberAfter = (name: string, streets: readonly string[], roads: readonly string[]) => town(name, streets, roads, (st, n) => `${st} ${n}`);

/** China's long-distance roads: a drive from Beijing to Shanghai is on a Chinese expressway, not the M25. */
const CN = ['the G2 Jinghu Expressway', 'the G60 Hukun Expressway', 'the G4 Jinggangao Expressway', 'the G15 Shenhai Expressway'];

/** Towns by the place-table name at their centre, with how far from it their streets reach. */
const LOCALES: [centre: string, km: number, locale: StreetLocale][] = [
  ['New York City', 30, numberFirst('New York', ['Lexington Avenue', 'West 44th Street', 'Amsterdam Avenue', 'Bleecker Street', 'Madison Avenue', 'East 14th Street', 'Columbus Avenue', 'Mulberry Street'], ['I-95', 'I-278', 'the FDR Drive', 'I-495', 'the West Side Highway'])],
  ['San Francisco', 12, numberFirst('San Francisco', ['Valencia Street', 'Hayes Street', 'Mission Street', 'Divisadero Street', 'Polk Street', 'Clement Street', 'Irving Street', 'Fillmore Street'], ['US-101', 'I-80', 'I-280'])],
  ['Los Angeles', 30, numberFirst('Los Angeles', ['Sunset Boulevard', 'Melrose Avenue', 'Wilshire Boulevard', 'Vermont Avenue', 'Fairfax Avenue', 'La Brea Avenue', 'Santa Monica Boulevard', 'Figueroa Street'], ['I-405', 'I-10', 'US-101', 'I-5'])],
  ['Miami', 25, numberFirst('Miami', ['Collins Avenue', 'Ocean Drive', 'Biscayne Boulevard', 'Brickell Avenue', 'Washington Avenue', 'Alton Road', 'Lincoln Road', 'Coral Way'], ['I-95', 'I-195', 'US-1'])],
  ['Chicago', 25, numberFirst('Chicago', ['North Michigan Avenue', 'West Randolph Street', 'North Clark Street', 'West Division Street', 'North Halsted Street', 'South State Street'], ['I-90', 'I-94', 'I-290'])],
  // The park by its Beaver Meadows entrance (places.ts): a drive there or from it is on its own roads and Estes Park's.
  ['Rocky Mountain National Park', 12, numberFirst('Estes Park', ['Trail Ridge Road', 'Bear Lake Road', 'Moraine Avenue', 'Fall River Road', 'Elkhorn Avenue', 'Wonderview Avenue'], ['US-36', 'US-34', 'CO-7'])],
  ['Boston', 20, numberFirst('Boston', ['Newbury Street', 'Boylston Street', 'Hanover Street', 'Tremont Street', 'Charles Street', 'Commonwealth Avenue'], ['I-93', 'I-90'])],
  ['Seattle', 20, numberFirst('Seattle', ['Pike Street', 'Pine Street', 'Broadway East', 'Fremont Avenue North', 'Ballard Avenue NW', '1st Avenue'], ['I-5', 'I-90', 'SR 99'])],
  ['London', 25, numberFirst('London', ['Camden High Street', 'Brick Lane', 'Old Street', 'Marylebone High Street', 'Upper Street', 'Borough High Street', 'Portobello Road', 'Kensington Church Street'], ['the A40', 'the M25', 'the A406'])],
  ['Sydney', 25, numberFirst('Sydney', ['George Street', 'Oxford Street', 'Crown Street', 'Macleay Street', 'Glebe Point Road', 'Darlinghurst Road'], ['the M1', 'the Cahill Expressway'])],
  ['Singapore', 30, numberFirst('Singapore', ['Orchard Road', 'Tanjong Pagar Road', 'Beach Road', 'Joo Chiat Road', 'Holland Avenue', 'Telok Ayer Street'], ['the PIE', 'the CTE', 'the ECP'])],
  ['Hong Kong', 20, numberFirst('Hong Kong', ['Nathan Road', "Queen's Road Central", 'Hollywood Road', 'Des Voeux Road Central', 'Lockhart Road', 'Canton Road'], ['the Island Eastern Corridor', 'Tolo Highway'])],
  ['Paris', 20, numberFirst('Paris', ['Rue de Rivoli', 'Rue Oberkampf', 'Boulevard Saint-Germain', 'Rue de la Roquette', 'Rue Montorgueil', 'Avenue Parmentier', 'Rue des Martyrs', 'Rue du Faubourg Saint-Antoine'], ['the Boulevard Périphérique', 'the A1', 'the A6'], false)],
  ['Berlin', 25, numberAfter('Berlin', ['Torstraße', 'Kastanienallee', 'Oranienstraße', 'Bergmannstraße', 'Schönhauser Allee', 'Karl-Marx-Allee', 'Kantstraße', 'Friedrichstraße'], ['the A100', 'the A111'])],
  ['Copenhagen', 20, numberAfter('Copenhagen', ['Vesterbrogade', 'Nørrebrogade', 'Istedgade', 'Jægersborggade', 'Gothersgade', 'Østerbrogade', 'Amagerbrogade', 'Store Kongensgade'], ['the E20', 'Ring 2'])],
  ['Amsterdam', 15, numberAfter('Amsterdam', ['Prinsengracht', 'Keizersgracht', 'Haarlemmerstraat', 'Utrechtsestraat', 'Overtoom', 'Ferdinand Bolstraat', 'Jan Pieter Heijestraat', 'Czaar Peterstraat'], ['the A10 ring road', 'the A2'])],
  ['Rome', 20, numberAfter('Rome', ['Via del Corso', 'Via Nazionale', 'Via Cavour', 'Via dei Coronari', 'Via Margutta', 'Via del Governo Vecchio'], ['the Grande Raccordo Anulare', 'the A1'])],
  ['Madrid', 20, town('Madrid', ['Calle de Alcalá', 'Gran Vía', 'Calle de Fuencarral', 'Calle Mayor', 'Calle de Atocha', 'Calle de Serrano'], ['the M-30', 'the A-6'], (st, n) => `${st}, ${n}`)],
  ['Barcelona', 15, town('Barcelona', ['Passeig de Gràcia', 'Carrer de Verdi', 'Carrer de Mallorca', 'Carrer del Consell de Cent', 'Carrer de Girona', 'Carrer de Blai'], ['the Ronda de Dalt', 'the B-10'], (st, n) => `${st}, ${n}`)],
  ['Tokyo', 30, {
    town: 'Tokyo', english: false, roads: ['the Shuto Expressway', 'the Tomei Expressway', 'the Chuo Expressway'],
    streets: ['Meiji-dori', 'Omotesando', 'Yasukuni-dori', 'Aoyama-dori', 'Sotobori-dori', 'Chuo-dori', 'Harumi-dori', 'Showa-dori'],
    address: (rng, label) => `${rng.int(1, 4)}-${rng.int(1, 28)}-${rng.int(1, 20)} ${rng.pick(['Jingumae, Shibuya', 'Ginza, Chuo', 'Nishi-Shinjuku, Shinjuku', 'Asakusa, Taito', 'Roppongi, Minato', 'Ebisu, Shibuya', 'Kagurazaka, Shinjuku', 'Nakameguro, Meguro'])}${label ? `, ${label}` : ''}`,
  }],
  ['Seoul', 25, town('Seoul', ['Teheran-ro', 'Sejong-daero', 'Itaewon-ro', 'Yanghwa-ro', 'Dosan-daero', 'Hoehyeon-ro'], ['the Olympic-daero', 'the Gyeongbu Expressway'], (st, n) => `${n} ${st}`)],
  ['Bali', 60, town('Bali', ['Jalan Raya Seminyak', 'Jalan Monkey Forest', 'Jalan Pantai Kuta', 'Jalan Bisma', 'Jalan Batu Bolong', 'Jalan Kayu Aya', 'Jalan Hanoman', 'Jalan Legian'], ['the Bali Mandara Toll Road', 'Jalan By Pass Ngurah Rai'], (st, n) => `${st} No. ${n}`)],
  // Every other town the place table knows gets its own streets too: a route from the White House on
  // "Main Street" or through San Bruno on "Station Road" reads as made up as much as a Park Lane in Berlin.
  ['Washington', 20, numberFirst('Washington', ['Pennsylvania Avenue NW', 'K Street NW', 'Connecticut Avenue NW', '14th Street NW', 'Massachusetts Avenue NW', 'U Street NW', 'Constitution Avenue NW', 'M Street NW'], ['I-395', 'I-66', 'the Capital Beltway'])],
  ['Las Vegas', 20, numberFirst('Las Vegas', ['Las Vegas Boulevard', 'Flamingo Road', 'Tropicana Avenue', 'Fremont Street', 'Sahara Avenue', 'Paradise Road', 'Charleston Boulevard', 'Spring Mountain Road'], ['I-15', 'I-11', 'the 215 Beltway'])],
  ['Denver', 20, numberFirst('Denver', ['East Colfax Avenue', '16th Street', 'Larimer Street', 'Speer Boulevard', 'Federal Boulevard', 'Blake Street', 'South Pearl Street', 'Wynkoop Street'], ['I-25', 'I-70', 'I-225'])],
  ['Portland', 15, numberFirst('Portland', ['West Burnside Street', 'SE Hawthorne Boulevard', 'NE Alberta Street', 'SE Division Street', 'NW 23rd Avenue', 'SW Broadway', 'N Mississippi Avenue'], ['I-5', 'I-84', 'I-405'])],
  ['San Bruno', 8, numberFirst('San Bruno', ['El Camino Real', 'San Bruno Avenue', 'Sneath Lane', 'Huntington Avenue', 'Skyline Boulevard', 'Crystal Springs Road'], ['US-101', 'I-280', 'I-380'])],
  ['Mountain View', 15, numberFirst('Mountain View', ['Castro Street', 'El Camino Real', 'Shoreline Boulevard', 'Amphitheatre Parkway', 'Middlefield Road', 'Rengstorff Avenue', 'California Street'], ['US-101', 'I-280', 'CA-85'])],
  // Cupertino's own streets: 1 Infinite Loop is 7 km from Mountain View's, whose Castro Street and Shoreline Boulevard a drive from it named.
  ['Cupertino', 4, numberFirst('Cupertino', ['Stevens Creek Boulevard', 'De Anza Boulevard', 'Homestead Road', 'Wolfe Road', 'Bubb Road', 'Mariani Avenue', 'Valley Green Drive'], ['I-280', 'CA-85'])],
  ['Stanford University', 4, numberFirst('Stanford', ['Campus Drive', 'Palm Drive', 'Serra Street', 'Junipero Serra Boulevard', 'Galvez Street', 'Escondido Road'], ['US-101', 'I-280', 'CA-82'])],
  ['Berkeley', 6, numberFirst('Berkeley', ['Telegraph Avenue', 'Shattuck Avenue', 'University Avenue', 'College Avenue', 'Bancroft Way', 'Solano Avenue'], ['I-80', 'I-580'])],
  ['Huntington Beach', 10, numberFirst('Huntington Beach', ['Main Street', 'Pacific Coast Highway', 'Beach Boulevard', 'Goldenwest Street', 'Adams Avenue', 'Warner Avenue'], ['I-405', 'CA-1'])],
  ['Yosemite', 30, numberFirst('Yosemite Valley', ['Northside Drive', 'Southside Drive', 'Tioga Road', 'Glacier Point Road', 'Big Oak Flat Road', 'Wawona Road'], ['CA-120', 'CA-41', 'CA-140'])],
  ['New Brunswick', 10, numberFirst('New Brunswick', ['George Street', 'Albany Street', 'Easton Avenue', 'Livingston Avenue', 'French Street', 'College Avenue'], ['the New Jersey Turnpike', 'US-1', 'Route 18'])],
  ['Bayonne', 4, numberFirst('Bayonne', ['Broadway', 'Avenue C', 'Kennedy Boulevard', 'West 22nd Street', 'Avenue E', 'East 5th Street'], ['the New Jersey Turnpike', 'Route 440'])],
  ['Union City', 3, numberFirst('Union City', ['Bergenline Avenue', 'Summit Avenue', 'Kennedy Boulevard', 'Palisade Avenue', 'New York Avenue', '32nd Street'], ['Route 495', 'the New Jersey Turnpike'])],
  ['Cambridge, MA', 5, numberFirst('Cambridge', ['Massachusetts Avenue', 'Brattle Street', 'Cambridge Street', 'Prospect Street', 'Hampshire Street', 'Mount Auburn Street'], ['I-90', 'US-3'])],
  ['Springfield', 15, numberFirst('Springfield', ['South 6th Street', 'East Adams Street', 'North Grand Avenue', 'Wabash Avenue', 'MacArthur Boulevard', 'Stevenson Drive'], ['I-55', 'I-72'])],
  ['Oxford', 10, numberFirst('Oxford', ['High Street', 'Cornmarket Street', 'Broad Street', 'Banbury Road', 'Iffley Road', 'Cowley Road', 'Walton Street'], ['the A34', 'the M40', 'the A40'])],
  ['Cambridge', 10, numberFirst('Cambridge', ['Trumpington Street', "King's Parade", 'Mill Road', 'Hills Road', 'Regent Street', 'Bridge Street'], ['the M11', 'the A14'])],
  ['Manaus', 20, town('Manaus', ['Avenida Eduardo Ribeiro', 'Avenida Djalma Batista', 'Rua 10 de Julho', 'Avenida Constantino Nery', 'Rua Ramos Ferreira', 'Avenida Getúlio Vargas'], ['the BR-174', 'the AM-010'], (st, n) => `${st}, ${n}`)],
  ['Hiroshima', 15, {
    town: 'Hiroshima', english: false, roads: ['the Sanyo Expressway', 'the Hiroshima Expressway'],
    streets: ['Heiwa-odori', 'Aioi-dori', 'Rijo-dori', 'Jonan-dori', 'Hondori', 'Chuo-dori'],
    address: (rng, label) => `${rng.int(1, 9)}-${rng.int(1, 20)}-${rng.int(1, 20)} ${rng.pick(['Kamiyacho, Naka-ku', 'Hondori, Naka-ku', 'Otemachi, Naka-ku', 'Hatchobori, Naka-ku', 'Matsubaracho, Minami-ku'])}${label ? `, ${label}` : ''}`,
  }],
  ['Guangzhou', 30, numberFirst('Guangzhou', ['Beijing Road', 'Tianhe Road', 'Huanshi East Road', 'Zhongshan 5th Road', 'Shamian Street', 'Tiyu West Road'], ['the Guangzhou Ring Expressway', ...CN])],
  ['Shenzhen', 30, numberFirst('Shenzhen', ['Shennan Boulevard', 'Huaqiang North Road', 'Dongmen Road', 'Fuhua 3rd Road', 'Binhe Boulevard', 'Nanhai Boulevard'], ['the Jihe Expressway', ...CN])],
  ['Chengdu', 30, numberFirst('Chengdu', ['Chunxi Road', 'Renmin South Road', 'Jinli Street', 'Kehua North Road', 'Tianfu Avenue', 'Shuncheng Street'], ['the Chengdu Ring Expressway', ...CN])],
  ['Hangzhou', 30, numberFirst('Hangzhou', ['Hubin Road', 'Yan\'an Road', 'Wulin Road', 'Nanshan Road', 'Qingchun Road', 'Hefang Street'], ['the Hangzhou Ring Expressway', ...CN])],
  ['Wuhan', 30, numberFirst('Wuhan', ['Jiefang Avenue', 'Zhongshan Avenue', 'Jianghan Road', 'Luoyu Road', 'Hubu Alley', 'Yanjiang Avenue'], ['the Wuhan Ring Expressway', ...CN])],
  ['Nanjing', 30, numberFirst('Nanjing', ['Zhongshan Road', 'Hunan Road', 'Zhongshan East Road', 'Hanzhong Road', 'Beijing West Road', 'Taiping South Road'], ['the Nanjing Ring Expressway', ...CN])],
  ['Shanghai', 40, numberFirst('Shanghai', ['Nanjing West Road', 'Huaihai Middle Road', 'Hengshan Road', 'Yuyuan Road', 'Wukang Road', 'Changle Road'], ['the Yan\'an Elevated Road', ...CN])],
  ['Beijing', 40, numberFirst('Beijing', ['Wangfujing Street', "Dongchang'an Avenue", 'Jianguomenwai Avenue', 'Sanlitun Road', 'Gulou East Street', 'Xidan North Street'], ['the 3rd Ring Road', ...CN])],
];

/** Towns written in Chinese characters: streets and address order as Chinese maps give them. */
const CHINESE: Record<string, readonly string[]> = {
  上海: ['南京西路', '淮海中路', '衡山路', '愚园路', '武康路', '长乐路', '陕西北路', '延安西路'],
  外滩: ['中山东一路', '南京东路', '九江路', '福州路', '北京东路', '广东路'],
  北京: ['东长安街', '王府井大街', '南锣鼓巷', '三里屯路', '建国门外大街', '鼓楼东大街', '西单北大街', '朝阳门内大街'],
};
const CHINESE_GENERIC = ['人民路', '解放路', '中山路', '建设路', '和平路', '新华路', '文化路', '胜利路'];
const HAN = /\p{Script=Han}/u;

function chinese(name: string): StreetLocale {
  const streets = CHINESE[name] ?? CHINESE_GENERIC;
  // Town first, as a Chinese address is written: 上海南京西路88号.
  return { town: name, streets, roads: CN, english: false, address: (rng, label) => `${label ?? ''}${rng.pick(streets)}${rng.int(1, 1500)}号` };
}

/**
 * Towns whose drives go through roundabouts: Europe's and Sydney's. The American towns of the table
 * are laid out on grids (Manhattan, Seattle, Washington, Los Angeles), where a route turns at
 * junctions; a town the table does not know is American-style, and a Chinese town's route turns too.
 */
const ROUNDABOUT_TOWNS = new Set(['London', 'Sydney', 'Paris', 'Berlin', 'Copenhagen', 'Amsterdam', 'Rome', 'Madrid', 'Barcelona']);

/** Does a route through this town take roundabouts? */
export function hasRoundabouts(locale: StreetLocale | undefined): boolean {
  return !!locale && ROUNDABOUT_TOWNS.has(locale.town);
}

/** American towns laid out on a grid, by the place-table name at their centre and how far the grid reaches. */
const GRID_CENTRES: [string, number][] = [['New York City', 30], ['Los Angeles', 30], ['Seattle', 20], ['Washington', 15], ['Chicago', 25], ['San Francisco', 12], ['Miami', 25], ['Denver', 20], ['Portland', 12]];

/** The grid town a point lies in (Manhattan, downtown Seattle), where no route takes a roundabout; undefined elsewhere. */
export function gridTownAt(point: { lat: number; lon: number } | undefined): string | undefined {
  if (!point) return undefined;
  for (const [name, km] of GRID_CENTRES) {
    const c = placesNamedIn(name)[0];
    if (c && distanceKm(c, point) <= km) return name;
  }
  return undefined;
}

/** Towns of the table in the open country: a trail, a creek or a lookout may have an address there, never in a city. */
const COUNTRY_TOWNS = new Set(['Yosemite Valley', 'Estes Park', 'Bali']);

/** Whether a town of the table is a city, built up to its edges (Manhattan, Paris), where places are city places. */
export function isCityLocale(locale: StreetLocale | undefined): boolean {
  return !!locale && locale.town !== '' && !COUNTRY_TOWNS.has(locale.town);
}

/** Any town the table does not know: streets that fit an English-speaking town, roads with no country's names. */
export const GENERIC_TOWN = town('', GENERIC_STREETS, ['the ring road', 'the expressway', 'the highway'], (st, n) => `${n} ${st}`, true);


const CENTRES = LOCALES.map(([centre, km, locale]) => ({ centre: placesNamedIn(centre)[0], km, locale }));

/** How far a town of the street table reaches from its centre (the place at that centre, under any of its names: New York, NYC); undefined for a landmark or a town it does not know. */
export function townReachKm(place: { lat: number; lon: number }): number | undefined {
  return CENTRES.find(({ centre }) => centre && distanceKm(centre, place) < 1)?.km;
}

/** The town whose streets an answer about this place gives: the nearest known town it lies in, else undefined. */
export function localeNear(place: (Omit<Place, 'name'> & { name?: string }) | undefined): StreetLocale | undefined {
  if (!place) return undefined;
  if (place.name && HAN.test(place.name)) return chinese(place.name);
  let best: { km: number; locale: StreetLocale } | undefined;
  for (const { centre, km, locale } of CENTRES) {
    if (!centre) continue;
    const d = distanceKm(centre, place);
    if (d <= km && (!best || d < best.km)) best = { km: d, locale };
  }
  return best?.locale;
}

/** The streets of the place an answer is about: the town it lies in, a Chinese name's own streets, else the generic pool. */
export function streetsOf(place: (Omit<Place, 'name'> & { name?: string }) | undefined, named?: string): StreetLocale {
  return localeNear(place) ?? (named && HAN.test(named) ? chinese(named) : GENERIC_TOWN);
}

/** An English street name ("Park Lane", "Oak Ave"): implausible in a town whose streets are not named in English. */
export const ENGLISH_STREET = /\b[A-Z][a-z]+(?: [A-Z][a-z]+)? (?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Boulevard|Blvd|Drive)\b/;

/**
 * Places off every town's streets: an island a ferry reaches (Liberty Island, where the Statue of
 * Liberty stands, 2.5 km off Manhattan's tip). A route from one names no street before it leaves:
 * "Head west on Mulberry Street" from Liberty Island starts in Little Italy instead.
 */
type Terminal = { name: string; lat: number; lon: number; side?: RegExp };
const BATTERY: Terminal = { name: 'the Battery Park ferry terminal', lat: 40.7034, lon: -74.0169 };
const LIBERTY_STATE_PARK: Terminal = { name: 'the Liberty State Park ferry terminal', lat: 40.7076, lon: -74.0284, side: /\b(?:NJ|New Jersey|Jersey City|Hoboken|Bayonne)\b/ };
const OFFSHORE: { name: string; lat: number; lon: number; ferries: Terminal[] }[] = [
  // The Statue of Liberty's and Ellis Island's ferries leave from Battery Park (Manhattan) and Liberty State Park (Jersey City), Alcatraz's from Pier 33.
  { name: 'Liberty Island', lat: 40.6892, lon: -74.0445, ferries: [BATTERY, LIBERTY_STATE_PARK] },
  { name: 'Ellis Island', lat: 40.6995, lon: -74.0396, ferries: [BATTERY, LIBERTY_STATE_PARK] },
  { name: 'Alcatraz Island', lat: 37.8267, lon: -122.423, ferries: [{ name: 'Pier 33', lat: 37.8087, lon: -122.4052 }] },
];

/**
 * The mainland terminal of the ferry to an island (offshoreAt's name) on the side of the water the
 * drive's other end is (its text naming New Jersey: Liberty State Park), else nearest it: a drive to the island ends there.
 */
export function ferryOf(island: string | undefined, other?: { lat: number; lon: number }, otherText?: string): Terminal | undefined {
  const ferries = OFFSHORE.find((o) => o.name === island)?.ferries ?? [];
  const side = otherText ? ferries.find((f) => f.side?.test(otherText)) : undefined;
  return side ?? (other ? [...ferries].sort((a, b) => distanceKm(a, other) - distanceKm(b, other))[0] : ferries[0]);
}

/** The island a point (or a place) is on, if it is one no street reaches. */
export function offshoreAt(point: { lat: number; lon: number } | undefined): string | undefined {
  return point ? OFFSHORE.find((o) => distanceKm(o, point) < 0.6)?.name : undefined;
}

const SUFFIX: Record<string, string> = { st: 'street', ave: 'avenue', rd: 'road', ln: 'lane', blvd: 'boulevard', dr: 'drive', pl: 'place', ct: 'court', pkwy: 'parkway' };

/** A street's name in full, lower case, for comparing ("Pennsylvania Ave NW" is "pennsylvania avenue nw"). */
export function streetKey(street: string): string {
  return street.toLowerCase().replace(/\b(st|ave|rd|ln|blvd|dr|pl|ct|pkwy)\b\.?/g, (w) => SUFFIX[w.replace('.', '')] ?? w).replace(/\s+/g, ' ').trim();
}

/** The street an address gives itself, as it writes it ("1 Infinite Loop, Cupertino, CA" → "Infinite Loop", "187 Warren St Ste 100" → "Warren St"). */
export function ownStreet(text: string): string | undefined {
  // An avenue by its ordinal too ("350 5th Ave, New York, NY" → "5th Ave").
  const m = /^\s*\d+[A-Za-z]?\s+((?:\d{1,2}(?:st|nd|rd|th)\s+(?=Ave))?[A-Za-z][A-Za-z0-9.' -]*?)(?:\s+(?:Ste|Suite|Apt|Unit|#)\b[^,]*)?\s*(?:,|$)/.exec(text);
  return m ? m[1].replace(/\.$/, '').trim() : undefined;
}

/** The towns of the street table that have `street` (some streets are in two: El Camino Real), by the town's name. */
export function townsOfStreet(street: string): string[] {
  const s = street.toLowerCase();
  const out = LOCALES.filter(([, , l]) => l.streets.some((x) => x.toLowerCase() === s)).map(([centre]) => centre);
  return out;
}

/** Every street of the table's towns, for finding the ones a route names. */
export const TABLE_STREETS: readonly string[] = [...new Set(LOCALES.flatMap(([, , l]) => l.streets))];

/** One end of a route: the streets a route may name there, and whether anything says where it is. */
export interface RouteEnd {
  /** The address's own street ("Infinite Loop" of "1 Infinite Loop, Cupertino, CA"). */
  own?: string;
  /** Its town's streets (a district's when the text names one: Brooklyn's, not Manhattan's); none on an island or in a town the table does not know. */
  streets: readonly string[];
  /** The town it is in, when the table knows it. */
  locale?: StreetLocale;
  /** Whether anything says where it is: a known place, coordinates, an island, a town the table does not know ("Cupertino, CA"). */
  located: boolean;
  /** The island it is on, if no street reaches it. */
  offshore?: string;
}

/** Where one end of a route is, from its text and the point a trip located it at. */
export function routeEnd(text: string | undefined, point: { lat: number; lon: number } | undefined): RouteEnd {
  const own = text ? ownStreet(text) : undefined;
  const place = point ?? (text ? placesNamedIn(text)[0] : undefined);
  const offshore = offshoreAt(place);
  if (offshore) return { streets: [], located: true, offshore };
  const locale = place ? localeNear({ ...place, name: text && HAN.test(text) ? placesNamedIn(text)[0]?.name : undefined }) : undefined;
  const district = text ? DISTRICTS.find((d) => d.streets.length && new RegExp(`\\b${d.name}\\b`).test(text)) : undefined;
  if (locale) return { ...(own ? { own } : {}), streets: district ? district.streets : locale.streets, locale, located: true };
  // "1 Infinite Loop, Cupertino, CA": a town the table does not know. Only its own street is known there.
  const namesTown = !!text && /,\s*\p{L}/u.test(text) && !isPlaceholderAddress(text);
  return { ...(own ? { own } : {}), streets: [], located: namesTown };
}

/** The landmark a nearby search's place argument names ("places": "Eiffel Tower", "Metropolitan Museum of Art, New York City"), not a town. */
export function nearbyLandmark(args: Record<string, unknown>): { lat: number; lon: number } | undefined {
  const v = Object.entries(args).find(([k, x]) => /^(places?|location)$/i.test(k) && typeof x === 'string')?.[1] as string | undefined;
  const at = v ? placesNamedIn(v)[0] : undefined;
  return at && townReachKm(at) === undefined ? at : undefined;
}
