/**
 * Plans whose steps do not follow the request or the answers shown (T-Eval): a branch the shown
 * answers rule out, a content argument that names what an earlier answer showed in full instead of
 * giving it, a message that leaves out a detail the user asked it to carry.
 */
import type { Action, TestCase } from '../../schemas.js';
import { repeatedReads } from '../repeats.js';
import { FINISH_ACTION } from '../../schemas.js';
import type { CaseMeasure, QualityContext } from '../types.js';
import { toolSteps } from '../../steps.js';
import { branchContradiction, conditionBranches, stoppedBecause, type BranchStep } from '../branches.js';
import { correctCalls, shownAction } from '../evidence.js';
import { isPlainObject } from '../../errors/values.js';
import { missingDetails, namesReadContent, readText, requestedDetails, textBeforeRead, ownContentNotGiven } from '../../standIns.js';
import { cityForNamedEndpoint, ENDPOINT_TOOL, inventedSpecifics, namedCondition, namesEndpoint, pathMismatch, requestedPaths, stopsMidPattern, undecidedCondition, unrequestedWrites, type UnrequestedWhy } from '../planFollows.js';
import { pathRole } from '../../errors/pathKinds.js';
import { actsOnUnshownRecord, droppedGenre, namedPaperTitles, namesFilm, otherItemThanAsked, requestedGenre, saysUnfiltered, unfilterableGenre, type AskedStep } from '../askedItems.js';
import { FILMS, companyBySearch } from '../../resolution/worldFacts.js';
import { asksAnAct, asksARoute, emptyWriteNeverFilled, writesAFile, asksOfADay, namedValueLeftOut, neverPerformedAct, otherDayThanAsked, filmSearchForPlace, routeNeverFetched, scholarlySearchUnasked, takesANamedValue, tickerByFilmTitle, tickerNotNamed, takesATicker, readsReviews, unrequestedReviews, tickerOfOtherSecurity, unrequestedNews, unrequestedDistance } from '../planAsks.js';
import type { Trajectory } from '../../schemas.js';


/**
 * A case cut from a plan that takes a branch its shown check rules out: "If the weekday is Monday,
 * create a new PowerPoint slide …" answered {"weekday": "Monday"} and the plan stops (420_1), or
 * "if room 101 is available, reserve it" with 101 not among the free rooms listed (162_1, 51_1); or
 * a plan that stopped on a condition whose closing answer does not say why.
 */
export const gtBranchContradicted: CaseMeasure = {
  kind: 'case',
  id: 'gt_branch_contradicted',
  group: 'solvable',
  title: 'a conditional request ("If the weekday is Monday, create a slide …", "if room 101 is available, reserve it") whose plan takes a branch the shown check answer rules out (stops on a Monday, reserves a room the listing did not show free), or stops without the closing answer saying why; or acts on a condition on a named thing no answer shown decides (attaches \'Agenda.pdf\' "if there is an attachment named \'Agenda.pdf\'" with no answer showing one)',
  population: 'T-Eval cases showing the answer of a check a request conditions its steps on, or showing or expecting a step a condition on a named thing governs',
  check(tc: TestCase, ctx: QualityContext) {
    if (tc.source !== 'teval') return undefined;
    const t = ctx.trajectory(tc.trajectoryId);
    if (!t) return undefined;
    const located = toolSteps(t);
    const shown = new Set(tc.messages.filter((m) => m.role === 'function').map((m) => m.content));
    let inPopulation = false;
    // A condition on a named thing the case's calls act on: an answer before the call must show the thing.
    const request = tc.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
    const calls = correctCalls(tc).map((c) => ({ name: c.action.name, args: c.action.args, response: tc.messages.slice(0, c.at).filter((m) => m.role === 'function').map((m) => m.content).join('\n') }));
    // Each call sees every answer before it: the calls' responses stand in as one step before each.
    const undecided = calls.map((c) => undecidedCondition(request, [{ name: '', args: {}, response: c.response }, c])).find((u) => u !== undefined);
    if (undecided) return `a step passes '${undecided.name}' on "if there is … '${undecided.name}'", which no answer shown before it decides`;
    const named = namedCondition(request);
    if (named !== undefined && calls.some((c) => isPlainObject(c.args) && Object.values(c.args).some((v) => typeof v === 'string' && v.toLowerCase().includes(named.toLowerCase())))) inPopulation = true;
    for (const [ti, turn] of t.turns.entries()) {
      const steps: BranchStep[] = located.filter((l) => l.turnIndex === ti).map((l) => ({ name: l.step.action.name, args: l.step.action.args, response: l.step.response?.content }));
      for (const b of conditionBranches(turn.user, steps)) {
        const answer = steps[b.at].response;
        if (answer === undefined || !shown.has(answer)) continue;
        inPopulation = true;
        const why = branchContradiction(b, steps);
        if (why) return why;
        // The closing answer of a plan that stopped on the condition says why, when the case expects it.
        const stop = stoppedBecause(b, steps);
        const gt = Array.isArray(tc.groundTruth) ? tc.groundTruth[tc.groundTruth.length - 1] : tc.groundTruth;
        if (stop && gt.name === FINISH_ACTION && typeof gt.args === 'string' && ti === t.turns.length - 1 && !new RegExp(`\\bnot (?:a )?${b.kind === 'weekday' ? b.day : ''}\\b`, 'i').test(gt.args)) {
          return `the plan stopped on "${b.kind === 'weekday' ? `if it is ${b.day}` : ''}" and the closing answer does not say it is not ${b.kind === 'weekday' ? b.day : ''}`;
        }
      }
    }
    return inPopulation ? null : undefined;
  },
};

