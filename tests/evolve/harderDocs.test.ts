/**
 * Harder tool docs keep what the ground truth depends on and read as docs; extra tools never add a
 * second tool for the same job. The fixture holds real BFCL and T-Eval docs (name, description,
 * parameters) of the tools whose rewrites went wrong: "Param must be in Chinese" dropped, "Remove
 * a dir at dir", "Filter stocks based.", "Raises a number", "[ticketing system that is part of a
 * company]", "Sends: send email", BINGMap.get_coordinates next to GaodeMap.get_coordinate.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { brokenDocIssues, droppedConstraints, indistinctDocs, leftToFieldDocs, ownFieldText } from '../../pipeline/quality/toolDocs.js';
import { conflictWith, servesRequest } from '../../pipeline/quality/sameFunction.js';
import { degradeDescription, harderInput, harderRules } from '../../stages/evolve/roles/harderTools.js';
import { judgeRules } from '../../stages/verify/judge.js';
import { pickDistractors } from '../../stages/evolve/index.js';
import { caseSubject, isRelatedDistractor, subjectFrequencies } from '../../pipeline/quality/distractors.js';

const DOCS: ToolDoc[] = JSON.parse(readFileSync(new URL('./fixtures/harderDocs.json', import.meta.url), 'utf8'));
const doc = (name: string) => DOCS.find((d) => d.name === name)!;

/** Rewrites the harder-tools rules made before (harder-tools-4), each with what is wrong with it. */
const BAD: [string, string, RegExp][] = [
  ['GaodeMap.get_coordinate', 'Fetch coordinate of location.', /chinese/],
  ['TravelAPI.book_flight', 'book flight given travel info. Part of travel system.', /iata/],
  ['GorillaFileSystem.find', 'Find any file or directories under path that contain name in its file name. Part of Gorilla file system.', /recursive/],
  ['PPT.save_file', 'When all steps done, YOU MUST use save_file()', /ppt/],
  ['GorillaFileSystem.cp', '[Gorilla file system] Copy file or dir from one location to another. If dest is dir, source file or dir will be copied into dest dir. Both source and dest must be local to dir.', /current/],
];
const BROKEN: [string, string, RegExp][] = [
  ['GorillaFileSystem.rmdir', 'Remove a dir at dir. Part of Gorilla file system.', /repeats "dir"/],
  ['GorillaFileSystem.mkdir', 'Make a new directory in the directory.', /repeats "directory"/],
  ['TwitterAPI.unfollow_user', 'unfollow user for user. Part of TwitterAPI.', /repeats "user"/],
  ['TradingBot.filter_stocks_by_price', 'Filter stocks based. Part of trading system.', /ends on "based"/],
  ['TicketAPI.edit_ticket', 'Modify the details of an ticket', /"an ticket"/],
  ['MathAPI.power', 'Raises a number', /drops "power"/],
  ['MathAPI.si_unit_conversion', '[Math API] Converts a value', /drops "si", "unit"/],
  ['TicketAPI.close_ticket', '[ticketing system that is part of a company] Close ticket', /relative clause/],
  ['Email.send', 'Sends: send email. It needs the address (address) and title (title), and optionally body and attachment. It returns the state', /re-inflected|heading its text says again/],
  ['TradingBot.get_current_time', 'Fetch time. Part of trading system.', /drops "current"/],
  // Slang and made-up abbreviations a careful doc writer would not use, however terse.
  ['TradingBot.get_current_time', 'Grab current time. Part of trading system.', /slang verb "Grab"/],
  ['MessageAPI.delete_message', 'Deletes latest msg sent to receiver', /made-up abbreviation "msg"/],
  ['TravelAPI.book_flight', '[travel system] Book flight w/ travel information. From and To should be airport codes in IATA format', /made-up abbreviation "w\/"/],
];
const GOOD: [string, string][] = [
  ['GaodeMap.get_coordinate', 'Fetch coordinate of location. Param must be in Chinese'],
  ['TravelAPI.book_flight', '[travel system] Book a flight given the travel information. From and To should be airport codes in IATA format'],
  ['GorillaFileSystem.rmdir', 'Remove a directory at current directory. Part of the Gorilla file system.'],
  ['TradingBot.filter_stocks_by_price', 'Filter stocks based on price range'],
  ['TicketAPI.edit_ticket', 'Modifies the details of an existing ticket. Part of the ticketing system.'],
  ['MathAPI.power', '[Math API] Raises a number to a power'],
  ['Email.send', 'Sends email. It needs the address (address) and title (title).'],
  ['VehicleControlAPI.fillFuelTank', 'Fills the fuel tank of the vehicle. Fuel tank can hold up to 50 gallons. Part of the vehicle control system.'],
];

