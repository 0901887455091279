/**
 * Simulated answers agree with what earlier answers said about the id they look up: the author
 * get_author_id was asked for is the one get_author_information describes, and a result id a
 * search listed is cited as that search's paper. The rule (knownFacts.ts), the measure that counts
 * its breaking (simulated_answer_contradicts) and the simulator obeying it, on the defect and the fix;
 * and a long list of films made up for a plan names each film once.
 */
import { describe, expect, it } from 'vitest';
import type { Trajectory } from '../../pipeline/schemas.js';
import { agreeingCarries, knownFacts, taskToday } from '../../pipeline/resolution/knownFacts.js';
import { contradictedFacts, ignoredTicker, misdatedForecast, weekdayContradicts } from '../../pipeline/quality/measures/solvable.js';
import type { TestCase } from '../../pipeline/schemas.js';
import { repeatedRecord } from '../../pipeline/quality/measures/simulated.js';
import { carryPlan } from '../../pipeline/resolution/grounded.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { toolSteps } from '../../pipeline/steps.js';
import { Rng } from '../../pipeline/rng.js';
import { parseJson } from '../../pipeline/pyValues.js';
import { paperTitles, snippets } from '../../pipeline/resolution/simulatedText.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';

const search = {
  name: 'GoogleScholar.search_google_scholar',
  args: { query: 'renewable energy' },
  response: '{"title": ["Advances in renewable energy", "Renewable energy in practice"], "organic_id": ["Dfr79tjK7j4J", "b8af6XDcmWoJ"], "pub_info": "Robert Gross, W Okafor - Nature, 2016 - nature.com"}',
};
const authorId = { name: 'GoogleScholar.get_author_id', args: { mauthors: 'Robert Gross' }, response: '{"author_id": "HR5pAakAAAAJ"}' };

