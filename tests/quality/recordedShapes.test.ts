/**
 * Simulated answers hold a field in the shape the API's real answers do: Google Scholar answers one
 * citation count per paper, so a simulated search listing three papers gives three counts, not one
 * (232 shown answers on the build before). The rule reads the cache's examples; the measure compares
 * the shipped cases' simulated answers with their recorded ones.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase, Trajectory } from '../../pipeline/schemas.js';
import { recordedLists, simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { simulatedShapeUnlikeRecorded } from '../../pipeline/quality/measures/simulated.js';
import { parseJson } from '../../pipeline/pyValues.js';
import { Rng } from '../../pipeline/rng.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';

const RECORDED = "{'title': ['Artificial intelligence in medicine', 'Causability and explainability of artificial intelligence in medicine'], 'cited_by': [1607, 975], 'organic_id': ['efZZXguoqq8J', 'aTI2DQaQV8gJ'], 'snippets': ['… a', '… b']}";

describe('fields shaped as the real answers are', () => {
  it('recordedLists: flat lists every example agrees on; not lists of records, not fields the examples disagree on', () => {
    expect(recordedLists([{ response: RECORDED }])).toEqual(new Set(['title', 'cited_by', 'organic_id', 'snippets']));
    expect(recordedLists([{ response: "{'availability': [{'date': '2023-10-01', 'available': False}]}" }])).toEqual(new Set());
    expect(recordedLists([{ response: '{"x": [1, 2]}' }, { response: '{"x": 3}' }])).toEqual(new Set());
    expect(recordedLists([{ response: '{"error": "quota"}' }])).toEqual(new Set());
  });

  it('a simulated Google Scholar search gives one citation count per paper when the real answers do', () => {
    const [t] = tevalTrajectories(['query_78_1']);
    for (let seed = 0; seed < 10; seed++) {
      const r = simulateOffline({ name: 'GoogleScholar.search_google_scholar', args: { query: 'renewable energy' }, tools: t.tools, examples: [{ response: RECORDED }] }, new Rng(seed, 'shape'));
      const answer = parseJson(r.response) as { title: string[]; cited_by: number[] };
      expect(Array.isArray(answer.cited_by)).toBe(true);
      expect(answer.cited_by).toHaveLength(answer.title.length);
      expect(answer.cited_by.every((n) => Number.isInteger(n))).toBe(true);
    }
    // With no example the doc decides, as before.
    const alone = parseJson(simulateOffline({ name: 'GoogleScholar.search_google_scholar', args: { query: 'renewable energy' }, tools: t.tools }, new Rng(1, 'shape')).response) as { cited_by: unknown };
    expect(typeof alone.cited_by).toBe('number');
  });

  it('the measure counts the cases whose simulated answer is shaped unlike the recorded ones', () => {
    const step = (content: string, tier: 'cache' | 'simulated') => ({ action: { name: 'GoogleScholar.search_google_scholar', args: { query: 'x' } }, response: { content, tier } });
    const trajectories: Record<string, Trajectory> = {
      rec: { id: 'rec', source: 'teval', tools: [], final: '', meta: {}, turns: [{ user: 'q', steps: [step(RECORDED, 'cache')] }] } as unknown as Trajectory,
      one: { id: 'one', source: 'teval', tools: [], final: '', meta: {}, turns: [{ user: 'q', steps: [step('{"title": ["A", "B"], "cited_by": 12}', 'simulated')] }] } as unknown as Trajectory,
      many: { id: 'many', source: 'teval', tools: [], final: '', meta: {}, turns: [{ user: 'q', steps: [step('{"title": ["A", "B"], "cited_by": [12, 40]}', 'simulated')] }] } as unknown as Trajectory,
    };
    const tc = (id: string): TestCase =>
      ({ id, kind: 'internal', errorType: '', cot: false, trajectoryId: id, source: 'teval', k: 2, tools: [], groundTruth: { name: 'FinishAction', args: 'x' }, provenance: { methods: {}, parents: [] }, messages: [{ role: 'user', content: 'q' }, { role: 'function', content: trajectories[id].turns[0].steps[0].response!.content }] }) as unknown as TestCase;
    const ctx = { trajectory: (id: string) => trajectories[id], baseCase: () => undefined };
    const score = simulatedShapeUnlikeRecorded.score([tc('rec'), tc('one'), tc('many')], ctx)!;
    expect(score).toMatchObject({ value: 0.5, n: 2 });
    expect(score.examples).toEqual([{ id: 'one', detail: 'GoogleScholar.search_google_scholar: cited_by is one value; recorded answers hold a list of bare values' }]);
  });
});
