/**
 * What a manifest records about how a release was made: the code commit, the source checksums,
 * the models and prompt/rule versions behind the artifacts. Nothing here reads a clock.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Store } from '../../pipeline/store/store.js';
import type { Config } from '../../pipeline/config.js';

/**
 * The code commit: $FORGE_CODE_COMMIT when set (a build from a tarball can state it; a test pins it
 * so a commit landing between two builds does not count as a difference), else `git rev-parse
 * HEAD`, else "unknown".
 */
export function codeCommit(cwd = process.cwd(), env: NodeJS.ProcessEnv = process.env): string {
  if (env.FORGE_CODE_COMMIT) return env.FORGE_CODE_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || 'unknown';
  } catch {
    return 'unknown';
  }
}

/** sources/provenance.json reduced to path → sha256 (the files collect verifies before reading). */
export function sourceChecksums(root = process.cwd()): { path: string; sha256: string; license?: string }[] {
  const file = join(root, 'sources', 'provenance.json');
  if (!existsSync(file)) return [];
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { files?: { path: string; sha256: string; license?: string }[] };
  return (parsed.files ?? []).map((f) => ({ path: f.path, sha256: f.sha256, ...(f.license ? { license: f.license } : {}) })).sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** Methods (`rules:<version>`, `llm:<model>`) and stage versions behind every stage's current output. */
export function methodsUsed(store: Store): { stage: string; stageVersion: string; method: string; items: number }[] {
  const rows = store.db
    .prepare(
      `SELECT s.stage AS stage, a.stage_version AS stageVersion, a.method AS method, count(*) AS items
       FROM stage_items s JOIN artifacts a INDEXED BY artifacts_meta ON a.stage = s.stage AND a.key = s.key
       GROUP BY s.stage, a.stage_version, a.method ORDER BY s.stage, a.stage_version, a.method`,
    )
    .all() as { stage: string; stageVersion: string; method: string; items: number }[];
  return rows;
}

/** Models per role from the calls behind current artifacts (with the prompt template version when the request names it). */
export function modelsUsed(store: Store): { role: string; model: string; template: string | null; calls: number }[] {
  return store.db
    .prepare(
      `SELECT coalesce(c.role, '') AS role, coalesce(c.model, '') AS model,
              coalesce(json_extract(c.request, '$.template.id') || '@' || json_extract(c.request, '$.template.version'), json_extract(c.request, '$.template')) AS template,
              count(*) AS calls
       FROM calls c JOIN stage_items s ON s.key = c.artifact_key
       WHERE c.kind = 'llm' AND c.status = 'ok' AND json_valid(c.request)
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    )
    .all() as { role: string; model: string; template: string | null; calls: number }[];
}

/** The config as the release records it: any credential in a URL is cut out, the push target left out. */
export function releaseConfig(config: Config): Config {
  const copy = structuredClone(config);
  // Where a release is pushed is not part of what it is: the same build pushed anywhere has the same bytes.
  delete copy.release;
  if (copy.llm.baseUrl) {
    try {
      const u = new URL(copy.llm.baseUrl);
      u.username = '';
      u.password = '';
      u.search = '';
      copy.llm.baseUrl = u.toString();
    } catch {
      delete copy.llm.baseUrl;
    }
  }
  return copy;
}
