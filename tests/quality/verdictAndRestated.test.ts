// Answer-writer-110 (h-lead35): "are there any …" answered by the list it asks about (answer_verdict_off_question);
// a sentence that would only tell numbers again said by what it adds (answer_facts_restated).
import { describe, expect, it } from 'vitest';
import { offlineAnswer, restatedOnce } from '../../stages/resolve/answerWriter.js';
import { verdictOffQuestion } from '../../pipeline/quality/measures/answerQuestions.js';
import { factsRestated } from '../../pipeline/quality/measures/answerCraft.js';
import { answerSentences } from '../../pipeline/answerFacts.js';
import { Rng } from '../../pipeline/rng.js';

const films = (n: number) => Array.from({ length: n }, (_, i) => `{'id': ${i + 1}, 'title': 'Film ${i + 1}', 'vote_average': ${9 - i / 10}}`).join(', ');
// teval_query_66_2: answer-writer-109 said "Yes, there are five top rated films, among them …" for the rooms asked about.
const request = "Could you supply a list of the highest-rated films? Also, could you see if there are any meeting rooms available from 2pm to 4pm and secure one for a discussion session?";
const steps = [
  { name: 'FilmTMDB.get_top_rated_movies', args: {}, response: `{'films': [${films(5)}]}` },
  { name: 'ReserveMeeting.get_empty_room_with_time', args: { start_time: '14:00', end_time: '16:00' }, response: "{'rooms': [103]}" },
  { name: 'ReserveMeeting.reserve', args: { room_id: '103', start_time: '14:00', end_time: '16:00' }, response: "{'state': 'Reserve completed successfully.'}" },
];

describe('a yes or no is said of what the question asks (answer_verdict_off_question)', () => {
  it('flags a verdict on an unrelated list and passes one on the rooms', () => {
    const turn = (answer: string) => ({ request, calls: [], answer });
    expect(verdictOffQuestion(turn('Yes, the five top-rated films include "Film 1", "Film 2" and "Film 3".'))).toBeDefined();
    expect(verdictOffQuestion(turn('Yes, room 103 is the only one free from 14:00 to 16:00.'))).toBeUndefined();
    // A flag said in other words than the question's is on it.
    expect(verdictOffQuestion({ request: 'Confirm if my personal details match the required criteria.', calls: [], answer: 'No, the verification was not successful: "Passport must be issued by the United States."' })).toBeUndefined();
  });
  it('the writer answers the rooms question with the rooms, then says the reservation once', () => {
    for (let seed = 0; seed < 6; seed++) {
      const answer = offlineAnswer({ request, steps } as never, new Rng(seed, 'answer-writer'));
      expect(verdictOffQuestion({ request, calls: [], answer }), answer).toBeUndefined();
      expect(factsRestated(answer), answer).toBeUndefined();
      expect(answer).toMatch(/^Yes, room 103 is the only one free from 14:00 to 16:00, so I reserved it\. /);
      expect(answer).toMatch(/top-rated films/);
    }
  });
});

describe('a sentence that only repeats numbers is said by what it adds (answer_facts_restated)', () => {
  it('flags a reservation or an invoice that tells again what was told', () => {
    expect(factsRestated('Room 103 is the only one free from 14:00 to 16:00. I reserved room 103 from 14:00 to 16:00.')).toBe('I reserved room 103 from 14:00 to 16:00.');
    expect(factsRestated('Rooms 102 and 106 are free from 09:00 to 11:00. I reserved room 102.')).toBeUndefined();
  });
  it('merges the reservation into the sentence that told the room free, and shortens an invoice to its confirmation', () => {
    expect(restatedOnce('Rooms 102, 106 and 101 are free from 09:00 to 11:00. I reserved room 102 from 09:00 to 11:00.')).toBe('Rooms 102, 106 and 101 are free from 09:00 to 11:00; I reserved room 102.');
    // bfcl_multi_turn_base_175: the booking told, then its invoice field by field.
    const booked = 'The business-class flight from SFO to LAX on 25 November 2026 costs 400 USD. It is booked as booking 3426812, paid in transaction 45451592.';
    expect(restatedOnce(`${booked} The invoice is for the business-class trip from SFO to LAX on 25 November 2026, 400 USD (booking 3426812, transaction 45451592).`)).toBe(`${booked} The invoice confirms the charge of 400 USD for booking 3426812.`);
    const untouched = 'The invoice is for the first-class trip from JFK to PEK on 15 June 2026, 10000 USD (booking 3426812, transaction 45451592).';
    expect(restatedOnce(untouched)).toBe(untouched);
  });
  it('cuts sentences outside quotes, a quote ending its own sentence included', () => {
    expect(answerSentences('You have 2 emails: "A." and "Build for Cosmos IBC!" Room 102 is free. It reads "Hi. There." Done.')).toEqual(['You have 2 emails: "A." and "Build for Cosmos IBC!"', 'Room 102 is free.', 'It reads "Hi. There."', 'Done.']);
  });
});
