/**
 * A noisy query saying a day or time of its own beside the request's: "Okay so the team need somewhere
 * to sit down together today." before "Can you check if there are any rooms available from 10:00 AM to
 * 12:00 PM tomorrow?" (teval_query_455_1-parameters_value_error-k1~mixed; noise_time_beside_request_time,
 * 14/219 on g0). The model could book the aside's day.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { noisyRules } from '../../stages/evolve/roles/noisyQuery.js';
import { noiseTimeBesideRequestTime, timeBesideRequestTime } from '../../pipeline/quality/measures/noise.js';
import type { TestCase } from '../../pipeline/schemas.js';

const ROOMS = "I need to book a meeting room for a team meeting. Can you check if there are any rooms available from 10:00 AM to 12:00 PM tomorrow? If so, could you reserve the first one that's available?";
const WHEN_WORDS = /\b(?:today|tonight|yesterday|this (?:morning|afternoon|evening|week|weekend)|(?:at|before|by|over|for) the weekend|next week|last (?:night|week))\b/i;

describe('noise_time_beside_request_time', () => {
  it('flags a day the noise says beside the request\'s own, not one the request says, not a request without one', () => {
    expect(timeBesideRequestTime(ROOMS, `Okay so the team need somewhere to sit down together today. ${ROOMS}`)).toMatch(/"today" in .* beside the request's "10:00 AM"/);
    expect(timeBesideRequestTime(ROOMS, `The plumber rang yesterday about the boiler, so I'm distracted. ${ROOMS}`)).toMatch(/"yesterday"/);
    expect(timeBesideRequestTime(ROOMS, `Okay so the team need somewhere to sit down together. ${ROOMS}`)).toBeUndefined();
    expect(timeBesideRequestTime('Book a room for a meeting today at 2pm.', 'Hi! The team need somewhere to meet today. Book a room for a meeting today at 2pm.')).toBeUndefined();
    expect(timeBesideRequestTime('List the files in my folder.', 'My head is fried this week. List the files in my folder.')).toBeUndefined();
  });

  it('reads the noisy case against its original request; a request naming no time is out of its population', () => {
    const tc = (original: string, noisy: string) => ({ id: 'n', messages: [{ role: 'system', content: 'tools' }, { role: 'user', content: noisy }], evolution: { baseCaseId: 'b', details: { noisyQuery: { originalQuery: original } } } }) as unknown as TestCase;
    const ctx = { baseCase: () => undefined, trajectory: () => undefined };
    expect(noiseTimeBesideRequestTime.check(tc(ROOMS, `Why I ask: my group need somewhere to meet this afternoon. ${ROOMS}`), ctx)).toMatch(/"this afternoon"/);
    expect(noiseTimeBesideRequestTime.check(tc(ROOMS, `Hello. ${ROOMS}`), ctx)).toBeNull();
    expect(noiseTimeBesideRequestTime.check(tc('List my files.', 'My head is fried today. List my files.'), ctx)).toBeUndefined();
  });

  it('the rules give a request that says when no other day or time (noisy-query-33 said "today" beside "tomorrow")', () => {
    let timed = 0;
    for (let i = 0; i < 400; i++) {
      const out = noisyRules({ query: ROOMS, protected: ['10:00 AM', '12:00 PM'] }, new Rng(i, 'when', ROOMS)).query;
      expect(timeBesideRequestTime(ROOMS, out), out).toBeUndefined();
      // A request that says no time still gets the timed asides now and then.
      const plain = noisyRules({ query: 'I need to book a meeting room for a team meeting.', protected: [] }, new Rng(i, 'when', ROOMS)).query;
      if (WHEN_WORDS.test(plain)) timed++;
    }
    expect(timed).toBeGreaterThan(10);
  });
});
