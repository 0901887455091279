/**
 * `pnpm report quality`: every measure over every shipped case (assemble's accepted base cases and
 * verify's accepted evolved cases — what `export` writes), as a rate over its population with
 * example ids, per source and per file family (base / evolved × plain / CoT), each against the
 * threshold in `quality.thresholds`; plus how many candidates each rule rejected upstream.
 */
import type { Store } from '../store/store.js';
import { readVerified } from '../verified.js';
import { withCurrentParents } from '../currentParents.js';
import { qualityThresholds, type Config } from '../config.js';
import { ResolvedTrajectory, TestCase, type Trajectory } from '../schemas.js';
import type { CaseMeasure, Measure, MeasureGroup, QualityContext, SetMeasure } from './types.js';
import { registeredSources, type LiveExecutor } from '../resolution/sources.js';
import { SOLVABLE_MEASURES } from './measures/solvable.js';
import { ERROR_MEASURES } from './measures/errors.js';
import { TEXT_MEASURES } from './measures/text.js';
import { FAILURE_ANSWER_MEASURES } from './measures/failureAnswers.js';
import { ANSWER_CRAFT_MEASURES } from './measures/answerCraft.js';
import { docParamsDescribedAlike } from './measures/docParams.js';
import { ANSWER_ASKED_MEASURES } from './measures/answerAsked.js';
import { ANSWER_SAID_ONCE_MEASURES } from './measures/answerSaidOnce.js';
import { NOISE_MEASURES } from './measures/noise.js';
import { SIMULATED_MEASURES, simulatedRecordsUnlikeRecorded, simulatedShapeUnlikeRecorded } from './measures/simulated.js';
import { SIMULATED_PLACE_MEASURES, simulatedAbstractStockSentence } from './measures/simulatedPlaces.js';
import { simulatedPaperFrameTop } from './measures/simulatedAbout.js';
import { REVIEW_ROUTE_MEASURES, simulatedReviewClauseTop } from './measures/simulatedReviews.js';
import { PATH_MEASURES } from './measures/paths.js';
import { AGREEMENT_MEASURES } from './measures/simulatedAgrees.js';
import { PEOPLE_MEASURES } from './measures/simulatedPeople.js';
import { THOUGHT_MEASURES } from './measures/thoughts.js';
import { THOUGHT_CONTENT_MEASURES } from './measures/thoughtContent.js';
import { THOUGHT_ANSWER_MEASURES } from './measures/thoughtAnswerTie.js';
import { THOUGHT_WORDING_MEASURES } from './measures/thoughtWording.js';
import { THOUGHT_LISTING_MEASURES } from './measures/thoughtListing.js';
import { THOUGHT_REASON_MEASURES } from './measures/thoughtReasons.js';
import { CONTEXT_MEASURES } from './measures/context.js';
import { ANSWER_MEASURES } from './measures/answers.js';
import { ANSWER_QUESTION_MEASURES } from './measures/answerQuestions.js';
import { ANSWER_READS_MEASURES } from './measures/answerReads.js';
import { ANSWER_PHRASING_MEASURES } from './measures/answerPhrasing.js';
import { ANSWER_RECORDS_READ_MEASURES } from './measures/answerRecordsRead.js';
import { ANSWER_FLOW_MEASURES } from './measures/answerFlow.js';
import { ANSWER_NOUN_MEASURES } from './measures/answerNouns.js';
import { ANSWER_FRAME_MEASURES } from './measures/answerFrames.js';
import { PLAN_MEASURES } from './measures/plans.js';
import { SIMULATED_GEO_MEASURES } from './measures/simulatedGeo.js';
import { SIMULATED_TRIP_LENGTH_MEASURES } from './measures/simulatedTripLength.js';
import { SIMULATED_TRIP_REAL_MEASURES } from './measures/simulatedTripReal.js';
import { SIMULATED_STATION_MEASURES } from './measures/simulatedStations.js';
import { SIMULATED_ROUTE_ROAD_NAME_MEASURES } from './measures/simulatedRouteRoadNames.js';
import { SIMULATED_PLACE_SPOT_MEASURES } from './measures/simulatedPlaceSpots.js';
import { SIMULATED_ROUTE_END_MEASURES } from './measures/simulatedRouteEnds.js';
import { simulatedIdUnlikeRecorded } from './measures/simulatedIds.js';
import { simulatedDecimalsUnlikeRecorded, simulatedFieldFormUnlikeRecorded, simulatedListShorterThanRecorded, simulatedSummaryOpensWithTitle } from './measures/simulatedForms.js';
import { simulatedFilmNumberOffRecorded, simulatedFilmPopularityBeyondRecorded } from './measures/simulatedFilmNumbers.js';
import { simulatedStayCostPerNightImplausible, simulatedTextRestatesTitle } from './measures/simulatedThinText.js';
import { HARDER_MEANING_MEASURES } from './measures/harderMeaning.js';
import { contextMilkTwice } from './measures/contextMilkTwice.js';
import { contextReadBackUnfaithful } from './measures/longContextReadBack.js';
import { contextGrantsForCafe } from './measures/longContextCafeVoice.js';
import { contextCustomerLineRepeats } from './measures/longContextCustomerRepeats.js';
import { contextAcknowledgementRepeated } from './measures/contextAcknowledgementRepeats.js';
import { NOISY_REASON_MEASURES } from './measures/noisyReason.js';
import { contextQuestionBrushedOff } from './measures/contextQuestionBrushedOff.js';
import { contextOrderSaidTwice } from './measures/contextOrderTwice.js';
import { contextCustomerNamed } from './measures/contextCustomerNamed.js';
import { extraToolsDocFrameForeign } from './measures/extraToolsFrame.js';
import { noiseRepeatsItself } from './measures/noiseRepeats.js';
import { noiseTypoRealWord } from './measures/noiseTypoWord.js';

