/**
 * A T-Eval request whose plan passes dates it never gives states the plan's dates (stages/standardize/statedDates.ts):
 * teval_query_5_1 checked availability on "2023-11-15" for "my travel dates" with no today anywhere, so every case past
 * that step showed the assistant making a date up (shown_date_unanchored 20/329 on g0, 0/330 after).
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../pipeline/schemas.js';
import { statedDatesSentence, withStatedDates } from '../../stages/standardize/statedDates.js';
import { unanchoredHistoryDate } from '../../pipeline/quality/dates.js';

const TRIP =
  "I'm preparing for a trip to New York next month. I'd like to know about some highly-rated Airbnb properties in the city. Can you also let me know about the availability of these properties for my travel dates and the cost to stay there? In addition, I'd appreciate it if you could provide me with a list of well-received movies to watch during my trip. ";
const steps: { action: Action; response?: { content: string } }[] = [
  { action: { name: 'AirbnbSearch.search_property_by_place', args: { place: 'New York' } }, response: { content: "{'property': [{'id': '941597372112246343'}]}" } },
  { action: { name: 'AirbnbSearch.check_availability', args: { date: '2023-11-15', propertyId: 941597372112246343 } }, response: { content: "{'availability': [{'date': '2023-11-15', 'available': True}]}" } },
  { action: { name: 'AirbnbSearch.get_property_checkout_price', args: { checkIn: '2023-11-15', checkOut: '2023-11-20', propertyId: 941597372112246343 } } },
];

describe('a request stating the dates its plan uses', () => {
  it('states the plan\'s first to last date where the request gives none (teval_query_5_1)', () => {
    const sentence = statedDatesSentence(TRIP, steps, 'teval:5:1:0');
    expect(sentence).toMatch(/November 15 to November 20, 2023\.$/);
  });

  it('puts it right after the sentence speaking of the dates, and the shown calls are then anchored', () => {
    const sentence = statedDatesSentence(TRIP, steps, 'teval:5:1:0')!;
    const request = withStatedDates(TRIP, sentence);
    expect(request).toContain(`the cost to stay there? ${sentence} In addition,`);
    const messages = [
      { role: 'user' as const, content: request },
      ...steps.flatMap((s) => [{ role: 'assistant' as const, content: JSON.stringify(s.action) }, ...(s.response ? [{ role: 'function' as const, content: s.response.content }] : [])]),
    ];
    expect(unanchoredHistoryDate(messages)).toBeUndefined();
  });

  it('leaves a request alone that gives a date, or a plan passing none', () => {
    expect(statedDatesSentence('Is it free on November 15, 2023?', steps, 's')).toBeUndefined();
    expect(statedDatesSentence(TRIP, steps.slice(0, 1), 's')).toBeUndefined();
  });

  it('a single date reads as one day', () => {
    const one = [steps[1]];
    expect(statedDatesSentence('Find Airbnb accommodations in Paris that are available for the next week.', one, 'x')).toMatch(/November 15, 2023\.$/);
    expect(withStatedDates('Find places available for the next week. Retrieve their reviews.', 'The date I have in mind is November 15, 2023.')).toBe(
      'Find places available for the next week. The date I have in mind is November 15, 2023. Retrieve their reviews.',
    );
  });
});