describe('what earlier answers say about an id', () => {
  it('a search result id is the paper listed at its place; an author id is the author it was asked for', () => {
    expect(knownFacts({ q: 'b8af6XDcmWoJ' }, [search])).toEqual({ title: 'Renewable energy in practice', topic: 'renewable energy' });
    expect(knownFacts({ author_id: 'HR5pAakAAAAJ' }, [search, authorId])).toEqual({ name: 'Robert Gross', topic: 'renewable energy' });
    // A recording prints a Python dict: it says as much.
    expect(knownFacts({ author_id: 'lyMGnwIAAAAJ' }, [{ name: 'GoogleScholar.get_author_id', args: { mauthors: 'Seth Lloyd' }, response: "{'author_id': 'lyMGnwIAAAAJ'}" }])).toEqual({ name: 'Seth Lloyd' });
    // An id no earlier answer gave, or a call without one, has nothing known about it.
    expect(knownFacts({ q: 'ZZZZ9999abcd' }, [search])).toBeUndefined();
    expect(knownFacts({ query: 'solar power' }, [search])).toBeUndefined();
  });

  it('the measure flags an answer naming someone else, or citing a paper the search did not list there, and passes one that agrees', () => {
    const info = (name: string) => ({ action: { name: 'GoogleScholar.get_author_information', args: { author_id: 'HR5pAakAAAAJ' } }, response: JSON.stringify({ name, affliation: 'UCL' }) });
    expect(contradictedFacts(info('Hiro Haddad'), [search, authorId])).toMatch(/Hiro Haddad.*Robert Gross/);
    expect(contradictedFacts(info('Robert Gross'), [search, authorId])).toBeNull();
    const cite = (citation: string) => ({ action: { name: 'GoogleScholar.get_citation_format', args: { q: 'Dfr79tjK7j4J' } }, response: JSON.stringify({ citation }) });
    expect(contradictedFacts(cite('Rossi, Carmen. "Measuring the Impact of Behavioral Economics." Science (2023).'), [search])).toMatch(/not the result listed/);
    expect(contradictedFacts(cite('Gross, Robert. "Advances in Renewable Energy." Nature (2016).'), [search])).toBeNull();
    // Nothing known: outside the measure's population.
    expect(contradictedFacts(cite('anything'), [])).toBeUndefined();
  });

  // teval_query_163_1 before api-simulator-19: one pub_info line "P Anderson, R Rossi, I Chen - IEEE
  // Access, 2021" beside three papers, then the first paper cited as "Haddad, Priya, et al. ... Science (2017)".
  it('a citation names the first author and year of the paper\'s own publication line', () => {
    const perPaper = { ...search, response: JSON.stringify({ title: ['Advances in renewable energy', 'Renewable energy in practice'], organic_id: ['Dfr79tjK7j4J', 'b8af6XDcmWoJ'], pub_info: ['Robert Gross, W Okafor - Nature, 2016 - nature.com', 'PR Novak - Springer, 2008 - Springer'] }) };
    expect(knownFacts({ q: 'b8af6XDcmWoJ' }, [perPaper])).toEqual({ title: 'Renewable energy in practice', publication: 'PR Novak - Springer, 2008 - Springer', topic: 'renewable energy' });
    // One line beside the lists reads as the first paper's.
    expect(knownFacts({ q: 'Dfr79tjK7j4J' }, [search])?.publication).toBe('Robert Gross, W Okafor - Nature, 2016 - nature.com');
    const cite = (q: string, citation: string) => ({ action: { name: 'GoogleScholar.get_citation_format', args: { q } }, response: JSON.stringify({ citation }) });
    expect(contradictedFacts(cite('b8af6XDcmWoJ', 'Haddad, Priya, et al. "Renewable Energy in Practice." Science 65.9 (2017): 797-828.'), [perPaper])).toMatch(/lacks the first author Novak and the year 2008/);
    expect(contradictedFacts(cite('b8af6XDcmWoJ', 'Novak, P. R. Renewable Energy in Practice. Springer, 2008.'), [perPaper])).toBeNull();
    expect(contradictedFacts(cite('Dfr79tjK7j4J', 'Gross, Robert, and W. Okafor. "Advances in Renewable Energy." Nature 12 (2016).'), [perPaper])).toBeNull();
  });

  it('papers searched for by a person\'s name are on a field, not about the person ("Advances in John Smith")', () => {
    for (let seed = 0; seed < 10; seed++) {
      const titles = paperTitles({ rng: new Rng(seed, 'p'), args: { query: 'John Smith' }, subject: 'John Smith', hint: 'GoogleScholar' }, 3);
      for (const t of titles) expect(t).not.toMatch(/john smith/i);
    }
    expect(paperTitles({ rng: new Rng(1, 'p'), args: { query: 'Artificial Intelligence' }, subject: 'Artificial Intelligence', hint: 'GoogleScholar' }, 3).join(' ')).toMatch(/artificial intelligence/i);
  });

  it('a film\'s details say what the list that gave its id said: its release date, popularity and rating (as vote_average)', () => {
    const popular = { name: 'FilmTMDB.get_popular_movies', args: {}, response: '{"films": [{"id": 299054, "title": "Iron Summer", "release_date": "2019-09-06", "popularity": 100.7, "rating": 8.4}]}' };
    expect(knownFacts({ movie_id: 299054 }, [popular])).toEqual({ title: 'Iron Summer', fields: { release_date: '2019-09-06', popularity: 100.7, rating: 8.4 } });
    const details = (over: Record<string, unknown>) => ({ action: { name: 'FilmTMDB.get_movie_details', args: { movie_id: 299054 } }, response: JSON.stringify({ id: 299054, title: 'Iron Summer', release_date: '2019-09-06', popularity: 100.7, vote_average: 8.4, ...over }) });
    expect(contradictedFacts(details({ release_date: '2021-03-10' }), [popular])).toMatch(/release_date is "2021-03-10", but the list that gave the id said "2019-09-06"/);
    expect(contradictedFacts(details({ vote_average: 7.3 }), [popular])).toMatch(/vote_average is 7.3.*8.4/);
    expect(contradictedFacts(details({}), [popular])).toBeNull();
    // A later step's value is not carried into a field the list gave otherwise; one that agrees, or a list's own field, is.
    const carries = [
      { key: 'x', value: 7.3, field: 'vote_average' },
      { key: 'y', value: 100.7, field: 'popularity' },
      { key: 'z', value: 'Shrek 2', field: 'films', sub: 'title' },
    ];
    expect(agreeingCarries(carries, knownFacts({ movie_id: 299054 }, [popular]))).toEqual(carries.slice(1));
  });
});

