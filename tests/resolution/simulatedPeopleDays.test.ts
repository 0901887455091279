/**
 * h-sim16 (api-simulator-72): a forecast covers the day the user asks it for; a real researcher's
 * Scholar record says nothing false of them and its ids are in Scholar's form; TMDB details list
 * genres as TMDB's records; a route adds up to the distance the case shows between its ends, before
 * or after it. Each with the measure that flags the old behaviour.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { Rng } from '../../pipeline/rng.js';
import { askedForecastDay } from '../../pipeline/resolution/statedToday.js';
import { taskToday } from '../../pipeline/resolution/knownFacts.js';
import { affiliationUnfounded, SCHOLAR_AUTHOR_ID } from '../../pipeline/quality/measures/simulatedPeople.js';
import { shapeOf } from '../../pipeline/quality/measures/simulated.js';
import { routeDefect, routeOffDistance } from '../../pipeline/quality/measures/simulatedReviews.js';
import { tmdbGenres } from '../../pipeline/resolution/worldFacts.js';
import { askedFieldMissing } from '../../pipeline/quality/measures/answers.js';

const p = (name: string, type: ToolDoc['required_parameters'][number]['type'], description = '') => ({ name, type, description });
const TOOLS: ToolDoc[] = [
  {
    name: 'Weather.forecast_weather',
    description: 'Weather forecast for the next N days.',
    required_parameters: [p('location', 'string', 'the location name'), p('days', 'integer', 'the N number of days later, maximum N is 3')],
    optional_parameters: [],
    return_data: [{ name: 'results', description: 'list weather forecast of N days, including date, overall weather and temperature' }],
  },
  {
    name: 'GoogleScholar.get_author_id',
    description: "The getAuthorId function is used to get the author's id by his or her name.",
    required_parameters: [p('mauthors', 'string', '[Required] the name of the author')],
    optional_parameters: [],
    return_data: [{ name: 'author_id', description: 'the author_id of the author' }],
  },
  {
    name: 'GoogleScholar.get_author_information',
    description: "Search for an author's information by author's id provided by get_author_id.",
    required_parameters: [p('author_id', 'string', '[Required] unique ID of the author')],
    optional_parameters: [],
    return_data: [
      { name: 'name', description: 'author name' },
      { name: 'affliation', description: 'affliation of the author' },
      { name: 'articles', description: 'at most 3 articles by the author' },
      { name: 'website', description: "the authors's homepage url" },
    ],
  },
  {
    name: 'FilmTMDB.get_movie_details',
    description: 'Get the top level details of a movie by ID',
    required_parameters: [p('movie_id', 'integer', '[Required] The movie id (integer).')],
    optional_parameters: [],
    return_data: [
      { name: 'genres', description: 'category list of film' },
      { name: 'id', description: '' },
      { name: 'title', description: '' },
    ],
  },
] as ToolDoc[];

const answer = (name: string, args: Record<string, unknown>, extra: Record<string, unknown> = {}, seed = '1') =>
  JSON.parse(simulateOffline({ name, args, tools: TOOLS, ...extra }, new Rng(1, 'sim16', seed)).response) as Record<string, unknown>;

const USER = 'Check my inbox and inform me if there are any new emails. Then, provide a list of the top-rated movies and check the weather forecast for October 17, 2023, in San Francisco.';

describe('a forecast the user asks for a day', () => {
  it('reads the day asked for, and only a day asked for the weather', () => {
    expect(askedForecastDay(USER)).toBe('2023-10-17');
    expect(askedForecastDay("What's the weather in Paris on 2023-10-20?")).toBe('2023-10-20');
    expect(askedForecastDay('Book a meeting on October 25, 2023 and tell me the weather in Paris.')).toBeUndefined();
  });

  it('dates the task on it when nothing else does, and the forecast (days=1 as planned, or the wrong days=2) begins there', () => {
    expect(taskToday({ days: 1, location: 'San Francisco' }, [], USER)).toBe('2023-10-17');
    // The day the user says it is still comes first.
    expect(taskToday({ days: 3 }, [], `Today is 2023-10-16. ${USER}`)).toBe('2023-10-16');
    for (const days of [1, 2]) {
      const out = answer('Weather.forecast_weather', { days, location: 'San Francisco' }, { today: taskToday({ days }, [], USER) });
      const dates = (out.results as { date: string }[]).map((r) => r.date);
      expect(dates[0]).toBe('2023-10-17');
      expect(dates).toHaveLength(days);
    }
  });
});

describe('a real researcher\'s Scholar record', () => {
  it('gives a named researcher the table\'s affiliation, else Scholar\'s "Unknown affiliation"; a made-up person a real university', () => {
    expect(answer('GoogleScholar.get_author_information', { author_id: 'lyMGnwIAAAAJ' }, { known: { name: 'Seth Lloyd' } }).affliation).toBe('Massachusetts Institute of Technology');
    expect(answer('GoogleScholar.get_author_information', { author_id: 'ZbdN-0AAAAAJ' }, { known: { name: 'Zeqian Chen' } }).affliation).toBe('Unknown affiliation');
    for (const seed of ['1', '2', '3', '4', '5', '6']) {
      const drawn = answer('GoogleScholar.get_author_information', { author_id: 'ZbdN-0AAAAAJ' }, {}, seed);
      expect(drawn.affliation).not.toMatch(/^University of (New York|Paris|Berlin|Madrid|Singapore)$/);
      expect(affiliationUnfounded(drawn, '', [])).toBeNull();
    }
  });

  it('the measure flags the old drawn affiliations and passes founded ones', () => {
    const named = 'Authors: Seth Lloyd\nAuthors: Seng W. Loke';
    expect(affiliationUnfounded({ name: 'Seth Lloyd', affliation: 'University of Sydney' }, named, [])).toMatch(/Seth Lloyd/);
    expect(affiliationUnfounded({ name: 'Seng W. Loke', affliation: 'University of New York' }, named, [])).toMatch(/does not exist/);
    expect(affiliationUnfounded({ name: 'Seth Lloyd', affliation: 'Massachusetts Institute of Technology' }, named, [])).toBeNull();
    expect(affiliationUnfounded({ name: 'Zeqian Chen', affliation: 'Unknown affiliation' }, 'Zeqian Chen', [])).toBeNull();
    expect(affiliationUnfounded({ name: 'Zeqian Chen', affliation: 'Peking University' }, 'Zeqian Chen', ['Peking University'])).toBeNull();
  });

  it('draws author ids in Scholar\'s form', () => {
    for (const seed of ['1', '2', '3']) expect(answer('GoogleScholar.get_author_id', { mauthors: 'Zeqian Chen' }, {}, seed).author_id).toMatch(SCHOLAR_AUTHOR_ID);
    expect('cDWxPNd79mVF').not.toMatch(SCHOLAR_AUTHOR_ID);
    expect('ZbdN-0AAAAAJ').toMatch(SCHOLAR_AUTHOR_ID);
  });
});

describe('TMDB details genres', () => {
  it('are records of TMDB\'s id and name, for a known film and a drawn one', () => {
    expect(answer('FilmTMDB.get_movie_details', { movie_id: 575264 }).genres).toEqual([{ id: 28, name: 'Action' }, { id: 53, name: 'Thriller' }]);
    const drawn = answer('FilmTMDB.get_movie_details', { movie_id: 123456789 }).genres as unknown[];
    expect(shapeOf(drawn)).toBe('records');
    expect(tmdbGenres(['Science Fiction', 'No Such Genre'])).toEqual([{ id: 878, name: 'Science Fiction' }]);
  });

  it('a film\'s genre records are owed no id when the user asks for the movie ID (teval_query_185_1)', () => {
    const response = JSON.stringify({ genres: [{ id: 28, name: 'Action' }], id: 575264, title: 'Mission: Impossible - Dead Reckoning Part One' });
    expect(askedFieldMissing({ request: 'Give me the movie ID and the genres of the film.', calls: [{ name: 'FilmTMDB.get_movie_details', args: { movie_id: 575264 }, response }], answer: 'Mission: Impossible - Dead Reckoning Part One (ID 575264) is an Action film.' })).toBeUndefined();
  });

  it('the shape measure tells bare names from records', () => {
    expect(shapeOf(['Action', 'Thriller'])).toBe('values');
    expect(shapeOf([{ id: 28, name: 'Action' }])).toBe('records');
    expect(shapeOf('Action')).toBe('one');
    expect(shapeOf([])).toBeUndefined();
  });
});

describe('a route beside the distance the case shows', () => {
  const legs = ['Start on East 14th Street heading northwest', 'After 4 km in town, take the ramp on the right for the highway', 'Continue on the highway for 4911.7 km', 'Take the exit and drive the last 4 km', 'Arrive at Los Angeles'];
  it('flags legs 5% off the distance, even one given after the route (teval_query_26_2)', () => {
    expect(routeOffDistance(legs, 4488.454)).toMatch(/4919.7 km/);
    expect(routeOffDistance(['After 4 km in town, take the ramp', 'Continue on the highway for 4480.5 km', 'Take the exit and drive the last 4 km'], 4488.454)).toBeNull();
    const steps = [
      { action: { name: 'BINGMap.get_route', args: { start: 'New York City', end: 'Los Angeles' } }, response: { content: JSON.stringify({ route: legs }), tier: 'simulated' } },
      { action: { name: 'BINGMap.get_distance', args: { start: 'New York City', end: 'Los Angeles' } }, response: { content: "{'distance': 4488.454}", tier: 'cache' } },
    ];
    expect(routeDefect(steps, true)).toMatch(/4488.454/);
    // The longest leg alone is longer than the distance shown after it: the gated check sees later distances too.
    expect(routeDefect(steps)).toMatch(/4911.7 km/);
  });
});