export const MEASURES: Measure[] = [...SOLVABLE_MEASURES, docParamsDescribedAlike, ...PATH_MEASURES, ...AGREEMENT_MEASURES, ...PEOPLE_MEASURES, ...ERROR_MEASURES, ...TEXT_MEASURES, ...HARDER_MEANING_MEASURES, ...ANSWER_MEASURES, ...ANSWER_QUESTION_MEASURES, ...PLAN_MEASURES, ...FAILURE_ANSWER_MEASURES, ...ANSWER_CRAFT_MEASURES, ...ANSWER_READS_MEASURES, ...ANSWER_PHRASING_MEASURES, ...ANSWER_RECORDS_READ_MEASURES, ...ANSWER_FLOW_MEASURES, ...ANSWER_NOUN_MEASURES, ...ANSWER_FRAME_MEASURES, ...ANSWER_ASKED_MEASURES, ...ANSWER_SAID_ONCE_MEASURES, ...NOISE_MEASURES, ...CONTEXT_MEASURES, contextMilkTwice, contextQuestionBrushedOff, contextReadBackUnfaithful, contextGrantsForCafe, contextCustomerLineRepeats, contextAcknowledgementRepeated, ...NOISY_REASON_MEASURES, contextOrderSaidTwice, contextCustomerNamed, extraToolsDocFrameForeign, noiseRepeatsItself, noiseTypoRealWord, ...THOUGHT_MEASURES, ...THOUGHT_CONTENT_MEASURES, ...THOUGHT_ANSWER_MEASURES, ...THOUGHT_WORDING_MEASURES, ...THOUGHT_LISTING_MEASURES, ...THOUGHT_REASON_MEASURES, ...SIMULATED_MEASURES, ...SIMULATED_PLACE_MEASURES, ...SIMULATED_GEO_MEASURES, ...SIMULATED_TRIP_LENGTH_MEASURES, ...SIMULATED_TRIP_REAL_MEASURES, ...SIMULATED_STATION_MEASURES, ...SIMULATED_ROUTE_ROAD_NAME_MEASURES, ...SIMULATED_PLACE_SPOT_MEASURES, ...SIMULATED_ROUTE_END_MEASURES, ...REVIEW_ROUTE_MEASURES, simulatedShapeUnlikeRecorded, simulatedRecordsUnlikeRecorded, simulatedIdUnlikeRecorded, simulatedFieldFormUnlikeRecorded, simulatedDecimalsUnlikeRecorded, simulatedListShorterThanRecorded, simulatedSummaryOpensWithTitle, simulatedFilmNumberOffRecorded, simulatedFilmPopularityBeyondRecorded, simulatedTextRestatesTitle, simulatedStayCostPerNightImplausible, simulatedPaperFrameTop, simulatedReviewClauseTop, simulatedAbstractStockSentence];

export const GROUP_TITLES: Record<MeasureGroup, string> = {
  solvable: 'Solvable and honest (every value visible, controls error-free, skips feasible, real errors)',
  errors: 'Internal errors a real model would make, with no answer in the prompt',
  text: 'Generated text that reads like people wrote it',
};