/**
 * A content argument that names what an earlier answer showed in full instead of giving it: "add a
 * page with the research notes" as bullet_items="Research notes" right after `read_file` answered the
 * notes ("Notes: hotel\n- 8 items reviewed\n- …") (T-Eval 417_2).
 */
export const gtContentNamedNotGiven: CaseMeasure = {
  kind: 'case',
  id: 'gt_content_named_not_given',
  group: 'solvable',
  title: 'a call the case shows (history or ground truth) passes as content the name the request gives a text an earlier file read answered in full (bullet_items="Research notes" after read_file returned the notes), not the text',
  population: 'cases showing or expecting a call with a content argument after a file read',
  check(tc) {
    let inPopulation = false;
    for (const { where, action, at } of correctCalls(tc)) {
      if (!isPlainObject(action.args)) continue;
      const before = tc.messages.slice(0, at);
      const read = before.filter((m) => m.role === 'function').map((m) => readText(m.content)).filter((x): x is string => x !== undefined).pop();
      if (read === undefined) continue;
      const said = before.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
      for (const [key, v] of Object.entries(action.args)) {
        if (typeof v !== 'string' || !/^(?:bullet_?items|bullets|content|text|body)$/i.test(key)) continue;
        inPopulation = true;
        if (namesReadContent(key, v, said, read)) return `${where} ${action.name} ${key}=${JSON.stringify(v)} names the text the file read answered (${JSON.stringify(read.slice(0, 50))}) instead of giving it`;
      }
    }
    return inPopulation ? null : undefined;
  },
};

/**
 * A message the user asked to carry named details that leaves one out: "include details about 'the
 * review process', 'submission deadline', and 'expected feedback time'" sent as "Please find below
 * the details:\n\n- Review Process: …" and nothing more (T-Eval 40_1, once its slot lines went).
 */
export const gtBodyMissesRequestedDetail: CaseMeasure = {
  kind: 'case',
  id: 'gt_body_misses_requested_detail',
  group: 'solvable',
  title: 'a message the user asked to include named details (\'the review process\', \'submission deadline\', \'expected feedback time\') is sent, in the history or the ground truth, without one of them',
  population: 'cases showing or expecting a message whose request names details it must include',
  check(tc) {
    let inPopulation = false;
    for (const { where, action, at } of correctCalls(tc)) {
      if (!isPlainObject(action.args) || !/send|mail|message|reply|post/i.test(action.name)) continue;
      const said = tc.messages.slice(0, at).filter((m) => m.role === 'user').map((m) => m.content).join('\n');
      if (requestedDetails(said).length === 0) continue;
      for (const [key, v] of Object.entries(action.args)) {
        if (typeof v !== 'string' || !/^(?:body|content|text|message)$/i.test(key)) continue;
        inPopulation = true;
        const missing = missingDetails(v, said);
        if (missing.length) return `${where} ${action.name} ${key} leaves out ${missing.map((d) => `"${d}"`).join(', ')}, which the request asked it to include`;
      }
    }
    return inPopulation ? null : undefined;
  },
};

/**
 * A case that shows or expects the very same read its history already made and got answered, with
 * nothing of its toolkit changed since: T-Eval 162_0's plan runs search, citation, author id and
 * author information twice; 31_1 asks for the same route again. (The retry an external case expects
 * of the call that failed is not a repeat.)
 */
export const gtRepeatsAnsweredRead: CaseMeasure = {
  kind: 'case',
  id: 'gt_repeats_answered_read',
  group: 'solvable',
  title: 'a call the case shows or expects repeats a read the history already made and got answered (same tool, same arguments, nothing of its toolkit changed since): T-Eval 162_0 runs its four-step plan twice',
  population: 'T-Eval cases showing or expecting two or more tool calls',
  check(tc) {
    if (tc.source !== 'teval') return undefined;
    let calls = correctCalls(tc);
    // An external case's failed call and the retry it expects are the error and its recovery, not a repeat.
    if (tc.kind === 'external') {
      const lastShown = calls.filter((c) => c.where === 'shown').pop();
      calls = calls.filter((c, i) => c !== lastShown && !(c.where === 'ground-truth' && calls.findIndex((x) => x.where === 'ground-truth') === i));
    }
    if (calls.length < 2) return undefined;
    const again = repeatedReads(calls.map((c) => c.action));
    const first = [...again][0];
    return first === undefined ? null : `${calls[first].where} ${calls[first].action.name} repeats a read the case already made with the same arguments`;
  },
};

/**
 * A text argument carrying a specific nothing gives: T-Eval 369_2's email for "include … flight
 * number and hotel booking details" reads "Flight Number: XYZ123 … Hotel Name: ABC Hotel … Booking
 * Reference: 123456", none of it said by the user or answered by a tool. (gt_value_unshown reads
 * numbers of 3+ digits standing alone in a text, so it missed the code "XYZ123" and the made-up name.)
 */
