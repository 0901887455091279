/**
 * Simulated places, trips and papers a careful reader would not believe:
 *
 * - simulated_place_real_institution: a simulated place search names a real city's institution by its
 *   generic name at a drawn address ("Museum of Natural History" at "121 Vermont Avenue", Los Angeles;
 *   "Museum of Modern Art" at "152 W 44th St"): a false fact about a place anyone can look up.
 * - simulated_place_named_by_search: a simulated place found nearby is named by the search phrase
 *   after a stock word ("Varga Event Space" for "event space", "Rossi Quantum Computing" for
 *   "quantum computing", "Tamarind Hollow Camping" for "camping"): no business is named that way.
 * - simulated_nearby_at_nothing: a simulated search for places nearby centred where nothing is, an
 *   island no street reaches or polar waters (AMap's "40.6892,-74.0445" read as its doc's 'lon,lat' is
 *   off Antarctica), that lists places anyway, on a town's streets the point is nowhere near
 *   ("16 Amsterdam Avenue, New York City" within 1 km of the Statue of Liberty).
 * - simulated_trip_to_itself: a distance or a route between a start and an end written alike
 *   ("1600 Pennsylvania Ave NW, Washington, DC" twice) that is not zero: a drive of four turns from
 *   the White House to itself.
 * - simulated_abstract_stock_sentence: a simulated paper summary holding a sentence that the
 *   simulated summaries of more than three trajectories hold ("The paper is written for readers new
 *   to the area and assumes little background."): a stock line, not an abstract of its paper.
 */
import type { TestCase } from '../../schemas.js';
import type { CaseMeasure, QualityContext, SetMeasure } from '../types.js';
import { argStrings, firstDefect, planArgStrings, shownSimulatedSteps, simulatedDefectAmong } from '../evidence.js';
import { isRealVenueAddress, venueMisplaced } from '../../resolution/realVenues.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { isPlainObject } from '../../errors/values.js';
import { sameEnd, tripEnds } from '../../resolution/trips.js';
import { emptySearchPoint } from '../../resolution/simulatorRules.js';
import { FUEL_BRAND_WORD } from '../fuelBrands.js';

function responseValue(text: string): unknown {
  const value = parseToolResponse(text);
  return value === undefined ? text : value;
}

/** The named records of a place search's answer: its first list of records with a name. */
function placeRecords(action: { name: string }, response: string): Record<string, unknown>[] | undefined {
  if (!/nearby|places?\b|poi|search_?place/i.test(action.name)) return undefined;
  const value = responseValue(response);
  const list = isPlainObject(value) ? Object.values(value).find((v) => Array.isArray(v) && v.some((r) => isPlainObject(r) && typeof r.name === 'string')) : undefined;
  return Array.isArray(list) ? (list.filter((r) => isPlainObject(r) && typeof r.name === 'string') as Record<string, unknown>[]) : undefined;
}

/**
 * Names that, with no word of their own, are one real institution of a big city ("Museum of Natural
 * History" is New York's, "Museum of Modern Art" New York's, "Museum of Science and Industry"
 * Chicago's, "Museum of the City" New York's): a made-up place never takes them.
 */
export const REAL_INSTITUTION = /^(?:the\s+)?(?:(?:american\s+|national\s+)?museum\s+of\s+(?:natural\s+history|modern\s+art|the\s+city(?:\s+of\s+.+)?|science\s+and\s+industry|fine\s+arts|contemporary\s+art|photography|design|art|science|history)|(?:natural\s+history|science|city|history|art|modern\s+art)\s+museum|city\s+hall|(?:central\s+)?public\s+library|central\s+park|botanical\s+garden|national\s+gallery)$/i;

/** A simulated place search that names a place by a real institution's generic name, unless the call asked for it by that name. */
export function realInstitutionNamed(action: { name: string; args: unknown }, response: string): string | null | undefined {
  const records = placeRecords(action, response);
  if (!records?.length) return undefined;
  const asked = argStrings(action.args).map((s) => s.toLowerCase());
  const hit = records.find((r) => {
    const name = String(r.name).trim();
    // At the institution's own published address (realVenues.ts, realSights.ts: MoMA at "11 W 53rd St, New York, NY, 10019") it is that institution.
    return REAL_INSTITUTION.test(name) && !asked.some((a) => a.includes(name.toLowerCase())) && !(typeof r.address === 'string' && isRealVenueAddress(r.address));
  });
  return hit ? `"${String(hit.name)}"${typeof hit.address === 'string' ? ` at a drawn address "${hit.address}"` : ''} is a real institution's name` : null;
}

