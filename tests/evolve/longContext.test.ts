/**
 * Long Context insertions that read like a real earlier conversation: the text rules, the measures
 * on a bad and a good insertion, and the whole-dialogue picker over the vendored corpus.
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage, TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { renderAction, finishAction } from '../../pipeline/prompts/standard.js';
import { Rng } from '../../pipeline/rng.js';
import { loadCorpus } from '../../sources/dialogue/corpus.js';
import { contextPool, dialoguesAt, DISCLAIMER_ROOM, honestDialogue, insertionTokens, LineUsage, MAX_SAID, pickDialogues, rankedOrder, type ContextPool, type PoolEntry } from '../../sources/dialogue/context.js';
import { asHelper, closeInsertion, completeOrder, honestTurns, honestWordings, orderPhrase, type ClosingPlan } from '../../sources/dialogue/honest.js';
import { asksOffTopic, claimsAction, declines, endsOnQuestion, normalizeLine, opensWithGreeting, readsOrderBack, saysUnavailable, tidyLine, userAsks } from '../../pipeline/dialogueRules.js';
import { contextThoughts } from '../../stages/evolve/contextThoughts.js';
import {
  contextClosingShape,
  contextLowercaseLine,
  contextReadBackIncomplete,
  contextContradictsItself,
  contextContradictsTools,
  contextDanglingQuestion,
  contextDeclines,
  contextEmptyThought,
  contextGreetingReopens,
  contextLineTopShare,
  contextRepeatedLine,
  contextSplitsTask,
  contextUnbackedClaim,
  contextClosingRepeated,
  contextSplicedLine,
  contextSpeaksAsCafe,
  contextThoughtDisagrees,
  contextThoughtRepeats,
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
  ['assistant', 'Sure. A chai latte with oat milk, is that right?', 'I should read the chai latte back to them and check I have it right.'],
  ['user', 'Yes, that is right.'],
  ['assistant', "Great. I can't place orders from here, so you'll need to ask for a chai latte with oat milk at the counter yourself.", 'They settled on the chai latte, but I have no tool that orders it, so I must say so plainly.'],
  ['user', 'What syrups do you have?'],
  ['assistant', 'Vanilla, hazelnut and caramel are the usual ones.', 'They want to know about the syrup; I can say what I know about it.'],
];

/** The coffee agent's claims the reviewer found, each an act no tool did. */
const CLAIMS = [
  "I'll send it to the coffee bar",
  'Okay, order place. It will be ready soon!',
  'Great choice! I put it in for you.',
  'Is the order displayed correct and ready to send off to be made?',
  'Ok, then you can pick up your drink over at the bar in a few minutes.',
  'Okay I\'ll get right on that is this order correct?',
  'Your order coming up soon.',
  'Okay, Ill work on that right now.',
  'Great, your order will be right up.',
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

  it('tells a claimed act from an honest reply', () => {
    for (const c of CLAIMS) expect(claimsAction(c), c).toBeTruthy();
    for (const ok of ["It's basically just espresso and hot water, served in a 10 ounce mug.", 'We have vanilla, hazelnut and caramel.', 'Just let me know when you are ready to order.', "I can't place orders from here, so ask for it at the counter."]) expect(claimsAction(ok), ok).toBeUndefined();
    for (const w of honestWordings('a triple Latte with Almond milk')) {
      expect(claimsAction(w), w).toBeUndefined();
      expect(declines(w), w).toBe(false);
    }
  });

  it('finds the declines and off-topic questions the pool used to let through', () => {
    for (const d of ["I'm sorry I can't talk about movies, but I can take your order if you'd like a coffee or tea drink.", 'I am a specialist on weather but we have plenty hot drinks', 'I do not help with that, sorry.', 'I am not really familiar with ChatGPT Artificial Intelligence, but I can help you decide', 'Sorry I have never heard of this show before.', "I'm not at liberty to say.", "I can't talk about that right now."]) expect(declines(d), d).toBe(true);
    for (const q of ['Who is the best youtube fashion star now?', 'Have you seen any good movies lately?', 'Do you know if it\'s supposed to rain this morning?', 'I just got my oil changed and now my check engine light is on, do you have any idea why?']) expect(asksOffTopic(q), q).toBe(true);
    for (const q of ['What kinds of black tea do you have?', 'Do you serve any wine?', 'Hi there, how are you today?', 'Can I please get one Earl Grey?', 'What is in a steamer?', 'Can I see what my options are again?']) expect(asksOffTopic(q), q).toBe(false);
  });

  it('undoes the coffee agent\'s claims: a read-back of the order, then a plain word that it cannot be placed from here', () => {
    const dialogue = [
      { role: 'user' as const, content: 'I want a triple Latte with Almond milk, please.' },
      { role: 'assistant' as const, content: "Alright, before we send this to the coffee bar, please check the order details and confirm they're correct. Once you do, I'll get it started." },
      { role: 'user' as const, content: 'It is correct.' },
      { role: 'assistant' as const, content: 'Ok, you can pick it up at the coffee bar shortly. Thank you.' },
    ];
    const honest = honestTurns(dialogue, 'dlg-1')!;
    expect(honest.map((t) => t.role)).toEqual(dialogue.map((t) => t.role));
    expect(honest[0]).toBe(dialogue[0]);
    // The order restated as items and options, menu words in lower case.
    expect(honest[1].content).toMatch(/a triple latte with almond milk/);
    expect(endsOnQuestion(honest[1].content)).toBe(true);
    // Each dialogue ends naming the order and where to give it; the insertion's first closing also
    // says, once, that the assistant cannot place it (closeInsertion, called by dialoguesAt).
    // The customer confirmed the read-back: the closing names the drink, not every option again.
    // The drink alone (h-ctx14): "the triple latte" without its almond milk would read as the order.
    expect(honest[3].content).toMatch(/the latte\b/i);
    expect(honest[3].content).not.toMatch(/with almond milk/i);
    expect(honest[3].content).not.toMatch(/can't|cannot|no way|no ordering tool/);
    const plan: { closing?: ClosingPlan } = {};
    honestTurns(dialogue, 'dlg-1', plan);
    const disclaimed = closeInsertion([plan.closing], 'dlg-1')[0]!;
    expect(disclaimed).toMatch(/can't|cannot|not able|no way|no ordering tool/);
    expect(disclaimed).toMatch(/the latte\b/i);
    expect(claimsAction(disclaimed)).toBeUndefined();
    for (const t of honest) expect(claimsAction(t.content)).toBeUndefined();
    // A reply claiming nothing stays the corpus's own words (the café's "we" said of the café); an offer to fetch becomes a question.
    const unavailable = honestTurns([{ role: 'user' as const, content: "I'd like an espresso, please." }, { role: 'assistant' as const, content: "I'm sorry, we don't serve espresso. Can I get you something else instead?" }], 'dlg-2')!;
    expect(unavailable[1].content).toBe("I'm sorry, they don't serve espresso. Would you like something else instead?");
    expect(orderPhrase('Hi, can I get a Mocha with whole milk? Thanks')).toBe('a Mocha with whole milk');
    expect(orderPhrase('Could I please have two cortados?')).toBe('two cortados');
    // "… and can I also get …" starts the next item: no "a mocha with almond milk and can and a latte" read back.
    const two = "How's it going? I need a mocha made with almond milk and can I also get a latte with oat milk?";
    expect(orderPhrase(two)).toBe('a mocha made with almond milk');
    expect(completeOrder(orderPhrase(two)!, [two])).not.toMatch(/\band can\b/);
    expect(completeOrder(orderPhrase(two)!, [two])).toMatch(/a latte with oat milk/);
  });
});

describe('long context measures', () => {
  it('flag the reviewer\'s defects and pass a clean insertion', () => {
    const good = withContext(GOOD, { cot: true });
    for (const m of [contextUnbackedClaim, contextSplitsTask, contextRepeatedLine, contextDanglingQuestion, contextEmptyThought, contextContradictsTools, contextDeclines, contextContradictsItself, contextGreetingReopens]) expect(m.check(good, NONE), m.id).toBeNull();

    // The reviewer's claims, in a reply or only in its thought.
    expect(contextUnbackedClaim.check(withContext([['user', 'A mocha please'], ['assistant', 'Okay, order place. It will be ready soon!']]), NONE)).toMatch(/reply claims/);
    // Saying it cannot order is honest once; after every order it reads as a script.
    const twice = withContext([['user', 'A mocha please'], ['assistant', "I can't place orders from here, so ask for a mocha at the counter."], ['user', 'And a latte'], ['assistant', 'I have no way to send an order to the café, so order a latte when you get there.']]);
    expect(contextClosingRepeated.check(twice, NONE)).toMatch(/2 replies say it cannot order/);
    const once = withContext([['user', 'A mocha please'], ['assistant', "I can't place orders from here, so ask for a mocha at the counter."], ['user', 'And a latte'], ['assistant', 'A latte it is. Ask for it at the counter.'], ['user', 'Do you have mocha?'], ['assistant', "I can't find mocha on the menu."]]);
    expect(contextClosingRepeated.check(once, NONE)).toBeNull();
    expect(contextUnbackedClaim.check(withContext([['user', 'Yes'], ['assistant', 'Thank you.', 'They confirmed the order, so I can send it to the coffee bar and say it will be ready soon.']], { cot: true }), NONE)).toMatch(/thought claims/);
    // Spliced between the task's turns: a task user turn before the insertion.
    const spliced = withContext(GOOD);
    spliced.messages.splice(1, 0, { role: 'user', content: 'Create a folder named reports.' }, { role: 'assistant', content: '{"name": "mkdir", "args": {"dir_name": "reports"}}' });
    (spliced.evolution!.details.longContext as { insertedAt: number }).insertedAt = 3;
    expect(contextSplitsTask.check(spliced, NONE)).toMatch(/1 task user turn/);
    // An off-topic question answered from nothing, and a decline the old rules missed.
    expect(contextDeclines.check(withContext([['user', 'Who is the best youtube fashion star now?'], ['assistant', 'I would say Jennifer Anniston.']]), NONE)).toMatch(/off-topic/);
    expect(contextContradictsTools.check(withContext([['user', 'Do you know what the weather is going to be like tomorrow?'], ['assistant', "No, I'm sorry. I do know about coffee and tea, though."]]), NONE)).toMatch(/Weather\.forecast_weather covers "weather"/);
    expect(contextContradictsTools.check(withContext([['user', 'Have you seen any good movies lately?'], ['assistant', "I'm sorry I can't talk about movies, but I can take your order."]], { tools: [{ ...WEATHER, name: 'FilmTMDB.get_movie_details', description: 'Get the details of a movie.' }] }), NONE)).toMatch(/FilmTMDB/);

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
  let next = 0;
  const chosen: PoolEntry[] = [];
  const lines = new Set<string>();
  const topics = new Set<string>();
  let tokens = 0;
  let greets = false;
  let leaves = false;
  // Evolve 90 (h-evol32): a customer line at most MAX_SAID times in one insertion ("Yes." said ten times read as a loop).
  const said = new Map<string, number>();
  const customer = (e: PoolEntry) => e.dialogue.turns.filter((t) => t.role === 'user').map((t) => normalizeLine(t.content));
  const fits = (e: PoolEntry) => !((e.greets && greets) || (e.leaves && leaves) || (e.greets && e.leaves)) && !e.lines.some((l) => lines.has(l)) && !e.topics.some((t) => topics.has(t)) && !customer(e).some((l) => (said.get(l) ?? 0) >= MAX_SAID) && !opts.values.some((v) => e.text.includes(v));
  const take = (e: PoolEntry) => {
    chosen.push(e);
    tokens += e.tokens;
    greets ||= e.greets;
    leaves ||= e.leaves;
    for (const l of e.lines) lines.add(l);
    for (const t of e.topics) topics.add(t);
    for (const l of customer(e)) said.set(l, (said.get(l) ?? 0) + 1);
  };
  for (; next < ranked.length && tokens < opts.target; next++) {
    const { e } = ranked[next];
    if (tokens + e.tokens > opts.maxTokens - DISCLAIMER_ROOM || !fits(e)) continue;
    take(e);
  }
  if (tokens < opts.minTokens) return undefined;
  let exact = insertionTokens(chosen);
  while (exact > opts.maxTokens && chosen.length > 1) {
    chosen.pop();
    exact = insertionTokens(chosen);
  }
  for (; exact < opts.minTokens && next < ranked.length; next++) {
    const { e } = ranked[next];
    if (chosen.includes(e) || !fits(e)) continue;
    const n = insertionTokens([...chosen, e]);
    if (n > opts.maxTokens) continue;
    take(e);
    exact = n;
  }
  if (exact < opts.minTokens || exact > opts.maxTokens) return undefined;
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
    expect(Object.keys(pool.dropped).sort()).toEqual(['asks about something besides the coffee', 'asks to confirm an order it cannot name', 'claims an act no tool did', 'declines a topic', 'ends on a question nobody answers', "gives the assistant a customer's line", 'has a customer turn that follows nothing said', 'has a reply that does not answer the order before it', 'has a reply that reads a menu or till it cannot see', 'reads back an order without part of what the customer said', 'reads the order back without what the customer asked', 'says the menu lacks a drink']);
    // A dialogue that repeated a bare check ("Is this correct?" twice) now reads the order back each time;
    // a reply that only pointed at a menu the assistant does not have ("please see their menu above") leaves its dialogue out.
    // One more leaves with "Just plain coke please." in the assistant's turn (evolve 57).
    // One more leaves as off the coffee: "Will the snow storm arrive here tomorrow?" ("here" alone is no café talk, evolve 65).
    expect(pool.entries.length).toBeGreaterThanOrEqual(3099);
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
      // No reply claims an act no tool did, and no user turn asks off the coffee.
      expect(replies.filter((r) => claimsAction(r))).toEqual([]);
      // "I can't place orders from here" once an insertion, not after every order.
      expect(replies.filter((r) => /can't place|cannot place|no way to (?:send|place)|can't (?:put|order|send|contact|reach)|no ordering tool|ordering (?:it )?is up to you/i.test(r)).length).toBeLessThanOrEqual(1);
      expect(s.turns.filter((t) => t.role === 'user' && asksOffTopic(t.content))).toEqual([]);
      expect(s.turns.filter((t, j) => t.role === 'user' && j > 0 && opensWithGreeting(t.content))).toEqual([]);
      expect(s.turns.some((t) => t.content.includes('Paris'))).toBe(false);
      for (const l of new Set(long)) lineCases.set(l, (lineCases.get(l) ?? 0) + 1);
      // CoT: a thought for every reply, none of them empty.
      const thoughts = contextThoughts(s.turns, new Set(s.starts));
      expect(thoughts.length).toBe(replies.length);
      expect(thoughts.every((t) => t.length > 20)).toBe(true);
      expect(thoughts.filter((t) => claimsAction(t))).toEqual([]);
    }
    // The starting code put the most common reply in 95% of insertions.
    expect(Math.max(...lineCases.values()) / N).toBeLessThan(0.05);
  });
});

