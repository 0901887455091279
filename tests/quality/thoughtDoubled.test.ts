// Resolve 39 (h-lead35): a tie of a value passed again, with a second tool's value after it, is read as the lead it is
// and never put before itself again (thought_sentence_doubled).
import { describe, expect, it } from 'vitest';
import { sentenceDoubled } from '../../pipeline/quality/measures/thoughtContent.js';
import { tieThoughtsToAnswers } from '../../stages/standardize/thoughtWriter.js';
import { Rng } from '../../pipeline/rng.js';

const tie = 'The access token is again "251675", the one `authenticate_travel` gave, and `register_credit_card` says the card id is "391310425148".';

describe('a thought says each sentence once', () => {
  it('flags a sentence said twice, its quotes the same, and passes two different ones', () => {
    expect(sentenceDoubled(`${tie} ${tie} That leaves a final thing to do here: book a flight.`)).toBe(tie);
    expect(sentenceDoubled(`${tie} That leaves a final thing to do here: book a flight.`)).toBeUndefined();
    expect(sentenceDoubled('The order id is again 12446, the one `place_order` gave. The order id is again 12447, the one `place_order` gave.')).toBeUndefined();
  });
  it('the tie pass leaves a thought that already opens with the two-tool tie as it is (bfcl_multi_turn_base_172)', () => {
    const turns = [
      { user: 'Authenticate me.', steps: [{ action: { name: 'TravelAPI.authenticate_travel', args: { client_id: 'x' }, thought: 'I will sign in.' }, response: { role: 'function', content: '{"access_token": "251675"}' } }] },
      {
        user: 'Register my card and book a business class ticket from SFO to LAX for December 15, 2026.',
        steps: [
          { action: { name: 'TravelAPI.register_credit_card', args: { access_token: '251675', card_number: '2345' }, thought: 'I register the card.' }, response: { role: 'function', content: '{"card_id": "391310425148"}' } },
          { action: { name: 'TravelAPI.book_flight', args: { access_token: '251675', card_id: '391310425148', travel_class: 'business' }, thought: `${tie} That leaves a final thing to do here: book a flight.` }, response: { role: 'function', content: '{"booking_id": "4191922"}' } },
        ],
      },
    ];
    tieThoughtsToAnswers(turns as never, new Map(), new Rng(1, 'ties'));
    const thought = turns[1].steps[1].action.thought;
    expect(sentenceDoubled(thought), thought).toBeUndefined();
    expect(thought).toMatch(/^The access token is again "251675", the one `authenticate_travel` gave/);
  });
});