export const gtTextInventsSpecific: CaseMeasure = {
  kind: 'case',
  id: 'gt_text_invents_specific',
  group: 'solvable',
  title: 'a text argument the case shows or expects (an email body, a page\'s bullets, a file\'s text) carries a specific — a code ("XYZ123"), a labelled number or reference ("Booking Reference: 123456"), a made-up name ("ABC Hotel") — that no user turn or earlier answer gives',
  population: 'T-Eval cases showing or expecting a call with a text argument',
  check(tc) {
    if (tc.source !== 'teval') return undefined;
    let inPopulation = false;
    for (const { where, action, at } of correctCalls(tc)) {
      if (!isPlainObject(action.args) || !Object.entries(action.args).some(([k, v]) => typeof v === 'string' && /^(?:body|content|text|message|bullet_?items|bullets|description|summary)$/i.test(k))) continue;
      inPopulation = true;
      const shown = tc.messages.slice(0, at).filter((m) => m.role === 'user' || m.role === 'function').map((m) => m.content).join('\n');
      const invented = inventedSpecifics(action.args, shown);
      if (invented.length) return `${where} ${action.name} ${invented[0].key} carries ${invented.slice(0, 3).map((x) => JSON.stringify(x.value)).join(', ')}, which no user turn or earlier answer gives`;
    }
    return inPopulation ? null : undefined;
  },
};

/**
 * A route or distance the request asks from a place the plan found ("measure the distance between
 * the first property and the nearest restaurant") whose call starts at the city the search ran in
 * instead: T-Eval 91_0's get_distance(start="New York, NY, United States").
 */
export const gtEndpointNotRequested: CaseMeasure = {
  kind: 'case',
  id: 'gt_endpoint_not_requested',
  group: 'solvable',
  title: 'a route / distance call the case shows or expects starts at the city a search ran in where the request names the place the plan found ("the distance between the first property and the nearest restaurant" as start="New York, NY, United States")',
  population: 'T-Eval cases showing or expecting a route or distance call whose request names a property, hotel or the like as its start',
  check(tc) {
    if (tc.source !== 'teval') return undefined;
    const request = tc.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
    const calls = correctCalls(tc);
    if (!namesEndpoint(request) || !calls.some((c) => ENDPOINT_TOOL.test(c.action.name))) return undefined;
    const wrong = cityForNamedEndpoint(request, calls.map((c) => c.action))[0];
    return wrong ? `${calls[wrong.at].where} ${calls[wrong.at].action.name} ${wrong.key}="${wrong.city}" is the city the search ran in, where the request names the place the plan found` : null;
  },
};

/**
 * A closing expected while the request is half done: the calls before it run A then B on each of
 * several things and end on A alone, B listed and taking what A returns (T-Eval 208_0-control-k10:
 * get_author_id then get_author_information for two authors, get_author_id for Zeqian Chen, and the
 * ground truth closes instead of asking for Chen's affiliation, articles and website).
 */
export const gtClosesMidPattern: CaseMeasure = {
  kind: 'case',
  id: 'gt_closes_mid_pattern',
  group: 'solvable',
  title: 'a closing the case expects while the calls before it run A then B for each of several things and end on A alone, B listed and taking what A returns (get_author_id then get_author_information for two authors, get_author_id alone for the third, then the closing)',
  population: 'cases expecting a closing answer',
  check(tc) {
    const expected = Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth];
    if (!expected.some((g) => g.name === FINISH_ACTION)) return undefined;
    const calls = correctCalls(tc);
    const short = stopsMidPattern(calls.map((c) => c.action), tc.tools);
    return short ? `closes after ${calls[short.at].action.name} on the last of several things, where ${short.missing} followed it on every other` : null;
  },
};


/**
 * A file path that leaves out the folder the request gives the file: T-Eval 275_1 asks to "save this
 * information in a file named 'Delivery_Distance.txt' in the path \"outputs\"" and its plan writes
 * file_path="Delivery_Distance.txt"; 54_0 writes and reads back "weather.txt" for "a file titled
 * 'weather.txt',save it to outputs location". Also a path in another folder than the one the request
 * gives, or in a folder the request never names for a file it names bare; and (widened, h-teval10) a
 * name with another extension of the same kind than the one the request gives (420_0 creates
 * "outputs/Daily_Journal.pptx" for "Save the PowerPoint presentation as 'Daily_Journal.ppt' in the
 * 'outputs' directory").
 */
