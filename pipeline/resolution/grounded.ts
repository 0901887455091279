/**
 * Grounded simulated answers. T-Eval plans record only calls, so a later step's arguments (a
 * movie id, a property id, coordinates, the restaurant a route goes to) often come from a response
 * nobody recorded. Every value a step i takes that no user turn, tool doc or known response before
 * i shows is given to one earlier step whose answer will be simulated and whose documented return
 * fields include one that fits it (name and type; a record's sub-field; a list of ids); that
 * step's answer must then carry the value (CarriedValue).
 *
 * Which earlier step: the values are matched from the last one needed back to the first, each to
 * the nearest earlier step that can still take it. A list field takes any number of values; a
 * single field takes one, and a field that echoes the call's own argument (get_movie_details(27205)
 * answers id 27205) takes none. So three get_property_details calls followed by three searches
 * near their coordinates give each property its own coordinates, in order, and two get_coordinate
 * calls followed by get_distance(origins, destination) give each place its own.
 *
 * Recorded answers keep precedence: a step answered from this task's own recording carries
 * nothing, and a value only it could have shown stays ungrounded (assemble then rejects the cases
 * that need it). A recording made for another task (the cache is keyed by the call, so "search
 * Los Angeles" answers with whatever another plan saw) is replaceable: when this plan's later
 * steps take a value from that step that the recording does not show, the plan was made on another
 * answer, and the step is simulated again, carrying it.
 */
import type { ToolDoc, Trajectory } from '../schemas.js';
import { toolSteps } from '../steps.js';
import { renderToolList } from '../prompts/standard.js';
import { answeredReviews, copiedRecords, describedTexts, factField, labelFits, labelledFacts, listedNames, sameFact, sameText, searchedKindOf, textField, writtenReviews, type CopiedField } from '../quality/copiedFields.js';
import { parseToolResponse } from '../prompts/parseAction.js';
import { copiedTitles, isClockTime, needShownIn, needShownInText, neededValues, shownTextOf, type NeededValue } from '../quality/grounding.js';
import { carrierField, echoedArgument, isClock, isListField, listedFields, type CarriedValue } from './simulatorRules.js';
import { callChangesState } from '../errors/sideEffects.js';
import { argumentKind, carrierKind, kindsFit } from './carrierKinds.js';
import { rankAsked, rankRequest } from '../quality/ranking.js';
import { answeredDoc } from './worldAnswer.js';
import { sameValue } from '../errors/values.js';
import { toJson } from '../pyValues.js';
import { distanceKm, placesNamedIn } from './places.js';
import { isPlainObject } from '../errors/values.js';
import { escapeRegExp } from '../errors/vocabulary.js';
import { nameNounForKind, placeSortOf } from './stays.js';

export interface GroundingView {
  /** The response content of tool step `index` (0-based) when it is already known (resolved, or recorded), else undefined. */
  known(index: number): string | undefined;
  /** Will tool step `index` be answered by the simulator (and so can carry values)? */
  simulated(index: number): boolean;
  /** Is tool step `index` answered by another task's recording, which this plan may contradict (then it is simulated instead)? */
  replaceable?(index: number): boolean;
}

export interface CarryPlan {
  /** Per tool step (0-based), the values its simulated answer must carry. */
  carries: CarriedValue[][];
  /** Steps answered by another task's recording that this plan contradicts: simulate them (with their carries). */
  resimulate: number[];
}

interface Need {
  step: number;
  need: NeededValue;
  /** A title the step copies (copiedTitles): carried as the title or name of a record of a list. */
  title?: boolean;
  /** The other fields the step copies beside that title ("Published:", "Authors:"): carried in the same record. */
  fields?: CopiedField[];
  /** Shown already, but picked by rank: carried only by a simulated list that then ranks it as asked. */
  rankOnly?: boolean;
  /** A labelled fact the step writes ("Overall conditions: Sunny"): carried in the field of a single record its label names. */
  fact?: boolean;
  /** A number a labelled fact line writes ("Rating: 4.71" on a property's slide): a single record's field named by the label first. */
  preferFact?: boolean;
  /**
   * The argument a labelled fact or number is written in (`${step}:${key}`): the facts one argument
   * states (a slide's "Property Type", "Capacity", "Rating", "Latitude") are about one record, and
   * go into one answer together where one can hold them all.
   */
  group?: string;
  /**
   * A name a bulleted list writes under its heading ("Gas Stations Along the Route": "- BP"): the
   * heading; only a search for that kind (search_term "gas station") found it.
   */
  kinds?: string;
}

/** A search that finds places (a map's nearby search), whose names a slide's list of places copies. */
const PLACE_SEARCH = /map|nearby|place/i;

/** Arguments that say where a search looks, not what it looks for. */
const WHERE_KEY = /place|location|city|address|start|end|origin|destination|region|country|lat|lon|radius/i;

/** Did this call search for the kind of thing a heading names (search_term "gas station" for "Gas Stations Along the Route")? */
function searchesKind(args: unknown, heading: string): boolean {
  if (!isPlainObject(args)) return false;
  return searchedKindOf(Object.entries(args).filter(([k, v]) => typeof v === 'string' && !WHERE_KEY.test(k)).map(([, v]) => v as string), heading);
}

