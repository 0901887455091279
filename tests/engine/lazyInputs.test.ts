/**
 * Lazy item inputs (pipeline/artifactRef.ts): on a small real build, no item stage's enumerate
 * (observe's too, called directly: the offline build skips it) puts an upstream artifact's content
 * (or a large part of it, such as a resolved trajectory) into an item's input — the runner holds
 * every item's input at once, so an embedded artifact makes a stage's memory grow with the data —
 * and an upstream content that changes still changes the input (so the item key) that refers to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { parseConfig } from '../../pipeline/config.js';
import { canonicalJson } from '../../pipeline/hash.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { Rng } from '../../pipeline/rng.js';
import { createServices } from '../../pipeline/services.js';
import type { ItemStage, StageContext, StageItem, StageName } from '../../pipeline/stage.js';
import { Store } from '../../pipeline/store/store.js';
import { readRef, refTo } from '../../pipeline/artifactRef.js';
import { registry } from '../../stages/index.js';
import { realRun, type RealRun } from '../export/fixtures/realRun.js';

const LAZY_STAGES: StageName[] = ['filter', 'standardize', 'resolve', 'observe', 'diversify-internal', 'diversify-external', 'assemble', 'evolve', 'verify'];
/** A whole test case or trajectory is tens of kilobytes; an input is references and parameters. */
const MAX_INPUT_CHARS = 16_000;
/** Parts of a parent's content at least this long must not reappear in an input. */
const LARGE_PART_CHARS = 1_000;
/**
 * Input fields that quote upstream records by design: a few-shot example shows a real wrong call,
 * arguments and all (a T-Eval review's arguments can hold a whole review text). They are checked
 * for size only.
 */
const QUOTES: Partial<Record<StageName, string[]>> = { 'diversify-internal': ['fewShot'] };

let run: RealRun;

function stageContext(store: Store): StageContext {
  const config = parseConfig({
    llm: { mode: 'offline' },
    assemble: { internal: 40, external: 10, cotInternal: 20, cotExternal: 6, errorFreeShare: 0.2 },
    evolve: { internal: 20, external: 6 },
  });
  const llm = new OfflineGateway();
  return {
    store,
    config,
    seed: config.seed,
    llm,
    services: createServices(store, config, llm),
    log: () => {},
    upstream: (stage, statuses) => store.readStage(stage, statuses),
    rng: (purpose) => new Rng(config.seed, 'stage', purpose),
    options: { limit: 12 },
  };
}

async function enumerate(name: StageName, ctx: StageContext): Promise<StageItem<unknown>[]> {
  const stage = registry().get(name) as ItemStage;
  return Array.from(await stage.enumerate(ctx));
}

/** A parent's content and each large object or array directly inside it (a resolve artifact's trajectory), as canonical JSON. */
function largeParts(content: unknown): string[] {
  if (content === null || typeof content !== 'object') return [];
  const parts = [content, ...Object.values(content)].filter((v) => v !== null && typeof v === 'object').map((v) => canonicalJson(v));
  return parts.filter((p) => p.length >= LARGE_PART_CHARS);
}

beforeAll(async () => {
  run = await realRun(12);
}, 300_000);

afterAll(() => {
  run?.store.close();
  if (run) rmSync(run.dir, { recursive: true, force: true });
});

describe('lazy item inputs on a real build', () => {
  it.each(LAZY_STAGES)('%s: no item input holds an upstream artifact or a large part of one', async (name) => {
    const ctx = stageContext(run.store);
    const items = await enumerate(name, ctx);
    expect(items.length).toBeGreaterThan(0);
    const partsOf = new Map<string, string[]>();
    let checkedParents = 0;
    for (const item of items) {
      const whole = canonicalJson(item.input);
      expect(whole.length, `${name} item ${item.id}: input of ${whole.length} characters`).toBeLessThan(MAX_INPUT_CHARS);
      const input = canonicalJson(Object.fromEntries(Object.entries(item.input as object).filter(([k]) => !QUOTES[name]?.includes(k))));
      for (const key of item.parents) {
        let parts = partsOf.get(key);
        if (!parts) partsOf.set(key, (parts = largeParts(run.store.getArtifact(key)?.content ?? null)));
        if (parts.length) checkedParents++;
        for (const part of parts) expect(input.includes(part), `${name} item ${item.id} embeds (part of) its parent ${key}`).toBe(false);
      }
    }
    // The check had something to bite on: every stage here reads parents with large contents.
    expect(checkedParents).toBeGreaterThanOrEqual(items.length);
  });

  it('an upstream content that changes changes the input that refers to it, under the same artifact key', async () => {
    const ctx = stageContext(run.store);
    const before = await enumerate('verify', ctx);
    const item = before[0];
    const baseKey = item.parents[1];
    const base = run.store.getArtifact(baseKey)!;
    const other = Store.open(':memory:');
    try {
      // The same key with another content, in a copy of what verify reads.
      for (const stage of ['evolve', 'assemble'] as const) {
        const artifacts = run.store.readStage(stage, ['ok', 'flagged', 'rejected']);
        for (const a of artifacts) {
          const content = a.key === baseKey ? { ...(a.content as object), id: (base.content as { id: string }).id, note: 'changed' } : a.content;
          other.putArtifact({ key: a.key, stage, stageVersion: a.stageVersion, itemId: a.itemId, content, parents: a.parents, status: a.status, reason: a.reason, method: a.method });
        }
        other.setStageItems(stage, artifacts.map((a) => ({ itemId: a.itemId, key: a.key })));
      }
      const after = await enumerate('verify', stageContext(other));
      const again = after.find((x) => x.id === item.id)!;
      expect(again.parents).toEqual(item.parents);
      expect(canonicalJson(again.input)).not.toBe(canonicalJson(item.input));
      // Items that do not read the changed case keep their inputs.
      const untouched = before.filter((x) => !x.parents.includes(baseKey));
      expect(untouched.length).toBeGreaterThan(0);
      for (const x of untouched) expect(canonicalJson(after.find((y) => y.id === x.id)!.input)).toBe(canonicalJson(x.input));
    } finally {
      other.close();
    }
  });
});

describe('readRef', () => {
  it('reads the parent a reference names, and refuses a reference whose hash the stored content does not have', () => {
    const store = Store.open(':memory:');
    try {
      const put = (content: unknown) => store.putArtifact({ key: 'k1', stage: 'assemble', stageVersion: 't', itemId: 'case', content, parents: [], status: 'ok', method: 'test' });
      put({ id: 'case', n: 1 });
      const ref = refTo(store.artifactInfo('k1')!, 1);
      expect(readRef(store, ['other', 'k1'], ref)).toEqual({ id: 'case', n: 1 });
      put({ id: 'case', n: 2 });
      const stale = { ...ref, hash: ref.hash.replace(/^./, (c) => (c === '0' ? '1' : '0')) };
      expect(() => readRef(store, ['other', 'k1'], stale)).toThrow(/changed since its reader was enumerated/);
      expect(() => readRef(store, ['k1'], ref)).toThrow(/refers to parent 1, but the item has 1 parents/);
    } finally {
      store.close();
    }
  });
});
