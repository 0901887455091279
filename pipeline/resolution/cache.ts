/**
 * The cache tier: tool answers keyed by (tool, state context, canonical arguments) in the
 * store's `tool_cache` table. Entries come from T-Eval's recorded successful responses (origin
 * `teval-review:<record id>`, as the source registered them) and from every successful live answer (`bfcl-backend:<Class>`,
 * `http:<scheme://host/path>`); each entry keeps that origin. Simulated answers are never cached:
 * a cache hit must be something a real API said.
 *
 * First writer wins (`INSERT OR IGNORE`): a key's answer never changes under a reader, and
 * seeding in the source's order makes "which of two identical recorded calls answers" fixed.
 */
import type Database from 'better-sqlite3';
import { canonicalJson } from '../hash.js';
import { parseJson } from '../pyValues.js';
import type { Store } from '../store/store.js';
import { cacheKey, canonicalArgs } from './canonical.js';

export interface CachedResponse {
  content: string;
  error?: { source: 'internal' | 'environment'; message: string };
}

export interface CacheEntry {
  key: string;
  tool: string;
  context: string;
  response: CachedResponse;
  origin: string;
}

export type { CacheSeed as RecordedSeed } from './sources.js';
import type { CacheSeed } from './sources.js';

interface Row {
  cache_key: string;
  tool: string;
  args: string;
  context: string;
  response: string;
  origin: string;
}

export class ToolCache {
  private readonly getStmt: Database.Statement;
  private readonly putStmt: Database.Statement;
  private readonly examplesStmt: Database.Statement;
  private readonly toolkitStmt: Database.Statement;
  private readonly toolkitRows = new Map<string, string[]>();

  constructor(private readonly store: Store) {
    this.getStmt = store.db.prepare('SELECT * FROM tool_cache WHERE cache_key = ?');
    this.putStmt = store.db.prepare(
      'INSERT OR IGNORE INTO tool_cache (cache_key, tool, args, context, response, origin, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    // Stateless entries first (their answer is the API's answer to the call alone), then by key:
    // an order fixed by content, not by when entries were written.
    this.examplesStmt = store.db.prepare(
      "SELECT * FROM tool_cache WHERE tool = ? AND cache_key != ? AND response NOT LIKE '%\"error\":%' ORDER BY context != '', cache_key LIMIT ?",
    );
    this.toolkitStmt = store.db.prepare("SELECT * FROM tool_cache WHERE substr(tool, 1, length(?) + 1) = ? || '.' AND response NOT LIKE '%\"error\":%' ORDER BY tool, cache_key LIMIT ?");
  }

  /**
   * The first rows `examples` may pick from, per tool and count (one more than asked, so the
   * excluded call's own entry can be dropped in JavaScript). The simulator asks for the same API's
   * examples for every call it answers; a write of a new entry for the tool forgets its rows.
   */
  private readonly exampleRows = new Map<string, Map<number, Row[]>>();

  get(tool: string, args: unknown, context = ''): CacheEntry | undefined {
    const row = this.getStmt.get(cacheKey(tool, args, context)) as Row | undefined;
    return row ? toEntry(row) : undefined;
  }

  /** Store an answer; false when the key already held one (which is kept). */
  put(tool: string, args: unknown, context: string, response: CachedResponse, origin: string): boolean {
    const stored: CachedResponse = { content: response.content, ...(response.error ? { error: response.error } : {}) };
    const info = this.putStmt.run(cacheKey(tool, args, context), tool, canonicalArgs(args), context, canonicalJson(stored), origin, new Date().toISOString());
    if (info.changes > 0) {
      this.exampleRows.delete(tool);
      this.toolkitRows.clear();
    }
    return info.changes > 0;
  }

  /** Up to `n` cached answers of the same API (successful ones), for the simulator's prompt. */
  examples(tool: string, n: number, excludeArgs?: unknown): { args: unknown; response: string; origin: string }[] {
    if (n <= 0) return [];
    const exclude = excludeArgs === undefined ? '' : cacheKey(tool, excludeArgs);
    let byCount = this.exampleRows.get(tool);
    if (!byCount) this.exampleRows.set(tool, (byCount = new Map()));
    let rows = byCount.get(n);
    if (!rows) byCount.set(n, (rows = this.examplesStmt.all(tool, '', n + 1) as Row[]));
    return rows.filter((r) => r.cache_key !== exclude).slice(0, n).map((r) => ({ args: parseJson(r.args), response: (JSON.parse(r.response) as CachedResponse).content, origin: r.origin }));
  }

  /**
   * Up to `n` cached answers of any API of a toolkit ("FilmTMDB"): the form its APIs answer in, for
   * an API of it with no answer of its own (FilmTMDB.get_similar_movies written as its siblings' Python literals).
   */
  toolkitAnswers(kit: string, n: number): string[] {
    if (n <= 0 || !kit) return [];
    const key = `${kit}\u0000${n}`;
    let rows = this.toolkitRows.get(key);
    if (!rows) this.toolkitRows.set(key, (rows = (this.toolkitStmt.all(kit, kit, n) as Row[]).map((r) => (JSON.parse(r.response) as CachedResponse).content)));
    return rows;
  }

  /** Seed from recorded responses, in the order given; returns how many keys were new. */
  seedRecorded(records: CacheSeed[]): number {
    let added = 0;
    this.store.db.transaction(() => {
      for (const r of records) if (this.put(r.tool, r.args, '', { content: r.response }, r.origin)) added++;
    })();
    return added;
  }

  /** Entries per origin kind (the part before the first colon). */
  countsByOrigin(): Record<string, number> {
    const rows = this.store.db
      .prepare("SELECT substr(origin, 1, instr(origin || ':', ':') - 1) AS kind, count(*) AS n FROM tool_cache GROUP BY kind ORDER BY kind")
      .all() as { kind: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  }
}

function toEntry(row: Row): CacheEntry {
  return { key: row.cache_key, tool: row.tool, context: row.context, response: JSON.parse(row.response) as CachedResponse, origin: row.origin };
}