/** Arguments that take a stock's ticker. */
const TICKER_KEY = /^(ticker|symbol|stock_?(symbol|ticker))$/i;

/**
 * The tickers a call takes (get_ticker_detail("ABNB")). A model may know a ticker, so no case needs
 * one shown (grounding.ts leaves them out); but a simulated lookup of the company before it should
 * give that ticker, not a made-up "YMFW" the next call then ignores. Carried where a field fits.
 */
function tickersTaken(args: unknown): NeededValue[] {
  if (!isPlainObject(args)) return [];
  return Object.entries(args)
    .filter(([k, v]) => TICKER_KEY.test(k) && typeof v === 'string' && /^[A-Z][A-Z.]{0,5}$/.test(v))
    .map(([key, value]) => ({ key, value }));
}

/**
 * Every value a step takes that nothing known before it shows, each at its first use only (a later
 * call reusing a value an earlier call took is grounded as far as that earlier call is), in call order.
 */
function openNeeds(trajectory: Trajectory, view: GroundingView): Need[] {
  const steps = toolSteps(trajectory);
  const docs = renderToolList(trajectory.tools);
  const out: Need[] = [];
  const used: unknown[] = [];
  const usedFacts = new Set<string>();
  for (let i = 0; i < steps.length; i++) {
    const users = trajectory.turns.slice(0, steps[i].turnIndex + 1).map((t) => t.user);
    const responses = steps.slice(0, i).map((_, m) => view.known(m) ?? '');
    const shown = shownTextOf([docs, ...users, ...responses]);
    const text = shown.raw;
    const titles = new Set(copiedTitles(steps[i].step.action, users.join('\n')));
    const records = copiedRecords(steps[i].step.action, users.join('\n'));
    const fieldsOf = (title: unknown) => records.filter((r) => r.title === title).flatMap((r) => r.fields);
    const tickers = new Set(tickersTaken(steps[i].step.action.args));
    // Labelled facts ("Overall conditions: Sunny", "Capacity: 1 person"): a number with its unit is
    // carried as the number, unless neededValues already takes it (embeddedNumbers: "11.0°C" is 11).
    const needed = neededValues(steps[i].step.action);
    const embedded = needed.filter((n) => n.label !== undefined);
    const facts = new Set<NeededValue>(
      labelledFacts(steps[i].step.action)
        .map((f) => ({ key: f.key, value: factValueOf(f.value), label: f.label }))
        .filter((f) => !embedded.some((n) => sameValue(n.value, f.value) && n.key === f.key)),
    );
    const factNumbers = new Set(embedded.filter((n) => labelledFacts(steps[i].step.action).some((f) => f.key === n.key && sameValue(factValueOf(f.value), n.value))));
    // The names a bulleted list writes under its heading: each found by a search for that kind.
    const listed = new Map<NeededValue, string>();
    for (const l of listedNames(steps[i].step.action)) for (const name of l.names) listed.set({ key: 'name', value: name }, l.heading);
    const asked = rankRequest(trajectory.turns[steps[i].turnIndex].user);
    const ranked = asked?.by === 'popular' || asked?.by === 'rated';
    // The facts one argument states are about one record: when any of them is shown nowhere, that record's
    // answer is still to be made, and it states them all (a slide's "Room in hostel" is no other record's
    // "Private room in hostel", its "Capacity: 1 person" no other record's 1).
    const open = new Set<string>();
    for (const n of [...facts, ...factNumbers]) {
      if (!(facts.has(n) ? factKnown(n, responses) : needShownInText(n, shown))) open.add(n.key);
    }
    const groupOf = (n: NeededValue) => (facts.has(n) || factNumbers.has(n) ? `${i}:${n.key}` : undefined);
    for (const need of [...needed, ...tickers, ...titles, ...facts, ...listed.keys()]) {
      const inOpen = facts.has(need) && open.has(need.key);
      // A time of day is the user's to say; no answer is made to carry one.
      if (isClockTime(need.value)) continue;
      // A fact of an open argument is its record's own: only the same line written again (the slide's text page, then its image page) is the same need.
      const seen = inOpen ? usedFacts.has(`${need.label}\u0000${toJson(need.value)}\u0000${argText(steps[i].step.action, need.key)}`) : used.some((v) => sameValue(v, need.value));
      if (seen) continue;
      if (inOpen) usedFacts.add(`${need.label}\u0000${toJson(need.value)}\u0000${argText(steps[i].step.action, need.key)}`);
      // A name a list writes may find no search of its kind: a later call taking the same value still asks for it.
      if (!listed.has(need)) used.push(need.value);
      // A ticker is shown only as written: "tech company" does not show TECH.
      const isShown = inOpen ? false : facts.has(need) ? factKnown(need, responses) : tickers.has(need) ? new RegExp(`(^|[^A-Za-z])${String(need.value).replace('.', '\\.')}(?![A-Za-z])`).test(text) : needShownInText(need, shown);
      const group = groupOf(need);
      if (listed.has(need)) {
        if (i > 0 && !isShown) out.push({ step: i, need, title: true, kinds: listed.get(need)! });
        continue;
      }
      if (i > 0 && !isShown) out.push({ step: i, need, ...(titles.has(need) ? { title: true, ...(fieldsOf(need.value).length ? { fields: fieldsOf(need.value) } : {}) } : {}), ...(facts.has(need) ? { fact: true } : {}), ...(factNumbers.has(need) ? { preferFact: true } : {}), ...(group ? { group } : {}) });
      else if (facts.has(need)) continue;
      // A record picked "as the most popular" that an earlier answer showed: a simulated list before it still ranks it so.
      else if (i > 0 && ranked && !titles.has(need) && !tickers.has(need) && !needShownInText(need, shownTextOf([docs, ...users]))) out.push({ step: i, need, rankOnly: true });
    }
  }
  return out;
}

