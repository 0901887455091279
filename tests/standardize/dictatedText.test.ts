/**
 * A text the user dictates is passed as the user wrote it. BFCL's ground truth for
 * multi_turn_base_176 writes the ticket description the user gave word for word but with "December
 * 15, 2023" where the user wrote 2026: a model copying the user would be scored wrong. The rule
 * (pipeline/dictatedText.ts, called by standardize on every string argument), the measure that
 * counts it (gt_text_unlike_dictated), and the real record.
 */
import { describe, expect, it } from 'vitest';
import type { Action, RawTrajectory, TestCase } from '../../pipeline/schemas.js';
import { answeredText, answerStrings, dictatedText } from '../../pipeline/dictatedText.js';
import { gtTextUnlikeAnswer, gtTextUnlikeDictated } from '../../pipeline/quality/measures/solvable.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';
import { loadBfcl } from '../../sources/bfcl/adapter.js';
import { sourceFiles } from '../../sources/paths.js';
import type { QualityContext } from '../../pipeline/quality/types.js';

const USER = 'Please create a ticket titled "Flight Cancellation Alert" and put description as "Due to unexpected changes in schedule, the flight from JFK to LAX on December 15, 2026, needs to be canceled immediately."';
const AS_WRITTEN = 'Due to unexpected changes in schedule, the flight from JFK to LAX on December 15, 2026, needs to be canceled immediately.';
const CHANGED = AS_WRITTEN.replace('2026', '2023');

function tc(description: string): TestCase {
  const gt: Action = { name: 'TicketAPI.create_ticket', args: { title: 'Flight Cancellation Alert', description, priority: 4 } };
  return {
    id: 'x', kind: 'internal', errorType: '', cot: false, k: 1, trajectoryId: 't', source: 'bfcl', tools: [],
    messages: [{ role: 'system', content: 'tools' }, { role: 'user', content: USER }],
    groundTruth: gt, provenance: { methods: {}, origin: 'test', parents: [] },
  } as unknown as TestCase;
}
const NONE = { trajectory: () => undefined } as unknown as QualityContext;

describe('a dictated text keeps the user\'s numbers', () => {
  it('takes the user\'s words where only a number differs, and leaves everything else', () => {
    expect(dictatedText(CHANGED, [USER])).toBe(AS_WRITTEN);
    expect(dictatedText(AS_WRITTEN, [USER])).toBeUndefined();
    // Short values, texts with no number and texts the user did not dictate are the call's own.
    expect(dictatedText('December 15, 2023', [USER])).toBeUndefined();
    expect(dictatedText('Due to unexpected changes in schedule, the flight is off.', [USER])).toBeUndefined();
    expect(dictatedText('The flight from JFK to SFO on December 15, 2023 needs to be moved.', [USER])).toBeUndefined();
  });

  it('gt_text_unlike_dictated flags the changed year and passes the user\'s text; gated at 0', () => {
    expect(gtTextUnlikeDictated.check(tc(CHANGED), NONE)).toMatch(/December 15, 2023.*user wrote.*December 15, 2026/);
    expect(gtTextUnlikeDictated.check(tc(AS_WRITTEN), NONE)).toBeNull();
    expect(DEFAULT_QUALITY_THRESHOLDS.gt_text_unlike_dictated).toBe(0);
  });

  it('BFCL 176 as vendored: its ground truth changes the user\'s year, which the rule restores', () => {
    const raw = loadBfcl(sourceFiles()).find((it): it is RawTrajectory => 'kind' in it && it.kind === 'trajectory' && it.recordId === 'multi_turn_base_176');
    expect(raw).toBeDefined();
    const users = raw!.turns.map((t) => t.user);
    const step = raw!.turns.flatMap((t) => t.steps).find((s) => s.action.name.endsWith('create_ticket'));
    const description = (step!.action.args as Record<string, string>).description;
    expect(description).toContain('December 15, 2023');
    expect(dictatedText(description, users)).toContain('December 15, 2026');
  });
});

describe('a text an earlier answer gave keeps the answer\'s order', () => {
  const SORTED = 'Initial report content Unsorted data More unsorted data';
  const REORDERED = 'Initial report content More unsorted data Unsorted data';
  function tweetCase(content: string): TestCase {
    const gt: Action = { name: 'TwitterAPI.post_tweet', args: { content, tags: ['#currenttechtrend'] } };
    return {
      id: 'x', kind: 'internal', errorType: '', cot: false, k: 2, trajectoryId: 't', source: 'bfcl', tools: [],
      messages: [
        { role: 'system', content: 'tools' },
        { role: 'user', content: 'Share the sorted result as the message body.' },
        { role: 'assistant', content: '{"name":"GorillaFileSystem.sort","args":{"file_name":"report.txt"}}' },
        { role: 'function', content: JSON.stringify({ sorted_content: SORTED }) },
      ],
      groundTruth: gt, provenance: { methods: {}, origin: 'test', parents: [] },
    } as unknown as TestCase;
  }

  it('takes the answer\'s text where only the word order differs, and leaves everything else', () => {
    expect(answeredText(REORDERED, [SORTED])).toBe(SORTED);
    expect(answeredText(SORTED, [SORTED])).toBeUndefined();
    // Spacing or punctuation alone is the same text; other words are the call's own; short texts are left.
    expect(answeredText('Initial report content,  Unsorted data; More unsorted data', [SORTED])).toBeUndefined();
    expect(answeredText('Initial report content More sorted data Unsorted data', [SORTED])).toBeUndefined();
    expect(answeredText('data Unsorted', ['Unsorted data'])).toBeUndefined();
  });

  it('gt_text_unlike_answer flags the reordered tweet and passes the answer\'s text; gated at 0', () => {
    expect(gtTextUnlikeAnswer.check(tweetCase(REORDERED), NONE)).toMatch(/post_tweet\.content .*More unsorted data Unsorted data.*earlier answer gave .*Unsorted data More unsorted data/);
    expect(gtTextUnlikeAnswer.check(tweetCase(SORTED), NONE)).toBeNull();
    expect(DEFAULT_QUALITY_THRESHOLDS.gt_text_unlike_answer).toBe(0);
  });

  it('BFCL 4 as vendored: the tweet reorders what `sort` answered, which standardize restores', () => {
    const raw = loadBfcl(sourceFiles()).find((it): it is RawTrajectory => 'kind' in it && it.kind === 'trajectory' && it.recordId === 'multi_turn_base_4');
    const steps = raw!.turns.flatMap((t) => t.steps);
    const sort = steps.find((s) => s.action.name.endsWith('.sort'));
    const tweet = steps.find((s) => s.action.name.endsWith('post_tweet'));
    const answers = answerStrings(JSON.parse(sort!.response!.content));
    expect((tweet!.action.args as Record<string, string>).content).toBe(REORDERED);
    expect(answeredText(REORDERED, answers)).toBe(SORTED);
  });
});
