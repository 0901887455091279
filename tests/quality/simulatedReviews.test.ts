/**
 * Simulated reviews, place searches, AMap coordinates and routes read as the real APIs answer:
 * whole-star ratings that agree with their words, no review clause twice in a case, a search for a
 * town or an address never answered by itself somewhere else, "lat,lon" given to AMap refused as
 * INVALID_PARAMS, route legs that fit the trip. simulated_review_rating_fractional,
 * simulated_review_clause_repeated, simulated_review_clause_top_share, simulated_route_impossible
 * (new), simulated_venue_mangled and error_accepted_impossible (widened).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { placesAbout, refusalContent, simulateOffline, validateCall } from '../../pipeline/resolution/simulatorRules.js';
import { clauseTopShare, fractionalReviewRating, impossibleRouteLeg, reviewClauses, reviewStreetOffStay, routeDefect } from '../../pipeline/quality/measures/simulatedReviews.js';
import { mangledVenue } from '../../pipeline/quality/measures/simulated.js';
import { isErrorResponse } from '../../pipeline/errors/responses.js';
import { routeSteps } from '../../pipeline/resolution/simulatedText.js';
import { knownFacts } from '../../pipeline/resolution/knownFacts.js';

const doc = (d: Omit<ToolDoc, 'optional_parameters'> & { optional_parameters?: ToolDoc['optional_parameters'] }) => ({ optional_parameters: [], ...d }) as ToolDoc;
const REVIEWS = doc({ name: 'AirbnbSearch.get_property_reviews', description: 'This function retrieves the reviews of a property given its ID.', required_parameters: [{ name: 'propertyId', type: 'integer', description: 'The ID of the property.' }], return_data: [{ name: 'reviews', description: 'The reviews of the property, containing comment, rating, and date. At most 3 reviews are returned.' }] });
const MOVIE_REVIEWS = doc({ name: 'TMDB.get_movie_reviews', description: 'Get the user reviews for a movie', required_parameters: [{ name: 'movie_id', type: 'integer', description: 'the movie id' }], return_data: [{ name: 'reviews', description: "list of reviews including user's name, rating, and reviews" }] });
const NEARBY = doc({ name: 'GoogleMap.search_nearby', description: 'Search for places nearby a location, within a given radius, and return the results into a list.', required_parameters: [{ name: 'search_term', type: 'string', description: 'the place name' }], return_data: [{ name: 'places', description: 'the list of places, each place is a dict with name and address, at most 5 places.' }] });
const GAODE = doc({ name: 'GaodeMap.search_nearby', description: 'Search for places nearby a location.', required_parameters: [{ name: 'location', type: 'string', description: "The coordinate of the location, format with 'lon,lat'" }, { name: 'keywords', type: 'string', description: 'The search type, e.g., restaurant, school' }], return_data: [{ name: 'places', description: 'the list of places, each place is a dict with name and address, at most 5 places.' }] });

const ROUTE = doc({ name: 'BINGMap.get_route', description: 'Get the route between two locations in km.', required_parameters: [{ name: 'start', type: 'string', description: 'The start location.' }, { name: 'end', type: 'string', description: 'The end location.' }], return_data: [{ name: 'route', description: 'the route, a list of actions.' }] });

const answer = (tool: ToolDoc, args: Record<string, unknown>, seed: number, earlier: { name: string; args: unknown; response: string }[] = []) => {
  const known = knownFacts(args, earlier);
  return simulateOffline({ name: tool.name, args, tools: [tool], ...(known ? { known } : {}) }, new Rng(seed, 'reviews', tool.name));
};

describe('the measures', () => {
  it('simulated_review_rating_fractional: 4.37 stars flagged, whole stars pass', () => {
    expect(fractionalReviewRating({ reviews: [{ comment: 'Nice.', rating: 4.37 }] })).toMatch(/4.37/);
    expect(fractionalReviewRating({ reviews: [{ comments: 'Nice.', rating: 5, time: '2023-09-26T23:05:31Z' }] })).toBeNull();
  });
  it('review clauses: the clause a reader recognises, in lower case', () => {
    expect(reviewClauses('One of the best films of the year. The cast clearly had fun making it, and the last half hour had me on the edge of my seat.')).toContain('the last half hour had me on the edge of my seat');
  });
  it('simulated_review_clause_top_share: a clause in many different answers is flagged, one answer shown by many cases counts once', () => {
    const cafe = 'Great stay. There are plenty of cafés on the same block.';
    const template = Array.from({ length: 10 }, (_, i) => ({ answer: `get_property_reviews{"id": ${i}}`, texts: [cafe, `Room ${i} was tidy.`], caseId: `c${i}` }));
    expect(clauseTopShare(template)!.value).toBe(1);
    const same = Array.from({ length: 10 }, (_, i) => ({ answer: i < 9 ? 'get_movie_reviews{"movie_id": 240}' : 'get_movie_reviews{"movie_id": 238}', texts: [i < 9 ? 'The final shot had me holding my breath.' : 'A masterpiece.'], caseId: `c${i}` }));
    const share = clauseTopShare(same)!;
    expect(share.n).toBe(2);
    expect(share.value).toBe(0.5);
    expect(share.examples[0].detail).toMatch(/1 answers \(9 cases\)/);
  });
  it('simulated_route_impossible: 1067 km on the 3rd Ring Road, 4 km on a 1.3 km trip', () => {
    expect(impossibleRouteLeg(['Head east on Wangfujing Street', 'Continue on the 3rd Ring Road for 1067 km'], 1334.1)).toMatch(/inside one town/);
    expect(impossibleRouteLeg(['Continue on the FDR Drive for 4 km'], 1.3)).toMatch(/1.3 km/);
    expect(impossibleRouteLeg(['Continue on the G2 Jinghu Expressway for 1310 km'], 1334.1)).toBeNull();
    // teval_query_310_2: the 1.3 km is Times Square to the Empire State Building; a route from Central Park there is another trip.
    const distance = { action: { name: 'BINGMap.get_distance', args: { start: 'Times Square, New York, NY', end: 'Empire State Building, New York, NY' } }, response: { content: '{"distance": 1.3}', tier: 'cache' } };
    const route = (start: string) => ({ action: { name: 'BINGMap.get_route', args: { start, end: 'Empire State Building, New York, NY' } }, response: { content: JSON.stringify({ route: ['Head south on 7th Avenue', 'Continue on the FDR Drive for 4.2 km', 'Arrive at Empire State Building'] }), tier: 'simulated' } });
    expect(routeDefect([distance, route('Central Park, New York, NY')])).toBeNull();
    expect(routeDefect([distance, route('Times Square, New York, NY')])).toMatch(/on a trip of 1.3 km/);
  });
  it('simulated_venue_mangled: the search term itself as a place (a town, a kind of place in a town, an address elsewhere)', () => {
    expect(mangledVenue({ name: 'GoogleMap.search_nearby', args: { search_term: '321 Industrial Ln, Springfield' } }, JSON.stringify({ places: [{ name: '321 Industrial Ln, Springfield', address: '50 East Adams Street, Springfield' }] }))).toMatch(/at 50 East/);
    expect(mangledVenue({ name: 'GoogleMap.search_nearby', args: { search_term: '321 Industrial Ln, Springfield' } }, JSON.stringify({ places: [{ name: '321 Industrial Ln, Springfield', address: '321 Industrial Ln, Springfield' }] }))).toBeNull();
    expect(mangledVenue({ name: 'GoogleMap.search_nearby', args: { search_term: 'top tourist attractions in Paris' } }, JSON.stringify({ places: [{ name: 'top tourist attractions in Paris', address: '51 Rue des Martyrs, Paris' }] }))).toMatch(/place of its own/);
    expect(mangledVenue({ name: 'GoogleMap.search_nearby', args: { keywords: 'Paris' } }, JSON.stringify({ places: [{ name: 'Paris', address: '67 Boulevard Saint-Germain' }] }))).toMatch(/place of its own/);
  });
  it('error_accepted_impossible: AMap given lat,lon is a call its doc rules out', () => {
    expect(validateCall('GaodeMap.search_nearby', { location: '39.904172,116.407417', keywords: '餐厅' }, [GAODE])[0]).toMatch(/lon,lat/);
    expect(validateCall('GaodeMap.search_nearby', { location: '116.407417,39.904172', keywords: '餐厅' }, [GAODE])).toEqual([]);
  });
});

describe('the simulator', () => {
  it('rates Airbnb reviews in whole stars, newest first, each clause once', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { reviews } = JSON.parse(answer(REVIEWS, { propertyId: 1000 + seed }, seed).response) as { reviews: Record<string, unknown>[] };
      const clauses = reviews.flatMap((r) => reviewClauses(String(r.comment)));
      expect(new Set(clauses).size).toBe(clauses.length);
      for (const r of reviews) {
        expect(Number.isInteger(r.rating) && (r.rating as number) >= 1 && (r.rating as number) <= 5).toBe(true);
        // Five stars never complain without a "but"; one or two stars never say "Would stay again".
        if ((r.rating as number) <= 2) expect(String(r.comment)).not.toMatch(/would stay again|recommended|five stars/i);
      }
      const dates = reviews.map((r) => String(r.date));
      expect([...dates].sort().reverse()).toEqual(dates);
    }
  });
  it('rates film reviews in whole marks out of 10, their words agreeing', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const { reviews } = JSON.parse(answer(MOVIE_REVIEWS, { movie_id: 238 }, seed).response) as { reviews: Record<string, unknown>[] };
      for (const r of reviews) {
        expect(Number.isInteger(r.rating) && (r.rating as number) <= 10).toBe(true);
        if ((r.rating as number) >= 9) expect(String(r.reviews)).not.toMatch(/skip it|let-down|cannot recommend/i);
      }
    }
  });
  it('answers a search for a town, a kind of place in a town or an address with places there, never the term elsewhere', () => {
    for (const term of ['Paris', 'top tourist attractions in Paris', '321 Industrial Ln, Springfield']) {
      for (let seed = 1; seed <= 10; seed++) {
        const text = answer(NEARBY, { search_term: term }, seed).response;
        expect(mangledVenue({ name: NEARBY.name, args: { search_term: term } }, text)).toBeNull();
      }
    }
  });
  it('finds a landmark it knows at itself, in its town, not on a made-up street elsewhere', () => {
    for (const [term, at] of [['Times Square', 'Times Square, New York'], ['Central Park, New York City', 'Central Park, New York City'], ['Eiffel Tower', 'Eiffel Tower, Paris']]) {
      for (let seed = 1; seed <= 5; seed++) {
        const { places } = JSON.parse(answer(NEARBY, { search_term: term }, seed).response) as { places: { name: string; address: string }[] };
        const own = places.find((p) => p.name === term);
        if (own) expect(own.address).toBe(at);
      }
    }
  });
  it('answers a map search for a subject (a film title, a topic) with places about it, none named by the term', () => {
    expect(placesAbout('Spider-Man: No Way Home')).toBe('Cinema');
    expect(placesAbout('European history')).toBe('Museum');
    for (const term of ['Spider-Man: No Way Home', 'European history']) {
      for (let seed = 1; seed <= 5; seed++) {
        const { places } = JSON.parse(answer(NEARBY, { search_term: term }, seed).response) as { places: { name: string }[] };
        expect(places.some((p) => p.name.toLowerCase() === term.toLowerCase())).toBe(false);
      }
    }
    expect(placesAbout('Le Bernardin')).toBeUndefined();
    expect(placesAbout('Times Square')).toBeUndefined();
  });
  it('refuses lat,lon given to AMap in its own shape, as T-Eval recorded it', () => {
    const a = answer(GAODE, { location: '39.904172,116.407417', keywords: '餐厅' }, 1);
    expect(a.error).toMatch(/lon,lat/);
    const content = refusalContent(GAODE.name, a.error);
    expect(JSON.parse(content)).toEqual({ status: '0', info: 'INVALID_PARAMS', infocode: '20000' });
    expect(isErrorResponse({ content })).toBe(true);
  });
  it('drives Beijing to Shanghai on the G2, its legs adding up to the trip', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const steps = routeSteps({ rng: new Rng(seed, 'route'), args: { origin: 'Beijing', destination: 'Shanghai' }, subject: '', hint: 'route', trip: { km: 1213.4, local: false, from: { lat: 39.9, lon: 116.4 }, to: { lat: 31.23, lon: 121.47 } } });
      expect(impossibleRouteLeg(steps, 1213.4)).toBeNull();
      expect(steps.join(' ')).not.toMatch(/Ring Road/);
      const legs = steps.join(' ').match(/(\d+(?:\.\d+)?) km/g)!.map((x) => parseFloat(x));
      expect(legs.reduce((a, b) => a + b, 0)).toBeCloseTo(1213.4, 1);
    }
  });
  it('takes the distance an earlier answer gave for the same trip: its legs add up to 2053.367 km, not to its own 2197.5', () => {
    const earlier = [{ name: 'BINGMap.get_distance', args: { start: 'New York City', end: 'Miami' }, response: "{'distance': 2053.367}" }];
    expect(knownFacts({ end: 'Miami', start: 'New York City' }, earlier)?.tripKm).toBe(2053.367);
    for (let seed = 1; seed <= 10; seed++) {
      const { route } = JSON.parse(answer(ROUTE, { end: 'Miami', start: 'New York City' }, seed, earlier).response) as { route: string[] };
      expect(impossibleRouteLeg(route, 2053.367)).toBeNull();
      const legs = route.join(' ').match(/(\d+(?:\.\d+)?) km/g)!.map((x) => parseFloat(x));
      expect(legs.reduce((a, b) => a + b, 0)).toBeCloseTo(2053.4, 0);
    }
    // The measure flags the leg the old simulator wrote.
    expect(impossibleRouteLeg(['Continue on the highway for 2189.5 km'], 2053.367)).toMatch(/2053.367 km/);
  });
  it('names one host per property in all its reviews', () => {
    const FIRST = /\b(Alice|Bob|Carmen|David|Elena|Farid|Grace|Hiro|Ines|Jonas|Keiko|Liam|Maya|Noah|Olga|Priya|Rafael|Sofia|Tomás|Wei)\b/g;
    for (let seed = 1; seed <= 40; seed++) {
      const { reviews } = JSON.parse(answer(REVIEWS, { propertyId: 2000 + seed }, seed).response) as { reviews: Record<string, unknown>[] };
      const hosts = new Set(reviews.flatMap((r) => String(r.comment).match(FIRST) ?? []));
      expect(hosts.size).toBeLessThanOrEqual(1);
    }
  });
  it('repeats no review clause of an earlier answer of the trajectory (three films reviewed in one task)', () => {
    for (let seed = 1; seed <= 15; seed++) {
      const earlier: { name: string; args: unknown; response: string }[] = [];
      const seen = new Set<string>();
      for (const id of [238, 240, 424]) {
        const text = answer(MOVIE_REVIEWS, { movie_id: id }, seed * 7 + id, earlier).response;
        earlier.push({ name: MOVIE_REVIEWS.name, args: { movie_id: id }, response: text });
        for (const r of (JSON.parse(text) as { reviews: Record<string, unknown>[] }).reviews) {
          for (const c of reviewClauses(Object.values(r).filter((v): v is string => typeof v === 'string').join(' '))) {
            expect(seen.has(c), c).toBe(false);
            seen.add(c);
          }
        }
      }
    }
  });
  it('writes no review clause of seven words or more into more than a tenth of the answers (simulated_review_clause_top_share)', () => {
    const counts = new Map<string, number>();
    const n = 60;
    for (let seed = 1; seed <= n; seed++) {
      const tool = seed % 2 ? REVIEWS : MOVIE_REVIEWS;
      const { reviews } = JSON.parse(answer(tool, seed % 2 ? { propertyId: 3000 + seed } : { movie_id: 500 + seed }, seed).response) as { reviews: Record<string, unknown>[] };
      for (const c of new Set(reviews.flatMap((r) => Object.values(r).filter((v): v is string => typeof v === 'string').flatMap(reviewClauses)))) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(Math.max(0, ...counts.values()) / n).toBeLessThanOrEqual(0.1);
  });
});

describe('simulated_review_street_off_stay: a stay\'s reviews name the street it is by, once', () => {
  // teval_query_174_1 and 114_2: the listing and the details answers before the reviews.
  const listing = (name: string) => ({ name: 'AirbnbSearch.search_property_by_place', args: { place: 'San Francisco' }, response: JSON.stringify({ property: [{ id: '20075216', name, address: 'San Francisco, CA, United States' }] }) });
  const details = (lat: number, lon: number) => ({ name: 'AirbnbSearch.get_property_details', args: { propertyId: 20075216 }, response: JSON.stringify({ title: 'Condo in San Francisco · ★4.65 · 1 bedroom · 1 bed · 1 bath', propertyType: 'Condominium', personCapacity: 2, rating: 4.65, latitude: lat, longitude: lon }) });
  const streetsOfAnswers = (earlier: { name: string; args: unknown; response: string }[]) => {
    const named: string[][] = [];
    for (let seed = 1; seed <= 60; seed++) {
      const known = knownFacts({ propertyId: 20075216 }, earlier);
      const out = simulateOffline({ name: REVIEWS.name, args: { propertyId: 20075216 }, tools: [REVIEWS], place: 'San Francisco', ...(known ? { known } : {}) }, new Rng(seed, 'reviews', REVIEWS.name));
      const { reviews } = JSON.parse(out.response) as { reviews: { comments: string }[] };
      // San Francisco has no "high street": a guest there says "the main street" or "our street" where no street of the map is the stay's.
      for (const r of reviews) expect(r.comments).not.toMatch(/high street|the square/);
      for (const r of reviews) named.push(r.comments.match(/\b(?:[A-Z][\w'.-]* )+(?:Street|Avenue|Boulevard|Road|Way|Drive|Lane|Place)\b/g) ?? []);
    }
    return named;
  };

  it('the measure flags a street the listing name, the coordinates or the review itself rules out, and passes the stay\'s own', () => {
    const twice = 'We cooked most evenings with food from the market on Divisadero Street. The train station on Divisadero Street is three minutes on foot.';
    expect(reviewStreetOffStay([twice], {})).toMatch(/twice in one review/);
    expect(reviewStreetOffStay(['We walked everywhere from Divisadero Street.'], { name: 'Cozy loft near Polk Street' })).toMatch(/listing named/);
    expect(reviewStreetOffStay(['We cooked every breakfast with food from the shop on Hayes Street.'], { lat: 37.797432, lon: -122.407883 })).toMatch(/2\.\d km/);
    expect(reviewStreetOffStay(['We walked everywhere from Polk Street. Quiet building.'], { name: 'Cozy loft near Polk Street', lat: 37.7905, lon: -122.4205 })).toBeNull();
    expect(reviewStreetOffStay(['Spotless. Would stay again!'], {})).toBeUndefined();
  });

  it('the simulator names the street the listing puts the stay by, never another', () => {
    const named = streetsOfAnswers([listing('Cozy loft near Polk Street')]).flat();
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set(['Polk Street']));
  });

  it('the simulator names a street within a kilometre of the coordinates the details gave, else none; each review names it once', () => {
    // North Beach (37.7974, -122.4079): Hayes Street and Divisadero Street are 2.5 km and more away.
    const reviews = streetsOfAnswers([listing('Modern condominium in San Francisco'), details(37.797432, -122.407883)]);
    for (const streets of reviews) {
      expect(new Set(streets).size).toBe(streets.length);
      for (const s of streets) expect(reviewStreetOffStay([`From ${s}.`], { lat: 37.797432, lon: -122.407883 })).toBeNull();
    }
    // In Polk Gulch the stay's street is Polk Street, and its reviews may say so.
    const polk = streetsOfAnswers([listing('Modern condominium in San Francisco'), details(37.7905, -122.4205)]).flat();
    expect(polk.length).toBeGreaterThan(0);
    expect(new Set(polk)).toEqual(new Set(['Polk Street']));
  });
});
