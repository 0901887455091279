/**
 * assemble: the base benchmark. Three pools — internal error candidates (diversify-internal, ok
 * only), error-free controls (every resolved trajectory stopped at its internal step k, with the
 * correct a_k and its real response) and environment-error candidates (diversify-external, ok
 * only) — are screened case by case, then drawn to the configured sizes in `enumerate`, stratified
 * by error type × source so the dataset keeps the pool's mix. CoT cases are the same cases drawn
 * again (stratified the same way) from the chosen plain ones and rendered with thoughts, so every
 * CoT case has a plain twin. A pool member that cannot make a sound case becomes a rejected item
 * with its reason; it never takes a seat in the sample.
 */
import { TestCase, type InternalErrorCandidate, type SourceName } from '../../pipeline/schemas.js';
import type { ItemContext, ItemResult, ItemStage, StageContext, StageItem } from '../../pipeline/stage.js';
import { chooseK } from '../../pipeline/steps.js';
import { readResolved, readTevalRecords } from '../diversify-internal/inputs.js';
import { internalEligible } from '../diversify-internal/eligibility.js';
import { ASSEMBLE_RULES, buildCase, caseId, type CaseSpec } from './build.js';
import { stratifiedSample, type Allocation } from './sampling.js';
import { observedCandidates } from './observed.js';
import { recordedCandidates } from './recorded.js';

const STAGE = 'assemble';

export interface AssembleInput {
  spec: CaseSpec;
  cot: boolean;
  /** Set when screening already found the case unusable: the item is recorded as rejected with it. */
  problem?: string;
}

interface PoolMember {
  id: string;
  spec: CaseSpec;
  stratum: string;
  parents: string[];
  /** A real error (recorded in the source or observed from a model): drawn before any simulated one. */
  real?: boolean;
}

type Part = 'internal' | 'control' | 'external';

function field(content: unknown, name: string): unknown {
  return content && typeof content === 'object' ? (content as Record<string, unknown>)[name] : undefined;
}

/** Where the trajectory's thoughts came from: the standardize artifact behind the resolved one. */
function thoughtsMethods(ctx: StageContext): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of ctx.upstream<unknown>('resolve', ['ok'])) {
    const std = a.parents.map((p) => ctx.store.getArtifact(p)).find((p) => p?.stage === 'standardize');
    out.set(a.key, std ? `standardize:${std.method}` : `resolve:${a.method}`);
  }
  return out;
}