export interface Cell {
  /** Population (case measures) or scored items (set measures). */
  n: number;
  /** Defective cases (case measures). */
  defects?: number;
  /** The rate (case measures) or the score (set measures). */
  value: number;
}

export interface MeasureResult {
  id: string;
  kind: Measure['kind'];
  group: MeasureGroup;
  title: string;
  population: string;
  better: 'lower' | 'higher';
  overall: Cell | null;
  bySource: Record<string, Cell | null>;
  byFamily: Record<string, Cell | null>;
  detail?: string;
  examples: { id: string; detail: string }[];
  threshold?: number;
  breached: boolean;
}

export interface QualityReport {
  cases: { total: number; byFamily: Record<string, number> };
  measures: MeasureResult[];
  rejections: { stage: string; rule: string; count: number; example: string }[];
}

export const FAMILIES = ['base plain', 'base CoT', 'evolved plain', 'evolved CoT'] as const;

export function familyOf(tc: TestCase): string {
  return `${tc.evolution ? 'evolved' : 'base'} ${tc.cot ? 'CoT' : 'plain'}`;
}

export interface QualityInput {
  cases: TestCase[];
  ctx: QualityContext;
  rejections: QualityReport['rejections'];
}

/** A stage's accepted TestCases (assemble: base, verify: evolved); one that is not a TestCase is a bug upstream, named and fatal. */
export function readCases(store: Store, stage: 'assemble' | 'verify'): TestCase[] {
  const artifacts = stage === 'verify' ? readVerified(store, ['ok']) : store.readStage<unknown>(stage, ['ok']);
  return artifacts.map((a) => {
    const parsed = TestCase.safeParse(withCurrentParents(a.content, a.parents));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${stage} artifact ${a.itemId} is not a TestCase at ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
    return parsed.data;
  });
}

/** A rejection reason with its ids and numbers blanked, so reasons of one rule count together. */
export function ruleOf(reason: string): string {
  const first = reason.split(/;\s/)[0];
  // "<rule>: <detail>" — the part before the colon names the rule ("ungrounded ground truth", "unknown_argument").
  const head = first.split(/:\s/)[0];
  return (head.length >= 12 && head !== first ? head : first)
    .replace(/\b(?:bfcl|teval)_[\w-]+/g, '‹id›')
    .replace(/"[^"]*"|'[^']*'/g, '‹…›')
    .replace(/\b[0-9a-f]{12,}\b/g, '‹hash›')
    .replace(/\d+(?:\.\d+)?/g, 'N')
    .slice(0, 110);
}

const REJECTING_STAGES = ['filter', 'standardize', 'resolve', 'diversify-internal', 'diversify-external', 'assemble', 'evolve', 'verify'];

export function loadQualityInput(store: Store): QualityInput {
  const base = readCases(store, 'assemble');
  const evolved = readCases(store, 'verify');
  const trajectories = new Map<string, Trajectory>();
  for (const a of store.readStage<unknown>('resolve', ['ok'])) {
    const parsed = ResolvedTrajectory.safeParse(a.content);
    if (parsed.success) trajectories.set(parsed.data.trajectory.id, parsed.data.trajectory);
  }
  const baseById = new Map(base.map((c) => [c.id, c]));
  const rules = new Map<string, { stage: string; rule: string; count: number; example: string }>();
  for (const stage of REJECTING_STAGES) {
    for (const a of store.readStage(stage, ['rejected'])) {
      const rule = ruleOf(a.reason ?? '(no reason)');
      const key = `${stage}\u0000${rule}`;
      const e = rules.get(key) ?? { stage, rule, count: 0, example: a.itemId };
      e.count++;
      rules.set(key, e);
    }
  }
  // One executor per source for the whole report: BFCL's keeps sessions, so replays stay cheap.
  const executors = new Map<string, LiveExecutor>();
  for (const def of registeredSources()) if (def.live) executors.set(def.source, def.live());
  // A trajectory the executor cannot run (one built before its state was carried) is measured on data flow alone.
  const execute: QualityContext['execute'] = (t, call) => {
    try {
      return executors.get(t.source)?.execute({ trajectoryId: t.id, tools: t.tools, name: call.name, args: call.args, history: call.history, meta: t.meta });
    } catch {
      return undefined;
    }
  };
  return {
    cases: [...base, ...evolved],
    ctx: { trajectory: (id) => trajectories.get(id), baseCase: (id) => baseById.get(id), execute },
    rejections: [...rules.values()].sort((a, b) => a.stage.localeCompare(b.stage) || b.count - a.count || a.rule.localeCompare(b.rule)),
  };
}

