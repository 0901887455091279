/**
 * The evaluators' `_compute_similarity(a, b)`: max(cosine(embed(str(a)), embed(str(b))), 0), with
 * sentence embeddings from all-mpnet-base-v2. Two backends:
 *  - `embeddings:<model>` — any OpenAI-compatible /embeddings endpoint (e.g. a server hosting
 *    sentence-transformers/all-mpnet-base-v2, which is the official scorer); vectors are cached in
 *    the store (eval_embeddings) so a rerun pays nothing twice, and each request is a row in `calls`.
 *  - `lexical-v1` — the offline default, deterministic: cosine of term-frequency vectors of lower-cased
 *    words and their character trigrams. It agrees with the official scorer on identical strings (1)
 *    and on strings with nothing in common (0); in between it measures shared wording, not meaning, so
 *    a paraphrase scores lower than mpnet gives it and a same-words-different-meaning pair higher.
 * In both, identical strings score exactly 1 (mpnet's float32 cosine gives 1 ± 1e-7 there).
 */
import OpenAI from 'openai';
import { hashParts, sha256 } from '../pipeline/hash.js';
import { redactSecrets } from '../pipeline/secrets.js';
import type { Store } from '../pipeline/store/store.js';

export interface Similarity {
  /** Stored with every score: scores from different backends are never mixed. */
  readonly id: string;
  similarity(a: string, b: string): Promise<number>;
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function termVector(text: string): Map<string, number> {
  const v = new Map<string, number>();
  const add = (t: string) => v.set(t, (v.get(t) ?? 0) + 1);
  for (const w of words(text)) {
    add(`w:${w}`);
    const padded = `#${w}#`;
    for (let i = 0; i + 3 <= padded.length; i++) add(`c:${padded.slice(i, i + 3)}`);
  }
  return v;
}

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

export class LexicalSimilarity implements Similarity {
  readonly id = 'lexical-v1';

  async similarity(a: string, b: string): Promise<number> {
    if (a === b) return 1;
    const va = termVector(a);
    const vb = termVector(b);
    let dot = 0;
    for (const [t, x] of va) dot += x * (vb.get(t) ?? 0);
    const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0));
    const n = norm(va) * norm(vb);
    return n === 0 ? 0 : Math.max(0, Math.min(1, dot / n));
  }
}

export interface EmbeddingOptions {
  store: Store;
  model: string;
  baseUrl: string;
  env?: NodeJS.ProcessEnv;
  /** Texts per request. */
  batch?: number;
}

/** Cosine of embeddings from an OpenAI-compatible endpoint, cached per (model, text). */
export class EmbeddingSimilarity implements Similarity {
  readonly id: string;
  private readonly client: OpenAI;
  private readonly memo = new Map<string, Promise<Float64Array>>();

  constructor(private readonly opts: EmbeddingOptions) {
    this.id = `embeddings:${opts.model}`;
    const env = opts.env ?? process.env;
    this.client = new OpenAI({ apiKey: env.OPENAI_API_KEY || 'no-key-required', baseURL: opts.baseUrl, maxRetries: 3, logLevel: 'off' });
  }

  async similarity(a: string, b: string): Promise<number> {
    if (a === b) return 1;
    const [ea, eb] = await Promise.all([this.embed(a), this.embed(b)]);
    return Math.max(0, cosine(ea, eb));
  }

  private embed(text: string): Promise<Float64Array> {
    let p = this.memo.get(text);
    if (!p) {
      p = this.fetch(text);
      this.memo.set(text, p);
    }
    return p;
  }

  private async fetch(text: string): Promise<Float64Array> {
    const { store, model } = this.opts;
    const textHash = sha256(text);
    const row = store.db.prepare('SELECT vector FROM eval_embeddings WHERE model = ? AND text_hash = ?').get(model, textHash) as { vector: Buffer } | undefined;
    if (row) return new Float64Array(new Uint8Array(row.vector).buffer);
    const started = Date.now();
    let vector: Float64Array;
    try {
      const res = await this.client.embeddings.create({ model, input: [text], encoding_format: 'float' });
      vector = Float64Array.from(res.data[0].embedding);
      store.db.transaction(() => {
        store.db
          .prepare('INSERT OR REPLACE INTO eval_embeddings (model, text_hash, vector, created_at) VALUES (?, ?, ?, ?)')
          .run(model, textHash, Buffer.from(vector.buffer), new Date().toISOString());
        store.recordCall({
          kind: 'llm',
          stage: 'evaluate',
          requestHash: hashParts('embedding-1', model, textHash),
          role: 'embeddings',
          model,
          request: { model, textHash },
          response: { dimensions: vector.length },
          status: 'ok',
          promptTokens: res.usage?.prompt_tokens ?? null,
          completionTokens: 0,
          latencyMs: Date.now() - started,
          cost: 0,
        });
      })();
    } catch (err) {
      throw new Error(redactSecrets(`embeddings (${model}) at ${this.opts.baseUrl}: ${(err as Error).message}`, this.opts.env ?? process.env));
    }
    return vector;
  }
}
