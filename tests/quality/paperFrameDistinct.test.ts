/**
 * simulated_paper_frame_top_share counts distinct titles: one cached Scholar answer shown in many
 * cases ("Lessons from two decades of artificial intelligence" in 109 cases of the merged build) is
 * one API's answer, not a frame the simulator keeps drawing.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase, Trajectory } from '../../pipeline/schemas.js';
import { simulatedPaperFrameTop } from '../../pipeline/quality/measures/simulatedAbout.js';

const answer = (titles: string[]) => JSON.stringify({ title: titles, cited_by: titles.map(() => 1) });
const trajectory = (id: string, content: string) =>
  ({ id, source: 'teval', tools: [], final: '', meta: {}, turns: [{ user: 'q', steps: [{ action: { name: 'GoogleScholar.search_google_scholar', args: { query: 'artificial intelligence' } }, response: { content, tier: 'simulated' } }] }] }) as unknown as Trajectory;
const shown = (id: string, trajectoryId: string, content: string): TestCase =>
  ({ id, kind: 'internal', errorType: '', cot: false, trajectoryId, source: 'teval', k: 2, tools: [], groundTruth: { name: 'FinishAction', args: 'x' }, provenance: { methods: {}, parents: [] }, messages: [{ role: 'user', content: 'q' }, { role: 'function', content }] }) as unknown as TestCase;

describe('paper frames over distinct titles', () => {
  it('counts a title shown in many cases once', () => {
    const cached = answer(['Lessons from two decades of artificial intelligence', 'Artificial intelligence and its applications']);
    const other = answer(['Rethinking artificial intelligence', 'Artificial intelligence: a primer']);
    const trajectories: Record<string, Trajectory> = { a: trajectory('a', cached), b: trajectory('b', other) };
    const cases = [...Array.from({ length: 20 }, (_, i) => shown(`a${i}`, 'a', cached)), shown('b0', 'b', other)];
    const score = simulatedPaperFrameTop.score(cases, { trajectory: (id) => trajectories[id], baseCase: () => undefined })!;
    // Four distinct titles in four frames: a share of a quarter, however often one answer is shown.
    expect(score).toMatchObject({ value: 0.25, n: 4 });
  });
});
