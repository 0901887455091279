/**
 * A thought quotes the request as the user wrote it and names the file its call makes as it is.
 * Before (6f06dd0): a quote cut at a comma inside a date or a place ("The name and DoB are Carlos
 * Martinez and March 23" of "… March 23, 1968", "2023 in Cambridge, MA" of "October 18, 2023 in
 * Cambridge, MA"; 26 CoT cases), a noisy rewrite putting a typo inside a clause a thought quotes as
 * what the user says (6), and "create a pptx file" for `create_file("outputs/GlobalWarming.ppt")` (59).
 */
import { describe, expect, it } from 'vitest';
import type { TestCase } from '../../pipeline/schemas.js';
import { COMPOSED, SOURCE_FRAMES, argPhrase, framesOf, intentOf, requestClause, sayValue, unitSpans, valueSource } from '../../pipeline/thoughtPhrases.js';
import { fileTypeMismatches, listsAsCode, listsUnsaid, misquotes, numbersQuoted, splitUnit, thoughtFileTypeMismatch, thoughtListAsCode, thoughtListUnsaid, thoughtQuoteSplitsUnit, thoughtRequestMisquoted, unitSplits } from '../../pipeline/quality/measures/thoughtContent.js';
import { protectedValues, thoughtQuotes } from '../../stages/evolve/caseParts.js';
import { noisyRules } from '../../stages/evolve/roles/noisyQuery.js';
import { Rng } from '../../pipeline/rng.js';

const CTX = {} as never;

function caseOf(user: string, thought: string, args: Record<string, unknown>, cot = true): TestCase {
  return { id: 'c', kind: 'internal', errorType: '', cot, k: 1, tools: [], trajectoryId: 't', source: 'teval', provenance: {}, messages: [{ role: 'system', content: 'tools' }, { role: 'user', content: user }], groundTruth: { name: 'T.call', thought, args } } as unknown as TestCase;
}

describe('a quoted request clause keeps a date, a number and a place whole (thoughtPhrases unitSpans)', () => {
  it('reads no clause end at the comma of "March 23, 1968", "09/10, 2026", "Cambridge, MA", "Central Park, New York"', () => {
    expect(requestClause('Hello. The name and DoB are Carlos Martinez and March 23, 1968. Thanks.', 'Carlos Martinez')).toBe('The name and DoB are Carlos Martinez and March 23, 1968');
    expect(requestClause('I want the forecast for October 18, 2023 in Cambridge, MA.', 'Cambridge, MA')).toBe('I want the forecast for October 18, 2023 in Cambridge, MA');
    expect(requestClause("I'm flying economy this Thursday 09/10, 2026, from Rivermist.", 'economy')).toBe("I'm flying economy this Thursday 09/10, 2026");
    const spans = (t: string) => unitSpans(t).map(([s, e]) => t.slice(s, e));
    expect(spans('What is the distance from Central Park, New York to Times Square, New York?')).toEqual(['Central Park, New York', 'Times Square, New York']);
    expect(spans('It costs 1,000 dollars on Thursday, March 3.')).toEqual(['1,000', 'Thursday, March 3']);
    // A comma that does end a clause stays one: a greeting, an adverb, a pronoun after it.
    expect(spans('Hi John, I need a taxi. Then, Find hotels in Paris. Lastly, Book it.')).toEqual([]);
    expect(requestClause('Hi John, I need a taxi to Paris.', 'Paris')).toBe('I need a taxi to Paris');
  });

  it('thought_quote_splits_unit flags the upstream quotes and passes whole ones', () => {
    const user = 'Hello. The name and DoB are Carlos Martinez and March 23, 1968. Thanks.';
    const cut = 'The request says "The name and DoB are Carlos Martinez and March 23", so the first name is "Carlos".';
    const whole = 'The request says "The name and DoB are Carlos Martinez and March 23, 1968", so the first name is "Carlos".';
    expect(thoughtQuoteSplitsUnit.check(caseOf(user, cut, { first_name: 'Carlos' }), CTX)).toMatch(/March 23, 1968/);
    expect(thoughtQuoteSplitsUnit.check(caseOf(user, whole, { first_name: 'Carlos' }), CTX)).toBeNull();
    expect(thoughtQuoteSplitsUnit.check(caseOf(user, cut, { first_name: 'Carlos' }, false), CTX)).toBeUndefined();
    const weather = 'Tell me the weather forecast for October 18, 2023 in Cambridge, MA.';
    expect(unitSplits(caseOf(weather, 'The request says "2023 in Cambridge, MA", so the location is "Cambridge, MA".', { location: 'Cambridge, MA' }))).toHaveLength(1);
    // A name cut in two, at either end.
    const sf = 'I need the distance from San Francisco to Stonebrook.';
    expect(splitUnit(sf, 0, sf.indexOf(' Francisco'))).toMatch(/San Francisco/);
    expect(splitUnit(sf, sf.indexOf('Francisco'), sf.length)).toMatch(/San Francisco/);
    expect(splitUnit(sf, 0, sf.length - 1)).toBeUndefined();
  });
});

