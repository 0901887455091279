/**
 * collect: read the sources into raw trajectories and T-Eval's recorded responses, one item per
 * source record. A broken record is rejected with its file and record id; the rest still load.
 */
import type { ItemStage } from '../../pipeline/stage.js';
import { RejectItem } from '../../pipeline/stage.js';
import { CollectRecord } from '../../pipeline/schemas.js';
import { checkSourceFiles, sourceFiles } from '../../sources/paths.js';
import { iterateBfcl } from '../../sources/bfcl/adapter.js';
import { iterateTeval } from '../../sources/teval/adapter.js';
import type { SourceItem } from '../../sources/records.js';
import { fileStamps } from '../../pipeline/fingerprint.js';

export const collectStage: ItemStage<SourceItem, CollectRecord> = {
  kind: 'items',
  name: 'collect',
  // 2: integers beyond 2^53 kept exactly; BFCL's initial_config carried as JSON text.
  // 3: a T-Eval plan step its own review judged only an input error carries that as a problem (filter drops the plan).
  // 4: T-Eval's checkOut no longer described as "The check-in date" (sources/teval/adapter.ts DOC_ERRATA; doc_params_described_alike).
  version: '4',
  upstream: [],
  description: 'read BFCL multi-turn base and T-Eval into raw trajectories and recorded responses',
  output: CollectRecord,
  configSlice: (c) => ({ sources: c.sources }),
  // The source files themselves (vendored or --source-dir): an edited, added or removed one is read again.
  externalInputs: (ctx) => fileStamps([sourceFiles(ctx.config.sources.dir).root]),

  // Streamed (pipeline/stage.ts): a record is read, keyed and queued, and not kept.
  *enumerate(ctx) {
    const files = sourceFiles(ctx.config.sources.dir);
    const { checked } = checkSourceFiles(files);
    // Said before the first record, so a watcher (or a signal) knows collect has begun reading.
    ctx.log(`[collect] ${files.vendored ? 'vendored data' : files.root}: ${checked} files checked`);
    const limit = typeof ctx.options.limit === 'number' ? ctx.options.limit : undefined;
    // Two records claiming one id: the second is reported, not silently merged.
    const seen = new Set<string>();
    let count = 0;
    const records = (function* () {
      if (ctx.config.sources.bfcl) yield* iterateBfcl(files, limit);
      if (ctx.config.sources.teval) yield* iterateTeval(files, limit);
    })();
    for (const r of records) {
      const id = seen.has(r.id) ? `${r.id}#dup${count}` : r.id;
      seen.add(r.id);
      count++;
      yield { id, input: r, parents: [`source:${r.sourceFile}#${r.recordId}`] };
    }
    ctx.log(`[collect] ${count} records read`);
  },

  async run(item) {
    const r = item.input;
    if (r.kind === 'problem') throw new RejectItem(`${r.code}: ${r.sourceFile} record ${r.recordId}: ${r.detail}`);
    if (item.id !== r.id) throw new RejectItem(`duplicate_record: ${r.sourceFile} record ${r.recordId} repeats id ${r.id}`);
    const parsed = CollectRecord.safeParse(r);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RejectItem(`malformed_record: ${r.sourceFile} record ${r.recordId}: field ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
    return { status: 'ok', content: parsed.data, method: 'rules:collect-2' };
  },
};
