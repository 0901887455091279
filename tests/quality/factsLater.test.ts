/**
 * A simulated single-record answer agrees with the facts the plan's later calls copy from it: the
 * weather answer's overall is the "Sunny" the file written next says, the clock's time the slide's
 * "Date and Time", the details' property type and capacity the slide's. The rule (labelledFacts,
 * carried by grounded.ts), the measure that counts the defect, and real T-Eval plans simulated
 * with the plan's carries, as resolve does.
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage, TestCase, Trajectory } from '../../pipeline/schemas.js';
import { factField, labelledFacts, listedNames, searchedKindOf } from '../../pipeline/quality/copiedFields.js';
import { shownAnswerUnattributed, simulatedFactContradicted, simulatedFactContradictedLater } from '../../pipeline/quality/measures/simulated.js';
import { summaryOffTitle } from '../../pipeline/quality/measures/simulatedAbout.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { toolSteps } from '../../pipeline/steps.js';
import { Rng } from '../../pipeline/rng.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { contextOf, controlCaseAt, simulateTrajectory } from '../support/simulatedCases.js';

const answerOf = (t: Trajectory, name: string) => JSON.parse(toolSteps(t).find((s) => s.step.action.name === name)!.step.response!.content);

describe('labelled facts a call writes about one record', () => {
  it('reads "Label: value" lines outside titled or numbered records, without T-Eval\'s [SPAN] marks', () => {
    expect(labelledFacts({ name: 'FileOperation.write_file', args: { file_path: 'w.txt', text: 'Overall conditions: Sunny\nAverage temperature: 11.0°C' } })).toEqual([
      { key: 'text', label: 'Overall conditions', value: 'Sunny' },
      { key: 'text', label: 'Average temperature', value: '11.0°C' },
    ]);
    expect(labelledFacts({ name: 'PPT.add_text_page', args: { title: 'x', bullet_items: 'Date and Time: [SPAN]2023-10-22 22:53' } })).toEqual([{ key: 'bullet_items', label: 'Date and Time', value: '2023-10-22 22:53' }]);
    // A paper's block is the record of a list (copiedRecords'); a numbered review is one item of a list.
    expect(labelledFacts({ name: 'Email.send', args: { body: 'Title: Deep Nets\nPublished: 2020-01-01' } })).toEqual([]);
    expect(labelledFacts({ name: 'PPT.add_text_page', args: { bullet_items: 'Review 1: Great place\nRating: 5' } })).toEqual([]);
    // A sentence after a label is the writer's own.
    expect(labelledFacts({ name: 'FileOperation.write_file', args: { text: 'Summary: the weather in Paris will stay mild and dry for the rest of the week' } })).toEqual([]);
  });

  it('names the one field of a record the label copies', () => {
    expect(factField('Overall conditions', ['overall', 'avg temperature'])).toBe('overall');
    expect(factField('Date and Time', ['time'])).toBe('time');
    expect(factField('Capacity', ['title', 'propertyType', 'personCapacity', 'rating'])).toBe('personCapacity');
    expect(factField('Rating', ['title', 'vote_average', 'runtime'])).toBe('vote_average');
    expect(factField('Status', ['status'])).toBeUndefined();
  });
});

describe('the measure simulated_fact_contradicted_later', () => {
  const messages = (overall: string): ChatMessage[] => [
    { role: 'system', content: 'tools' },
    { role: 'user', content: "Document today's weather in Paris in weather.txt." },
    { role: 'assistant', content: JSON.stringify({ name: 'Weather.get_weather_today', args: { location: 'Paris' } }) },
    { role: 'function', content: JSON.stringify({ overall, 'avg temperature': 11 }) },
  ];
  const gt = { name: 'FileOperation.write_file', args: { file_path: 'weather.txt', text: 'Overall conditions: Sunny\nAverage temperature: 11.0°C' } };

  it('flags a simulated weather answer the file written next contradicts, and passes the one that agrees', () => {
    const bad = messages('Partly cloudy');
    expect(simulatedFactContradicted(bad, gt, new Set([bad[3].content]))).toMatch(/overall "Partly cloudy".*Overall conditions: Sunny/);
    const good = messages('Sunny');
    expect(simulatedFactContradicted(good, gt, new Set([good[3].content]))).toBeNull();
    // A recorded answer is the source's own: not this measure's.
    expect(simulatedFactContradicted(bad, gt, new Set())).toBeNull();
    // A call writing no fact an answer names is not in the population.
    expect(simulatedFactContradicted(bad, { name: 'FileOperation.read_file', args: { file_path: 'weather.txt' } }, new Set([bad[3].content]))).toBeUndefined();
  });

  it('is gated at 0', () => {
    expect(DEFAULT_QUALITY_THRESHOLDS.simulated_fact_contradicted_later).toBe(0);
  });
});

describe('the simulated answer carries the facts later steps write', () => {
  it('query_54_0: the weather answer says what weather.txt says (Sunny, 11)', () => {
    const [raw] = tevalTrajectories(['query_54_0']);
    const without = simulateTrajectory(structuredClone(raw), { carried: false });
    const t = simulateTrajectory(raw);
    const k = toolSteps(t).findIndex((s) => s.step.action.name === 'FileOperation.write_file') + 1;
    // Without the carries the simulator makes up its own weather, which the plan's file contradicts.
    expect(answerOf(without, 'Weather.get_weather_today').overall).not.toBe('Sunny');
    expect(simulatedFactContradictedLater.check(controlCaseAt(without, k), contextOf(without))).toMatch(/Weather\.get_weather_today answers overall/);
    expect(answerOf(t, 'Weather.get_weather_today')).toMatchObject({ overall: 'Sunny', 'avg temperature': 11 });
    expect(simulatedFactContradictedLater.check(controlCaseAt(t, k), contextOf(t))).toBeNull();
  });

  it('query_456_1: the clock gives the time the first slide shows', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_456_1'])[0]);
    expect(answerOf(t, 'TimeTool.get_curr_time').time).toBe('2023-10-22 22:53');
  });

  it('query_169_2: the property details give the type, capacity and coordinates the slide copies', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_169_2'])[0]);
    expect(answerOf(t, 'AirbnbSearch.get_property_details')).toMatchObject({ propertyType: 'Private room in bed and breakfast', personCapacity: 1, latitude: 40.74972075408687 });
    const k = toolSteps(t).findIndex((s) => s.step.action.name === 'PPT.add_text_page') + 1;
    expect(simulatedFactContradictedLater.check(controlCaseAt(t, k), contextOf(t))).toBeNull();
  });
});

describe('a labelled fact that says nothing is carried into no field', () => {
  it('query_431_2: a review slide\'s "Rating: N/A" is not Inception\'s vote_average', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_431_2'])[0]);
    const film = answerOf(t, 'FilmTMDB.get_movie_details');
    expect(typeof film.vote_average).toBe('number');
  });
});

describe('every answer a case shows is one the simulated-answer measures judge (shown_answer_unattributed)', () => {
  it('passes a case, base or evolved, whose answers are its trajectory\'s, and flags one showing an answer simulated again', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_54_0'])[0]);
    const tc = controlCaseAt(t, 3);
    expect(shownAnswerUnattributed.check(tc, contextOf(t))).toBeNull();
    const evolved = { ...tc, id: `${tc.id}~extra_tools`, evolution: { strategy: 'extra_tools', baseCaseId: tc.id } } as unknown as TestCase;
    expect(shownAnswerUnattributed.check(evolved, contextOf(t))).toBeNull();
    const again = structuredClone(evolved);
    again.messages[3] = { role: 'function', content: JSON.stringify({ overall: 'Rain', 'avg temperature': 7 }) };
    expect(shownAnswerUnattributed.check(again, contextOf(t))).toMatch(/no resolved step/);
    expect(DEFAULT_QUALITY_THRESHOLDS.shown_answer_unattributed).toBe(0);
  });
});

describe('a news summary names the company its headline names', () => {
  it('query_374_0: Apple\'s news is summarised about Apple, not "the company"', () => {
    const [t] = tevalTrajectories(['query_374_0']);
    const news = toolSteps(t).find((s) => s.step.action.name === 'PolygonFinance.get_ticker_news')!.step.action;
    for (let seed = 0; seed < 12; seed++) {
      const r = simulateOffline({ name: news.name, args: news.args, tools: t.tools }, new Rng(seed, t.id, 'news'));
      expect(summaryOffTitle(JSON.parse(r.response), 'AAPL')).toBeNull();
    }
  });
});

describe('a bulleted list of places a later call writes is what the search for that kind found (query_34_0)', () => {
  it('reads a slide\'s list of names under its heading, not a list of labelled lines', () => {
    expect(listedNames({ name: 'PPT.add_text_page', args: { title: 'Gas Stations Along the Route', bullet_items: '- BP\n- Shell\n- Exxon\n- Shell' } })).toEqual([{ key: 'bullet_items', heading: 'Gas Stations Along the Route', names: ['BP', 'Shell', 'Exxon'] }]);
    expect(listedNames({ name: 'PPT.add_text_page', args: { title: 'Road Trip', bullet_items: '1. Start: New York\n2. End: Los Angeles' } })).toEqual([]);
    expect(listedNames({ name: 'PPT.add_text_page', args: { title: 'Plan', bullet_items: '- visit the old town and have lunch by the harbour with friends' } })).toEqual([]);
  });

  const search = (names: string[]): ChatMessage[] => [
    { role: 'system', content: 'tools' },
    { role: 'user', content: 'Plan a road trip from New York to Los Angeles with gas stations on a slide.' },
    { role: 'assistant', content: JSON.stringify({ name: 'BINGMap.search_nearby', args: { places: 'New York', search_term: 'gas station', radius: 5000 } }) },
    { role: 'function', content: JSON.stringify({ places: names.map((name, i) => ({ name, address: `${10 + i} West 44th Street, New York` })) }) },
    { role: 'assistant', content: JSON.stringify({ name: 'BINGMap.search_nearby', args: { places: 'New York', search_term: 'hotel', radius: 5000 } }) },
    { role: 'function', content: JSON.stringify({ places: [{ name: 'Hotel Papillon', address: '69 Lexington Avenue, New York' }] }) },
  ];
  const slide = { name: 'PPT.add_text_page', args: { title: 'Gas Stations Along the Route', bullet_items: '- BP\n- Shell\n- Exxon' } };

  it('the measure flags a simulated search that found other stations, and passes one that found them', () => {
    const bad = search(['Chevron Clover']);
    expect(simulatedFactContradicted(bad, slide, new Set([bad[3].content]))).toMatch(/found "Chevron Clover".*Gas Stations Along the Route.*BP/);
    const good = search(['BP', 'Shell', 'Exxon']);
    expect(simulatedFactContradicted(good, slide, new Set([good[3].content]))).toBeNull();
  });

  it('the plan carries the slide\'s names into the search for gas stations, not the hotel search', () => {
    const [raw] = tevalTrajectories(['query_34_0']);
    const without = simulateTrajectory(structuredClone(raw), { carried: false });
    const t = simulateTrajectory(raw);
    const searches = toolSteps(t).filter((s) => s.step.action.name === 'BINGMap.search_nearby');
    const named = (s: (typeof searches)[number]) => (JSON.parse(s.step.response!.content).places as { name: string }[]).map((p) => p.name);
    const gas = searches.find((s) => /gas/.test(JSON.stringify(s.step.action.args)))!;
    const hotel = searches.find((s) => /hotel/.test(JSON.stringify(s.step.action.args)))!;
    expect(named(gas)).toEqual(expect.arrayContaining(['BP', 'Shell', 'Exxon', 'Gulf Gas Station']));
    expect(named(hotel)).toEqual(expect.arrayContaining(['The Frederick Hotel', 'Smyth Tribeca']));
    expect(named(hotel)).not.toContain('BP');
    const k = toolSteps(t).length;
    expect(simulatedFactContradictedLater.check(controlCaseAt(without, k), contextOf(without))).toMatch(/lists "Gas Stations Along the Route"|lists "Restaurants|lists "Hotels/);
    expect(simulatedFactContradictedLater.check(controlCaseAt(t, k), contextOf(t))).toBeNull();
  });
});

describe('a slide list is carried only into a search for its kind', () => {
  it('"Gas Stations Along the Route" is the gas-station search\'s; "Effective Sales Techniques" is no Scholar search for "Sales Strategies" (query_363_2)', () => {
    expect(searchedKindOf(['gas station'], 'Gas Stations Along the Route')).toBe(true);
    expect(searchedKindOf(['Sales Strategies'], 'Effective Sales Techniques')).toBe(false);
    const t = simulateTrajectory(tevalTrajectories(['query_363_2'])[0]);
    const titles = JSON.parse(toolSteps(t).find((s) => s.step.action.name === 'GoogleScholar.search_google_scholar')!.step.response!.content).title as string[];
    expect(titles).not.toContain('Building Rapport');
  });
});
