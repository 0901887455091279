/**
 * A closing answer answers the user's question in their terms (answer-writer-37): no opener that says
 * nothing ("Here is where things stand."), no finding introduced by its argument's key ("As for the
 * name "Quasar Ltd.", the symbol is "QUAS"."), no fields the user did not ask about (an access token,
 * "expires in 2", their own ticket text, "there is no booking history", the tags they gave read back).
 */
import { describe, expect, it } from 'vitest';
import { offlineAnswer, restatesDone, type AnswerInput } from '../../stages/resolve/answerWriter.js';
import { cannedOpener, fieldsNotAsked, answerFieldDump } from '../../pipeline/quality/measures/text.js';
import { askedFieldMissing, echoesDone, echoFrame, quotedScalar, wholeListCut } from '../../pipeline/quality/measures/answers.js';
import { Rng } from '../../pipeline/rng.js';
import type { TestCase } from '../../pipeline/schemas.js';

const answers = (input: AnswerInput) => Array.from({ length: 12 }, (_, seed) => offlineAnswer(input, new Rng(seed, 'answer-writer')));

const quasar: AnswerInput = {
  request: 'Can you provide the latest trading details for Quasar Ltd.?',
  steps: [
    { name: 'TradingBot.get_symbol_by_name', args: { name: 'Quasar Ltd.' }, response: '{"symbol": "QUAS"}' },
    { name: 'TradingBot.get_stock_info', args: { symbol: 'QUAS' }, response: '{"price": 725.89, "percent_change": -0.03, "volume": 1.789, "MA(5)": 726.45, "MA(20)": 728.0}' },
  ],
};
const signIn: AnswerInput = {
  request: 'Authenticate me: client id client_520, secret rise_to_sky, refresh token token990125, read_write.',
  steps: [{ name: 'TravelAPI.authenticate_travel', args: { client_id: 'client_520', client_secret: 'rise_to_sky', refresh_token: 'token990125', grant_type: 'read_write', user_first_name: 'Michael', user_last_name: 'Thompson' }, response: '{"expires_in": 2, "access_token": "251675", "token_type": "Bearer", "scope": "read_write"}' }],
};
const ticket: AnswerInput = {
  request: "Craft a ticket labeled 'Critical Order Assistance' with message 'Urgent assistance required.' at max priority.",
  steps: [{ name: 'TicketAPI.create_ticket', args: { title: 'Critical Order Assistance', description: 'Urgent assistance required.', priority: 5 }, response: '{"id": 2, "title": "Critical Order Assistance", "description": "Urgent assistance required.", "status": "Open", "priority": 5, "created_by": "Michael Thompson"}' }],
};
const tweet: AnswerInput = {
  request: "Tweet 'Off to Stonebrook!' with #GenealogyAdventure and #FamilyHistory.",
  steps: [{ name: 'TwitterAPI.post_tweet', args: { content: 'Off to Stonebrook!', tags: ['#GenealogyAdventure', '#FamilyHistory'], mentions: [] }, response: '{"id": 10, "username": "genealogy_enthusiast", "content": "Off to Stonebrook!", "tags": ["#GenealogyAdventure", "#FamilyHistory"], "mentions": []}' }],
};
const picture: AnswerInput = { request: 'Find a picture about movies for the slide.', steps: [{ name: 'GoogleSearch.search_image', args: { keywords: 'movies' }, response: '{"picture_url": "outputs/1697714123.jpg"}' }] };
const places: AnswerInput = { request: 'Find places to stay in Los Angeles.', steps: [{ name: 'AirbnbSearch.search_property_by_place', args: { place: 'Los Angeles' }, response: '{"property": [{"name": "Charming house", "id": 1}, {"name": "Quiet suite", "id": 2}]}' }] };
const weekday: AnswerInput = { request: "What is today's weekday?", steps: [{ name: 'Clock.get_weekday', args: {}, response: '{"weekday": "Tuesday"}' }] };
const turn = (input: AnswerInput, answer: string) => ({ request: input.request, calls: input.steps.map((s) => ({ name: s.name, args: s.args, response: s.response })), answer });

