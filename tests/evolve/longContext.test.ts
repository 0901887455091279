/**
 * Long Context insertions that read like a real earlier conversation: the text rules, the measures
 * on a bad and a good insertion, and the whole-dialogue picker over the vendored corpus.
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage, TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { renderAction, finishAction } from '../../pipeline/prompts/standard.js';
import { Rng } from '../../pipeline/rng.js';
import { loadCorpus } from '../../sources/dialogue/corpus.js';
import { contextPool, dialoguesAt, LineUsage, pickDialogues, rankedOrder, type ContextPool, type PoolEntry } from '../../sources/dialogue/context.js';
import { declines, endsOnQuestion, normalizeLine, opensWithGreeting, saysUnavailable } from '../../pipeline/dialogueRules.js';
import { contextThoughts } from '../../stages/evolve/contextThoughts.js';
import {
  contextContradictsItself,
  contextContradictsTools,
  contextDanglingQuestion,
  contextDeclines,
  contextEmptyThought,
  contextGreetingReopens,
  contextLineTopShare,
  contextRepeatedLine,
} from '../../pipeline/quality/measures/context.js';

const WEATHER: ToolDoc = { name: 'Weather.forecast_weather', description: 'Get the weather forecast of a city for the next days.', parameters: [{ name: 'city', type: 'STRING', description: 'city' }], required: ['city'] } as unknown as ToolDoc;
const NONE = { trajectory: () => undefined, baseCase: () => undefined };

/** A case whose inserted context is `turns` (user text / assistant reply), rendered as evolve renders it. */
function withContext(turns: [ChatMessage['role'], string, string?][], opts: { cot?: boolean; tools?: ToolDoc[]; id?: string } = {}): TestCase {
  const cot = opts.cot ?? false;
  const inserted: ChatMessage[] = turns.map(([role, text, thought]) => (role === 'user' ? { role, content: text } : { role: 'assistant', content: renderAction(finishAction(text, cot ? (thought ?? '') : undefined), { cot }) }));
  return {
    id: opts.id ?? 'c~long_context',
    kind: 'internal',
    errorType: '',
    cot,
    trajectoryId: 't',
    source: 'teval',
    k: 1,
    messages: [{ role: 'system', content: 'tools' }, ...inserted, { role: 'user', content: 'Will it rain in Paris tomorrow?' }],
    tools: opts.tools ?? [WEATHER],
    groundTruth: { name: 'Weather.forecast_weather', args: { city: 'Paris' } },
    provenance: { methods: {}, parents: [] },
    evolution: { strategy: 'long_context', baseCaseId: 'c', applied: ['long_context'], details: { longContext: { insertedAt: 1, messages: inserted.length, from: ['a', 'b'] } } },
  } as TestCase;
}

const GOOD: [ChatMessage['role'], string, string?][] = [
  ['user', 'Hello, could I get a chai latte with oat milk?'],
  ['assistant', 'Sure. Please check the order on the screen and tell me if it is right.', 'The chai latte order needs their confirmation before it goes to the coffee bar.'],
  ['user', 'Yes, that is right.'],
  ['assistant', 'Great, it will be ready at the coffee bar in a few minutes.', 'They confirmed the chai latte order, so it can go to the bar now.'],
  ['user', 'What syrups do you have?'],
  ['assistant', 'We have vanilla, hazelnut and caramel.', 'They want to know about the syrup; I can answer that from the menu.'],
];

describe('long context text rules', () => {
  it('tells a dangling question, a missing drink, a refusal and a greeting', () => {
    expect(endsOnQuestion('Is this correct?')).toBe(true);
    expect(endsOnQuestion('Okay. is this correct')).toBe(true);
    expect(endsOnQuestion('Your order will be ready soon.')).toBe(false);
    expect(saysUnavailable("We don't have Mocha available. By any chance did you mean 'Macchiato'?")).toEqual(['mocha']);
    expect(saysUnavailable('Okay your mocha with vanilla sweetener will be ready soon')).toBeUndefined();
    expect(declines('Sorry I have no idea, but I can help you order your coffee')).toBe(true);
    expect(declines('Okay it should only take 5 minutes.')).toBe(false);
    expect(opensWithGreeting('Hi, I need a cappuccino')).toBe(true);
    expect(opensWithGreeting('High five for the latte')).toBe(false);
  });
});