function buildPools(ctx: StageContext): Record<Part, PoolMember[]> {
  const resolved = readResolved(ctx, STAGE);
  const byId = new Map(resolved.map((r) => [r.trajectory.id, r]));
  const thoughts = thoughtsMethods(ctx);
  const pools: Record<Part, PoolMember[]> = { internal: [], control: [], external: [] };

  const fromCandidates = (part: 'internal' | 'external', stage: 'diversify-internal' | 'diversify-external', stratumOf: (c: unknown) => string) => {
    for (const a of ctx.upstream<unknown>(stage, ['ok'])) {
      const trajectoryId = field(a.content, 'trajectoryId');
      const k = field(a.content, 'k');
      const r = typeof trajectoryId === 'string' ? byId.get(trajectoryId) : undefined;
      const tag = part === 'external' ? 'env' : field(a.content, 'errorType');
      const id =
        typeof trajectoryId === 'string' && typeof k === 'number' && Number.isInteger(k) && k > 0 && typeof tag === 'string' && /^[a-z_]+$/.test(tag)
          ? caseId(trajectoryId, tag as never, k, false)
          : `${a.itemId.replace(/[^A-Za-z0-9_-]/g, '_')}-malformed`;
      const spec: CaseSpec = {
        part,
        trajectory: r?.trajectory ?? null,
        trajectoryId: typeof trajectoryId === 'string' ? trajectoryId : '?',
        candidate: a.content,
        candidateItemId: a.itemId,
        thoughtsMethod: r ? (thoughts.get(r.key) ?? 'trajectory') : 'none',
      };
      pools[part].push({ id, spec, stratum: stratumOf(a.content), parents: [...(r ? [r.key] : []), a.key] });
    }
  };
  const sourceOf = (c: unknown) => String(field(c, 'source') ?? '?');
  fromCandidates('internal', 'diversify-internal', (c) => `${String(field(c, 'errorType') ?? '?')} | ${sourceOf(c)}`);

  // Real errors (observed from a model under test, recorded by T-Eval) join the same pool and strata, seated first.
  const addReal = (c: InternalErrorCandidate, candidateItemId: string, parentKey: string, who: { observed: { model: string } } | { recorded: { recordId: string } }) => {
    const r = byId.get(c.trajectoryId);
    const spec: CaseSpec = { part: 'internal', trajectory: r?.trajectory ?? null, trajectoryId: c.trajectoryId, candidate: c, candidateItemId, thoughtsMethod: r ? (thoughts.get(r.key) ?? 'trajectory') : 'none', ...who };
    const id = 'observed' in who ? caseId(c.trajectoryId, c.errorType, c.k, false, who.observed.model) : caseId(c.trajectoryId, c.errorType, c.k, false, undefined, who.recorded.recordId);
    pools.internal.push({ id, spec, stratum: `${c.errorType} | ${c.source}`, parents: [...(r ? [r.key] : []), parentKey], real: true });
  };
  // observe is skipped without a model; the recorded errors are T-Eval's review label C, bound to the steps they attempted.
  const observed = observedCandidates(ctx.upstream<unknown>('observe', ['ok']));
  for (const o of observed.candidates) addReal(o.candidate, o.id, o.parentKey, { observed: { model: o.candidate.method.replace(/^llm:/, '') } });
  const recorded = recordedCandidates(readTevalRecords(ctx, STAGE, ['C']), resolved.map((r) => r.trajectory));
  for (const o of recorded.candidates) addReal(o.candidate, o.id, o.parentKey, { recorded: { recordId: o.recordId } });
  if (recorded.candidates.length || recorded.skipped.length) {
    const byType = new Map<string, number>();
    for (const o of recorded.candidates) byType.set(o.candidate.errorType, (byType.get(o.candidate.errorType) ?? 0) + 1);
    ctx.log(`[${STAGE}] T-Eval recorded input errors: ${recorded.candidates.length} in the internal pool (${[...byType].map(([t, n]) => `${t} ${n}`).join(', ')}), ${recorded.skipped.length} left out`);
  }
  if (observed.candidates.length || observed.skipped.length) {
    ctx.log(`[${STAGE}] observed errors: ${observed.candidates.length} in the internal pool, ${observed.skipped.length} left out (${[...new Set(observed.skipped.map((s) => s.reason.split(':')[0]))].slice(0, 5).join('; ') || '-'})`);
  }
  fromCandidates('external', 'diversify-external', (c) => `${String(field(c, 'kind') ?? '?')} | ${sourceOf(c)}`);

  let noStep = 0;
  for (const r of resolved) {
    // The same draw diversify-internal made, so a control stops where that trajectory's errors do.
    const k = chooseK(r.trajectory, ctx.seed, 'k-internal', internalEligible);
    if (k === undefined) {
      noStep++;
      continue;
    }
    const spec: CaseSpec = { part: 'control', trajectory: r.trajectory, trajectoryId: r.trajectory.id, k, thoughtsMethod: thoughts.get(r.key) ?? 'trajectory' };
    pools.control.push({ id: caseId(r.trajectory.id, 'control', k, false), spec, stratum: `control | ${r.trajectory.source}`, parents: [r.key] });
  }
  if (noStep) ctx.log(`[${STAGE}] ${noStep} resolved trajectories have no tool step that can stop a control`);
  return pools;
}

function formatAllocation(part: string, variant: string, target: number, allocation: Allocation[]): string {
  const chosen = allocation.reduce((n, a) => n + a.quota, 0);
  const pool = allocation.reduce((n, a) => n + a.pool, 0);
  const short = chosen < target ? ` — SHORT: the pool holds ${pool}, took all` : '';
  return `[${STAGE}] ${part} ${variant}: ${chosen}/${target} from ${pool}${short} (${allocation.map((a) => `${a.stratum} ${a.quota}/${a.pool}`).join(', ')})`;
}

