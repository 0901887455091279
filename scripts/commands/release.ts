/** `pnpm release <version>`: versioned files, manifest with checksums, dataset card, changelog. */
import type { CommandModule } from 'yargs';
import { publishRelease, type ReleasePlan } from '../../output/release/release.js';
import { sessionFrom, withCommon, type CommonArgs } from './common.js';
import { hubTarget } from '../../output/release/hubPush.js';
import { pushStep, recordedRelease } from './releasePush.js';
import { stepProgress } from '../../output/progress.js';

interface ReleaseArgs extends CommonArgs {
  /** Named semver, not version: yargs reserves `version` for its own --version flag. */
  semver: string;
  out?: string;
  'include-flagged'?: boolean;
  'dry-run'?: boolean;
  'allow-quality-breach'?: boolean;
  push?: string;
  json?: boolean;
  progress: boolean;
}

/** `release --json`: what the text lists, as data. */
function releaseJson(plan: ReleasePlan, unreviewedLeftOut: number) {
  const s = plan.selection;
  return {
    version: plan.version,
    outDir: plan.outDir,
    dryRun: plan.dryRun,
    previous: plan.previous ?? null,
    finishedInterrupted: !!plan.finishedInterrupted,
    samples: { base: s.base.length, evolved: s.evolved.length, evolvedLeftOut: s.leftOut.length, unreviewedLeftOut },
    review: plan.manifest.review,
    files: plan.files.map((f) => ({ path: f.path, samples: f.samples, bytes: f.bytes, sha256: f.sha256 })),
  };
}

export const releaseCommand: CommandModule<object, ReleaseArgs> = {
  command: 'release <semver>',
  describe: 'Publish a versioned release: CRITICTOOL files + JSONL, manifest.json with checksums, dataset card, CHANGELOG',
  builder: (y) =>
    withCommon(y)
      .positional('semver', { type: 'string', demandOption: true, describe: 'the release version (semantic versioning, e.g. 1.0.0)' })
      .option('out', { type: 'string', describe: 'Output directory (default output/releases/<version>)' })
      .option('include-flagged', { type: 'boolean', describe: 'Also include flagged samples nobody reviewed yet' })
      .option('dry-run', { type: 'boolean', describe: 'Show what would be written; write nothing' })
      .option('allow-quality-breach', { type: 'boolean', describe: 'Publish even if `pnpm report quality` breaches a threshold in quality.thresholds (the card lists the breaches)' })
      .option('push', { type: 'string', describe: 'Then upload it to this Hugging Face Hub dataset repo (org/name; no value: release.hubRepo from the config). Token from HF_TOKEN, server from HF_ENDPOINT. An already recorded version is pushed as it is' })
      .option('json', { type: 'boolean', describe: 'Print what was (or with --dry-run would be) written as JSON' })
      // The push reports its uploads as lines of text; one JSON document cannot carry both.
      .conflicts('json', 'push')
      .option('progress', { type: 'boolean', default: !!process.stderr.isTTY, describe: 'Show a progress bar on stderr (default: when stderr is a terminal)' }) as never,
  handler: async (args) => {
    const session = sessionFrom(args, { lock: `release ${args.semver}` });
    const progress = stepProgress(args.progress, `release ${args.semver}`);
    try {
      // Checked before anything is built: a bad repo id or a missing token should not cost a release.
      const target = args.push === undefined ? undefined : hubTarget(args.push || session.config.release?.hubRepo, process.env, { dryRun: args['dry-run'] });
      const recorded = target && recordedRelease(session.store, String(args.semver));
      if (target && recorded) return await pushStep(String(args.semver), target, { dir: recorded, dryRun: !!args['dry-run'] });
      const plan = publishRelease(session.store, session.config, String(args.semver), {
        outDir: args.out,
        includeFlagged: args['include-flagged'],
        dryRun: args['dry-run'],
        allowQualityBreach: args['allow-quality-breach'],
        onProgress: progress.onProgress,
      });
      progress.stop();
      const s = plan.selection;
      const unreviewed = s.leftOut.filter((l) => l.why === 'flagged-unreviewed').length;
      if (args.json) {
        console.log(JSON.stringify(releaseJson(plan, unreviewed), null, 2));
        return;
      }
      if (plan.finishedInterrupted) console.log(`finished release ${plan.version}: an earlier run was stopped after moving it into ${plan.outDir} but before recording it`);
      console.log(`${plan.dryRun ? 'would write' : 'released'} ${plan.version} → ${plan.outDir}${plan.previous ? ` (changes against ${plan.previous})` : ''}`);
      console.log(`  ${s.base.length} base + ${s.evolved.length} evolved samples; ${s.leftOut.length} evolved left out`);
      for (const [k, v] of Object.entries(plan.manifest.review as Record<string, number>)) console.log(`    ${k}: ${v}`);
      for (const f of plan.files) console.log(`  ${f.path}  ${f.samples} samples  ${f.bytes} bytes  sha256 ${f.sha256.slice(0, 16)}`);
      console.log('  manifest.json');
      if (unreviewed) console.log(`  note: ${unreviewed} flagged samples nobody reviewed were left out (review them, or pass --include-flagged)`);
      if (target) await pushStep(plan.version, target, plan.dryRun ? { plan } : { dir: plan.outDir, dryRun: false });
    } finally {
      progress.stop();
      session.close();
    }
  },
};