describe('harder tool docs: the checks', () => {
  it('flag a lost constraint, whatever the parameter docs do not restate', () => {
    for (const [name, rewrite, missing] of BAD) {
      const lost = droppedConstraints(doc(name), rewrite);
      expect(lost.length, name).toBeGreaterThan(0);
      expect(lost.flatMap((l) => l.missing).join(' '), name).toMatch(missing);
    }
    // A range ("up to 50 gallons") is a constraint; its unit the parameter docs restate ("in gallons"), its limit they do not.
    expect(droppedConstraints(doc('VehicleControlAPI.fillFuelTank'), 'Fills fuel tank of vehicle.').flatMap((l) => l.missing)).toContain('50');
  });

  it('flag broken English and a dropped name word, and pass careful rewrites', () => {
    for (const [name, rewrite, why] of BROKEN) expect(brokenDocIssues(doc(name), rewrite).join('; '), name).toMatch(why);
    for (const [name, rewrite] of GOOD) {
      expect(droppedConstraints(doc(name), rewrite), name).toEqual([]);
      expect(brokenDocIssues(doc(name), rewrite), name).toEqual([]);
    }
    // A noun either side of a preposition mid-clause is English ("the brake pedal by pedal position").
    expect(brokenDocIssues({ name: 'V.pressBrakePedal', description: 'Presses the brake pedal based on pedal position.' }, 'Presses the brake pedal by pedal position.')).toEqual([]);
  });

  it('flag a doc that no longer tells its tool from a listed sibling', () => {
    const si = doc('MathAPI.si_unit_conversion');
    const imperial = doc('MathAPI.imperial_si_conversion');
    const pairs = (siAfter: string) => [
      { name: si.name, before: si.description, after: siAfter },
      { name: imperial.name, before: imperial.description, after: '[Math API] Convert value between imperial and SI units.' },
    ];
    expect(indistinctDocs(pairs('[Math API] Converts a value'))).toHaveLength(1);
    expect(indistinctDocs(pairs('[Math API] Converts a value from one SI unit to another'))).toEqual([]);
    // Different verbs tell them apart ("Comment on a tweet" is no "retrieve all comments").
    const c = doc('TwitterAPI.comment');
    const g = doc('TwitterAPI.get_tweet_comments');
    expect(indistinctDocs([{ name: c.name, before: c.description, after: 'Comment on a tweet.' }, { name: g.name, before: g.description, after: 'retrieve all comments for a tweet.' }])).toEqual([]);
  });
});

