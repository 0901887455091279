/**
 * The `--push` half of `pnpm release`: uploads a release just made, or one recorded earlier (so a
 * push that failed half-way is finished by running the same command again), to a Hub dataset repo.
 */
import type { Store } from '../../pipeline/store/store.js';
import { manifestText, type ReleasePlan } from '../../output/release/release.js';
import { describePush, pushRelease, releaseFiles, type HubTarget, type PushFile } from '../../output/release/hubPush.js';

/** The folder of a release the database recorded, if any. */
export function recordedRelease(store: Store, version: string): string | undefined {
  const row = store.db.prepare('SELECT out_dir FROM releases WHERE version = ?').get(version) as { out_dir: string } | undefined;
  return row?.out_dir;
}

/** A dry run's files, from the plan: its folder was a throwaway one, already gone. */
function plannedFiles(plan: ReleasePlan): PushFile[] {
  const manifest = Buffer.from(manifestText(plan.manifest), 'utf8');
  return [...plan.files.map(({ path, bytes, sha256 }) => ({ path, bytes, sha256 })), { path: 'manifest.json', bytes: manifest.length, sha256: '' }].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export async function pushStep(version: string, target: HubTarget, from: { dir: string; dryRun: boolean } | { plan: ReleasePlan }, print: (line: string) => void = (l) => console.log(l)): Promise<void> {
  if ('plan' in from) {
    for (const line of describePush(target, version, plannedFiles(from.plan))) print(line);
    return;
  }
  if (from.dryRun) {
    for (const line of describePush(target, version, await releaseFiles(from.dir))) print(line);
    return;
  }
  print(`pushing ${version} from ${from.dir} to dataset ${target.repoId} at ${target.endpoint}`);
  const r = await pushRelease(from.dir, version, target, { log: print });
  const where = `${target.endpoint}/datasets/${target.repoId}`;
  if (r.alreadyPublished) print(`pushed: ${where} already holds ${version} (tag ${r.tag} at ${r.commit}); nothing sent`);
  else
    print(
      `pushed ${version} → ${where} at ${r.commit}, tag ${r.tag}: ${r.committed.length} files committed, ${r.unchanged.length} unchanged; ` +
        `LFS ${r.lfsUploaded.length} uploaded, ${r.lfsAlreadyStored.length} already stored`,
    );
}
