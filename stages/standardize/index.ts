/**
 * standardize: one doc format (ToolDoc, `Toolkit.api`, the evaluator's type set, `[Required]`
 * noted), vague descriptions refined (original kept), ground-truth values coerced to their declared
 * types (every coercion counted), a thought for every tool step, T-Eval's closing FinishAction
 * step removed (the turn's answer is written at resolve).
 */
import { localityOf } from '../../pipeline/errors/environment.js';
import type { ItemStage, StageItem } from '../../pipeline/stage.js';
import { FlagItem, RejectItem } from '../../pipeline/stage.js';
import {
  FINISH_ACTION,
  StandardizedTrajectory,
  type Coercion,
  type DocNote,
  type RawToolDoc,
  type RawTrajectory,
  type Step,
  type ToolDoc,
  type ToolParam,
} from '../../pipeline/schemas.js';
import { modelFor } from '../../pipeline/config.js';
import { coerce, CoercionError, mapType } from './types.js';
import { refineDocRole } from './refineDoc.js';
import { copiedReturnDoc } from '../../pipeline/quality/toolDocs.js';
import { thoughtWriterRole } from './thoughtWriter.js';
import { formatSources, sourceRows } from '../../scripts/report/sources.js';
import { readRef, refTo, type ArtifactRef } from '../../pipeline/artifactRef.js';
import { insertLookups, LOOKUPS_VERSION } from './lookups.js';
import { statedDatesSentence, withStatedDates } from './statedDates.js';
import { answeredText, dictatedText, responseStrings } from '../../pipeline/dictatedText.js';
import { joinSplitBullets, spanListLines, ownContentNotGiven, readBeforeText, repairStandIn, standInKind, standInWrite, textBeforeRead } from '../../pipeline/standIns.js';
import { answeredDistances, distanceCallUnit, repairUnits, type DistanceUnit } from '../../pipeline/unitWords.js';
import { dropSignOffSlots } from '../../pipeline/afterFailure.js';
import { optionalTickerParam, requestedTicker } from '../../pipeline/quality/argumentKinds.js';
import { guessedId, scholarlySearchUnasked, unrequestedReviews } from '../../pipeline/quality/planAsks.js';
import { repeatedReads } from '../../pipeline/quality/repeats.js';
import { cityForNamedEndpoint, inventedSpecifics, pathMismatch, readBeforeWrite, requestedPaths, stopsMidPattern, undecidedCondition, unrequestedWrites } from '../../pipeline/quality/planFollows.js';
import { namesPath, pathRole } from '../../pipeline/errors/pathKinds.js';

interface StandardizeInput {
  /** filter's trajectory, by reference (pipeline/artifactRef.ts): the item's only parent. */
  trajectory: ArtifactRef;
  /** `Tool.param` of NUMBER parameters that hold a non-integral value somewhere in the source. */
  nonIntegral: string[];
}

const REQUIRED_TAG = '[Required]';

function isVague(text: string, minWords: number): boolean {
  // A doc with no word in it (T-Eval's FilmTMDB `movie_id`: "','") says nothing, however many tokens it has.
  return text.trim().split(/\s+/).filter(Boolean).length < minWords || !/[A-Za-z]/.test(text.replace(REQUIRED_TAG, ''));
}