describe('long context measures', () => {
  it('flag the reviewer\'s defects and pass a clean insertion', () => {
    const good = withContext(GOOD, { cot: true });
    for (const m of [contextRepeatedLine, contextDanglingQuestion, contextEmptyThought, contextContradictsTools, contextDeclines, contextContradictsItself, contextGreetingReopens]) expect(m.check(good, NONE), m.id).toBeNull();

    const canned = 'OK. Just confirm the order all looks correct and I\'ll send it off to be made for you.';
    expect(contextRepeatedLine.check(withContext([['user', 'A mocha please'], ['assistant', canned], ['user', 'A latte please'], ['assistant', canned]]), NONE)).toMatch(/2 times/);
    expect(contextDanglingQuestion.check(withContext([...GOOD, ['user', 'One more latte please'], ['assistant', 'Is this correct?']]), NONE)).toMatch(/Is this correct/);
    expect(contextEmptyThought.check(withContext([['user', 'A mocha please'], ['assistant', 'Ready soon.', '']], { cot: true }), NONE)).toMatch(/1 of 1/);
    expect(contextEmptyThought.check(withContext([['user', 'A mocha please'], ['assistant', 'Ready soon.']]), NONE)).toBeUndefined();
    const rain = withContext([['user', 'Do you know when the rain will stop?'], ['assistant', 'Sorry I have no idea, but I can help you order your coffee']]);
    expect(contextContradictsTools.check(rain, NONE)).toMatch(/Weather\.forecast_weather covers "weather"/);
    expect(contextContradictsTools.check(withContext([['user', 'Do you know when the rain will stop?'], ['assistant', 'Sorry I have no idea, but I can help you order your coffee']], { tools: [{ ...WEATHER, name: 'Email.send', description: 'Send an email.' }] }), NONE)).toBeNull();
    expect(contextDeclines.check(rain, NONE)).toMatch(/no idea/);
    expect(contextContradictsItself.check(withContext([['user', 'A mocha please'], ['assistant', "We don't have Mocha available. By any chance did you mean 'Macchiato'?"], ['user', 'Mocha with vanilla'], ['assistant', 'Okay your mocha with vanilla sweetener will be ready soon']]), NONE)).toMatch(/Mocha/);
    expect(contextGreetingReopens.check(withContext([...GOOD, ['user', 'Hi, can I get a cappuccino?'], ['assistant', 'Sure, it is on its way.']]), NONE)).toMatch(/1 later user turns greet/);

    const many = Array.from({ length: 120 }, (_, i) => withContext(i < 60 ? [['user', 'A mocha please'], ['assistant', canned]] : GOOD, { id: `c${i}` }));
    expect(contextLineTopShare.score(many, NONE)!.value).toBeCloseTo(0.5);
  });
});

/** The picker as first written: every entry costed from the counts and the whole pool sorted, for every insertion. */
function referencePick(pool: ContextPool, counts: Map<string, number>, rng: Rng, opts: { target: number; minTokens: number; maxTokens: number; values: string[] }): string[] | undefined {
  const cost = (e: PoolEntry) => Math.max(counts.get(`#${e.id}`) ?? 0, ...e.lines.map((l) => counts.get(l) ?? 0));
  const ranked = pool.entries.map((e) => ({ e, cost: cost(e), r: rng.float() })).sort((a, b) => a.cost - b.cost || a.r - b.r);
  const chosen: PoolEntry[] = [];
  const lines = new Set<string>();
  const topics = new Set<string>();
  let tokens = 0;
  let greets = false;
  let leaves = false;
  for (const { e } of ranked) {
    if (tokens >= opts.target) break;
    if (tokens + e.tokens > opts.maxTokens) continue;
    if ((e.greets && greets) || (e.leaves && leaves) || (e.greets && e.leaves)) continue;
    if (e.lines.some((l) => lines.has(l)) || e.topics.some((t) => topics.has(t))) continue;
    if (opts.values.some((v) => e.text.includes(v))) continue;
    chosen.push(e);
    tokens += e.tokens;
    greets ||= e.greets;
    leaves ||= e.leaves;
    for (const l of e.lines) lines.add(l);
    for (const t of e.topics) topics.add(t);
  }
  if (tokens < opts.minTokens) return undefined;
  for (const e of chosen) for (const k of [`#${e.id}`, ...e.lines]) counts.set(k, (counts.get(k) ?? 0) + 1);
  const first = chosen.filter((e) => e.greets && !e.leaves);
  const last = chosen.filter((e) => e.leaves);
  const middle = chosen.filter((e) => !first.includes(e) && !last.includes(e));
  return [...first, ...middle, ...last].map((e) => e.id);
}

