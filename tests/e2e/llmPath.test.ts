/**
 * The whole pipeline on the LLM path, end to end: the real `openai` client over HTTP to the local
 * OpenAI-compatible test server, the real OpenAiGateway, a real SQLite file and the registered
 * stages (collect → … → verify → export), and the exported files still satisfy the official
 * evaluator's rules.
 *
 * A "replay model" answers the requests:
 *  1. Recording pass. The registered pipeline runs to `export` behind a small gateway that looks
 *     like the model path to the stages (mode 'openai', `openai:<model>` fingerprints, `llm:<model>`
 *     methods) but answers every role with its offline rules, and records, for each prompt exactly
 *     as the OpenAiGateway would send it (json_schema mode: the template's messages, unchanged),
 *     the answer it gave. Posing as the model path matters: on it observe runs (its observed
 *     errors feed the error simulator's few-shot pool and the base benchmark) and the api-simulator
 *     is asked for an environment-error variant (drawn from the resolver's Rng), so an
 *     offline-mode recording would miss prompts. (A fully offline run of the same slice exports a
 *     different selection for that legitimate reason: the two observed errors join the internal
 *     pool's parameters_key_error strata and the error simulator's few-shot pool, which shifts the
 *     stratified draws. Samples both runs export are the same, except a noisy query where two
 *     cases share the original query: the model path asks that prompt once, see the conflicts below.)
 *     The rules run on a clone of the item's Rng, because the real gateway never draws from it.
 *     The model under test (`observed-model`) gets a plausible wrong call: the ground-truth call
 *     with one argument removed (or a tool that does not exist when it has no argument).
 *  2. Model pass. A new database; openSession({ llm: 'openai' }) against the test server, whose
 *     script hashes the messages it receives and answers with the recorded reply (HTTP 500
 *     "unrecorded prompt for <schema>" otherwise, collected and reported).
 *  3. The model answered as the rules did, so the dataset must be the same: every exported
 *     evaluator file holds the same samples with the same query_prompt / ground_truth / error_type.
 *     A second model pass on the same database must send no request at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LLM_ROLES, loadConfig, modelFor, type Config, type LlmRole } from '../../pipeline/config.js';
import { hashValue } from '../../pipeline/hash.js';
import { Rng } from '../../pipeline/rng.js';
import { Store } from '../../pipeline/store/store.js';
import { createServices } from '../../pipeline/services.js';
import { openSession } from '../../pipeline/session.js';
import { runPipeline, type StageReport } from '../../pipeline/runner.js';
import { llmFingerprint } from '../../pipeline/llm/openai.js';
import { schemaNameFor, shapeRequest } from '../../pipeline/llm/structured.js';
import type { InvokeOptions, InvokeResult, LlmGateway, PromptMessage, RoleSpec } from '../../pipeline/llm/types.js';
import { renderAction } from '../../pipeline/prompts/standard.js';
import type { Action } from '../../pipeline/schemas.js';
import type { ObservedModelInput } from '../../stages/observe/observedModel.js';
import { registry } from '../../stages/index.js';
import { startOpenAiServer, type ChatRequestBody, type OpenAiTestServer } from '../support/openaiServer.js';
import { TEST_API_KEY } from '../support/llmGateway.js';
import { parseJson, toJson } from '../../pipeline/pyValues.js';

const CHECKER = join(dirname(fileURLToPath(import.meta.url)), '../support/evaluator/perfect_model.py');
const MODEL = 'gpt-4o-mini';
/** First N source records per source: 6 is the smallest slice on which every role is asked (refine-doc needs a vague doc). */
const LIMIT = 6;

/** The same small config in every pass (llm.mode is set per pass by the session). */
const CONFIG = {
  llm: {
    defaultModel: MODEL,
    // A miss is answered with a 500: one quick retry, then the item fails and the test names the prompt.
    maxRetries: 1,
    backoffBaseMs: 10,
    backoffMaxMs: 50,
    timeoutMs: 20_000,
    concurrency: 8,
    requestsPerMinute: 100_000,
    tokensPerMinute: 100_000_000,
  },
  assemble: { internal: 12, external: 4, cotInternal: 6, cotExternal: 2, errorFreeShare: 0.2 },
  evolve: { internal: 6, external: 2 },
  observe: { trajectories: 2, stepsPerTrajectory: 1, cot: false },
};

