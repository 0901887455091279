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
import { TestCase, type InternalErrorCandidate, type SourceName, type Trajectory } from '../../pipeline/schemas.js';
import type { ItemContext, ItemResult, ItemStage, StageContext, StageItem } from '../../pipeline/stage.js';
import { chooseK } from '../../pipeline/steps.js';
import { iterateResolved, parseResolvedTrajectory, readTevalRecords } from '../diversify-internal/inputs.js';
import { readRef, refTo, type ArtifactRef } from '../../pipeline/artifactRef.js';
import type { Store } from '../../pipeline/store/store.js';
import { internalEligibleIn } from '../diversify-internal/eligibility.js';
import { ASSEMBLE_RULES, buildCase, caseId, type CaseSpec } from './build.js';
import { stratifiedSample, type Allocation } from './sampling.js';
import { observedCandidates } from './observed.js';
import { RecordBinder } from './recorded.js';

const STAGE = 'assemble';

/**
 * A CaseSpec with its upstream artifacts by reference (pipeline/artifactRef.ts): the resolved
 * trajectory and a diversify candidate are read when the item runs. A real error's candidate is
 * made in enumerate (from a T-Eval record or an observation) and travels inline.
 */
export type SpecInput = DistributiveOmit<CaseSpec, 'trajectory' | 'candidate'> & {
  trajectory: ArtifactRef | null;
  candidate?: ArtifactRef | { inline: unknown };
};
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface AssembleInput {
  spec: SpecInput;
  cot: boolean;
  /** Set when screening already found the case unusable: the item is recorded as rejected with it. */
  problem?: string;
}

interface PoolMember {
  id: string;
  spec: SpecInput;
  stratum: string;
  parents: string[];
  /** A real error (recorded in the source or observed from a model): drawn before any simulated one. */
  real?: boolean;
  /** Why the plain case cannot be made (screened in enumerate), or why its CoT twin cannot. */
  problem?: string;
  cotProblem?: string;
}

type Part = 'internal' | 'control' | 'external';

/** The spec a SpecInput names, its artifacts read from the store. */
function specFrom(input: SpecInput, parents: readonly string[], store: Store): CaseSpec {
  const trajectory = input.trajectory ? readRef(store, parents, input.trajectory, parseResolvedTrajectory) : null;
  if (input.part === 'control') {
    if (!trajectory) throw new Error(`control ${input.trajectoryId} names no trajectory`);
    return { ...input, trajectory };
  }
  const c = input.candidate;
  const candidate = c === undefined ? undefined : 'inline' in c ? c.inline : readRef(store, parents, c);
  return { ...input, trajectory, candidate } as CaseSpec;
}

/** Screen a member: both renderings built once here, so only the reasons are kept. */
function screened(m: Omit<PoolMember, 'problem' | 'cotProblem'>, spec: CaseSpec): PoolMember {
  const plain = buildCase(spec, false);
  if (!plain.ok) return { ...m, problem: plain.reason };
  const cot = buildCase(spec, true);
  return cot.ok ? m : { ...m, cotProblem: cot.reason };
}

/**
 * The three pools, screened, from the upstream stages read one artifact at a time: listings give
 * every candidate's trajectory, stratum and id without parsing it; one pass over the resolved
 * trajectories then reads each trajectory once and screens its candidates and its control (a pool
 * keeps its upstream order); only ids, strata, references and screening verdicts are kept.
 */
