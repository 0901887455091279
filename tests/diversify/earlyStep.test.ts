/**
 * A tool selection error is never a later step of the same request done early. On the build before
 * this rule, 2.8% of tool_select cases (15/535) were: get_ticker_news(ticker="AAPL") while the
 * request also asks for the news and that step needs nothing the one due gives. A model that calls
 * it made no mistake. BFCL's calls share a state (cd before find), so there an early call still is one.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_TYPES, type Trajectory } from '../../pipeline/schemas.js';
import { applicability, earlyLaterStep, inject, toolkitOf } from '../../pipeline/errors/index.js';
import { independentLaterSteps, toolSteps } from '../../pipeline/steps.js';
import { injectionInputFor, toolkitIndex } from '../../stages/diversify-internal/inputs.js';
import { toolSelectEarlyStep } from '../../pipeline/quality/measures/errors.js';
import { Rng } from '../../pipeline/rng.js';
import { bfclTrajectories, tevalTrajectories } from './fixtures/vendored.js';

describe('a later step done early is no wrong tool', () => {
  it('earlyLaterStep: the same tool with no argument against the later step\'s', () => {
    const later = [{ name: 'P.get_ticker_news', args: {} }, { name: 'P.get_image', args: { keywords: 'climate change impact' } }];
    expect(earlyLaterStep({ name: 'P.get_ticker_news', args: { ticker: 'AAPL' } }, later)).toEqual(later[0]);
    expect(earlyLaterStep({ name: 'P.get_image', args: { keywords: 'outputs/' } }, later)).toBeUndefined();
    expect(earlyLaterStep({ name: 'P.get_ticker_detail', args: { ticker: 'AAPL' } }, later)).toBeUndefined();
  });

  it('independentLaterSteps follows T-Eval\'s plan dependencies and lists none for BFCL', () => {
    const [t] = tevalTrajectories(['query_166_0']);
    const steps = toolSteps(t);
    // search_stock_ticker (k=1) is needed by every later step; get_ticker_detail (k=2) by none.
    expect(independentLaterSteps(t, 1)).toEqual([]);
    expect(independentLaterSteps(t, 2).map((s) => s.step.action.name)).toEqual(steps.slice(2).map((s) => s.step.action.name));
    const [b] = bfclTrajectories([14]);
    expect(independentLaterSteps(b, 1)).toEqual([]);
  });

  it('the rules injector never makes one, over every step of real T-Eval plans', () => {
    const trajectories = tevalTrajectories(['query_166_0', 'query_148_1', 'query_255_1', 'query_181_0', 'query_259_1', 'query_294_2', 'query_333_1', 'query_26_0']);
    const toolkits = toolkitIndex(trajectories);
    let made = 0;
    for (const t of trajectories) {
      for (const { k, step } of toolSteps(t)) {
        const input = injectionInputFor(t, k, toolkits.get(toolkitOf(step.action.name)) ?? []);
        if (!applicability('tool_select_error', input).ok) continue;
        for (let seed = 0; seed < 5; seed++) {
          const injection = inject('tool_select_error', input, new Rng(seed, t.id, `k${k}`));
          made++;
          expect(earlyLaterStep(injection.action, input.laterInTurn), `${t.id} k=${k}: ${injection.action.name}`).toBeUndefined();
        }
      }
    }
    expect(made).toBeGreaterThan(40);
    expect(ERROR_TYPES).toContain('tool_select_error');
  });

  it('the measure flags the early call and passes a genuinely wrong tool', () => {
    const [t] = tevalTrajectories(['query_166_0']);
    const ctx = { trajectory: () => t as Trajectory, baseCase: () => undefined };
    const tc = (name: string, args: Record<string, unknown>) =>
      ({ id: 'c', kind: 'internal', errorType: 'tool_select_error', cot: false, trajectoryId: t.id, source: 'teval', k: 2, messages: [], tools: t.tools, erroneousAction: { name, args }, groundTruth: toolSteps(t)[1].step.action, provenance: { methods: {}, parents: [] } }) as never;
    expect(toolSelectEarlyStep.check(tc('PolygonFinance.get_ticker_news', { ticker: 'AAPL' }), ctx)).toMatch(/get_ticker_news is step \d of the same request, which does not need step 2 first/);
    expect(toolSelectEarlyStep.check(tc('PolygonFinance.search_stock_ticker', { search: 'AAPL' }), ctx)).toBeNull();
  });
});