/** The key of a prompt: the messages exactly as they go over the wire. */
const promptKey = (messages: { role: string; content: string }[]) => hashValue(messages.map((m) => ({ role: m.role, content: m.content })));

/** A copy of an Rng in the same state, so the rules can draw without moving the stage's generator. */
function cloneRng(rng: Rng): Rng {
  type WithGen = { gen: { clone(): WithGen['gen'] } };
  const copy = Object.create(Rng.prototype) as Rng;
  (copy as unknown as WithGen).gen = (rng as unknown as WithGen).gen.clone();
  return copy;
}

/** The model under test's reply: the right tool with one argument left out, or a tool that does not exist. */
function observedReply(input: ObservedModelInput): string {
  const gt = input.groundTruth as Action;
  const args = gt.args && typeof gt.args === 'object' && !Array.isArray(gt.args) ? (gt.args as Record<string, unknown>) : {};
  const keys = Object.keys(args).sort();
  const wrong: Action = keys.length
    ? ({ ...gt, args: Object.fromEntries(keys.slice(1).map((k) => [k, args[k]])) } as Action)
    : ({ ...gt, name: `${gt.name}Now` } as Action);
  return renderAction(wrong, { cot: input.cot });
}

interface Recording {
  /** prompt key → reply content */
  replies: Map<string, string>;
  /** The same prompt answered two different ways by the rules (the model path would cache one). */
  conflicts: string[];
  roles: Set<LlmRole>;
}

/** Poses as the model path, answers with the rules, records what the OpenAiGateway would have been told. */
class RecordingGateway implements LlmGateway {
  readonly mode = 'openai' as const;

  constructor(
    private readonly config: Config,
    readonly rec: Recording,
  ) {}

  fingerprint(role: LlmRole): string {
    return llmFingerprint(this.config, role);
  }

  async invoke<I, O>(spec: RoleSpec<I, O>, input: I, opts: InvokeOptions): Promise<InvokeResult<O>> {
    const any = spec as unknown as RoleSpec<unknown, unknown>;
    // What the gateway sends first (json_schema, which the test server accepts): for json roles
    // with a representable schema and for text roles, the template's messages as they are.
    const sent: PromptMessage[] = shapeRequest(any, spec.template.render(input), 'json_schema').messages;
    let content: string;
    if (spec.role === 'observed-model') content = observedReply(input as unknown as ObservedModelInput);
    else {
      const raw = await spec.offline.run(input, cloneRng(opts.rng));
      // A model writes ids beyond 2^53 with every digit, as the gateway reads them (pipeline/pyValues).
      content = spec.output === 'text' ? (raw as unknown as string) : toJson(raw);
    }
    const key = promptKey(sent);
    const before = this.rec.replies.get(key);
    if (before !== undefined && before !== content) this.rec.conflicts.push(`${spec.role}/${schemaNameFor(any)} ${key.slice(0, 12)}`);
    if (before === undefined) this.rec.replies.set(key, content);
    this.rec.roles.add(spec.role);
    // Exactly what the model path makes of that reply: the text, or the JSON read back and validated.
    const reply = before ?? content;
    const output = spec.output === 'text' ? spec.schema.parse(reply) : spec.schema.parse(parseJson(reply));
    return { output, method: `llm:${modelFor(this.config, spec.role)}`, cached: false };
  }
}

interface Pass {
  reports: StageReport[];
  out: string;
}

const run = (env: Parameters<typeof runPipeline>[0]) => runPipeline(env, 'export');

const failures = (reports: StageReport[]) => reports.filter((r) => r.failed > 0 || r.stopped).map((r) => `${r.stage}: failed ${r.failed}${r.stopped ? `, stopped: ${r.stopped}` : ''}`);

/** Every evaluator file under an export directory (jsonl/ is ours, not the evaluator's). */
function evaluatorFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        if (name !== 'jsonl') walk(p);
      } else if (name.endsWith('.json')) found.push(relative(dir, p));
    }
  };
  walk(dir);
  return found;
}

/** Each sample's query_prompt / ground_truth / error_type, by id. */
function samples(dir: string, file: string): Record<string, unknown> {
  const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, Record<string, unknown>>;
  return Object.fromEntries(Object.entries(data).map(([id, s]) => [id, { query_prompt: s.query_prompt, ground_truth: s.ground_truth, error_type: s.error_type }]));
}

