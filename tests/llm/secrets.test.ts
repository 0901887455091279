/**
 * The API key never persists: a real CLI run (child process) of the pipeline's LLM path with
 * OPENAI_API_KEY=sk-<random>, against a server that even echoes the key back in its error
 * messages; then the database file bytes (with its WAL and shm), an export and the logs are
 * searched for the key.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOpenAiServer } from '../support/openaiServer.js';
import { fillReply } from './fixtures/schemaFiller.js';
import { listFiles } from '../support/files.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'scripts', 'cli.ts');

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('the API key never persists', () => {
  it('is in no database byte (WAL included), export or log', async () => {
    const key = `sk-${randomBytes(24).toString('hex')}`;
    const server = await startOpenAiServer((body, i) =>
      // Every fifth request is refused with the full key in the message, as a careless server might.
      i % 5 === 4 ? { status: 401, content: `Incorrect API key provided: ${key}. You can find your API key at https://example.invalid.` } : { content: fillReply(body) },
    );
    const dir = mkdtempSync(join(tmpdir(), 'forge-llm-secret-'));
    const db = join(dir, 'forge.db');
    const env: NodeJS.ProcessEnv = { ...process.env, OPENAI_API_KEY: key, OPENAI_BASE_URL: server.baseUrl };
    delete env.FORGE_DB;
    try {
      const stage = await run(['stage', 'standardize', '--llm', 'openai', '--db', db, '--limit', '3', '--concurrency', '2'], env);
      const exported = await run(['export', 'sft', '--db', db, '--out', join(dir, 'export')], env);

      // The run really went through the model path and met the refusal: the fifth request is refused,
      // which stops the run; a sixth is sent only if it left (concurrency 2) before the 401 came back.
      expect(server.requests.length).toBeGreaterThanOrEqual(5);
      expect(server.requests[0].headers.authorization).toBe(`Bearer ${key}`);
      expect(stage.out).toMatch(/standardize/);
      // The refusal stopped the run (it would refuse every request alike), logged with the key blanked out.
      expect(stage.out).toMatch(/stopped \(the endpoint .* refused .*HTTP 401: .*Incorrect API key provided: \[REDACTED\]/);

      const haystacks: [string, Buffer | string][] = [
        ['stage log', stage.out],
        ['export log', exported.out],
      ];
      for (const f of listFiles(dir).map((name) => join(dir, name))) haystacks.push([f, readFileSync(f)]);
      expect(haystacks.some(([name]) => name.endsWith('forge.db'))).toBe(true);
      // The WAL and shm may have been checkpointed away at close; whatever exists was searched.
      for (const suffix of ['-wal', '-shm']) if (existsSync(db + suffix)) expect(haystacks.some(([n]) => n === db + suffix)).toBe(true);
      const secretHex = key.slice(3);
      for (const [name, content] of haystacks) {
        const buf = Buffer.isBuffer(content) ? content : Buffer.from(content);
        expect(buf.includes(key), `${name} contains the key`).toBe(false);
        expect(buf.includes(secretHex), `${name} contains the key's body`).toBe(false);
      }
      // The refusals were recorded — redacted, not dropped.
      const Database = (await import('better-sqlite3')).default;
      const conn = new Database(db, { readonly: true });
      const errors = conn.prepare("SELECT error FROM calls WHERE status = 'error'").all() as { error: string }[];
      conn.close();
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((e) => e.error.includes('[REDACTED]'))).toBe(true);
    } finally {
      await server.close();
    }
  }, 120_000);
});
