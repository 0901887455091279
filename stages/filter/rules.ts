/**
 * The filter rules: what cannot be a clean ground truth. Each rule has a name that `pnpm report
 * filter` counts by; the first rule that fires is the reason.
 */
import { canonicalJson } from '../../pipeline/hash.js';
import { FINISH_ACTION, type RawTrajectory } from '../../pipeline/schemas.js';
import { tripToItself } from '../../pipeline/resolution/trips.js';
import { coordinateAgainstDoc } from '../../pipeline/resolution/coordinateOrder.js';
import { actsOnUnshownRecord, droppedGenre, otherItemThanAsked } from '../../pipeline/quality/askedItems.js';
import { authorReplaced, emptyWriteNeverFilled, neverPerformedAct, unrequestedNews, unrequestedDistance, otherDayThanAsked, filmSearchForPlace, routeNeverFetched, tickerByFilmTitle, tickerNotNamed, tickerOfOtherSecurity } from '../../pipeline/quality/planAsks.js';

export interface Drop {
  code: string;
  detail: string;
}

export const FILTER_RULES = [
  'unparsable_arguments',
  'source_judged_input_error',
  'wrong_arity',
  'unknown_tool',
  'unknown_argument',
  'missing_required_argument',
  'errored_ground_truth_response',
  'trip_to_itself',
  'coordinate_against_doc',
  'other_item_than_asked',
  'dropped_genre',
  'acts_on_unshown_record',
  'act_never_performed',
  'other_day_than_asked',
  'route_never_fetched',
  'author_replaced',
  'unrequested_news',
  'unrequested_distance',
  'ticker_of_other_security',
  'ticker_by_film_title',
  'ticker_not_named',
  'film_search_for_place',
  'content_never_written',
  'empty_plan',
  'too_few_steps',
  'duplicate',
] as const;

function toolSteps(t: RawTrajectory) {
  return t.turns.flatMap((turn, ti) => turn.steps.map((step, si) => ({ step, where: `turn ${ti + 1} step ${si + 1}` }))).filter(({ step }) => step.action.name !== FINISH_ACTION);
}

