/**
 * Simulated answers true to the case and to the world: records named and written as the API's
 * recorded answers name and write them (simulated_records_unlike_recorded), a stand-in address
 * found nowhere rather than in the South Atlantic (simulated_placeholder_located), and Scholar
 * authors of a Chinese subject with Chinese names (simulated_authors_foreign_to_subject).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { isPlaceholderAddress } from '../../pipeline/resolution/places.js';
import { placeholderLocated, recordsUnlikeRecorded } from '../../pipeline/quality/measures/simulated.js';
import { authorsForeignToSubject } from '../../pipeline/quality/measures/simulatedAbout.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';
import { Rng } from '../../pipeline/rng.js';

interface RawApi { name: string; description: string; required_parameters: { name: string; type: string; description: string }[]; optional_parameters: { name: string; type: string; description: string }[]; return_data: { name: string; description: string }[] }
const typed = (ps: RawApi['required_parameters']) => ps.map((p) => ({ ...p, type: p.type === 'NUMBER' ? 'integer' : 'string' }));
const TOOLS = (JSON.parse(readFileSync('sources/teval/data/api_descrip.json', 'utf8')) as { name: string; api_list: RawApi[] }[]).flatMap((t) =>
  t.api_list.map((a) => ({ ...a, name: `${t.name}.${a.name}`, required_parameters: typed(a.required_parameters), optional_parameters: typed(a.optional_parameters) }) as unknown as ToolDoc),
);
const answer = (name: string, args: Record<string, unknown>, seed = 1, extra: { place?: string } = {}) => {
  const r = simulateOffline({ name, args, tools: TOOLS, ...extra }, new Rng(seed, 'true'));
  if (r.error) throw new Error(r.error);
  return r.response;
};

/** The record fields T-Eval's recorded answers give, per API and list field (true: written in Chinese). */
const RECORDED = new Map([
  ['FilmDouban.now_playing_out_filter', new Map([['film', new Map(['title', 'score', 'region', 'director', 'actors', 'link'].map((k) => [k, true] as [string, boolean]))]])],
  ['FilmDouban.coming_out_filter', new Map([['film', new Map(['date', 'title', 'cate', 'region', 'wantWatchPeopleNum', 'link'].map((k) => [k, true] as [string, boolean]))]])],
  ['AirbnbSearch.get_property_reviews', new Map([['reviews', new Map([['comments', false], ['rating', true], ['time', true]])]])],
  ['FilmTMDB.get_popular_movies', new Map([['films', new Map(['id', 'title', 'release_date', 'vote_average', 'popularity'].map((k) => [k, false] as [string, boolean]))]])],
  ['FilmTMDB.get_movie_reviews', new Map([['reviews', new Map([['user', false], ['rating', true], ['content', false]])]])],
]);
const step = (name: string, content: string) => ({ action: { name }, response: { content } });

describe('simulated_records_unlike_recorded', () => {
  it('flags a now-playing film with a release day and a want-to-watch count, and a film filed in English', () => {
    expect(recordsUnlikeRecorded(RECORDED, [step('FilmDouban.now_playing_out_filter', JSON.stringify({ film: [{ date: '2023-12-20', title: 'The Lost Garden', cate: 'Science Fiction', region: 'Germany', wantWatchPeopleNum: 1141, link: 'https://movie.douban.com/subject/25678561/' }] }))])).toMatch(/gives date/);
    expect(recordsUnlikeRecorded(RECORDED, [step('FilmDouban.coming_out_filter', JSON.stringify({ film: [{ date: '11月17日', title: 'Midnight Lantern', cate: '喜剧', region: '中国大陆', wantWatchPeopleNum: 13635, link: 'https://movie.douban.com/subject/1602626/' }] }))])).toMatch(/title is "Midnight Lantern"/);
    expect(recordsUnlikeRecorded(RECORDED, [step('AirbnbSearch.get_property_reviews', JSON.stringify({ reviews: [{ comment: 'Lovely stay.', rating: 5, date: '2023-09-01' }] }))])).toMatch(/gives comment/);
    expect(recordsUnlikeRecorded(RECORDED, [step('Email.show', '{"emails": []}')])).toBeUndefined();
  });

  it('passes what the simulator now answers for each of those APIs', () => {
    for (let seed = 1; seed <= 4; seed++) {
      for (const [name, args] of [['FilmDouban.now_playing_out_filter', {}], ['FilmDouban.coming_out_filter', {}], ['AirbnbSearch.get_property_reviews', { propertyId: 51113056 }], ['FilmTMDB.get_popular_movies', {}], ['FilmTMDB.get_movie_reviews', { movie_id: 27205 }]] as const) {
        expect(recordsUnlikeRecorded(RECORDED, [step(name, answer(name, args, seed))]), name).toBeNull();
      }
    }
    expect(DEFAULT_QUALITY_THRESHOLDS.simulated_records_unlike_recorded).toBe(0);
  });
});

describe('simulated_placeholder_located', () => {
  it('knows a stand-in address from a real one', () => {
    expect(isPlaceholderAddress('城市, 123号 主街')).toBe(true);
    expect(isPlaceholderAddress('123 Main Street, City')).toBe(true);
    expect(isPlaceholderAddress('123 Main St, Springfield')).toBe(false);
    expect(isPlaceholderAddress('123 Main Street')).toBe(false);
    expect(isPlaceholderAddress('北京市政府')).toBe(false);
  });

  it('flags the South Atlantic for 城市, 123号 主街 and passes AMap\'s "nothing found"', () => {
    const call = { name: 'GaodeMap.get_coordinate', args: { address: '城市, 123号 主街' } };
    expect(placeholderLocated(call, '{"coordinate": "-34.315183,-42.224635"}', 'Where is 123 Main Street, City?')).toMatch(/-42\.224635,-34\.315183/);
    const found = answer(call.name, call.args);
    expect(JSON.parse(found)).toMatchObject({ status: '1', count: '0', geocodes: [] });
    expect(placeholderLocated(call, found, 'Where is 123 Main Street, City?')).toBeNull();
    // A task about a known town gets that town.
    const bing = { name: 'BINGMap.get_coordinates', args: { location: '123 Main Street, City' } };
    const paris = JSON.parse(answer(bing.name, bing.args, 1, { place: 'Paris' })) as { latitude: number; longitude: number };
    expect(Math.abs(paris.latitude - 48.86)).toBeLessThan(0.5);
    expect(placeholderLocated(bing, JSON.stringify(paris), 'Find 123 Main Street, City in Paris')).toBeNull();
    expect(DEFAULT_QUALITY_THRESHOLDS.simulated_placeholder_located).toBe(0);
  });
});

describe('simulated_authors_foreign_to_subject', () => {
  it('flags Scholar papers on Chinese cinema by Tanaka and Müller only, and passes the simulator\'s', () => {
    const call = { name: 'GoogleScholar.search_google_scholar', args: { query: 'Chinese cinema' } };
    expect(authorsForeignToSubject(call, JSON.stringify({ pub_info: ['GR Tanaka, P Müller - Energy Policy, 2021 - Elsevier', 'ME Jensen - Sustainability, 2011 - mdpi.com'] }))).toMatch(/Tanaka/);
    for (let seed = 1; seed <= 6; seed++) expect(authorsForeignToSubject(call, answer(call.name, call.args, seed))).toBeNull();
    expect(authorsForeignToSubject({ ...call, args: { query: 'deep learning' } }, '{"pub_info": ["GR Tanaka - Nature, 2016"]}')).toBeUndefined();
    expect(DEFAULT_QUALITY_THRESHOLDS.simulated_authors_foreign_to_subject).toBe(0);
  });
});
