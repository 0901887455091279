/**
 * Simulated answers about real films and companies agree with what the world knows
 * (pipeline/resolution/worldFacts.ts), and simulated_contradicts_world catches those that do not.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { simulatedContradictsWorld, worldContradiction } from '../../pipeline/quality/measures/world.js';
import { answeredInEnglish } from '../../pipeline/quality/measures/simulatedAbout.js';
import { Rng } from '../../pipeline/rng.js';

/** T-Eval's own docs of the film and stock tools, typed as the adapter types them (NUMBER → integer, STRING → string). */
interface RawApi { name: string; description: string; required_parameters: { name: string; type: string; description: string }[]; optional_parameters: { name: string; type: string; description: string }[]; return_data: { name: string; description: string }[] }
const typed = (ps: RawApi['required_parameters']) => ps.map((p) => ({ ...p, type: p.type === 'NUMBER' ? 'integer' : 'string' }));
const TOOLS = (JSON.parse(readFileSync('sources/teval/data/api_descrip.json', 'utf8')) as { name: string; api_list: RawApi[] }[])
  .filter((t) => ['FilmTMDB', 'FilmDouban', 'PolygonFinance'].includes(t.name))
  .flatMap((t) => t.api_list.map((a) => ({ ...a, name: `${t.name}.${a.name}`, required_parameters: typed(a.required_parameters), optional_parameters: typed(a.optional_parameters) }) as unknown as ToolDoc));

const call = (name: string, args: Record<string, unknown>, seed = 1) => {
  const { response, error } = simulateOffline({ name, args, tools: TOOLS }, new Rng(seed, 'world'));
  if (error) throw new Error(error);
  return { response, answer: JSON.parse(response) as Record<string, unknown>, why: worldContradiction({ name, args }, response) };
};

describe('simulated_contradicts_world', () => {
  it('flags answers that contradict the world', () => {
    const matrix = '{"genres": ["Thriller", "Science Fiction"], "id": 603, "release_date": "2020-07-01", "runtime": 137, "title": "The Matrix", "overview": "An aging jazz pianist inherits a failing vineyard."}';
    expect(worldContradiction({ name: 'FilmTMDB.get_movie_details', args: { movie_id: 603 } }, matrix)).toMatch(/1999/);
    const oppenheimer = '{"description": "奥本海默 is a comedy film directed by Rafael Okafor, starring Liam Chen."}';
    expect(worldContradiction({ name: 'FilmDouban.print_detail', args: { film_name: '奥本海默' } }, oppenheimer)).toMatch(/Christopher Nolan/);
    expect(worldContradiction({ name: 'FilmDouban.print_detail', args: { film_name: '奥本海默' } }, '{"description": "奥本海默是一部美国的剧情电影，由王晓明导演.\\n剧情简介：…"}')).toMatch(/克里斯托弗·诺兰/);
    const shawshank = '{"genres": ["Drama"], "id": 278, "release_date": "1994-09-23", "runtime": 26, "title": "The Shawshank Redemption"}';
    expect(worldContradiction({ name: 'FilmTMDB.get_movie_details', args: { movie_id: 278 } }, shawshank)).toMatch(/26 minutes/);
    const tsla = '{"address": "169 Church Lane, Tokyo", "homepage_url": "https://www.example.com/tsla/3809", "description": "TSLA manufactures cloud services.", "list_date": "2022-01-04", "name": "TSLA"}';
    expect(worldContradiction({ name: 'PolygonFinance.get_ticker_detail', args: { ticker: 'TSLA' } }, tsla)).toBeTruthy();
    expect(worldContradiction({ name: 'PolygonFinance.get_daliy_open_close', args: { ticker: 'AAPL', date: '2023-10-12' } }, '{"close": 734.79, "open": 29.95}')).toMatch(/same day/);
    expect(worldContradiction({ name: 'FilmTMDB.get_top_rated_movies', args: {} }, '{"films": [{"id": 238, "title": "Paper Compass", "release_date": "2023-04-19"}]}')).toMatch(/Godfather/);
  });

  it('passes answers that agree, and leaves unknown films alone', () => {
    const inception = "{'id': 27205, 'genres': [{'id': 28, 'name': 'Action'}, {'id': 878, 'name': 'Science Fiction'}], 'release_date': '2010-07-15', 'runtime': 148, 'title': 'Inception'}";
    expect(worldContradiction({ name: 'FilmTMDB.get_movie_details', args: { movie_id: 27205 } }, inception)).toBeNull();
    expect(worldContradiction({ name: 'FilmTMDB.get_movie_details', args: { movie_id: 1234567 } }, '{"title": "The Quiet Road", "release_date": "2023-04-20"}')).toBeUndefined();
  });

  it('the simulator answers real films and companies as they are', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const matrix = call('FilmTMDB.get_movie_details', { movie_id: 603 }, seed);
      expect(matrix.why).toBeNull();
      expect(String(matrix.answer.release_date)).toMatch(/^1999-\d\d-\d\d$/);
      const opp = call('FilmDouban.print_detail', { film_name: '奥本海默' }, seed);
      // Asked in Chinese, Douban answers in its own words, its director as Douban writes him.
      expect(opp.answer.description).toMatch(/^奥本海默是一部美国 \/ 英国的剧情、传记、历史电影，由克里斯托弗·诺兰（Christopher Nolan）导演/);
      expect(opp.why).toBeNull();
      const tsla = call('PolygonFinance.get_ticker_detail', { ticker: 'TSLA' }, seed);
      expect(tsla.answer).toMatchObject({ name: 'Tesla, Inc.', homepage_url: 'https://www.tesla.com' });
      expect(tsla.why).toBeNull();
      // A ticker the table does not know gets a name that is not its symbol, and a homepage named for it.
      const other = call('PolygonFinance.get_ticker_detail', { ticker: 'WBIL' }, seed);
      expect(other.answer.name).not.toBe('WBIL');
      expect(String(other.answer.homepage_url)).not.toMatch(/example\.com/);
      expect(call('PolygonFinance.get_daliy_open_close', { ticker: 'AAPL', date: '2023-10-12' }, seed).why).toBeNull();
      const bars = call('PolygonFinance.aggregate_stock_with_time', { ticker: 'TSLA', multiplier: 1, timespan: 'day', from: '2023-09-17', to: '2023-10-17' }, seed);
      expect(bars.why).toBeNull();
      expect((bars.answer.results as unknown[]).length).toBeGreaterThan(1);
    }
  });

  it('similar movies answer films, as T-Eval recorded them, not reviews', () => {
    const similar = call('FilmTMDB.get_similar_movies', { movie_id: 155 });
    const films = similar.answer.films as Record<string, unknown>[];
    expect(Object.keys(films[0]).sort()).toEqual(['id', 'popularity', 'release_date', 'title', 'vote_average']);
    expect(similar.why).toBeNull();
  });
});