/** Every step simulated by the rules the way resolve answers it: the plan's carries and what earlier answers said. */
function resolveByRules(t: Trajectory): { name: string; args: unknown; response: string }[] {
  const steps = toolSteps(t);
  const plan = carryPlan(t, { known: () => undefined, simulated: () => true });
  const done: { name: string; args: unknown; response: string }[] = [];
  steps.forEach((s, i) => {
    const { name, args } = s.step.action;
    const known = knownFacts(args, done);
    const today = taskToday(args, done);
    const r = simulateOffline({ name, args, tools: t.tools, carry: agreeingCarries(plan.carries[i], known), ...(known ? { known } : {}), ...(today ? { today } : {}) }, new Rng(1, t.id, String(i)));
    done.push({ name, args, response: r.response || JSON.stringify({ error: r.error }) });
  });
  return done;
}

describe('the simulator agrees with earlier answers (real T-Eval plans)', () => {
  it('query_78_1: the author info names Robert Gross, and each citation cites the paper the search listed under its id', () => {
    const [t] = tevalTrajectories(['query_78_1']);
    const answers = resolveByRules(t);
    const info = answers.find((a) => a.name === 'GoogleScholar.get_author_information')!;
    expect((parseJson(info.response) as { name: string }).name).toBe('Robert Gross');
    const titles = (parseJson(answers[0].response) as { title: string[] }).title;
    const citations = answers.filter((a) => a.name === 'GoogleScholar.get_citation_format');
    expect(citations.length).toBe(3);
    for (const [i, a] of answers.entries()) expect(contradictedFacts({ action: { name: a.name, args: a.args as never }, response: a.response }, answers.slice(0, i))).not.toBeTruthy();
    for (const c of citations) expect(titles.some((title) => (parseJson(c.response) as { citation: string }).citation.toLowerCase().includes(title.toLowerCase()))).toBe(true);
    // "publication information of selected papers": a line per paper, the first led by the author a later call looks up.
    const pubInfo = (parseJson(answers[0].response) as { pub_info: string[] }).pub_info;
    expect(pubInfo).toHaveLength(titles.length);
    expect(pubInfo[0]).toMatch(/^Robert Gross, /);
  });

  it('query_477_0: the details of the first popular film agree with the list on every fact they share', () => {
    const [t] = tevalTrajectories(['query_477_0']);
    const answers = resolveByRules(t);
    const list = (parseJson(answers[0].response) as { films: Record<string, unknown>[] }).films[0];
    const details = parseJson(answers.find((a) => a.name === 'FilmTMDB.get_movie_details')!.response) as Record<string, unknown>;
    expect(details.release_date).toBe(list.release_date);
    expect(details.popularity).toBe(list.popularity);
    // TMDB's lists name the rating vote_average, as T-Eval's recorded answers do.
    expect(details.vote_average).toBe(list.vote_average);
    for (const [i, a] of answers.entries()) expect(contradictedFacts({ action: { name: a.name, args: a.args as never }, response: a.response }, answers.slice(0, i))).not.toBeTruthy();
  });

  it('query_472_2: the top-rated films made up to carry the plan\'s numbers are different films, none of the now-playing slide\'s', () => {
    const [t] = tevalTrajectories(['query_472_2']);
    const answers = resolveByRules(t);
    const top = answers.find((a) => a.name === 'FilmTMDB.get_top_rated_movies')!;
    const films = (parseJson(top.response) as { films: { title: string }[] }).films;
    // The "Top Rated Movies" slide's five; the "Currently Playing Movies" slide's go to the now-playing list (api-simulator-70).
    expect(films.length).toBeGreaterThanOrEqual(5);
    expect(films.map((f) => f.title)).not.toContain('Expend4bles');
    expect(repeatedRecord(parseJson(top.response))).toBeUndefined();
  });
});