/** A case whose insertion is the given dialogues, with where each opens (as evolve records it). */
function withDialogues(dialogues: [ChatMessage['role'], string][][]): TestCase {
  const tc = withContext(dialogues.flat());
  const starts: number[] = [];
  let at = 0;
  for (const d of dialogues) {
    starts.push(at);
    at += d.length;
  }
  (tc.evolution!.details.longContext as { starts: number[] }).starts = starts;
  return tc;
}

describe('closings, read-backs and casing of an insertion', () => {
  // The reviewer's case (teval_query_449_0 key-k3~mixed): four closings in a row with one instruction.
  const canned: [ChatMessage['role'], string][][] = [
    [['user', 'Can I get a double Espresso, please?'], ['assistant', 'OK. Just to check: a double Espresso, correct?'], ['user', 'Yep, it all looks great.'], ['assistant', "OK. That's a double Espresso, then. Order it in person when you arrive."]],
    [['user', 'Let me get a Single Cappuccino with Whole milk.'], ['assistant', 'OK. So, a Single Cappuccino with Whole milk. Order it in person when you arrive.']],
    [['user', 'I need to get a double shot Mocha made with almond milk please.'], ['assistant', 'Okay. So, a double shot Mocha made with almond milk. Order it in person when you arrive.']],
    [['user', 'I think I would like a Latte, but decaffeinated please.'], ['assistant', 'Okay is this the correct order?'], ['user', 'Yes it is.'], ['assistant', 'Okay. Got it: a Latte. Order it in person when you arrive.']],
  ];

  it('the measures flag the reviewer\'s examples and pass careful text', () => {
    expect(contextClosingShape.check(withDialogues(canned), NONE)).toMatch(/4 closings say "order it in person when you arrive"/);
    expect(contextClosingShape.check(withDialogues(canned.slice(0, 2)), NONE)).toMatch(/two closings in a row/);
    const varied: [ChatMessage['role'], string][][] = [
      [['user', 'Can I get a double Espresso, please?'], ['assistant', "That's a double Espresso, then. Order it in person when you arrive."]],
      [['user', 'Let me get a Single Cappuccino with Whole milk.'], ['assistant', 'Ask the barista for a Single Cappuccino with Whole milk.']],
      [['user', 'I need a Mocha made with almond milk please.'], ['assistant', 'Got it: a Mocha made with almond milk. Say that at the till.']],
      [['user', 'I would like a decaf latte.'], ['assistant', 'Thank you. A decaf latte it is. Order it in person when you arrive.']],
    ];
    expect(contextClosingShape.check(withDialogues(varied), NONE)).toBeNull();

    expect(contextReadBackIncomplete.check(withDialogues(canned), NONE)).toMatch(/lacks decaf/);
    expect(contextReadBackIncomplete.check(withDialogues(varied), NONE)).toBeNull();
    // A modifier only asked about, or ruled out, is not stated.
    expect(contextReadBackIncomplete.check(withDialogues([[['user', 'I want a latte. Do you have oat milk?'], ['assistant', 'We do.'], ['user', 'A latte with whole milk instead of 2% then.'], ['assistant', 'A latte with whole milk it is. Ask for it at the counter.']]]), NONE)).toBeNull();

    expect(contextLowercaseLine.check(withContext([['user', 'i would like two mochas'], ['assistant', 'of course. Two mochas, is that right?']]), NONE)).toMatch(/2 lines/);
    expect(contextLowercaseLine.check(withContext([['user', 'I would like two mochas'], ['assistant', 'Of course. It comes in a 12 oz. cup.']]), NONE)).toBeNull();
  });

  it('read-backs carry what the customer stated, and corpus lines are tidied without changing their words', () => {
    expect(completeOrder('a Latte', ['I think I would like a Latte, but decaffeinated please.'])).toBe('a decaf Latte');
    expect(completeOrder('a mocha', ['I would like a mocha', 'I would like caramel sauce please.'])).toBe('a mocha with caramel sauce');
    expect(completeOrder('two cortados', ['Could I please get two cortados? One with oat milk and one with 2% milk.'])).toBe('two cortados, one with oat milk and one with 2% milk');
    expect(completeOrder('a Latte with Almond milk', ['A Latte with Almond milk and vanilla syrup please, large.'])).toBe('a large Latte with Almond milk and vanilla syrup');
    expect(completeOrder('a decaf latte', ['I want a decaf latte.'])).toBe('a decaf latte');
    expect(completeOrder('one almond milk cappuccino', ['Hi, can I get one almond milk cappuccino, and one Cappuccino with non-fat milk?'])).toBe('one almond milk cappuccino and one Cappuccino with non-fat milk');
    expect(completeOrder('two mochas', ['I would like to order two mochas except one mocha I would like you to add almond milk and the other mocha add oat milk, please.'])).toBe('two mochas, one with almond milk and one with oat milk');
    expect(completeOrder('a Chai Latte', ['I would like to order a Chai Latte using 2% milk and a Mocha using Almond milk please'])).toBe('a Chai Latte with 2% milk and a Mocha with almond milk');
    const honest = honestTurns(canned[3].map(([role, content]) => ({ role: role as 'user' | 'assistant', content: role === 'assistant' && content.startsWith('Okay. Got') ? 'Okay, it will be ready soon.' : content })), 'dlg-decaf')!;
    expect(honest[3].content).toMatch(/a decaf latte/i);
    expect(tidyLine("of course. i'll have a latte")).toBe("Of course. I'll have a latte");
    expect(tidyLine('It comes in a 12 oz. microfoam cup.')).toBe('It comes in a 12 oz. microfoam cup.');
    expect(tidyLine('iPhone orders? yes')).toBe('iPhone orders? Yes');
  });

  it('an insertion varies its closings: no shape thrice, none twice in a row, one disclaimer; tokens counted exactly', () => {
    const corpus = loadCorpus();
    const pool = contextPool(corpus, 1000);
    const usage = new LineUsage();
    for (let i = 0; i < 60; i++) {
      const rng = new Rng(3, `closings-${i}`);
      const ids = pickDialogues(pool, usage, rng, { target: rng.int(1000, 3000), minTokens: 1000, maxTokens: 3000, values: [] })!;
      const s = dialoguesAt(corpus, ids, 0);
      expect(s.tokens).toBeGreaterThanOrEqual(1000);
      expect(s.tokens).toBeLessThanOrEqual(3000);
      expect(s.tokens).toBe(insertionTokens(ids.map((id) => pool.entries.find((e) => e.id === id)!)));
      const dialogues = s.starts.map((at, k) => s.turns.slice(at, s.starts[k + 1] ?? s.turns.length).map((t) => [t.role, t.content] as [ChatMessage['role'], string]));
      const tc = withDialogues(dialogues);
      expect(contextClosingShape.check(tc, NONE), ids[0]).toBeNull();
      expect(contextReadBackIncomplete.check(tc, NONE), ids[0]).toBeNull();
      expect(contextLowercaseLine.check(tc, NONE), ids[0]).toBeNull();
      expect(s.turns.filter((t) => t.role === 'assistant' && /can't (?:place|put|send|contact|order)|have no way|no ordering tool|can't reach/.test(t.content)).length).toBeLessThanOrEqual(1);
    }
    expect(honestDialogue(corpus.dialogues[0])).toBeDefined();
  });
});