describe('the whole pipeline on the LLM path (replayed model over HTTP)', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'forge-e2e-llm-'));
  const configPath = join(tmp, 'config.json');
  writeFileSync(configPath, JSON.stringify(CONFIG));
  const rec: Recording = { replies: new Map(), conflicts: [], roles: new Set() };
  const misses = new Map<string, number>();
  let server: OpenAiTestServer;
  let recording: Pass;
  let model: Pass;
  const modelDb = join(tmp, 'model.db');
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    // 1. Recording pass.
    {
      const config = loadConfig(configPath, { llmMode: 'offline' });
      const store = Store.open(join(tmp, 'recording.db'));
      try {
        store.startRun('e2e recording', {}, config.seed, hashValue(config));
        const llm = new RecordingGateway(config, rec);
        const out = join(tmp, 'out-recording');
        const reports = await run({ store, config, llm, services: createServices(store, config, llm), stages: registry(), options: { limit: LIMIT, out }, log: () => {} });
        recording = { reports, out };
      } finally {
        store.close();
      }
    }
    // 2. The replaying server.
    server = await startOpenAiServer((body: ChatRequestBody) => {
      const key = promptKey(body.messages);
      const reply = rec.replies.get(key);
      if (reply !== undefined) return { content: reply };
      const rf = body.response_format as { json_schema?: { name?: string }; type?: string } | undefined;
      const what = `${rf?.json_schema?.name ?? rf?.type ?? 'text'} (${key.slice(0, 12)}): ${String(body.messages.at(-1)?.content ?? '').slice(0, 160)}`;
      misses.set(what, (misses.get(what) ?? 0) + 1);
      return { status: 500, content: `unrecorded prompt for ${rf?.json_schema?.name ?? rf?.type ?? 'text'}` };
    });
    // 3. Model pass.
    model = await modelPass('out-model');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  async function modelPass(outName: string): Promise<Pass> {
    const session = openSession({ db: modelDb, config: configPath, llm: 'openai', env: { OPENAI_API_KEY: TEST_API_KEY, OPENAI_BASE_URL: server.baseUrl } });
    try {
      session.store.startRun('e2e model', {}, session.config.seed, session.configHash);
      const out = join(tmp, outName);
      const reports = await run({ store: session.store, config: session.config, llm: session.llm, services: session.services, stages: registry(), options: { limit: LIMIT, out }, log: () => {} });
      return { reports, out };
    } finally {
      session.close();
    }
  }

  it('records a run of every stage on the rules, with one answer per prompt', () => {
    expect(failures(recording.reports)).toEqual([]);
    expect(recording.reports.map((r) => r.stage)).toContain('export');
    expect(recording.reports.find((r) => r.stage === 'observe')?.skipped).toBeUndefined();
    expect([...rec.roles].sort()).toEqual([...LLM_ROLES].sort());
    // The noisy-query rules draw per item (seeded by the item), so two cases sharing a query get
    // different rewrites offline; a model is asked the same prompt once (temperature 0, cached),
    // so on the model path they share one rewrite. The recording gives the first answer to both,
    // as the model path does. Any other role answering one prompt two ways would mean its prompt
    // leaves out something its answer depends on. The harder-tools rules likewise draw one of
    // HARDER_VARIANTS wordings per case (h-evo11), so one tool's prompt gets a few answers offline.
    expect(rec.conflicts.filter((c) => !c.startsWith('noisy-query/') && !c.startsWith('harder-tools/'))).toEqual([]);
  });

  it('runs every stage through the real gateway with every prompt answered', () => {
    expect([...misses.keys()], 'prompts the recording pass never saw').toEqual([]);
    expect(failures(model.reports)).toEqual([]);
    expect(model.reports.map((r) => r.stage)).toEqual(recording.reports.map((r) => r.stage));
    expect(model.reports.every((r) => !r.skipped)).toBe(true);
    expect(server.requests.length).toBeGreaterThan(0);
    // json_schema was accepted, so every JSON role's request carried the role's schema.
    for (const r of server.requests) {
      if (r.body.response_format) expect((r.body.response_format as { type: string }).type).toBe('json_schema');
      expect(r.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
      expect(r.body.model).toBe(MODEL);
    }
  });

  it('logs every call of every role that ran with its model and cost, and records llm: methods', () => {
    const store = Store.open(modelDb, { readonly: true });
    try {
      const rows = store.db
        .prepare(
          `SELECT role, count(*) AS n, sum(model IS NULL OR model != ?) AS noModel, sum(status != 'ok') AS notOk,
                  sum(cached = 0) AS paid, sum(cached = 0 AND (cost IS NULL OR cost <= 0)) AS unpriced, sum(prompt_tokens IS NULL) AS noTokens
           FROM calls WHERE kind = 'llm' GROUP BY role ORDER BY role`,
        )
        .all(MODEL) as { role: string; n: number; noModel: number; notOk: number; paid: number; unpriced: number; noTokens: number }[];
      expect(rows.map((r) => r.role)).toEqual([...rec.roles].sort());
      for (const r of rows) {
        expect(r.noModel, r.role).toBe(0);
        expect(r.notOk, r.role).toBe(0);
        expect(r.paid, r.role).toBeGreaterThan(0);
        expect(r.unpriced, r.role).toBe(0);
        expect(r.noTokens, r.role).toBe(0);
      }
      // Every request the server answered is one paid call row (identical prompts are cached or shared).
      const paid = rows.reduce((n, r) => n + r.paid, 0);
      expect(paid).toBe(server.requests.length);

      const methods = store.db.prepare(`SELECT stage, group_concat(DISTINCT method) AS methods FROM artifacts GROUP BY stage`).all() as { stage: string; methods: string }[];
      const byStage = new Map(methods.map((m) => [m.stage, m.methods]));
      for (const stage of ['standardize', 'resolve', 'diversify-internal', 'evolve', 'verify', 'observe']) {
        expect(byStage.get(stage) ?? '', stage).toContain(`llm:${MODEL}`);
      }

      const observed = store.db.prepare(`SELECT content FROM artifacts WHERE stage = 'observe' AND status = 'ok'`).all() as { content: string }[];
      expect(observed.length).toBe(CONFIG.observe.trajectories * CONFIG.observe.stepsPerTrajectory);
      for (const o of observed) {
        const obs = JSON.parse(o.content) as { model: string; label: string };
        expect(obs.model).toBe(MODEL);
        // The replayed model under test always leaves out an argument or names a tool that does not exist.
        expect(obs.label).not.toBe('correct');
      }
    } finally {
      store.close();
    }
  });

  it('exports files a perfect model scores at full marks under the official evaluator\'s rules', () => {
    const r = spawnSync('python3', [CHECKER, model.out], { encoding: 'utf8' });
    const report = JSON.parse(r.stdout || '{"ok":false,"files":[]}') as { ok: boolean; files: { path: string; samples: number; full_marks: number; failures: unknown[] }[] };
    expect(r.stderr).toBe('');
    expect(report.files.length).toBeGreaterThanOrEqual(4);
    for (const f of report.files) {
      expect(f.failures, f.path).toEqual([]);
      expect(f.full_marks, f.path).toBe(f.samples);
    }
    expect(report.ok).toBe(true);
    expect(r.status).toBe(0);
  });

  it('exports the same dataset as the rules did', () => {
    const files = evaluatorFiles(model.out);
    expect(files).toEqual(evaluatorFiles(recording.out));
    expect(files).toContain('internal_error/base_data_wo_cot.json');
    for (const f of files) expect(samples(model.out, f), f).toEqual(samples(recording.out, f));
    // Observe's errors reached the dataset: the error simulator drew its few-shot examples from them.
    expect(readFileSync(join(model.out, 'jsonl/base_cases.jsonl'), 'utf8')).toContain('error-simulator (few-shot observed)');
  });

  it('sends nothing on a second pass over the same database', async () => {
    const before = server.requests.length;
    const again = await modelPass('out-model-again');
    expect(failures(again.reports)).toEqual([]);
    for (const r of again.reports) if (r.stage !== 'export') expect(r.processed, r.stage).toBe(0);
    expect(server.requests.length).toBe(before);
    for (const f of evaluatorFiles(model.out)) expect(readFileSync(join(again.out, f), 'utf8'), f).toBe(readFileSync(join(model.out, f), 'utf8'));
    // eslint-disable-next-line no-console
    console.log(`e2e LLM path: ${rec.replies.size} recorded prompts, ${before} requests, ${Date.now() - started} ms`);
  });
});