describe('film ratings and ranks (api-simulator-75)', () => {
  it('simulated_contradicts_world flags a known film rated off TMDB, and a ranked list out of order', () => {
    const godfather = '{"films": [{"id": 238, "title": "The Godfather", "release_date": "1972-03-14", "vote_average": 8.709, "popularity": 118.372}, {"id": 278, "title": "The Shawshank Redemption", "release_date": "1994-09-23", "vote_average": 4.4, "popularity": 44.5}]}';
    const action = { name: 'FilmTMDB.get_top_rated_movies', args: {} };
    const steps = (content: string) => [{ action, response: { tier: 'simulated', content } }];
    const ctx = (content: string) => ({ trajectory: () => ({ turns: [{ user: 'u', steps: steps(content) }] }) });
    const tc = (content: string) => ({ id: 'c', trajectoryId: 't', k: 5, messages: [{ role: 'function', content }] });
    const check = (content: string) => simulatedContradictsWorld.check(tc(content) as never, ctx(content) as never);
    expect(check(godfather)).toMatch(/Shawshank Redemption rated 4.4; TMDB rates it 8.7/);
    const outOfOrder = '{"films": [{"id": 19404, "title": "Dilwale Dulhania Le Jayenge", "release_date": "1995-10-20", "vote_average": 8.6, "popularity": 59.1}, {"id": 238, "title": "The Godfather", "release_date": "1972-03-14", "vote_average": 8.7, "popularity": 28.4}]}';
    expect(check(outOfOrder)).toMatch(/ranked by rating puts "The Godfather" \(8.7\) after/);
    expect(check(godfather.replace('4.4', '8.7'))).toBeNull();
  });

  it('a top-rated list keeps a known film at its rating beside a carried one, in rating order', () => {
    // teval_query_65_1: the first film's id carried to a details call whose recorded answer rates it 8.709.
    const known = { films: [{ id: 238, title: 'The Godfather', facts: { vote_average: 8.709, popularity: 118.372 } }] };
    for (let seed = 1; seed <= 8; seed++) {
      const { response, error } = simulateOffline({ name: 'FilmTMDB.get_top_rated_movies', args: {}, tools: TOOLS, carry: [{ key: 'movie_id', value: 238, field: 'films', sub: 'id', at: 0 }], known: known as never }, new Rng(seed, 'world'));
      expect(error).toBe('');
      const films = (JSON.parse(response) as { films: { id: number; vote_average: number }[] }).films;
      expect(films[0]).toMatchObject({ id: 238, vote_average: 8.709 });
      for (let i = 1; i < films.length; i++) expect(films[i].vote_average).toBeLessThanOrEqual(films[i - 1].vote_average);
      expect(worldContradiction({ name: 'FilmTMDB.get_top_rated_movies', args: {} }, response)).toBeNull();
      const tc = { id: 'c', trajectoryId: 't', k: 5, messages: [{ role: 'function', content: response }] };
      const ctx = { trajectory: () => ({ turns: [{ user: 'u', steps: [{ action: { name: 'FilmTMDB.get_top_rated_movies', args: {} }, response: { tier: 'simulated', content: response } }] }] }) };
      expect(simulatedContradictsWorld.check(tc as never, ctx as never)).toBeNull();
    }
  });
});