describe('thoughts, waits and displays of an insertion', () => {
  it('the measures flag the reader\'s examples and pass careful text', () => {
    // A read-back promised where the reply gives none; a detail "unclear" on a plain read-back; a question the user did not ask.
    const promised = withContext([['user', 'I would like a latte.'], ['assistant', 'Do you see the correct order?', 'Let me repeat the latte so they can correct anything I missed.']], { cot: true });
    expect(contextThoughtDisagrees.check(promised, NONE)).toMatch(/promises a read-back/);
    const unclear = withContext([['user', 'A decaf latte with oat milk, please.'], ['assistant', "So that's a decaffeinated Latte with oat milk?", 'Something about their choice is unclear, so I will ask before going on.']], { cot: true });
    expect(contextThoughtDisagrees.check(unclear, NONE)).toMatch(/detail is open on a read-back/);
    const order = withContext([['user', 'Can I get an oat milk Macchiato?'], ['assistant', 'An oat milk Macchiato, is that right?', 'They want to know about the macchiato; I can say what I know about it.']], { cot: true });
    expect(contextThoughtDisagrees.check(order, NONE)).toMatch(/question/);
    expect(contextThoughtDisagrees.check(withContext(GOOD, { cot: true }), NONE)).toBeNull();
    expect(userAsks('Can I get an oat milk Macchiato?')).toBe(false);
    expect(userAsks('Do you have oat milk?')).toBe(true);
    expect(readsOrderBack('A Mocha? I want to make sure I heard you.')).toBe(true);
    expect(readsOrderBack('What size latte would you like?')).toBe(false);
    // One canned thought ten times.
    const canned = withContext(Array.from({ length: 10 }, (_, i) => [['user', `I'd like latte number ${i}.`], ['assistant', `Latte number ${i}, is that right?`, 'Reading their choice back first avoids a mix-up.']] as [ChatMessage['role'], string, string?][]).flat(), { cot: true });
    expect(contextThoughtRepeats.check(canned, NONE)).toMatch(/10 times/);
    expect(contextThoughtRepeats.check(withContext(GOOD, { cot: true }), NONE)).toBeNull();
    // Spliced lines.
    expect(contextSplicedLine.check(withContext([['user', 'Yes.'], ['assistant', "Okay.I can't place it for you, but  A Peppermint Rose tea is what to ask for at the counter."]]), NONE)).toBeTruthy();
    expect(contextSplicedLine.check(withContext([['user', 'Yes.'], ['assistant', "Ok, thanks. That's One Cortado, then."]]), NONE)).toBeNull();
    // Waits and displays are claims too.
    for (const c of ["Got it. It'll be just a couple of minutes.", 'Thanks, give us just a few minutes', 'Ok, that will only take a moment.', 'Can you confirm your order before we begin making it?', 'Please wait for a bit.', 'Please confirm the order that is shown.', 'Your order is shown here.', 'Sure, is the shown order correct?', 'Take a look at this, is this what you ordered?', 'Does this look right to you?', 'Ok. Here’s your order. Is it correct?'])
      expect(claimsAction(c), c).toBeDefined();
    for (const c of ['A latte with oat milk, is that right?', "I can't place orders from here, so ask for it at the counter.", 'Vanilla, hazelnut and caramel are the usual ones.', 'Take a look at our menu for more.'])
      expect(claimsAction(c), c).toBeUndefined();
  });

  it('a screen, a wait or a bare check becomes a read-back of the order', () => {
    const t = (user: string, reply: string) => honestTurns([{ role: 'user', content: user }, { role: 'assistant', content: reply }, { role: 'user', content: 'Yes.' }, { role: 'assistant', content: 'Great, thanks.' }], 'k')![1].content;
    for (const reply of ['Please confirm the order that is shown.', 'Your order is shown here.', 'Sure, is the shown order correct?', 'Does everything look correct?', 'Could you confirm your order please?', 'Please take a look at your order. Is that correct?']) {
      const out = t('I would like a decaf latte with oat milk.', reply);
      expect(out, reply).toMatch(/decaf latte with oat milk/i);
      expect(readsOrderBack(out), out).toBe(true);
      expect(claimsAction(out)).toBeUndefined();
    }
  });

  it('inserted thoughts agree with their replies and vary within an insertion', () => {
    const corpus = loadCorpus();
    const pool = contextPool(corpus, 1000);
    const usage = new LineUsage();
    for (let i = 0; i < 40; i++) {
      const rng = new Rng(5, `thoughts-${i}`);
      const ids = pickDialogues(pool, usage, rng, { target: rng.int(1000, 3000), minTokens: 1000, maxTokens: 3000, values: [] })!;
      const s = dialoguesAt(corpus, ids, 0);
      const thoughts = contextThoughts(s.turns, new Set(s.starts));
      let k = 0;
      const tc = withContext(s.turns.map((t) => (t.role === 'user' ? ['user', t.content] : ['assistant', t.content, thoughts[k++]]) as [ChatMessage['role'], string, string?]), { cot: true });
      expect(contextThoughtDisagrees.check(tc, NONE), ids[0]).toBeNull();
      expect(contextThoughtRepeats.check(tc, NONE), ids[0]).toBeNull();
      expect(contextSplicedLine.check(tc, NONE), ids[0]).toBeNull();
      expect(contextUnbackedClaim.check(tc, NONE), ids[0]).toBeNull();
      expect(contextSpeaksAsCafe.check(tc, NONE), ids[0]).toBeNull();
      // Two dialogues of one order ("a latte to go") never close word for word alike.
      expect(contextRepeatedLine.check(tc, NONE), ids[0]).toBeNull();
    }
  });

  it('the café\'s first person is said of the café', () => {
    const cafe = withContext([['user', 'Do you have Bigelow tea?'], ['assistant', 'Yes, we have Bigelow and Twinings.']]);
    expect(contextSpeaksAsCafe.check(cafe, NONE)).toMatch(/we have Bigelow/);
    expect(asHelper({ role: 'assistant', content: 'Yes, we have Bigelow and Twinings. Our menu lists more.' }).content).toBe('Yes, they have Bigelow and Twinings. Their menu lists more.');
    expect(contextSpeaksAsCafe.check(withContext(GOOD), NONE)).toBeNull();
    // The claim is undone before the person changes: "we'll send that over" is still caught.
    const out = honestTurns([{ role: 'user', content: 'A mocha, please.' }, { role: 'assistant', content: "Great, we'll send that over." }], 'k')!;
    expect(out[1].content).not.toMatch(/send that over/);
    // A shop's thanks for the purchase is a claim; "I wanna Latte" is read back without "wanna".
    expect(claimsAction('Thanks so much for your business.')).toBeDefined();
    expect(orderPhrase('I wanna Latte with 2% milk and caramel.')).toBe('a Latte with 2% milk and caramel');
    // A menu without the drink leaves the dialogue out ("no Americano on our menu").
    expect(saysUnavailable('Unfortunately, there is no Americano on our menu. Would you like something else?')).toEqual(['americano']);
  });
});

describe('a closing reads the order back once', () => {
  it('a kept reply that already names the order gets only where to give it', () => {
    const plan = (said: string[]): ClosingPlan => ({ index: 3, said, leave: [], phrase: 'a lavender earl grey tea' });
    // Over many insertions and positions (the first closing disclaims, later ones vary), the order is named once.
    for (let i = 0; i < 40; i++) {
      const closings = closeInsertion([plan(['Okay, that\'s one lavender earl grey tea.']), plan(['Okay, that\'s one lavender earl grey tea.']), plan([])], `dlg-${i}`);
      for (const text of closings.slice(0, 2)) expect(text!.toLowerCase().split('lavender earl grey tea').length - 1, text).toBe(1);
      // Without a read-back in the reply, the closing names the order itself.
      expect(closings[2]!.toLowerCase(), closings[2]).toContain('lavender earl grey tea');
    }
  });
});
