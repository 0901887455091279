/**
 * The defect rates of issue 13 (items 1, 3, 4, 6) over a build's base cases:
 *   npx tsx scripts/bench/groundingDefects.ts --db /tmp/x.db
 * Ungrounded ground truth per source, controls not error-free, infeasible skips (BFCL decided by
 * execution without a_k on the backends), HTTP-style errors on local tools. The measures live in
 * pipeline/quality/grounding.ts; this only reads the store and prints them.
 */
import { parseArgs } from 'node:util';
import { Store } from '../../pipeline/store/store.js';
import { parseConfig } from '../../pipeline/config.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { ChainResolver } from '../../pipeline/resolution/index.js';
import { Rng } from '../../pipeline/rng.js';
import { measureDefects, type DefectCase, type Rate } from '../../pipeline/quality/grounding.js';
import { skipProblem } from '../../stages/diversify-external/afterFailure.js';
import type { ResolvedTrajectory, TestCase } from '../../pipeline/schemas.js';

const { values } = parseArgs({ options: { db: { type: 'string' } } });
if (!values.db) throw new Error('--db PATH is required');
const store = Store.open(values.db, { readonly: true });
const cases = store.readStage<TestCase>('assemble', ['ok']).map((a) => a.content).filter((c) => !c.cot);
const trajectories = new Map(store.readStage<ResolvedTrajectory>('resolve', ['ok']).map((a) => [a.content.trajectory.id, a.content.trajectory]));
const scratch = Store.open(':memory:');
const resolver = new ChainResolver({ store: scratch, config: parseConfig({ llm: { mode: 'offline' } }), llm: new OfflineGateway() });

const rates = await measureDefects(cases as DefectCase[], {
  trajectoryRecordId: (c) => String(trajectories.get(c.trajectoryId)?.meta.recordId ?? c.trajectoryId),
  skipProblem: async (c) => {
    const t = trajectories.get(c.trajectoryId);
    if (!t) return undefined;
    const failure = c.messages[c.messages.length - 1].content;
    return skipProblem(t, c.k, { content: failure, tier: 'simulated', error: { source: 'environment', message: failure } }, (call) => resolver.resolve(call, { rng: new Rng(1, 'measure') }));
  },
});
const show = (name: string, r: Rate) => console.log(`${name.padEnd(34)} ${String(r.defects).padStart(5)}/${String(r.population).padEnd(5)} ${((100 * r.defects) / Math.max(1, r.population)).toFixed(1).padStart(5)}%  ${r.examples.slice(0, 3).join(' ')}`);
console.log(`base plain cases: ${cases.length}`);
for (const [source, r] of Object.entries(rates.ungrounded)) show(`ungrounded ground truth (${source})`, r);
show('controls not error-free', rates.controlsNotErrorFree);
show('infeasible skips (external)', rates.infeasibleSkips);
show('HTTP-style errors on local tools', rates.httpOnLocal);
store.close();
