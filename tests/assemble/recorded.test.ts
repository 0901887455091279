import { describe, expect, it } from 'vitest';
import type { TestCase } from '../../pipeline/schemas.js';
import { toolSteps } from '../../pipeline/steps.js';
import { recordedCandidates } from '../../stages/assemble/recorded.js';
import { tevalRecordedResponses, tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { runAssembleChain } from './fixtures/harness.js';

// Plans whose user turns mention the English film names T-Eval's model passed to FilmDouban (label C),
// with the answers resolve gives them (the now-playing list shows 小丑 before the wrong call for Joker).
const TRAJECTORIES = tevalTrajectories(['query_56_2', 'query_451_2', 'query_13_0'], { grounded: true });
const RECORDS_C = tevalRecordedResponses(['C']).map(({ id, record }) => ({ key: `collect:${id}`, itemId: `teval-review_${id}`, record }));

describe('T-Eval recorded input errors become cases (real errors first)', () => {
  const { candidates, skipped } = recordedCandidates(RECORDS_C, TRAJECTORIES);

  it('binds a record to the step it attempted and types it against that step\'s ground truth', () => {
    const joker = candidates.find((c) => c.candidate.trajectoryId === 'teval_query_56_2');
    expect(joker).toBeDefined();
    const c = joker!.candidate;
    expect(c.erroneousAction!.args).toEqual({ film_name: 'Joker' });
    expect(c.correctAction.args).toEqual({ film_name: '小丑' });
    expect(c.correctAction).toEqual(toolSteps(TRAJECTORIES[0])[c.k - 1].step.action);
    expect(c.errorType).toBe('parameters_value_error');
    expect(c.response).toMatchObject({ tier: 'recorded' });
    expect(c.method).toBe('recorded:teval-review_str_v1');
    // Its CoT thought is written for the wrong call and never names the right value.
    expect(c.erroneousAction!.thought).not.toContain('小丑');
  });

  it('never takes a record that equals a ground-truth step, and says why a record binds nowhere', () => {
    for (const o of candidates) {
      const t = TRAJECTORIES.find((x) => x.id === o.candidate.trajectoryId)!;
      for (const { step } of toolSteps(t)) expect(JSON.stringify([step.action.name, step.action.args])).not.toBe(JSON.stringify([o.candidate.erroneousAction!.name, o.candidate.erroneousAction!.args]));
    }
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped.every((s) => s.reason.length > 10)).toBe(true);
  });

  it('are seated before any simulated error in the stratified draw, with origin recorded', async () => {
    const run = await runAssembleChain({
      // Responses that carry the film names later steps use, as resolve's grounded simulator makes them.
      trajectories: tevalTrajectories(['query_56_2', 'query_451_2', 'query_13_0'], { grounded: true }),
      tevalRecords: tevalRecordedResponses(['C']),
      config: { assemble: { internal: 6, external: 0, cotInternal: 3, cotExternal: 0, errorFreeShare: 0 } },
    });
    const cases = run.artifacts.filter((a) => a.status === 'ok').map((a) => a.content as TestCase);
    const recorded = cases.filter((c) => !c.cot && c.provenance.origin?.startsWith('recorded'));
    // Far more simulated candidates than seats, yet every recorded one is drawn — unless its ground
    // truth needs a value nothing shows (盗梦空间 at k=1, asked for as "Inception"): that one is rejected.
    const ungrounded = run.artifacts.filter((a) => a.status === 'rejected' && String(a.itemId).includes('recorded') && /^ungrounded ground truth/.test(a.reason ?? '') && !String(a.itemId).endsWith('-cot'));
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.length + ungrounded.length).toBe(candidates.length);
    expect(recorded[0].id).toMatch(/-recorded-teval[-_]review_\d+$/);
    expect(recorded[0].provenance.methods.family).toBe('recorded');
    expect(cases.filter((c) => c.cot && c.provenance.origin?.startsWith('recorded')).length).toBe(Math.min(3, recorded.length));
  });

  it('leaves out a real slip whose right value nothing the case shows derives (review_76: "洛杉矶, 加利福尼亚" for "Los Angeles, California")', () => {
    const la = recordedCandidates(RECORDS_C, tevalTrajectories(['query_224_2'], { grounded: true }));
    expect(la.candidates.map((c) => c.candidate.trajectoryId)).not.toContain('teval_query_224_2');
    expect(la.skipped.find((x) => x.itemId === 'teval-review_76')?.reason).toMatch(/right value cannot be derived .*洛杉矶/);
    // 小丑 is shown by the now-playing list before the wrong call, so Joker's record stays (above).
    expect(candidates.some((c) => c.candidate.trajectoryId === 'teval_query_56_2')).toBe(true);
  });
});