export const gtPathDropsNamedFolder: CaseMeasure = {
  kind: 'case',
  id: 'gt_path_drops_named_folder',
  group: 'solvable',
  title: 'a file path a call the case shows or expects passes leaves out the folder the request gives the file (file_path="Delivery_Distance.txt" for "a file named \'Delivery_Distance.txt\' in the path \"outputs\""), puts it in another folder, in one the request never names, or changes the extension of the name the request gives ("outputs/Daily_Journal.pptx" for \'Daily_Journal.ppt\')',
  population: 'T-Eval cases showing or expecting a call whose file path is a file the request names',
  check(tc) {
    if (tc.source !== 'teval') return undefined;
    let inPopulation = false;
    for (const { where, action, at } of correctCalls(tc)) {
      const doc = tc.tools.find((t) => t.name === action.name);
      if (!doc || !isPlainObject(action.args)) continue;
      const request = tc.messages.slice(0, at).filter((m) => m.role === 'user').map((m) => m.content).join('\n');
      const given = requestedPaths(request);
      for (const p of [...doc.required_parameters, ...doc.optional_parameters]) {
        const v = action.args[p.name];
        if (typeof v !== 'string' || !v.trim() || pathRole(doc, p) === undefined) continue;
        const name = (v.trim().split('/').pop() ?? '').toLowerCase();
        if (given.has(name) || request.toLowerCase().includes(name)) inPopulation = true;
        const wrong = pathMismatch(request, v, given);
        if (wrong) return `${where} ${action.name} ${p.name}="${wrong.path}" ${wrong.how === 'drops' ? 'leaves out the folder of' : wrong.how === 'adds' ? 'adds a folder to' : wrong.how === 'extension' ? 'changes the extension of' : 'is another path than'} "${wrong.requested}" the request gives ("${wrong.words}")`;
      }
    }
    return inPopulation ? null : undefined;
  },
};

const UNREQUESTED_SAYS: Record<UnrequestedWhy, string> = {
  unnamed_file: 'writes a file the request never asks for',
  no_presentation: 'makes a presentation the request never asks for',
  text_over_presentation: 'writes plain text over the presentation the plan made',
  overwrites_input: 'writes over the file the plan read, which the request never asks to change',
  send_not_asked: 'sends a message the request never asks for',
  reserve_not_asked: 'reserves something the request never asks for',
};

/**
 * A write, send or reservation the request never asks for, in a call the case shows or expects:
 * T-Eval 134_2 writes "outputs/query_summary.txt" for a request that asks only for
 * 'outputs/MiamiProperties.ppt'; 392_1 writes "movie_details.txt" for a request to be told things;
 * 413_0 creates "outputs/director_summary.pptx" for a summary asked into a .txt file; 134_0 writes
 * the read-me's text over "outputs/ParisTrip.ppt"; 53_2 writes over the input it read; 174_1
 * reserves a room nobody asked for (planFollows.ts unrequestedWrites).
 */
export const gtUnrequestedWrite: CaseMeasure = {
  kind: 'case',
  id: 'gt_unrequested_write',
  group: 'solvable',
  title: 'a call the case shows or expects writes a file, makes a presentation, sends a message or reserves something the request never asks for (134_2: write_file "outputs/query_summary.txt" for a request that asks only for \'outputs/MiamiProperties.ppt\')',
  population: 'T-Eval cases showing or expecting a call that writes a file, makes a presentation, sends a message or reserves something',
  check(tc) {
    // A noisy-query case misspells the request on purpose ("boook a room"); its base case, with the same ground truth, is judged on the words as the user wrote them.
    // A mixed evolution that applied noise too ("emaill the title") is judged by its base case likewise.
    if (tc.source !== 'teval' || tc.id.includes('~noisy_query') || tc.evolution?.applied.includes('noisy_query')) return undefined;
    const calls = correctCalls(tc);
    const request = tc.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
    const found = unrequestedWrites(request, calls.map((c) => ({ name: c.action.name, args: c.action.args })), tc.tools);
    if (found.length) {
      const u = found[0];
      return `${calls[u.at].where} ${u.name}${u.path ? ` "${u.path}"` : ''} ${UNREQUESTED_SAYS[u.why]}`;
    }
    const writes = calls.some((c) => /write|create|save|send|reserve|book/i.test(c.action.name.split('.').pop() ?? ''));
    return writes ? null : undefined;
  },
};


/** A T-Eval case's whole request and plan, steps with their answers (askedItems.ts reads the plan, not the case's cut of it). */
function planOf(tc: TestCase, ctx: QualityContext): { request: string; steps: AskedStep[]; t: Trajectory } | undefined {
  if (tc.source !== 'teval') return undefined;
  const t = ctx.trajectory(tc.trajectoryId);
  if (!t) return undefined;
  return { t, request: t.turns.map((turn) => turn.user).join('\n'), steps: toolSteps(t).map((l) => ({ name: l.step.action.name, args: l.step.action.args, response: l.step.response?.content })) };
}

/**
 * A case cut from a plan that asks for another item than the one its request names: T-Eval 185_1
 * is asked for the details of 'Inception' and gets those of movie 272 ("Batman Begins"); 352_1
 * looks for films similar to 272 for "similar to 'Inception'"; 51_0 reads
 * "/home/user/documents/data.txt" for 'data_v2/template_data/paper_readme.txt'. A model that follows
 * the request is marked wrong at that step, and the closing answer tells of another film.
 */
