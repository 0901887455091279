/**
 * Reader findings on m7 (evo10): harder docs that made max_value and min_value read the same, a route
 * "in km", a stray backtick kept from T-Eval; an extra tool of another toolkit that looks up the same
 * details as the ground truth's step (PolygonFinance.get_ticker_detail beside TradingBot.get_stock_info
 * for "Bring up information on 'NVDA'"). Real BFCL and T-Eval docs (tests/evolve/fixtures/evo10Docs.json).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import type { TestCase, ToolDoc } from '../../pipeline/schemas.js';
import type { QualityContext } from '../../pipeline/quality/types.js';
import { servesRequest } from '../../pipeline/quality/sameFunction.js';
import { brokenDocIssues } from '../../pipeline/quality/toolDocs.js';
import { extraToolsSameFunction, harderToolsSiblingsIdentical, harderToolsStrayBacktick } from '../../pipeline/quality/measures/text.js';
import { harderInput, harderRules } from '../../stages/evolve/roles/harderTools.js';

const DOCS: ToolDoc[] = JSON.parse(readFileSync(new URL('./fixtures/evo10Docs.json', import.meta.url), 'utf8'));
const doc = (name: string) => DOCS.find((d) => d.name === name)!;

function mk(id: string, tools: ToolDoc[], extra: Partial<TestCase> = {}): TestCase {
  return {
    id,
    kind: 'internal',
    errorType: '',
    cot: false,
    trajectoryId: 't',
    source: 'bfcl',
    k: 1,
    messages: [{ role: 'system', content: 'tools' }, { role: 'user', content: "Bring up information on 'NVDA'." }],
    tools,
    groundTruth: { name: 'TradingBot.get_stock_info', args: { symbol: 'NVDA' } },
    provenance: { methods: {}, parents: [] },
    ...extra,
  } as unknown as TestCase;
}
const ctxOf = (base: TestCase): QualityContext => ({ trajectory: () => undefined, baseCase: (id: string) => (id === base.id ? base : undefined) });

describe('harder docs keep siblings apart (harder-tools-13)', () => {
  const max = doc('MathAPI.max_value');
  const min = doc('MathAPI.min_value');
  const base = mk('m', [max, min]);
  const harder = (a: string, b: string) => mk('m~harder_tools', [{ ...max, description: a }, { ...min, description: b }], { evolution: { strategy: 'harder_tools', baseCaseId: 'm', applied: ['harder_tools'], details: { harderTools: { changed: [max.name, min.name] } } } } as Partial<TestCase>);

  it('flags two tools whose rewrites read the same where their originals differ', () => {
    expect(harderToolsSiblingsIdentical.check(harder('Find the value in a list of numbers.', 'Find the value in a list of numbers.'), ctxOf(base))).toMatch(/max_value and MathAPI\.min_value both/);
    expect(harderToolsSiblingsIdentical.check(harder('Find the max value.', 'Find the min value.'), ctxOf(base))).toBeNull();
  });

  it('the rules keep "maximum" and "minimum" (a name word abbreviates them), a unit on its measure, no stray backtick', () => {
    for (let seed = 0; seed < 200; seed++) {
      const out = harderRules(harderInput([max, min]), new Rng(seed, 'minmax')).tools.map((t) => t.description);
      expect(out[0], out[0]).not.toBe(out[1]);
      expect(out[0]).toMatch(/\bmax/i);
      expect(out[1]).toMatch(/\bmin/i);
      const route = harderRules(harderInput([doc('BINGMap.get_route')]), new Rng(seed, 'route')).tools[0].description;
      expect(route, route).not.toMatch(/route in km/i);
      const search = harderRules(harderInput([doc('GoogleSearch.serper_search')]), new Rng(seed, 'search')).tools[0].description;
      expect((search.split('`').length - 1) % 2, search).toBe(0);
    }
    // T-Eval's fragment "if they are any rooms available in the provided time" is written as a sentence.
    const rooms = doc('ReserveMeeting.get_empty_room_with_time');
    expect(brokenDocIssues(rooms, 'If they are any rooms available.').join()).toMatch(/clause alone/);
    expect(brokenDocIssues(rooms, 'Check if there are any rooms available.')).toEqual([]);
    for (let seed = 0; seed < 50; seed++) {
      const out = harderRules(harderInput([rooms]), new Rng(seed, 'rooms')).tools[0].description;
      expect(out, out).not.toMatch(/^if\b|they are any/i);
      expect(brokenDocIssues(rooms, out), out).toEqual([]);
    }
    const serper = doc('GoogleSearch.serper_search');
    const sBase = mk('s', [serper]);
    const sCase = (d: string) => mk('s~harder_tools', [{ ...serper, description: d }], { evolution: { strategy: 'harder_tools', baseCaseId: 's', applied: ['harder_tools'], details: { harderTools: { changed: [serper.name] } } } } as Partial<TestCase>);
    expect(harderToolsStrayBacktick.check(sCase('A google search API. You can use it when you want to get answer about `questions.'), ctxOf(sBase))).toMatch(/serper_search/);
    expect(harderToolsStrayBacktick.check(sCase('A google search API for answers about questions.'), ctxOf(sBase))).toBeNull();
  });
});

describe('extra tools: no tool of another toolkit looking up the same details for the request', () => {
  const info = doc('TradingBot.get_stock_info');
  const detail = doc('PolygonFinance.get_ticker_detail');
  it('servesRequest counts get_ticker_detail beside get_stock_info (and back) for a request for information, not for a price', () => {
    expect(servesRequest(detail, { request: "Bring up information on 'NVDA'.", steps: [{ doc: info, args: { symbol: 'NVDA' } }] })).toMatch(/TradingBot\.get_stock_info/);
    expect(servesRequest(info, { request: 'Give me the details of Apple Inc. stock.', steps: [{ doc: detail, args: { ticker: 'AAPL' } }] })).toMatch(/PolygonFinance\.get_ticker_detail/);
    expect(servesRequest(detail, { request: "Buy 100 shares of 'NVDA' at the current price.", steps: [{ doc: info, args: { symbol: 'NVDA' } }] })).toBeUndefined();
    // A request read before is read the same again (its cues are kept per request text).
    expect(servesRequest(detail, { request: "Bring up information on 'NVDA'.", steps: [{ doc: info, args: { symbol: 'NVDA' } }] })).toMatch(/TradingBot\.get_stock_info/);
    expect(servesRequest(detail, { request: "Buy 100 shares of 'NVDA' at the current price.", steps: [{ doc: info, args: { symbol: 'NVDA' } }] })).toBeUndefined();
  });
  it('extra_tools_same_function flags it (bfcl_multi_turn_base_104-tool_select_error-k2-cot~extra_tools)', () => {
    const base = mk('b', [info]);
    const evo = mk('b~extra_tools', [info, detail], { evolution: { strategy: 'extra_tools', baseCaseId: 'b', applied: ['extra_tools'], details: { extraTools: { added: [detail.name], candidates: 1 } } } } as Partial<TestCase>);
    expect(extraToolsSameFunction.check(evo, ctxOf(base))).toMatch(/added PolygonFinance\.get_ticker_detail: looks up the details/);
  });
});
