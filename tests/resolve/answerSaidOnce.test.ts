import { describe, expect, it } from 'vitest';
import { offlineAnswer, replyAsStatement, type AnswerInput } from '../../stages/resolve/answerWriter.js';
import { Rng } from '../../pipeline/rng.js';
import { pickAsked } from '../../pipeline/answerFacts.js';
import { failureSaidTwice, pickUnsaid, replyQuoted } from '../../pipeline/quality/measures/answerSaidOnce.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

const seeds = Array.from({ length: 16 }, (_, i) => new Rng(i, 'answer-writer'));
const answers = (input: AnswerInput) => seeds.map((rng) => offlineAnswer(input, rng));

// teval_query_231_0-env-k3 on g0: the films came back, the ticker news failed.
const films = "{'films': [{'id': 238, 'title': 'The Godfather', 'release_date': '1972-03-14', 'vote_average': 8.7, 'popularity': 118.372}, {'id': 278, 'title': 'The Shawshank Redemption', 'release_date': '1994-09-23', 'vote_average': 8.7, 'popularity': 124.168}, {'id': 240, 'title': 'The Godfather Part II', 'release_date': '1974-12-20', 'vote_average': 8.6, 'popularity': 61.918}]}";
const request231 = "Retrieve the highest-rated research articles related to quantum computing. Get the details of the highest-rated movie and find the latest news articles related to the company associated with the ticker symbol 'AAPL'.";
const input231: AnswerInput = {
  request: request231,
  steps: [
    { name: 'ArxivSearch.get_arxiv_article_information', args: { query: 'quantum computing' }, response: '{"content": "Published: 2022-08-01\\nTitle: The Rise of Quantum Internet Computing\\nAuthors: Seng W. Loke\\nSummary: This article highlights quantum Internet computing."}' },
    { name: 'FilmTMDB.get_top_rated_movies', args: {}, response: films },
    { name: 'PolygonFinance.get_ticker_news', args: { ticker: 'AAPL' }, response: '', error: "('Connection aborted.', ConnectionResetError(104, 'Connection reset by peer'))" },
  ],
};
const calls231 = input231.steps.map((s) => ({ name: s.name, args: s.args, response: s.error ?? s.response }));

describe('one thing asked picked from a list is answered by the pick (answer_pick_unsaid)', () => {
  it('reads a singular pick, never a list asked for', () => {
    expect(pickAsked(request231)?.phrase).toBe('highest-rated movie');
    expect(pickAsked('Retrieve the highest-rated research articles related to quantum computing.')).toBeUndefined();
    expect(pickAsked('Show me the top rated list of movies.')).toBeUndefined();
    expect(pickAsked('Give me the highest-rated movies and their details.')).toBeUndefined();
    expect(pickAsked('Generate the MLA citation for the most cited paper among these three.')?.phrase).toBe('most cited paper');
    // int32: the list a pick comes from said with it, so the answer tells it apart from a second list of films (answer_lists_untold, teval_query_148_0).
    expect(pickAsked('Lastly, I would like to get the top-level details of the most popular movie currently playing, such as its genres.')?.phrase).toBe('most popular movie currently playing');
  });
  it('flags the g0 answer that lists the films and passes one that says the tie', () => {
    const turn = { request: request231, calls: calls231 };
    expect(pickUnsaid({ ...turn, answer: 'I got back 3 films, among them "The Godfather", "The Shawshank Redemption" and "The Godfather Part II".' })).toBeDefined();
    expect(pickUnsaid({ ...turn, answer: '"The Godfather" and "The Shawshank Redemption" tie for the highest-rated movie, both rated 8.7. I got back 3 films.' })).toBeUndefined();
    expect(pickUnsaid({ ...turn, request: 'Get the top-rated movies.', answer: 'I got back 3 films.' })).toBeUndefined();
  });
  it('the writer says the pick the list supports, and a tie as one it does not settle', () => {
    for (const a of answers(input231)) {
      expect(pickUnsaid({ request: request231, calls: calls231, answer: a })).toBeUndefined();
      expect(a).toContain('"The Godfather" and "The Shawshank Redemption" tie for the highest-rated movie, both rated 8.7');
    }
    const scholar: AnswerInput = { request: 'Find AI papers on Google Scholar and generate the MLA citation for the most cited paper among these three.', steps: [{ name: 'GoogleScholar.search_google_scholar', args: { query: 'artificial intelligence' }, response: JSON.stringify({ title: ['A', 'B', 'C'], cited_by: [494, 14652, 2294] }) }] };
    for (const a of answers(scholar)) expect(a).toContain('The most cited paper is "B", cited by 14652.');
  });
});

describe('a partial failure says its failed part once (answer_failure_said_twice)', () => {
  it('flags the opener and the later sentence saying one failure and passes it said once', () => {
    expect(failureSaidTwice('Searching arXiv came through; getting the ticker news did not. I found 3 papers. I wasn\'t able to get the ticker news for "AAPL", because the connection was reset. Shall I retry?')).toBeDefined();
    expect(failureSaidTwice('Logging in to the ticket system worked; creating the ticket did not. Creating the ticket didn\'t go through because it timed out. Shall I retry?')).toBeDefined();
    expect(failureSaidTwice('Searching arXiv came through, but I wasn\'t able to get the ticker news for "AAPL", because the connection was reset. I found 3 papers. Shall I try getting the ticker news again?')).toBeUndefined();
  });
  it('the writer never says it twice, and says it in the opener or after the findings', () => {
    const all = answers(input231);
    for (const a of all) {
      expect(failureSaidTwice(a)).toBeUndefined();
      expect(a.match(/the news about AAPL\b/g)).toHaveLength(1);
    }
    // The old opener said it bare ("…; getting the ticker news did not.") before the failure sentence: never now.
    expect(all.some((a) => /\b(?:did not\.|but not getting)/.test(a))).toBe(false);
    expect(all.some((a) => /^Searching arXiv and getting the top-rated movies (?:went through|got done|worked|came through), but /.test(a))).toBe(true);
  });
});