export const gtOtherItemThanAsked: CaseMeasure = {
  kind: 'case',
  id: 'gt_other_item_than_asked',
  group: 'solvable',
  title: 'a case cut from a plan that asks for another film, file or paper than the one its request names, no step asking for the named one: the details of movie 272 ("Batman Begins") for \'Inception\' (185_1), a read of "/home/user/documents/data.txt" for \'data_v2/template_data/paper_readme.txt\' (51_0), the citation of "Machine learning" for "the paper with the title \'Deep Learning\'" (57_1); a translation (\'Parasite\' as 寄生虫) or an id (27205 for \'Inception\') is the item named',
  population: 'T-Eval cases whose request names a known film, a file or a paper by its title',
  check(tc, ctx) {
    const plan = planOf(tc, ctx);
    if (!plan) return undefined;
    if (!FILMS.some((f) => namesFilm(plan.request, f)) && !/\.(?:txt|pptx?|pdf|docx?|csv|json|md|xlsx?|html?|xml|log)\b/i.test(plan.request) && namedPaperTitles(plan.request).length === 0) return undefined;
    const o = otherItemThanAsked(plan.request, plan.steps, plan.t.tools);
    return o ? `step ${o.at + 1} ${plan.steps[o.at].name} asks for ${o.other} where the request names '${o.asked}', which no step asks for` : null;
  },
};

/**
 * A case cut from a plan whose list call leaves out the genre the request sets: coming_out_filter
 * with no cate for the coming films "specifically those in the 'Fantasy' category" (218_1); or, where
 * the list takes no genre (get_top_rated_movies for "top-rated movies in the 'Drama' genre", 294_2),
 * a closing the case expects that does not say the list is not limited to it.
 */
export const gtDropsRequestGenre: CaseMeasure = {
  kind: 'case',
  id: 'gt_drops_request_genre',
  group: 'solvable',
  title: 'a case cut from a plan whose list call leaves out the genre the request sets although its tool takes one (coming_out_filter with no cate for "the \'Fantasy\' category", 218_1), or, where the tool takes none (get_top_rated_movies for "top-rated movies in the \'Drama\' genre", 294_2), whose expected closing does not say the list is not limited to that genre',
  population: 'T-Eval cases whose plan makes a list call the request sets a genre for',
  check(tc, ctx) {
    const plan = planOf(tc, ctx);
    if (!plan || !plan.steps.some((s) => requestedGenre(plan.request, s.name))) return undefined;
    const dropped = droppedGenre(plan.request, plan.steps, plan.t.tools);
    if (dropped) return `step ${dropped.at + 1} ${dropped.name} leaves out ${dropped.param} for the ${dropped.genre} films the request asks for`;
    const closing = (Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth]).find((g) => g.name === FINISH_ACTION);
    if (!closing || typeof closing.args !== 'string') return null;
    for (const s of plan.steps) {
      const genre = unfilterableGenre(plan.request, s, plan.t.tools.find((d) => d.name === s.name));
      if (genre && !saysUnfiltered(closing.args, genre)) return `the closing tells ${s.name}'s list as the ${genre} films asked for without saying it is not limited to ${genre}`;
    }
    return null;
  },
};

/**
 * A case cut from a plan that acts on a record the request names when no answer before the act shows
 * it: 375_0 replies to "the most recent email with 'Marketing Campaign Proposal' as the subject"
 * after an inbox listing that holds no such email, sending to the sender of another.
 */
export const gtActsOnUnshownRecord: CaseMeasure = {
  kind: 'case',
  id: 'gt_acts_on_unshown_record',
  group: 'solvable',
  title: 'a case cut from a plan that replies to, forwards or deletes a record the request names by its subject (375_0: "the most recent email with \'Marketing Campaign Proposal\' as the subject") when no answer before the act shows a record so named',
  population: 'T-Eval cases whose request names a message to act on by its subject',
  check(tc, ctx) {
    const plan = planOf(tc, ctx);
    if (!plan || !/\b(?:e-?mails?|messages?)\s+(?:with|titled|named|called)/i.test(plan.request) || !plan.steps.some((s) => /send|reply|forward|delete/i.test(s.name))) return undefined;
    const acted = actsOnUnshownRecord(plan.request, plan.steps);
    return acted ? `step ${acted.at + 1} ${acted.name} acts on '${acted.record}', which no answer before it shows` : null;
  },
};

/**
 * A case cut from a plan that never performs an act its request asks for: 21_1 "find an available
 * meeting room for this duration and book it?" lists the free rooms and closes; 348_1 "book the first
 * available meeting room" likewise. The closing tells of a request half done as if it were done.
 */
export const gtActNeverPerformed: CaseMeasure = {
  kind: 'case',
  id: 'gt_act_never_performed',
  group: 'solvable',
  title: 'a case cut from a plan that never performs an act its request asks for: 21_1 "find an available meeting room … and book it?" lists the free rooms (get_empty_room_with_time) and closes, no step books; 348_1 "book the first available meeting room" likewise; a room "we could book" is no request to book',
  population: 'T-Eval cases whose request asks to book, reserve, send or delete',
  check(tc, ctx) {
    const plan = planOf(tc, ctx);
    if (!plan || !asksAnAct(plan.request)) return undefined;
    const never = neverPerformedAct(plan.request, plan.steps);
    return never ? `the request asks to ${never.act} ("${never.words}") and no step does` : null;
  },
};

/**
 * A case cut from a plan that answers for today what its request asks of another day: "the weather
 * conditions for Denver on October 18" fetched by get_weather_today (288_2); "the day of the week
 * when it was released" answered by get_weekday (430_1).
 */
