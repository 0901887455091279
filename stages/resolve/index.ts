/**
 * resolve: a response for EVERY ground-truth tool step of every standardized trajectory, in
 * order, through the resolution chain (ctx.services.resolver), and each turn's closing answer.
 *
 * - BFCL: the live backends, state carried across turns (step k runs after steps 1..k-1 of all
 *   earlier turns, as BFCL runs a conversation). The answers replace the responses the source
 *   recorded; where the two differ, a note says so.
 * - T-Eval: the recorded response when standardize kept one (a label-A match), else the chain
 *   (cache of recorded responses, then simulator).
 * - `turn.final` and `trajectory.final` come from the `answer-writer` role.
 *
 * A ground-truth step whose response is an error cannot be a clean ground truth: the item is
 * flagged with every such step named (kept for review, left out downstream, which reads `ok`).
 *
 * The item input carries, besides the trajectory, the recorded responses the cache will answer
 * its steps with, so a change in collect's recorded responses is new work here.
 */
import { followedArguments } from '../../pipeline/standIns.js';
import { isPlainObject } from '../../pipeline/errors/values.js';
import { SIMULATOR_RULES_VERSION, carriedBeyondRadius, recordedOnly, type CarriedValue } from '../../pipeline/resolution/simulatorRules.js';
import { cutResponse } from '../../pipeline/resolution/recordedSearch.js';
import { toJson } from '../../pipeline/pyValues.js';
import type { ItemStage, StageContext, StageItem } from '../../pipeline/stage.js';
import { modelFor } from '../../pipeline/config.js';
import {
  FINISH_ACTION,
  RESPONSE_TIERS,
  ResolvedTrajectory,
  type ResponseTier,
  type StandardizedTrajectory,
  type ToolArgs,
  type Trajectory,
} from '../../pipeline/schemas.js';
import { cacheKey } from '../../pipeline/resolution/canonical.js';
import { callChangesState } from '../../pipeline/errors/sideEffects.js';
import { valueShownIn } from '../../pipeline/quality/grounding.js';
import { answerWriterRole } from './answerWriter.js';
import { tieThoughtsToAnswers } from '../standardize/thoughtWriter.js';
import { placeOfStep, shownBefore, toolSteps } from '../../pipeline/steps.js';
import { carryPlan } from '../../pipeline/resolution/grounded.js';
import { knownFacts, agreeingCarries, filmsShown, isFilmApi, taskToday, tripDistance, type KnownFacts } from '../../pipeline/resolution/knownFacts.js';
import { scholarPapersShown } from '../../pipeline/resolution/scholarShown.js';
import { askedCount, itemsUsedElsewhere, namedItems, statusListNoun } from '../../pipeline/resolution/askedCount.js';
import { answersAvailability, picksAvailable, planGoesOnWith, saysUnavailable } from '../../pipeline/resolution/availability.js';
import { parseToolResponse } from '../../pipeline/prompts/parseAction.js';
import { recordedFactsAbout, sameId } from '../../pipeline/resolution/recordedFacts.js';
import { foreignRecordedResponse, recordPlan } from '../../pipeline/quality/grounding.js';
import { readRef, refTo, type ArtifactRef } from '../../pipeline/artifactRef.js';
import { RejectItem } from '../../pipeline/stage.js';
import { statedToday } from '../../pipeline/resolution/statedToday.js';
import { branchCarry, branchToday, checkAt, placedBranches, recordedContradiction, resolvedContradiction, withStopReason } from './branches.js';

const STAGE = 'resolve';
const RULES = 'rules:resolve-2';

export interface ResolveInput {
  /** standardize's artifact, by reference (pipeline/artifactRef.ts): the item's only parent. */
  trajectory: ArtifactRef;
  /** T-Eval recorded responses (label A) whose call matches one of the trajectory's steps. */
  recorded: { recordId: string; tool: string; args?: unknown; response: string }[];
}

const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** collect's label-A recorded responses by cache key, first one per key (as the cache is seeded). */
function recordedByKey(ctx: Parameters<ItemStage['enumerate']>[0]): Map<string, ResolveInput['recorded'][number]> {
  const out = new Map<string, ResolveInput['recorded'][number]>();
  // Only records carry a label: collect's trajectories are listed, never read.
  for (const listed of ctx.store.stageListing('collect', ['ok'], { label: '$.label' })) {
    if (listed.fields.label !== 'A') continue;
    const a = ctx.store.getArtifact<Record<string, unknown> | null>(listed.key)!;
    const c = a.content;
    if (!c || c.label !== 'A' || typeof c.tool !== 'string' || typeof c.response !== 'string' || !('args' in c)) continue;
    const key = cacheKey(c.tool, c.args);
    if (!out.has(key)) out.set(key, { recordId: String(c.recordId ?? a.itemId), tool: c.tool, args: c.args, response: c.response });
  }
  return out;
}

