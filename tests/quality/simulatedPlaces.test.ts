/**
 * Simulated places, trips and papers a careful reader would not believe (api-simulator-71):
 * "Museum of Natural History" at a drawn Los Angeles address (simulated_place_real_institution,
 * 5.7% (31/546) before), "Varga Event Space" for "event space" (simulated_place_named_by_search),
 * a five-step route from the White House to itself (simulated_trip_to_itself, 2/260), and ten stock
 * closing sentences in every arXiv summary (simulated_abstract_stock_sentence, 90.4% (227/251)).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { abstract, routeSteps, venueName } from '../../pipeline/resolution/simulatedText.js';
import { emptySearchPoint, namesOnePlace, placesAbout, simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { venueMisplaced, venuesAtRealAddresses } from '../../pipeline/resolution/realVenues.js';
import { parseToolResponse } from '../../pipeline/prompts/parseAction.js';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { sameEnd } from '../../pipeline/resolution/trips.js';
import { REAL_INSTITUTION, STOCK_SENTENCE_SUMMARIES, namedBySearch, placeUnfitForKind, realInstitutionNamed, sentencesOf, tripToItself } from '../../pipeline/quality/measures/simulatedPlaces.js';

const nearby = (term: string) => ({ name: 'BINGMap.search_nearby', args: { latitude: 34.1, longitude: -118.3, radius: 1000, search_term: term } });
const places = (...names: string[]) => JSON.stringify({ places: names.map((name, i) => ({ name, address: `${12 + i} Vermont Avenue` })) });

describe('no real institution at a drawn address', () => {
  it('the measure flags "Museum of Natural History" and passes a founder-named museum or the place asked for', () => {
    expect(realInstitutionNamed(nearby('attractions'), places('Museum of Natural History', 'Clover Gardens'))).toMatch(/Museum of Natural History/);
    expect(realInstitutionNamed(nearby('attractions'), places('Museum of the City', 'Okafor Theatre'))).toMatch(/Museum of the City/);
    expect(realInstitutionNamed(nearby('attractions'), places('Ortega Museum of Natural History', 'Okafor Theatre'))).toBeNull();
    expect(realInstitutionNamed({ name: 'BINGMap.search_nearby', args: { places: 'Central Park' } }, places('Central Park'))).toBeNull();
  });

  it('museums and sights found nearby never take a real institution\'s generic name', () => {
    for (let seed = 0; seed < 300; seed++) {
      const used = new Set<string>();
      for (const kind of ['Attraction', 'Museum', 'Tourist Attraction', 'Art Gallery']) {
        const name = venueName(kind, new Rng(seed, kind), used);
        expect(REAL_INSTITUTION.test(name), name).toBe(false);
      }
    }
  });
});

describe('a nearby search centred where nothing is (h-sim20)', () => {
  const GAODE: ToolDoc = { name: 'GaodeMap.search_nearby', description: 'Search for places nearby a location', required_parameters: [{ name: 'location', type: 'string', description: "The coordinate of the location, format with 'lon,lat'" }, { name: 'keywords', type: 'string', description: 'The search type, e.g., restaurant, school' }], optional_parameters: [], return_data: [{ name: 'places', description: 'the list of places, each place is a dict with name and address, at most 5 places.' }] };
  it('reads the pair in its documented order: the Statue of Liberty\'s lat,lon given to AMap is off Antarctica, and finds nothing', () => {
    expect(emptySearchPoint(GAODE, { location: '40.6892,-74.0445', keywords: 'restaurants' })).toMatch(/polar waters/);
    // Liberty Island itself, written lon,lat as AMap documents: an island no street reaches.
    expect(emptySearchPoint(GAODE, { location: '-74.0445,40.6892', keywords: 'restaurants' })).toMatch(/Liberty Island/);
    expect(emptySearchPoint(GAODE, { location: '-73.9855,40.758', keywords: 'restaurants' })).toBeUndefined();
    const answer = simulateOffline({ name: GAODE.name, args: { location: '40.6892,-74.0445', keywords: 'restaurants' }, tools: [GAODE], place: 'New York City' }, new Rng(1, 'g'));
    expect(parseToolResponse(answer.response)).toEqual({ places: [] });
    const times = simulateOffline({ name: GAODE.name, args: { location: '-73.9855,40.758', keywords: 'restaurants' }, tools: [GAODE], place: 'New York City' }, new Rng(1, 'g'));
    expect((parseToolResponse(times.response) as { places: unknown[] }).places.length).toBeGreaterThan(0);
  });
});

describe('places found nearby are named as businesses are', () => {
  it('the measure flags the search phrase after a stock word and passes a real-looking name', () => {
    expect(namedBySearch(nearby('event space'), places('Varga Event Space', 'The Copper Room'))).toMatch(/Varga Event Space/);
    expect(namedBySearch(nearby('quantum computing'), places('Rossi Quantum Computing'))).toMatch(/quantum computing/);
    expect(namedBySearch(nearby('camping'), places('Tamarind Hollow Camping'))).toMatch(/camping/);
    expect(namedBySearch(nearby('event space'), places('The Copper Room', 'Hartley Hall'))).toBeNull();
    expect(namedBySearch(nearby('coffee shop'), places('Indigo Coffee', 'Saffron Coffee Roasters'))).toBeNull();
    // A name the task's own plan writes (T-Eval's slide titled "Wegmans Catering") is what its run found, carried as written.
    expect(namedBySearch(nearby('catering'), places('Lassen & Hennigs', 'Wegmans Catering'))).toMatch(/Wegmans Catering/);
    expect(namedBySearch(nearby('catering'), places('Lassen & Hennigs', 'Wegmans Catering'), ['Wegmans Catering'])).toBeNull();
  });

  it('no name the simulator gives repeats a search phrase of two words or an activity', () => {
    for (const term of ['event space', 'camping', 'quantum computing', 'dog grooming', 'wedding venue', 'co-working space']) {
      const kind = placesAbout(term) ?? term.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
      for (let seed = 0; seed < 100; seed++) {
        const used = new Set<string>();
        const names = [0, 1, 2, 3, 4].map(() => venueName(kind, new Rng(seed, term), used));
        expect(namedBySearch(nearby(term), places(...names)), names.join(', ')).toBeNull();
      }
    }
    expect(placesAbout('quantum computing')).toBe('Research Institute');
  });
});

describe('a place to itself is 0 km', () => {
  const white = '1600 Pennsylvania Ave NW, Washington, DC';
  it('the measure flags a route of turns or a distance between ends written alike', () => {
    expect(tripToItself({ name: 'BINGMap.get_route', args: { start: white, end: white } }, JSON.stringify({ route: ['Start on Pennsylvania Ave NW heading east', 'Turn left onto 14th Street NW', `Arrive at ${white}`] }))).toMatch(/3 steps/);
    expect(tripToItself({ name: 'BINGMap.get_distance', args: { start: '52.52342987, 13.41143608', end: '52.52342987,13.41143608' } }, JSON.stringify({ distance: 4.2 }))).toMatch(/distance 4.2/);
    expect(tripToItself({ name: 'BINGMap.get_distance', args: { start: '52.52342987, 13.41143608', end: '52.52342987, 13.41143608' } }, JSON.stringify({ distance: 0 }))).toBeNull();
    expect(tripToItself({ name: 'BINGMap.get_distance', args: { start: 'Berlin', end: 'Paris' } }, JSON.stringify({ distance: 1054.2 }))).toBeNull();
  });

  it('the simulator routes a place to itself in one step of 0 km', () => {
    expect(sameEnd(white, ` ${white.toLowerCase()}`)).toBe(true);
    for (let seed = 0; seed < 20; seed++) {
      const steps = routeSteps({ rng: new Rng(seed, 'route'), args: { start: white, end: white }, subject: '', hint: 'BINGMap.get_route', trip: { km: 0, local: true } });
      expect(steps, steps.join(' | ')).toHaveLength(1);
      expect(tripToItself({ name: 'BINGMap.get_route', args: { start: white, end: white } }, JSON.stringify({ route: steps }))).toBeNull();
    }
  });
});

describe('simulated abstracts read as abstracts of their own papers', () => {
  const subjects = ['solar energy', 'machine learning', 'number theory', 'sustainable tourism', 'Berlin history culture', 'quantum computing', 'climate change', 'deep learning for healthcare', 'urban mobility', 'algebraic geometry', 'renewable energy policy', 'the impact of social media', 'natural language processing', 'ocean acidification', 'medieval art'];
  it(`no sentence stands in the abstracts of more than ${STOCK_SENTENCE_SUMMARIES} subjects, and none is a stock closing line`, () => {
    const where = new Map<string, Set<string>>();
    for (const subject of subjects) {
      for (let seed = 0; seed < 3; seed++) {
        const used = new Set<string>();
        for (let i = 0; i < 3; i++) {
          const text = abstract({ rng: new Rng(seed, subject), args: { query: subject }, subject, hint: 'ArxivSearch.get_arxiv_article_information', used });
          expect(text).not.toMatch(/readers new to the area|We draw on published studies as well as new evidence|Particular attention is paid to how the methods behave/);
          for (const s of sentencesOf(text)) (where.get(s) ?? where.set(s, new Set()).get(s)!).add(subject);
        }
      }
    }
    const stock = [...where].filter(([, ss]) => ss.size > STOCK_SENTENCE_SUMMARIES);
    expect(stock.map(([s]) => s)).toEqual([]);
  });

  it('an abstract says how the work was done and what it found, about its title', () => {
    const text = abstract({ rng: new Rng(1, 'x'), args: { query: 'Berlin history culture' }, subject: 'Berlin history culture', hint: 'ArxivSearch.get_arxiv_article_information', used: new Set() }, 'History and culture in Berlin since 1990');
    expect(sentencesOf(text).length).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/history and culture in Berlin since 1990/);
    expect(text).toMatch(/draws on|combine|rests on/);
  });
});

describe('places of a kind whose signs say it are named so (api-simulator-91)', () => {
  const BING: ToolDoc = { name: 'BINGMap.search_nearby', description: 'Search for places nearby a location, within a given radius, and return the results into a list.', required_parameters: [{ name: 'search_term', type: 'string', description: 'the place name' }], optional_parameters: [{ name: 'places', type: 'string', description: 'the name of the location.' }], return_data: [{ name: 'places', description: 'the list of places, each place is a dict with name and address, at most 5 places.' }] };

  it('the measure flags "Weber & Kowalski" as a hospital and "Ortega & Varga" as a beach, and passes names that say their kind or that the plan writes', () => {
    expect(placeUnfitForKind(nearby('hospital'), places('Cedar Medical Center', 'Weber & Kowalski'))).toMatch(/Weber & Kowalski/);
    expect(placeUnfitForKind(nearby('beach'), places('Ortega & Varga'))).toMatch(/beach/);
    expect(placeUnfitForKind(nearby('hospital'), places('St. Luke\'s Hospital', 'Cedar Medical Center', 'Fox Health Clinic'))).toBeNull();
    expect(placeUnfitForKind(nearby('beach'), places('Komaneka at Keramas Beach', 'Moon - Price Villa in home Six Bali'), ['Moon - Price Villa in home Six Bali'])).toBeNull();
    // Restaurants' names are free: no kind word is asked of them.
    expect(placeUnfitForKind(nearby('restaurant'), places("Okafor's", 'The Salty Fig'))).toBeUndefined();
  });

  it('every simulated hospital, school, beach, pharmacy, caterer, library, bank and cinema says what it is', () => {
    for (const term of ['hospital', 'school', 'beach', 'pharmacy', 'catering', 'library', 'bank', 'cinema', 'hospitals', 'schools']) {
      for (let seed = 0; seed < 40; seed++) {
        const answer = simulateOffline({ name: BING.name, args: { search_term: term, places: 'Springfield' }, tools: [BING], place: 'Springfield' }, new Rng(seed, term));
        expect(placeUnfitForKind({ name: BING.name, args: { search_term: term } }, answer.response), `${term} ${answer.response}`).toBeNull();
      }
    }
  });

  it('a one-noun kind no form knows keeps its noun on every name ("Hartley Laundromat", never "Salty Meadow")', () => {
    for (let seed = 0; seed < 100; seed++) {
      const used = new Set<string>();
      for (let i = 0; i < 4; i++) expect(venueName('Laundromat', new Rng(seed, 'l'), used)).toMatch(/Laundromat$/);
    }
  });

  it('"Eleven Madison Park" is one place, found by name; "Water Park" and "parks" are kinds', () => {
    expect(namesOnePlace('Eleven Madison Park')).toBe(true);
    expect(namesOnePlace('Griffith Park')).toBe(true);
    expect(namesOnePlace('Water Park')).toBe(false);
    expect(namesOnePlace('Italian Restaurant')).toBe(false);
    expect(namesOnePlace('parks')).toBe(false);
    const answer = simulateOffline({ name: BING.name, args: { search_term: 'Eleven Madison Park', places: 'New York City' }, tools: [BING], place: 'New York City' }, new Rng(3, 'emp'));
    const first = (parseToolResponse(answer.response) as { places: { name: string; address: string }[] }).places[0];
    expect(first).toEqual({ name: 'Eleven Madison Park', address: '11 Madison Ave, New York, NY, 10010' });
  });
});

describe('a real venue the task names stands at its real address (api-simulator-93)', () => {
  it('the measure flags the Hilton at a drawn street and passes its recorded address however the street is abbreviated', () => {
    expect(venueMisplaced('Hilton New York Times Square', '96 Madison Avenue')).toMatch(/234 W 42nd St/);
    expect(venueMisplaced('Hilton New York Times Square', '234 West 42nd Street, New York')).toBeNull();
    expect(venueMisplaced('Birch Kitchen', '96 Madison Avenue')).toBeUndefined();
  });

  it('the simulator moves a named venue to its address unless a later step copies the drawn one', () => {
    const answer = { places: [{ name: 'Le Bernardin', address: '137 Mulberry Street, New York City' }, { name: 'Benares', address: '12 Bleecker Street' }, { name: 'Birch Kitchen', address: '29 Mulberry Street' }] };
    venuesAtRealAddresses(answer, (v) => v === '12 Bleecker Street');
    expect(answer.places.map((p) => p.address)).toEqual(['155 W 51st St, New York, NY, 10019', '12 Bleecker Street', '29 Mulberry Street']);
  });
});