/** The search phrase of a place search: its term, query, keyword or category argument. */
export function searchPhrase(args: unknown): string | undefined {
  if (!isPlainObject(args)) return undefined;
  const v = Object.entries(args).find(([k, x]) => /term|query|keyword|categor|\btype\b|kind/i.test(k) && typeof x === 'string' && x.trim())?.[1];
  return typeof v === 'string' ? v.trim() : undefined;
}

/**
 * A simulated place found nearby whose name is a word or two before the whole search phrase, where
 * that phrase is no one noun a sign would carry (two words or more, or an activity in -ing).
 */
export function namedBySearch(action: { name: string; args: unknown }, response: string, written: readonly string[] = []): string | null | undefined {
  const records = placeRecords(action, response);
  const phrase = searchPhrase(action.args);
  if (!records?.length || !phrase || !/nearby|places?\b|poi/i.test(action.name)) return undefined;
  const words = phrase.toLowerCase().replace(/[^\p{L}\s]/gu, ' ').trim().split(/\s+/);
  if (words.length < 2 && !/ing$/.test(words[0] ?? '')) return null;
  const tails = new Set([words.join(' '), [...words.slice(0, -1), words[words.length - 1].replace(/(?<!s)s$/, '')].join(' ')]);
  const hit = records.find((r) => {
    const name = String(r.name).trim().toLowerCase();
    // A name the task's own plan writes ("Wegmans Catering" on T-Eval's slide, "Gulf Gas Station" in its list) is the name its run found, carried as written.
    if (written.some((w) => w.toLowerCase().includes(name))) return false;
    return [...tails].some((t) => name !== t && name.endsWith(` ${t}`) && name.split(/\s+/).length <= t.split(/\s+/).length + 2);
  });
  return hit ? `"${String(hit.name)}" is the search phrase "${phrase}" after a stock word` : null;
}

export const simulatedPlaceRealInstitution: CaseMeasure = {
  kind: 'case',
  id: 'simulated_place_real_institution',
  group: 'solvable',
  title: 'a simulated place search names a real institution by its generic name at a drawn address ("Museum of Natural History" at "121 Vermont Avenue", Los Angeles; "Museum of Modern Art" at "152 W 44th St")',
  population: 'cases showing a simulated place-search answer listing named places',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => realInstitutionNamed(step.action, step.response!.content)),
};

export const simulatedPlaceNamedBySearch: CaseMeasure = {
  kind: 'case',
  id: 'simulated_place_named_by_search',
  group: 'text',
  title: 'a simulated place found nearby is named by the search phrase after a stock word ("Varga Event Space" for "event space", "Rossi Quantum Computing" for "quantum computing", "Tamarind Hollow Camping" for "camping")',
  population: 'cases showing a simulated nearby-search answer listing named places for a search phrase',
  check: (tc, ctx) => {
    // What the task's plan itself writes (its recorded arguments): a name there was found by the source's own run.
    const written = planArgStrings(tc, ctx);
    return simulatedDefectAmong(tc, ctx, (step) => namedBySearch(step.action, step.response!.content, written));
  },
};

/**
 * Kinds of place whose every member carries a word of its kind on its sign, with the words a name
 * of that kind holds: a hospital is "… Hospital", "… Medical Center" or "… Clinic", never "Weber &
 * Kowalski" or "Salty Meadow". Kinds whose names are free (restaurants, bars, event rooms, sights)
 * are not here. The third field marks a kind whose signs all end in its own noun ("Kuta Beach",
 * "Seminyak Beach", "Legian Beach"), so names sharing that noun are no pool's tell
 * (simulated_venue_templated, simulatedAbout.ts signKindWords).
 */
