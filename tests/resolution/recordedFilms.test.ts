/**
 * A film T-Eval recorded is that film in every task (knownFacts.ts withRecordedFilms): a simulated
 * TMDB answer of another task gives it the popularity its recordings give, never a drawn 1576.114 for
 * The Godfather (recorded 118.372); simulated_film_number_off_recorded counts the ones that do not.
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../pipeline/config.js';
import { Store } from '../../pipeline/store/store.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { Rng } from '../../pipeline/rng.js';
import { ChainResolver } from '../../pipeline/resolution/index.js';
import { withRecordedFilms, filmsShown } from '../../pipeline/resolution/knownFacts.js';
import { parseToolResponse } from '../../pipeline/prompts/parseAction.js';
import { filmNumberOffRecorded, filmPopularityBeyondRecorded, popularityPeaks, recordedFilmNumbers } from '../../pipeline/quality/measures/simulatedFilmNumbers.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { filmPopularity } from '../../pipeline/resolution/worldAnswer.js';
import { filmByTitle } from '../../pipeline/resolution/worldFacts.js';

const TOP_RATED = "{'films': [{'id': 238, 'title': 'The Godfather', 'release_date': '1972-03-14', 'vote_average': 8.7, 'popularity': 118.372}, {'id': 278, 'title': 'The Shawshank Redemption', 'release_date': '1994-09-23', 'vote_average': 8.7, 'popularity': 124.168}]}";
const NOW_PLAYING = "{'films': [{'id': 299054, 'title': 'Expend4bles', 'release_date': '2023-09-15', 'vote_average': 6.3, 'popularity': 1489.424}]}";
const POPULAR = "{'films': [{'id': 299054, 'title': 'Expend4bles', 'release_date': '2023-09-15', 'vote_average': 6.4, 'popularity': 2919.272}]}";

function storeWith(records: { id: string; tool: string; args: unknown; response: string }[]): Store {
  const store = Store.open(':memory:');
  const items = records.map((r) => {
    const key = `collect-${r.id}`;
    store.putArtifact({ key, stage: 'collect', stageVersion: '1', itemId: `teval-review_${r.id}`, content: { kind: 'recorded-response', id: `teval-review_${r.id}`, sourceFile: 'teval/data/review_str_v1.json', recordId: r.id, tool: r.tool, args: r.args, response: r.response, label: 'A', goal: 'g', thought: '' }, parents: [], status: 'ok', method: 'rules:collect' });
    return { itemId: `teval-review_${r.id}`, key };
  });
  store.setStageItems('collect', items);
  return store;
}

const tools = tevalTrajectories(['query_107_1'])[0].tools;
const call = (name: string, args: Record<string, unknown>) => ({ source: 'teval' as const, trajectoryId: 't', tools, name, args, history: [], meta: {} });
const opts = { rng: new Rng(1, 'i', 'p'), artifactKey: 'resolve-art', stage: 'resolve' };

describe('a film T-Eval recorded keeps its recorded numbers in every task', () => {
  it('a simulated details answer of The Godfather gives the popularity its recorded top-rated list gives', async () => {
    const store = storeWith([{ id: '1', tool: 'FilmTMDB.get_top_rated_movies', args: {}, response: TOP_RATED }]);
    const resolver = new ChainResolver({ store, config: parseConfig({ llm: { mode: 'offline' } }), llm: new OfflineGateway() });
    const r = await resolver.resolve(call('FilmTMDB.get_movie_details', { movie_id: 238 }), opts);
    expect(r.tier).toBe('simulated');
    const v = parseToolResponse(r.content) as Record<string, unknown>;
    expect(Number(v.popularity)).toBe(118.372);
    store.close();
  });

  it("the task's own films win; then the API's own recording (now playing's 1489.424), then its siblings'", () => {
    const recorded = filmsShown([NOW_PLAYING, POPULAR, TOP_RATED]);
    const films = withRecordedFilms([{ id: 238, facts: { popularity: 120.5 } }], recorded);
    expect(films.find((f) => f.id === 238)?.facts).toEqual({ popularity: 120.5, vote_average: 8.7, release_date: '1972-03-14' });
    expect(films.find((f) => f.id === 299054)?.facts.popularity).toBe(1489.424);
    expect(withRecordedFilms(undefined, filmsShown([POPULAR, NOW_PLAYING])).find((f) => f.id === 299054)?.facts.popularity).toBe(2919.272);
  });
});

describe('simulated_film_number_off_recorded', () => {
  const recorded = recordedFilmNumbers([TOP_RATED, NOW_PLAYING, POPULAR].map(parseToolResponse));
  const list = (popularity: number, vote = 8.7) => parseToolResponse(`{'films': [{'id': 238, 'title': 'The Godfather', 'vote_average': ${vote}, 'popularity': ${popularity}}]}`);
  it('flags a popularity far from every recording of the film, or a rating half a point off', () => {
    expect(filmNumberOffRecorded(list(1576.114), recorded)).toMatch(/popularity 1576.114 where T-Eval recorded 118.372/);
    expect(filmNumberOffRecorded(list(118.372, 7.9), recorded)).toMatch(/vote_average 7.9/);
    // Expend4bles' recordings run 1489 to 2919: a value between, or within twice, reads as the same film.
    expect(filmNumberOffRecorded(parseToolResponse("{'films': [{'id': 299054, 'popularity': 19995.976}]}"), recorded)).toMatch(/19995.976/);
    expect(filmNumberOffRecorded(parseToolResponse("{'films': [{'id': 299054, 'popularity': 2085.194}]}"), recorded)).toBeNull();
  });
  it('passes the recorded value, a film no recording gives, and a number the task\'s own plan writes', () => {
    expect(filmNumberOffRecorded(list(118.372), recorded)).toBeNull();
    expect(filmNumberOffRecorded(parseToolResponse("{'films': [{'id': 155, 'popularity': 14136.2}]}"), recorded)).toBeUndefined();
    // Its rating is still judged (and fine).
    expect(filmNumberOffRecorded(list(59.152), recorded, (n) => n === 59.152)).toBeNull();
    expect(DEFAULT_QUALITY_THRESHOLDS.simulated_film_number_off_recorded).toBe(0);
  });
});

describe('a film popularity within what TMDB gives (simulated_film_popularity_beyond_recorded)', () => {
  const peaks = popularityPeaks([TOP_RATED, POPULAR].map(parseToolResponse))!;
  it('reads the peaks from the recordings, an older film against its own', () => {
    expect(peaks).toEqual({ all: 2919.272, old: 124.168 });
    expect(filmPopularityBeyondRecorded(parseToolResponse("{'id': 603, 'title': 'The Matrix', 'release_date': '1999-03-30', 'popularity': 17776.454}"), peaks)).toMatch(/The Matrix.*17776.454/);
    expect(filmPopularityBeyondRecorded(parseToolResponse("{'id': 785218, 'title': 'A Year of Fitness', 'release_date': '2023-02-19', 'popularity': 16307.212}"), peaks)).toMatch(/16307.212/);
    expect(filmPopularityBeyondRecorded(parseToolResponse("{'id': 603, 'title': 'The Matrix', 'release_date': '1999-03-30', 'popularity': 88.4}"), peaks)).toBeNull();
    expect(filmPopularityBeyondRecorded(parseToolResponse("{'id': 603, 'title': 'The Matrix', 'release_date': '1999-03-30', 'popularity': 17776.454}"), peaks, (n) => n === 17776.454)).toBeUndefined();
  });
  it('a known film has one popularity of its age in every task; a made-up one stays under the recorded peak', () => {
    const matrix = filmByTitle('The Matrix')!;
    expect(filmPopularity(matrix)).toBeGreaterThanOrEqual(20);
    expect(filmPopularity(matrix)).toBeLessThanOrEqual(150);
    const nun = filmPopularity(filmByTitle('The Nun II')!);
    expect(nun).toBeGreaterThanOrEqual(500);
    expect(nun).toBeLessThanOrEqual(2500);
    for (let seed = 1; seed <= 20; seed++) {
      const details = JSON.parse(simulateOffline({ name: 'FilmTMDB.get_movie_details', args: { movie_id: 603 }, tools }, new Rng(seed, 'pop', 'matrix')).response);
      expect(details.popularity).toBe(filmPopularity(matrix));
      const unknown = JSON.parse(simulateOffline({ name: 'FilmTMDB.get_movie_details', args: { movie_id: 785218 + seed }, tools }, new Rng(seed, 'pop', 'made-up')).response);
      expect(unknown.popularity).toBeLessThanOrEqual(2919.272);
    }
  });
  it('an older film the plan itself takes from the list is judged against any film, not the classics (teval_query_478_0)', () => {
    const uri = parseToolResponse("{'id': 554600, 'title': 'Uri: The Surgical Strike', 'release_date': '2019-01-11', 'popularity': 1462.024}");
    expect(filmPopularityBeyondRecorded(uri, peaks)).toMatch(/before 2022 at most 124.168/);
    expect(filmPopularityBeyondRecorded(uri, peaks, () => false, (id) => id === 554600)).toBeNull();
    expect(filmPopularityBeyondRecorded(parseToolResponse("{'id': 603, 'title': 'The Matrix', 'release_date': '1999-03-30', 'popularity': 17776.454}"), peaks, () => false, (id) => id === 603)).toMatch(/any film at most 2919.272/);
  });
  it('a made-up film released before 2022 among similar films is no more popular than twice the classics\' peak (api-simulator-157)', () => {
    const similar = tevalTrajectories(['query_69_1'])[0].tools;
    let older = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const answer = JSON.parse(simulateOffline({ name: 'FilmTMDB.get_similar_movies', args: { movie_id: 194 }, tools: similar }, new Rng(seed, 'pop', 'similar')).response);
      const films = (Object.values(answer).find(Array.isArray) ?? []) as { release_date?: string; popularity?: number }[];
      for (const f of films) {
        if (typeof f.popularity !== 'number' || typeof f.release_date !== 'string' || f.release_date >= '2022-01-01') continue;
        older++;
        expect(f.popularity, JSON.stringify(f)).toBeLessThanOrEqual(248);
      }
      expect(filmPopularityBeyondRecorded(answer, peaks) ?? null, JSON.stringify(answer)).toBeNull();
    }
    expect(older).toBeGreaterThan(10);
  });
});
