/**
 * A text the user dictates is passed as the user wrote it. BFCL's ground truth for
 * multi_turn_base_176 writes the ticket description the user gave word for word but with "December
 * 15, 2023" where the user wrote 2026: a model copying the user would be scored wrong. The rule
 * (pipeline/dictatedText.ts, called by standardize on every string argument), the measure that
 * counts it (gt_text_unlike_dictated), and the real record.
 */
import { describe, expect, it } from 'vitest';
import type { Action, RawTrajectory, TestCase } from '../../pipeline/schemas.js';
import { dictatedText } from '../../pipeline/dictatedText.js';
import { gtTextUnlikeDictated } from '../../pipeline/quality/measures/solvable.js';
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