export const KIND_NAME_WORDS: [kind: RegExp, words: RegExp, signed?: RegExp][] = [
  [/^(?:hospitals?|clinics?|medical centers?|urgent care)$/, /hospital|medical|clinic|health|infirmary|urgent care/i, /^(?:hospitals?|clinics?)$/i],
  [/^(?:schools?|elementary schools?|high schools?|primary schools?)$/, /school|academy|elementary|college|montessori|prep\b|lyc[eé]e/i, /^schools?$/i],
  [/^(?:beach(?:es)?)$/, /beach|\bbay\b|cove|sands|shore|pantai|playa|plage/i, /^beach(?:es)?$/i],
  [/^(?:pharmac(?:y|ies)|drugstores?|chemists?)$/, /pharmac|drug|chemist|apothe|cvs|walgreens|rite aid|duane reade/i, /^pharmac(?:y|ies)$/i],
  [/^(?:librar(?:y|ies))$/, /librar/i, /^librar(?:y|ies)$/i],
  [/^(?:banks?)$/, /\bbank|credit union|savings|trust\b/i, /^banks?$/i],
  [/^(?:cinemas?|movie theat(?:er|re)s?|theat(?:er|re)s?)$/, /cinema|theat|\bamc\b|regal|movies|imax|playhouse|picture house|film/i, /^cinemas?$/i],
  // A station's brand is its sign (fuelBrands.ts: "Getty", "Circle K", "ENEOS").
  [/^(?:gas stations?|petrol stations?|fuel stations?|gas)$/, new RegExp(`\\bgas\\b|fuel|station|petrol|${FUEL_BRAND_WORD.source}`, 'iu')],
  [/^(?:hotels?|hostels?|motels?|accommodations?|lodging)$/, /hotel|\binn\b|suites|lodge|hostel|resort|motel|residence|hilton|marriott|hyatt|sheraton|westin|ritz|four seasons|mandarin|peninsula|w new york|langham|standard|ace\b|edition|plaza|pierre|carlyle|tribeca|house|rooms/i],
  [/^(?:museums?|galler(?:y|ies))$/, /museum|galler|collection|institute|center|centre/i],
  [/^(?:parks?)$/, /park|garden|reserve|trail|green|square|common|arboretum|preserve/i],
  [/^(?:camping|campsites?|campgrounds?)$/, /camp|\brv\b|caravan/i],
  [/^(?:catering|caterers?)$/, /cater|events?|kitchen|cuisine|food|feast|table/i, /^(?:catering|caterers?)$/i],
  [/^(?:coffee shops?|caf[eé]s?|coffee)$/, /coffee|caf[eé]|espresso|roast|baker|\btea\b|brew|beans?\b/i],
  [/^(?:gyms?|fitness cent(?:er|re)s?)$/, /gym|fitness|athletic|yoga|crossfit|club|training/i],
  [/^(?:supermarkets?|grocery stores?|groceries|grocer(?:y|ies))$/, /market|grocer|foods|mart\b|trader joe|whole foods|safeway|kroger|wegmans|fairway|d'agostino/i],
];

/**
 * The words a name of the kind `term` (as written, no "nearest" before it) asks for holds, when every
 * sign of that kind ends in its noun (beaches, hospitals, clinics, schools, libraries, caterers,
 * pharmacies, banks, cinemas).
 */
export function signKindWords(term: string): RegExp | undefined {
  return KIND_NAME_WORDS.find(([, , signed]) => signed?.test(term))?.[1];
}

/** The words a name of the kind `term` asks for holds, when the kind is one whose names say it. */
export function kindNameWords(term: string): RegExp | undefined {
  const t = term.trim().toLowerCase().replace(/^(?:the\s+)?(?:(?:nearest|nearby|closest|best|top|good|local|popular)\s+)+/, '');
  return KIND_NAME_WORDS.find(([kind]) => kind.test(t))?.[1];
}

/**
 * A simulated nearby search for a kind of place whose names say their kind (hospitals, schools,
 * beaches, pharmacies…) listing a place whose name does not ("Weber & Kowalski" and "Salty Meadow"
 * as hospitals near 742 Evergreen Terrace), unless the task's own plan writes that name (the source's
 * run found it).
 */
export function placeUnfitForKind(action: { name: string; args: unknown }, response: string, written: readonly string[] = []): string | null | undefined {
  const records = placeRecords(action, response);
  const phrase = searchPhrase(action.args);
  if (!records?.length || !phrase || !/nearby|places?\b|poi/i.test(action.name)) return undefined;
  const words = kindNameWords(phrase);
  if (!words) return undefined;
  const hit = records.find((r) => {
    const name = String(r.name).trim();
    if (written.some((w) => w.toLowerCase().includes(name.toLowerCase()))) return false;
    return !words.test(name);
  });
  return hit ? `"${String(hit.name)}" is listed as a place of the kind "${phrase}" but its name says nothing of it` : null;
}

export const simulatedPlaceUnfitKind: CaseMeasure = {
  kind: 'case',
  id: 'simulated_place_unfit_kind',
  group: 'solvable',
  title: 'a simulated nearby search for a kind of place whose names say their kind (hospitals, schools, beaches, pharmacies, gas stations…) lists a place whose name does not ("Weber & Kowalski" and "Salty Meadow" as hospitals, "Ortega & Varga" as a beach)',
  population: 'cases showing a simulated nearby-search answer for a kind of place whose names say their kind',
  check: (tc, ctx) => {
    const written = planArgStrings(tc, ctx);
    return simulatedDefectAmong(tc, ctx, (step) => placeUnfitForKind(step.action, step.response!.content, written));
  },
};

export const simulatedRealVenueMisplaced: CaseMeasure = {
  kind: 'case',
  id: 'simulated_real_venue_misplaced',
  group: 'solvable',
  title: 'a simulated place answer puts a real venue the task names at another address than its own ("Hilton New York Times Square" at "96 Madison Avenue" where T-Eval\'s own recording gives "234 W 42nd St"; "Le Bernardin" at "137 Mulberry Street")',
  population: 'cases showing a simulated place answer naming a real venue realVenues.ts knows',
  check: (tc, ctx) => {
    const written = planArgStrings(tc, ctx).map((w) => w.toLowerCase());
    return simulatedDefectAmong(tc, ctx, (step) => {
      const records = placeRecords(step.action, step.response!.content);
      if (!records?.length) return undefined;
      return firstDefect(records, (r) => {
        if (typeof r.address !== 'string') return undefined;
        // An address the task's own plan writes is what the source's run found: carried as written.
        if (written.some((w) => w.includes(String(r.address).toLowerCase()))) return undefined;
        return venueMisplaced(String(r.name), r.address);
      });
    });
  },
};

export const simulatedNearbyAtNothing: CaseMeasure = {
  kind: 'case',
  id: 'simulated_nearby_at_nothing',
  group: 'solvable',
  title: 'a simulated nearby search centred where nothing is (an island no street reaches, polar waters: AMap\'s "40.6892,-74.0445" read as its documented lon,lat) lists places anyway ("16 Amsterdam Avenue, New York City" within 1 km of the Statue of Liberty)',
  population: 'cases showing a simulated nearby-search answer centred on coordinates',
  check: (tc, ctx) => {
    // A place the task's own plan takes from the answer (a route to "24 Reed St, Brooklyn, NY, 11231") is what the source's run found there.
    const written = planArgStrings(tc, ctx).map((w) => w.toLowerCase());
    return simulatedDefectAmong(tc, ctx, (step) => {
      const doc = tc.tools.find((d) => d.name === step.action.name);
      if (!doc || !isPlainObject(step.action.args) || !/nearby|search_?places?|\bpoi\b/i.test(doc.name)) return undefined;
      const located = Object.entries(step.action.args).some(([k, v]) => /^(lat|latitude)$/i.test(k) || (/location|coord|cent(?:er|re)|origin|point/i.test(k) && typeof v === 'string' && /^\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*$/.test(v)));
      if (!located) return undefined;
      const nothing = emptySearchPoint(doc, step.action.args);
      const records = placeRecords(step.action, step.response!.content);
      if (records?.some((r) => [r.name, r.address].some((v) => typeof v === 'string' && v.trim().length > 3 && written.some((w) => w.includes(v.trim().toLowerCase()))))) return null;
      return nothing && records?.length ? `${records.length} places listed, yet ${nothing} ("${String(records[0].name)}"${typeof records[0].address === 'string' ? ` at "${records[0].address}"` : ''})` : null;
    });
  },
};

/** A distance or route answer between ends written alike that is not zero; undefined for any other answer. */
export function tripToItself(action: { name: string; args: unknown }, response: string): string | null | undefined {
  if (!/distance|route|direction/i.test(action.name) || !isPlainObject(action.args)) return undefined;
  const [start, end] = tripEnds(action.args)!;
  if (start === undefined || end === undefined) return undefined;
  const value = responseValue(response);
  if (!isPlainObject(value) || 'error' in value) return undefined;
  if (!sameEnd(start, end)) return null;
  for (const [k, v] of Object.entries(value)) {
    if (/distance|km|miles|duration|time/i.test(k) && typeof v === 'number' && v > 0) return `${k} ${v} from "${String(start)}" to itself`;
    if (Array.isArray(v) && v.length > 1) return `a route of ${v.length} steps from "${String(start)}" to itself`;
  }
  return null;
}

export const simulatedTripToItself: CaseMeasure = {
  kind: 'case',
  id: 'simulated_trip_to_itself',
  group: 'solvable',
  title: 'a simulated distance or route between a start and an end written alike is not zero (a route of four turns from "1600 Pennsylvania Ave NW, Washington, DC" to itself)',
  population: 'cases showing a simulated distance or route answer',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => tripToItself(step.action, step.response!.content)),
};