describe('a thought never misquotes the request', () => {
  it('thought_request_misquoted flags a quote the user turn does not hold, letter case aside', () => {
    const said = '"I need to travel from Harvard University to the Boston Public Library," the user says, so the start is "Harvard University".';
    expect(thoughtRequestMisquoted.check(caseOf('I need to travel ofrom Harvard University to the Boston Public Library. Thanks', said, { start: 'Harvard University' }), CTX)).toMatch(/no user turn/);
    expect(misquotes(caseOf('i need to travel from Harvard University to the Boston Public Library. Thanks', said, { start: 'Harvard University' }))).toEqual([]);
  });

  it('a noisy rewrite keeps the clause a thought quotes as what the user says (caseParts thoughtQuotes drops the frame\'s comma)', () => {
    const query = 'I need to travel from Harvard University to the Boston Public Library. Could you help me with the route and distance in kilometers?';
    const tc = caseOf(query, '"I need to travel from Harvard University to the Boston Public Library," the user says, so the start is "Harvard University".', { start: 'Harvard University', end: 'Boston Public Library' });
    expect(thoughtQuotes(tc)).toContain('I need to travel from Harvard University to the Boston Public Library');
    const keep = protectedValues(tc, query);
    expect(keep).toContain('I need to travel from Harvard University to the Boston Public Library');
    // The wrong call's thought is read too.
    const wrong = { ...tc, erroneousAction: { name: 'T.call', thought: 'The request says "Could you help me with the route", so …', args: {} } } as TestCase;
    expect(thoughtQuotes(wrong)).toContain('Could you help me with the route');
    for (let seed = 0; seed < 40; seed++) {
      const out = noisyRules({ query, protected: keep }, new Rng(seed, 'noisy'));
      expect(out.query.toLowerCase()).toContain('i need to travel from harvard university to the boston public library');
    }
  });
});

