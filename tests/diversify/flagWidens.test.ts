/**
 * A flag flipped to the setting that returns more is no value error beyond doubt (h-solv27).
 *
 * On g0 (main 6262b35) the value injector shipped teval_query_195_0 k2, 198_0 k2 and 356_0 k1 (9
 * cases with their CoT and evolved copies): Email.show(only_unread=false) for "look at my unread
 * emails", answered with the two unread emails ("is_read": False) beside the read one. A model can
 * pick the unread ones out and go on as rightly as it can call again with only_unread=true, so the
 * case has no one right next step. The narrowing flip (only_unread=true for "all my emails",
 * ls(a=false) for "including hidden files") leaves asked-for items out and stays a value error.
 */
import { describe, expect, it } from 'vitest';
import { widensResult } from '../../pipeline/errors/valueDoubt.js';
import { valueErrorFlagWidens } from '../../pipeline/quality/measures/errors.js';
import type { ToolArgs } from '../../pipeline/schemas.js';
import { tevalTrajectories } from './fixtures/vendored.js';
import { valueInjections } from './fixtures/valueInjections.js';

const UNREAD = 'whether to show only unread emails in the inbox';
const HIDDEN = 'Show hidden files and directories. Defaults to False.';

describe('widensResult', () => {
  it('finds a restriction turned off and an inclusion turned on', () => {
    expect(widensResult('only_unread', UNREAD, true, false)).toMatch(/turns off a restriction/);
    expect(widensResult('a', HIDDEN, false, true)).toMatch(/includes more/);
  });
  it('passes the narrowing flips and flags that filter nothing', () => {
    expect(widensResult('only_unread', UNREAD, false, true)).toBeUndefined();
    expect(widensResult('a', HIDDEN, true, false)).toBeUndefined();
    expect(widensResult('unlock', '[Required] True if the doors are to be unlocked, False otherwise.', false, true)).toBeUndefined();
    expect(widensResult('human_readable', 'If True, returns the size in human-readable format (e.g., KB, MB).', false, true)).toBeUndefined();
  });
});

describe('value_error_flag_widens', () => {
  const show = { name: 'Email.show', description: 'show the emails in the inbox', required_parameters: [{ name: 'only_unread', type: 'boolean', description: UNREAD }], optional_parameters: [] };
  const emails = "{'emails': [{'sender': 'Microsoft CMT <email@msr-cmt.org>', 'title': 'AAAI-23 Phase 1 notification', 'is_read': False}, {'sender': 'DoraHacks', 'title': 'Submission deadline', 'is_read': False}, {'sender': 'Info', 'title': 'Ignite Your Future in AI', 'is_read': True}]}";
  const tc = (right: boolean, wrong: boolean, user: string, response: string, origin = 'injector same-kind-entity:flag-flipped') =>
    ({
      id: 'c',
      kind: 'internal',
      errorType: 'parameters_value_error',
      cot: false,
      trajectoryId: 't',
      source: 'teval',
      k: 1,
      tools: [show],
      groundTruth: { name: 'Email.show', args: { only_unread: right } },
      erroneousAction: { name: 'Email.show', args: { only_unread: wrong } },
      provenance: { origin, methods: {}, parents: [] },
      messages: [
        { role: 'system', content: 'docs' },
        { role: 'user', content: user },
        { role: 'assistant', content: JSON.stringify({ name: 'Email.show', args: { only_unread: wrong } }) },
        { role: 'function', content: response },
      ],
    }) as never;
  const ctx = {} as never;
  it('flags teval_query_195_0 k2 as shipped: only_unread=false for "my unread emails", answered with every email', () => {
    const u195 = "Find the most recent scholarly articles on the topic of 'artificial intelligence'. Then, look at my unread emails.";
    expect(valueErrorFlagWidens.check(tc(true, false, u195, emails), ctx)).toMatch(/only_unread=false for true returns more/);
  });
  it('passes the narrowing flip, a refused call and a recorded error', () => {
    expect(valueErrorFlagWidens.check(tc(false, true, 'As an investor, I need to check all my emails.', emails), ctx)).toBeNull();
    expect(valueErrorFlagWidens.check(tc(true, false, 'Look at my unread emails.', "{'error': 'only_unread must be true'}"), ctx)).toBeNull();
    expect(valueErrorFlagWidens.check(tc(true, false, 'Look at my unread emails.', emails, 'recorded (T-Eval review x)'), ctx)).toBeUndefined();
  });
});

describe('the value injector flips no flag to the wider setting', () => {
  it('over the trajectories that shipped one, while it still narrows where the request asks for all', () => {
    const trajectories = tevalTrajectories(['query_195_0', 'query_198_0', 'query_356_0', 'query_344_2']);
    expect(trajectories.length).toBe(4);
    let flips = 0;
    for (const { t, k, input, correct, injection } of valueInjections(trajectories, 10)) {
      const doc = input.tools.find((d) => d.name === input.correct.name)!;
      const params = [...doc.required_parameters, ...doc.optional_parameters];
      for (const [key, value] of Object.entries(injection.action.args as ToolArgs)) {
        if (typeof value !== 'boolean' || value === correct[key]) continue;
        flips++;
        const description = params.find((p) => p.name === key)?.description ?? '';
        expect(widensResult(key, description, correct[key] as boolean, value), `${t.id} k=${k}: ${injection.variant}`).toBeUndefined();
      }
    }
    // 344_2 ("check all my emails") keeps its only_unread=true flip: the injector still makes flag errors.
    expect(flips).toBeGreaterThan(0);
  });
});