export function checkTrajectory(t: RawTrajectory, opts: { minSteps: number; duplicateOf?: string }): Drop | undefined {
  const steps = toolSteps(t);
  const docs = new Map(t.tools.map((d) => [d.name, d]));
  for (const { step, where } of steps) {
    if (step.problem) return { code: step.problem.code, detail: `${where}: ${step.sourceText ?? step.action.name}: ${step.problem.detail}` };
  }
  for (const { step, where } of steps) {
    if (!docs.has(step.action.name)) return { code: 'unknown_tool', detail: `${where}: ${step.action.name} is not among the trajectory's tools` };
  }
  for (const { step, where } of steps) {
    const doc = docs.get(step.action.name)!;
    if (typeof step.action.args === 'string') return { code: 'unparsable_arguments', detail: `${where}: args is a string` };
    const names = new Set(doc.params.map((p) => p.name));
    const unknown = Object.keys(step.action.args).filter((k) => !names.has(k));
    if (unknown.length) return { code: 'unknown_argument', detail: `${where}: ${step.action.name} has no parameter ${unknown.join(', ')}` };
    const missing = doc.params.filter((p) => p.required && !(p.name in (step.action.args as object)));
    if (missing.length) return { code: 'missing_required_argument', detail: `${where}: ${step.action.name} needs ${missing.map((p) => p.name).join(', ')}` };
  }
  for (const { step, where } of steps) {
    if (step.response?.error) return { code: 'errored_ground_truth_response', detail: `${where}: ${step.action.name} answered ${step.response.error.message.slice(0, 160)}` };
  }
  // A plan step asking for a route or distance from a place to itself asks nothing the user wanted
  // (T-Eval's teval_query_307_2 wrote get_distance from "52.52342987, 13.41143608" to the same point
  // for "from each coffee shop"); what the step should have taken no answer shows, so the plan cannot
  // be mended and every case cut from it would expect or show a wrong call.
  for (const { step, where } of steps) {
    const place = tripToItself(step.action.args);
    if (place) return { code: 'trip_to_itself', detail: `${where}: ${step.action.name} asks for a trip from "${place}" to itself, which no request asks for` };
  }
  // A coordinate given in the other order than its doc's 'lon,lat' (pipeline/resolution/coordinateOrder.ts):
  // the step asks for another point than the one meant, and every case cut from the plan would expect it.
  for (const { step, where } of steps) {
    const wrong = coordinateAgainstDoc(step.action.name, step.action.args, docs.get(step.action.name)!.params);
    if (wrong) return { code: 'coordinate_against_doc', detail: `${where}: ${step.action.name} passes ${wrong.name} "${wrong.value}", whose doc asks 'lon,lat': ${wrong.why}` };
  }
  // A T-Eval plan that does not do what its user asked for the things the user named
  // (pipeline/quality/askedItems.ts): every case cut from it would expect a call a model following
  // the request would not make, or close on an answer about something else.
  if (t.source === 'teval') {
    const request = t.turns.map((turn) => turn.user).join('\n');
    const plan = steps.map(({ step }) => ({ name: step.action.name, args: step.action.args, response: step.response?.content }));
    const other = otherItemThanAsked(request, plan, t.tools);
    if (other) return { code: 'other_item_than_asked', detail: `${steps[other.at].where}: ${steps[other.at].step.action.name} asks for ${other.kind === 'file' ? `the file "${other.other}"` : other.kind === 'paper' ? `the paper ${other.other}` : other.other} where the request names ${other.kind === 'file' ? `the file '${other.asked}'` : other.kind === 'paper' ? `the paper '${other.asked}'` : `'${other.asked}'`}, which no step asks for` };
    const genre = droppedGenre(request, plan, t.tools);
    if (genre) return { code: 'dropped_genre', detail: `${steps[genre.at].where}: ${genre.name} leaves out ${genre.param} where the request asks for ${genre.genre} films only, so the list it answers is not the one asked for` };
    const acted = actsOnUnshownRecord(request, plan);
    if (acted) return { code: 'acts_on_unshown_record', detail: `${steps[acted.at].where}: ${acted.name} acts on the record '${acted.record}' the request names, which no answer before it shows` };
    // A plan that leaves undone or answers otherwise what its user asked (pipeline/quality/planAsks.ts):
    // a model following the request is marked wrong, or the closing tells of something not asked.
    const never = neverPerformedAct(request, plan);
    if (never) return { code: 'act_never_performed', detail: `the request asks to ${never.act} ("${never.words}") and no step ${never.act === 'book' ? 'books or reserves' : `${never.act}s`} anything: the plan's steps are ${[...new Set(plan.map((s) => s.name))].join(', ')}` };
    const day = otherDayThanAsked(request, plan, t.tools);
    if (day) return { code: 'other_day_than_asked', detail: `${steps[day.at].where}: the request asks for ${day.asked} and the plan answers with ${day.did}` };
    const route = routeNeverFetched(request, plan);
    if (route) return { code: 'route_never_fetched', detail: `the request asks for the ${route.words} and no step fetches a route: the plan's steps are ${[...new Set(plan.map((s) => s.name))].join(', ')}` };
    // A ticker left out of a news call is standardize's to put in (requestedTicker); an author replaced by a topic, a title or a role is no one to look up.
    const author = authorReplaced(request, plan, t.tools);
    const news = unrequestedNews(request, plan);
    if (news) return { code: 'unrequested_news', detail: `${steps[news.at].where}: ${news.name} reads news the request never asks for` };
    const far = unrequestedDistance(request, plan);
    if (far) return { code: 'unrequested_distance', detail: `${steps[far.at].where}: ${far.name} measures a distance the request never asks for` };
    const security = tickerOfOtherSecurity(plan);
    if (security) return { code: 'ticker_of_other_security', detail: `${steps[security.at].where}: ${security.name} takes ${security.ticker} (${security.security}) for "${security.searched}", whose own ticker is ${security.own}` };
    // "the ticker symbol of the production company behind the first popular movie" searched by the film's title: no step finds the company.
    const byTitle = tickerByFilmTitle(plan);
    if (byTitle) return { code: 'ticker_by_film_title', detail: `${steps[byTitle.at].where}: ${byTitle.name} searches a ticker by the film title "${byTitle.title}", where the request asks for the company behind the film, which no step finds` };
    // A ticker for a company the request does not name: a description searched ("tech company that manufactures smartphones and computers"), an unlisted name answered by another company's ticker, or a ticker nothing names.
    const unnamed = tickerNotNamed(request, plan);
    if (unnamed) return { code: 'ticker_not_named', detail: `${steps[unnamed.at].where}: ${unnamed.name} takes "${unnamed.given}", which ${unnamed.why}` };
    // A film searched by the name of a place the request gives as a location ("if it is being shown in Las Vegas", "filmed in New York City"): a title search answers neither.
    const placeFilm = filmSearchForPlace(request, plan);
    if (placeFilm) return { code: 'film_search_for_place', detail: `${steps[placeFilm.at].where}: ${placeFilm.name} searches a film titled "${placeFilm.place}", which the request names as a place, not a film` };
    // A file the user asks to have something recorded in, written empty and never again (54_1 writes "" to event_weather.txt, then forecasts): what was asked is never recorded.
    const empty = emptyWriteNeverFilled(request, plan);
    if (empty) return { code: 'content_never_written', detail: `${steps[empty.at].where}: ${steps[empty.at].step.action.name} writes "${empty.path}" empty and no later step writes what the request asks to record in it` };
    if (author) return { code: 'author_replaced', detail: `${steps[author.at].where}: ${author.name} passes ${author.param} "${author.given}" where the request asks for ${author.asked}` };
  }
  if (steps.length === 0) return { code: 'empty_plan', detail: 'no tool call in the ground truth' };
  if (steps.length < opts.minSteps) return { code: 'too_few_steps', detail: `${steps.length} tool steps, fewer than ${opts.minSteps}` };
  if (opts.duplicateOf) return { code: 'duplicate', detail: `same query and calls as ${opts.duplicateOf}` };
  return undefined;
}

/** What makes two trajectories the same: source, user turns and ground-truth calls. */
export function signature(t: RawTrajectory): string {
  return canonicalJson([t.source, t.turns.map((turn) => [turn.user.trim().replace(/\s+/g, ' '), turn.steps.map((s) => s.action)])]);
}
