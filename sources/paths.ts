/**
 * Where the upstream files are: the vendored copy under sources/ (checked against the sha256 in
 * sources/provenance.json), or a user's directory laid out like ../shared/data (checked for shape).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sha256 } from '../pipeline/hash.js';
import { REPO_ROOT } from '../pipeline/repoRoot.js';

export const SOURCES_DIR = join(REPO_ROOT, 'sources');

export interface SourceFiles {
  root: string;
  vendored: boolean;
  bfcl: { questions: string; answers: string; executed: string; funcDocDir: string; dialogueDir: string };
  teval: { plans: string; apis: string; reviews: string };
}

export class SourceDataError extends Error {}

export function sourceFiles(userDir?: string): SourceFiles {
  const vendored = !userDir;
  const root = vendored ? SOURCES_DIR : resolve(userDir);
  const b = (p: string) => (vendored ? join(root, 'bfcl', 'data', p) : join(root, 'bfcl', p));
  const t = (p: string) => (vendored ? join(root, 'teval', 'data', p) : join(root, 'teval', p));
  return {
    root,
    vendored,
    bfcl: {
      questions: b('multi_turn_base.json'),
      answers: b('multi_turn_base_answer.json'),
      executed: b('multi_turn_base_executed.json'),
      funcDocDir: b('func_doc'),
      dialogueDir: b('dialogue'),
    },
    teval: { plans: t('plan_json_v1.json'), apis: t('api_descrip.json'), reviews: t('review_str_v1.json') },
  };
}

/** Every vendored file must hash to what provenance.json records; a user directory must have every file. */
export function checkSourceFiles(files: SourceFiles): { checked: number } {
  if (files.vendored) {
    const provenance = JSON.parse(readFileSync(join(SOURCES_DIR, 'provenance.json'), 'utf8')) as { files: { path: string; sha256: string }[] };
    for (const f of provenance.files) {
      const path = join(SOURCES_DIR, f.path);
      if (!existsSync(path)) throw new SourceDataError(`vendored file ${path} is missing (listed in sources/provenance.json)`);
      const actual = sha256(readFileSync(path));
      if (actual !== f.sha256) throw new SourceDataError(`vendored file ${path} has sha256 ${actual}, provenance.json records ${f.sha256}: the data was changed`);
    }
    return { checked: provenance.files.length };
  }
  const required = [files.bfcl.questions, files.bfcl.answers, files.bfcl.executed, files.bfcl.funcDocDir, files.teval.plans, files.teval.apis, files.teval.reviews];
  const missing = required.filter((p) => !existsSync(p));
  if (missing.length) {
    throw new SourceDataError(
      `--source-dir ${files.root} does not look like the upstream data (expected bfcl/… and teval/… as in shared/data); missing: ${missing.join(', ')}`,
    );
  }
  return { checked: required.length };
}
