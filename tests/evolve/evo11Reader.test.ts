/**
 * A reader's findings over the evolved cases (h-evo11): added tools shown with T-Eval's broken docs
 * (a parameter documented as "[Required] ','", get_similar_movies' `films` documented as a list of
 * reviews), one stock wording per harder doc ("Run Arxiv search." in 184 cases) and careless forms
 * ("Send: send email.", "Activates parking brake of vehicle.", "milage"), noisy summaries that point
 * back ("TL;DR: it's all in the bit above.") and asides that do not fit the request ("I'm trying to
 * get my finances sorted." before a gasoline conversion).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import type { ChatMessage, TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { carelessForms, copiedReturnDoc, unrepairedDocDefect } from '../../pipeline/quality/toolDocs.js';
import { harderToolsStockWording, toolDocUnrepaired } from '../../pipeline/quality/measures/text.js';
import { foreignAside, noiseSummaryPointsBack, summaryPointsBack } from '../../pipeline/quality/measures/noise.js';
import { HARDER_VARIANTS, harderInput, harderRules } from '../../stages/evolve/roles/harderTools.js';
import { noisyRules } from '../../stages/evolve/roles/noisyQuery.js';
import { refineDocRole } from '../../stages/standardize/refineDoc.js';

const DOCS: ToolDoc[] = JSON.parse(readFileSync(new URL('./fixtures/evo11Docs.json', import.meta.url), 'utf8'));
const doc = (name: string) => DOCS.find((d) => d.name === name)!;
const NONE = { trajectory: () => undefined, baseCase: () => undefined };

function evolved(id: string, tools: ToolDoc[], details: Record<string, unknown>, messages: ChatMessage[] = [{ role: 'system', content: 'tools' }]): TestCase {
  return { id, kind: 'internal', cot: false, messages, tools, evolution: { strategy: 'mixed', baseCaseId: 'b', applied: [], details } } as unknown as TestCase;
}

describe('tool docs standardize repairs, wherever a tool is listed', () => {
  const similar = doc('FilmTMDB.get_similar_movies');
  it('flags the raw FilmTMDB docs and passes the repaired ones', () => {
    expect(unrepairedDocDefect(similar)).toMatch(/movie_id documented as "\[Required\] ','"/);
    const films = similar.return_data![0];
    expect(copiedReturnDoc(similar, films)).toBe('list of similar movies');
    const repaired = { ...similar, required_parameters: [{ ...similar.required_parameters[0], description: '[Required] The movie id (integer).' }], return_data: [{ ...films, description: 'list of similar movies' }] };
    expect(unrepairedDocDefect(repaired)).toBeUndefined();
    // Lists that are their own: "List of users mentioned in the tweet" of get_tweet's `mentions`, "A list of news ..." of get_ticker_news.
    expect(copiedReturnDoc({ name: 'TwitterAPI.get_tweet' }, { name: 'mentions', description: 'List of users mentioned in the tweet.' })).toBeUndefined();
    expect(copiedReturnDoc({ name: 'PolygonFinance.get_ticker_news' }, { name: 'results', description: 'A list of news including title, summary, and author' })).toBeUndefined();
    expect(copiedReturnDoc({ name: 'FilmTMDB.get_movie_reviews' }, { name: 'reviews', description: "list of reviews including user's name, rating, and reviews" })).toBeUndefined();
    expect(toolDocUnrepaired.check(evolved('x~extra_tools', [similar], { extraTools: { added: [similar.name] } }), NONE)).toMatch(/^added FilmTMDB.get_similar_movies/);
    expect(toolDocUnrepaired.check(evolved('x~extra_tools', [repaired], { extraTools: { added: [similar.name] } }), NONE)).toBeNull();
  });
  it('refine-doc writes no heading its text says again', () => {
    const out = refineDocRole.offline!.run({ name: 'Email.send', description: 'send email', parameters: [{ name: 'address', type: 'string', description: 'x', required: true }], returns: [{ name: 'state', description: '' }] }, new Rng(1)) as { description: string };
    expect(out.description).toMatch(/^Send email\. /);
    expect(carelessForms('send email', out.description)).toEqual([]);
  });
});

describe('harder docs: careful English, a few wordings per tool', () => {
  it('flags the careless forms', () => {
    expect(carelessForms('Send: send email. It needs the address.', 'Send: send email.')[0]).toMatch(/heading/);
    expect(carelessForms(doc('VehicleControlAPI.activateParkingBrake').description, 'Activates parking brake of vehicle.')[0]).toMatch(/articles cut/);
    expect(carelessForms(doc('VehicleControlAPI.estimate_drive_feasibility_by_mileage').description, 'Estimates milage of vehicle given distance needed to drive.').join(' ')).toMatch(/milage/);
    expect(carelessForms(doc('VehicleControlAPI.activateParkingBrake').description, 'Activate the parking brake of the vehicle.')).toEqual([]);
  });
  it('the rules write none of them, and more than one wording across variants', () => {
    for (const t of DOCS.filter((d) => d.name !== 'FilmTMDB.get_similar_movies')) {
      const forms = new Set<string>();
      for (let v = 0; v < HARDER_VARIANTS; v++) {
        const text = harderRules(harderInput([t]), new Rng(7, `tool:${t.name}`, 'harder-tools', String(v))).tools[0].description;
        expect(carelessForms(t.description, text), `${t.name}: ${text}`).toEqual([]);
        forms.add(text);
      }
      if (t.name !== 'TradingBot.place_order') expect(forms.size, `${t.name}: ${[...forms].join(' | ')}`).toBeGreaterThan(1);
    }
  });
  it('the stock-wording share reads one wording per tool as 1', () => {
    const arxiv = doc('ArxivSearch.get_arxiv_article_information');
    const cases = (texts: string[]) => texts.map((d, i) => evolved(`c${i}~harder_tools`, [{ ...arxiv, description: d }], { harderTools: { changed: [arxiv.name] } }));
    expect(harderToolsStockWording.score(cases(Array(12).fill('Run Arxiv search.')), NONE)!.value).toBe(1);
    expect(harderToolsStockWording.score(cases([...Array(6).fill('Run Arxiv search.'), ...Array(6).fill('Runs an Arxiv search.')]), NONE)!.value).toBe(0.5);
  });
});

describe('noisy queries: summaries restate, asides fit', () => {
  const GAS = 'Can you convert 20 gallons of gasoline to liters for me?';
  const ROUTE = 'Plan a route from Washington DC to New York and then on to Cupertino, and tell me the total distance.';
  it('flags a summary pointing back and an aside of another domain', () => {
    expect(summaryPointsBack(GAS, `${GAS} TL;DR: it's all in the bit above.`)).toBeDefined();
    expect(summaryPointsBack(GAS, `${GAS} Bottom line, just what I wrote above.`)).toBeDefined();
    expect(summaryPointsBack(GAS, `${GAS} Short version: that's basically the ask.`)).toBeDefined();
    expect(summaryPointsBack(ROUTE, `${ROUTE} TL;DR: I need the route and the distance sorted.`)).toBeUndefined();
    expect(foreignAside(GAS, `For context, I'm trying to get my finances sorted. ${GAS}`)).toMatch(/money/);
    expect(foreignAside(ROUTE, `I'm trying to find my way around the city. ${ROUTE}`)).toMatch(/local area/);
    expect(foreignAside('Find restaurants near Times Square.', "I'm trying to find my way around the city. Find restaurants near Times Square.")).toBeUndefined();
    const tc = evolved('x~noisy_query', [], { noisyQuery: { originalQuery: GAS } }, [{ role: 'system', content: 's' }, { role: 'user', content: `${GAS} TL;DR: it's all in the bit above.` }]);
    expect(noiseSummaryPointsBack.check(tc, NONE)).toBeTruthy();
  });
  it('the rules write neither', () => {
    const queries = [GAS, ROUTE, 'Find hotels in Paris for next week and tell me the weather forecast there.', 'Send an email to bob@example.com about the meeting and then list my files.'];
    let restated = 0;
    for (const [q, query] of queries.entries()) {
      for (let i = 0; i < 300; i++) {
        const out = noisyRules({ query, protected: [] }, new Rng(5, `evo11-${q}-${i}`)).query;
        expect(summaryPointsBack(query, out), out).toBeUndefined();
        expect(foreignAside(query, out), out).toBeUndefined();
        if (/\b(?:TL;DR|Short version|In short|To sum up|Recap)\b/.test(out) && !/\b(?:TL;DR|Short version|In short|To sum up|Recap)\b/.test(query)) restated++;
      }
    }
    expect(restated).toBeGreaterThan(10);
  });
});

describe('"in the near future" names no place (noisy-query-26)', () => {
  it('no noisy rewrite of a film-release request asks for "the location stuff" or finds the user a way around town', () => {
    // teval_query_142_0~mixed on a merged build: "Bottom line: help with the film stuff and the location stuff".
    const query = 'Look for properties available for rent in Paris for a short duration. Find out which movies will be released in China in the near future. Also, check what time it is right now.';
    for (let i = 0; i < 200; i++) {
      const out = noisyRules({ query, protected: [] }, new Rng(i, 'near-future')).query;
      expect(out, out).not.toMatch(/location stuff|place question|find my way around|new to the area|sense of direction|this part of town/i);
    }
  });
});

describe('noisy summaries name only what the request is about, and a new ask after a café chat is no "next step" (noisy-query-28)', () => {
  // The reader's requests (rread10e on f23): each holds a topic word used in passing.
  const PASSING = [
    // "parking brake's in place": no route (bfcl_multi_turn_base_94~mixed: "the car stuff and the route question").
    "Finally, I've double-checked that all vehicle portals are locked and secure, and the parking brake's in place. Can you proceed to ignite the engine?",
    // "Good news!": no reading (bfcl_multi_turn_base_159~mixed: "help with the articles").
    "Good news! You've discovered a fare that won't break the bank. Next, let's arrange a flight from San Francisco International (SFO) to Los Angeles International (LAX).",
    // "vote average": no maths (teval_query_69_1~noisy_query: "the travel plans, the film bit and the maths").
    'Find the top rated movies and tell me each one\'s title and vote average.',
    // "keep track of": no music (bfcl_multi_turn_base_111~mixed).
    "I'd like to keep track of Zeta Corp's stock. Add it to my watchlist.",
    // "email address": no place (teval_query_41_1~mixed: "the location stuff").
    "Send an email to the editor. The editor's email address is editor@example.com.",
    // "Drive website traffic": no car (teval_query_375_0~mixed).
    "Write a post that will drive website traffic and send it to my team by message.",
  ];
  it('the measure flags the build\'s summaries and passes a summary of what is asked', () => {
    expect(foreignAside(PASSING[0], `${PASSING[0]} Bottom line: it's the car stuff and the route question I'm asking about.`)).toMatch(/route/);
    expect(foreignAside(PASSING[1], `${PASSING[1]} Recap: help with the articles, the money stuff and the travel plans, please.`)).toMatch(/articles/);
    expect(foreignAside(PASSING[2], `${PASSING[2]} So yeah, it's the movies and the maths I'm after.`)).toMatch(/maths/);
    expect(foreignAside(PASSING[3], `${PASSING[3]} Bottom line: I need the music stuff and the stock stuff looked at.`)).toMatch(/music/);
    expect(foreignAside(PASSING[4], `${PASSING[4]} Anyway, the message and the location stuff, please.`)).toMatch(/location/);
    // A route asked without the word (teval_query_303_0: "the best path to take"): the summary is right.
    const path = "I am planning a trip from Times Square to Central Park. I'd like to know the best path to take.";
    expect(foreignAside(path, `${path} Anyway, it's the trip and the route question I'm after.`)).toBeUndefined();
  });
  it('the rules never name a subject a passing word suggests', () => {
    for (const [q, query] of PASSING.entries()) {
      for (let i = 0; i < 300; i++) {
        const out = noisyRules({ query, protected: [] }, new Rng(27, `passing-${q}-${i}`)).query;
        expect(foreignAside(query, out), out).toBeUndefined();
        expect(out, out).not.toMatch(/\bthe (?:route question|maths|music stuff|location stuff)\b/);
      }
    }
  });
  it('after an unrelated conversation only, the lead opens a new ask; after a task turn it may carry on', () => {
    const query = 'Check my inbox for new emails and send a reply to Anna.';
    let carriesOn = 0;
    let another = 0;
    for (let i = 0; i < 400; i++) {
      const chat = noisyRules({ query, protected: [], followUp: true, afterChat: true }, new Rng(27, `chat-${i}`)).query;
      expect(chat, chat).not.toMatch(/\b(?:next (?:step|bit|part)|Following on from|continuing|carrying on|Back again with the next|Next up:)/i);
      if (/\b(?:One more|Another one|Something else|Changing the subject|While I have you|On a different note|(?:Different|Unrelated|Separate) (?:question|request|thing))\b/.test(chat)) another++;
      const task = noisyRules({ query, protected: [], followUp: true }, new Rng(27, `task-${i}`)).query;
      if (/\b(?:next (?:step|bit|part)|Following on from|continuing|carrying on|Back again with the next|Next up:)/i.test(task)) carriesOn++;
    }
    expect(another).toBeGreaterThan(20);
    expect(carriesOn).toBeGreaterThan(10);
  });
});

describe('a field named "average temperature" and a route to "calculate" are no maths (noisy-query-32)', () => {
  // teval_query_314_1~noisy_query: "So yeah, it's the distance, the weather and the maths I'm asking about."; teval_query_270_1: "I'm helping my kid with homework" before "calculate the route".
  const WEATHER = "Could you tell me the best route from Griffith Park to Santa Monica Pier? Also, could you let me know the weather forecast for October 20th in Los Angeles, including the overall weather condition and average temperature?";
  const ROUTE = 'Could you find tourist attractions within a 5 km radius of The Ritz-Carlton, New York? Could you also calculate the route from The Ritz-Carlton to Central Park?';
  it('the measure flags a maths summary or aside on them, and not on a real sum', () => {
    expect(foreignAside(WEATHER, `${WEATHER} So yeah, it's the route, the weather and the maths I'm asking about.`)).toMatch(/calculation/);
    expect(foreignAside(ROUTE, `For context, I'm helping my kid with homework and want to get it right. ${ROUTE}`)).toMatch(/calculation/);
    const SUM = 'Calculate the average of 3, 5 and 10 for me.';
    expect(foreignAside(SUM, `For context, I'm helping my kid with homework and want to get it right. ${SUM} So yeah, it's the maths I'm asking about.`)).toBeUndefined();
  });
  it('the rules write neither, and "so I am finally asking" only after a reason that was put off', () => {
    for (const query of [WEATHER, ROUTE]) {
      for (let i = 0; i < 300; i++) {
        const out = noisyRules({ query, protected: [] }, new Rng(i, 'maths')).query;
        expect(foreignAside(query, out), out).toBeUndefined();
        const m = /([^.!?]*), so (?:this is overdue|I am finally asking)/.exec(out);
        if (m) expect(m[1], out).toMatch(/meaning to|putting off|ages|months|forever|finally|at last|haven't|forgetting|ignoring|sitting on|avoiding|a while|weeks/i);
      }
    }
  });
});
