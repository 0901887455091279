/**
 * Simulated passages (reviews, plots) never repeat within what one case shows. Before
 * api-simulator-22 they were drawn whole from pools of six: 6.1% (140/2,308) of cases with a
 * simulated answer showed one passage twice ("Smaller than it looks in the photos, but clean and
 * good value for the price." for three different flats of teval_query_172_2, twice for one).
 */
import { describe, expect, it } from 'vitest';
import type { TestCase, Trajectory } from '../../pipeline/schemas.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { simulatedTextRepeated } from '../../pipeline/quality/measures/simulated.js';
import { toolSteps } from '../../pipeline/steps.js';
import { Rng } from '../../pipeline/rng.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';

const sentences = (response: string): string[] => {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string' && v.split(' ').length >= 8) out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(JSON.parse(response));
  return out;
};

describe('simulated passages', () => {
  it('query_172_2: nine reviews of three flats, all different, over ten seeds', () => {
    const [t] = tevalTrajectories(['query_172_2']);
    const reviews = toolSteps(t).filter((s) => s.step.action.name === 'AirbnbSearch.get_property_reviews');
    expect(reviews).toHaveLength(3);
    for (let seed = 0; seed < 10; seed++) {
      const texts = reviews.flatMap((s, i) => sentences(simulateOffline({ name: s.step.action.name, args: s.step.action.args, tools: t.tools }, new Rng(seed, t.id, String(i))).response));
      expect(texts.length).toBeGreaterThanOrEqual(3);
      expect(new Set(texts).size, texts.join('\n')).toBe(texts.length);
    }
  });

  it('the measure flags a passage shown twice by two calls, not one call asked twice', () => {
    const text = 'Smaller than it looks in the photos, but clean and good value for the price.';
    const step = (id: number, comment: string) => ({ action: { name: 'AirbnbSearch.get_property_reviews', args: { propertyId: id } }, response: { content: JSON.stringify({ reviews: [{ comment, rating: 4.5 }] }), tier: 'simulated' as const } });
    const ctxOf = (steps: ReturnType<typeof step>[]) => ({ trajectory: () => ({ id: 't', source: 'teval', tools: [], final: '', meta: {}, turns: [{ user: 'q', steps }] }) as unknown as Trajectory, baseCase: () => undefined });
    const tc = (steps: ReturnType<typeof step>[]) => ({ id: 'c', kind: 'internal', errorType: '', cot: false, trajectoryId: 't', source: 'teval', k: steps.length + 1, tools: [], groundTruth: { name: 'FinishAction', args: 'x' }, provenance: { methods: {}, parents: [] }, messages: [{ role: 'user', content: 'q' }, ...steps.map((s) => ({ role: 'function', content: s.response.content }))] }) as unknown as TestCase;
    const check = (steps: ReturnType<typeof step>[]) => simulatedTextRepeated.check(tc(steps), ctxOf(steps));
    expect(check([step(1, text), step(2, text)])).toMatch(/Smaller than it looks/);
    expect(check([step(1, text), step(1, text)])).toBeNull();
    expect(check([step(1, text), step(2, 'Great stay. The metro is a five-minute walk away, and Ines was quick to answer every question. Recommended.')])).toBeNull();
  });
});