/** The summaries of a paper answer: strings under summary or abstract fields. */
function summariesOf(value: unknown, field = '', out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (/^(summary|summaries|abstract|abstracts)$/i.test(field)) out.push(value);
  } else if (Array.isArray(value)) value.forEach((v) => summariesOf(v, field, out));
  else if (isPlainObject(value)) Object.entries(value).forEach(([k, v]) => summariesOf(v, k, out));
  return out;
}

/** The sentences of a text. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=\p{Lu})/u)
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 5);
}

/** The sentences of the simulated paper summaries a case shows. */
/** The simulated summaries a case shows (arXiv and Scholar answers). */
function simulatedSummaries(tc: TestCase, ctx: QualityContext): string[] {
  const steps = (shownSimulatedSteps(tc, ctx) ?? []).filter((s) => /arxiv|paper|article|scholar/i.test(s.action.name));
  return steps.flatMap((s) => summariesOf(responseValue(s.response!.content)));
}

/**
 * More distinct summaries than this holding one sentence make it a stock line. Counted over distinct
 * summaries, not trajectories: four trajectories searching arXiv for "machine learning" are answered
 * alike by the resolver's tool-call cache, which is one API giving one answer, not a template.
 */
export const STOCK_SENTENCE_SUMMARIES = 3;

