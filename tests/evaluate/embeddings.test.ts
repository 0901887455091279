/**
 * --embeddings: similarity from an OpenAI-compatible /v1/embeddings endpoint through the openai
 * client — max(cosine, 0) as the evaluators compute it, each text embedded once and kept in the store.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../pipeline/store/store.js';
import { EmbeddingSimilarity } from '../../evaluate/similarity.js';

const VECTORS: Record<string, number[]> = { alpha: [1, 0], beta: [0, 1], both: [1, 1], minus: [-1, 0] };
let server: Server;
let baseUrl: string;
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const { input, model } = JSON.parse(body) as { input: string[]; model: string };
      asked.push(...input);
      const data = input.map((text, index) => ({ object: 'embedding', index, embedding: VECTORS[text] ?? [0, 0] }));
      const out = JSON.stringify({ object: 'list', model, data, usage: { prompt_tokens: input.length, total_tokens: input.length } });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(out);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('embeddings similarity', () => {
  it('is the clamped cosine of the endpoint vectors, cached in the store', async () => {
    const store = Store.open(':memory:');
    try {
      const sim = new EmbeddingSimilarity({ store, model: 'all-mpnet-base-v2', baseUrl, env: {} });
      expect(sim.id).toBe('embeddings:all-mpnet-base-v2');
      expect(await sim.similarity('alpha', 'both')).toBeCloseTo(Math.SQRT1_2, 12);
      expect(await sim.similarity('alpha', 'beta')).toBe(0);
      expect(await sim.similarity('alpha', 'minus')).toBe(0); // negative cosine clamps to 0
      expect(await sim.similarity('beta', 'beta')).toBe(1);
      expect(asked.sort()).toEqual(['alpha', 'beta', 'both', 'minus']);
      // A new scorer on the same store asks nothing again.
      const again = new EmbeddingSimilarity({ store, model: 'all-mpnet-base-v2', baseUrl, env: {} });
      expect(await again.similarity('both', 'beta')).toBeCloseTo(Math.SQRT1_2, 12);
      expect(asked).toHaveLength(4);
      const calls = store.db.prepare("SELECT count(*) AS n FROM calls WHERE role = 'embeddings'").get() as { n: number };
      expect(calls.n).toBe(4);
    } finally {
      store.close();
    }
  });
});