export const gtOtherDayThanAsked: CaseMeasure = {
  kind: 'case',
  id: 'gt_other_day_than_asked',
  group: 'solvable',
  title: 'a case cut from a plan that answers for today what its request asks of another day: "the weather conditions for Denver on October 18" by get_weather_today (288_2), "the day of the week when it was released" by get_weekday, today\'s weekday (430_1), or a check that takes a date called without the one asked; a date the request or a shown current time says is today is today, and check_availability, whose doc answers "the next 10 days" without a date, answers "the next week"',
  population: 'T-Eval cases whose request asks for the weather on a named day, the weekday of a past event, or availability on a named day or period',
  check(tc, ctx) {
    const plan = planOf(tc, ctx);
    if (!plan || !asksOfADay(plan.request)) return undefined;
    const day = otherDayThanAsked(plan.request, plan.steps, plan.t.tools);
    return day ? `step ${day.at + 1}: the request asks for ${day.asked} and the plan answers with ${day.did}` : null;
  },
};

/** A case cut from a plan asked for a shortest or best route that fetches none: 300_0 answers "the shortest path" with get_distance. */
export const gtRouteNeverFetched: CaseMeasure = {
  kind: 'case',
  id: 'gt_route_never_fetched',
  group: 'solvable',
  title: 'a case cut from a plan asked for the shortest or best route (or directions) that fetches no route: 300_0 "determine the shortest path and calculate the distance" calls get_coordinates and get_distance only',
  population: 'T-Eval cases whose request asks for a shortest, fastest or best route or path, or directions',
  check(tc, ctx) {
    const plan = planOf(tc, ctx);
    if (!plan || !asksARoute(plan.request)) return undefined;
    const route = routeNeverFetched(plan.request, plan.steps);
    return route ? `the request asks for the ${route.words} and no step fetches a route` : null;
  },
};

/**
 * A case cut from a plan whose step leaves out a value the request names, or fills it with something
 * else: get_ticker_news() with no ticker for "news related to the company with the AAPL ticker
 * symbol" (483_2); get_author_id with mauthors "machine learning", the topic searched (241_2).
 */
export const gtNamedValueLeftOut: CaseMeasure = {
  kind: 'case',
  id: 'gt_named_value_left_out',
  group: 'solvable',
  title: 'a case cut from a plan whose step leaves out a ticker or author the request names, or passes something else for it: get_ticker_news() with no ticker for "news related to the company with the AAPL ticker symbol" (483_2) or Amazon\'s news (322_0); get_author_id with mauthors "machine learning", the topic searched (241_2, 165_1), the title \'Best Travel Destinations\' (7_2) or "first author" (97_2); news "about the stock market" names no ticker',
  population: 'T-Eval cases whose plan calls a tool taking a ticker or an author',
  check(tc, ctx) {
    const plan = planOf(tc, ctx);
    if (!plan || !takesANamedValue(plan.steps, plan.t.tools)) return undefined;
    const left = namedValueLeftOut(plan.request, plan.steps, plan.t.tools);
    return left ? `step ${left.at + 1} ${left.name} ${left.given === undefined ? `leaves out ${left.param} (the request names ${left.asked})` : `passes ${left.param} "${left.given}" where the request asks for ${left.asked}`}` : null;
  },
};

/** A case cut from a plan that reads news its request never asks for: 231_1 (the details of 'WB') and 365_2 (emails, an author) also call get_ticker_news(). */
export const gtUnrequestedNews: CaseMeasure = {
  kind: 'case',
  id: 'gt_unrequested_news',
  group: 'solvable',
  title: 'a case cut from a plan that reads news its request never asks for: 231_1 asks for the details of the company behind the ticker \'WB\' and 365_2 for emails and an author, and each plan also calls get_ticker_news()',
  population: 'T-Eval cases whose plan calls a news tool',
  check(tc, ctx) {
    const plan = planOf(tc, ctx);
    if (!plan || !plan.steps.some((s) => /news/i.test(s.name.split('.').pop() ?? ''))) return undefined;
    const news = unrequestedNews(plan.request, plan.steps);
    return news ? `step ${news.at + 1} ${news.name} reads news the request never asks for` : null;
  },
};

/** A case cut from a plan that measures a distance its request never asks for: 31_1 ("the shortest route", the locations, the traffic) and 312_1 (how to reach the Empire State Building) also call get_distance. */
export const gtUnrequestedDistance: CaseMeasure = {
  kind: 'case',
  id: 'gt_unrequested_distance',
  group: 'solvable',
  title: 'a case cut from a plan that measures a distance its request never asks for: 31_1 asks for the shortest route from Seattle to Portland, the two locations and the traffic, and its plan also calls get_distance',
  population: 'T-Eval cases whose plan calls a distance tool',
  check(tc, ctx) {
    const plan = planOf(tc, ctx);
    if (!plan || !plan.steps.some((s) => /distance/i.test(s.name.split('.').pop() ?? ''))) return undefined;
    const far = unrequestedDistance(plan.request, plan.steps);
    return far ? `step ${far.at + 1} ${far.name} measures a distance the request never asks for` : null;
  },
};

