/**
 * `pnpm evaluate` end to end against the local OpenAI-compatible server through the real openai
 * client: a scripted model with known mistakes gets the scores worked out by hand (fixture.ts), the
 * protocol is what the model sees (instructions, `function` sent as `user`, the failure re-sent after
 * a retry), and a run killed with SIGKILL mid-way resumes without any reply being paid twice.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type OpenAiTestServer } from '../support/openaiServer.js';
import { EXPECTED, scriptedModel, writeFixture } from './fixture.js';

const CLI = resolve('scripts/cli.ts');

let server: OpenAiTestServer;
let dir: string;
let data: string;

beforeAll(async () => {
  server = await startOpenAiServer(scriptedModel);
  dir = mkdtempSync(join(tmpdir(), 'h16-eval-'));
  data = join(dir, 'data');
  writeFixture(data);
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function cliArgs(db: string, extra: string[] = []): string[] {
  return ['--import', 'tsx', CLI, 'evaluate', '--db', db, '--data', data, '--model', 'scripted-model', '--environment-mode', 'skip', '--concurrency', '2', ...extra];
}

const env = () => ({ ...process.env, OPENAI_BASE_URL: server.baseUrl, OPENAI_API_KEY: '', FORGE_DB: '' });

/** The CLI as a child process; never spawnSync: the test server lives in this process and must keep answering. */
function runCli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { env: env() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

type Row = { file: string; mode: string; metric: string; value: number | null };

async function report(db: string): Promise<Row[]> {
  const r = await runCli(['--import', 'tsx', CLI, 'evaluate', 'report', '--json', '--db', db]);
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

function metricsOf(rows: Row[], mode: string): Record<string, number | null> {
  return Object.fromEntries(rows.filter((r) => r.mode === mode).map((r) => [r.metric, r.value]));
}

const bodyKey = (b: { messages: unknown }) => JSON.stringify(b.messages);

describe('pnpm evaluate against an OpenAI-compatible server', () => {
  it('scores a scripted model as computed by hand, with the official protocol on the wire', async () => {
    const db = join(dir, 'plain.db');
    const before = server.requests.length;
    const r = await runCli(cliArgs(db, ['--predictions-out', join(dir, 'preds')]));
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const sent = server.requests.slice(before);
    expect(sent).toHaveLength(EXPECTED.requests);

    const rows = await report(db);
    const internal = metricsOf(rows, 'internal');
    const skip = metricsOf(rows, 'skip');
    for (const [k, v] of Object.entries(EXPECTED.internal)) expect(internal[k], k).toBeCloseTo(v, 10);
    for (const [k, v] of Object.entries(EXPECTED.skip)) expect(skip[k], k).toBeCloseTo(v, 10);

    // What the model saw: the official instruction block before the Remember line, no `function` role,
    // temperature 0 and 512 tokens, and after a retry the failure shown again.
    const s1 = sent.find((q) => q.body.messages[1].content.includes('[case s1]'))!;
    const system = s1.body.messages[0].content;
    expect(system.indexOf('If you realize that an error occurred in the last step')).toBeLessThan(system.indexOf('Remember: only generate ONE step each time'));
    expect(s1.body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(s1.body.temperature).toBe(0);
    expect(s1.body.max_tokens).toBe(512);
    const e1 = sent.filter((q) => q.body.messages[1].content.includes('[case e1]'));
    expect(e1).toHaveLength(2);
    const second = e1.find((q) => q.body.messages.length === 6)!;
    expect(second.body.messages.slice(4).map((m) => m.role)).toEqual(['assistant', 'user']);
    expect(second.body.messages[5].content).toBe(second.body.messages[3].content);
    expect(second.body.messages[0].content).toContain('you should skip the current step and perform the next task');

    // --predictions-out: test.py's shape.
    const internalOut = JSON.parse(readFileSync(join(dir, 'preds', 'internal_error', 'base_data_wo_cot.json'), 'utf8'));
    expect(typeof internalOut['s2-value'].predictions).toBe('string');
    expect(internalOut['s2-value'].query_prompt[0].content).toContain('If you realize that an error occurred');
    const externalOut = JSON.parse(readFileSync(join(dir, 'preds', 'external_error', 'base_data_wo_cot.json'), 'utf8'));
    expect(externalOut['e2-stuck'].predictions).toHaveLength(4);
    // test.py appends [reply, failure] for every repeated call, the last one included.
    expect(externalOut['e2-stuck'].query_prompt).toHaveLength(4 + 2 * 4);
    expect(externalOut['e1-skip'].predictions).toHaveLength(2);

    // A rerun asks nothing.
    const again = server.requests.length;
    const r2 = await runCli(cliArgs(db));
    expect(r2.status, r2.stderr).toBe(0);
    expect(server.requests.length).toBe(again);
  });

  it('kill -9 mid-run, then a rerun: every reply paid once, same scores', async () => {
    const db = join(dir, 'killed.db');
    const answered: string[] = [];
    // Answer five requests, then hold every later one open: the kill lands with nothing half-answered.
    server.setScript((req) => {
      if (answered.length >= 5) return { hang: true };
      answered.push(bodyKey(req));
      return scriptedModel(req);
    });
    const child = spawn(process.execPath, cliArgs(db), { env: env(), stdio: 'ignore' });
    const stored = () => {
      try {
        const d = new Database(db, { readonly: true, fileMustExist: true });
        try {
          return (d.prepare('SELECT count(*) AS n FROM eval_replies').get() as { n: number }).n;
        } finally {
          d.close();
        }
      } catch {
        return 0;
      }
    };
    const deadline = Date.now() + 90_000;
    while (stored() < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(stored()).toBe(5);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    server.setScript((req) => {
      answered.push(bodyKey(req));
      return scriptedModel(req);
    });
    const r = await runCli(cliArgs(db));
    expect(r.status, r.stdout + r.stderr).toBe(0);
    server.setScript(scriptedModel);

    // Ten distinct replies in all, none answered twice.
    expect(answered).toHaveLength(EXPECTED.requests);
    expect(new Set(answered).size).toBe(EXPECTED.requests);
    const rows = await report(db);
    for (const [k, v] of Object.entries(EXPECTED.internal)) expect(metricsOf(rows, 'internal')[k], k).toBeCloseTo(v, 10);
    for (const [k, v] of Object.entries(EXPECTED.skip)) expect(metricsOf(rows, 'skip')[k], k).toBeCloseTo(v, 10);
  });
});