export const standardizeStage: ItemStage<StandardizeInput, StandardizedTrajectory> = {
  kind: 'items',
  name: 'standardize',
  // The offline writer's version is part of the stage version, so changing its rules redoes the items.
  // 7: a long text the user dictated is passed as the user wrote it (pipeline/dictatedText.ts: BFCL 176's "December 15, 2023" for the user's 2026).
  // 6: a ticker with its exchange suffix ("TUI.L") is read whole.
  // 5: the recording of a news call without a ticker is dropped where the ticker goes in.
  // 4: a message's sender slot ("Best regards,\n[Your Name]") the user never wrote is taken out (dropSignOffSlots); thoughts name a key by its doc (keyNoun); a news call the request scopes to one company's ticker passes it (requestedTicker), its recording of the unscoped call dropped.
  // 3: BFCL's missing read-only lookups (get_symbol_by_name, ls, find) put in before a step whose ticker or file name nothing shows (lookups.ts).
  // 8: T-Eval's stand-in content (pipeline/standIns.ts): an outline with empty fields lists its points, a line holding only a slot goes, a write of imagined text is left out, filler nothing fills ("Lorem ipsum", "[LINK_TO_BLOG_POST]") turns the plan down.
  // 9: "articles about the stock market" is news of the market at large, whatever the request calls the articles (requestedTicker).
  // 10 (h-teval7): a slot line of a message whose label names a detail the user asked it to carry ("- Submission Deadline: [INSERT SUBMISSION DEADLINE]") says the detail is still to be confirmed, not dropped (standIns.ts dropSlotLines).
  // 11 (h-teval7): a T-Eval step repeating the same read (same call, nothing of its toolkit changed since) is left out (pipeline/quality/repeats.ts).
  // 12: a text an earlier answer gave is passed as it gave it (answeredText: BFCL 4's tweet of "the sorted result" with the words reordered).
  // 13 (h-teval8): a T-Eval step that does not follow from what the plan shows: a route / distance from the city where the request names the property the plan found starts at the coordinates the plan took for it (91_0); a plan that reads a file before it writes it (44_0), carries a specific nothing gives ("Flight Number: XYZ123", 369_2), or acts on a condition no answer decides ("if there is an attachment named 'Agenda.pdf'", 339_0) is turned down (pipeline/quality/planFollows.ts).
  // 14 (h-evo11): a parameter doc with no word ("','", FilmTMDB's movie_id) is refined like an empty one; a return doc copied from another API ("list of reviews ..." on get_similar_movies' films) is written from the API's name.
  // 15 (h-teval9): a file path that leaves out the folder the request gives the file ("a file named 'Delivery_Distance.txt' in the path \"outputs\"" written as "Delivery_Distance.txt", 275_1; "save it to outputs location", 54_0/54_2; "Save it to /outputs/event_weather.txt", 54_1) is joined as the request says, in every step passing it (planFollows.ts pathMismatch).
  // 16: a T-Eval turn that runs A then B for each of several things and closes after A on the last (208_0's third author: get_author_id, no get_author_information) is turned down (stopsMidPattern).
  // 17 (h-teval10): a T-Eval step with a side effect the request never asks for (a file it never names, 134_2's "outputs/query_summary.txt", 392_1's "movie_details.txt"; a presentation for a request asking for none, 413_0, with its pages; plain text written over the plan's presentation, 134_0; a reservation, 174_1) is left out, or the plan turned down where a later step takes what it made; a path with another extension of the same kind than the request's name ("outputs/Daily_Journal.pptx" for 'Daily_Journal.ppt', 420_0, 477_0) takes the request's (planFollows.ts unrequestedWrites, pathMismatch).
  // 18 (h-plans22): a news call for "the company with the AAPL ticker symbol" or for one known company a news sentence names ("news articles related to Amazon", 322_0) passes its ticker (requestedTicker), as for "the ticker symbol 'AAPL'".
  // 19 (h-plans23): a T-Eval Google Scholar search for a request asking nothing scholarly is left out where the plan makes the same search with another search tool (305_0), else the plan is turned down (446_0); a call with a dummy id ("12345") made again later with a looked-up one is left out (471_2); a [SPAN] splitting one bullet ("Date and Time: [SPAN]2023-10-22 22:53", 456_1) is taken out of it.
  // 20 (h-plans24): a read of reviews the request never asks for is left out (272_0's get_movie_reviews for "the plot summary and details of the movie 'Inception'"), or the plan turned down where a later step takes what it showed (unrequested_read); a text argument describing a file the plan reads only later (116_1's body "Content of the file located at `…paper_readme.txt`") is given the file's text, the read moved first (standIns.ts textBeforeRead).
  // 21 (h-plans24): a plan whose content argument only restates the request's name for the user's own content, never given (466_2's bullet_items "Main points of the presentation" for "the main points of my presentation"), is turned down (own_content_not_given).
  // 24 (h-solv27): 23's lines keep their "- " markers (copiedFields.ts listedNames knows a list of names by them: without, 34_0's slide of gas stations no longer named the stations its search answers, g0's "BP", "Shell").
  // 23 (h-solv27): a T-Eval list written one item per line for a parameter whose doc separates items with [SPAN] (254_1's bullet_items "1. Introduction to computer vision\n2. Applications of computer vision\n3. …") is joined by [SPAN], each line as written (standIns.ts spanListLines; shown_list_unlike_doc 93/220 on g0).
  // 22: h-plans24's 21 and h-sim24's 21 merged. h-sim24 21 (20 in one step): a distance an earlier answer gave, or a distance call not answered yet will be given (resolve carries the plan's number into it), written in another unit than its tool's doc gives ("Total Distance: 4488.454 miles" of get_distance's km, 34_0), is written in the tool's unit (pipeline/unitWords.ts; gt_number_unit_off_doc).
  // 27 (h-solv33): a T-Eval request whose plan passes dates it never gives (5_1's "my travel dates" checked on 2023-11-15) states the plan's dates right after the sentence speaking of them (statedDates.ts).
  version: `27+${LOOKUPS_VERSION}+${refineDocRole.offline.version}+${thoughtWriterRole.offline.version}`,
  upstream: ['filter'],
  description: 'one doc format, refined descriptions, typed ground truth, thoughts, the standard prompt',
  roles: ['refine-doc', 'thought-writer'],
  output: StandardizedTrajectory,
  configSlice: (c) => ({ standardize: c.standardize, models: [modelFor(c, 'refine-doc'), modelFor(c, 'thought-writer')] }),
  // The per-source account (read, dropped by reason, kept; tools and APIs), its total line first as the status note.
  summarize: (ctx) => {
    const lines = formatSources(sourceRows(ctx.store)).trimEnd().split('\n');
    return [lines[lines.length - 1], ...lines.slice(0, -1).filter((l) => l.trim())].join('\n');
  },

  enumerate(ctx) {
    // One trajectory at a time; what each item needs of it besides the reference is its tool names.
    const kept: { key: string; contentHash: string | null; itemId: string; toolNames: Set<string> }[] = [];
    // Whether a T-Eval NUMBER is an integer or a float is a property of the API, seen across all plans.
    const nonIntegral = new Set<string>();
    for (const a of ctx.store.iterateStage<RawTrajectory>('filter', ['ok'])) {
      kept.push({ key: a.key, contentHash: a.contentHash, itemId: a.itemId, toolNames: new Set(a.content.tools.map((t) => t.name)) });
      for (const turn of a.content.turns) {
        for (const step of turn.steps) {
          if (typeof step.action.args !== 'object') continue;
          for (const [k, v] of Object.entries(step.action.args)) if (typeof v === 'number' && !Number.isInteger(v)) nonIntegral.add(`${step.action.name}.${k}`);
        }
      }
    }
    return kept.map((a): StageItem<StandardizeInput> => {
      const names = a.toolNames;
      return { id: a.itemId, input: { trajectory: refTo(a, 0), nonIntegral: [...nonIntegral].filter((p) => names.has(p.slice(0, p.lastIndexOf('.')))).sort() }, parents: [a.key] };
    });
  },

  async run(item, ctx) {
    const raw = readRef<RawTrajectory>(ctx.store, item.parents, item.input.trajectory);
    const nonIntegral = new Set(item.input.nonIntegral);
    const docNotes: DocNote[] = [];
    const typeMappings: StandardizedTrajectory['typeMappings'] = [];
    const methods = new Set<string>(['rules:standardize-1']);

    const tools: ToolDoc[] = [];
    for (const doc of raw.tools) tools.push(await standardDoc(doc));
    // Local or remote per toolkit, from the docs of all its APIs the trajectory lists.
    for (const doc of tools) doc.locality = localityOf(doc.name, tools.map(({ name, description }) => ({ name, description })));

    async function standardDoc(doc: RawToolDoc): Promise<ToolDoc> {
      const params = doc.params.map((p): ToolParam & { required: boolean } => {
        let mapped;
        try {
          mapped = mapType(p.type, { nonIntegralSeen: nonIntegral.has(`${doc.name}.${p.name}`), description: p.description, name: p.name });
        } catch (err) {
          throw new RejectItem(`unknown_type: ${raw.sourceFile} record ${raw.recordId}: tool ${doc.name} parameter ${p.name}: ${(err as Error).message}`);
        }
        if (mapped.why !== 'same') typeMappings.push({ tool: doc.name, param: p.name, from: p.type, to: mapped.type, why: mapped.why });
        let description = p.description.trim();
        if (isVague(description, 1)) {
          const refined = `The ${p.name.replace(/_/g, ' ')} (${mapped.type}).`;
          docNotes.push({ tool: doc.name, field: `param:${p.name}`, original: p.description, refined, method: 'rules:standardize-1' });
          description = refined;
        }
        if (p.required && !description.startsWith(REQUIRED_TAG)) description = `${REQUIRED_TAG} ${description}`;
        return { ...p.extra, name: p.name, type: mapped.type, description, required: p.required };
      });
      let description = doc.description.trim();
      if (isVague(description, ctx.config.standardize.vagueDescriptionWords)) {
        const { output, method } = await ctx.llm.invoke(
          refineDocRole,
          { name: doc.name, description, parameters: params.map(({ name, type, description: d, required }) => ({ name, type, description: d, required })), returns: doc.returns },
          { rng: ctx.rng(`refine:${doc.name}`), artifactKey: ctx.itemKey, stage: 'standardize' },
        );
        docNotes.push({ tool: doc.name, field: 'description', original: doc.description, refined: output.description, method });
        methods.add(method);
        description = output.description;
      }
      const strip = ({ required: _r, ...rest }: ToolParam & { required: boolean }): ToolParam => rest;
      const returns = doc.returns.map((r) => {
        const refined = copiedReturnDoc({ name: doc.name }, r);
        if (!refined) return r;
        docNotes.push({ tool: doc.name, field: `return:${r.name}`, original: r.description, refined, method: 'rules:standardize-1' });
        return { ...r, description: refined };
      });
      return {
        name: doc.name,
        description,
        required_parameters: params.filter((p) => p.required).map(strip),
        optional_parameters: params.filter((p) => !p.required).map(strip),
        return_data: returns,
      };
    }

    const byName = new Map(tools.map((t) => [t.name, t]));
    // BFCL: the lookups its ground truth leaves out, put in where a later step takes what only they show.
    const lookups = raw.source === 'bfcl' ? insertLookups(raw.turns, tools.map((t) => t.name), raw.meta) : undefined;
    const lookupAnswers = new Map<string, string>((lookups?.inserted ?? []).map((l) => [`${l.turn}:${l.index}`, l.response]));
    const coercions: Coercion[] = [];
    let k = 0;
    const signOffsDropped: { k: number; tool: string; param: string }[] = [];
    const standInsRepaired: { k: number; tool: string; param: string; how: string }[] = [];
    // The texts the recorded answers of the steps so far gave (BFCL's executed responses, T-Eval's recordings).
    const answered: string[] = [];
    // A text argument describing a file the plan reads only later (116_1's body "Content of the file located at `…paper_readme.txt`", sent before
    // read_file of it): the read goes first and the text is what it answered; with no recorded text to put in, the plan is turned down.
    const sourceTurns = (lookups?.turns ?? raw.turns).map((turn, turnIndex, all) => {
      if (raw.source !== 'teval') return turn;
      // A content argument that only restates the request's name for the user's own content, never given (466_2's bullet_items "Main points of
      // the presentation" for "the main points of my presentation"): no step can write what nobody said, so the plan is turned down.
      const said = all.slice(0, turnIndex + 1).map((u) => u.user).join('\n');
      for (const [i, st] of turn.steps.entries()) {
        if (typeof st.action.args !== 'object') continue;
        for (const [key, v] of Object.entries(st.action.args)) {
          const phrase = typeof v === 'string' ? ownContentNotGiven(key, v, said, turn.steps.slice(0, i).map((x) => x.response?.content)) : undefined;
          if (phrase) throw new RejectItem(`own_content_not_given: ${raw.sourceFile} record ${raw.recordId}: ${st.action.name}.${key}=${JSON.stringify(v)} restates "${phrase}", content the user never gives and no answer shows`);
        }
      }
      const found = textBeforeRead(turn.steps);
      if (!found) return turn;
      const steps = readBeforeText(turn.steps, found);
      if (!steps) throw new RejectItem(`text_before_read: ${raw.sourceFile} record ${raw.recordId}: ${turn.steps[found.at].action.name}.${found.key} describes "${found.path}", which the plan reads only later and whose text no recording gives`);
      standInsRepaired.push({ k: -1, tool: turn.steps[found.at].action.name, param: found.key, how: `described "${found.path}" before reading it: the read moved first and its text passed` });
      return { ...turn, steps };
    });
    // Numbers answered so far with the distance unit their tool's doc gives them in (pipeline/unitWords.ts).
    const distances = new Map<string, DistanceUnit>();
    // The unit of the last distance call not answered yet (resolve answers it with the number a later step writes).
    let pendingDistance: DistanceUnit | undefined;
    const turns = sourceTurns.map((turn, turnIndex) => ({
      user: turn.user,
      steps: turn.steps
        .filter((s) => s.action.name !== FINISH_ACTION)
        // A T-Eval plan that makes the very same read again with nothing of its toolkit changed since (162_0 runs its whole plan twice): the repeat is left out.
        .filter((s, i, all) => {
          const again = raw.source === 'teval' && repeatedReads(all.map((x) => x.action)).has(i);
          if (again) standInsRepaired.push({ k: -1, tool: s.action.name, param: '', how: 'repeated read left out' });
          return !again;
        })
        .filter((s) => {
          // A write whose text the plan only imagined ("{'text': 'Updated content of the file.'}"): nothing the user said determines it, so no careful step writes it.
          const filler = raw.source === 'teval' ? standInWrite(s.action, (lookups?.turns ?? raw.turns).slice(0, turnIndex + 1).map((u) => u.user).join('\n')) : undefined;
          if (filler) standInsRepaired.push({ k: -1, tool: s.action.name, param: filler, how: 'step left out' });
          return !filler;
        })
        .filter((s, i, all) => {
          // A Google Scholar search for a request asking nothing scholarly (305_0's "famous landmarks in New York"): left out where the plan makes
          // the same search with another search tool (the plan's own right step), else the plan is turned down (446_0 searches Scholar for a film's summary).
          if (raw.source !== 'teval') return true;
          const request = (lookups?.turns ?? raw.turns).slice(0, turnIndex + 1).map((u) => u.user).join('\n');
          const unasked = scholarlySearchUnasked(request, all.map((x) => ({ name: x.action.name, args: x.action.args })));
          if (!unasked || unasked.at !== i) return true;
          if (unasked.redoneAt === undefined) throw new RejectItem(`scholarly_search_unasked: ${raw.sourceFile} record ${raw.recordId}: ${unasked.name}("${unasked.query}") searches scholarly literature for a request that asks for none, and no step of the plan searches it otherwise`);
          standInsRepaired.push({ k: -1, tool: s.action.name, param: unasked.query, how: `scholarly search for a request asking none, made again by ${all[unasked.redoneAt].action.name}: step left out` });
          return false;
        })
        .filter((s, i, all) => {
          // A read of reviews the request never asks for (272_0's get_movie_reviews for "the plot summary and details"): left out, unless a later step takes what only it showed.
          if (raw.source !== 'teval') return true;
          const request = sourceTurns.slice(0, turnIndex + 1).map((u) => u.user).join('\n');
          const unread = unrequestedReviews(request, all.map((x) => ({ name: x.action.name, args: x.action.args, response: x.response?.content })));
          if (!unread || unread.at !== i) return true;
          if (unread.usedBy !== undefined) throw new RejectItem(`unrequested_read: ${raw.sourceFile} record ${raw.recordId}: ${unread.name} reads ${unread.reads} the request never asks for, and the later ${all[unread.usedBy].action.name} takes what it showed`);
          standInsRepaired.push({ k: -1, tool: s.action.name, param: '', how: `${unread.reads} the request never asks for: step left out` });
          return false;
        })
        .filter((s, i, all) => {
          // A call with a dummy id nothing shows ("12345", 471_2's get_author_information before get_author_id), made again later with another id: the guess is left out; a guess never made again turns the plan down.
          if (raw.source !== 'teval') return true;
          const guessed = guessedId(s.action, all.slice(i + 1).map((x) => x.action));
          if (!guessed) return true;
          if (!guessed.redone) throw new RejectItem(`guessed_id: ${raw.sourceFile} record ${raw.recordId}: ${s.action.name}.${guessed.key}=${JSON.stringify(guessed.value)} is a dummy id no request or answer gives`);
          standInsRepaired.push({ k: -1, tool: s.action.name, param: guessed.key, how: `dummy id ${JSON.stringify(guessed.value)}, looked up and called again later: step left out` });
          return false;
        })
        .filter((s, i, all) => {
          // A side effect the request never asks for (a file it never names, a presentation, a message, a reservation) is left out with the steps that only build on it; a plan whose later step takes what it made is turned down.
          if (raw.source !== 'teval') return true;
          const request = (lookups?.turns ?? raw.turns).slice(0, turnIndex + 1).map((u) => u.user).join('\n');
          const found = unrequestedWrites(request, all.map((x) => x.action), tools);
          const needed = found.find((u) => u.neededBy !== undefined);
          if (needed) throw new RejectItem(`unrequested_write: ${raw.sourceFile} record ${raw.recordId}: ${needed.name}${needed.path ? ` "${needed.path}"` : ''} (${needed.why}) is not asked for, and the later ${all[needed.neededBy!].action.name} takes what it made`);
          const u = found.find((x) => x.at === i || x.dependents.includes(i));
          if (u) standInsRepaired.push({ k: -1, tool: s.action.name, param: u.path ?? '', how: `unrequested ${u.why}: step left out` });
          return !u;
        })
        .map((s, _i, kept) => {
          // T-Eval's prev names steps by their place in the plan: with a step left out, the later places move up (and what built on it builds on what it built on).
          if (!s.prev || kept.length === turn.steps.filter((x) => x.action.name !== FINISH_ACTION).length) return s;
          const place = new Map(turn.steps.map((x, j) => [j, kept.indexOf(x)]));
          const on = (id: number): number[] => { const at = place.get(id); return at === undefined ? [] : at >= 0 ? [at] : (turn.steps[id].prev ?? []).flatMap(on); };
          return { ...s, prev: [...new Set(s.prev.flatMap(on))] };
        })
        .map((s): Step => {
          k++;
          const doc = byName.get(s.action.name)!;
          const declared = new Map([...doc.required_parameters, ...doc.optional_parameters].map((p) => [p.name, p.type]));
          const args: Record<string, unknown> = {};
          const optional = new Set(doc.optional_parameters.map((p) => p.name));
          for (const [name, value] of Object.entries(s.action.args as Record<string, unknown>)) {
            const type = declared.get(name)!;
            if (value === null && optional.has(name)) {
              // T-Eval's own prompt says "DO NOT print args with value None or null": an unset optional argument.
              coercions.push({ k, tool: s.action.name, param: name, declared: type, from: null, to: '(omitted)' });
              continue;
            }
            try {
              args[name] = coerce(value, type);
            } catch (err) {
              if (err instanceof CoercionError) throw new RejectItem(`uncoercible_argument: ${raw.sourceFile} record ${raw.recordId}: step ${k} ${s.action.name}.${name}: ${err.message}`);
              throw err;
            }
            if (args[name] !== value) coercions.push({ k, tool: s.action.name, param: name, declared: type, from: value, to: args[name] });
            if (typeof args[name] === 'string') {
              const users = (lookups?.turns ?? raw.turns).slice(0, turnIndex + 1).map((u) => u.user);
              // A text the user dictated goes in as the user wrote it (the user's numbers).
              const dictated = dictatedText(args[name] as string, users);
              if (dictated !== undefined) {
                coercions.push({ k, tool: s.action.name, param: name, declared: type, from: args[name], to: dictated });
                args[name] = dictated;
              }
              // A text an earlier answer gave goes in as it gave it (BFCL 4's tweet of "the sorted result").
              const copied = answeredText(args[name] as string, answered);
              if (copied !== undefined) {
                coercions.push({ k, tool: s.action.name, param: name, declared: type, from: args[name], to: copied });
                args[name] = copied;
              }
              // A message the plan signs "[Your Name]" goes out without the slot, unless the user dictated it so.
              const signed = dropSignOffSlots(args[name] as string, users.join('\n'));
              if (signed !== args[name]) {
                signOffsDropped.push({ k, tool: s.action.name, param: name });
                args[name] = signed;
              }
              // A [SPAN] that splits one bullet ("Date and Time: [SPAN]2023-10-22 22:53", 456_1) is taken out of it.
              const whole = raw.source === 'teval' ? joinSplitBullets(args[name] as string) : undefined;
              if (whole !== undefined) {
                standInsRepaired.push({ k, tool: s.action.name, param: name, how: 'split bullet joined' });
                args[name] = whole;
              }
              // A distance an earlier answer gave, written in another unit than that tool's doc says ("Total Distance: 4488.454 miles" of get_distance's km, 34_0): the tool's unit.
              const united = raw.source === 'teval' ? repairUnits(args[name] as string, distances, pendingDistance) : args[name];
              if (united !== args[name]) {
                standInsRepaired.push({ k, tool: s.action.name, param: name, how: 'unit of an answered distance' });
                args[name] = united;
              }
              // T-Eval's imagined content: an outline with empty fields lists its points, a slot line goes; filler nothing can fill turns the plan down.
              if (raw.source === 'teval') {
                const repaired = repairStandIn(args[name] as string, users.join('\n'));
                if (repaired === null) throw new RejectItem(`stand_in_argument: ${raw.sourceFile} record ${raw.recordId}: step ${k} ${s.action.name}.${name} is ${standInKind(args[name] as string)} nothing the user said fills: ${JSON.stringify((args[name] as string).slice(0, 60))}`);
                if (repaired !== undefined) {
                  standInsRepaired.push({ k, tool: s.action.name, param: name, how: 'repaired' });
                  args[name] = repaired;
                }
              }
              // Items written one per line where the doc separates them with [SPAN] (254_1's "1. Introduction to computer vision\n2. …"): the doc's separator (standIns.ts spanListLines).
              const param = [...doc.required_parameters, ...doc.optional_parameters].find((p) => p.name === name);
              const spanned = raw.source === 'teval' ? spanListLines(args[name] as string, param?.description ?? '') : undefined;
              if (spanned !== undefined) {
                standInsRepaired.push({ k, tool: s.action.name, param: name, how: 'list lines joined by [SPAN] as the doc says' });
                args[name] = spanned;
              }
            }
          }
          if (s.response) answered.push(...responseStrings(s.response.content));
          if (s.response) answeredDistances(doc, s.response.content, distances);
          const unit = distanceCallUnit(s.action.name, doc);
          if (unit) pendingDistance = s.response ? undefined : unit;
          return { action: { name: s.action.name, args }, ...(s.response ? { response: s.response } : {}), ...(s.prev ? { prev: s.prev } : {}) };
        }),
    }));

    // A T-Eval plan whose step does not follow from what it shows is repaired where the plan itself holds the right value, else turned down (pipeline/quality/planFollows.ts).
    const endpointsRepaired: { k: number; tool: string; param: string; from: string; to: string }[] = [];
    const pathsRepaired: { k: number; tool: string; param: string; from: string; to: string }[] = [];
    if (raw.source === 'teval') {
      const all = turns.flatMap((t) => t.steps);
      // A file path that leaves out the folder the request gives the file ("a file named 'Delivery_Distance.txt' in the path \"outputs\"" written as "Delivery_Distance.txt", 275_1) is
      // joined as the request says ("outputs/Delivery_Distance.txt"), in that step and in every later step passing the same path (54_0's read-back of "weather.txt"); a recorded answer that names the old path is
      // dropped for resolve to answer the repaired call.
      let at = 0;
      for (const [t, turn] of turns.entries()) {
        const request = turns.slice(0, t + 1).map((u) => u.user).join('\n');
        const given = requestedPaths(request);
        for (const s of turn.steps) {
          at++;
          const doc = byName.get(s.action.name);
          if (!doc || typeof s.action.args !== 'object' || s.action.args === null) continue;
          for (const p of [...doc.required_parameters, ...doc.optional_parameters]) {
            const v = (s.action.args as Record<string, unknown>)[p.name];
            if (typeof v !== 'string' || pathRole(doc, p) === undefined) continue;
            const wrong = pathMismatch(request, v, given);
            if (!wrong) continue;
            if (wrong.how === 'adds') throw new RejectItem(`path_folder_not_requested: ${raw.sourceFile} record ${raw.recordId}: step ${at} ${s.action.name}.${p.name}="${v}" puts "${wrong.requested}" in a folder the request never names`);
            const from = wrong.path;
            for (const later of all.slice(at - 1)) {
              const ldoc = byName.get(later.action.name);
              if (!ldoc || typeof later.action.args !== 'object' || later.action.args === null) continue;
              const largs = later.action.args as Record<string, unknown>;
              const keys = [...ldoc.required_parameters, ...ldoc.optional_parameters].filter((q) => typeof largs[q.name] === 'string' && (largs[q.name] as string).trim() === from && pathRole(ldoc, q) !== undefined).map((q) => q.name);
              if (!keys.length) continue;
              later.action = { ...later.action, args: { ...largs, ...Object.fromEntries(keys.map((key) => [key, wrong.requested])) } };
              for (const key of keys) pathsRepaired.push({ k: all.indexOf(later) + 1, tool: later.action.name, param: key, from, to: wrong.requested });
              if (later.response && namesPath(later.response.content, from)) delete later.response;
            }
          }
        }
      }
      const misread = readBeforeWrite(all.map((s) => s.action), tools);
      if (misread) throw new RejectItem(`read_before_write: ${raw.sourceFile} record ${raw.recordId}: step ${misread.at + 1} ${all[misread.at].action.name} reads "${misread.path}", which only a later step of the plan writes`);
      let before = 0;
      for (const [t, turn] of turns.entries()) {
        const users = turns.slice(0, t + 1).map((u) => u.user);
        for (const [i, s] of turn.steps.entries()) {
          // What the step could take a specific from: the user's words and the answers recorded before it (a step still to be answered could carry anything, so only a plan answered so far is judged).
          const earlier = all.slice(0, before + i);
          if (earlier.every((e) => e.response !== undefined)) {
            const invented = inventedSpecifics(s.action.args, [...users, ...earlier.map((e) => e.response!.content)].join('\n'));
            if (invented.length) throw new RejectItem(`invented_specific: ${raw.sourceFile} record ${raw.recordId}: step ${before + i + 1} ${s.action.name}.${invented[0].key} carries ${invented.map((x) => JSON.stringify(x.value)).join(', ')}, which neither the request nor an earlier answer gives`);
          }
        }
        const short = stopsMidPattern(turn.steps.map((s) => s.action), tools);
        if (short) throw new RejectItem(`stops_mid_pattern: ${raw.sourceFile} record ${raw.recordId}: step ${before + short.at + 1} ${turn.steps[short.at].action.name} is the last, where every earlier one was followed by ${short.missing}, which takes what it returns: the plan closes before the request is done`);
        const undecided = undecidedCondition(turn.user, turn.steps.map((s) => ({ name: s.action.name, args: s.action.args, response: s.response?.content })));
        if (undecided) throw new RejectItem(`undecided_condition: ${raw.sourceFile} record ${raw.recordId}: step ${before + undecided.at + 1} ${turn.steps[undecided.at].action.name} acts on "if … '${undecided.name}'", which no answer before it decides`);
        for (const r of cityForNamedEndpoint(turn.user, turn.steps.map((s) => s.action))) {
          const s = turn.steps[r.at];
          if (r.coordinates === undefined) throw new RejectItem(`endpoint_not_requested: ${raw.sourceFile} record ${raw.recordId}: step ${before + r.at + 1} ${s.action.name}.${r.key}="${r.city}" is the city, where the request names a place the plan found`);
          s.action = { ...s.action, args: { ...(s.action.args as Record<string, unknown>), [r.key]: r.coordinates } };
          // The recording answered the city's route: resolve answers the place's.
          delete s.response;
          endpointsRepaired.push({ k: before + r.at + 1, tool: s.action.name, param: r.key, from: r.city, to: r.coordinates });
        }
        before += turn.steps.length;
      }
    }

    // A plan passing dates the request never gives (5_1's check_availability(date="2023-11-15") for "my travel
    // dates"): the request states the plan's dates, so the shown calls take them from the user (statedDates.ts).
    const datesStated: { turn: number; sentence: string }[] = [];
    if (raw.source === 'teval') {
      for (const [t, turn] of turns.entries()) {
        const said = turns.slice(0, t + 1).map((u) => u.user).join('\n');
        const sentence = statedDatesSentence(said, turn.steps, `${raw.sourceFile}:${raw.recordId}:${t}`);
        if (!sentence) continue;
        turn.user = withStatedDates(turn.user, sentence);
        datesStated.push({ turn: t, sentence });
      }
    }

    // A news call whose doc takes an optional ticker, left without one where the request is about one
    // company (T-Eval's get_ticker_news() for "news related to the stock ticker symbol 'AAPL'"): the ticker goes in.
    const tickersAdded: { k: number; tool: string; ticker: string }[] = [];
    let kk = 0;
    for (const turn of turns) {
      const passed = turn.steps.flatMap((s) => (typeof s.action.args === 'object' ? Object.entries(s.action.args).filter(([key, v]) => /^(?:ticker|symbol|stock)$/i.test(key) && typeof v === 'string').map(([, v]) => v as string) : []));
      for (const s of turn.steps) {
        kk++;
        const key = optionalTickerParam(byName.get(s.action.name));
        if (!key || typeof s.action.args !== 'object' || key in s.action.args) continue;
        const ticker = requestedTicker(turn.user, passed);
        if (!ticker) continue;
        s.action = { ...s.action, args: { ...s.action.args, [key]: ticker } };
        // The source's recording answered the call without a ticker (market news at large): resolve answers this one.
        delete s.response;
        tickersAdded.push({ k: kk, tool: s.action.name, ticker });
      }
    }

    // One thought-writer call per turn keeps each call's context to the request it serves.
    for (const [t, turn] of turns.entries()) {
      if (turn.steps.length === 0) continue;
      // What the conversation showed before this turn: where a value comes from is said by it (a value the user gave is never "my pick").
      const before = turns.slice(0, t);
      const { output, method } = await ctx.llm.invoke(
        thoughtWriterRole,
        {
          query: turn.user,
          ...(before.length ? { earlierRequests: before.map((b) => b.user), earlierAnswers: before.flatMap((b, bt) => b.steps.map((s, si) => {
                const response = s.response?.content ?? lookupAnswers.get(`${bt}:${si}`);
                return { name: s.action.name, ...(response ? { response } : {}) };
              })) } : {}),
          steps: turn.steps.map((s, i) => {
            const previous = i > 0 ? (turn.steps[i - 1].response?.content ?? lookupAnswers.get(`${t}:${i - 1}`)) : undefined;
            const doc = byName.get(s.action.name)!;
            return { name: s.action.name, description: doc.description, args: s.action.args, ...(previous ? { previousResponse: previous } : {}), doc: { description: doc.description, required_parameters: doc.required_parameters, optional_parameters: doc.optional_parameters, return_data: doc.return_data } };
          }),
        },
        { rng: ctx.rng('thoughts'), artifactKey: ctx.itemKey, stage: 'standardize' },
      );
      if (output.thoughts.length !== turn.steps.length) {
        throw new FlagItem(`thought_count: ${method} wrote ${output.thoughts.length} thoughts for ${turn.steps.length} steps`);
      }
      turn.steps.forEach((s, i) => (s.action = { thought: output.thoughts[i], ...s.action }));
      methods.add(method);
    }

    const content: StandardizedTrajectory = {
      trajectory: {
        id: raw.id,
        source: raw.source,
        tools,
        turns,
        final: '',
        meta: {
          ...raw.meta,
          sourceFile: raw.sourceFile,
          recordId: raw.recordId,
          // What was put in, and what nothing could show (assemble turns down the cut points that need it).
          ...(lookups?.inserted.length ? { insertedLookups: lookups.inserted.map(({ turn, index, name, args, shows }) => ({ turn, index, name, args, shows })) } : {}),
          ...(lookups?.unshown.length ? { unshownValues: lookups.unshown } : {}),
          // Messages whose sender's slot ("Best regards,\n[Your Name]") was taken out.
          ...(signOffsDropped.length ? { signOffSlotsDropped: signOffsDropped } : {}),
          ...(tickersAdded.length ? { tickersAdded } : {}),
          // Sentences stating the plan's dates, added to a request that gave none (statedDates.ts).
          ...(datesStated.length ? { datesStated } : {}),
          // T-Eval stand-in content repaired, or the write that held it left out (pipeline/standIns.ts).
          ...(standInsRepaired.length ? { standInsRepaired } : {}),
          // Route / distance endpoints the plan passed as the city, set to the place the request names (planFollows.ts cityForNamedEndpoint).
          ...(endpointsRepaired.length ? { endpointsRepaired } : {}),
          // File paths joined with the folder the request gives the file (planFollows.ts pathMismatch).
          ...(pathsRepaired.length ? { pathsRepaired } : {}),
        },
      },
      docNotes,
      coercions,
      typeMappings,
    };
    return { status: 'ok', content, method: [...methods].sort().join('+') };
  },
};