export const gtTickerOfOtherSecurity: CaseMeasure = {
  kind: 'case',
  id: 'gt_ticker_of_other_security',
  group: 'solvable',
  title: 'a case cut from a plan that searches a company\'s ticker and goes on with another security named for it: 178_2 looks up "Tesla" and reads the bars and news of TSLZ, the T-Rex 2X Inverse Tesla Daily Target ETF, as Tesla\'s (TSLA)',
  population: 'T-Eval cases whose plan searches the ticker of a company the world table knows',
  check(tc, ctx) {
    const plan = planOf(tc, ctx);
    if (!plan || !plan.steps.some((s) => /ticker|symbol|stock/i.test(s.name.split('.').pop() ?? '') && isPlainObject(s.args) && Object.values(s.args).some((v) => companyBySearch(v)))) return undefined;
    const other = tickerOfOtherSecurity(plan.steps);
    return other ? `step ${other.at + 1} ${other.name} takes ${other.ticker} (${other.security}) for "${other.searched}", whose own ticker is ${other.own}` : null;
  },
};

/** 479_1: search_stock_ticker(search="Expend4bles") for "the ticker symbol of the production company behind the first popular movie". */
export const gtTickerByFilmTitle: CaseMeasure = {
  kind: 'case',
  id: 'gt_ticker_by_film_title',
  group: 'solvable',
  title: 'a case cut from a plan that searches a ticker by the title of a film an earlier answer listed, where the request asks for the company behind the film: 479_1 search_stock_ticker(search="Expend4bles") for "the ticker symbol of the production company behind the first popular movie"; no step finds the company',
  population: 'T-Eval cases whose plan searches a ticker',
  check(tc, ctx) {
    const plan = planOf(tc, ctx);
    if (!plan || !plan.steps.some((s) => /ticker|symbol|stock/i.test(s.name.split('.').pop() ?? '') && /search/i.test(s.name))) return undefined;
    const t = tickerByFilmTitle(plan.steps);
    return t ? `step ${t.at + 1} ${t.name} searches a ticker by the film title "${t.title}"` : null;
  },
};

/** 289_0: search_stock_ticker("tech company that manufactures smartphones and computers") and then TECH (Bio-Techne) for the company the request describes. */
export const gtTickerNotNamed: CaseMeasure = {
  kind: 'case',
  id: 'gt_ticker_not_named',
  group: 'solvable',
  title: 'a case cut from a plan that takes a ticker for a company its request does not name: 289_0 searches "tech company that manufactures smartphones and computers" (a description) and reads TECH, Bio-Techne; 249_1 searches "company name"; 270_0 takes REAL (The RealReal) for "ABC Real Estate"; 289_1 TSLA for "a prominent electric car manufacturer" and 479_2 AAPL for "a stock symbol" with no search',
  population: 'T-Eval cases whose plan takes or searches a ticker',
  check(tc, ctx) {
    const plan = planOf(tc, ctx);
    if (!plan || !takesATicker(plan.steps)) return undefined;
    const u = tickerNotNamed(plan.request, plan.steps);
    return u ? `step ${u.at + 1} ${u.name} takes "${u.given}", which ${u.why}` : null;
  },
};

/** 272_0: get_movie_reviews for "the plot summary and details of the movie 'Inception'". */
export const gtUnrequestedReviews: CaseMeasure = {
  kind: 'case',
  id: 'gt_unrequested_reviews',
  group: 'solvable',
  title: 'a case cut from a plan that reads reviews its request never asks for (no review, rating, opinion, feedback, comment): 272_0 calls get_movie_reviews for "the plot summary and details of the movie \'Inception\'"; a model following the request makes no such call',
  population: 'T-Eval cases whose plan reads reviews',
  check(tc, ctx) {
    const plan = planOf(tc, ctx);
    if (!plan || !readsReviews(plan.steps)) return undefined;
    const u = unrequestedReviews(plan.request, plan.steps);
    return u ? `step ${u.at + 1} ${u.name} reads ${u.reads} the request never asks for` : null;
  },
};

/** 116_1: Email.send body "Content of the file located at `…paper_readme.txt`" one step before read_file of it. */
export const gtTextBeforeRead: CaseMeasure = {
  kind: 'case',
  id: 'gt_text_before_read',
  group: 'solvable',
  title: 'a case cut from a plan whose text argument describes a file the plan reads only later: 116_1 sends body "Content of the file located at `data_v2/template_data/paper_readme.txt`" for "include the text from the file", then reads the file',
  population: 'T-Eval cases whose plan reads a file',
  check(tc, ctx) {
    const plan = planOf(tc, ctx);
    if (!plan || !plan.steps.some((s) => /read/i.test(s.name.split('.').pop() ?? ''))) return undefined;
    const f = textBeforeRead(plan.steps.map((s) => ({ action: { name: s.name, args: s.args } })));
    return f ? `step ${f.at + 1} ${plan.steps[f.at].name} ${f.key} describes "${f.path}", which step ${f.readAt + 1} reads only later` : null;
  },
};

