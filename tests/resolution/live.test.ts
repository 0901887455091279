/**
 * The live tier: every BFCL ground-truth call answered through the resolver, as the resolve stage
 * and the diversify stages ask for it (trajectory meta as the adapter writes it and the store
 * keeps it — key-sorted JSON around the initial config's JSON text — plus the history before the
 * call), compared with BFCL's own recorded responses. No source file is read.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../pipeline/config.js';
import { Store } from '../../pipeline/store/store.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { Rng } from '../../pipeline/rng.js';
import { canonicalJson } from '../../pipeline/hash.js';
import { ChainResolver } from '../../pipeline/resolution/index.js';
import { parseJson } from '../../pipeline/pyValues.js';
import '../../sources/index.js';
import { parseBfclJson } from '../../sources/bfcl/backends/index.js';
import { initialConfigJson } from '../../sources/bfcl/resolution.js';
import type { ToolDoc } from '../../pipeline/schemas.js';

const DATA = fileURLToPath(new URL('../../sources/bfcl/data/', import.meta.url));

interface Executed {
  id: string;
  involved_classes: string[];
  turns: { steps: { class: string; name: string; args: Record<string, unknown>; response: string }[] }[];
}

const base = new Map<string, unknown>();
for (const line of readFileSync(DATA + 'multi_turn_base.json', 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const e = parseBfclJson(line) as { id: string; initial_config: unknown };
  base.set(e.id, e.initial_config);
}
const executed = JSON.parse(readFileSync(DATA + 'multi_turn_base_executed.json', 'utf8')) as Executed[];

/** The classes' function docs as ToolDocs (types as BFCL writes them; float is what matters here). */
const CLASS_FILES: Record<string, string> = { GorillaFileSystem: 'gorilla_file_system', MathAPI: 'math_api', MessageAPI: 'message_api', TwitterAPI: 'posting_api', TicketAPI: 'ticket_api', TradingBot: 'trading_bot', TravelAPI: 'travel_booking', VehicleControlAPI: 'vehicle_control' };
const TYPES = new Set(['string', 'integer', 'float', 'boolean', 'array', 'dict', 'any']);
function docsOf(cls: string): ToolDoc[] {
  return readFileSync(`${DATA}func_doc/${CLASS_FILES[cls]}.json`, 'utf8').split('\n').filter(Boolean).map((line) => {
    const f = JSON.parse(line);
    const params = Object.entries(f.parameters.properties as Record<string, { type: string; description?: string; items?: unknown }>).map(([name, p]) => ({ name, type: (TYPES.has(p.type) ? p.type : 'any') as ToolDoc['required_parameters'][number]['type'], description: p.description ?? '', ...(p.items ? { items: p.items } : {}) }));
    const required = new Set<string>(f.parameters.required ?? []);
    return { name: `${cls}.${f.name}`, description: f.description, required_parameters: params.filter((p) => required.has(p.name)), optional_parameters: params.filter((p) => !required.has(p.name)), return_data: [] };
  });
}

function newResolver() {
  const store = Store.open(':memory:');
  return { store, resolver: new ChainResolver({ store, config: parseConfig({ llm: { mode: 'offline' } }), llm: new OfflineGateway() }) };
}

/**
 * Meta as an artifact read back from the store has it (canonical JSON, keys sorted): the initial
 * config as the adapter writes it, or — to show why the text is carried — a key-sorted copy.
 */
function storedMeta(id: string, involved: string[], config: 'as-written' | 'key-sorted' = 'as-written'): Record<string, unknown> {
  const text = config === 'as-written' ? initialConfigJson(base.get(id)) : initialConfigJson(JSON.parse(canonicalJson(base.get(id))));
  return parseJson(canonicalJson({ initialConfigJson: text, involvedClasses: involved })) as Record<string, unknown>;
}

async function replayAll(config: 'as-written' | 'key-sorted' = 'as-written') {
  const { store, resolver } = newResolver();
  let total = 0;
  let matched = 0;
  const tiers = new Set<string>();
  for (const record of executed) {
    const meta = storedMeta(record.id, record.involved_classes, config);
    // The documented types ride along as the stages pass them (float parameters run as floats).
    const tools = record.involved_classes.flatMap(docsOf);
    const history: { name: string; args: Record<string, unknown> }[] = [];
    for (const turn of record.turns) {
      for (const step of turn.steps) {
        total++;
        const name = `${step.class}.${step.name}`;
        const r = await resolver.resolve(
          { source: 'bfcl', trajectoryId: record.id, tools, name, args: step.args, history: [...history], meta },
          { rng: new Rng(42, record.id, 'live-test'), artifactKey: `a-${record.id}`, stage: 'resolve' },
        );
        tiers.add(r.tier);
        if (r.content === step.response) matched++;
        history.push({ name, args: step.args });
      }
    }
  }
  const calls = (store.db.prepare("SELECT count(*) AS n FROM calls WHERE kind = 'tool' AND tier = 'live' AND stage = 'resolve'").get() as { n: number }).n;
  store.close();
  return { total, matched, tiers, calls };
}