/** The text of one argument of a call (the slide's bullet_items), to tell the same lines written again from another record's. */
function argText(action: { args: unknown }, key: string): string {
  return isPlainObject(action.args) ? toJson(action.args[key]) : '';
}

/** The fields of an answer that hold one value, not a list. */
function singleFields(doc: ToolDoc): string[] {
  return doc.return_data.filter((f) => !isListField(f.description ?? '') && !listedFields(f.description ?? '').length).map((f) => f.name);
}

/** Does a known answer before the step give the labelled fact, in the field its label names? */
function factKnown(need: NeededValue, known: string[]): boolean {
  return known.some((content) => {
    const v = parseToolResponse(content);
    if (!isPlainObject(v)) return false;
    const field = need.label ? factField(need.label, Object.keys(v)) : undefined;
    return field !== undefined && sameFact(String(need.value), v[field]);
  });
}

/** A value that says there is none: "N/A", "None", "unknown", "-". */
const MISSING = /^(?:n\/?a|none|null|nil|unknown|not available|not rated|-+|—)$/i;
/** Labels of facts that are measures: their values are numbers. */
const MEASURE_LABEL = /\b(rating|score|popularity|price|cost|capacity|count|distance|temperature|votes?)\b/i;

/** A labelled fact's value as a record holds it: a number with its unit ("1 person", "40.7497°") as the number, anything else as written. */
function factValueOf(text: string): unknown {
  const m = /^([-+]?\d+(?:\.\d+)?)\s*(?:[^\d\s:/-][^\d:/]*)?$/.exec(text.trim());
  return m && m[1].length <= 20 ? Number(m[1]) : text.trim();
}

/** A copied field's value as a record holds it: a number written alone ("4.72") as a number, anything else as written. */
function fieldValueOf(text: string): unknown {
  const t = text.trim();
  return /^-?\d+(?:\.\d+)?$/.test(t) && t.length <= 15 ? Number(t) : t;
}

/** Farther than this from every place a call names, coordinates are not that place's (a metro area spans less). */
const FAR_KM = 300;

/**
 * Where a coordinate value lies: a latitude or longitude with its sibling in the same call, or a
 * pair written as one string (either order: AMap writes "lon,lat"). Empty for any other value.
 */
function pointsOf(need: NeededValue, args: unknown): { lat: number; lon: number }[] {
  if (!isPlainObject(args)) return [];
  const num = (re: RegExp) => Object.entries(args).find(([k, v]) => re.test(k) && typeof v === 'number')?.[1] as number | undefined;
  if (/^(latitude|lat|longitude|lon|lng)$/i.test(need.key)) {
    const lat = num(/^(latitude|lat)$/i);
    const lon = num(/^(longitude|lon|lng)$/i);
    return lat !== undefined && lon !== undefined ? [{ lat, lon }] : [];
  }
  const m = typeof need.value === 'string' ? /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(need.value) : null;
  if (!m) return [];
  const [a, b] = [Number(m[1]), Number(m[2])];
  return [
    ...(Math.abs(a) <= 90 ? [{ lat: a, lon: b }] : []),
    ...(Math.abs(b) <= 90 ? [{ lat: b, lon: a }] : []),
  ];
}

/** Could the answer to this call hold these coordinates: does it name no known place, or one near them? */
function nearCall(points: { lat: number; lon: number }[], args: unknown): boolean {
  if (!points.length || !isPlainObject(args)) return true;
  const places = placesNamedIn(Object.values(args).filter((v): v is string => typeof v === 'string').join(' \n '));
  return !places.length || points.some((p) => places.some((pl) => distanceKm(p, pl) <= FAR_KM));
}

/**
 * Where an answer gives a title: the title or name of the records a list holds (arXiv's papers, a
 * film list, search_nearby's places), or an item of a list of titles. Not a details call's own title: get_property_details names
 * the property as the search that found it did, which is where the title goes.
 */