describe('closing answers answer, not frame', () => {
  it('the measures flag the old frames and pass plain answers', () => {
    expect(cannedOpener('Here is where things stand. I found that the watchlist has "NVDA" and "OMEG".')).toBeDefined();
    expect(cannedOpener('Here is what I found. The watchlist has "NVDA".')).toBeDefined();
    expect(cannedOpener('The watchlist has "NVDA" and "OMEG".')).toBeUndefined();
    expect(echoFrame('Here it is. As for the name "Quasar Ltd.", the symbol is "QUAS".')).toBeDefined();
    expect(echoFrame('For the keywords "movies", the picture url is "outputs/1.jpg".')).toBeDefined();
    expect(echoFrame('Looking up the movie id 27205 gave 3 genres: "Action".')).toBeDefined();
    expect(echoFrame('"Quasar Ltd." trades under the symbol QUAS. For movie 278, the genres are "Drama".')).toBeUndefined();
    expect(fieldsNotAsked(turn(signIn, 'I have authenticated the travel: expires in 2, access token "251675".'))).toBeDefined();
    expect(fieldsNotAsked(turn(ticket, 'I created the ticket: id 2, description "Urgent assistance required." and status Open.'))).toBeDefined();
    expect(fieldsNotAsked(turn(tweet, 'I posted the tweet: id 10, the tags are "#GenealogyAdventure" and "#FamilyHistory".'))).toBeDefined();
    expect(fieldsNotAsked(turn(tweet, 'I posted the tweet: id 10 and there are no mentions.'))).toBeDefined();
    expect(fieldsNotAsked({ request: 'book', calls: [], answer: 'I booked the flight; the booking id is "1" and there is no booking history.' })).toBeDefined();
    expect(fieldsNotAsked(turn(ticket, 'I created the ticket: id 2, title "Critical Order Assistance", status Open and priority 5.'))).toBeUndefined();
    // A status said as a task that failed is no field (teval_query_455_1-env-k3 on f47), a state read out as one still is.
    expect(fieldsNotAsked({ request: 'r', calls: [], answer: 'Unfortunately, getting the room status failed; the service ran into an internal error.' })).toBeUndefined();
    // Nor one asked about when to do ("Shall I get the room status later, or leave it?", 455_1-env-k3 on h-lead30's l3).
    expect(fieldsNotAsked({ request: 'r', calls: [], answer: 'I could not get the room status. Shall I get the room status later, or leave it?' })).toBeUndefined();
    expect(fieldsNotAsked({ request: 'r', calls: [], answer: 'The parking brake status engaged, the engine state running and the fuel level 30.' })).toBeDefined();
    expect(quotedScalar('The weekday is "Tuesday".')).toBeDefined();
    const tc = { messages: [{ role: 'user', content: signIn.request }, { role: 'assistant', content: JSON.stringify({ name: signIn.steps[0].name, args: signIn.steps[0].args }) }, { role: 'function', content: signIn.steps[0].response }], groundTruth: { name: 'FinishAction', args: 'I signed in: access token "251675".' }, tools: [] } as unknown as TestCase;
    expect(answerFieldDump.check(tc, {} as never)).toMatch(/credential/);
    expect(answerFieldDump.check({ ...tc, groundTruth: { name: 'FinishAction', args: 'I signed in to the travel booking service.' } } as unknown as TestCase, {} as never)).toBeNull();
  });

  it('the writer says the finding about what the user asked about, with no canned opener', () => {
    for (const input of [quasar, signIn, ticket, tweet, picture, places, weekday]) {
      for (const a of answers(input)) {
        expect(cannedOpener(a)).toBeUndefined();
        expect(echoFrame(a)).toBeUndefined();
        expect(fieldsNotAsked(turn(input, a))).toBeUndefined();
        expect(quotedScalar(a)).toBeUndefined();
      }
    }
    // The quote says whose symbol it is (answer_symbol_unexplained, answer-writer-109).
    expect(answers(quasar)[0]).toMatch(/^Quasar Ltd\. \(QUAS\) is at 725\.89, down 0\.03%/);
    // The symbol only led to the quote: the means, not told in a sentence of its own (answer_means_told, answer-writer-52).
    expect(answers(quasar).every((a) => !/trades under|stock symbol of/.test(a))).toBe(true);
    expect(answers(signIn)[0]).toMatch(/signed in to the travel booking service\.$/);
    expect(answers(signIn).every((a) => !/251675|expires/.test(a))).toBe(true);
    expect(answers(ticket).every((a) => !/Urgent assistance|Michael/.test(a) && /Critical Order Assistance/.test(a))).toBe(true);
    expect(answers(places).every((a) => /Los Angeles/.test(a) && !/the place/.test(a))).toBe(true);
    expect(answers(weekday).every((a) => /^(?:It|Today) is Tuesday\.$/.test(a))).toBe(true);
  });
});

describe('a reply that only says the act went through is not read back', () => {
  // teval_query_408_1-env-k6: "I created the file "outputs/Climate_Change.ppt" with the "default" theme, and the reply reads "created a ppt file."".
  const created: AnswerInput = {
    request: "Create a PowerPoint file at 'outputs/Climate_Change.ppt' with the default theme.",
    steps: [{ name: 'PPT.create_file', args: { theme: 'default', abs_location: 'outputs/Climate_Change.ppt' }, response: 'created a ppt file.' }],
  };
  it('restatesDone reads a success word or the act\'s own verb, never a refusal', () => {
    expect(restatesDone('created the file "a.ppt"', 'created a ppt file.')).toBe(true);
    expect(restatesDone('sent the email to a@b.com', 'Send completed successfully.')).toBe(true);
    expect(restatesDone('created the file "a.ppt"', 'The file could not be created.')).toBe(false);
    expect(restatesDone('added the text page', 'Page 3 of 5 holds the chart.')).toBe(false);
  });
  it('the writer says what was done and nothing the reply repeats; answer_echoes_done passes every draw', () => {
    const asStatus: AnswerInput = { ...created, steps: [{ ...created.steps[0], response: "{'status': 'created a ppt file.'}" }] };
    for (const a of [...answers(created), ...answers(asStatus)]) {
      expect(a).toContain('outputs/Climate_Change.ppt');
      expect(a).not.toMatch(/reply reads/);
      expect(echoesDone(a)).toBeUndefined();
    }
    expect(echoesDone('I created the file "outputs/Climate_Change.ppt" with the "default" theme, and the reply reads "created a ppt file."')).toBeDefined();
  });
});

