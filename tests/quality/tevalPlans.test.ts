/**
 * T-Eval's own plans that a careful reader would not accept, and the thoughts around them. On the
 * default build before this fix (489d9a6): `get_author_id(mauthors="machine learning")` (a topic
 * where the author's name belongs) as a ground truth or a shown call (gt_argument_kind_mismatch,
 * 33 of 4,926 cases); `get_ticker_news()` with no ticker for "news related to the stock ticker
 * symbol 'AAPL'" (gt_ticker_left_out, 43); emails signed "Best regards,\n[Your Name]" the user
 * never wrote (gt_placeholder_argument widened, 90; external_placeholder_call, 5); thoughts saying
 * "The user gave the mauthors as "John Smith"" (thought_raw_key_noun, 397 of 2,186 CoT cases).
 * The measures find each; standardize, assemble and the thought writers no longer make them.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { argumentKindMismatch, looksLikePersonName, requestedTicker } from '../../pipeline/quality/argumentKinds.js';
import { gtArgumentKindMismatch, gtPlaceholderArgument, gtTickerLeftOut, gtTodayToolForOtherDay, placeholderRetry } from '../../pipeline/quality/measures/solvable.js';
import { asksAnotherDay, tellsOnlyToday } from '../../pipeline/quality/todayTools.js';
import { rawKeyNoun, thoughtRawKeyNoun } from '../../pipeline/quality/measures/thoughts.js';
import { dropSignOffSlots, placeholderValue } from '../../pipeline/afterFailure.js';
import { keyNoun } from '../../pipeline/quality/grammar.js';
import { offlineThoughts } from '../../stages/standardize/thoughtWriter.js';
import { erroneousThought } from '../../pipeline/errors/injectors/thoughts.js';
import { Rng } from '../../pipeline/rng.js';

const AUTHOR_ID: ToolDoc = {
  name: 'GoogleScholar.get_author_id',
  description: "The getAuthorId function is used to get the author's id by his or her name.",
  required_parameters: [{ name: 'mauthors', type: 'string', description: '[Required] the name of the author' }],
  optional_parameters: [],
  return_data: [{ name: 'author_id', description: 'the author_id of the author' }],
} as ToolDoc;
const CITATION: ToolDoc = {
  name: 'GoogleScholar.get_citation_format',
  description: 'get MLA citation format by an identification of organic result\'s id',
  required_parameters: [{ name: 'q', type: 'string', description: '[Required] ID of an individual Google Scholar organic search result' }],
  optional_parameters: [],
  return_data: [{ name: 'citation', description: 'the citation format of the article' }],
} as ToolDoc;
const NEWS: ToolDoc = {
  name: 'PolygonFinance.get_ticker_news',
  description: 'get the most recent news articles relating to a stock ticker symbol',
  required_parameters: [],
  optional_parameters: [{ name: 'ticker', type: 'string', description: 'Return results that contain this ticker' }],
  return_data: [{ name: 'results', description: 'A list of news including title, summary, and author' }],
} as ToolDoc;
const SEND: ToolDoc = {
  name: 'Email.send',
  description: 'send an email',
  required_parameters: [
    { name: 'address', type: 'string', description: '[Required] the address' },
    { name: 'title', type: 'string', description: '[Required] the title' },
    { name: 'body', type: 'string', description: '[Required] the body' },
  ],
  optional_parameters: [],
  return_data: [],
} as ToolDoc;

const mk = (user: string, shown: { name: string; args: Record<string, unknown>; thought?: string }[], gt: { name: string; args: Record<string, unknown>; thought?: string } | { name: string; args: Record<string, unknown> }[], tools: ToolDoc[], extra: Partial<TestCase> = {}): TestCase =>
  ({
    id: 'c',
    kind: Array.isArray(gt) ? 'external' : 'internal',
    errorType: '',
    cot: true,
    trajectoryId: 't',
    source: 'teval',
    k: shown.length + 1,
    messages: [
      { role: 'system', content: 'tools' },
      { role: 'user', content: user },
      ...shown.flatMap((c) => [
        { role: 'assistant', content: JSON.stringify(c) },
        { role: 'function', content: '{}' },
      ]),
    ],
    tools,
    groundTruth: gt,
    provenance: { methods: {}, parents: [] },
    ...extra,
  }) as TestCase;

describe('an argument of the kind its doc declares', () => {
  it('reads names as names and topics, titles and "first author" as not', () => {
    for (const name of ['John Smith', 'Professor John Smith', 'Seng W. Loke', 'Richard S. J. Tol', 'GH Evans', 'Gordon Ramsay']) expect(looksLikePersonName(name)).toBe(true);
    for (const other of ['machine learning', 'first author', 'Society', 'Recasting German identity: culture, politics, and literature in the Berlin Republic', 'Machine Learning']) expect(looksLikePersonName(other)).toBe(false);
  });
  it('gt_argument_kind_mismatch flags a topic passed as the author, in the ground truth or the history, and passes a name', () => {
    const user = "Look for academic articles associated with 'machine learning' on Google Scholar. Fetch the information about the first author in the result list.";
    expect(gtArgumentKindMismatch.check(mk(user, [], { name: AUTHOR_ID.name, args: { mauthors: 'machine learning' } }, [AUTHOR_ID]), {} as never)).toMatch(/not a person's name/);
    expect(gtArgumentKindMismatch.check(mk(user, [{ name: AUTHOR_ID.name, args: { mauthors: 'first author' } }], { name: CITATION.name, args: { q: 'EQ8shYj8Ai8J' } }, [AUTHOR_ID, CITATION]), {} as never)).toMatch(/history/);
    expect(gtArgumentKindMismatch.check(mk(user, [], { name: AUTHOR_ID.name, args: { mauthors: 'Seng W. Loke' } }, [AUTHOR_ID]), {} as never)).toBeNull();
    // An internal case's wrong call is the injected error, not the plan's misuse.
    const wrong = mk(user, [{ name: AUTHOR_ID.name, args: { mauthors: 'Society' } }], { name: AUTHOR_ID.name, args: { mauthors: 'John Smith' } }, [AUTHOR_ID], { errorType: 'parameters_value_error' });
    expect(gtArgumentKindMismatch.check(wrong, {} as never)).toBeNull();
    expect(argumentKindMismatch(wrong.messages, wrong.groundTruth, [AUTHOR_ID])?.where).toBe('history');
  });
});

describe('a ticker the request names goes in the call', () => {
  it('requestedTicker takes the ticker the turn passes or the user writes, not for the market at large', () => {
    expect(requestedTicker("Retrieve the most recent news articles related to the stock ticker symbol 'AAPL'.", [])).toBe('AAPL');
    expect(requestedTicker("Lastly, fetch the latest news related to 'IBM' stock from PolygonFinance.", [])).toBe('IBM');
    expect(requestedTicker("information about a company called 'Tesla'. … the most recent news articles about the company.", ['TSLZ', 'TSLZ'])).toBe('TSLZ');
    expect(requestedTicker('Find the stock symbol for Amazon … show me the latest news articles about the stock market.', ['AMZN'])).toBeUndefined();
    expect(requestedTicker('Compare AAPL and MSFT news.', ['AAPL', 'MSFT'])).toBeUndefined();
    // A noisy copy of the request misspells "news" (teval_query_377_2-control-k3-cot~noisy_query): still the market at large.
    expect(requestedTicker('Find the stock symbol for Amazon. Lastly, show me the latest nwws articles about the stock market.', ['AMZN'])).toBeUndefined();
    // London's exchange suffix is part of the ticker (teval_query_103_1).
    expect(requestedTicker('the latest news articles (from the last 7 days) related to stock ticker TUI.L?', [])).toBe('TUI.L');
  });
  it('gt_ticker_left_out flags get_ticker_news() for one company and passes it with the ticker', () => {
    const user = "Retrieve the most recent news articles related to the stock ticker symbol 'AAPL'.";
    expect(gtTickerLeftOut.check(mk(user, [], { name: NEWS.name, args: {} }, [NEWS]), {} as never)).toMatch(/about AAPL/);
    expect(gtTickerLeftOut.check(mk(user, [], { name: NEWS.name, args: { ticker: 'AAPL' } }, [NEWS]), {} as never)).toBeNull();
    expect(gtTickerLeftOut.check(mk('Show me the latest news about the stock market.', [], { name: NEWS.name, args: {} }, [NEWS]), {} as never)).toBeNull();
    // A noisy rewrite ("ndws … stock mwrket", 377_2) is judged by its base case, whose words say the news is the market's.
    const noisy = { ...mk('Find the stock symbol for Amazon. Show me the latest ndws articles about the stock mwrket.', [], { name: NEWS.name, args: {} }, [NEWS]), evolution: { applied: ['noisy_query'] } };
    expect(gtTickerLeftOut.check(noisy as never, {} as never)).toBeUndefined();
    expect(gtTickerLeftOut.check(mk('Find the stock symbol for Amazon. Show me the latest news articles about the stock market.', [], { name: NEWS.name, args: {} }, [NEWS]), {} as never)).toBeNull();
  });
});

describe('no message signed "[Your Name]"', () => {
  const body = 'Dear team,\n\nThe meeting moves to Friday.\n\nBest regards,\n[Your Name]';
  it('the sender slot is a placeholder; standardize takes it out with its valediction, and keeps what the user dictated', () => {
    expect(placeholderValue(body)).toMatch(/sign-off/);
    expect(dropSignOffSlots(body)).toBe('Dear team,\n\nThe meeting moves to Friday.');
    expect(dropSignOffSlots('Hi,\n\nSee you there.\n\nBest regards,\n[Your Name]\n[Your Company]\n')).toBe('Hi,\n\nSee you there.');
    expect(dropSignOffSlots('Thanks for the update. Best, [Your Name]')).toBe('Thanks for the update. Best,');
    const dictated = "send an email with the body 'Dear HR, I am applying. Best, [Your Name]'";
    expect(dropSignOffSlots('Dear HR, I am applying. Best, [Your Name]', dictated)).toBe('Dear HR, I am applying. Best, [Your Name]');
  });
  it('gt_placeholder_argument and external_placeholder_call flag a plan\'s sign-off slot, not a dictated one', () => {
    const send = { name: SEND.name, args: { address: 'a@b.com', title: 'Meeting', body } };
    expect(gtPlaceholderArgument.check(mk('Email a@b.com that the meeting moves to Friday.', [], send, [SEND]), {} as never)).toMatch(/sign-off/);
    expect(gtPlaceholderArgument.check(mk('Email a@b.com that the meeting moves to Friday.', [send], { name: NEWS.name, args: {} }, [SEND, NEWS]), {} as never)).toMatch(/shown Email.send/);
    const fixed = { ...send, args: { ...send.args, body: dropSignOffSlots(body) } };
    expect(gtPlaceholderArgument.check(mk('Email a@b.com that the meeting moves to Friday.', [], fixed, [SEND]), {} as never)).toBeNull();
    expect(placeholderRetry.check(mk('Email a@b.com that the meeting moves to Friday.', [], [send, { name: 'FinishAction', args: 'Done' } as never], [SEND]), {} as never)).toMatch(/sign-off/);
    const dictatedBody = 'Dear HR, I am applying. Best, [Your Name]';
    expect(placeholderRetry.check(mk(`Send an email to 'hr@example.com' with the body '${dictatedBody}'.`, [], [{ name: SEND.name, args: { address: 'hr@example.com', title: 'Job', body: dictatedBody } }, { name: 'FinishAction', args: 'Done' } as never], [SEND]), {} as never)).toBeNull();
  });
});

describe('a key prose cannot say is named by its doc', () => {
  it('keyNoun reads the doc; ordinary keys stay as they are', () => {
    expect(keyNoun('mauthors', AUTHOR_ID)).toBe("author's name");
    expect(keyNoun('q', CITATION)).toBe('organic id');
    expect(keyNoun('ticker', NEWS)).toBe('ticker');
    expect(keyNoun('body', SEND)).toBe('body');
  });
  it('thought_raw_key_noun flags "the mauthors" and passes "the author\'s name"', () => {
    expect(rawKeyNoun('The user gave the mauthors as "John Smith". Calling `get_author_id` now.', { mauthors: 'John Smith' }, AUTHOR_ID)).toMatch(/mauthors/);
    expect(rawKeyNoun('Next I will call `get_citation_format` with q "EQ8shYj8Ai8J".', { q: 'EQ8shYj8Ai8J' }, CITATION)).toMatch(/\bq\b/);
    expect(rawKeyNoun('The user gave the author\'s name as "John Smith". Calling `get_author_id` now.', { mauthors: 'John Smith' }, AUTHOR_ID)).toBeUndefined();
    const tc = mk('Find the author ID of John Smith.', [], { name: AUTHOR_ID.name, args: { mauthors: 'John Smith' }, thought: 'The mauthors will be "John Smith".' }, [AUTHOR_ID]);
    expect(thoughtRawKeyNoun.check(tc, {} as never)).toMatch(/mauthors/);
  });
  it('the thought writer and the wrong-call thoughts name the key by its doc', () => {
    const query = "Find the scholar ID for an author named 'John Smith', then the MLA citation of EQ8shYj8Ai8J.";
    const docs = [AUTHOR_ID, CITATION];
    for (let seed = 0; seed < 30; seed++) {
      const thoughts = offlineThoughts(
        {
          query,
          steps: [
            { name: AUTHOR_ID.name, description: AUTHOR_ID.description, args: { mauthors: 'John Smith' }, doc: AUTHOR_ID },
            { name: CITATION.name, description: CITATION.description, args: { q: 'EQ8shYj8Ai8J' }, doc: CITATION },
          ],
        },
        new Rng(seed, 'kn'),
      );
      expect(rawKeyNoun(thoughts[0], { mauthors: 'John Smith' }, AUTHOR_ID)).toBeUndefined();
      expect(rawKeyNoun(thoughts[1], { q: 'EQ8shYj8Ai8J' }, CITATION)).toBeUndefined();
      const wrong = erroneousThought('parameters_value_error', { name: AUTHOR_ID.name, args: { mauthors: 'John Smith' }, thought: thoughts[0] }, { name: AUTHOR_ID.name, args: { mauthors: 'Society' } }, { tools: docs, query, rng: new Rng(seed, 'w') });
      if (wrong) expect(rawKeyNoun(wrong, { mauthors: 'Society' }, AUTHOR_ID)).toBeUndefined();
    }
  });
});

describe('a tool that tells only today is not asked about another day', () => {
  // teval_query_430_1: T-Eval's plan answers "the day of the week when it was released" with get_weekday.
  const WEEKDAY: ToolDoc = { name: 'TimeTool.get_weekday', description: 'get the weekday today', required_parameters: [], optional_parameters: [], return_data: [{ name: 'weekday', description: '' }] } as ToolDoc;
  const DETAILS: ToolDoc = {
    name: 'FilmTMDB.get_movie_details',
    description: 'get the detailed information about a movie',
    required_parameters: [{ name: 'movie_id', type: 'integer', description: 'the id of the movie' }],
    optional_parameters: [],
    return_data: [{ name: 'release_date', description: 'the release date' }],
  } as ToolDoc;
  const released = "Provide detailed information about the movie 'Inception', including its release date. Also, determine the day of the week when it was released.";
  it('reads the tool from its doc and the day from the request', () => {
    expect(tellsOnlyToday(WEEKDAY)).toBe(true);
    expect(tellsOnlyToday(DETAILS)).toBe(false);
    expect(asksAnotherDay(released)).toBe('Also, determine the day of the week when it was released.');
    for (const today of ['Could you also tell me what day of the week it is today?', 'Also, let me know the current weekday.', 'Lastly, tell me what day of the week it is for my project timeline.', 'If the weekday is Monday, create a new PowerPoint slide.']) {
      expect(asksAnotherDay(today)).toBeUndefined();
    }
  });
  it('gt_today_tool_for_other_day flags get_weekday for the release weekday, asked or shown, and passes it for today', () => {
    const details = { name: DETAILS.name, args: { movie_id: 27205 } };
    const weekday = { name: WEEKDAY.name, args: {} };
    expect(gtTodayToolForOtherDay.check(mk(released, [details], weekday, [DETAILS, WEEKDAY]), {} as never)).toMatch(/ground truth TimeTool.get_weekday/);
    expect(gtTodayToolForOtherDay.check(mk(released, [details], [details, weekday], [DETAILS, WEEKDAY]), {} as never)).toMatch(/when it was released/);
    expect(gtTodayToolForOtherDay.check(mk(released, [details, weekday], { name: 'FinishAction', args: {} }, [DETAILS, WEEKDAY]), {} as never)).toMatch(/shown TimeTool.get_weekday/);
    expect(gtTodayToolForOtherDay.check(mk('Tell me about Inception. Also, what day of the week is it today?', [details], weekday, [DETAILS, WEEKDAY]), {} as never)).toBeNull();
  });
});