function buildPools(ctx: StageContext): Record<Part, PoolMember[]> {
  const { store } = ctx;
  const resolvedListing = store.stageListing('resolve', ['ok'], { trajectoryId: '$.trajectory.id' });
  // A trajectory id names its last resolved artifact, as a map built in stage order would.
  const lastOfId = new Map<unknown, number>();
  resolvedListing.forEach((a, i) => lastOfId.set(a.fields.trajectoryId, i));
  const candidateFields = { trajectoryId: '$.trajectoryId', k: '$.k', errorType: '$.errorType', kind: '$.kind', source: '$.source' };
  const listings = {
    internal: store.stageListing('diversify-internal', ['ok'], candidateFields),
    external: store.stageListing('diversify-external', ['ok'], candidateFields),
  };
  const candidatesOf = new Map<unknown, { part: 'internal' | 'external'; at: number }[]>();
  for (const part of ['internal', 'external'] as const) {
    listings[part].forEach((a, at) => {
      const list = candidatesOf.get(a.fields.trajectoryId) ?? [];
      list.push({ part, at });
      candidatesOf.set(a.fields.trajectoryId, list);
    });
  }
  const records = readTevalRecords(ctx, STAGE, ['C']);
  const binder = new RecordBinder(records);

  // Members by upstream position, so each pool keeps the order its stage gives it.
  const placed: Record<Part, (PoolMember | undefined)[]> = { internal: [], control: [], external: [] };
  const resolvedById = new Map<string, { key: string; ref: ArtifactRef; thoughtsMethod: string }>();

  const sourceOf = (f: Record<string, unknown>) => String(f.source ?? '?');
  const candidateMember = (part: 'internal' | 'external', at: number, r: { key: string; contentHash: string | null; trajectory: Trajectory; thoughtsMethod: string } | undefined): PoolMember => {
    const a = listings[part][at];
    const { trajectoryId, k } = a.fields;
    const tag = part === 'external' ? 'env' : a.fields.errorType;
    const id =
      typeof trajectoryId === 'string' && typeof k === 'number' && Number.isInteger(k) && k > 0 && typeof tag === 'string' && /^[a-z_]+$/.test(tag)
        ? caseId(trajectoryId, tag as never, k, false)
        : `${a.itemId.replace(/[^A-Za-z0-9_-]/g, '_')}-malformed`;
    const parents = [...(r ? [r.key] : []), a.key];
    const spec: SpecInput = {
      part,
      trajectory: r ? refTo(r, 0) : null,
      trajectoryId: typeof trajectoryId === 'string' ? trajectoryId : '?',
      candidate: refTo(a, parents.length - 1),
      candidateItemId: a.itemId,
      thoughtsMethod: r ? r.thoughtsMethod : 'none',
    };
    const stratum = part === 'external' ? `${String(a.fields.kind ?? '?')} | ${sourceOf(a.fields)}` : `${String(a.fields.errorType ?? '?')} | ${sourceOf(a.fields)}`;
    const candidate = store.getArtifact(a.key)!.content;
    return screened({ id, spec, stratum, parents }, { ...spec, trajectory: r?.trajectory ?? null, candidate } as CaseSpec);
  };

  const positionOf = new Map(resolvedListing.map((a, i) => [a.key, i]));
  let noStep = 0;
  for (const r of iterateResolved(ctx, STAGE)) {
    const listed = positionOf.get(r.key)!;
    binder.see(r.trajectory);
    // Where the trajectory's thoughts came from: the standardize artifact behind the resolved one.
    const info = resolvedListing[listed];
    const stdKey = info.parents.find((p) => store.artifactInfo(p)?.stage === 'standardize');
    const thoughtsMethod = stdKey ? `standardize:${store.artifactInfo(stdKey)!.method}` : `resolve:${info.method}`;
    const here = { ...r, thoughtsMethod };
    resolvedById.set(r.trajectory.id, { key: r.key, ref: refTo(r, 0), thoughtsMethod });
    if (lastOfId.get(r.trajectory.id) === listed) {
      for (const { part, at } of candidatesOf.get(r.trajectory.id) ?? []) placed[part][at] = candidateMember(part, at, here);
      candidatesOf.delete(r.trajectory.id);
    }
    // The same draw diversify-internal made, so a control stops where that trajectory's errors do.
    const k = chooseK(r.trajectory, ctx.seed, 'k-internal', internalEligibleIn(r.trajectory));
    if (k === undefined) {
      noStep++;
      continue;
    }
    const spec: SpecInput = { part: 'control', trajectory: refTo(r, 0), trajectoryId: r.trajectory.id, k, thoughtsMethod };
    placed.control[listed] = screened(
      { id: caseId(r.trajectory.id, 'control', k, false), spec, stratum: `control | ${r.trajectory.source}`, parents: [r.key] },
      { ...spec, trajectory: r.trajectory },
    );
  }
  // Candidates whose trajectory resolve did not keep: screening names why.
  for (const list of candidatesOf.values()) for (const { part, at } of list) placed[part][at] = candidateMember(part, at, undefined);

  const pools: Record<Part, PoolMember[]> = {
    internal: placed.internal.filter((m): m is PoolMember => !!m),
    control: placed.control.filter((m): m is PoolMember => !!m),
    external: placed.external.filter((m): m is PoolMember => !!m),
  };

  // Real errors (observed from a model under test, recorded by T-Eval) join the same pool and strata, seated first.
  const addReal = (c: InternalErrorCandidate, candidateItemId: string, parentKey: string, who: { observed: { model: string } } | { recorded: { recordId: string } }) => {
    const r = resolvedById.get(c.trajectoryId);
    const parents = [...(r ? [r.key] : []), parentKey];
    const spec: SpecInput = { part: 'internal', trajectory: r ? r.ref : null, trajectoryId: c.trajectoryId, candidate: { inline: c }, candidateItemId, thoughtsMethod: r ? r.thoughtsMethod : 'none', ...who };
    const id = 'observed' in who ? caseId(c.trajectoryId, c.errorType, c.k, false, who.observed.model) : caseId(c.trajectoryId, c.errorType, c.k, false, undefined, who.recorded.recordId);
    pools.internal.push(screened({ id, spec, stratum: `${c.errorType} | ${c.source}`, parents, real: true }, specFrom(spec, parents, store)));
  };
  // observe is skipped without a model; the recorded errors are T-Eval's review label C, bound to the steps they attempted.
  const observed = observedCandidates(ctx.upstream<unknown>('observe', ['ok']));
  for (const o of observed.candidates) addReal(o.candidate, o.id, o.parentKey, { observed: { model: o.candidate.method.replace(/^llm:/, '') } });
  const recorded = binder.candidates();
  for (const o of recorded.candidates) addReal(o.candidate, o.id, o.parentKey, { recorded: { recordId: o.recordId } });
  if (recorded.candidates.length || recorded.skipped.length) {
    const byType = new Map<string, number>();
    for (const o of recorded.candidates) byType.set(o.candidate.errorType, (byType.get(o.candidate.errorType) ?? 0) + 1);
    ctx.log(`[${STAGE}] T-Eval recorded input errors: ${recorded.candidates.length} in the internal pool (${[...byType].map(([t, n]) => `${t} ${n}`).join(', ')}), ${recorded.skipped.length} left out`);
  }
  if (observed.candidates.length || observed.skipped.length) {
    ctx.log(`[${STAGE}] observed errors: ${observed.candidates.length} in the internal pool, ${observed.skipped.length} left out (${[...new Set(observed.skipped.map((s) => s.reason.split(':')[0]))].slice(0, 5).join('; ') || '-'})`);
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
    const usable: PoolMember[] = [];
    for (const m of pools[part]) {
      if (m.problem) {
        items.push({ id: m.id, input: { spec: m.spec, cot: false, problem: m.problem }, parents: m.parents });
        rejectedCounts[part] = (rejectedCounts[part] ?? 0) + 1;
        continue;
      }
      usable.push(m);
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

export async function runAssemble(item: StageItem<AssembleInput>, ctx: ItemContext): Promise<ItemResult<TestCase>> {
  if (item.input.problem) return { status: 'rejected', content: null, reason: item.input.problem, method: ASSEMBLE_RULES };
  const built = buildCase(specFrom(item.input.spec, item.parents, ctx.store), item.input.cot);
  if (!built.ok) return { status: 'rejected', content: null, reason: built.reason, method: ASSEMBLE_RULES };
  const testCase: TestCase = { ...built.testCase, provenance: { ...built.testCase.provenance, parents: item.parents } };
  // verify finds a base case by its item id (stages/verify enumerateVerify): the two are one.
  if (testCase.id !== item.id) throw new Error(`assemble item ${item.id} built case ${testCase.id}`);
  const upstreamMethod = testCase.provenance.methods.error ?? testCase.provenance.methods.environment;
  return { status: 'ok', content: testCase, method: upstreamMethod ? `${ASSEMBLE_RULES}+${upstreamMethod}` : ASSEMBLE_RULES };
}

/** Counts per kind × error type × source × variant over the stage's current output. */
export function assembleSummary(ctx: Pick<StageContext, 'store'>): string {
  const counts = new Map<string, number>();
  let rejected = 0;
  const fields = { kind: '$.kind', environmentError: '$.environmentError', errorType: '$.errorType', source: '$.source', cot: '$.cot' };
  for (const a of ctx.store.stageListing(STAGE, ['ok', 'rejected'], fields)) {
    if (a.status === 'rejected' || a.contentHash === null) {
      rejected++;
      continue;
    }
    const c = a.fields as { kind: TestCase['kind']; environmentError?: string; errorType?: string; source: SourceName; cot: boolean };
    const key = `${c.kind} | ${c.kind === 'external' ? (c.environmentError ?? '?') : c.errorType || 'control'} | ${c.source} | ${c.cot ? 'cot' : 'plain'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return ['cases (kind | type | source | variant: count)', ...[...counts].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}: ${n}`), `rejected pool members: ${rejected}`].join('\n');
}

export const assembleStage: ItemStage<AssembleInput, TestCase> & { summarize(ctx: StageContext): string } = {
  kind: 'items',
  pure: true,
  name: STAGE,
  version: '76', // 76 (lead41): a case whose ground truth lists or walks folders toward a file the request asks to find by name, with `find` listed and nothing shown placing the file, is turned down (bfcl_multi_turn_base_5's ls, then cd "project", for "Find analysis_report.csv and … move it": find(name="analysis_report.csv") is as right a call; quality/findServes.ts, gt_find_serves_step, new, 9/118 on lead41 m5). 75 (lead40): a list said with its items in brackets takes no second pair round it ("three numbered bullet items (\"Introduction to computer vision\", …)", "content of three numbered points (…)"; thoughtPhrases argWords; thought_brackets_nested 22/2,186 on lead40 m9). 74 (lead39): diff's files said as the first and second file ("`diff` with first file \"config.py\" and second file \"real_config.py\""), never "file name 1" (grammar.ts BARE_KEYS; thought_key_bare widened, 23/2,186 on lead39 m9). 73 (lead39): no comma before the last argument where the "and" before it sits inside brackets ("with bullet items (a record of Authors and Summary) and title \"…\"": thoughtPhrases argPhrase outsideBrackets; thought_serial_comma_needless 29/2,186 on lead39 m8). 72 (lead38): retryThought's fourth frame gives its reason (diversify-external 55; thought_retry_may_pass). 71 (lead38): a closing thought says a file-system deed as done ("`mv` came back and \"a.txt\" was moved to \"b.txt\""), never quoting its reply ("the result is \"'a.txt' moved to 'b.txt'\""; thoughtPhrases answerFact, thought_reply_quoted, new, 30/2,186 on g0). 70 (lead37): a retry's thought says why a refusal's retry goes through where its message says so ("The key the request was signed with was rotated while it was in flight, and the new one is in place, so …"; retryReason; thought_retry_reason_unsaid 8/376 on f2). 69 (lead37): a listing's entry among its first ten said by its place ("the first entry is "RMS""), a second value off the same listing with it ("… and the second entry is "SBK""), never ""RMS" is one of the entries" (thought_list_place_unsaid 13/2,186 on g0). 68 (lead36): one value of a plural key said with the singular (thought_plural_key_one_value). 67 (lead36): a number cited from the request restated bare (thought_number_quoted_as_text). 66 (lead36): a unit key names an amount in retry thoughts ("with 13.2 gallons"; thought_unit_as_noun). 65 (lead36): a retry's thought describes a schedule it passes by its opening ("bullet items beginning \"9:00 AM - …\""), never "a record of 9, 10, 11 and more" (thought_record_of_numbers 2/2,186 on m16). 64 (lead36): a retry's thought sends the call again ("so I send the same `get_distance` call again"), never "the same … call goes again" (retryThought; thought_call_goes_again 116/2,186 on m4). 63 (h-lead35): 62's names in the writer's own frames ("`x` says", "The answer from `x` gives me"): its "`x` told me" told the wrong call's thought apart by style (error_thought_style_tell 78/1,450 on m17) and its "What `x` returned" claimed the call's other values came from it (thought_claims_given_value 4). 62 (h-lead35): an internal-error case's ground-truth thought names the tool its "last call" meant ("`get_symbol_by_name` says the symbol is \"QUAS\".", "The answer from `get_available_stocks` gives me what I need to …"), never "The last call tells me …" after the wrong call's error (afterError.ts; gt_thought_last_call_stale 148/1,448 on g0). 61 (h-lead35): a case whose calls cite a paper the request names by its title where the result picked has another title (teval_query_329_1 cites "Measuring the impact of AI and modern society" for the user's own "Impact of AI on Modern Society", which no result is), or cite the top result of a search about something else for one person's most cited paper (teval_query_77_2: Scholar's author record gives no citation counts, so nothing shown tells Jane Brown's), is turned down (gt_contradicts_ranking widened: 16/747 on g0). 60 (h-lead34): closing thoughts say a short list item by item (argPhrase). 59 (h-lead33): a turn's closing thought names a bare key of its last call by the docs ("`get_route` with starting point \"Central Park\" …", thought_key_bare 6/2,186 after the h-solv33 merge). 58 (h-lead33): a turn's closing thought cites a field of the last answer the request asks about where it holds one ("…the balance is 31500…" for "especially the available balance and linked card details"), never the first field it holds ("the account id is 12345"; thought_closing_fact_unasked 11/2,186 on b4). 57 (h-solv32): a case whose ground truth counts a forecast's days ahead from a today nothing it shows gives is turned down (teval_query_314_2's forecast_weather(days=1) for "the weather at these beaches on October 17, 2023", no clock, no "today is": days=2 or 3 is as right; gt_forecast_days_unanchored 10/69 on g0), and so is one whose ground truth passes free search text in words no user turn, shown call or answer holds (477_1-control-k2's serper_search(query="The Godfather movie information") for "search for additional information about the first movie", 448_2-env-k3's go-on "红猪 电影简介", 254_1-env-k3's get_image(keywords="computer vision,image recognition"); gt_query_wording_unfixed 11/357 on g0). 56 (h-solv31): an internal case whose ground truth takes a later record of a shown list the history's calls of that tool go over, passing over an earlier one that has not had the call, is turned down (104_2's third property's reviews after the first's: the second's is as right; gt_skips_listed_sibling 4/414 on b2); a case whose ground truth picks one record of a shown list where the request leaves the pick open ("the citation for one of the articles" → the first result's id, teval_query_291_2; "Choose one of these movies", 144_1) and no shown call made that pick is turned down (gt_pick_undecided 6/84 on b1); and a case showing a call (history step or injected wrong call) that passes an author the request points at on one service, where no answer of that service shown before it names them, is turned down (217_2's get_author_id("Elad Hazan"), the first arXiv author, for "the author of the first article on Google Scholar": a step nobody could derive; shown_author_confused 9/110 on g0). 55 (h-lead30): a case whose ground truth looks up an author the request neither names nor points at, and no shown call passes, is turned down (T-Eval's get_author_id("John Doe") for "an author using his or her unique ID", teval_query_274_0, 166_1, 225_2's go-on: any listed author is as right; gt_author_undecided 9/51 on l1); and one whose request points at the author of a record of a service ("the author of the first article on Google Scholar") where no answer of that service the case shows names the author (217_2 passes the first arXiv paper's "Elad Hazan"; 7 more). 54 (h-lead30): a case whose ground truth passes a distance an answer gave in one unit where the parameter's doc asks for another is turned down (BFCL's estimate_drive_feasibility_by_mileage(distance=980) "in miles" after estimate_distance's 980 "in km", bfcl_multi_turn_base_85, 92: the docs make 609 the right call; gt_arg_unit_off_doc 19/19 on g0). 53 (h-serper24): a case showing a recording cut to its doc's count (a Serper search of 10 results under "at most 3 items") says so in provenance.methods.recordingCut; 52 (h-env9): a retry's thought tells a local failure as the message does (an I/O error of the disk or device, a crashed worker, a local timeout), never as the service's (retryReason; failure_local_blamed_on_service); Earlier versions: docs/method-versions.md.
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