/** 466_2: bullet_items "Main points of the presentation" for "a bullet list containing the main points of my presentation". */
export const gtOwnContentNotGiven: CaseMeasure = {
  kind: 'case',
  id: 'gt_own_content_not_given',
  group: 'solvable',
  title: 'a case showing or expecting a content argument that only restates the request\'s name for the user\'s own content, which the user never gives: 466_2 bullet_items "Main points of the presentation" for "a bullet list containing the main points of my presentation"',
  population: 'T-Eval cases showing or expecting a call with a content argument',
  check(tc) {
    if (tc.source !== 'teval') return undefined;
    let inPopulation = false;
    for (const { where, action, at } of correctCalls(tc)) {
      if (!isPlainObject(action.args)) continue;
      const before = tc.messages.slice(0, at);
      const said = before.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
      const answers = before.filter((m) => m.role === 'function').map((m) => m.content);
      for (const [key, v] of Object.entries(action.args)) {
        if (typeof v !== 'string' || !/^(?:bullet_?items|bullets|content|text|body)$/i.test(key)) continue;
        inPopulation = true;
        const phrase = ownContentNotGiven(key, v, said, answers);
        if (phrase) return `${where} ${action.name} ${key}=${JSON.stringify(v)} restates "${phrase}", which the user never gives`;
      }
    }
    return inPopulation ? null : undefined;
  },
};

/** 305_0: a Google Scholar search for "famous landmarks in New York"; 446_0 for a film's summary. */
export const gtScholarlySearchUnasked: CaseMeasure = {
  kind: 'case',
  id: 'gt_scholarly_search_unasked',
  group: 'solvable',
  title: 'a case cut from a plan that searches Google Scholar for a request asking nothing scholarly (no paper, article, research, author, citation): 305_0 "famous landmarks in New York", 446_0 a film\'s summary (\'你好，李焕英\'); a model taking the web search or the film tool is marked wrong',
  population: 'T-Eval cases whose plan calls a Google Scholar search',
  check(tc, ctx) {
    const plan = planOf(tc, ctx);
    if (!plan || !plan.steps.some((s) => /search_google_scholar/i.test(s.name))) return undefined;
    const u = scholarlySearchUnasked(plan.request, plan.steps);
    return u ? `step ${u.at + 1} ${u.name} searches "${u.query}" for a request asking nothing scholarly` : null;
  },
};

/** 292_0: search_movie("Las Vegas") for whether a film "is being shown in Las Vegas"; 28_0, 148_1: search_movie("New York City") for films "filmed in New York City". */
export const gtFilmSearchForPlace: CaseMeasure = {
  kind: 'case',
  id: 'gt_film_search_for_place',
  group: 'solvable',
  title: 'a case cut from a plan that searches a film by the name of a place the request gives as a location: 292_0 search_movie("Las Vegas") for whether \'Spider-Man: No Way Home\' "is being shown in Las Vegas", 28_0 and 148_1 search_movie("New York City") for films "filmed in New York City"; a title search answers neither',
  population: 'T-Eval cases whose plan searches a film by a name',
  check(tc, ctx) {
    const plan = planOf(tc, ctx);
    if (!plan || !plan.steps.some((s) => /^Film/i.test(s.name) && /search_movie|print_detail|search_film/i.test(s.name))) return undefined;
    const f = filmSearchForPlace(plan.request, plan.steps);
    return f ? `step ${f.at + 1} ${f.name} searches a film titled "${f.place}", a place the request names` : null;
  },
};

/**
 * A case cut from a plan that writes a file empty where its request asks to record something in it,
 * and never writes it again (54_1: "record the predicted weather in Seattle … Save it to
 * /outputs/event_weather.txt" written as ""): what was asked is never recorded, and a read-back of the
 * file can only contradict the empty write.
 */
export const gtContentNeverWritten: CaseMeasure = {
  kind: 'case',
  id: 'gt_content_never_written',
  group: 'solvable',
  title: 'a case cut from a plan that writes a file empty where its request asks to record something in it, and never writes it again (54_1 writes "" to event_weather.txt for "record the predicted weather in Seattle", then reads the file back)',
  population: 'T-Eval cases whose plan writes a file',
  check(tc, ctx) {
    const plan = planOf(tc, ctx);
    if (!plan || !plan.steps.some(writesAFile)) return undefined;
    const empty = emptyWriteNeverFilled(plan.request, plan.steps);
    return empty ? `step ${empty.at + 1} writes "${empty.path}" empty and no later step records what the request asks` : null;
  },
};

export const PLAN_MEASURES: CaseMeasure[] = [gtTickerNotNamed, gtOwnContentNotGiven, gtUnrequestedReviews, gtTextBeforeRead, gtContentNeverWritten, gtFilmSearchForPlace, gtTickerByFilmTitle, gtScholarlySearchUnasked, gtUnrequestedWrite, gtBranchContradicted, gtContentNamedNotGiven, gtBodyMissesRequestedDetail, gtRepeatsAnsweredRead, gtTextInventsSpecific, gtEndpointNotRequested, gtPathDropsNamedFolder, gtClosesMidPattern, gtOtherItemThanAsked, gtDropsRequestGenre, gtActsOnUnshownRecord, gtActNeverPerformed, gtOtherDayThanAsked, gtRouteNeverFetched, gtNamedValueLeftOut, gtUnrequestedNews, gtUnrequestedDistance, gtTickerOfOtherSecurity];