function titleField(doc: ToolDoc): Omit<CarriedValue, 'key' | 'value'> | undefined {
  for (const f of doc.return_data) {
    const sub = listedFields(f.description ?? '').find((s) => s === 'title' || s === 'name');
    if (sub) return { field: f.name, sub };
  }
  // Or a list of titles beside a list of ids (Google Scholar's title and organic_id): the item in order.
  const titles = doc.return_data.find((f) => f.name === 'title' && /\blist\b/i.test(f.description ?? ''));
  return titles && { field: titles.name, list: true };
}

/** One pass: the values of `needs` matched to carriers, from the last one needed back to the first. */
/** Kinds of film list, as a heading says them and as a list API is named. */
const FILM_LISTS: [said: RegExp, api: RegExp][] = [
  [/\bnow playing\b|\bcurrently (?:playing|showing|in (?:theaters|theatres|cinemas))\b|\bin (?:theaters|theatres|cinemas) now\b/i, /now_playing/],
  [/\b(?:top|highest|best)[- ]rated\b/i, /top_rated/],
  [/\bpopular\b/i, /popular/],
  [/\bupcoming\b|\bcoming (?:soon|out)\b/i, /upcoming|coming_out/],
];
const FILM_LIST_API = /now_playing|top_rated|popular|upcoming|coming_out/;

/**
 * Does a later call's heading name one kind of film list ("Currently Playing Movies") while the
 * candidate carrier is a list of another kind (get_top_rated_movies)? teval_query_472_2's
 * now-playing slide carried into the top-rated list left the now-playing list drawn, so one film
 * had two popularities (simulated_film_facts_disagree).
 */
function listKindClash(consumerArgs: unknown, carrierName: string): boolean {
  if (!FILM_LIST_API.test(carrierName) || !isPlainObject(consumerArgs)) return false;
  const heading = Object.entries(consumerArgs).filter(([k, v]) => /title|heading|name/i.test(k) && typeof v === 'string').map(([, v]) => v as string).join('\n');
  const said = FILM_LISTS.filter(([re]) => re.test(heading));
  return said.length === 1 && !said[0][1].test(carrierName);
}