describe('a simulated ticker lookup gives the ticker the plan takes next', () => {
  it('query_181_0: search_stock_ticker("Airbnb") answers "ABNB", the ticker get_ticker_detail takes', () => {
    const [t] = tevalTrajectories(['query_181_0']);
    const answers = resolveByRules(t);
    expect((parseJson(answers.find((a) => a.name === 'PolygonFinance.search_stock_ticker')!.response) as { ticker: string }).ticker).toBe('ABNB');
  });

  it('the measure flags a lookup the next ticker call ignores, and passes one it follows or a ticker the user gave', () => {
    const lookup = (ticker: string) => ({ action: { name: 'P.search_stock_ticker', args: { search: 'Airbnb' } }, response: { content: JSON.stringify({ ticker, name: 'Airbnb' }), tier: 'simulated' as const } });
    const trajectory = (ticker: string) => ({ id: 't', source: 'teval', tools: [], final: '', meta: {}, turns: [{ user: 'x', steps: [lookup(ticker), { action: { name: 'P.get_ticker_detail', args: { ticker: 'ABNB' } } }] }] }) as unknown as Trajectory;
    const tc = (ticker: string, user = 'Tell me about Airbnb.'): TestCase =>
      ({
        id: 'c', kind: 'internal', errorType: '', cot: false, trajectoryId: 't', source: 'teval', k: 2,
        messages: [
          { role: 'system', content: 'tools' },
          { role: 'user', content: user },
          { role: 'assistant', content: JSON.stringify({ name: 'P.search_stock_ticker', args: { search: 'Airbnb' } }) },
          { role: 'function', content: JSON.stringify({ ticker, name: 'Airbnb' }) },
        ],
        tools: [], groundTruth: { name: 'P.get_ticker_detail', args: { ticker: 'ABNB' } }, provenance: { methods: {}, parents: [] },
      }) as unknown as TestCase;
    const ctx = (ticker: string) => ({ trajectory: () => trajectory(ticker), baseCase: () => undefined });
    expect(ignoredTicker.check(tc('YMFW'), ctx('YMFW'))).toMatch(/gave YMFW, then P.get_ticker_detail takes ABNB/);
    expect(ignoredTicker.check(tc('ABNB'), ctx('ABNB'))).toBeNull();
    expect(ignoredTicker.check(tc('YMFW', 'Tell me about ABNB.'), ctx('YMFW'))).toBeNull();
  });
});

describe('a simulated forecast starts on the day the task is on', () => {
  it('taskToday: a clock answer\'s date, else the earliest date a call takes, else none', () => {
    const clock = { name: 'TimeTool.get_curr_time', args: {}, response: '{"time": "2020-09-29 05:30"}' };
    expect(taskToday({ days: 3 }, [clock])).toBe('2020-09-29');
    expect(taskToday({ days: 3 }, [{ name: 'A.check_availability', args: { date: '2023-10-19' }, response: '{}' }, { name: 'A.check_availability', args: { date: '2023-10-18' }, response: '{}' }])).toBe('2023-10-18');
    expect(taskToday({ days: 3 }, [])).toBeUndefined();
  });

  it('query_255_1: the three-day forecast after get_curr_time begins on the day the clock gave', () => {
    const [t] = tevalTrajectories(['query_255_1']);
    const answers = resolveByRules(t);
    const now = (parseJson(answers.find((a) => a.name === 'TimeTool.get_curr_time')!.response) as { time: string }).time.slice(0, 10);
    const forecast = parseJson(answers.find((a) => a.name === 'Weather.forecast_weather')!.response) as { results: { date: string }[] };
    expect(forecast.results.map((r) => r.date)[0]).toBe(now);
    expect(forecast.results).toHaveLength(3);
  });

  it('the measure flags a forecast dated away from the clock the case shows', () => {
    const step = (name: string, args: Record<string, unknown>, content: string) => ({ action: { name, args }, response: { content, tier: 'simulated' as const } });
    const forecastDoc = { name: 'Weather.forecast_weather', description: 'Forecast weather in the N upcoming days.', required_parameters: [], optional_parameters: [], return_data: [] };
    const traj = (first: string) =>
      ({ id: 't', source: 'teval', tools: [], final: '', meta: {}, turns: [{ user: 'q', steps: [step('TimeTool.get_curr_time', {}, '{"time": "2020-09-29 05:30"}'), step('Weather.forecast_weather', { days: 3 }, `{"results": [{"date": "${first}"}]}`)] }] }) as unknown as Trajectory;
    const tc = (first: string) =>
      ({ id: 'c', kind: 'internal', errorType: '', cot: false, trajectoryId: 't', source: 'teval', k: 3, tools: [forecastDoc], groundTruth: { name: 'FinishAction', args: 'x' }, provenance: { methods: {}, parents: [] }, messages: [{ role: 'user', content: 'q' }, { role: 'function', content: '{"time": "2020-09-29 05:30"}' }, { role: 'function', content: `{"results": [{"date": "${first}"}]}` }] }) as unknown as TestCase;
    expect(misdatedForecast.check(tc('2023-09-07'), { trajectory: () => traj('2023-09-07'), baseCase: () => undefined })).toMatch(/begins 2023-09-07; the task is on 2020-09-29/);
    expect(misdatedForecast.check(tc('2020-09-29'), { trajectory: () => traj('2020-09-29'), baseCase: () => undefined })).toBeNull();
  });
});

