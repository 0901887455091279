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

const NOW_PLAYING = 'prints the details of the filtered [outNum] playing films now in China';
const SAVE = 'When all steps done, YOU MUST use save_file() to save PPT';

const mk = (thought: string, args: Record<string, unknown> = {}): TestCase =>
  ({
    id: 'c',
    kind: 'internal',
    errorType: '',
    cot: true,
    trajectoryId: 't',
    source: 'teval',
    k: 1,
    messages: [
      { role: 'system', content: 'tools' },
      { role: 'user', content: 'Make a deck.' },
    ],
    tools: [],
    groundTruth: { name: 'PPT.add_text_page', args, thought },
    provenance: { methods: {}, parents: [] },
  }) as TestCase;

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
    expect(intentOf(NOW_PLAYING, 'now_playing_out_filter')).toBe('print the details of the filtered playing films now in China');
    expect(intentOf(SAVE, 'save_file')).toBe('save the presentation');
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