function assign(trajectory: Trajectory, view: GroundingView, needs: Need[]): CarryPlan & { placed: Map<Need, number> } {
  const steps = toolSteps(trajectory);
  const carries: CarriedValue[][] = steps.map(() => []);
  const resimulate = new Set<number>();
  const placed = new Map<Need, number>();
  // A single field holds one value: `${step}:${field}` → the value it carries.
  const taken = new Map<string, string>();
  const docOf = (m: number) => {
    const doc = trajectory.tools.find((t) => t.name === steps[m].step.action.name);
    return doc && answeredDoc(doc);
  };

  // A labelled fact goes into the one field of a single record its label names (a weather report's
  // overall, a clock's time), of a call that looks something up: never a list's, never a write's status.
  const placeFact = (m: number, n: Need): boolean => {
    const { need } = n;
    const doc = docOf(m);
    if (!doc || !need.label || callChangesState(steps[m].step.action.name)) return false;
    // A fact that says nothing is there ("Rating: N/A" on a review's slide) or a measure written without a number ("Rating: A")
    // is no value of a field: never a film's vote_average (teval_query_431_2).
    if (typeof need.value === 'string' && (MISSING.test(need.value.trim()) || (MEASURE_LABEL.test(need.label) && !/\d/.test(need.value)))) return false;
    const field = factField(need.label, singleFields(doc));
    if (!field || echoedArgument(field, steps[m].step.action.args) !== undefined) return false;
    const slot = `${m}:${field}`;
    const value = toJson(need.value);
    if (taken.has(slot) && taken.get(slot) !== value) return false;
    taken.set(slot, value);
    carries[m].push({ key: need.key, value: need.value, field });
    return true;
  };

  const place = (m: number, n: Need, points: { lat: number; lon: number }[]): boolean => {
    const { need } = n;
    // Beijing's coordinates are not get_coordinate("上海")'s answer, whatever the order of the calls.
    if (!nearCall(points, steps[m].step.action.args)) return false;
    const doc = docOf(m);
    if (n.fact) return placeFact(m, n);
    // Places only: a slide's "Key Strategies" are no paper titles of a search for "Sales Strategies".
    if (n.kinds && (!PLACE_SEARCH.test(steps[m].step.action.name) || !searchesKind(steps[m].step.action.args, n.kinds))) return false;
    // A slide headed for one kind of film list ("Currently Playing Movies") copies that list, never another's (the top-rated list before it).
    if (listKindClash(steps[n.step].step.action.args, steps[m].step.action.name)) return false;
    // A copied title is the title or name of one of the records a list holds (a paper, a film, a caterer).
    const where = doc && (n.title ? titleField(doc) : carrierField(doc, need.key, need.value, need.label));
    // A number written under a label no field's words share ("Rating: 8.166" → vote_average) goes where its label names, as a fact does.
    if (!where) return need.label !== undefined && !n.title && placeFact(m, n);
    // Only where the tool could hold that kind of thing: no film among arXiv papers, no Scholar result id among room ids.
    const consumer = trajectory.tools.find((t) => t.name === steps[n.step].step.action.name);
    if (!where.lead && !n.title && !kindsFit(argumentKind(consumer, need.key), carrierKind(doc, where.field, where.sub))) return false;
    // "the most popular movie": the record carrying the value the plan picks ranks first in that list.
    const top = where.sub ? rankAsked(trajectory.turns[steps[n.step].turnIndex].user, listedFields(doc.return_data.find((f) => f.name === where.field)?.description ?? '')) : undefined;
    if (n.rankOnly && !top) return false;
    // "the third movie from the list": the record carrying the value the plan picks sits third.
    const byPlace = rankRequest(trajectory.turns[steps[n.step].turnIndex].user);
    const at = byPlace?.by === 'place' && (where.sub || where.list) ? byPlace.n - 1 : undefined;
    if (!where.sub && !where.list) {
      const echoed = echoedArgument(where.field, steps[m].step.action.args);
      // The answer shows its own argument there: the value when they are the same, nothing else otherwise.
      if (echoed !== undefined) return sameValue(echoed, need.value);
      const slot = `${m}:${where.field}`;
      const value = toJson(need.value);
      if (taken.has(slot) && taken.get(slot) !== value) return false;
      taken.set(slot, value);
    }
    carries[m].push({ key: need.key, value: need.value, ...where, ...(top ? { top } : {}), ...(at !== undefined ? { at } : {}) });
    // The record's other fields the step copies beside its title: in that record, where the list documents them.
    if (n.fields && where.sub) {
      const subs = listedFields(doc.return_data.find((f) => f.name === where.field)?.description ?? '');
      for (const f of n.fields) {
        const sub = subs.find((s) => s !== where.sub && labelFits(f.label, s));
        if (sub) carries[m].push({ key: f.label, value: fieldValueOf(f.value), field: where.field, sub, beside: { sub: where.sub, value: need.value } });
      }
    }
    return true;
  };

  // The facts of one argument go together into the nearest answer that can hold them all (the slide's
  // type, capacity, rating and coordinates in one property's details), tried as a whole and undone when
  // one of them does not fit there; an argument no single answer can hold is placed fact by fact.
  const grouped = new Set<string>();
  const placeGroup = (group: string, i: number): boolean => {
    const members = needs.filter((x) => x.group === group);
    for (let m = i - 1; m >= 0; m--) {
      if (!view.simulated(m)) continue;
      const before = new Map(taken);
      const length = carries[m].length;
      const fits = members.every((x) => (x.fact || x.preferFact ? placeFact(m, x) : false) || (!x.fact && place(m, x, pointsOf(x.need, steps[i].step.action.args))));
      if (fits) {
        for (const x of members) placed.set(x, m);
        return true;
      }
      taken.clear();
      for (const [k, v] of before) taken.set(k, v);
      carries[m].length = length;
    }
    return false;
  };

  for (const n of [...needs].reverse()) {
    const { step: i, need } = n;
    if (n.group && !grouped.has(n.group)) {
      grouped.add(n.group);
      if (needs.filter((x) => x.group === n.group).length > 1 && placeGroup(n.group, i)) continue;
    }
    if (placed.has(n)) continue;
    const points = pointsOf(need, steps[i].step.action.args);
    let at = -1;
    if (n.preferFact) for (let m = i - 1; m >= 0 && at < 0; m--) if (view.simulated(m) && placeFact(m, n)) at = m;
    for (let m = i - 1; m >= 0 && at < 0; m--) if (view.simulated(m) && place(m, n, points)) at = m;
    // No simulated step can: another task's recording the plan contradicts is replaced, the nearest first.
    for (let m = i - 1; m >= 0 && at < 0 && !n.rankOnly; m--) {
      if (view.replaceable?.(m) && place(m, n, points)) {
        at = m;
        resimulate.add(m);
      }
    }
    if (at >= 0) placed.set(n, at);
  }
  namedAsWritten(trajectory, needs, placed, carries, docOf);
  // Each step's values in the order its later steps use them (the first value in the first record).
  for (const c of carries) c.reverse();
  return { carries, resimulate: [...resimulate].sort((a, b) => a - b), placed };
}

/** A slide's title that numbers the record it is about ("Property 1: Boutique hotel in Barcelona"): the name after the number. */
const NUMBERED_TITLE = /^\s*[A-Za-z][A-Za-z ]{0,20}\s\d+\s*:\s*(.+?)\s*$/;

/**
 * The name a slide gives the listing whose facts it writes ("Property 3: Hostel in El Prat de
 * Llobregat" over the facts carried into get_property_details(24533837)): the search that found
 * that id names it so, beside the id it carries, and the details then say the name and the kind
 * (its "Room in hostel") of one place, not a "Charming guest suite" made up for the search. Only a
 * name that says what sort of place it is (stays.ts placeSortOf), and only where the search lists
 * names beside ids.
 */