// Before api-simulator-20, 100% (50/50) of cases showing a clock and a weekday disagreed:
// get_curr_time "2020-09-29 05:30" (a Tuesday), get_weekday "Monday", each simulated on its own.
describe('a weekday and a clock agree', () => {
  const clock = { name: 'TimeTool.get_curr_time', args: {}, response: '{"time": "2020-09-29 05:30"}' };
  const weekday = { name: 'TimeTool.get_weekday', args: {}, response: "{'weekday': 'Thursday'}" };

  it('taskToday: a clock first, else a day with the weekday shown, then the dates calls take', () => {
    expect(taskToday({}, [weekday, clock])).toBe('2020-09-29');
    expect(taskToday({}, [weekday])).toBe('2023-10-19');
    expect(new Date('2023-10-19T00:00:00Z').getUTCDay()).toBe(4);
    for (const [i, day] of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].entries()) {
      const today = taskToday({}, [{ ...weekday, response: JSON.stringify({ weekday: day }) }])!;
      expect(new Date(`${today}T00:00:00Z`).getUTCDay(), day).toBe(i);
    }
  });

  it('query_228_2 order (clock, then weekday) and the reverse: the simulator answers the same day', () => {
    const [t] = tevalTrajectories(['query_228_2']);
    const names = toolSteps(t).map((s) => s.step.action.name);
    expect(names.slice(0, 2)).toEqual(['TimeTool.get_curr_time', 'TimeTool.get_weekday']);
    const answers = resolveByRules(t);
    const day = (parseJson(answers[0].response) as { time: string }).time.slice(0, 10);
    const named = (parseJson(answers[1].response) as { weekday: string }).weekday;
    expect(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][new Date(`${day}T00:00:00Z`).getUTCDay()]).toBe(named);
    // Weekday first: the clock then answers a day of that weekday.
    const tools = t.tools;
    const after = simulateOffline({ name: 'TimeTool.get_curr_time', args: {}, tools, today: taskToday({}, [weekday]) }, new Rng(3, 'clock'));
    expect(new Date(`${(parseJson(after.response) as { time: string }).time.slice(0, 10)}T00:00:00Z`).getUTCDay()).toBe(4);
  });

  it('the measure flags a weekday the clock contradicts, either order', () => {
    const step = (s: { name: string; args: Record<string, unknown>; response: string }) => ({ action: { name: s.name, args: s.args }, response: { content: s.response, tier: 'simulated' as const } });
    const ctxOf = (steps: (typeof clock)[]) => ({ trajectory: () => ({ id: 't', source: 'teval', tools: [], final: '', meta: {}, turns: [{ user: 'q', steps: steps.map(step) }] }) as unknown as Trajectory, baseCase: () => undefined });
    const tc = (steps: (typeof clock)[]) => ({ id: 'c', kind: 'internal', errorType: '', cot: false, trajectoryId: 't', source: 'teval', k: steps.length + 1, tools: [], groundTruth: { name: 'FinishAction', args: 'x' }, provenance: { methods: {}, parents: [] }, messages: [{ role: 'user', content: 'q' }, ...steps.map((s) => ({ role: 'function', content: s.response }))] }) as unknown as TestCase;
    const monday = { ...weekday, response: '{"weekday": "Monday"}' };
    const tuesday = { ...weekday, response: '{"weekday": "Tuesday"}' };
    expect(weekdayContradicts.check(tc([clock, monday]), ctxOf([clock, monday]))).toMatch(/2020-09-29 \(a Tuesday\), the weekday answer Monday/);
    expect(weekdayContradicts.check(tc([monday, clock]), ctxOf([monday, clock]))).toMatch(/Monday/);
    expect(weekdayContradicts.check(tc([clock, tuesday]), ctxOf([clock, tuesday]))).toBeNull();
    expect(weekdayContradicts.check(tc([clock]), ctxOf([clock]))).toBeUndefined();
  });
});