describe('a service\'s message said as what happened (answer_reply_quoted)', () => {
  it('restates the messages g0 quoted back', () => {
    expect(replyAsStatement('Thank you for contacting customer support. Your message has been received and we will get back to you shortly.')).toBe('your message has been received and they will get back to you shortly');
    expect(replyAsStatement('Navigating to 456 Oakwood Avenue, Rivermist, 83214')).toBe('it is now navigating to 456 Oakwood Avenue, Rivermist, 83214');
    expect(replyAsStatement('submitted. view ppt at outputs/Daily_Journal.pptx')).toBe('it can be viewed at outputs/Daily_Journal.pptx');
    expect(replyAsStatement('Ticket 7 escalated to level 2')).toBeUndefined();
  });
  it('flags a quoted reply to a deed and passes it stated', () => {
    const calls = [{ name: 'VehicleControlAPI.set_navigation', args: { destination: '456 Oakwood Avenue' }, response: '{"status": "Navigating to 456 Oakwood Avenue"}' }];
    expect(replyQuoted({ calls, answer: 'I set the navigation, and the reply reads "Navigating to 456 Oakwood Avenue".' })).toBeDefined();
    expect(replyQuoted({ calls, answer: 'I set the navigation: it is now navigating to 456 Oakwood Avenue.' })).toBeUndefined();
    const nav: AnswerInput = { request: 'Set navigation to the shop.', steps: [{ name: 'VehicleControlAPI.set_navigation', args: { destination: '456 Oakwood Avenue' }, response: '{"status": "Navigating to 456 Oakwood Avenue"}' }] };
    const support: AnswerInput = { request: 'Contact customer support.', steps: [{ name: 'TravelAPI.contact_customer_support', args: { booking_id: 'b1', message: 'Please help.' }, response: '{"customer_support_message": "Thank you for contacting customer support. Your message has been received and we will get back to you shortly."}' }] };
    for (const input of [nav, support]) for (const a of answers(input)) expect(replyQuoted({ calls: input.steps, answer: a })).toBeUndefined();
  });
});

describe('a booked flight said as the flight it is', () => {
  it('never the canned "Your flight is booked (booking …, transaction …)."', () => {
    const booking: AnswerInput = { request: 'Book the first-class flight from SFO to LAX on 15 November 2026.', steps: [{ name: 'TravelAPI.book_flight', args: { travel_from: 'SFO', travel_to: 'LAX', travel_date: '2026-11-15', travel_class: 'first' }, response: '{"booking_id": "3426812", "transaction_id": "45451592", "booking_status": true, "booking_history": {}}' }] };
    for (const a of answers(booking)) {
      expect(a).not.toMatch(/Your flight is booked \(/);
      expect(a).toContain('first-class flight from SFO to LAX on 15 November 2026');
      expect(a).toMatch(/3426812[^.]*45451592/);
    }
  });
  it('the new measures are gated at 0', () => {
    for (const id of ['answer_pick_unsaid', 'answer_failure_said_twice', 'answer_reply_quoted']) expect(DEFAULT_QUALITY_THRESHOLDS[id]).toBe(0);
  });
});

describe('measures read the opener that carries its failure (answer-writer-99)', () => {
  it('answer_grammar takes a modal after a closing quote as a question ("(2022)." Shall I …?) and still flags a slip', async () => {
    const { grammarIssues } = await import('../../pipeline/quality/grammar.js');
    expect(grammarIssues('The citation is "Tanaka, H. \\"AI in healthcare.\\" arXiv preprint (2022)." Shall I make another attempt to get the current time, or set it aside?')).toEqual([]);
    expect(grammarIssues('I sent it. I will getting the time later.').map((i) => i.rule)).toContain('verb-after-modal');
  });
  it('answer_means_told tells apart the clauses of "…came through, but …" (bfcl_multi_turn_base_136-env-k3)', async () => {
    const { meansTold } = await import('../../pipeline/quality/measures/answerAsked.js');
    const calls = [
      { name: 'TradingBot.get_symbol_by_name', args: { name: 'Zeta Corp' }, response: '{"symbol": "ZETA"}' },
      { name: 'TradingBot.get_stock_info', args: { symbol: 'ZETA' }, response: '{"price": 150.75}' },
      { name: 'TradingBot.place_order', args: { symbol: 'ZETA', amount: 50 }, response: '{"error": "Rate limit exceeded"}' },
    ];
    const request = 'Buy 50 shares of Zeta Corp.';
    expect(meansTold({ request, calls, answer: 'Getting the symbol and getting the details of the stock came through, but my attempt to place the buy order for 50 shares of "ZETA" failed, as the limit was hit. ZETA is at 150.75.' })).toBeUndefined();
    expect(meansTold({ request, calls, answer: 'The symbol of Zeta Corp is "ZETA". ZETA is at 150.75.' })).toBeDefined();
  });
});