function namedAsWritten(trajectory: Trajectory, needs: Need[], placed: Map<Need, number>, carries: CarriedValue[][], docOf: (m: number) => ToolDoc | undefined): void {
  const steps = toolSteps(trajectory);
  const done = new Set<string>();
  for (const n of needs) {
    const m = placed.get(n);
    if (!n.group || m === undefined || done.has(n.group)) continue;
    done.add(n.group);
    const args = steps[n.step].step.action.args;
    const title = isPlainObject(args) ? Object.entries(args).find(([k, v]) => /^title$/i.test(k) && typeof v === 'string')?.[1] : undefined;
    const numbered = typeof title === 'string' ? NUMBERED_TITLE.exec(title)?.[1] : undefined;
    const lookup = steps[m].step.action.args;
    const id = isPlainObject(lookup) ? Object.entries(lookup).find(([k]) => /id$/i.test(k))?.[1] : undefined;
    // No name on the slide, but a kind it states ("Private room in bed and breakfast"): the search names the place as that kind in its town.
    const kind = carries[m].find((x) => x.field === 'propertyType' && !x.sub && typeof x.value === 'string')?.value as string | undefined;
    if (id === undefined || (!(numbered && placeSortOf(numbered)) && !kind)) continue;
    for (let s = m - 1; s >= 0; s--) {
      const c = carries[s].find((x) => x.sub !== undefined && /(^|_)id$/i.test(x.sub) && sameValue(x.value, id));
      if (!c) continue;
      const searched = steps[s].step.action.args;
      const town = isPlainObject(searched) ? Object.values(searched).find((v): v is string => typeof v === 'string' && /\p{L}{3,}/u.test(v)) : undefined;
      // A kind already written as a name in the town ("Chosen Property: Rental unit in New York") is that name as written, not "Rental unit in new york in New York".
      const namedInTown = !!kind && !!town && kind.trim().toLowerCase().endsWith(` in ${town.trim().toLowerCase()}`);
      const name = numbered && placeSortOf(numbered) ? numbered : kind && town ? (namedInTown ? kind.trim() : `${nameNounForKind(kind).replace(/^./, (ch) => ch.toUpperCase())} in ${town}`) : undefined;
      if (!name) break;
      const subs = listedFields(docOf(s)?.return_data.find((f) => f.name === c.field)?.description ?? '');
      const sub = subs.find((x) => x === 'name' || x === 'title');
      if (sub && !carries[s].some((x) => x.field === c.field && x.sub === sub && x.beside !== undefined && sameValue(x.beside.value, id))) {
        carries[s].push({ key: sub, value: name, field: c.field, sub, beside: { sub: c.sub!, value: id } });
      }
      break;
    }
  }
}

/**
 * Which earlier step carries each value later steps take from nowhere (see the module comment).
 * Deterministic in the trajectory and the view: resolve computes it once, before any answer is made.
 */
export function carryPlan(trajectory: Trajectory, view: GroundingView): CarryPlan {
  let resimulated = new Set<number>();
  let plan: ReturnType<typeof assign> | undefined;
  // A replaced recording no longer shows what it showed: plan again until the set of replaced steps holds.
  for (let round = 0; round < 4; round++) {
    const v: GroundingView = {
      known: (i) => (resimulated.has(i) ? undefined : view.known(i)),
      simulated: (i) => resimulated.has(i) || view.simulated(i),
      replaceable: (i) => !resimulated.has(i) && !!view.replaceable?.(i),
    };
    let needs = openNeeds(trajectory, v);
    plan = assign(trajectory, v, needs);
    // A value an earlier answer already carries for another call ("40.7,-73.9" after latitude 40.7
    // and longitude -73.9) is shown by then: it needs no second carrier.
    const shownByCarries = needs.filter((n) => {
      // A fact of one record's argument is that record's own: another's "Private room in hostel" does not show its "Room in hostel".
      if (n.fact && n.group) return false;
      const before = plan!.carries.slice(0, n.step).flat().filter((c) => !(plan!.placed.get(n) !== undefined && c.value === n.need.value));
      return before.length > 0 && needShownIn(n.need, before.map((c) => toJson(c.value)).join('\n'));
    });
    if (shownByCarries.length) {
      needs = needs.filter((n) => !shownByCarries.includes(n));
      plan = assign(trajectory, v, needs);
    }
    const merged = new Set([...resimulated, ...plan.resimulate]);
    if (merged.size === resimulated.size) break;
    resimulated = merged;
  }
  const carries = plan!.carries;
  describedLater(trajectory, (i) => resimulated.has(i) || view.simulated(i), carries);
  textsLater(trajectory, (i) => (resimulated.has(i) ? undefined : view.known(i)), (i) => resimulated.has(i) || view.simulated(i), carries);
  regionsLater(trajectory, (i) => resimulated.has(i) || view.simulated(i), carries);
  recordedLater(trajectory, (i) => (resimulated.has(i) ? undefined : view.known(i)), (i) => resimulated.has(i) || view.simulated(i), carries);
  timesLater(trajectory, (i) => resimulated.has(i) || view.simulated(i), carries);
  reviewsLater(trajectory, (i) => (resimulated.has(i) ? undefined : view.known(i)), (i) => resimulated.has(i) || view.simulated(i), carries);
  return { carries, resimulate: [...resimulated].sort((a, b) => a - b) };
}