describe('a long text asked for is owed its opening words, its first sentence will do', () => {
  // teval_query_41_1-env-k3: an email's body told as "opening with "Gm/gn hackers, great news!"", its first sentence.
  const inbox: AnswerInput = {
    request: 'Check my inbox and tell me the title and body of each new email.',
    steps: [{ name: 'Email.show', args: { only_unread: true }, response: JSON.stringify({ emails: [{ sender: 'DoraHacks', title: 'Deadline Extended', body: 'Gm/gn hackers, great news! Responding to the request of our community, the submission deadline of the hackathon is now extended to October 31st, giving you more time.' }] }) }],
  };
  it('askedFieldMissing passes the first sentence and flags an answer without the body', () => {
    expect(askedFieldMissing(turn(inbox, 'I got back 1 email: "Deadline Extended" (body 27 words, opening with "Gm/gn hackers, great news!").'))).toBeUndefined();
    expect(askedFieldMissing(turn(inbox, 'I got back 1 email: "Deadline Extended".'))).toMatch(/body/);
  });
});

describe('a bare list is told as the things its call lists', () => {
  // bfcl travel cases: "The reply listed 23 items, the first three being "RMS", "SBK" and "MPC"." for list_all_airports; the codes said bare since answer-writer-145.
  const airports = (codes: string[], request = 'Which airports can I fly from?'): AnswerInput => ({ request, steps: [{ name: 'TravelAPI.list_all_airports', args: {}, response: JSON.stringify(codes) }] });
  const all23 = ['RMS', 'SBK', 'MPC', 'SVP', 'SHD', 'CDG', 'LHR', 'SSV', 'OKD', 'WLB', 'PEK', 'HND', 'HKG', 'CIA', 'CRH', 'ATV', 'PHV', 'GFD', 'SFO', 'LAX', 'JFK', 'ORD', 'BOS'];
  it('names what list_all_airports lists, all of a short list and three of a long one', () => {
    for (const a of answers(airports(['RMS', 'SBK', 'MPC', 'SVP', 'SHD', 'CDG', 'LHR']))) expect(a).toContain('There are 7 airports, among them RMS, SBK and MPC.');
    for (const a of answers(airports(['RMS', 'SBK']))) expect(a).toContain('There are 2 airports: RMS and SBK.');
    for (const a of answers(airports(['RMS', 'SBK', 'MPC', 'SVP', 'SHD', 'CDG', 'LHR']))) expect(a).not.toMatch(/items|The reply listed/);
  });
  // bfcl_multi_turn_base_162: "I'd love a comprehensive list of all available departure airports" was answered with 3 of the 23.
  it('gives the whole list when the request asks for all of it', () => {
    for (const a of answers(airports(all23, "I'd love a comprehensive list of all available departure airports to commence my travel planning."))) {
      expect(a).toContain('There are 23 airports: RMS, SBK, MPC,');
      expect(a).toContain('ORD and BOS.');
      expect(wholeListCut(turn(airports(all23, 'I want a comprehensive list of all available departure airports.'), a))).toBeUndefined();
    }
  });
  // bfcl_multi_turn_base_159 / 194: the flight goes from the first airport listed to the second (or the last); "among them RMS, SBK and MPC" told a third the user never asked about and left out the last.
  it('tells a list asked by place by those places', () => {
    for (const a of answers(airports(all23, "Opt to fly from the first airport to the second one in the system's list."))) expect(a).toContain('There are 23 airports; the first is RMS and the second SBK.');
    for (const a of answers(airports(all23, 'Calculate the cost for the first airport on the available list to the last airport on the same list.'))) expect(a).toContain('There are 23 airports; the first is RMS and the last BOS.');
  });
  it('measures a list asked for whole and told in part, and not a list asked about otherwise', () => {
    const cut = 'There are 23 airports, among them "RMS", "SBK" and "MPC".';
    expect(wholeListCut(turn(airports(all23, 'Share a comprehensive list of all available departure airports.'), cut))).toMatch(/told 3 of 23/);
    expect(wholeListCut(turn(airports(all23, 'Copy all the text files, then list the airports.'), cut))).toBeUndefined();
    expect(wholeListCut(turn(airports(all23, 'Which airports can I fly from?'), cut))).toBeUndefined();
  });
});