function caseCell(m: CaseMeasure, cases: TestCase[], ctx: QualityContext, examples?: { id: string; detail: string }[]): Cell | null {
  let n = 0;
  let defects = 0;
  for (const tc of cases) {
    const r = m.check(tc, ctx);
    if (r === undefined) continue;
    n++;
    if (r !== null) {
      defects++;
      if (examples && examples.length < 3) examples.push({ id: tc.id, detail: r });
    }
  }
  return n === 0 ? null : { n, defects, value: defects / n };
}

function setCell(m: SetMeasure, cases: TestCase[], ctx: QualityContext): { cell: Cell | null; detail?: string; examples?: { id: string; detail: string }[] } {
  const s = m.score(cases, ctx);
  return s ? { cell: { n: s.n, value: s.value }, detail: s.detail, examples: s.examples } : { cell: null };
}

function groupBy(cases: TestCase[], key: (tc: TestCase) => string, keys: readonly string[]): Map<string, TestCase[]> {
  const out = new Map<string, TestCase[]>(keys.map((k) => [k, []]));
  for (const tc of cases) {
    const k = key(tc);
    if (!out.has(k)) out.set(k, []);
    out.get(k)!.push(tc);
  }
  return out;
}

/** Whether a cell is past its threshold (a maximum for lower-is-better, a minimum otherwise). */
export function breaches(cell: Cell | null, threshold: number | undefined, better: 'lower' | 'higher', minN = 0): boolean {
  if (!cell || threshold === undefined || cell.n < minN) return false;
  return better === 'lower' ? cell.value > threshold + 1e-12 : cell.value < threshold - 1e-12;
}

export function qualityReport(input: QualityInput, thresholds: Record<string, number> = {}): QualityReport {
  const unknown = Object.keys(thresholds).filter((id) => !MEASURES.some((m) => m.id === id));
  if (unknown.length) throw new Error(`quality.thresholds names unknown measure${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (known: ${MEASURES.map((m) => m.id).join(', ')})`);
  // A stable order: examples are the first defective cases by id, whatever order the store gave.
  const cases = [...input.cases].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const bySource = groupBy(cases, (tc) => tc.source, ['bfcl', 'teval']);
  const byFamily = groupBy(cases, familyOf, FAMILIES);
  const measures = MEASURES.map((m): MeasureResult => {
    const better = m.kind === 'set' ? m.better : 'lower';
    const threshold = thresholds[m.id];
    if (m.kind === 'case') {
      const examples: { id: string; detail: string }[] = [];
      const overall = caseCell(m, cases, input.ctx, examples);
      return {
        id: m.id, kind: m.kind, group: m.group, title: m.title, population: m.population, better,
        overall,
        bySource: Object.fromEntries([...bySource].map(([k, v]) => [k, caseCell(m, v, input.ctx)])),
        byFamily: Object.fromEntries([...byFamily].map(([k, v]) => [k, caseCell(m, v, input.ctx)])),
        examples, threshold, breached: breaches(overall, threshold, better, m.minGateN),
      };
    }
    const all = setCell(m, cases, input.ctx);
    return {
      id: m.id, kind: m.kind, group: m.group, title: m.title, population: m.population, better,
      overall: all.cell,
      bySource: Object.fromEntries([...bySource].map(([k, v]) => [k, setCell(m, v, input.ctx).cell])),
      byFamily: Object.fromEntries([...byFamily].map(([k, v]) => [k, setCell(m, v, input.ctx).cell])),
      detail: all.detail, examples: all.examples ?? [], threshold, breached: breaches(all.cell, threshold, better, m.minGateN),
    };
  });
  return {
    cases: { total: cases.length, byFamily: Object.fromEntries([...byFamily].map(([k, v]) => [k, v.length])) },
    measures,
    rejections: input.rejections,
  };
}

export function breachedMeasures(report: QualityReport): MeasureResult[] {
  return report.measures.filter((m) => m.breached);
}

/** The report over a store, against the config's thresholds (none without a config). */
export function qualityOf(store: Store, config?: Config): QualityReport {
  return qualityReport(loadQualityInput(store), config ? qualityThresholds(config) : {});
}