/**
 * A film's details a later step of this task copies whole ("雪豹和她的朋友们是一部中国大陆的纪录片，由奚志农导演…"
 * on the slide named for it): T-Eval's plan wrote that slide from the details its own run saw, so
 * the simulated details of that film say what the slide says, never credits made up for it. Only a
 * text that opens with the film's name and says what it is (Douban's "X是一部…", "X is a … film").
 */
function describedLater(trajectory: Trajectory, simulated: (i: number) => boolean, carries: CarriedValue[][]): void {
  const steps = toolSteps(trajectory);
  steps.forEach(({ step }, m) => {
    const args = step.action.args;
    const film = isPlainObject(args) && typeof args.film_name === 'string' ? args.film_name.trim() : undefined;
    const doc = trajectory.tools.find((t) => t.name === step.action.name);
    if (!film || !simulated(m) || !doc?.return_data.some((f) => f.name === 'description')) return;
    if (carries[m].some((c) => c.field === 'description' && !c.sub)) return;
    const opens = new RegExp(`^${escapeRegExp(film)}(?:是一部|\\s+is\\s+an?\\s)`);
    for (let i = m + 1; i < steps.length; i++) {
      const later = steps[i].step.action.args;
      const text = isPlainObject(later) ? Object.values(later).find((v): v is string => typeof v === 'string' && opens.test(v.trim())) : undefined;
      if (text) {
        carries[m].push({ key: 'description', value: text.trim(), field: 'description' });
        return;
      }
    }
  });
}

/**
 * A record's own text a later step copies under its label ("Overview: Cobb, a skilled thief who
 * commits corporate espionage…" on the slide, a slide titled "Summary" with that text): T-Eval's plan
 * copied it from the answer its run saw, so the nearest earlier lookup whose answer has a field for
 * such a text (get_movie_details' overview) gives it, when that answer is simulated. A text an answer
 * before the step already shows needs no carrier.
 */
function textsLater(trajectory: Trajectory, known: (i: number) => string | undefined, simulated: (i: number) => boolean, carries: CarriedValue[][]): void {
  const steps = toolSteps(trajectory);
  steps.forEach(({ step }, i) => {
    for (const t of describedTexts(step.action)) {
      const shown = steps.slice(0, i).some((_, m) => {
        const v = parseToolResponse(known(m) ?? '');
        return isPlainObject(v) && Object.values(v).some((x) => sameText(t.value, x));
      });
      if (shown) continue;
      for (let m = i - 1; m >= 0; m--) {
        const doc = trajectory.tools.find((d) => d.name === steps[m].step.action.name);
        const answered = doc && answeredDoc(doc);
        if (!answered || callChangesState(steps[m].step.action.name)) continue;
        const field = textField(singleFields(answered));
        if (!field) continue;
        if (simulated(m) && !carries[m].some((c) => c.field === field && !c.sub)) carries[m].push({ key: t.label, value: t.value, field });
        break;
      }
    }
  });
}

/**
 * The reviews a later step writes ("Review 1: Great place\nRating: 5" on a testimonials slide): T-Eval's plan
 * copied them from the reviews its run saw, so the nearest earlier review lookup, when simulated, lists
 * them with those ratings, never reviews of its own the slide then contradicts (teval_query_169_2,
 * call_review_unshown). Reviews an answer before the step already shows need no carrier.
 */
function reviewsLater(trajectory: Trajectory, known: (i: number) => string | undefined, simulated: (i: number) => boolean, carries: CarriedValue[][]): void {
  const steps = toolSteps(trajectory);
  steps.forEach(({ step }, i) => {
    const reviews = writtenReviews(step.action).filter((r) => !steps.slice(0, i).some((_, m) => answeredReviews(parseToolResponse(known(m) ?? '')).some((x) => sameText(r.text, x.text))));
    if (!reviews.length) return;
    for (let m = i - 1; m >= 0; m--) {
      const doc = trajectory.tools.find((d) => d.name === steps[m].step.action.name);
      const list = doc && answeredDoc(doc).return_data.find((f) => /review/i.test(f.name) && listedFields(f.description ?? '').some((x) => /comment|content|review|text/i.test(x)));
      if (!list) continue;
      const subs = listedFields(list.description ?? '');
      const textSub = subs.find((x) => /comment|content|review|text/i.test(x))!;
      if (simulated(m) && !carries[m].some((c) => c.field === list.name)) {
        for (const r of reviews) {
          carries[m].push({ key: r.key, value: r.text, field: list.name, sub: textSub });
          if (r.rating !== undefined && subs.includes('rating')) carries[m].push({ key: r.key, value: r.rating, field: list.name, sub: 'rating', beside: { sub: textSub, value: r.text } });
        }
      }
      break;
    }
  });
}

/** A film's numbers and date a list and its details both give. */
const RECORD_FACTS = ['popularity', 'vote_average', 'release_date'];

/**
 * What a later recorded answer says of a record a simulated list carries by its id: the list gives
 * The Godfather (238) the popularity, vote and release date its recorded details give (118.372, not
 * a drawn 14136). One film, one popularity in a task.
 */