export function tierCounts(trajectory: Trajectory): Partial<Record<ResponseTier, number>> {
  const tiers: Partial<Record<ResponseTier, number>> = {};
  for (const turn of trajectory.turns) for (const s of turn.steps) if (s.response) tiers[s.response.tier] = (tiers[s.response.tier] ?? 0) + 1;
  return tiers;
}

/** The tier mix per source over the stage's current output, one line (for status notes and logs). */
export function resolveSummary(ctx: Pick<StageContext, 'store'>): string {
  const mix = new Map<string, Partial<Record<ResponseTier, number>>>();
  for (const a of ctx.store.stageListing(STAGE, ['ok', 'flagged'], { source: '$.trajectory.source', tiers: '$.tiers' })) {
    if (a.contentHash === null) continue;
    const source = String(a.fields.source);
    const m = mix.get(source) ?? {};
    for (const [t, n] of Object.entries(a.fields.tiers as ResolvedTrajectory['tiers']) as [ResponseTier, number][]) m[t] = (m[t] ?? 0) + n;
    mix.set(source, m);
  }
  return [...mix].sort(([a], [b]) => a.localeCompare(b)).map(([src, m]) => `${src}: ${RESPONSE_TIERS.filter((t) => m[t]).map((t) => `${t} ${m[t]}`).join(', ')}`).join(' | ') || 'nothing resolved';
}



/**
 * The earlier step making the very same read (same tool, same arguments) whose successful answer step
 * `i` repeats, when no call of the same toolkit changed anything in between and that answer already
 * shows every value step `i` must carry; else undefined. Search "artificial intelligence" twice in one
 * task and the two answers list the same papers under the same ids.
 */
function sameReadBefore(located: ReturnType<typeof toolSteps>, i: number, carries: { value: unknown }[]): number | undefined {
  const { name, args } = located[i].step.action;
  if (typeof args !== 'object' || callChangesState(name)) return undefined;
  const key = cacheKey(name, args);
  const kit = name.split('.')[0];
  for (let j = i - 1; j >= 0; j--) {
    const a = located[j].step.action;
    if (a.name.split('.')[0] === kit && callChangesState(a.name)) return undefined;
    if (a.name !== name || typeof a.args !== 'object' || cacheKey(a.name, a.args) !== key) continue;
    const r = located[j].step.response;
    if (!r || r.error) return undefined;
    return carries.every((c) => valueShownIn(c.value, r.content)) ? j : undefined;
  }
  return undefined;
}

