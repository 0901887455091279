// Answer-writer 167 (lead41): a finding quoting a failure word ("the problem of small learning samples") tells no
// failure of ours, so the "Without it" after it names the failed step.
import { describe, expect, it } from 'vitest';
import { failureItFar, filmLeftUnnamed } from '../../pipeline/quality/measures/failureAnswers.js';
import { tellsFailure } from '../../pipeline/failureQuestion.js';
import { nextStepQuestion } from '../../stages/resolve/failureSentences.js';
import { Rng } from '../../pipeline/rng.js';

const finding = 'I searched for "machine learning" and found 1 paper: "Minimax deviation strategies" (it opens "The article is devoted to the problem of small learning samples in machine learning.").';

describe('tellsFailure reads our words, not a quote', () => {
  it('a failure word inside quoted text tells no failure', () => {
    expect(tellsFailure(finding)).toBe(false);
    expect(tellsFailure('Sending the email failed: it hit the rate limit.')).toBe(true);
    expect(tellsFailure('There was a problem with booking the flight.')).toBe(true);
  });
  it('answer_failure_it_far flags "Without it" after such a finding (teval_query_194_1-env-k2 on lead41 m3)', () => {
    expect(failureItFar(`Searching arXiv went through, but sending the email failed. ${finding} Without it I can't go on to write the file.`)).toMatch(/Without it/);
    expect(failureItFar(`Searching arXiv went through, but sending the email failed. Without it I can't go on to write the file.`)).toBeUndefined();
  });
});

describe('nextStepQuestion after a finding quoting a failure word', () => {
  it('names the failed step in what waits on it', () => {
    const step = { name: 'Email.send', args: { address: 'colleague@example.com', title: 'ML' }, response: '429 Client Error: Too Many Requests for send', error: '429 Client Error: Too Many Requests for send' };
    const waiting = [{ name: 'FileOperation.write_file', args: { file_path: 'outputs/status.txt', text: 'sent' }, needsFailed: true }];
    for (let seed = 0; seed < 20; seed++) {
      const q = nextStepQuestion(step as never, new Rng(seed), 'send', waiting, undefined, '', finding);
      expect(q, q).not.toMatch(/\b(?:on it|it first)\.|^Without it\b/);
      expect(failureItFar(`${finding} ${q}`), q).toBeUndefined();
    }
  });
});

// Answer-writer 168 (lead41): what a failure leaves undone names the one film the request asks about by its title.
describe('the film the request names is said by its title', () => {
  const request = "Can you give me the coordinates of Los Angeles, California? I would also like to know detailed information about the movie 'Inception', and could you find some reviews of the movie for me?";
  const step = { name: 'BINGMap.get_coordinates', args: { location: 'Los Angeles, California' }, response: 'ConnectionError: connection refused', error: 'ConnectionError: connection refused' };
  const waiting = [
    { name: 'FilmTMDB.get_movie_details', args: { movie_id: 27205 } },
    { name: 'FilmTMDB.get_movie_reviews', args: { movie_id: 27205 } },
  ];
  it('"Getting the details and the reviews of "Inception"", never "of the movie" (teval_query_297_0-env-k1 on lead41 m4)', () => {
    for (let seed = 0; seed < 10; seed++) {
      const q = nextStepQuestion(step as never, new Rng(seed), 'get_coordinates', waiting, request, request);
      expect(q).toContain('the details and the reviews of "Inception"');
      expect(filmLeftUnnamed(`Getting the coordinates didn't work. ${q}`, request)).toBeUndefined();
    }
  });
  it('a film nothing names stays "the movie", and the measure reads the bare one', () => {
    const q = nextStepQuestion(step as never, new Rng(1), 'get_coordinates', waiting, 'Tell me about the first popular movie.', 'Tell me about the first popular movie.');
    expect(q).toMatch(/of the movie\b/);
    expect(filmLeftUnnamed('Getting the details and the reviews of the movie is still to do.', request)).toMatch(/Inception/);
    expect(filmLeftUnnamed('Getting the details of "Inception" is still to do.', request)).toBeUndefined();
  });
});

// Answer-writer 169 (lead41): a ticker search and a news look-up said as a person does, not read off the API's name.
describe('Polygon tasks in words', () => {
  it('"look up the stock ticker for Apple Inc", "get the news about "AAPL"", the market\'s news with no ticker', async () => {
    const { taskOf } = await import('../../stages/resolve/failureSentences.js');
    expect(taskOf({ name: 'PolygonFinance.search_stock_ticker', args: { search: 'Apple Inc' } })).toBe('look up the stock ticker for Apple Inc');
    expect(taskOf({ name: 'PolygonFinance.get_ticker_news', args: { ticker: 'AAPL' } })).toBe('get the news about "AAPL"');
    expect(taskOf({ name: 'PolygonFinance.get_ticker_news', args: {} })).toBe('get the latest stock market news');
  });
});

// Answer-writer 170 (lead41): films like the one an earlier task named, said without it again.
describe('similar films said once (teval_query_478_1-env-k1)', () => {
  it('"getting the details of the movie and finding similar films", a lone search keeping its film', async () => {
    const { tasksOnOneThing } = await import('../../stages/resolve/failureSentences.js');
    expect(tasksOnOneThing(['getting the details of the movie', 'finding films similar to the movie'])).toEqual(['getting the details of the movie', 'finding similar films']);
    expect(tasksOnOneThing(['get the details of "Inception"', 'find films similar to "Inception"'])).toEqual(['get the details of "Inception"', 'find similar films']);
    expect(tasksOnOneThing(['finding films similar to the movie'])).toEqual(['finding films similar to the movie']);
    expect(tasksOnOneThing(['getting the details of "Chef"', 'finding films similar to "Inception"'])).toEqual(['getting the details of "Chef"', 'finding films similar to "Inception"']);
  });
});

// Answer-writer 171 (lead41): a cancelled order or booking named by its id.
describe('which order or booking was cancelled (bfcl_multi_turn_base_152-control-k3)', () => {
  it('"cancelled booking 3426812", "cancelled order 12446", and the bare noun where no id was passed', async () => {
    const { didPhrase } = await import('../../stages/resolve/answerWriter.js');
    expect(didPhrase({ name: 'TravelAPI.cancel_booking', args: { access_token: 'secureAccessToken12345', booking_id: '3426812' }, response: '{"cancel_status": true}' })).toBe('cancelled booking 3426812');
    expect(didPhrase({ name: 'TradingBot.cancel_order', args: { order_id: 12446 }, response: '{"order_id": 12446, "status": "Cancelled"}' })).toBe('cancelled order 12446');
    expect(didPhrase({ name: 'TradingBot.cancel_order', args: {}, response: '{"status": "Cancelled"}' })).toBe('cancelled the order');
  });
});