function recordedLater(trajectory: Trajectory, known: (i: number) => string | undefined, simulated: (i: number) => boolean, carries: CarriedValue[][]): void {
  const steps = toolSteps(trajectory);
  steps.forEach(({ step }, m) => {
    if (!simulated(m)) return;
    const doc = trajectory.tools.find((d) => d.name === step.action.name);
    if (!doc) return;
    for (const c of carries[m].filter((x) => x.sub === 'id' && !x.beside)) {
      const subs = listedFields(doc.return_data.find((f) => f.name === c.field)?.description ?? '');
      for (let i = m + 1; i < steps.length; i++) {
        if (simulated(i)) continue;
        const v = parseToolResponse(known(i) ?? '');
        if (!isPlainObject(v) || !sameValue(v.id, c.value)) continue;
        for (const sub of RECORD_FACTS) {
          const value = v[sub];
          if (!subs.includes(sub) || (typeof value !== 'number' && typeof value !== 'string')) continue;
          if (carries[m].some((x) => x.sub === sub && x.beside && sameValue(x.beside.value, c.value))) continue;
          carries[m].push({ key: sub, value, field: c.field, sub, beside: { sub: 'id', value: c.value } });
        }
        break;
      }
    }
  });
}

/** Douban's words for a film a later step describes: "雪豹和她的朋友们是一部中国大陆的纪录片，…" (title, region). */
const DOUBAN_DESCRIBED = /^(.+?)是一部(.+?)的/;

/**
 * The region a later step gives a film ("雪豹和她的朋友们是一部中国大陆的纪录片" on its slide, copied
 * from the details T-Eval's run saw) is the region a simulated list naming that film gives it (a
 * now-playing list's "中国大陆", not a drawn "中国香港"): one film, one region in a task. Only for a
 * film whose title the list carries, in a list whose records document a region.
 */
function regionsLater(trajectory: Trajectory, simulated: (i: number) => boolean, carries: CarriedValue[][]): void {
  const steps = toolSteps(trajectory);
  steps.forEach(({ step }, m) => {
    if (!simulated(m)) return;
    const doc = trajectory.tools.find((d) => d.name === step.action.name);
    const list = doc?.return_data.find((f) => listedFields(f.description ?? '').includes('region'));
    if (!list) return;
    for (const c of carries[m].filter((x) => x.field === list.name && x.sub === 'title' && typeof x.value === 'string' && !x.beside)) {
      if (carries[m].some((x) => x.sub === 'region' && x.beside && sameValue(x.beside.value, c.value))) continue;
      for (let i = m + 1; i < steps.length; i++) {
        const args = steps[i].step.action.args;
        const said = isPlainObject(args) ? Object.values(args).flatMap((v) => (typeof v === 'string' ? [DOUBAN_DESCRIBED.exec(v.trim())] : [])).find((x) => x && x[1] === c.value) : undefined;
        if (!said) continue;
        const region = said[2].split('/').map((x) => x.trim()).filter(Boolean).join(' / ');
        carries[m].push({ key: 'region', value: region, field: list.name, sub: 'region', beside: { sub: 'title', value: c.value } });
        break;
      }
    }
  });
}

/** A date and time as a clock writes it: "2023-10-21 11:14". */
const NOW_WRITTEN = /\b((?:19|20)\d\d-\d{2}-\d{2})[ T](\d{2}:\d{2})\b/;

/**
 * The now a later step writes ("2023-10-21 11:14\n" written to journal.txt right after get_curr_time):
 * T-Eval's plan copied the time its run's clock gave, so a simulated clock answers that time, never a
 * drawn "2020-09-29 05:30" beside it. The first date and time any later step's arguments write, into
 * the clock's one time or date field.
 */
function timesLater(trajectory: Trajectory, simulated: (i: number) => boolean, carries: CarriedValue[][]): void {
  const steps = toolSteps(trajectory);
  steps.forEach(({ step }, m) => {
    if (!simulated(m)) return;
    const doc = trajectory.tools.find((d) => d.name === step.action.name);
    if (!doc || !isClock(doc)) return;
    const field = doc.return_data.find((r) => /time|date/i.test(r.name))?.name;
    if (!field || carries[m].some((c) => c.field === field && !c.sub)) return;
    for (let i = m + 1; i < steps.length; i++) {
      const args = steps[i].step.action.args;
      const texts = isPlainObject(args) ? Object.values(args).filter((v): v is string => typeof v === 'string') : typeof args === 'string' ? [args] : [];
      const now = texts.map((t) => NOW_WRITTEN.exec(t)).find((x) => x);
      if (!now) continue;
      carries[m].push({ key: field, value: `${now[1]} ${now[2]}`, field });
      return;
    }
  });
}

/** The values tool step `j` (0-based) must carry for later steps. */
export function carriesFor(trajectory: Trajectory, j: number, view: GroundingView): CarriedValue[] {
  return carryPlan(trajectory, view).carries[j] ?? [];
}