describe('what simulated papers are about', () => {
  it('the topic a search asks about, not the words that ask for papers', () => {
    const titles = (subject: string) => paperTitles({ rng: new Rng(1, 'topic'), args: {}, subject, hint: '' }, 3);
    for (const subject of ['recent scholarly articles about quantum computing', 'latest research on quantum computing', 'Papers related to quantum computing']) {
      for (const t of titles(subject)) {
        expect(t.toLowerCase()).toContain('quantum computing');
        expect(t.toLowerCase()).not.toMatch(/articles|research on|papers related/);
      }
    }
  });
});

describe('simulated text agrees with its topic', () => {
  it('a plural topic takes a plural verb ("neural networks are central"), a singular one the singular ("machine learning is")', () => {
    for (let seed = 0; seed < 30; seed++) {
      for (const [subject, wrong] of [['neural networks', /neural networks (is|has)\b/i], ['art exhibitions', /art exhibitions (is|has)\b/i], ['machine learning', /machine learning (are|have)\b/i], ['data analysis', /data analysis (are|have)\b/i]] as const) {
        const text = snippets({ rng: new Rng(seed, 'agree', subject), args: {}, subject, hint: '' }, 3).join(' ');
        expect(text).not.toMatch(wrong);
      }
    }
  });
});

// Before api-simulator-23 every Douban description of a listed film (78 of 78 shown) named a genre
// of its own: "奥本海默 is a comedy film" after now_playing_out_filter filed it under Drama.
describe('a film looked up by name agrees with the list that named it', () => {
  const list = { name: 'FilmDouban.now_playing_out_filter', args: {}, response: JSON.stringify({ film: [{ date: '2023-12-21', title: '奥本海默', cate: 'Drama', region: 'France' }] }) };

  it('knownFacts by title: the listed record\'s facts', () => {
    expect(knownFacts({ film_name: '奥本海默' }, [list])).toEqual({ title: '奥本海默', fields: { date: '2023-12-21', cate: 'Drama', region: 'France' } });
    expect(knownFacts({ film_name: '驯龙高手' }, [list])).toBeUndefined();
  });

  it('the simulated description names the listed genre; the measure flags one that does not', () => {
    const [t] = tevalTrajectories(['query_60_0']);
    const known = knownFacts({ film_name: '奥本海默' }, [list]);
    for (let seed = 0; seed < 5; seed++) {
      const r = simulateOffline({ name: 'FilmDouban.print_detail', args: { film_name: '奥本海默' }, tools: t.tools, ...(known ? { known } : {}) }, new Rng(seed, 'genre'));
      // Douban's own words: the listed genre (drama, 剧情) first, its director as Douban writes him.
      expect((parseJson(r.response) as { description: string }).description).toMatch(/^奥本海默是一部美国 \/ 英国的剧情、.*由克里斯托弗·诺兰（Christopher Nolan）导演/);
    }
    const detail = (description: string) => ({ action: { name: 'FilmDouban.print_detail', args: { film_name: '奥本海默' } }, response: JSON.stringify({ description }) });
    expect(contradictedFacts(detail('奥本海默 is a comedy film directed by Olga Lopez.'), [list])).toMatch(/calls it a comedy film; the list that named it said "drama"/);
    expect(contradictedFacts(detail('奥本海默 is a drama film directed by Olga Lopez.'), [list])).toBeNull();
  });
});

describe('a distance asked after a route between the same ends (api-simulator-75)', () => {
  it('is what the route legs add up to (teval_query_305_1: 13.8 km of legs, then a get_distance of 10.5)', () => {
    const route = "{'route': ['Start on Commonwealth Avenue heading southeast', 'After 1.4 km in town, take the ramp on the right for I-93', 'Continue on I-93 for 11 km', 'Leave I-93 and drive the last 1.4 km in town', 'Arrive at Boston Public Library on the right']}";
    const earlier = [{ name: 'BINGMap.get_route', args: { start: 'Harvard University', end: 'Boston Public Library' }, response: route }];
    expect(knownFacts({ start: 'Harvard University', end: 'Boston Public Library' }, earlier)?.tripKm).toBe(13.8);
    expect(knownFacts({ start: 'Boston Public Library', end: 'Harvard University' }, earlier)?.tripKm).toBe(13.8);
    expect(knownFacts({ start: 'Harvard University', end: 'Fenway Park' }, earlier)?.tripKm).toBeUndefined();
  });
});
