/**
 * A fixture pipeline for review and release tests: `assemble` emits base test cases and `verify`
 * emits evolved ones (every strategy, accepted / flagged / rejected) — both through the real
 * runner and store, so keys, content hashes and stage mappings are the engine's own. The cases
 * are generated from the seed, so two databases built from the same seed hold the same bytes.
 */
import { parseConfig, type Config } from '../../pipeline/config.js';
import { Store } from '../../pipeline/store/store.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { runPipeline } from '../../pipeline/runner.js';
import { Rng } from '../../pipeline/rng.js';
import type { ItemStage, Stage, StageName } from '../../pipeline/stage.js';
import type { TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { renderSystemPrompt } from '../../pipeline/prompts/standard.js';
import { verifiedFixtureStages } from '../support/fixtureStage.js';

const CITIES = ['Paris', 'Berlin', 'Lisbon', 'Oslo', 'Madrid', 'Vienna', 'Prague', 'Dublin'];

const TOOLS: ToolDoc[] = [
  {
    name: 'TravelAPI.book_flight',
    description: 'Book a flight between two cities on a date.',
    required_parameters: [
      { name: 'from_city', type: 'string', description: 'departure city' },
      { name: 'to_city', type: 'string', description: 'arrival city' },
      { name: 'date', type: 'string', description: 'YYYY-MM-DD' },
    ],
    optional_parameters: [{ name: 'budget', type: 'float', description: 'maximum price in EUR' }],
    return_data: [{ name: 'booking_id', description: 'the booking' }],
  },
  {
    name: 'TravelAPI.cancel_booking',
    description: 'Cancel a booking by its id.',
    required_parameters: [{ name: 'booking_id', type: 'string', description: 'the booking' }],
    optional_parameters: [],
    return_data: [{ name: 'cancel_status', description: 'true when cancelled' }],
  },
];

const EXTRA: ToolDoc[] = [
  { name: 'WeatherAPI.forecast', description: 'Forecast for a city.', required_parameters: [{ name: 'city', type: 'string', description: 'city' }], optional_parameters: [], return_data: [] },
  { name: 'MathAPI.add', description: 'Add two numbers.', required_parameters: [{ name: 'a', type: 'float', description: 'a' }, { name: 'b', type: 'float', description: 'b' }], optional_parameters: [], return_data: [] },
];


export function baseCase(i: number, seed: number): TestCase {
  const rng = new Rng(seed, `base-${i}`, 'fixture');
  const [from, to] = rng.sample(CITIES, 2);
  const date = `2024-05-${String(rng.int(10, 28))}`;
  const budget = rng.int(100, 900);
  const cot = i % 2 === 0;
  // CoT files need a thought on every ground-truth action (the evaluator's goal metric reads it).
  const thought = cot ? { thought: `Book the flight from ${from} to ${to}.` } : {};
  const gt = { ...thought, name: 'TravelAPI.book_flight', args: { from_city: from, to_city: to, date, budget: budget + 0.5 } };
  return {
    id: `base-${i}`,
    kind: i % 3 === 2 ? 'external' : 'internal',
    errorType: i % 3 === 2 ? '' : 'parameters_value_error',
    ...(i % 3 === 2 ? { environmentError: 'timeout' as const } : {}),
    cot,
    trajectoryId: `traj-${i}`,
    source: 'bfcl',
    k: 1,
    messages: [
      { role: 'system', content: renderSystemPrompt(TOOLS, { cot }) },
      { role: 'user', content: `Please book me a flight from ${from} to ${to} on ${date}, under ${budget + 0.5} EUR.` },
      // An internal case's wrong value, answered as an input error; an external case's own call, timed out as labelled (env_label_text_mismatch gates a release)
      // before it was sent, so the retry cannot book twice (external_retry_may_repeat gates one too).
      ...(i % 3 === 2
        ? [
            { role: 'assistant' as const, content: JSON.stringify(gt) },
            { role: 'function' as const, content: 'ConnectTimeout: connecting to book_flight timed out after 30 seconds' },
          ]
        : [
            { role: 'assistant' as const, content: JSON.stringify({ name: 'TravelAPI.book_flight', args: { ...gt.args, to_city: 'Nowhere' } }) },
            { role: 'function' as const, content: '{"error": "unknown city Nowhere"}' },
          ]),
    ],
    tools: TOOLS,
    // An external case's retry says the call failed and goes again (retry_thought_stale gates a release); its closing answer
    // says what could not be done and asks what next (answer_failure_task_unsaid, answer_failure_no_next_step gate one too).
    groundTruth: i % 3 === 2 ? [cot ? { ...gt, thought: `The booking from ${from} to ${to} timed out, so I will try the same call once more.` } : gt, { ...(cot ? { thought: 'The booking timed out again, so I tell the user and ask what to do next.' } : {}), name: 'FinishAction', args: `I couldn't book the flight from ${from} to ${to}: the request timed out. Shall I try booking it again, or leave it for now?` }] : gt,
    provenance: { methods: { assemble: 'rules:fixture' }, parents: [] },
  };
}

const STRATEGIES = ['noisy_query', 'long_context', 'extra_tools', 'harder_tools', 'mixed'] as const;

/** The evolved case: strategy by index; outcome: every 3rd flagged, every 7th rejected. */
export function evolvedCase(base: TestCase, i: number, seed: number, variant = ''): TestCase {
  const rng = new Rng(seed, `evol-${i}`, 'fixture');
  const strategy = STRATEGIES[i % STRATEGIES.length];
  const messages = base.messages.map((m) => ({ ...m }));
  let tools = base.tools;
  const applied: string[] = [];
  if (strategy === 'noisy_query' || strategy === 'mixed') {
    messages[1] = { role: 'user', content: `uh so ${messages[1].content} thx` };
    applied.push('noisy_query');
  }
  if (strategy === 'long_context' || strategy === 'mixed') {
    messages.splice(1, 0, { role: 'user', content: `Earlier I asked about hotels in ${rng.pick(CITIES)}.` }, { role: 'assistant', content: JSON.stringify({ name: 'FinishAction', args: 'Sure, noted.' }) });
    applied.push('long_context');
  }
  if (strategy === 'extra_tools') {
    tools = [...tools, ...EXTRA];
    messages[0] = { role: 'system', content: renderSystemPrompt(tools, { cot: base.cot }) };
    applied.push('extra_tools');
  }
  if (strategy === 'harder_tools') {
    tools = tools.map((t, j) => (j === 0 ? { ...t, description: 'Reserve air travel; see parameters.' } : t));
    messages[0] = { role: 'system', content: renderSystemPrompt(tools, { cot: base.cot }) };
    applied.push('harder_tools');
  }
  if (variant) {
    const q = messages.findIndex((m) => m.role === 'user' && /book me a flight/i.test(m.content));
    messages[q] = { ...messages[q], content: messages[q].content + variant };
  }
  const outcome = i % 7 === 6 ? 'rejected' : i % 3 === 1 ? 'flagged' : 'accepted';
  return {
    ...base,
    id: `evol-${i}`,
    messages,
    tools,
    evolution: { strategy, baseCaseId: base.id, applied, details: {} },
    verification: {
      outcome,
      reasons: outcome === 'accepted' ? [] : [`judge said no on ${strategy}`],
      judge: [{ method: 'rules:verify-fixture', result: outcome === 'accepted' ? 'Yes' : 'No', reason: outcome === 'accepted' ? 'same task' : 'the query may have lost a value' }],
      invariants: [
        { name: 'ground-truth-unchanged', passed: true },
        { name: 'values-in-query', passed: outcome !== 'rejected', ...(outcome === 'rejected' ? { detail: 'date missing' } : {}) },
      ],
    },
    provenance: { methods: { ...base.provenance.methods, evolve: `rules:evolve-fixture`, verify: 'rules:verify-fixture' }, parents: [] },
  };
}

function fixtureStage(name: StageName, upstream: StageName[], items: TestCase[]): ItemStage<TestCase, TestCase> {
  return {
    kind: 'items',
    name,
    version: 'fixture',
    upstream,
    description: `fixture ${name}`,
    configSlice: () => null,
    externalInputs: () => items,
    enumerate: () => items.map((c) => ({ id: c.id, input: c, parents: [`fixture:${c.id}`] })),
    run: async (item) => {
      const outcome = item.input.verification?.outcome;
      const status = outcome === 'flagged' ? 'flagged' : outcome === 'rejected' ? 'rejected' : 'ok';
      return { status, content: item.input, method: name === 'verify' ? 'rules:verify-fixture' : 'rules:fixture', ...(status !== 'ok' ? { reason: item.input.verification?.reasons[0] } : {}) };
    },
  };
}

export interface FixtureOptions {
  n?: number;
  seed?: number;
  dbPath?: string;
  /** Changes the noisy text of these evolved cases (their content hash changes). */
  mutate?: Set<string>;
  store?: Store;
}

/** Builds (or rebuilds, into the same store) the fixture pipeline; returns the store and config. */
export async function buildFixture(opts: FixtureOptions = {}): Promise<{ store: Store; config: Config }> {
  const seed = opts.seed ?? 42;
  const n = opts.n ?? 14;
  const config = parseConfig({ seed, llm: { mode: 'offline' } });
  const store = opts.store ?? Store.open(opts.dbPath ?? ':memory:');
  const bases = Array.from({ length: n }, (_, i) => baseCase(i, seed));
  const evolved = bases.map((b, i) => evolvedCase(b, i, seed, opts.mutate?.has(`evol-${i}`) ? ' (v2)' : ''));
  const [evolve, verify] = verifiedFixtureStages(
    evolved.map((c) => ({ id: c.id, content: c })),
    { evolveUpstream: ['assemble'], method: 'rules:verify-fixture', reason: (c) => (c.verification?.outcome === 'accepted' ? undefined : c.verification?.reasons[0]) },
  );
  const stages = new Map<StageName, Stage>([
    ['assemble', fixtureStage('assemble', [], bases)],
    ['evolve', evolve],
    ['verify', verify],
  ]);
  store.startRun('test fixture', {}, seed, 'test');
  await runPipeline({ store, config, llm: new OfflineGateway(), services: {} as never, stages, log: () => {} }, 'verify', { concurrency: 2 });
  return { store, config };
}