describe('company answers', () => {
  it('a company named where its symbol belongs is still that company, and news headlines are not the symbol', () => {
    const tesla = call('PolygonFinance.get_ticker_detail', { ticker: 'Tesla' });
    expect(tesla.answer.name).toBe('Tesla, Inc.');
    expect(tesla.why).toBeNull();
    const news = call('PolygonFinance.get_ticker_news', { ticker: 'TSLA' });
    for (const r of news.answer.results as { title: string }[]) expect(r.title).not.toBe('TSLA');
  });
});

describe('Douban answers in its own words, as its recorded answers do', () => {
  it('details of a film it knows, asked in Chinese, are Chinese; no director nobody is sure of', () => {
    for (let seed = 1; seed <= 3; seed++) {
      const changan = call('FilmDouban.print_detail', { film_name: '长安三万里' }, seed);
      expect(changan.answer.description).toMatch(/^长安三万里是一部中国大陆的动画、历史电影，由谢君伟、邹靖导演.\n剧情简介：/);
      expect(answeredInEnglish({ name: 'FilmDouban.print_detail', args: { film_name: '长安三万里' } }, changan.response)).toBeNull();
      // Kung Fu Panda's Chinese director names are no fact we hold: the description names nobody.
      const panda = call('FilmDouban.print_detail', { film_name: '功夫熊猫' }, seed);
      expect(panda.answer.description).not.toMatch(/导演|主演|[A-Za-z]{3}/);
    }
    // Before: "长安三万里 (Chang'an) is an animation film from 2023, directed by Xie Junwei and Zou Jing (China). …"
    expect(answeredInEnglish({ name: 'FilmDouban.print_detail', args: { film_name: '长安三万里' } }, JSON.stringify({ description: "长安三万里 (Chang'an) is an animation film from 2023, directed by Xie Junwei and Zou Jing (China). The poet Gao Shi looks back." }))).toMatch(/animation film/);
  });

  it('now playing lists real films with a score, director and cast, never a release day or a "want to watch" count', () => {
    for (let seed = 1; seed <= 3; seed++) {
      const playing = call('FilmDouban.now_playing_out_filter', {}, seed);
      const films = playing.answer.film as Record<string, unknown>[];
      expect(films.length).toBeGreaterThan(0);
      for (const f of films) {
        expect(Object.keys(f).sort()).toEqual(['actors', 'director', 'link', 'region', 'score', 'title']);
        expect(String(f.title)).toMatch(/\p{Script=Han}/u);
        expect(String(f.link)).toMatch(/\?from=playing_poster$/);
      }
      expect(playing.why).toBeNull();
      const coming = call('FilmDouban.coming_out_filter', { region: '中国大陆' }, seed);
      for (const f of coming.answer.film as Record<string, unknown>[]) {
        expect(f.date).toMatch(/^\d{1,2}月\d{1,2}日$/);
        expect(String(f.region)).toContain('中国大陆');
        expect(String(f.cate)).toMatch(/^\p{Script=Han}/u);
      }
    }
  });
});