describe('harder tool docs: the rules', () => {
  it('never lose a constraint, break the English or blur a sibling, over many seeds', () => {
    for (let seed = 0; seed < 40; seed++) {
      const after = new Map<string, string>();
      for (const t of DOCS) {
        const out = harderRules(harderInput([t]), new Rng(seed, `tool:${t.name}`, 'harder-tools')).tools[0].description;
        after.set(t.name, out);
        expect(out, `${t.name} seed ${seed}`).not.toBe(t.description);
        expect(droppedConstraints(t, out), `${t.name} seed ${seed}: ${out}`).toEqual([]);
        expect(brokenDocIssues(t, out), `${t.name} seed ${seed}: ${out}`).toEqual([]);
      }
      expect(after.get('GaodeMap.get_coordinate')).toMatch(/Chinese/);
      expect(after.get('TravelAPI.book_flight')).toMatch(/IATA/);
      expect(after.get('MathAPI.power')).toMatch(/power/);
      expect(after.get('TicketAPI.close_ticket')).not.toMatch(/that is part of/);
      expect(after.get('Email.send')).toMatch(/^(\[[^\]]+\] )?(?:(?:Used to|Lets you) send|Sends?) /);
      expect(indistinctDocs(DOCS.map((t) => ({ name: t.name, before: t.description, after: after.get(t.name)!, params: ownFieldText(t) }))), `seed ${seed}`).toEqual([]);
    }
  });

  it('keep an identifier as written when cutting articles, and a heading as written', () => {
    for (let seed = 0; seed < 20; seed++) {
      const rng = new Rng(seed, 'ids');
      expect(degradeDescription(doc('GoogleScholar.get_author_id').description, rng, doc('GoogleScholar.get_author_id'))).toMatch(/getAuthorId/);
      expect(degradeDescription(doc('TimeTool.get_curr_time').description, rng, doc('TimeTool.get_curr_time'))).toMatch(/\bcurrent time\b/);
    }
  });

  it('the judge says No to a rewrite that lost a constraint or reads broken', () => {
    const pair = (name: string, evolved: string) => ({ name, original: JSON.stringify(doc(name)), evolved: JSON.stringify({ ...doc(name), description: evolved }), sameSignature: true });
    expect(judgeRules({ strategy: 'harder_tools', pairs: [pair('GaodeMap.get_coordinate', 'Get the coordinate of a location.')] }).reason).toMatch(/lost the constraint "Param must be in Chinese"/);
    expect(judgeRules({ strategy: 'harder_tools', pairs: [pair('TicketAPI.edit_ticket', 'Modify the details of an ticket.')] }).reason).toMatch(/"an ticket"/);
    expect(judgeRules({ strategy: 'harder_tools', pairs: [pair('GaodeMap.get_coordinate', 'Fetch the coordinate of a location. Param must be in Chinese')] }).answer).toBe('Yes');
  });
});