export const simulatedAbstractStockSentence: SetMeasure = {
  kind: 'set',
  id: 'simulated_abstract_stock_sentence',
  group: 'text',
  title: `share of cases showing a simulated paper summary that holds a sentence more than ${STOCK_SENTENCE_SUMMARIES} different simulated summaries hold ("The paper is written for readers new to the area and assumes little background.")`,
  population: 'cases showing a simulated arXiv or Scholar summary',
  better: 'lower',
  score(cases, ctx) {
    const perCase = new Map<string, Set<string>>();
    const holders = new Map<string, Set<string>>();
    for (const tc of cases) {
      const texts = simulatedSummaries(tc, ctx);
      if (!texts.length) continue;
      const sentences = new Set<string>();
      for (const text of texts) {
        for (const sentence of sentencesOf(text)) {
          sentences.add(sentence);
          (holders.get(sentence) ?? holders.set(sentence, new Set()).get(sentence)!).add(text);
        }
      }
      perCase.set(tc.id, sentences);
    }
    if (!perCase.size) return undefined;
    let defective = 0;
    const examples: { id: string; detail: string }[] = [];
    for (const [id, sentences] of perCase) {
      const stock = [...sentences].find((s) => holders.get(s)!.size > STOCK_SENTENCE_SUMMARIES);
      if (!stock) continue;
      defective++;
      if (examples.length < 3) examples.push({ id, detail: `"${stock.slice(0, 90)}" in ${holders.get(stock)!.size} different summaries` });
    }
    return { value: defective / perCase.size, n: perCase.size, detail: `${defective} of ${perCase.size} cases`, examples };
  },
};

export const SIMULATED_PLACE_MEASURES: CaseMeasure[] = [simulatedPlaceRealInstitution, simulatedPlaceNamedBySearch, simulatedPlaceUnfitKind, simulatedRealVenueMisplaced, simulatedNearbyAtNothing, simulatedTripToItself];