describe('a thought names the file type its call makes', () => {
  const doc = 'Create a pptx file with specific theme';
  it('says "a ppt file" for a .ppt path and keeps the doc\'s "pptx" for a .pptx one', () => {
    expect(intentOf(doc, 'create_file', { theme: 'Business', abs_location: 'outputs/GlobalWarming.ppt' })).toBe('create a ppt file');
    expect(intentOf(doc, 'create_file', { theme: 'Business', abs_location: 'outputs/GlobalWarming.pptx' })).toBe('create a pptx file');
    expect(intentOf(doc, 'create_file', { theme: 'Business' })).toBe('create a pptx file');
  });
  it('thought_file_type_mismatch flags "a pptx file" for a .ppt path, read on the call before for a closing thought', () => {
    const bad = 'I should begin by calling `create_file` with absolute location "outputs/GlobalWarming.ppt" in order to create a pptx file.';
    expect(thoughtFileTypeMismatch.check(caseOf('Make slides', bad, { abs_location: 'outputs/GlobalWarming.ppt' }), CTX)).toMatch(/pptx file" for a \.ppt/);
    expect(thoughtFileTypeMismatch.check(caseOf('Make slides', bad.replace('a pptx', 'a ppt'), { abs_location: 'outputs/GlobalWarming.ppt' }), CTX)).toBeNull();
    const tc = caseOf('Make slides', '`create_file` timed out again, so I cannot create a pptx file now.', {} as Record<string, unknown>);
    tc.messages.push({ role: 'assistant', content: JSON.stringify({ thought: 'Creating it.', name: 'PPT.create_file', args: { abs_location: 'outputs/a.ppt' } }) } as never);
    expect(fileTypeMismatches(tc)).toHaveLength(1);
  });
  it('leaves the user\'s own words quoted alone ("save the PPT file at …" for outputs/marketing.pptx: teval_query_350_0-control-k6-cot)', () => {
    const user = "Please save the PPT file at the location 'outputs/marketing.pptx'.";
    const quoting = 'The request says "save the PPT file at the location \'outputs/marketing.pptx\'", so the absolute location is "outputs/marketing.pptx".';
    expect(fileTypeMismatches(caseOf(user, quoting, { abs_location: 'outputs/marketing.pptx' }))).toEqual([]);
    expect(fileTypeMismatches(caseOf(user, 'Now I will create the PPT file at "outputs/marketing.pptx".', { abs_location: 'outputs/marketing.pptx' }))).toHaveLength(1);
  });
});

describe('a thought says a short list its call passes', () => {
  const doors = ['driver', 'passenger', 'rear_left', 'rear_right'];
  it('item by item up to six short items, counted past that', () => {
    // Since thought-writer-34 a flag is said by what it does, never "unlock set to false" (thought_arg_key_pasted).
    // Since thought-writer-46 the items as a person lists them, the key's noun in number with them, a serial comma
    // keeping the next argument apart (thought_list_as_code): never as code ('door ["driver", …]').
    expect(argPhrase({ door: doors, unlock: false })).toBe('doors "driver", "passenger", "rear_left" and "rear_right", and the unlock flag off');
    expect(argPhrase({ content: 'Loved my flight journey!', tags: ['#TravelDiaries'] })).toBe('content "Loved my flight journey!" and tag "#TravelDiaries"');
    expect(argPhrase({ content: 'x', tags: ['#a', '#b'], mentions: [] })).toBe('content "x", tags "#a" and "#b", and no mentions');
    expect(argPhrase({ stock_list: ['AAPL', 'GOOG'] })).toBe('stock list "AAPL" and "GOOG"');
    expect(argPhrase({ numbers: [45.99, 78.25] })).toBe('numbers 45.99 and 78.25');
    expect(sayValue(Array.from({ length: 8 }, (_, i) => `item${i}`))).toBe('a list of 8 values');
    expect(sayValue(['a long value that runs well past thirty characters', 'b', 'c', 'd'])).toBe('a list of 4 values');
  });
  it('thought_list_as_code flags a list written as code and passes one said item by item', () => {
    const said = (t: string) => caseOf('Lock all the doors', t, { door: doors, unlock: false });
    expect(thoughtListAsCode.check(said('First I lock the doors; `lockDoors` with door ["driver", "passenger", "rear_left", "rear_right"] does it.'), CTX)).toMatch(/door \["driver"/);
    expect(thoughtListAsCode.check(said(`First I lock the doors; \`lockDoors\` with ${argPhrase({ door: doors, unlock: false })} does it.`), CTX)).toBeNull();
    // A doc placeholder in brackets is no list.
    expect(listsAsCode(said('The title takes the [outNum] films.'))).toEqual([]);
  });
  it('thought_list_unsaid flags "a list of 4 values" for the four doors', () => {
    const said = (t: string) => caseOf('Lock all the doors', t, { door: doors, unlock: false });
    expect(thoughtListUnsaid.check(said('Let me lock the doors first; `lockDoors` with door set to a list of 4 values and unlock set to false does exactly that.'), CTX)).toMatch(/a list of 4 values/);
    expect(listsUnsaid(said(`Let me lock the doors first; \`lockDoors\` with ${argPhrase({ door: doors, unlock: false })} does exactly that.`))).toEqual([]);
  });
});

describe('thought_number_quoted (gated at 0)', () => {
  it('counts a number the call passes quoted in a frame of the thought\'s own, not the user\'s quoted words', () => {
    expect(numbersQuoted(caseOf('Show me the movie', 'The movie id will be "27205". Calling `get_movie_details` with movie id set to 27205 will get the details.', { movie_id: 27205 }))).toHaveLength(1);
    expect(numbersQuoted(caseOf('Buy 100 shares', 'The user gave the amount as "100". Calling `place_order` with amount set to 100.', { amount: 100 }))).toEqual([]);
    expect(numbersQuoted(caseOf('Show me the movie', 'The movie id will be "27205". Calling `get_movie_details` with movie id "27205".', { movie_id: '27205' }))).toEqual([]);
  });
});

describe('a frame in the assistant\'s own words says a number bare (thought-writer-31)', () => {
  const own = [...framesOf('neutral'), ...framesOf('answer'), ...framesOf('chosen')].filter((i) => !SOURCE_FRAMES[i].pattern.source.startsWith('^I put'));
  it('says 27205 bare where the call passes a number, "12446" quoted where it passes a string, and reads both back', () => {
    // 8 since thought-writer-40 (h-text32): two more frames of the assistant's own pick ("I'll choose … as the …, since nothing so far gives one.", "I'll pick … for the ….").
    expect(own.length).toBe(8);
    for (const i of own) {
      const bare = SOURCE_FRAMES[i].say('movie id', '27205', 'search_movie', undefined, true);
      expect(bare).not.toMatch(/"27205"/);
      expect(bare).toMatch(/\b27205\b/);
      expect(valueSource(bare)).toMatchObject({ index: i, value: '27205' });
      const quoted = SOURCE_FRAMES[i].say('order id', '12446', 'place_order');
      expect(quoted).toContain('"12446"');
      expect(valueSource(quoted)).toMatchObject({ index: i, value: '12446' });
      expect(numbersQuoted(caseOf('Show me the movie', `${bare} Calling \`get_movie_details\` now.`, { movie_id: 27205 }))).toEqual([]);
    }
    expect(valueSource('The result will be ready.')).toBeUndefined();
    // The composed frame falls back to a pick of its own for a value no request parts make (a wrong call's radius 20000).
    expect(SOURCE_FRAMES[COMPOSED].say('radius', '20000', undefined, 'hotels near Times Square, New York City', true)).toBe("I'll go with 20000 for the radius.");
  });
});
