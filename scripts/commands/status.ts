import type { CommandModule } from 'yargs';
import type { Store } from '../../pipeline/store/store.js';
import type { Stage, StageName } from '../../pipeline/stage.js';
import { registry } from '../../stages/index.js';
import { sessionFrom, withCommon, type CommonArgs } from './common.js';

export function statusRows(store: Store, stages: Map<StageName, Stage>) {
  return [...stages.keys()].map((name) => {
    const counts = store.stageCounts(name);
    const last = store.lastStageRun(name);
    return {
      stage: name,
      done: counts.ok + counts.rejected,
      flagged: counts.flagged,
      failed: counts.failed,
      pending: counts.pending,
      lastRun: last ? `${last.started_at.replace('T', ' ').slice(0, 19)} ${last.status}` : 'never',
      duration: last?.duration_ms != null ? `${(last.duration_ms / 1000).toFixed(1)}s` : '-',
      note: (last?.message ?? '').split('\n')[0],
    };
  });
}

export function printStatus(store: Store, stages: Map<StageName, Stage>): void {
  const rows = statusRows(store, stages);
  const head = ['stage', 'done', 'flagged', 'failed', 'pending', 'last run', 'duration', 'note'];
  const table = [head, ...rows.map((r) => [r.stage, r.done, r.flagged, r.failed, r.pending, r.lastRun, r.duration, r.note].map(String))];
  // The note is the last column, so it may run long (resolve's tier mix) without pushing others out.
  const limit = (i: number) => (i === head.length - 1 ? 160 : 60);
  const widths = head.map((_, i) => Math.max(...table.map((row) => Math.min(row[i].length, limit(i)))));
  for (const row of table) console.log(row.map((cell, i) => cell.slice(0, limit(i)).padEnd(widths[i])).join('  ').trimEnd());
}

export const statusCommand: CommandModule<object, CommonArgs & { json?: boolean }> = {
  command: 'status',
  describe: 'One row per stage: items done / flagged / failed / pending, last run, duration',
  builder: (y) => withCommon(y).option('json', { type: 'boolean', describe: 'Print the rows as JSON: {stages: [{stage, done, flagged, failed, pending, lastRun, duration, note}]}' }) as never,
  handler: (args) => {
    const session = sessionFrom(args, { readonly: true });
    try {
      const rows = statusRows(session.store, registry());
      if (args.json) console.log(JSON.stringify({ stages: rows }, null, 2));
      else printStatus(session.store, registry());
      const failed = rows.some((r) => r.failed > 0);
      if (failed) process.exitCode = 1;
    } finally {
      session.close();
    }
  },
};