export const resolveStage: ItemStage<ResolveInput, ResolvedTrajectory> & { summarize(ctx: StageContext): string } = {
  kind: 'items',
  name: STAGE,
  // The offline writer's version is part of the stage version, so changing its rules redoes the items.
  // 52 (lead40): a tie citing a field of a tool that answered more than once says which call it was ("the zipcode for Rivermist is \"83214\""), a value of its other answer the call passes too with it (thought_source_call_unsaid).
  // 51 (lead39): a tie citing one field of a record says the other field the call passes from it too ("`get_coordinates` says the latitude is 38.897671 and the longitude is -77.036557."; thought_fact_half_said).
  // 50 (lead39): after a tie citing the answer just before ("`ls` says …"), the link building on it says "that" ("Building on that, …"), never names that answer again (thoughtWriter afterLead; thought_answer_cited_twice).
  // 49 (lead37): thought-writer-56's fourth new-part frame.
  // 48 (lead37): a call opening another part of the request said four ways (thought-writer-55; thought_sentence_repeated 0.021 on m15).
  // 47 (lead37): a tie to an earlier request's answer names no file bare ("`sort` told me last time that the sorted content is "…"."), never "… for report.txt" (thought_file_named_bare 10/2,186 on m13).
  // 46 (lead37): a Chinese title the request named in English said as that film ("… the first has title "小丑" (Chinese for "Joker")."; thought_title_link_unsaid 8/2,186 on m4).
  // 45 (lead37): a listing's entry among its first ten said by its place ("the first entry is "RMS""), a second value off the same listing with it ("… and the second entry is "SBK""), never ""RMS" is one of the entries" (thought_list_place_unsaid 13/2,186 on g0).
  // 44 (lead36): one value of a plural key said with the singular ("the city is \"San Francisco\"": thought_plural_key_one_value).
  // 43 (lead36): a number cited from the request restated bare ("so the amount is 100": thought_number_quoted_as_text).
  // 42 (lead36): a unit key names an amount ("which is the amount in gallons here": thought_unit_as_noun).
  // 41 (lead36): a schedule's lines are no record ("a record of 9, 10, 11 and more": thought_record_of_numbers).
  // 40 (lead36): a loop's next item placed three ways by tieThoughtsToAnswers ("The next listed property is \"…\", with id …"; pipeline/thoughtPhrases.ts placeInAnswer; thought_frame_top_share 0.048 on m8).
  // 37 (h-text32): a tie saying "next" ("The next listed property, …") is not followed by "Next, I need to" (tieThoughtsToAnswers; thought_next_twice on g0).
  // 36 (h-text31): tieThoughtsToAnswers says how a value reached its step, not a rotated prefix: the next item of a listing the thought before took one from goes on from there ("The next listed property, …"), a value an earlier call passed is the same again ("The order id is again 12446, the one `place_order` gave."), and a value is read off the answer holding it as a value of its own, not a text holding it (room 102 of {'rooms': [102]}, not of "Room 102: available"; teval_query_470_2).
  // 17: a conditional request's check answers what the plan's branch needs (branches.ts: "If the weekday is Monday, create …" answered Monday only when the plan goes on; a room reserved "if room 101 is available" listed free), the closing answer says why a plan stopped, a plan whose own recording rules its branch out is turned down; a content argument naming a text a file read answered ("Research notes") is that text (standIns.ts namesReadContent).
  // 16: bullets the request defines by an earlier answer ("the first three lines of the read text", filler after a search) are filled from it (standIns.ts followedArguments).
  // 3: a step reading a file nobody named or wrote fails (pipeline/errors/pathKinds.ts); 4: one carry plan per trajectory;
  // 5: a simulated answer agrees with what earlier answers said about the id it looks up (knownFacts.ts);
  // 6: recorded answers written as Python literals count among them; 7: a value later steps need is not
  // carried into a field the list the id came from gave otherwise (agreeingCarries); 8: a ticker a later
  // step takes is carried into the simulated lookup before it (grounded.ts tickersTaken); 9: a forecast starts on the task's day (taskToday);
  // 10: a value is carried only where its tool could hold that kind of thing (carrierKinds.ts), titles later
  // steps copy are carried too (copiedTitles), a record picked "as the most popular" ranks first (CarriedValue.top), a ticker is shown only as written (TECH is not "tech company");
  // 12: a record picked by rank that a recording showed is still ranked so by a simulated list before it (rankOnly);
  // 13: a title copied from a Scholar search goes into its list of titles; 14: a read asked again gets the answer it got before (sameReadBefore), a carried record is named and placed as this task's recordings say (recordedFacts.ts);
  // 18 (h-sim14): a simulated answer knows every film the task's recorded answers (anywhere) and earlier answers give (KnownFacts.films);
  // 15: a labelled fact a later call writes about a single record ("Overall conditions: Sunny") is carried into the field its label names
  // 19: a simulated route adds up to the distance this task's recordings give for its ends at a later step (tripDistance over recordedAnswers).
  // 35: h-solv30's 34 and h-text30's 34 merged (int30).
  // 34 (h-solv30): the rooms a request names get the status the task's other steps give them (used is worked out for named rooms too; simulated_status_contradicts_check).
  // 20: a simulated list of every room holds the rooms the task's other steps find free or reserve (askedCount.ts itemsUsedElsewhere).
  // 23: an arXiv step's recorded-paper answer is worked out by one function (simulatorRules.ts recordedOnly), once for both turn-downs and once by the simulator, not three times (output byte-identical on f56).
  // 22: a trajectory with an arXiv search no recorded paper matches is turned down (arxiv_nothing_recorded): an empty answer for "deep learning" reads as broken (118 cases, 20 trajectories on h-serper25's build).
  // 21: a trajectory whose later step copies from an arXiv answer what no recorded paper of its query holds is turned down (arxiv_paper_unrecorded).
  // 34 (h-text30): the answer tie says an earlier request's answer in the past (thoughtWriter answerTie, thought-writer-37).
  // 33: a thought's link saying the call builds on the last answer ("The last answer gives me what I need to …") is said as a plain next step where the answer shown holds nothing the call passes (notBuildingOn; thought_false_sequence 4/2,186 on int29's m3, teval_query_344_2-env-k3-cot).
  // 32 (h-text29): a call passing a value off an earlier answer of its turn (the fifth film of a listing) is never linked as another part of the request ("Moving on to the rest of the request, I need to print the details of the movie"): the writer chose that link before the answer was there (thoughtWriter sameThread; thought_new_part_mid_loop 8/2186 CoT cases on g0); a value is tied to the answer it was read off, never a later one echoing it because its call was given it (thoughtWriter sourceAt; thought_tie_cites_echo 68/2186 on g0).
  // 31: the merged 30 and h-fields27's 29 merged.
  // 30: h-solv27's 29 and h-thoughts27's 29 merged.
  // 29 (h-solv27): a later call's [SPAN]-separated text is read line by line (copiedFields.ts spanAsLines): with standardize 23 joining T-Eval's one-per-line lists by [SPAN], 472_2's slide "Title: Expend4bles[SPAN]Release Date: …" was read as one line and carried whole into a simulated film title (simulated_id_unlike_recorded 2, simulated_review_rating_fractional 12 on the first build).
  // 29 (h-thoughts27): a thought whose call passes a value only an earlier answer shows opens with where that answer holds it, written once the answers are known (thoughtWriter tieThoughtsToAnswers; thought_answer_value_untied 369/2186 CoT cases after the writer alone, on b1).
  // 29 (h-fields27): a labelled fact that says nothing is there ("Rating: N/A" on a review's slide) or a measure without a number ("Rating: A") is carried into no field (grounded.ts placeFact): Inception's vote_average was 'N/A' (simulated_field_form_unlike_recorded 2/1,487 on g0, teval_query_431_2).
  // 28: a nearby search for a place by its own name ("Le Bernardin") is never turned down for where that place is (carriedBeyondRadius).
  // 27: a trajectory whose nearby search must list a place a later step copies from beyond its radius is turned down (nearby_carry_beyond_radius: 290_0).
  // 26: h-solv26's 25 and h-scholar26's 23 merged (h-scholar26 23: an arXiv step's recorded papers worked out once, by recordedOnly, for both turn-downs).
  // 25 (23, 24 in one step): a record a later step acts on is told to the simulator as available (availability.ts planGoesOnWith); a recording of
  // this task saying it is not available turns the plan down (availability_contradicted), another task's is simulated instead.
  // 39 (h-lead35): a tie of a value passed again with a second tool's value after it ("The access token is again \"251675\", the one `authenticate_travel` gave, and `register_credit_card` says …") is read as the lead it is, never put before itself a second time (bfcl_multi_turn_base_172; thought_sentence_doubled).
  // 38 (h-lead33): the ties it writes (thoughtWriter tieThoughtsToAnswers) tell an earlier request's answer with what it was for ("…that the order id is 12446 for TSLA."; thought_given_key_stiff widened, 109/2,186 on g0).
  version: `54+${SIMULATOR_RULES_VERSION}+${answerWriterRole.offline.version}`,
  upstream: ['standardize'],
  description: 'a response for every ground-truth step (cache → live → simulator, tier recorded) and each turn’s closing answer',
  roles: ['api-simulator', 'answer-writer'],
  output: ResolvedTrajectory,
  configSlice: (c) => ({ resolve: c.resolve, models: [modelFor(c, 'api-simulator'), modelFor(c, 'answer-writer')] }),
  summarize: resolveSummary,

  enumerate(ctx) {
    const hasTeval = ctx.store.stageListing('standardize', ['ok'], { source: '$.trajectory.source' }).some((a) => a.fields.source !== 'bfcl');
    const recorded = hasTeval ? recordedByKey(ctx) : new Map();
    const items: StageItem<ResolveInput>[] = [];
    // One trajectory at a time: an item keeps the recorded responses its steps match, and a reference.
    for (const a of ctx.store.iterateStage<StandardizedTrajectory>('standardize', ['ok'])) {
      const t = a.content.trajectory;
      const matches = new Map<string, ResolveInput['recorded'][number]>();
      if (t.source !== 'bfcl') {
        for (const turn of t.turns) {
          for (const s of turn.steps) {
            if (s.response || typeof s.action.args !== 'object') continue;
            const key = cacheKey(s.action.name, s.action.args);
            const hit = recorded.get(key);
            if (hit) matches.set(key, hit);
          }
        }
      }
      items.push({ id: a.itemId, input: { trajectory: refTo(a, 0), recorded: [...matches.values()] }, parents: [a.key] });
    }
    return items;
  },

  async run(item, ctx) {
    // A copy: the steps get their responses in place, and what readRef returns is shared.
    const trajectory: Trajectory = structuredClone(readRef<StandardizedTrajectory>(ctx.store, item.parents, item.input.trajectory).trajectory);
    const notes: string[] = [];
    const problems: string[] = [];
    const methods = new Set<string>([RULES]);
    const history: { name: string; args: ToolArgs }[] = [];
    let k = 0;
    let agreed = 0;
    let compared = 0;

    for (const turn of trajectory.turns) turn.steps = turn.steps.filter((s) => s.action.name !== FINISH_ACTION);
    const located = toolSteps(trajectory);
    const recordId = String(trajectory.meta.recordId ?? trajectory.id);
    const recordedKeys = new Map(item.input.recorded.map((r) => [cacheKey(r.tool, r.args ?? {}), r]));
    // A recording made in another task's state (a call with no arguments) is not this trajectory's answer.
    const foreignAt = located.map(({ step: { action, response } }) => {
      if (trajectory.source === 'bfcl') return false;
      if (response) return foreignRecordedResponse(response.origin, recordId, action.args);
      const hit = typeof action.args === 'object' ? recordedKeys.get(cacheKey(action.name, action.args)) : undefined;
      return !!hit && foreignRecordedResponse(`teval-review:${hit.recordId}`, recordId, action.args);
    });
    const foreign = (i: number) => foreignAt[i];
    for (const [i, l] of located.entries()) {
      if (l.step.response && foreign(i)) {
        notes.push(`step ${i + 1} ${l.step.action.name}: the recorded answer (${l.step.response.origin}) belongs to another task's state; simulated instead`);
        delete l.step.response;
      }
    }
    // Which steps the simulator will answer: what neither the source nor a recording of this call answers.
    const simulated = located.map((l, i) => {
      if (trajectory.source === 'bfcl' || l.step.response) return false;
      return typeof l.step.action.args !== 'object' || !recordedKeys.has(cacheKey(l.step.action.name, l.step.action.args)) || foreign(i);
    });
    // The recording that will answer each step that is not simulated, and whether another task made it.
    const recording = located.map(({ step: { action, response } }, i) => {
      if (trajectory.source === 'bfcl' || simulated[i]) return undefined;
      if (response) return { content: response.content, origin: response.origin };
      const hit = typeof action.args === 'object' ? recordedKeys.get(cacheKey(action.name, action.args)) : undefined;
      return hit ? { content: hit.response, origin: `teval-review:${hit.recordId}` } : undefined;
    });
    const ownPlan = recordPlan(recordId.replace(/^teval_/, '')) ?? recordId.replace(/^teval_/, '');
    const otherTask = (i: number) => {
      const m = /teval-review:(\S+)$/.exec(recording[i]?.origin ?? '');
      return !!m && recordPlan(m[1]) !== undefined && recordPlan(m[1]) !== ownPlan;
    };
    // One plan for the whole trajectory, made before any answer, so every step agrees on who carries what.
    const plan = carryPlan(trajectory, { known: (i) => recording[i]?.content, simulated: (i) => simulated[i], replaceable: otherTask });
    for (const i of plan.resimulate) {
      notes.push(`step ${i + 1} ${located[i].step.action.name}: the recorded answer (${recording[i]?.origin}) was made for another task and lacks ${plan.carries[i].map((c) => toJson(c.value)).join(', ')}, which this plan takes from it; simulated instead`);
      delete located[i].step.response;
      simulated[i] = true;
    }
    // A conditional request's check answers what the branch the plan takes needs (./branches.ts): a
    // recording made for another task that rules the branch out is simulated instead; this task's own
    // recording that does turns the plan down.
    const branches = trajectory.source === 'teval' ? placedBranches(trajectory, located) : [];
    for (const p of branches) {
      const i = checkAt(p);
      const against = simulated[i] ? undefined : recordedContradiction(p, located, recording[i]?.content);
      if (against) {
        if (!(otherTask(i) || foreign(i))) throw new RejectItem(`branch_contradicted: ${recordId}: ${against} (this task's own recording)`);
        notes.push(`step ${i + 1} ${located[i].step.action.name}: the recorded answer (${recording[i]?.origin}) rules out the branch the plan takes (${against}); simulated instead`);
        delete located[i].step.response;
        simulated[i] = true;
        plan.resimulate.push(i);
      }
      const carry = simulated[i] ? branchCarry(p, located) : undefined;
      if (carry && !plan.carries[i].some((c) => c.field === carry.field && String(c.value) === String(carry.value))) plan.carries[i].push(carry);
    }
    // A recorded availability answer saying "not available" for a record a later step goes on with (availability.ts):
    // another task's recording is simulated instead (the simulator then finds it available); this task's own turns the plan
    // down, since its next steps do what a careful agent would not (teval_query_11_1 put two hostels its own
    // recording found taken on 2023-10-19 in a deck of "the top 3 available properties").
    if (trajectory.source === 'teval') {
      const calls = located.map((l) => ({ name: l.step.action.name, args: l.step.action.args }));
      for (const [i, l] of located.entries()) {
        if (simulated[i] || recording[i] === undefined || !answersAvailability(trajectory.tools.find((t) => t.name === l.step.action.name))) continue;
        // Only where the request picks things by being available ("the top 3 available properties"), not where it asks whether they are.
        if (!picksAvailable(trajectory.turns[l.turnIndex].user) || !saysUnavailable(parseToolResponse(recording[i]!.content)) || !planGoesOnWith(i, calls)) continue;
        const what = `step ${i + 1} ${l.step.action.name}(${toJson(l.step.action.args)}) answers not available, and a later step goes on with that record`;
        if (!(otherTask(i) || foreign(i))) throw new RejectItem(`availability_contradicted: ${recordId}: ${what} (this task's own recording): a careful agent would drop it, so the plan's next steps cannot be the right ones`);
        notes.push(`${what} (recorded answer ${recording[i]?.origin}); simulated instead`);
        delete l.step.response;
        simulated[i] = true;
        plan.resimulate.push(i);
      }
    }
    const resimulated = new Set(plan.resimulate);
    const recordedSteps = located.map((l, m) => ({ args: l.step.action.args, recorded: simulated[m] ? undefined : recording[m]?.content }));
    // The task's recorded answers, wherever they are: a film or a Scholar paper one of them gives is that film or paper in every simulated answer (KnownFacts.films, scholarPapers).
    const recordedAnswers = located.map((_, m) => (simulated[m] ? undefined : recording[m]?.content));
    const withShownRecords = (name: string, facts: KnownFacts | undefined, earlier: { response: string | undefined }[]): KnownFacts | undefined => {
      // A Scholar search: the papers the task's answers before it, then its recorded ones anywhere, list (one paper, one record).
      if (/scholar/i.test(name) && /search/i.test(name)) {
        const scholarPapers = scholarPapersShown([...earlier.map((e) => e.response), ...recordedAnswers]);
        return scholarPapers.length ? { ...facts, scholarPapers } : facts;
      }
      if (!isFilmApi(name)) return facts;
      const films = filmsShown([...recordedAnswers, ...earlier.map((e) => e.response)]);
      return films.length ? { ...facts, films } : facts;
    };
    // Coordinates the plan carries into another step's answer about a value (a details answer whose latitude a later slide copies): where that record is.
    const carriedPoint = (value: unknown, i: number): { lat: number; lon: number } | undefined => {
      for (const [m, l] of located.entries()) {
        if (m === i || !isPlainObject(l.step.action.args) || !Object.values(l.step.action.args).some((a) => sameId(a, value))) continue;
        const num = (re: RegExp) => plan.carries[m].find((c) => !c.sub && re.test(c.field) && typeof c.value === 'number')?.value as number | undefined;
        const lat = num(/^(lat|latitude)$/i);
        const lon = num(/^(lon|lng|longitude)$/i);
        if (lat !== undefined && lon !== undefined) return { lat, lon };
      }
      return undefined;
    };
    const withRecordedFacts = <C extends CarriedValue>(c: C, i: number): C => {
      if (!c.sub) return c;
      const recorded = recordedFactsAbout(c.value, recordedSteps, i);
      const point = recorded?.point ?? carriedPoint(c.value, i);
      const about = recorded || point ? { ...recorded, ...(point ? { point } : {}) } : undefined;
      return about ? { ...c, about } : c;
    };

    for (const [i, { step }] of located.entries()) {
      k++;
      // An argument the request defines by an earlier answer ("the first three lines of the read text") follows that answer (pipeline/standIns.ts).
      if (trajectory.source === 'teval' && isPlainObject(step.action.args)) {
        const followed = followedArguments(step.action.args, step.action.thought, trajectory.turns[located[i].turnIndex].user, located.slice(0, i).map((l) => l.step.response?.content));
        if (followed) {
          notes.push(`step ${k} ${step.action.name}: ${Object.keys(followed.args).filter((key) => followed.args[key] !== (step.action.args as Record<string, unknown>)[key]).join(', ')} taken from the earlier answer the request points to`);
          step.action = { ...step.action, args: followed.args, ...(followed.thought !== undefined ? { thought: followed.thought } : {}) };
        }
      }
      const { name, args } = step.action;
      const kept = trajectory.source !== 'bfcl' ? step.response : undefined;
      const again = trajectory.source !== 'bfcl' ? sameReadBefore(located, i, plan.carries[i]) : undefined;
      if (again !== undefined) {
        // The same lookup asked again gets the same answer: two answers to one read would contradict each other.
        if (step.response?.content !== located[again].step.response!.content) notes.push(`step ${k} ${name}: the same call as step ${again + 1}, answered as it was`);
        step.response = { ...located[again].step.response! };
      } else if (kept) {
        // A recording listing more results than its doc allows (Serper's 10 under "at most 3 items") is cut to the doc's count, and the case says so.
        step.response = cutResponse(kept, trajectory.tools.find((t) => t.name === name));
      } else {
        const before = step.response;
        // An id an earlier answer gave: what that answer said about it (the paper's title, the author's name).
        const earlier = located.slice(0, i).map((l) => ({ name: l.step.action.name, args: l.step.action.args, response: l.step.response?.content }));
        const found = simulated[i] ? withShownRecords(name, knownFacts(args, earlier), earlier) : undefined;
        // A distance this task's recordings give for the same two ends, even at a later step: the simulated route before it adds up to it (teval_query_26_2: 4488.454 km New York City–Los Angeles).
        const laterKm = simulated[i] && found?.tripKm === undefined ? tripDistance(args, located.map((l, m) => ({ name: l.step.action.name, args: l.step.action.args, response: m > i ? recordedAnswers[m] : undefined }))) : undefined;
        const withKm = laterKm !== undefined ? { ...found, tripKm: laterKm } : found;
        // A record a later step acts on (details after check_availability of the same property) is available (availability.ts).
        const goesOn = simulated[i] && answersAvailability(trajectory.tools.find((t) => t.name === name)) && planGoesOnWith(i, located.map((l) => ({ name: l.step.action.name, args: l.step.action.args })));
        const known = goesOn ? { ...withKm, planGoesOn: true as const } : withKm;
        // The day the user says it is comes first (knownFacts.ts taskToday): their words up to this step's turn.
        const said = trajectory.turns.slice(0, located[i].turnIndex + 1).map((t) => t.user).join('\n');
        const weekdayCheck = branches.find((p) => checkAt(p) === i && p.branch.kind === 'weekday');
        const today = simulated[i]
          ? weekdayCheck
            ? branchToday(weekdayCheck, taskToday(args, earlier, said), statedToday(said) !== undefined, ctx.rng(`branch-day:${k}`))
            : taskToday(args, earlier, said)
          : undefined;
        const doc = trajectory.tools.find((t) => t.name === name);
        const asked = simulated[i] && doc ? askedCount(trajectory.turns[located[i].turnIndex].user, args, doc) : undefined;
        const named = simulated[i] && doc ? namedItems(trajectory.turns[located[i].turnIndex].user, doc) : undefined;
        // A list of all rooms (or of the rooms the user named) holds the rooms the task's other steps find free or reserve, with their status (askedCount.ts itemsUsedElsewhere).
        const used = simulated[i] && doc && statusListNoun(doc)
          ? itemsUsedElsewhere(doc, i, located.map((l, m) => ({ name: l.step.action.name, args: l.step.action.args, response: m < i ? l.step.response?.content : recordedAnswers[m] })), parseToolResponse)
          : undefined;
        // A record whose id a later step looks up: named and placed as this task's recording of that lookup says.
        const carry = simulated[i] ? agreeingCarries(plan.carries[i], known).map((c) => withRecordedFacts(c, i)) : [];
        // An arXiv search shows only real papers (arxivPapers.ts): a later step copying what no recorded paper of its query holds cannot be made valid offline,
        // nor can a search no recorded paper matches: arXiv holds papers on "deep learning", so an empty answer reads as broken, and papers written for it are made up.
        // Scholar is left to the simulator: turning down every trajectory whose Scholar step no recording answers would drop 53 of them (h-scholar26).
        const recorded = simulated[i] && doc && /arxiv/i.test(name) ? recordedOnly(doc, args, carry, today) : undefined;
        if (recorded?.kind === 'unmet') throw new RejectItem(`arxiv_paper_unrecorded: ${recordId}: step ${k} ${name}(${toJson(args)}): a later step copies ${recorded.values}, which no paper T-Eval recorded for this query holds; the simulator shows only recorded papers, never ones written for the query`);
        if (recorded?.kind === 'nothing') throw new RejectItem(`arxiv_nothing_recorded: ${recordId}: step ${k} ${name}(${toJson(args)}): no paper T-Eval recorded matches ${JSON.stringify(recorded.query)}; arXiv holds papers on it, so an empty answer would read as broken and papers written for the query would be made up`);
        // A nearby search a later step copies a place from that lies beyond its radius cannot list it honestly (290_0: restaurants in
        // Jersey City and Red Hook "within 1 km" of Liberty Island), and leaving it out breaks the later step.
        const far = simulated[i] && doc ? carriedBeyondRadius(doc, args, carry) : undefined;
        if (far) throw new RejectItem(`nearby_carry_beyond_radius: ${recordId}: step ${k} ${name}(${toJson(args)}): a later step copies a place from it, but ${far}`);
        if (carry.length) notes.push(`step ${k} ${name}: carries ${carry.map((c) => `${c.key}=${toJson(c.value)} in ${c.field}${c.sub ? `[].${c.sub}` : ''}`).join(', ')} for later steps`);
        const place = simulated[i] ? placeOfStep(trajectory, located[i].turnIndex, history) : undefined;
        const response = await ctx.services.resolver.resolve(
          // What the task has shown so far: a file the step reads must be among it (or written before), else it fails as the real tool does.
          { source: trajectory.source, trajectoryId: trajectory.id, tools: trajectory.tools, name, args, history: [...history], meta: trajectory.meta, shown: shownBefore(trajectory, k), ...(carry.length ? { carry } : {}), ...(place ? { place } : {}), ...(known ? { known } : {}), ...(today ? { today } : {}), ...(asked ? { asked } : {}), ...(named ? { named } : {}), ...(used ? { used } : {}) },
          { rng: ctx.rng(`resolve-step:${k}`), artifactKey: ctx.itemKey, stage: STAGE, ...(simulated[i] && (foreign(i) || resimulated.has(i)) ? { skipCache: true } : {}) },
        );
        if (before && before.content !== response.content) {
          notes.push(`step ${k} ${name}: the ${response.tier} answer differs from the source's recorded one (${clip(before.content, 80)} → ${clip(response.content, 80)})`);
        }
        if (before) {
          compared++;
          if (before.content === response.content) agreed++;
        }
        step.response = response;
        if (response.tier === 'simulated') methods.add(response.origin?.startsWith('llm:') ? response.origin : `rules:${response.origin ?? 'api-simulator'}`);
      }
      const r = step.response!;
      if (r.error) problems.push(`step ${k} ${name}: ${r.error.source} error from the ${r.tier} tier: ${clip(r.error.message)}`);
      if (typeof args === 'object') history.push({ name, args });
    }
    // The thoughts were written before most answers were there: a value only an answer shows is now said with where it holds it.
    const tied = tieThoughtsToAnswers(trajectory.turns, new Map(trajectory.tools.map((d) => [d.name, d])), ctx.rng('thought-ties'));
    if (tied > 0) notes.push(`${tied} thought${tied > 1 ? 's' : ''} tied to the answer that shows the value the call passes`);

    if (compared > 0) notes.push(`${agreed}/${compared} answers byte-identical to the source's recorded responses`);
    for (const p of branches) {
      const against = resolvedContradiction(p, located);
      if (against) throw new RejectItem(`branch_contradicted: ${recordId}: ${against}`);
    }

    for (const [t, turn] of trajectory.turns.entries()) {
      const { output, method } = await ctx.llm.invoke(
        answerWriterRole,
        {
          request: turn.user,
          steps: turn.steps.map((s) => ({ name: s.action.name, args: s.action.args, response: s.response!.content, ...(s.response!.error ? { error: s.response!.error.message } : {}) })),
          // The docs' return fields: the unit a returned number is in ("the distance … in km").
          tools: trajectory.tools.filter((t) => turn.steps.some((s) => s.action.name === t.name)).map((t) => ({ name: t.name, description: t.description, return_data: t.return_data.map((f) => ({ name: f.name, description: f.description })), params: [...t.required_parameters, ...t.optional_parameters].map((x) => x.name) })),
          // The earlier turns' answers: a number told again keeps the unit it was first told in.
          ...(t > 0 ? { earlier: trajectory.turns.slice(0, t).map((e) => ({ request: e.user, answer: e.final ?? '' })) } : {}),
        },
        { rng: ctx.rng(`answer:${t}`), artifactKey: ctx.itemKey, stage: STAGE },
      );
      // Where the plan stopped because a condition did not hold, the answer says so.
      turn.final = branches.filter((p) => p.turn === t).reduce((answer, p) => withStopReason(answer, p, located), output.answer);
      methods.add(method);
    }
    trajectory.final = trajectory.turns[trajectory.turns.length - 1].final ?? '';

    const content: ResolvedTrajectory = { trajectory, tiers: tierCounts(trajectory), notes };
    const method = [...methods].sort().join('+');
    if (problems.length) {
      return { status: 'flagged', content, reason: `errored_ground_truth: ${problems.length} ground-truth step${problems.length > 1 ? 's' : ''} answered with an error: ${problems.join(' | ')}`, method };
    }
    return { status: 'ok', content, method };
  },
};