describe('extra tools: the same job under another name', () => {
  it('counts a plural name, the same looked-up thing and a BFCL doc\'s own text as the same function', () => {
    expect(conflictWith(doc('BINGMap.get_coordinates'), [doc('GaodeMap.get_coordinate')])).toMatch(/same api name/);
    expect(conflictWith(doc('BINGMap.get_distance'), [doc('VehicleControlAPI.estimate_distance')])).toMatch(/looks up the same thing/);
    expect(conflictWith(doc('TimeTool.get_curr_time'), [doc('TradingBot.get_current_time')])).toMatch(/looks up the same thing/);
    const symbol = { name: 'TradingBot.get_symbol_by_name', description: 'This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Get the symbol of a stock by company name.' };
    expect(conflictWith(symbol, [{ name: 'PolygonFinance.search_stock_ticker', description: 'get the stock ticker given the company name' }])).toMatch(/description overlaps/);
    // Fair distractors stay: another thing looked up, another job.
    expect(conflictWith(doc('BINGMap.get_distance'), [doc('GaodeMap.get_coordinate')])).toBeUndefined();
    expect(conflictWith(doc('TimeTool.get_curr_time'), [doc('Weather.forecast_weather')])).toBeUndefined();
    expect(conflictWith(doc('VehicleControlAPI.estimate_distance'), [doc('TravelAPI.book_flight')])).toBeUndefined();
  });

  it('counts one job under other words as the same function: verb and object classes, not shared words', () => {
    const t = (name: string, description: string) => ({ name, description });
    const pairs: [ReturnType<typeof t>, ReturnType<typeof t>, RegExp][] = [
      [t('FileOperation.read_file', 'read file from disk'), t('GorillaFileSystem.cat', 'Display the contents of a file of any extension from currrent directory.'), /same job.*\(read file\)/],
      [t('FileOperation.write_file', 'write file to disk'), doc('GorillaFileSystem.echo'), /same job.*\(write file\)/],
      [doc('MathAPI.imperial_si_conversion'), t('VehicleControlAPI.liter_to_gallon', 'Converts the liter to gallon.'), /same job.*\(convert unit\)/],
      [doc('Email.send'), t('MessageAPI.send_message', 'Send a message to a user.'), /same job.*\(send message\)/],
      [t('Email.show', 'show the emails in the inbox'), t('MessageAPI.view_messages_sent', 'View all historical messages sent by the current user.'), /same job.*\(read message\)/],
      [t('FilmDouban.print_detail', 'prints the details of a movie, giving its name'), t('FilmTMDB.get_movie_details', 'Get the top level details of a movie by ID'), /same job.*\(lookup movie detail\)/],
      [t('FilmTMDB.get_now_playing', 'Get a list of movies that are currently in theatres'), t('FilmDouban.now_playing_out_filter', 'prints the details of the filtered [outNum] playing films now in China'), /names the same thing/],
      [t('Weather.get_weather_today', "Get weather today: get today's weather."), t('VehicleControlAPI.get_outside_temperature_from_google', 'Gets the outside temperature.'), /same job/],
    ];
    for (const [a, b, why] of pairs) {
      expect(conflictWith(a, [b]), `${a.name} vs ${b.name}`).toMatch(why);
      expect(conflictWith(b, [a]), `${b.name} vs ${a.name}`).toMatch(why);
    }
    // Related, but another job: these stay fair distractors.
    const fair: [ReturnType<typeof t>, ReturnType<typeof t>][] = [
      [t('FileOperation.read_file', 'read file from disk'), doc('GorillaFileSystem.find')],
      [t('FileOperation.write_file', 'write file to disk'), doc('PPT.save_file')],
      [t('FileOperation.read_file', 'read file from disk'), t('GorillaFileSystem.ls', 'List the contents of the current directory.')],
      [t('TravelAPI.authenticate_travel', 'Authenticate user w/ travel API'), t('TicketAPI.ticket_login', 'Authenticate user for ticket system.')],
      [t('PolygonFinance.get_ticker_news', 'get the most recent news articles relating to a stock ticker symbol'), t('ArxivSearch.get_arxiv_article_information', 'Run Arxiv search and get the article meta information.')],
      [t('FilmTMDB.get_movie_reviews', 'Get the user reviews for a movie'), t('FilmDouban.print_detail', 'prints the details of a movie, giving its name')],
      [t('VehicleControlAPI.display_log', 'Displays the log messages.'), t('MessageAPI.view_messages_sent', 'View all historical messages sent by the current user.')],
    ];
    for (const [a, b] of fair) expect(conflictWith(a, [b]), `${a.name} vs ${b.name}`).toBeUndefined();
  });

  it('draws at least half of the distractors from the case\'s domain, never a tool for the same job', () => {
    const pool = DOCS.filter((d) => d.name !== 'GorillaFileSystem.echo');
    const listed = [doc('GorillaFileSystem.echo'), doc('GorillaFileSystem.find'), doc('GorillaFileSystem.cp')];
    const subject = caseSubject(listed, ['Write "hello" into notes.txt, then copy it to the backup folder.']);
    const candidates = pool.filter((c) => !listed.some((l) => l.name === c.name) && conflictWith(c, listed) === undefined);
    expect(candidates.map((c) => c.name)).not.toContain('FileOperation.write_file');
    const df = subjectFrequencies(pool);
    for (let seed = 0; seed < 20; seed++) {
      const picked = pickDistractors(candidates, 4, subject, new Rng(seed, 'pick'), df, pool.length);
      expect(new Set(picked.map((p) => p.name)).size).toBe(4);
      expect(picked.filter((p) => isRelatedDistractor(p, subject)).length, picked.map((p) => p.name).join(', ')).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('harder tool docs: harder, not sloppier (h-evolve2)', () => {
  // Before harder-tools-7: "compute the absolute value of a number.", "[Gorilla file system] remove
  // file or directory", and in one list "[Math API] ...", "... Part of the Math API." and untagged docs.
  it('write every rewrite as a sentence in one style: a capital, a full stop, no toolkit tag or trailer', () => {
    for (let seed = 0; seed < 20; seed++) {
      for (const t of DOCS) {
        const out = harderRules(harderInput([t]), new Rng(seed, `tool:${t.name}`, 'harder-tools')).tools[0].description;
        expect(out, `${t.name} seed ${seed}`).not.toMatch(/^\[|Part of (the )?[A-Z][^.]*\.?$/);
        expect(out, `${t.name} seed ${seed}`).toMatch(/[.!?)]$/);
        const first = out.match(/^\S+/)![0];
        if (!/[_A-Z0-9(]/.test(first.slice(1))) expect(first, `${t.name} seed ${seed}: ${out}`).toMatch(/^[A-Z]/);
      }
    }
  });

  it('leave what a parameter says to the parameter, and keep where a tool works', () => {
    const twitter: ToolDoc = {
      name: 'TwitterAPI.authenticate_twitter',
      description: 'This tool belongs to the TwitterAPI, which provides core functionality for posting tweets. Tool description: Authenticate a user with username and password.',
      required_parameters: [
        { name: 'username', type: 'string', description: 'Username of the user.' },
        { name: 'password', type: 'string', description: 'Password of the user.' },
      ],
      optional_parameters: [],
      return_data: [],
    };
    const outs = [...Array(20).keys()].map((seed) => harderRules(harderInput([twitter]), new Rng(seed, 'left')).tools[0].description);
    expect(outs.filter((o) => !/password/i.test(o)).length).toBeGreaterThan(10);
    for (const o of outs) expect(o).toMatch(/^(?:(?:Used to|Lets you) authenticate|Authenticates?) (a |the )?user\b/);
    // "show the emails in the inbox" once became "show the emails": the inbox is what the tool reads.
    const show: ToolDoc = { name: 'Email.show', description: 'show the emails in the inbox', required_parameters: [], optional_parameters: [{ name: 'only_unread', type: 'boolean', description: 'whether to show only unread' }], return_data: [] };
    for (let seed = 0; seed < 20; seed++) expect(harderRules(harderInput([show]), new Rng(seed, 'inbox')).tools[0].description).toMatch(/inbox/);
  });
});

describe('extra tools: never a tool that serves the step\'s request (h-evolve2)', () => {
  const today = { name: 'Weather.get_weather_today', description: "Get weather today: get today's weather. It needs the location (location). It returns the overall and avg temperature." };
  const forecast = { name: 'Weather.forecast_weather', description: 'forecast weather in the N upcoming days' };
  it('counts today\'s weather beside a one-day forecast, and a forecast beside today\'s weather asked as a forecast', () => {
    // teval_query_114_2-tool_hallucination_error-k11-cot~mixed: GT forecast_weather(days=1), get_weather_today added.
    expect(servesRequest(today, { request: 'What is the weather forecast for today in San Francisco?', steps: [{ doc: forecast, args: { location: 'San Francisco', days: 1 } }] })).toMatch(/serves the request Weather\.forecast_weather serves/);
    // teval_query_45_2: GT get_weather_today, the request asks for a forecast on a date.
    expect(servesRequest(forecast, { request: 'Give me the forecast for October 17, 2023 in New York.', steps: [{ doc: today, args: { location: 'New York' } }] })).toMatch(/forecast/);
    // Fair: a three-day forecast beside today's weather, today's weather asked plainly beside a forecast tool.
    expect(servesRequest(today, { request: 'What will the weather be in Paris over the next three days?', steps: [{ doc: forecast, args: { location: 'Paris', days: 3 } }] })).toBeUndefined();
    expect(servesRequest(forecast, { request: 'How is the weather in Beijing today?', steps: [{ doc: today, args: { location: 'Beijing' } }] })).toBeUndefined();
    // Other lookups' aspects never stand in for each other: upcoming movies beside what is now playing.
    expect(servesRequest({ name: 'FilmDouban.coming_out_filter', description: 'prints the upcoming movies' }, { request: 'Which movies are playing now?', steps: [{ doc: { name: 'FilmDouban.now_playing_out_filter', description: 'prints the movies now playing' }, args: {} }] })).toBeUndefined();
  });
});

describe('harder tool docs: harder to use, not only reworded (harder-tools-9)', () => {
  // harder-tools-8 wrote these for the T-Eval docs: every one only reworded, nothing left to the
  // parameter or return docs (harder_tools_wording_only flagged 74.3% of T-Eval cases).
  const OLD: [string, string][] = [
    ['BINGMap.get_distance', 'Gets the distance between two locations in km.'],
    ['Email.send', 'Send email. It needs address (address) and title (title), and optionally body and attachment. It returns state.'],
    ['TimeTool.get_curr_time', 'Return current time. It returns the time.'],
    ['Weather.forecast_weather', 'Forecast weather in N upcoming days.'],
  ];
  it('the rules of harder-tools-8 left nothing to the field docs; these leave a fact to them in most draws, soundly', () => {
    for (const [name, old] of OLD) expect(leftToFieldDocs(doc(name), old), `${name}: ${old}`).toEqual([]);
    for (const name of ['BINGMap.get_distance', 'Email.send', 'Weather.forecast_weather', 'AirbnbSearch.get_property_checkout_price', 'GoogleScholar.get_author_id']) {
      const outs = [...Array(20).keys()].map((seed) => harderRules(harderInput([doc(name)]), new Rng(seed, `tool:${name}`, 'harder-tools')).tools[0].description);
      expect(outs.filter((o) => leftToFieldDocs(doc(name), o).length).length, `${name}: ${outs.join(' | ')}`).toBeGreaterThanOrEqual(15);
      for (const o of outs) {
        expect(droppedConstraints(doc(name), o), `${name}: ${o}`).toEqual([]);
        expect(brokenDocIssues(doc(name), o), `${name}: ${o}`).toEqual([]);
      }
    }
    // What comes back is the return fields' to say: "It returns the state." goes, the title heading stays.
    const send = harderRules(harderInput([doc('Email.send')]), new Rng(1, 'tool:Email.send', 'harder-tools')).tools[0].description;
    expect(send).toMatch(/^(?:(?:Used to|Lets you) send|Sends?) /);
    expect(send).not.toMatch(/returns the state/);
    // A constraint a parameter does not restate stays: km for a distance, Chinese for Gaode's address.
    for (let seed = 0; seed < 20; seed++) {
      expect(harderRules(harderInput([doc('BINGMap.get_distance')]), new Rng(seed, 'km')).tools[0].description).toMatch(/\bkm\b/);
      expect(harderRules(harderInput([doc('GaodeMap.get_coordinate')]), new Rng(seed, 'zh')).tools[0].description).toMatch(/Chinese/);
    }
  });

  it('never cuts a phrase that changes what the tool does or leaves a stub', () => {
    // Middle phrases with a clause of their own, "of" after a quantity noun, a phrase after an article or a participle.
    const echo: ToolDoc = { ...doc('GorillaFileSystem.echo') };
    const round: ToolDoc = { name: 'MathAPI.round_number', description: 'Round a number to a specified number of decimal places.', required_parameters: [{ name: 'number', type: 'float', description: 'The number to round.' }, { name: 'decimal_places', type: 'integer', description: 'The number of decimal places to round to.' }], optional_parameters: [], return_data: [] };
    const login: ToolDoc = { name: 'MessageAPI.message_login', description: 'Log in a user with the given user ID to messeage application.', required_parameters: [{ name: 'user_id', type: 'string', description: 'User ID of the user to log in.' }], optional_parameters: [], return_data: [] };
    const percentage: ToolDoc = { name: 'MathAPI.percentage', description: 'Calculate the percentage of a part relative to a whole.', required_parameters: [{ name: 'part', type: 'float', description: 'The part value.' }, { name: 'whole', type: 'float', description: 'The whole value.' }], optional_parameters: [], return_data: [] };
    for (let seed = 0; seed < 30; seed++) {
      const r = (t: ToolDoc) => harderRules(harderInput([t]), new Rng(seed, `tool:${t.name}`, 'harder-tools')).tools[0].description;
      expect(r(echo)).not.toMatch(/file in the terminal/);
      expect(r(round)).toMatch(/decimal places/);
      expect(r(login)).not.toMatch(/\bthe to\b/);
      expect(r(percentage)).not.toMatch(/relative\.$/);
    }
    // The check a redraw and harder_tools_broken share: an article stranded before a preposition.
    expect(brokenDocIssues(login, 'Log in a user with the to messeage app.').join(' ')).toMatch(/article before a preposition/);
  });
});

describe('harder tool docs: relative to a sibling, and what comes back left to the return fields (harder-tools-10)', () => {
  const films = (name: string, description: string, ret: string): ToolDoc => ({ name, description, required_parameters: [], optional_parameters: [], return_data: [{ name: 'films', description: ret }] } as unknown as ToolDoc);
  const top = films('FilmTMDB.get_top_rated_movies', 'Get a list of movies ordered by rating', 'list of films ranked by rating, including id, title, release date, popularity and rating');
  const pop = films('FilmTMDB.get_popular_movies', 'Get a list of movies ordered by popularity', 'list of films ranked by popularity, including id, title, release date, popularity and rating');
  const stocks = { name: 'TradingBot.get_available_stocks', description: 'Get a list of stock symbols in the given sector.', required_parameters: [{ name: 'sector', type: 'string', description: 'The sector to retrieve stocks from.' }], optional_parameters: [], return_data: [{ name: 'stock_list', description: 'List of stock symbols.' }] } as unknown as ToolDoc;
  it('writes a wording-only doc relative to a parallel sibling of its toolkit, never to another job\'s', () => {
    const out = harderRules(harderInput([top], [{ shown: { ...pop, description: 'Fetch a list of movies ordered by popularity.' }, original: pop.description }, { shown: stocks, original: stocks.description }]), new Rng(1, 'tool:FilmTMDB.get_top_rated_movies', 'harder-tools-sibling')).tools[0].description;
    expect(out).toMatch(/^(?:Like|Same as|Works as) `FilmTMDB\.get_popular_movies`(?: does)?, but ordered by rating\.$/);
    const alone = harderRules(harderInput([top], [{ shown: stocks, original: stocks.description }]), new Rng(1, 'tool:FilmTMDB.get_top_rated_movies', 'harder-tools-sibling')).tools[0].description;
    expect(alone).not.toMatch(/`/);
  });
  it('never leans on a sibling that already leans on another', () => {
    const out = harderRules(harderInput([top], [{ shown: { ...pop, description: 'Like `FilmTMDB.get_now_playing`, but ordered by popularity.' }, original: pop.description }]), new Rng(1, 'x')).tools[0].description;
    expect(out).not.toMatch(/`/);
  });
  it('leaves the metadata an arXiv search returns to its return field ("Run Arxiv search."), soundly', () => {
    const arxiv = doc('ArxivSearch.get_arxiv_article_information') ?? ({ name: 'ArxivSearch.get_arxiv_article_information', description: 'Run Arxiv search and get the article meta information.', required_parameters: [{ name: 'query', type: 'string', description: 'the content of search query' }], optional_parameters: [], return_data: [{ name: 'content', description: 'a list of 3 arxiv search papers, including published date, title, authors, and summary' }] } as unknown as ToolDoc);
    const outs = new Set(Array.from({ length: 20 }, (_, i) => harderRules(harderInput([arxiv]), new Rng(i, 'tool:arxiv')).tools[0].description));
    expect([...outs].some((o) => /^Run Arxiv search\.$/.test(o))).toBe(true);
    for (const o of outs) {
      expect(brokenDocIssues(arxiv, o)).toEqual([]);
      expect(droppedConstraints(arxiv, o)).toEqual([]);
    }
    // A name word the return field does not say in its own words stays guarded ("order" of get_order_details).
    const order = { name: 'TradingBot.get_order_details', description: 'Get the details of an order.', return_data: [{ name: 'id', description: 'ID of the order, including its status' }] };
    expect(brokenDocIssues(order, 'Get the details.').join()).toMatch(/drops "order"/);
  });
});

describe('harder tool docs: what a field doc states left to it, inside the summary too (harder-tools-11)', () => {
  const t = (name: string, description: string, params: [string, string][], returns: [string, string][]): ToolDoc =>
    ({ name, description, required_parameters: params.map(([n, d]) => ({ name: n, type: 'string', description: d })), optional_parameters: [], return_data: returns.map(([n, d]) => ({ name: n, description: d })) }) as unknown as ToolDoc;
  const status = t('ReserveMeeting.get_room_status', 'get the room booking status', [], [['rooms', 'list of rooms as well as its booking status']]);
  const empty = t('ReserveMeeting.get_empty_room_with_time', 'if they are any rooms available in the provided time', [['start_time', '[Required] the start booked time, must be in 24 hour format, e.g. 13:15'], ['end_time', '[Required] the end booked time, must be in 24 hour format, e.g. 22:21']], [['rooms', 'list of available room ids']]);
  const citation = t('GoogleScholar.get_citation_format', "get MLA citation format by an identification of organic result's id", [['q', '[Required] ID of an individual Google Scholar organic search result']], [['citation', 'the citation format of the article']]);
  const top = t('FilmTMDB.get_top_rated_movies', 'Get a list of movies ordered by rating', [], [['films', 'list of films ranked by rating, including id, title, release date, popularity and rating']]);
  const reviews = t('FilmTMDB.get_movie_reviews', 'Get the user reviews for a movie', [['movie_id', "[Required] ','"]], [['reviews', "list of reviews including user's name, rating, and reviews"]]);
  // What harder-tools-10 wrote for them (teval_query_419_1, _329_1, _427_1, _148_2): wording only, nothing left to a field doc.
  const OLD: [ToolDoc, string][] = [
    [status, 'Fetch the room booking status.'],
    [empty, 'If they are any rooms available in provided time.'],
    [citation, "Gets MLA citation format by an identification of organic result's id."],
    [top, 'Gets a list of movies ordered by rating.'],
    [reviews, 'Gets the user reviews for a movie.'],
  ];
  it('harder-tools-10 left nothing to the field docs; harder-tools-11 leaves a fact to them in most draws, soundly', () => {
    for (const [d, old] of OLD) expect(leftToFieldDocs(d, old), `${d.name}: ${old}`).toEqual([]);
    for (const [d] of OLD) {
      const outs = [...Array(20).keys()].map((seed) => harderRules(harderInput([d]), new Rng(seed, `tool:${d.name}`, 'harder-tools')).tools[0].description);
      expect(outs.filter((o) => leftToFieldDocs(d, o).length).length, `${d.name}: ${outs.join(' | ')}`).toBeGreaterThanOrEqual(12);
      for (const o of outs) {
        expect(droppedConstraints(d, o), `${d.name}: ${o}`).toEqual([]);
        expect(brokenDocIssues(d, o), `${d.name}: ${o}`).toEqual([]);
        // What the tool's name says stays ("room status", "citation format", "movies", "reviews"), a constraint value too (MLA).
        expect(o).toMatch(/room status|rooms available|MLA citation format|list of movies|reviews for a movie/);
      }
    }
    expect(harderRules(harderInput([status]), new Rng(1, 'tool:ReserveMeeting.get_room_status', 'harder-tools')).tools[0].description).toMatch(/^(?:(?:Used to|Lets you) (?:get|fetch|return)|(?:Get|Fetch|Return)s?) the room status\.$/);
    expect(harderRules(harderInput([citation]), new Rng(1, 'tool:GoogleScholar.get_citation_format', 'harder-tools')).tools[0].description).toMatch(/^(?:(?:Used to|Lets you) (?:get|fetch|return)|(?:Get|Fetch|Return)s?) MLA citation format\.$/);
  });
  it('keeps a name word after "with" only when no parameter name holds it, and the judge reads the parameters as the rules do', () => {
    // get_empty_room_with_time: "time" is its start_time and end_time.
    expect(brokenDocIssues(empty, 'Check if there are any rooms available.')).toEqual([]);
    expect(brokenDocIssues({ ...empty, required_parameters: [] }, 'Check if there are any rooms available.').join()).toMatch(/drops "time"/);
    // A name word not after "with" stays guarded though a parameter holds it.
    expect(brokenDocIssues(t('MathAPI.power', 'Raise a number to a power', [['power', 'the exponent']], []), 'Raises a number.').join()).toMatch(/drops "power"/);
    const pair = { name: empty.name, original: JSON.stringify(empty), evolved: JSON.stringify({ ...empty, description: 'Check if there are any rooms available.' }), sameSignature: true };
    expect(judgeRules({ strategy: 'harder_tools', pairs: [pair] }).answer).toBe('Yes');
  });
  it('the offline judge reads a relative doc beside the sibling it names (judge-6)', () => {
    const pop = t('FilmTMDB.get_popular_movies', 'Get a list of movies ordered by popularity', [], [['films', 'list of films ranked by popularity, including id, title, release date, popularity and rating']]);
    const rel = (evolved: string, shown: string) => ({ name: top.name, original: JSON.stringify(top), evolved: JSON.stringify({ ...top, description: evolved }), sameSignature: true, siblings: [{ name: pop.name, original: JSON.stringify(pop), shown: JSON.stringify({ ...pop, description: shown }) }] });
    expect(judgeRules({ strategy: 'harder_tools', pairs: [rel('Like `FilmTMDB.get_popular_movies`, but ordered by rating.', 'Fetch a list of movies ordered by popularity.')] }).answer).toBe('Yes');
    // The sibling leans back: neither doc says what the two do.
    const back = judgeRules({ strategy: 'harder_tools', pairs: [rel('Like `FilmTMDB.get_popular_movies`, but ordered by rating.', 'Like `FilmTMDB.get_top_rated_movies`, but ordered by popularity.')] });
    expect(back.answer).toBe('No');
    expect(back.reason).toMatch(/name each other/);
  });
});
