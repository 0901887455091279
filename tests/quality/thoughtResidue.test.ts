/**
 * Thoughts do not copy words of a tool doc no person thinks in (the default build: "print the
 * details of the filtered [outNum] playing films now in China"; "use `save_file`, which provides when
 * all steps done, YOU MUST"). The measure finds them; the offline thought writer no longer writes them.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase } from '../../pipeline/schemas.js';
import { docResidue, thoughtDocResidue } from '../../pipeline/quality/measures/text.js';
import { intentOf, offlineThoughts } from '../../stages/standardize/thoughtWriter.js';
import { Rng } from '../../pipeline/rng.js';
import { groundTruthThoughtCase } from '../support/thoughtCases.js';

const NOW_PLAYING = 'prints the details of the filtered [outNum] playing films now in China';
const SAVE = 'When all steps done, YOU MUST use save_file() to save PPT';

const mk = (thought: string, args: Record<string, unknown> = {}): TestCase => groundTruthThoughtCase(thought, args, 'Make a deck.');

describe('doc residue in thoughts', () => {
  it('the measure flags a copied slot or shouted instruction, not one an argument holds', () => {
    expect(docResidue('Next, I need to print the details of the filtered [outNum] playing films now in China.', mk(''))).toMatch(/\[outNum\]/);
    expect(docResidue('I can use `save_file`, which provides when all steps done, YOU MUST by calling it.', mk(''))).toMatch(/YOU MUST/);
    expect(docResidue('I will pass bullet items "a[SPAN]b".', mk('', { bullet_items: 'a[SPAN]b' }))).toBeUndefined();
    const ctx = { trajectory: () => undefined, baseCase: () => undefined };
    expect(thoughtDocResidue.check(mk('Next, I need to print the [outNum] films.'), ctx)).toMatch(/template slot/);
    expect(thoughtDocResidue.check(mk('Next, I need to print the films.'), ctx)).toBeNull();
  });

  it('the thought writer says what such a tool is for in plain words', () => {
    // Said as a look-up, never the doc's "print" (thought-writer-44, thought_lookup_printed).
    expect(intentOf(NOW_PLAYING, 'now_playing_out_filter')).toBe('look up the films now playing in China');
    expect(intentOf(SAVE, 'save_file')).toBe('save the presentation');
    // Doc shorthand in plain words.
    expect(intentOf('Add text page of ppt', 'add_text_page')).toBe('add a text slide to the presentation');
    expect(intentOf('Add image page of ppt', 'add_text_image_page')).toBe('add an image slide to the presentation');
    expect(intentOf('Book a flight given the travel information.', 'book_flight')).toBe('book a flight');
    expect(intentOf('Purchase insurance.', 'purchase_insurance')).toBe('purchase insurance');
    for (let seed = 0; seed < 20; seed++) {
      const thoughts = offlineThoughts(
        {
          query: 'List the films playing in China and save the deck.',
          steps: [
            { name: 'FilmDouban.now_playing_out_filter', args: {}, description: NOW_PLAYING },
            { name: 'PPT.save_file', args: {}, description: SAVE },
          ],
        },
        new Rng(seed, 'thoughts'),
      );
      for (const t of thoughts) expect(docResidue(t, mk(t)), t).toBeUndefined();
    }
  });
});

describe('the thought before a closing answer', () => {
  it('says what the turn came to, in wordings that vary by request, never one canned sentence', async () => {
    const { finishThought } = await import('../../pipeline/prompts/standard.js');
    const step = (name: string, error?: string) => ({ action: { name, args: {} }, response: { content: '{}', tier: 'live' as const, ...(error ? { error: { source: 'environment' as const, message: error } } : {}) } });
    const thoughts = new Set<string>();
    for (let i = 0; i < 40; i++) thoughts.add(finishThought({ user: `request ${i}`, steps: [step('TravelAPI.book_flight'), step('TravelAPI.purchase_insurance')] }));
    expect(thoughts.size).toBeGreaterThanOrEqual(4);
    for (const t of thoughts) expect(t).not.toMatch(/fail|did not|could not/);
    expect(finishThought({ user: 'x', steps: [step('TravelAPI.book_flight'), step('TravelAPI.purchase_insurance', '503')] })).toMatch(/`purchase_insurance` failed|Not every call succeeded/);
    expect(finishThought({ user: 'x', steps: [step('TravelAPI.book_flight', '503')] })).toMatch(/`book_flight` met a server error/);
    expect(finishThought({ user: 'x', steps: [] })).toMatch(/no tool|Nothing here calls for a tool/);
    // The same request always gets the same wording.
    expect(finishThought({ user: 'same', steps: [step('A.b')] })).toBe(finishThought({ user: 'same', steps: [step('A.b')] }));
  });
});