describe('whole-dialogue picker', () => {
  const corpus = loadCorpus();
  const pool = contextPool(corpus, 1000);

  it('picks what costing and sorting the whole pool for every insertion picked (usage kept current, pool ranked lazily)', () => {
    const usage = new LineUsage();
    const counts = new Map<string, number>();
    for (let i = 0; i < 300; i++) {
      const opts = (rng: Rng) => ({ target: rng.int(1000, 3000), minTokens: 1000, maxTokens: 3000, values: i % 7 === 0 ? ['latte'] : [] });
      const a = new Rng(11, `pick-${i}`);
      const b = new Rng(11, `pick-${i}`);
      expect(pickDialogues(pool, usage, a, opts(a))).toEqual(referencePick(pool, counts, b, opts(b)));
    }
  });

  it('ranks by (cost, draw, index) the same way whether packed into one number or taken from a heap', () => {
    const rng = new Rng(5, 'rank');
    for (const n of [1, 2, 17, 500]) {
      const draws = Float64Array.from({ length: n }, () => (rng.chance(0.3) ? 0.5 : rng.float()));
      const small = Array.from({ length: n }, () => rng.int(0, 3));
      // Costs too large to pack next to a 30-bit draw and an index: the heap's order.
      const large = small.map((c) => c * 2 ** 40);
      const expected = [...Array(n).keys()].sort((x, y) => small[x] - small[y] || draws[x] - draws[y] || x - y);
      expect([...rankedOrder(small, draws)]).toEqual(expected);
      expect([...rankedOrder(large, draws)]).toEqual(expected);
    }
  });

  it('leaves out the dialogues the rules flag', () => {
    expect(pool.filtered).toBe(true);
    expect(Object.keys(pool.dropped).sort()).toEqual(['declines a topic', 'ends on a question nobody answers', 'repeats a reply', 'says the menu lacks a drink']);
    expect(pool.entries.length).toBeGreaterThan(3000);
  });

  it('makes insertions of whole dialogues in [min, max] tokens that read as one visit, spread over the corpus, deterministically', () => {
    const draw = (usage: LineUsage, i: number) => {
      const rng = new Rng(7, `case-${i}`);
      return pickDialogues(pool, usage, rng, { target: rng.int(1000, 3000), minTokens: 1000, maxTokens: 3000, values: ['Paris'] })!;
    };
    const usage = new LineUsage();
    const again = new LineUsage();
    const lineCases = new Map<string, number>();
    const N = 150;
    const byId = new Map(corpus.dialogues.map((d) => [d.id, d]));
    for (let i = 0; i < N; i++) {
      const ids = draw(usage, i);
      expect(draw(again, i)).toEqual(ids);
      const s = dialoguesAt(corpus, ids, 0);
      expect(s.tokens).toBeGreaterThanOrEqual(1000);
      expect(s.tokens).toBeLessThanOrEqual(3000);
      expect(s.from).toEqual(ids);
      // Whole dialogues: every turn of each.
      expect(s.turns.length).toBe(ids.reduce((n, id) => n + byId.get(id)!.turns.length, 0));
      const replies = s.turns.filter((t) => t.role === 'assistant').map((t) => t.content);
      const long = replies.filter((r) => normalizeLine(r).split(' ').length >= 4).map(normalizeLine);
      expect(new Set(long).size).toBe(long.length);
      expect(endsOnQuestion(replies[replies.length - 1])).toBe(false);
      expect(replies.some((r) => declines(r) || saysUnavailable(r))).toBe(false);
      expect(s.turns.filter((t, j) => t.role === 'user' && j > 0 && opensWithGreeting(t.content))).toEqual([]);
      expect(s.turns.some((t) => t.content.includes('Paris'))).toBe(false);
      for (const l of new Set(long)) lineCases.set(l, (lineCases.get(l) ?? 0) + 1);
      // CoT: a thought for every reply, none of them empty.
      const thoughts = contextThoughts(s.turns, new Set(s.starts));
      expect(thoughts.length).toBe(replies.length);
      expect(thoughts.every((t) => t.length > 20)).toBe(true);
    }
    // The starting code put the most common reply in 95% of insertions.
    expect(Math.max(...lineCases.values()) / N).toBeLessThan(0.05);
  });
});
