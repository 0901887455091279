// api-simulator-159 (lead39): a simulated review list carries the reviews a later step writes (teval_query_169_2).
import { describe, expect, it } from 'vitest';
import type { TestCase, ToolDoc, Trajectory } from '../../pipeline/schemas.js';
import { carriesFor } from '../../pipeline/resolution/grounded.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { parseToolResponse } from '../../pipeline/prompts/parseAction.js';
import { writtenReviews } from '../../pipeline/quality/copiedFields.js';
import { unshownReview } from '../../pipeline/quality/measures/carried.js';
import { Rng } from '../../pipeline/rng.js';

const REVIEWS: ToolDoc = {
  name: 'AirbnbSearch.get_property_reviews',
  description: 'This function retrieves reviews of a property.',
  required_parameters: [{ name: 'propertyId', type: 'integer', description: 'The ID of the property.' }],
  optional_parameters: [],
  return_data: [{ name: 'reviews', description: 'The reviews of the property, containing comment, rating, and date. At most 3 reviews are returned.' }],
};
const PAGE: ToolDoc = {
  name: 'PPT.add_text_page',
  description: 'Add text page of ppt',
  required_parameters: [{ name: 'title', type: 'string', description: 'the title of the page' }, { name: 'bullet_items', type: 'string', description: 'bullet_items should be string, for multiple bullet items, please use [SPAN] to separate them.' }],
  optional_parameters: [],
  return_data: [{ name: 'status', description: 'the result of the execution' }],
};
// teval_query_169_2's slide, as T-Eval's plan wrote it from the reviews its own run saw.
const SLIDE = 'Review 1: Great place\nRating: 5\n\nReview 2: The place is so clean and well managed.\nI was near the front desk, which was noisy.\nRating: 5\n\nReview 3: Great place to stay\nRating: 4';
const trajectory: Trajectory = {
  id: 'teval_query_169_2',
  source: 'teval',
  tools: [REVIEWS, PAGE],
  turns: [{ user: "Retrieve up to 3 reviews for that property and add a text page titled 'Client Testimonials' with them.", steps: [{ action: { name: REVIEWS.name, args: { propertyId: 98062910 } } }, { action: { name: PAGE.name, args: { title: 'Client Testimonials', bullet_items: SLIDE } } }] }],
  final: '',
  meta: {},
} as unknown as Trajectory;

describe('reviews a later step writes', () => {
  it('reads each "Review N:" with its continuation lines and its rating', () => {
    expect(writtenReviews({ name: PAGE.name, args: { title: 'Client Testimonials', bullet_items: SLIDE } })).toEqual([
      { key: 'bullet_items', text: 'Great place', rating: 5 },
      { key: 'bullet_items', text: 'The place is so clean and well managed.\nI was near the front desk, which was noisy.', rating: 5 },
      { key: 'bullet_items', text: 'Great place to stay', rating: 4 },
    ]);
    // A slide of composed points is no review.
    expect(writtenReviews({ name: PAGE.name, args: { title: 'Tips', bullet_items: 'Book early[SPAN]Pack light' } })).toEqual([]);
  });

  it('are carried into the simulated review list, each with its rating, and the answer lists them', () => {
    const carry = carriesFor(trajectory, 0, { known: () => undefined, simulated: () => true });
    expect(carry.filter((c) => c.sub === 'comments').map((c) => c.value)).toEqual(['Great place', 'The place is so clean and well managed.\nI was near the front desk, which was noisy.', 'Great place to stay']);
    const answer = simulateOffline({ name: REVIEWS.name, args: { propertyId: 98062910 }, tools: [REVIEWS, PAGE], carry }, new Rng(3, 'reviews'));
    expect(answer.error, answer.error).toBe("");
    const reviews = (parseToolResponse(answer.response) as { reviews: { comments: string; rating: number }[] }).reviews;
    expect(reviews.map((r) => [r.comments, r.rating])).toEqual([['Great place', 5], ['The place is so clean and well managed.\nI was near the front desk, which was noisy.', 5], ['Great place to stay', 4]]);
    // A recorded review list is left as it is.
    expect(carriesFor(trajectory, 0, { known: () => undefined, simulated: (i) => i !== 0 })).toEqual([]);
  });

  it('call_review_unshown flags a slide of reviews no answer gave, or rated otherwise, and passes copied ones', () => {
    const caseWith = (answer: string): TestCase =>
      ({
        id: 'teval_query_169_2-control-k2',
        source: 'teval',
        kind: 'internal',
        errorType: '',
        cot: false,
        k: 2,
        tools: [REVIEWS, PAGE],
        messages: [
          { role: 'system', content: '' },
          { role: 'user', content: trajectory.turns[0].user },
          { role: 'assistant', content: JSON.stringify({ name: REVIEWS.name, args: { propertyId: 1 } }) },
          { role: 'function', content: answer },
        ],
        groundTruth: { name: PAGE.name, args: { title: 'Client Testimonials', bullet_items: SLIDE } },
      }) as unknown as TestCase;
    expect(unshownReview(caseWith("{'reviews': [{'comments': 'Good wifi.', 'rating': 4, 'time': '2023-10-13T12:15:15Z'}]}"))).toMatch(/"Great place", which no answer before it gives/);
    const shown = "{'reviews': [{'comments': 'Great place', 'rating': 5}, {'comments': 'The place is so clean and well managed.\\nI was near the front desk, which was noisy.', 'rating': 5}, {'comments': 'Great place to stay', 'rating': 4}]}";
    expect(unshownReview(caseWith(shown))).toBeNull();
    expect(unshownReview(caseWith(shown.replace("'rating': 4", "'rating': 2")))).toMatch(/rates the review "Great place to stay" 4, where the answer gives 2/);
  });
});
