/**
 * filter: keep what can be a clean ground truth; drop the rest as `rejected` with a named reason
 * (`pnpm report filter` lists them). T-Eval's recorded responses are read by later stages straight
 * from collect.
 */
import type { ItemStage, StageItem } from '../../pipeline/stage.js';
import { RejectItem } from '../../pipeline/stage.js';
import { RawTrajectory, type CollectRecord } from '../../pipeline/schemas.js';
import { checkTrajectory, signature } from './rules.js';

interface FilterInput {
  trajectory: RawTrajectory;
  duplicateOf?: string;
}

export const filterStage: ItemStage<FilterInput, RawTrajectory> = {
  kind: 'items',
  name: 'filter',
  version: '1',
  upstream: ['collect'],
  description: 'drop trajectories that cannot be a clean ground truth, each with a named reason',
  output: RawTrajectory,
  configSlice: (c) => ({ filter: c.filter }),

  enumerate(ctx) {
    const firstBySignature = new Map<string, string>();
    const items: StageItem<FilterInput>[] = [];
    for (const a of ctx.upstream<CollectRecord>('collect', ['ok'])) {
      if (a.content.kind !== 'trajectory') continue;
      const t = a.content;
      let duplicateOf: string | undefined;
      if (ctx.config.filter.dropDuplicates) {
        const sig = signature(t);
        duplicateOf = firstBySignature.get(sig);
        if (!duplicateOf) firstBySignature.set(sig, t.id);
      }
      items.push({ id: t.id, input: duplicateOf ? { trajectory: t, duplicateOf } : { trajectory: t }, parents: [a.key] });
    }
    return items;
  },

  async run(item, ctx) {
    const drop = checkTrajectory(item.input.trajectory, { minSteps: ctx.config.filter.minSteps, duplicateOf: item.input.duplicateOf });
    if (drop) throw new RejectItem(`${drop.code}: ${drop.detail}`);
    return { status: 'ok', content: item.input.trajectory, method: 'rules:filter-1' };
  },
};
