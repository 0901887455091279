/**
 * A call a second try could do twice (send an email, book a flight, add a slide) fails only in words
 * that say it never ran, so the retry the ground truth asks for is the one careful step. The build of
 * c532a84 (f25) had 10% (30/300) of external cases retrying book_flight after "ReadTimeout: the request
 * to book_flight timed out", Email.send after "Connection reset by peer", add_text_page after an I/O
 * error mid-write (external_retry_may_repeat).
 */
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_ERROR_KINDS, type TestCase } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { environmentMessage, NEVER_RAN, UNREPEATABLE_CALL, LOCAL_KINDS } from '../../pipeline/resolution/simulatorRules.js';
import { classifyEnvironmentMessage } from '../../pipeline/errors/environment.js';
import { externalRetryMayRepeat } from '../../pipeline/quality/measures/failureAnswers.js';
import { causeOf } from '../../stages/resolve/failureSentences.js';

const external = (name: string, failure: string) =>
  ({
    kind: 'external',
    messages: [{ role: 'user', content: 'Please do it.' }, { role: 'assistant', content: JSON.stringify({ name, args: { a: 1 } }) }, { role: 'function', content: failure }],
    groundTruth: [{ name, args: { a: 1 } }],
  }) as unknown as TestCase;

function wordings(kind: (typeof ENVIRONMENT_ERROR_KINDS)[number], api: string, locality: 'local' | 'remote' = 'remote'): string[] {
  const out = new Set<string>();
  for (let seed = 0; seed < 60; seed++) out.add(environmentMessage(kind, api, new Rng(seed, kind), locality));
  return [...out];
}

describe('a call a retry could repeat fails before it ran (env-wording-6)', () => {
  it('tells apart calls that do something twice from reads and idempotent settings', () => {
    for (const api of ['send', 'book_flight', 'place_order', 'post_tweet', 'add_text_page', 'reserve', 'purchase_insurance', 'create_ticket']) expect(UNREPEATABLE_CALL.test(api), api).toBe(true);
    for (const api of ['get_flight_cost', 'search_movie', 'lockDoors', 'cat', 'show', 'get_route', 'sort']) expect(UNREPEATABLE_CALL.test(api), api).toBe(false);
  });

  it('words every kind of failure of book_flight, Email.send and PPT.add_text_page as never ran, each still its kind', () => {
    for (const [api, locality] of [['TravelAPI.book_flight', 'remote'], ['Email.send', 'remote'], ['PPT.add_text_page', 'local'], ['TradingBot.place_order', 'remote']] as const) {
      for (const kind of ENVIRONMENT_ERROR_KINDS) {
        if (locality === 'local' && !LOCAL_KINDS.includes(kind)) continue;
        for (const w of wordings(kind, api, locality)) {
          expect(NEVER_RAN.test(w), `${api} ${kind}: ${w}`).toBe(true);
          expect(classifyEnvironmentMessage(w)?.kind, w).toBe(kind);
        }
      }
    }
  });

  it('keeps the full range for a read', () => {
    expect(wordings('timeout', 'FilmTMDB.search_movie').some((w) => /ReadTimeout|504/.test(w))).toBe(true);
  });

  it('tells the new wordings in plain words', () => {
    expect(causeOf("ConnectTimeout: Max retries exceeded with url: /send (Caused by ConnectTimeoutError('Connection timed out. (connect timeout=10)'))", 'send')).toBe('the connection to the service timed out after 10 seconds, before the request was sent');
    expect(causeOf('OSError: [Errno 5] Input/output error opening the file for add_text_page; nothing was written', 'add_text_page')).toBe('there was an input/output error opening the file, before anything was written');
  });

  it('flags a retry of a booking after a read timeout, not after a refused connection or a read', () => {
    expect(externalRetryMayRepeat.check(external('TravelAPI.book_flight', 'ReadTimeout: the request to book_flight timed out (read timeout=10)'), {} as never)).toMatch(/book_flight may have run/);
    expect(externalRetryMayRepeat.check(external('TravelAPI.book_flight', "ConnectionError: Max retries exceeded with url: /book_flight (Caused by NewConnectionError('Failed to establish a new connection: [Errno 111] Connection refused'))"), {} as never)).toBeNull();
    expect(externalRetryMayRepeat.check(external('FilmTMDB.search_movie', 'ReadTimeout: the request to search_movie timed out (read timeout=10)'), {} as never)).toBeNull();
  });
});

describe('the skip thought names the failed call apart from the same call it makes next (diversify-external 26)', () => {
  it('says which get_weather_today failed when the next step asks the weather of the other address', async () => {
    const { skipThought } = await import('../../stages/diversify-external/afterFailure.js');
    const { skipThoughtSameCallUnnamed } = await import('../../pipeline/quality/measures/failureAnswers.js');
    const tools = [{ name: 'Weather.get_weather_today', description: "Get today's weather of a place.", required_parameters: [{ name: 'location', type: 'string', description: 'the place' }], optional_parameters: [], return_data: [] }];
    const next = { name: 'Weather.get_weather_today', args: { location: '1600 Pennsylvania Avenue, Washington D.C.' } };
    const failed = { location: '10 Downing Street, London' };
    for (let seed = 0; seed < 12; seed++) {
      const t = skipThought('Weather.get_weather_today', next, tools as never, new Rng(seed, 'skip-thought'), 'Expecting value: line 1 column 1 (char 0)', failed);
      expect(t, t).toContain('10 Downing Street, London');
      const tc = { kind: 'external', cot: true, messages: [], groundTruth: [{ name: next.name, args: failed }, { ...next, thought: t }] } as unknown as TestCase;
      expect(skipThoughtSameCallUnnamed.check(tc, {} as never)).toBeNull();
    }
    const bare = skipThought('Weather.get_weather_today', next, tools as never, new Rng(1, 'skip-thought'), 'Expecting value: line 1 column 1 (char 0)');
    const tc = { kind: 'external', cot: true, messages: [], groundTruth: [{ name: next.name, args: failed }, { ...next, thought: bare }] } as unknown as TestCase;
    expect(skipThoughtSameCallUnnamed.check(tc, {} as never)).toMatch(/never says which get_weather_today call failed/);
  });
});