export function enumerateAssemble(ctx: StageContext): StageItem<AssembleInput>[] {
  const pools = buildPools(ctx);
  const cfg = ctx.config.assemble;
  const items: StageItem<AssembleInput>[] = [];
  const rejectedCounts: Record<string, number> = {};

  const screen = (part: Part) => {
    const usable: (PoolMember & { cotProblem?: string })[] = [];
    for (const m of pools[part]) {
      const plain = buildCase(m.spec, false);
      if (!plain.ok) {
        items.push({ id: m.id, input: { spec: m.spec, cot: false, problem: plain.reason }, parents: m.parents });
        rejectedCounts[part] = (rejectedCounts[part] ?? 0) + 1;
        continue;
      }
      const cot = buildCase(m.spec, true);
      usable.push({ ...m, ...(cot.ok ? {} : { cotProblem: cot.reason }) });
    }
    return usable;
  };

  /**
   * Real errors first: every recorded or observed error takes a seat (up to the target), and the
   * stratified draw of simulated ones fills the rest.
   */
  const realFirst = <M extends PoolMember>(part: Part, variant: string, members: M[], target: number) => {
    const real = members.filter((m) => m.real).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const seated = real.length <= target ? real : ctx.rng(`sample:${part}:${variant}:real`).sample(real, target);
    const rest = stratifiedSample(
      members.filter((m) => !m.real),
      (m) => m.stratum,
      target - seated.length,
      (s) => ctx.rng(`sample:${part}:${variant}:${s}`),
    );
    if (seated.length) ctx.log(`[${STAGE}] ${part} ${variant}: ${seated.length} real errors seated before the draw`);
    return { chosen: [...seated, ...rest.chosen], allocation: rest.allocation, seated: seated.length };
  };

  const draw = (part: Part, members: ReturnType<typeof screen>, plainTarget: number, cotTarget: number) => {
    const plain = realFirst(part, 'plain', members, plainTarget);
    ctx.log(formatAllocation(part, 'plain', plainTarget - plain.seated, plain.allocation));
    for (const m of plain.chosen) items.push({ id: m.id, input: { spec: m.spec, cot: false }, parents: m.parents });
    // A chosen case whose CoT rendering is unusable is recorded as such and cannot be drawn for CoT.
    for (const m of plain.chosen.filter((x) => x.cotProblem)) {
      items.push({ id: `${m.id}-cot`, input: { spec: m.spec, cot: true, problem: m.cotProblem }, parents: m.parents });
    }
    const cot = realFirst(part, 'cot', plain.chosen.filter((m) => !m.cotProblem), cotTarget);
    ctx.log(formatAllocation(part, 'cot', cotTarget - cot.seated, cot.allocation));
    for (const m of cot.chosen) items.push({ id: `${m.id}-cot`, input: { spec: m.spec, cot: true }, parents: m.parents });
  };

  const controls = Math.round(cfg.internal * cfg.errorFreeShare);
  const cotControls = Math.round(cfg.cotInternal * cfg.errorFreeShare);
  draw('internal', screen('internal'), cfg.internal - controls, cfg.cotInternal - cotControls);
  draw('control', screen('control'), controls, cotControls);
  draw('external', screen('external'), cfg.external, cfg.cotExternal);
  if (Object.keys(rejectedCounts).length) {
    ctx.log(`[${STAGE}] pool members that cannot make a sound case (recorded as rejected items): ${Object.entries(rejectedCounts).map(([p, n]) => `${p} ${n}`).join(', ')}`);
  }

  // Stable order whatever the pools' order; a collision (two candidates for one case) keeps the first.
  const seen = new Set<string>();
  const unique = items.filter((it) => {
    if (seen.has(it.id)) {
      ctx.log(`[${STAGE}] two pool members make case ${it.id}; kept the first`);
      return false;
    }
    seen.add(it.id);
    return true;
  });
  return unique.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export async function runAssemble(item: StageItem<AssembleInput>, _ctx: ItemContext): Promise<ItemResult<TestCase>> {
  if (item.input.problem) return { status: 'rejected', content: null, reason: item.input.problem, method: ASSEMBLE_RULES };
  const built = buildCase(item.input.spec, item.input.cot);
  if (!built.ok) return { status: 'rejected', content: null, reason: built.reason, method: ASSEMBLE_RULES };
  const testCase: TestCase = { ...built.testCase, provenance: { ...built.testCase.provenance, parents: item.parents } };
  const upstreamMethod = testCase.provenance.methods.error ?? testCase.provenance.methods.environment;
  return { status: 'ok', content: testCase, method: upstreamMethod ? `${ASSEMBLE_RULES}+${upstreamMethod}` : ASSEMBLE_RULES };
}

/** Counts per kind × error type × source × variant over the stage's current output. */
export function assembleSummary(ctx: Pick<StageContext, 'upstream'>): string {
  const counts = new Map<string, number>();
  let rejected = 0;
  for (const a of ctx.upstream<TestCase | null>(STAGE, ['ok', 'rejected'])) {
    if (a.status === 'rejected' || !a.content) {
      rejected++;
      continue;
    }
    const c = a.content;
    const key = `${c.kind} | ${c.kind === 'external' ? (c.environmentError ?? '?') : c.errorType || 'control'} | ${c.source as SourceName} | ${c.cot ? 'cot' : 'plain'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return ['cases (kind | type | source | variant: count)', ...[...counts].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}: ${n}`), `rejected pool members: ${rejected}`].join('\n');
}

export const assembleStage: ItemStage<AssembleInput, TestCase> & { summarize(ctx: StageContext): string } = {
  kind: 'items',
  pure: true,
  name: STAGE,
  version: '6', // 6: recorded errors' CoT thoughts no longer state a dropped key's value; pool members whose shown history takes a value from nowhere are rejected
  // observe is read for the errors a model really made; it is skipped (no output) without a model.
  // collect: T-Eval's recorded input errors (review label C) become cases.
  upstream: ['collect', 'resolve', 'observe', 'diversify-internal', 'diversify-external'],
  description: 'base test cases: internal errors, error-free controls and environment errors at step k, plain and CoT, stratified to the configured sizes',
  output: TestCase,
  configSlice: (c) => c.assemble,
  enumerate: enumerateAssemble,
  run: runAssemble,
  summarize: assembleSummary,
};