describe('live tier: BFCL ground truth through the resolver', () => {
  it('gives BFCL’s own response for all 1,142 ground-truth calls, byte for byte, from the trajectory alone', async () => {
    const r = await replayAll();
    console.log(`resolver live tier: ${r.matched}/${r.total} byte-identical`);
    expect(r.total).toBe(1142);
    expect(r.matched).toBe(1142);
    expect([...r.tiers]).toEqual(['live']);
    expect(r.calls).toBe(1142);
  });

  it('needs the initial config in its own key order: a key-sorted copy gives wrong answers', async () => {
    // Why the trajectory carries initial_config as JSON text: GorillaFileSystem's root is the
    // first key of `root`, and TradingBot prints a stock's fields in the config's order.
    const r = await replayAll('key-sorted');
    expect(r.matched).toBeLessThan(1142);
    expect(r.matched).toBeGreaterThan(1000);
  });

  it('refuses a BFCL trajectory whose meta carries no initial state, naming the trajectory and field', async () => {
    const { store, resolver } = newResolver();
    const ask = resolver.resolve({ source: 'bfcl', trajectoryId: 'bfcl_x', tools: [], name: 'MathAPI.add', args: { a: 1, b: 2 }, history: [], meta: { involvedClasses: ['MathAPI'] } }, { rng: new Rng(1, 'x', 'y') });
    await expect(ask).rejects.toThrow(/bfcl trajectory bfcl_x: meta\.initialConfigJson/);
    store.close();
  });

  it('answers a wrong call with the real backend error in the state the history built', async () => {
    const { store, resolver } = newResolver();
    const record = executed.find((e) => e.involved_classes.includes('GorillaFileSystem') && e.turns[0].steps[0]?.name === 'cd')!;
    const meta = storedMeta(record.id, record.involved_classes);
    const first = record.turns[0].steps[0];
    const call = (name: string, args: Record<string, unknown>, history: { name: string; args: Record<string, unknown> }[]) =>
      resolver.resolve({ source: 'bfcl', trajectoryId: record.id, tools: [], name, args, history, meta }, { rng: new Rng(1, 'x', 'y') });
    const wrong = await call('GorillaFileSystem.cd', { folder: 'no_such_folder_here' }, []);
    expect(wrong.tier).toBe('live');
    expect(wrong.error).toEqual({ source: 'internal', message: "cd: 'no_such_folder_here': No such file or directory" });
    expect(wrong.origin).toBe('bfcl-backend:GorillaFileSystem');
    const missing = await call('GorillaFileSystem.cd', {}, []);
    expect(missing.error?.message).toContain("missing 1 required positional argument: 'folder'");
    const unknown = await call('GorillaFileSystem.teleport', { to: 'x' }, []);
    expect(unknown.error?.message).toBe("name 'teleport' is not defined");
    // The what-if calls above did not disturb the state the ground truth runs in.
    const right = await call(`GorillaFileSystem.${first.name}`, first.args, []);
    expect(right.content).toBe(first.response);
    // After the history, the state has moved: a call that is right at step 2 may be wrong at step 1.
    const second = record.turns[0].steps[1];
    const atTwo = await call(`${second.class}.${second.name}`, second.args, [{ name: `GorillaFileSystem.${first.name}`, args: first.args }]);
    expect(atTwo.content).toBe(second.response);
    store.close();
  });

  it('runs integral values of float-typed parameters as floats (JSON lost 2.0 vs 2; the doc did not)', async () => {
    const { store, resolver } = newResolver();
    const f = (name: string) => ({ name, type: 'float' as const, description: name });
    const add = { name: 'MathAPI.add', description: 'Add.', required_parameters: [f('a'), f('b')], optional_parameters: [], return_data: [] };
    const meta = { initialConfigJson: '{}', involvedClasses: ['MathAPI'] };
    const ask = (tools: (typeof add)[]) =>
      resolver.resolve({ source: 'bfcl', trajectoryId: 'm', tools, name: 'MathAPI.add', args: { a: 2, b: 3 }, history: [], meta }, { rng: new Rng(1, 'x', 'y') });
    expect((await ask([add])).content).toBe('{"result": 5.0}');
    expect((await ask([])).content).toBe('{"result": 5}');
    store.close();
  });

  it('writes live answers to the cache with their state context, and never reads BFCL from it', async () => {
    const { store, resolver } = newResolver();
    const record = executed[0];
    const meta = storedMeta(record.id, record.involved_classes);
    const step = record.turns[0].steps[0];
    const name = `${step.class}.${step.name}`;
    for (let i = 0; i < 2; i++) {
      const r = await resolver.resolve({ source: 'bfcl', trajectoryId: record.id, tools: [], name, args: step.args, history: [], meta }, { rng: new Rng(1, 'x', 'y') });
      expect(r.tier).toBe('live');
    }
    const rows = store.db.prepare('SELECT tool, context, origin FROM tool_cache').all() as { tool: string; context: string; origin: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0].context).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].origin).toBe(`bfcl-backend:${step.class}`);
    store.close();
  });
});
