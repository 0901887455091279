/**
 * Does a simulated tool answer read like the real API's? A placeholder a careful person would
 * never write — a field's own name echoed as its content ("snipet for solar energy", "… with 3
 * key points on pub info", "route #12"), a list padded with numbered repeats ("route for X
 * (part 2)"), or a value of the wrong kind for its field (a number as a citation, a sentence as
 * a count) — is text the benchmark scores models on.
 */
import { isRealVenueAddress } from '../../resolution/realVenues.js';
import { DISTRICTS, districtStreetIn } from '../../resolution/districts.js';
import { shownSimulatedRequests, shownSimulatedSteps, shownSteps, simulatedDefect, simulatedDefectAmong, trajectorySteps, userText, wrongCallAnswer } from '../evidence.js';
import { isPlainObject } from '../../errors/values.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import type { CaseMeasure, QualityContext, SetMeasure } from '../types.js';
import { mixedTypes } from '../../resolution/fieldTypes.js';
import { emptySearchPoint, kindSearchedIn, looksLikeAddress, namesOnePlace, namesTown, recordName } from '../../resolution/simulatorRules.js';

/** The records of an answer's lists (search_nearby's places). */
function placesOf(v: unknown): Record<string, unknown>[] {
  return isPlainObject(v) ? Object.values(v).flatMap((x) => (Array.isArray(x) ? x.filter(isPlainObject) : [])) : [];
}
import { toJson } from '../../pyValues.js';
import { callChangesState } from '../../errors/sideEffects.js';
import { isErrorResponse } from '../../errors/responses.js';
import { canonicalArgs } from '../../resolution/canonical.js';
import { namesAuthor } from '../../resolution/knownFacts.js';
import { factsOfRecording, sameId } from '../../resolution/recordedFacts.js';
import type { Action, ChatMessage, TestCase } from '../../schemas.js';
import { callsAt, shownAction } from '../grounding.js';
import { describedTexts, factField, labelledFacts, listedNames, sameFact, sameText, searchedKindOf, textField } from '../copiedFields.js';
import { levenshtein } from '../../editDistance.js';
import { toolSteps } from '../../steps.js';
import { askedCount, docListCap, namedItems } from '../../resolution/askedCount.js';
import { isIdentifierParam, unknownRecord } from '../../resolution/unknownRecord.js';
import { parseReply } from '../../prompts/parseAction.js';
import { simulatedContradictsWorld } from './world.js';
import { distanceKm, isPlaceholderAddress, placeNamed, placesNamedIn } from '../../resolution/places.js';
import { ENGLISH_STREET, localeNear } from '../../resolution/streets.js';
// A route's crossings (Manhattan's Eighth Avenue, its cross streets) are the town's streets too.
import { crossingsOf } from '../../resolution/streetGeo.js';
import { simulatedStatusUnlikeRecorded, simulatedSearchForIdInvents, simulatedSearchKindMisfit, simulatedArxivPaperUnrecorded, simulatedSearchMadeUpPage, simulatedSearchNamesNone, simulatedSearchSaysNothing, simulatedTitleTemplateMisfit, simulatedUnknownTitleInvented } from './simulatedInvented.js';
import { simulatedScholarPaperUnrecorded, simulatedScholarRecordRepeated } from './simulatedScholar.js';
import { simulatedCitationUnlikeScholar, simulatedJournalVolumeImpossible } from './simulatedCitations.js';
import { simulatedAbstractMisread } from './simulatedAbstracts.js';
import { simulatedNewsHeadlineUnlikeSummary, simulatedAnsweredInEnglish, simulatedAuthorsForeignToSubject, simulatedListingPlaceMismatch, simulatedListingPlaceRecorded, simulatedListingTitleOffPlace, simulatedNameLowercased, simulatedSnippetAfterPublication, simulatedScholarOffField, simulatedTextOffTopic, simulatedVenueTemplated } from './simulatedAbout.js';
import { escapeRegExp } from '../../errors/vocabulary.js';
import { findsNothing } from '../../resolution/idSearch.js';
import { ungrammaticalTopic } from '../../resolution/topicPhrase.js';
import { laterFactContradiction, simulatedFilmFactsDisagree, simulatedFilmRuntimeImplausible, simulatedRecordSelfContradicted, simulatedWeatherImplausible } from './simulatedRecords.js';
import { sameFieldName } from '../../resolution/recordedKeys.js';

/** A tool answer as a value: JSON, else a Python literal, else the text itself. */
export function responseValue(text: string): unknown {
  const value = parseToolResponse(text);
  return value === undefined ? text : value;
}

const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
const singularOf = (w: string) => w.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');

/** Fields whose value is a formatted text (a reference, a passage): never a bare number. */
const TEXT_FIELD = /^(citation|citation format|reference|format|text|title|summary|snipp?ets?|description|overview|abstract|body|content|comments?|address|pub info)$/;
/** Fields whose value is a count: never a sentence. */
const COUNT_FIELD = /(^| )(count|num|number|total|quantity|capacity)$/;

function placeholderIn(field: string, value: string): string | undefined {
  const text = value.trim().toLowerCase();
  if (/\(part \d+\)/.test(text)) return `numbered repeat "${value.slice(0, 60)}"`;
  if (/\bkey points on\b/.test(text)) return `template text "${value.slice(0, 60)}"`;
  // Web results that say nothing but the query in a fixed frame ("Kuta Beach information is the subject of this article").
  if (/\bis the subject of this article\b|\bmost common questions about\b|\ba practical guide to .*, updated\b|\bcoverage of .* from reporters and\b/.test(text)) return `filler text "${value.slice(0, 60)}"`;
  // RFC 2606's reserved names stand in for a real page: "https://www.example.com/link/8761" for a film's Douban page.
  if (/\bhttps?:\/\/(?:[\w-]+\.)*example\.(?:com|org|net)\b/.test(text)) return `placeholder link "${value.slice(0, 60)}"`;
  const name = words(field);
  if (!name) return undefined;
  for (const echo of new Set([name, singularOf(name)])) {
    if (text.startsWith(`${echo} for `) || new RegExp(`^${escapeRegExp(echo)} #\\d+$`).test(text)) {
      return `field name echoed as content: ${field} = "${value.slice(0, 60)}"`;
    }
  }
  if (COUNT_FIELD.test(name) && /^\D*[a-z]{3,}\D* [a-z]{3,}/i.test(text)) return `a sentence for the count ${field}: "${value.slice(0, 60)}"`;
  return undefined;
}

/** What makes one simulated answer read as a placeholder; undefined when nothing does. */
export function placeholderContent(response: string): string | undefined {
  const visit = (field: string, v: unknown): string | undefined => {
    if (typeof v === 'string') return placeholderIn(field, v);
    if ((typeof v === 'number' || typeof v === 'bigint') && TEXT_FIELD.test(words(field))) return `a number for the text field ${field}: ${String(v)}`;
    if (Array.isArray(v)) {
      for (const item of v) {
        const why = visit(field, item);
        if (why) return why;
      }
    } else if (isPlainObject(v)) {
      for (const [k, inner] of Object.entries(v)) {
        const why = visit(k, inner);
        if (why) return why;
      }
    }
    return undefined;
  };
  return visit('', responseValue(response));
}

export const simulatedPlaceholder: CaseMeasure = {
  kind: 'case',
  id: 'simulated_placeholder_text',
  group: 'text',
  title: 'a simulated tool answer the case shows holds placeholder content (field name as content, "(part N)" repeats, a number for a citation)',
  population: 'cases showing at least one simulated tool answer',
  check: (tc, ctx) => simulatedDefect(tc, ctx, (step) => placeholderContent(step.response!.content)),
};

export const simulatedMixedTypes: CaseMeasure = {
  kind: 'case',
  id: 'simulated_list_mixed_types',
  group: 'text',
  title: 'a simulated tool answer the case shows gives one field two types (a list of room ids ["102", 85371]; a record field a number in one record, a string in the next)',
  population: 'cases showing at least one simulated tool answer',
  check: (tc, ctx) => simulatedDefect(tc, ctx, (step) => mixedTypes(responseValue(step.response!.content))),
};

/** Two records of one list sharing their name or title: one thing listed twice, or two things with one name. */
export function repeatedRecord(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const seen = new Map<string, number>();
    for (const [i, item] of value.entries()) {
      const name = recordName(item);
      if (name === undefined) continue;
      if (seen.has(name)) return `records ${seen.get(name)! + 1} and ${i + 1} are both "${name.slice(0, 60)}"`;
      seen.set(name, i);
    }
    for (const item of value) {
      const why = repeatedRecord(item);
      if (why) return why;
    }
  } else if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      const why = repeatedRecord(v);
      if (why) return Array.isArray(v) ? `${k}: ${why}` : why;
    }
  }
  return undefined;
}

export const simulatedRepeatedRecords: CaseMeasure = {
  kind: 'case',
  id: 'simulated_records_repeated',
  group: 'text',
  title: 'a simulated tool answer the case shows lists two records under one name or title (two papers called "Artificial intelligence: a review", three properties with one name and address)',
  population: 'cases showing at least one simulated tool answer',
  check: (tc, ctx) => simulatedDefect(tc, ctx, (step) => repeatedRecord(responseValue(step.response!.content))),
};

/** Two passages a few words apart: one template twice. */
export function nearDuplicate(a: string, b: string): boolean {
  return levenshtein(a, b) <= Math.max(a.length, b.length) * 0.2;
}

/**
 * The passages of an answer: strings of eight words or more that end a sentence (reviews, plots,
 * snippets; not titles), each with the title of the record it describes, where it has one.
 */
function passagesOf(value: unknown, out: { text: string; title?: string }[] = [], title?: string): { text: string; title?: string }[] {
  if (typeof value === 'string') {
    const t = value.trim();
    if (t.split(/\s+/).length >= 8 && /[.!?…]$/.test(t)) out.push({ text: t, title });
  } else if (Array.isArray(value)) value.forEach((v) => passagesOf(v, out));
  else if (isPlainObject(value)) {
    const own = typeof value.title === 'string' ? value.title : title;
    Object.values(value).forEach((v) => passagesOf(v, out, own));
  }
  return out;
}

/**
 * The same passage twice in what the simulator wrote for one case: "Smaller than it looks in the
 * photos, but clean and good value for the price." as a review of three different flats, twice for
 * one. People do not write the same review twice; a small pool of canned texts shows through.
 */
export const simulatedTextRepeated: CaseMeasure = {
  kind: 'case',
  id: 'simulated_text_repeated',
  group: 'text',
  title: 'the same passage (a review, a plot, a snippet of eight words or more) twice among the simulated answers a case shows, or twice in one answer a few words apart',
  population: 'cases showing at least one simulated tool answer',
  check(tc, ctx) {
    const simulated = shownSimulatedSteps(tc, ctx);
    if (!simulated?.length) return undefined;
    // The same call asked twice answers the same: only passages of two different calls, or twice in one answer, count.
    // The same paper found by two searches has one abstract: a passage of two records of one title is no repeat.
    const seen = new Map<string, { name: string; call: string; title?: string }>();
    for (const step of simulated) {
      const call = `${step.action.name}${toJson(step.action.args)}`;
      const own = new Set<string>();
      for (const { text, title } of passagesOf(responseValue(step.response!.content))) {
        const where = seen.get(text);
        if (own.has(text) || (where && where.call !== call && (title === undefined || where.title !== title))) return `${step.action.name}: "${text.slice(0, 70)}" also in ${own.has(text) ? 'the same answer' : where!.name}`;
        // One template twice in a list, a word apart ("… from reporters and industry experts." / "… and our readers.").
        const near = [...own].find((o) => nearDuplicate(o, text));
        if (near) return `${step.action.name}: "${text.slice(0, 70)}" and "${near.slice(0, 70)}" in one answer differ by a few words`;
        own.add(text);
        seen.set(text, { name: step.action.name, call, title });
      }
    }
    return null;
  },
};

/**
 * A simulated list answer shorter than the user asked for, where the API's doc allows as many: one
 * restaurant for "a list of 5 restaurants nearby". (A doc's "at most 3" caps what may be expected.)
 */
export const simulatedListShort: CaseMeasure = {
  kind: 'case',
  id: 'simulated_list_short',
  group: 'solvable',
  title: 'a simulated list answer holds fewer results than the user asked for and the API\'s doc allows ("a list of 5 restaurants", one restaurant)',
  population: 'cases showing a simulated answer to a list call the user asked a number of results from',
  check(tc, ctx) {
    const answers = shownSimulatedRequests(tc, ctx);
    if (!answers) return undefined;
    let inPopulation = false;
    // The wrong call's own answer (a tool_select or value error, answered by the simulator) is a list of
    // its own: the user asked that many of it too (its request is the case's last user turn).
    for (const { step, request, wrong } of answers) {
      const doc = tc.tools.find((d) => d.name === step.action.name);
      const asked = doc ? askedCount(request, step.action.args, doc) : undefined;
      const answer = responseValue(step.response!.content);
      // A search that can find nothing (an opaque id searched as words; idSearch.ts), or one centred where nothing is
      // (an island, polar waters: emptySearchPoint), owes no list.
      if (!doc || !asked || !isPlainObject(answer) || findsNothing(step.action.name, step.action.args)) continue;
      if (isPlainObject(step.action.args) && emptySearchPoint(doc, step.action.args)) continue;
      for (const [field, value] of Object.entries(answer)) {
        if (!Array.isArray(value)) continue;
        const expected = Math.min(asked, docListCap(doc.return_data.find((r) => r.name === field)?.description ?? '') ?? asked);
        inPopulation = true;
        // A list of N the call itself counts ("forecast of N days", days=2) has the call's N, whatever the user asked.
        const own = /\bN\b/.test(doc.return_data.find((r) => r.name === field)?.description ?? '') && Object.values(step.action.args as Record<string, unknown>).some((v) => v === value.length);
        if (value.length < expected && !own) return `${step.action.name}${wrong ? ' (the wrong call)' : ''}: ${value.length} ${field} for ${asked} asked ("${request.slice(0, 60)}…")`;
      }
    }
    return inPopulation ? null : undefined;
  },
};


/** The listed things of a status answer ("Room 234: available") the request did not name, when it named some. */
export function unaskedItems(request: string, doc: { return_data: { name: string; description?: string }[] } & Parameters<typeof namedItems>[1], response: string): string | null | undefined {
  const named = namedItems(request, doc);
  const answer = responseValue(response);
  if (!named || !isPlainObject(answer)) return undefined;
  let seen = false;
  for (const [field, value] of Object.entries(answer)) {
    if (!Array.isArray(value) || !/\bstatus\b/i.test(doc.return_data.find((r) => r.name === field)?.description ?? '')) continue;
    seen = true;
    const wanted = new Set(named.map((x) => x.toLowerCase()));
    for (const item of value) {
      const thing = String(typeof item === 'string' ? item.split(':')[0] : isPlainObject(item) ? (Object.values(item)[0] ?? '') : item).trim();
      if (!wanted.has(thing.toLowerCase())) return `${field} lists "${thing}", which the request did not ask about (it named ${named.join(', ')})`;
    }
  }
  return seen ? null : undefined;
}

/**
 * A simulated look-up for the things the user named answering for others: "check the status of
 * rooms 101, 102, and 103" answered with rooms 234, 971 and 555 (teval_query_250_1).
 */
export const simulatedAnswerUnaskedItems: CaseMeasure = {
  kind: 'case',
  id: 'simulated_answer_unasked_items',
  group: 'solvable',
  title: 'a simulated status look-up lists things the user did not ask about while naming others ("the status of rooms 101, 102, and 103" answered for rooms 234, 971 and 555)',
  population: 'cases showing a simulated status-list answer to a request naming the things to look up',
  check(tc, ctx) {
    const answers = shownSimulatedRequests(tc, ctx);
    if (!answers) return undefined;
    let inPopulation = false;
    for (const { step, request, wrong } of answers) {
      const doc = tc.tools.find((d) => d.name === step.action.name);
      const why = doc ? unaskedItems(request, doc, step.response!.content) : undefined;
      if (why === undefined) continue;
      inPopulation = true;
      if (why) return `${step.action.name}: ${why}${wrong ? ' (the wrong call)' : ''}`;
    }
    return inPopulation ? null : undefined;
  },
};

/** An answer that reads as a failure: an error object, a NOT_FOUND status, a "not found" message. */
const FAILED = /^\s*\{\s*["']error["']\s*:|NOT_FOUND|\bnot found\b|does not exist/i;

/**
 * A call that looks a record up by an identifier nothing before it showed (a mistyped property id,
 * the ticker "The Matrix", an author id in the wrong case), answered with a success about a record
 * that cannot exist: a real API answers "not found". BFCL's answers come from its own backends and
 * speak for themselves.
 */
export const simulatedUnknownRecordFound: CaseMeasure = {
  kind: 'case',
  id: 'simulated_unknown_record_found',
  group: 'solvable',
  title: 'a lookup by an identifier nothing before it showed ("The Matrix" as a ticker, a mistyped property id) answered with a success instead of "not found"',
  population: 'T-Eval cases showing a call that takes an identifier (id, ticker, result id)',
  check(tc) {
    if (tc.source === 'bfcl') return undefined;
    let inPopulation = false;
    const shown: string[] = [];
    const earlier: { args: unknown }[] = [];
    for (let i = 0; i < tc.messages.length; i++) {
      const m = tc.messages[i];
      if (m.role === 'user' || m.role === 'function') shown.push(m.content);
      if (m.role !== 'assistant') continue;
      const action = parseReply(m.content).action;
      const answer = tc.messages[i + 1]?.role === 'function' ? tc.messages[i + 1].content : undefined;
      const doc = action ? tc.tools.find((t) => t.name === action.name) : undefined;
      if (action && doc && answer !== undefined) {
        const params = [...doc.required_parameters, ...doc.optional_parameters];
        if (params.some(isIdentifierParam)) inPopulation = true;
        const missing = unknownRecord(doc, action.args, shown.join('\n'), earlier);
        if (missing && !FAILED.test(answer)) return `${action.name}(${missing.key}=${JSON.stringify(missing.value)}) answered "${answer.slice(0, 60)}…" though nothing showed that ${missing.noun}`;
      }
      if (action) earlier.push({ args: action.args });
    }
    return inPopulation ? null : undefined;
  },
};

/** Address, route and place fields: where a street name stands. */
const STREET_FIELD = /address|location|route|step|instruction|direction|road|street|vicinity/i;

/** The street-bearing strings of an answer (fields named for addresses and routes, at any depth). */
function streetTexts(value: unknown, field = ''): string[] {
  if (typeof value === 'string') return STREET_FIELD.test(field) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => streetTexts(v, field));
  if (isPlainObject(value)) return Object.entries(value).flatMap(([k, v]) => streetTexts(v, STREET_FIELD.test(k) ? k : field || ''));
  return [];
}

/**
 * A simulated address or route on a street that is not the town's: an English street in a town whose
 * streets are not named in English ("199 Park Lane, Berlin", "Main St" through Tokyo), or, in any town
 * the place table knows, a street from nowhere in it ("Hill Street" from Central Park, "Station Road"
 * in San Bruno). The towns are the ones the call names, else the one the request names for a call
 * about a spot (resolution/streets.ts knows each one's streets); a street the request or the call
 * names itself is the user's and always fits.
 */
export const simulatedAddressForeign: CaseMeasure = {
  kind: 'case',
  id: 'simulated_address_foreign',
  group: 'text',
  title: 'a simulated address or route puts a street the town does not have in a known town ("199 Park Lane, Berlin", "Church Lane" in 上海, "Hill Street" from Central Park, "Station Road" in San Bruno)',
  population: 'cases showing a simulated answer with an address or route about a town the place table knows',
  check(tc, ctx) {
    const request = userText(tc);
    // A street some call of the case names (an address a later call routes to) is the case's own.
    const calls = [...tc.messages.filter((m) => m.role === 'assistant').map((m) => m.content ?? ''), toJson(tc.groundTruth)].join('\n');
    return simulatedDefectAmong(tc, ctx, (step) => foreignStreet(step.action, step.response!.content, request, calls));
  },
};

const ENGLISH_STREETS = new RegExp(ENGLISH_STREET.source, 'g');

/**
 * The first street an answer about known towns gives that none of them has (nor the request or call
 * names), null when every street fits, undefined when the answer has no address or route about a town
 * the table knows.
 */
export function foreignStreet(action: { name: string; args: unknown }, response: string, request: string, calls = ''): string | null | undefined {
  const args = toJson(action.args ?? {});
  // The request's town only for a call about a spot (coordinates, a place) that does not name one.
  const spot = isPlainObject(action.args) && Object.keys(action.args).some((k) => /lat|lon|coord|location|place|city|address|origin|destination/i.test(k));
  const named = placesNamedIn(args);
  const places = named.length ? named : spot ? placesNamedIn(request).slice(0, 1) : [];
  const towns = places.map((p) => ({ place: p, locale: localeNear(p) })).filter((t) => t.locale);
  if (!towns.length) return undefined;
  const texts = streetTexts(responseValue(response));
  if (!texts.length) return undefined;
  const own = (street: string) =>
    args.includes(street) || request.includes(street) || calls.includes(street) || towns.some(({ locale }) => [...locale!.streets, ...locale!.roads, ...crossingsOf(locale!.streets)].some((s) => s.includes(street) || street.includes(s)));
  for (const text of texts) {
    // A real venue's own address (realVenues.ts: "45 Murray St, New York, NY, 10007" for Benares) is a fact, on a street the town's table may lack.
    if (isRealVenueAddress(text)) continue;
    // An address that names a town of its own the table does not know ("187 Warren St Ste 100, Jersey City, NJ",
    // found from the Statue of Liberty, T-Eval's recorded place) is on that town's streets, which nothing here can judge.
    const itsTown = /,\s*([A-Z][a-z]+(?: [A-Z][a-z]+)*),\s*[A-Z]{2}\b/.exec(text)?.[1];
    if (itsTown && !towns.some((t) => t.place.name === itsTown) && !placesNamedIn(itsTown).length) continue;
    for (const [street] of text.matchAll(ENGLISH_STREETS)) {
      if (!own(street) && !districtStreetIn(street, text) && !districtStreetIn(street, args)) return `"${street}" in ${towns.map((t) => t.place.name).join(' / ')}`;
    }
  }
  return null;
}

/**
 * A place search for one named place (Le Bernardin, Amazon, an address) answered with made-up
 * places named after it ("Riverside Le Bernardin", "Harbor View Amazon"): a word glued to a name.
 */
export function mangledVenue(action: { name: string; args: unknown }, response: string): string | null | undefined {
  if (!isPlainObject(action.args) || !/nearby|places?\b|poi/i.test(action.name)) return undefined;
  const term = Object.entries(action.args).find(([k, v]) => /search|keyword|term|query/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
  if (!term || (!namesOnePlace(term) && !kindSearchedIn(term))) return undefined;
  const t = term.trim().toLowerCase();
  const names = [...JSON.stringify(responseValue(response)).matchAll(/"(?:name|title)":"([^"]+)"/g)].map((m) => m[1]);
  if (!names.length) return undefined;
  const glued = names.find((n) => n.toLowerCase() !== t && n.toLowerCase().endsWith(` ${t}`));
  if (glued) return `"${glued}" for a search for "${term}"`;
  // The search term itself as a place: a town ("Paris") or a kind of place in one ("top tourist
  // attractions in Paris") is no place's name; an address is a place only at that address.
  if ((namesTown(term) || kindSearchedIn(term)) && names.some((n) => n.toLowerCase() === t)) return `"${term}" answered as a place of its own`;
  if (looksLikeAddress(term)) {
    const at = placesOf(responseValue(response)).find((p) => String(p.name ?? '').trim().toLowerCase() === t && typeof p.address === 'string' && p.address.trim().toLowerCase() !== t);
    if (at) return `"${term}" answered as a place at ${String(at.address)}`;
  }
  return null;
}

export const simulatedVenueMangled: CaseMeasure = {
  kind: 'case',
  id: 'simulated_venue_mangled',
  group: 'text',
  title: 'a simulated place search answers made-up places named after the term ("Riverside Le Bernardin"), or the term itself as a place: a town ("Paris" at 67 Boulevard Saint-Germain), a kind of place in a town ("top tourist attractions in Paris"), an address at another address',
  population: 'cases showing a simulated answer to a search for a named place (a capitalised term, an address)',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => mangledVenue(step.action, step.response!.content)),
};

/**
 * The same read asked twice in one case and answered two ways: search_google_scholar("artificial
 * intelligence") listing result id efZZXguoqq8J as "Artificial intelligence in practice" and then as
 * "Artificial intelligence in medicine". A lookup that changes nothing answers the same when asked
 * again (unless a call of the same toolkit changed something in between). Failures are left out: a
 * failure is the environment's mood of the moment.
 */
export function repeatedReadDiffers(tc: Pick<TestCase, 'messages'>): string | null | undefined {
  const seen = new Map<string, { answer: string }>();
  let repeated = false;
  for (let i = 0; i < tc.messages.length; i++) {
    const m = tc.messages[i];
    if (m.role !== 'assistant') continue;
    const action = parseReply(m.content).action;
    const answer = tc.messages[i + 1]?.role === 'function' ? tc.messages[i + 1].content : undefined;
    if (!action || answer === undefined) continue;
    if (callChangesState(action.name)) {
      const kit = action.name.split('.')[0];
      for (const key of [...seen.keys()]) if (key.startsWith(`${kit}.`)) seen.delete(key);
      continue;
    }
    // A failure (an error object, or an environment error's text such as "429 Client Error") is no answer to compare.
    if (isErrorResponse({ content: answer }) || !isPlainObject(parseToolResponse(answer))) continue;
    const key = `${action.name} ${canonicalArgs(action.args)}`;
    const before = seen.get(key);
    if (before) {
      repeated = true;
      if (toJson(responseValue(before.answer)) !== toJson(responseValue(answer))) return `${action.name}${toJson(action.args)} answered twice, differently: "${before.answer.slice(0, 60)}…" then "${answer.slice(0, 60)}…"`;
    } else seen.set(key, { answer });
  }
  return repeated ? null : undefined;
}

export const repeatedReadAnsweredDifferently: CaseMeasure = {
  kind: 'case',
  id: 'repeated_read_answered_differently',
  group: 'solvable',
  title: 'the same read call asked twice in one case answered two ways (one Scholar search giving one result id two titles)',
  population: 'T-Eval cases that show one read call (same tool, same arguments) answered successfully twice',
  check: (tc) => (tc.source === 'bfcl' ? undefined : repeatedReadDiffers(tc)),
};

/**
 * A simulated author record that claims a paper an earlier search listed as someone else's: Robert
 * Gross's articles include "Renewable energy: trends, perspectives, and prospects", which the search
 * showed as "G Anderson, C Novak, P Brown - …". Undefined when the case shows no such record after a
 * search that listed papers with their publication lines.
 */
export function authorClaimsOthersPaper(messages: { role: string; content: string }[], simulated: (content: string) => boolean): string | null | undefined {
  const papers = new Map<string, string>();
  let inPopulation = false;
  for (const m of messages) {
    if (m.role !== 'function') continue;
    const v = responseValue(m.content);
    if (!isPlainObject(v)) continue;
    const titles = v.title ?? v.titles;
    const lines = v.pub_info ?? v.publication_info;
    if (Array.isArray(titles) && Array.isArray(lines)) titles.forEach((t, i) => typeof t === 'string' && typeof lines[i] === 'string' && papers.set(t.trim().toLowerCase(), lines[i] as string));
    if (typeof v.name === 'string' && Array.isArray(v.articles) && papers.size && simulated(m.content)) {
      inPopulation = true;
      const name = v.name;
      const claimed = v.articles.find((a) => typeof a === 'string' && papers.has(a.trim().toLowerCase()) && !namesAuthor(papers.get(a.trim().toLowerCase())!, name));
      if (typeof claimed === 'string') return `${name} is given "${claimed}", which the search listed as "${papers.get(claimed.trim().toLowerCase())!.slice(0, 60)}"`;
    }
  }
  return inPopulation ? null : undefined;
}

export const simulatedAuthorClaimsOthersPaper: CaseMeasure = {
  kind: 'case',
  id: 'simulated_author_claims_others_paper',
  group: 'solvable',
  title: "a simulated author record listing among the author's articles a paper the task's search showed as written by others",
  population: 'T-Eval cases showing a simulated author record (name and articles) after a search that listed papers with their publication lines',
  check(tc, ctx) {
    if (tc.source === 'bfcl') return undefined;
    const steps = shownSimulatedSteps(tc, ctx);
    if (!steps) return undefined;
    const contents = new Set(steps.map((s) => s.response!.content));
    return authorClaimsOthersPaper(tc.messages, (c) => contents.has(c));
  },
};

/**
 * A simulated list record that another answer in the case, a recorded one, contradicts: the search
 * calls id 28722771 "Charming house in Los Angeles, 52 Vermont Avenue" and the recorded details of
 * that id say "Home in Hawthorne · …"; the search calls id 49634091 a "Modern condominium" and its
 * recorded reviews are of "Marina Motel". The recording may come before or after the list.
 */
export function recordContradictsRecording(steps: { action: { name: string; args: unknown }; content: string; simulated: boolean }[]): string | null | undefined {
  let inPopulation = false;
  for (const list of steps.filter((s) => s.simulated)) {
    const v = responseValue(list.content);
    if (!isPlainObject(v)) continue;
    for (const records of Object.values(v)) {
      if (!Array.isArray(records)) continue;
      for (const r of records) {
        if (!isPlainObject(r)) continue;
        const label = [r.name, r.title, r.address].filter((x): x is string => typeof x === 'string').join(' | ');
        if (!label) continue;
        for (const id of Object.entries(r).filter(([k, x]) => /(^|_)id$|Id$/.test(k) && (typeof x === 'number' || typeof x === 'bigint' || typeof x === 'string')).map(([, x]) => x)) {
          const other = steps.find((s) => !s.simulated && isPlainObject(s.action.args) && Object.values(s.action.args).some((a) => sameId(a, id)));
          const facts = other && factsOfRecording(other.content);
          if (!facts || (!facts.name && !facts.town)) continue;
          inPopulation = true;
          const said = label.toLowerCase();
          if (facts.town && !said.includes(facts.town.toLowerCase())) return `${list.action.name} lists ${String(id)} as "${label.slice(0, 70)}", but the recorded ${other!.action.name} puts it in ${facts.town}`;
          if (!facts.town && facts.name && !said.includes(facts.name.toLowerCase())) return `${list.action.name} lists ${String(id)} as "${label.slice(0, 70)}", but the recorded ${other!.action.name} is about ${facts.name}`;
        }
      }
    }
  }
  return inPopulation ? null : undefined;
}

export const simulatedRecordContradictsRecording: CaseMeasure = {
  kind: 'case',
  id: 'simulated_record_contradicts_recording',
  group: 'solvable',
  title: 'a simulated list names or places a record otherwise than a recorded answer about the same id in the case (a search\'s "Charming house in Los Angeles" whose recorded details say "Home in Hawthorne")',
  population: 'T-Eval cases showing a simulated list record whose id a recorded answer in the case describes by name or town',
  check(tc, ctx) {
    if (tc.source === 'bfcl') return undefined;
    const steps = shownSteps(tc, ctx);
    if (!steps) return undefined;
    return recordContradictsRecording(steps.map((s) => ({ action: s.action, content: s.response!.content, simulated: s.response!.tier === 'simulated' })));
  },
};

/**
 * A simulated single-record answer that a later call (shown, or the ground truth) states otherwise:
 * the weather answer says "Partly cloudy" and the file the plan writes next says "Overall conditions:
 * Sunny"; the clock says "2020-09-29 05:30" and the slide "Date and Time: 2023-10-22 22:53". The plan
 * was recorded on the real answer, so the simulated one must give what it copies. A call's labelled
 * line (labelledFacts) is matched to the field its label names (factField) in each answer before it;
 * it is fine when any of those answers gives that value. `simulated` holds the contents of the answers
 * the simulator made; the erroneous call of an error case (its last assistant message) is not read.
 */
export function simulatedFactContradicted(messages: ChatMessage[], groundTruth: Action | Action[], simulated: Set<string>, end = messages.length): string | null | undefined {
  let inPopulation = false;
  for (const { action, at } of callsAt(messages, groundTruth, end)) {
    const listed = listContradicted(messages, action, at, simulated, end);
    if (listed) return listed;
    if (listed === null) inPopulation = true;
    const facts = labelledFacts(action);
    const texts = describedTexts(action);
    if (!facts.length && !texts.length) continue;
    const answers: { tool: string; fields: Record<string, unknown>; simulated: boolean }[] = [];
    for (let i = 1; i < Math.min(at, end); i++) {
      const m = messages[i];
      if (m.role !== 'function') continue;
      const v = parseToolResponse(m.content);
      if (!isPlainObject(v) || 'error' in v) continue;
      const fields = Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string' || typeof x === 'number'));
      const call = messages[i - 1].role === 'assistant' ? shownAction(messages[i - 1].content) : undefined;
      answers.push({ tool: call?.name ?? 'the tool', fields, simulated: simulated.has(m.content) });
    }
    for (const f of facts) {
      const held = answers.flatMap((a) => {
        const field = factField(f.label, Object.keys(a.fields));
        return field ? [{ ...a, field, value: a.fields[field] }] : [];
      });
      if (!held.length) continue;
      inPopulation = true;
      if (held.some((h) => sameFact(f.value, h.value))) continue;
      const sim = held.find((h) => h.simulated);
      if (sim) return `${sim.tool} answers ${sim.field} ${JSON.stringify(sim.value)}, but the later ${action.name} writes "${f.label}: ${f.value}"`;
    }
    // A record's own text copied whole under its label ("Overview: Cobb, a skilled thief…", a slide
    // titled "Summary"): the nearest answer before it with a field for such a text gave it.
    for (const t of texts) {
      const held = answers.flatMap((a) => {
        const field = textField(Object.keys(a.fields));
        return field ? [{ ...a, field, value: a.fields[field] }] : [];
      });
      if (!held.length) continue;
      inPopulation = true;
      if (held.some((h) => sameText(t.value, h.value))) continue;
      const sim = held[held.length - 1];
      if (sim.simulated) return `${sim.tool} answers ${sim.field} ${JSON.stringify(String(sim.value).slice(0, 60))}…, but the later ${action.name} writes "${t.label}: ${t.value.slice(0, 60)}…"`;
    }
    // The facts one argument states are about one record: a simulated record two of them agree with
    // holds the others too (the slide with its rating and coordinates also writes its type and capacity).
    for (const a of answers) {
      if (!a.simulated) continue;
      const why = laterFactContradiction(a.fields, [action]);
      if (why) return `${a.tool}: ${why}`;
    }
  }
  return inPopulation ? null : undefined;
}

/** Arguments that say where a search looks, not what it looks for. */
const WHERE_KEY = /place|location|city|address|start|end|origin|destination|region|country|lat|lon|radius/i;

/** The names of the records an answer's lists hold (search_nearby's places, a film list's titles). */
function listedRecordNames(v: unknown): string[] {
  return placesOf(v).flatMap((r) => ['name', 'title'].map((k) => r[k]).filter((x): x is string => typeof x === 'string'));
}

/**
 * A call's bulleted list of names under a heading ("Gas Stations Along the Route": BP, Shell, Exxon)
 * against the answers before it of a search for that kind (search_term "gas station"): every name
 * the call lists must be one some such answer found. Null when such an answer exists and holds them
 * all, undefined when the call lists nothing or no answer searched for its kind; the message names
 * the simulated answer that found other places.
 */
export function listContradicted(messages: ChatMessage[], action: Action, at: number, simulated: Set<string>, end = messages.length): string | null | undefined {
  let result: string | null | undefined;
  for (const list of listedNames(action)) {
    const answers: { tool: string; names: string[]; simulated: boolean }[] = [];
    for (let i = 1; i < Math.min(at, end); i++) {
      const m = messages[i];
      const call = m.role === 'function' && messages[i - 1].role === 'assistant' ? shownAction(messages[i - 1].content) : undefined;
      if (!call || !isPlainObject(call.args) || !/map|nearby|place/i.test(call.name)) continue;
      const what = Object.entries(call.args).filter(([k, x]) => typeof x === 'string' && !WHERE_KEY.test(k)).map(([, x]) => x as string);
      if (!searchedKindOf(what, list.heading)) continue;
      const names = listedRecordNames(parseToolResponse(m.content));
      if (names.length) answers.push({ tool: call.name, names, simulated: simulated.has(m.content) });
    }
    if (!answers.length) continue;
    const found = new Set(answers.flatMap((a) => a.names.map((n) => n.toLowerCase().trim())));
    const missing = list.names.filter((n) => !found.has(n.toLowerCase().trim()));
    const sim = answers.find((a) => a.simulated);
    if (missing.length && sim) return `${sim.tool} found ${sim.names.slice(0, 3).map((n) => JSON.stringify(n)).join(', ')}, but the later ${action.name} lists "${list.heading}": ${missing.slice(0, 3).join(', ')}`;
    result = null;
  }
  return result;
}

export const simulatedFactContradictedLater: CaseMeasure = {
  kind: 'case',
  id: 'simulated_fact_contradicted_later',
  group: 'solvable',
  title: 'a simulated answer gives a fact (a weather condition, a time, a count) or a list of places that a later call of the case, shown or the ground truth, writes otherwise ("overall": "Partly cloudy", then the file "Overall conditions: Sunny"), or a field of a record that a later argument stating two of its other fields writes otherwise (details "House", 4 where the slide with its rating and coordinates writes "Room in boutique hotel", "2 persons")',
  population: 'cases with a call writing a labelled fact ("Label: value") that a field of an earlier answer names, or a bulleted list of names under a heading ("Gas Stations Along the Route") that an earlier search for that kind answers',
  check(tc, ctx) {
    const simulated = new Set((shownSimulatedSteps(tc, ctx) ?? []).map((s) => s.response!.content));
    const end = tc.erroneousAction ? tc.messages.map((m) => m.role).lastIndexOf('assistant') : tc.messages.length;
    return simulatedFactContradicted(tc.messages, tc.groundTruth, simulated, end < 0 ? tc.messages.length : end);
  },
};

/**
 * Every tool answer a case shows is one the simulated-answer measures judge: a resolved step's answer
 * of its trajectory (shownSteps, with its tier) or the answer to the case's last call (the wrong call
 * of an internal error, the failure of an environment error; wrongCallAnswer). An answer that is
 * neither, such as one an evolved variant simulated again, would be shown to models and judged by no
 * measure of this file, so it is counted here, base and evolved alike.
 */
export function unattributedAnswer(tc: TestCase, ctx: QualityContext): string | null | undefined {
  const t = ctx.trajectory(tc.trajectoryId);
  const fns = tc.messages.map((m, i) => ({ m, i })).filter(({ m }) => m.role === 'function');
  if (!t || !fns.length) return undefined;
  const resolved = new Set(toolSteps(t).filter(({ k }) => k <= tc.k).map(({ step }) => step.response?.content));
  const lastCall = tc.erroneousAction || tc.environmentError ? fns[fns.length - 1].i : -1;
  for (const { m, i } of fns) {
    if (i === lastCall || resolved.has(m.content)) continue;
    return `message ${i + 1} shows an answer no resolved step of ${tc.trajectoryId} gave: ${m.content.slice(0, 80)}`;
  }
  return null;
}

export const shownAnswerUnattributed: CaseMeasure = {
  kind: 'case',
  id: 'shown_answer_unattributed',
  group: 'solvable',
  title: 'a case shows a tool answer before its last call that is no resolved step\'s answer (an evolved variant that simulated an answer again), so no simulated-answer measure judges it',
  population: 'cases showing at least one tool answer',
  check: unattributedAnswer,
};

/** The point a geocoding answer gives: latitude and longitude fields, or AMap's "lon,lat" string. */
function answeredPoint(v: unknown): { lat: number; lon: number } | undefined {
  if (!isPlainObject(v)) return undefined;
  if (typeof v.latitude === 'number' && typeof v.longitude === 'number') return { lat: v.latitude, lon: v.longitude };
  const m = typeof v.coordinate === 'string' ? /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(v.coordinate) : null;
  return m ? { lon: Number(m[1]), lat: Number(m[2]) } : undefined;
}

/**
 * A simulated geocoding answer that puts an address nobody can locate somewhere: "城市, 123号 主街"
 * (a stand-in for "city, No. 123 Main Street") at -34.3,-42.2 in the South Atlantic. A stand-in
 * address gets the map's "nothing found" answer, or the coordinates of the town the task names
 * (within 300 km of a place the user's request names). Calls naming a known place are other
 * measures' (simulated_path_unusable, simulated_contradicts_world).
 */
export function placeholderLocated(action: { name: string; args: unknown }, response: string, userText: string): string | null | undefined {
  if (!/coordinat|geocod/i.test(action.name) || !isPlainObject(action.args)) return undefined;
  const asked = Object.entries(action.args).find(([k, v]) => /address|location|place|query/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
  if (!asked || !isPlaceholderAddress(asked)) return undefined;
  const point = answeredPoint(parseToolResponse(response));
  if (!point) return null;
  const named = placesNamedIn(userText);
  if (named.some((p) => distanceKm(p, point) <= 300)) return null;
  return `${action.name}("${asked}") answers ${point.lat},${point.lon}, ${named.length ? `far from ${named[0].name}, the place the request names` : 'a place for an address the request never gives'}`;
}

export const simulatedPlaceholderLocated: CaseMeasure = {
  kind: 'case',
  id: 'simulated_placeholder_located',
  group: 'solvable',
  title: 'a simulated map answer gives coordinates for a stand-in address ("城市, 123号 主街", "123 Main Street, City") away from any place the request names (-34.3,-42.2: the South Atlantic)',
  population: 'cases showing a simulated geocoding answer to a stand-in address',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => placeholderLocated(step.action, step.response!.content, userText(tc))),
};

/** The titles and summaries of an answer (a paper's title and abstract, a result's snippet), wherever they sit. */
function proseOf(value: unknown, field = '', out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (/^(title|titles|summary|snipp?ets?|abstract|description|overview|content|text|body)$/i.test(field)) out.push(value);
  } else if (Array.isArray(value)) value.forEach((v) => proseOf(v, field, out));
  else if (isPlainObject(value)) Object.entries(value).forEach(([k, v]) => proseOf(v, k, out));
  return out;
}

/** The first title or summary of a simulated answer that takes its topic ungrammatically (topicPhrase.ts). */
export function titleUngrammatical(response: string): string | null | undefined {
  const texts = proseOf(responseValue(response)).filter((t) => /[A-Za-z]{3,}/.test(t));
  if (!texts.length) return undefined;
  for (const t of texts) {
    const why = ungrammaticalTopic(t);
    if (why) return why;
  }
  return null;
}

export const simulatedTitleUngrammatical: CaseMeasure = {
  kind: 'case',
  id: 'simulated_title_ungrammatical',
  group: 'text',
  title: 'a simulated title or summary takes its topic ungrammatically after a frame: a bare singular count noun ("Measuring the impact of statue") or a place glued to its subject ("Lessons from two decades of tourist attractions New York City")',
  population: 'cases showing a simulated answer with an English title, summary or snippet',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => titleUngrammatical(step.response!.content)),
};

/**
 * A simulated geocoding answer for a place the places table knows, asked by its name ("Times Square,
 * New York City"), more than half a kilometre from it (five from a town or a park, whose centroid is a few kilometres from any spot in it): a geocoder answers the place itself (40.758,
 * -73.9855), not a point 2 km off by the East River.
 */
export function geocodeOffPlace(action: { name: string; args: unknown }, response: string): string | null | undefined {
  if (!/coordinat|geocod/i.test(action.name) || !isPlainObject(action.args)) return undefined;
  const asked = Object.values(action.args).find((v): v is string => typeof v === 'string' && placeNamed(v) !== undefined);
  const place = asked ? placeNamed(asked) : undefined;
  if (!asked || !place || !asked.trim().toLowerCase().startsWith(place.name.toLowerCase())) return undefined;
  const point = answeredPoint(parseToolResponse(response));
  if (!point) return undefined;
  const km = distanceKm(point, place);
  // A town or a park is a wide place: its centroid is a few kilometres from any spot in it.
  // So is a district: a borough or a ward ("Queens, NY, United States" at 40.7598,-73.8173 is in Flushing, 4 km from the borough's centre).
  const wide = namesTown(place.name) || DISTRICTS.some((d) => d.names.test(place.name)) || /\b(park|national|forest|mountains?|valley|island|beach|bay)\b/i.test(place.name);
  return km > (wide ? 5 : 0.5) ? `${action.name}("${asked}") answers ${point.lat},${point.lon}, ${km.toFixed(1)} km from ${place.name}` : null;
}

export const simulatedGeocodeOffPlace: CaseMeasure = {
  kind: 'case',
  id: 'simulated_geocode_off_place',
  group: 'solvable',
  title: 'a simulated geocoding answer for a known place asked by name lies more than 0.5 km from it ("Times Square, New York City" at 40.744462,-73.965046, 1.9 km off)',
  population: 'cases showing a simulated geocoding answer for a place the places table knows, asked by its name',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => geocodeOffPlace(step.action, step.response!.content)),
};

export const SIMULATED_MEASURES: CaseMeasure[] = [shownAnswerUnattributed, simulatedAnswerUnaskedItems, simulatedTitleUngrammatical, simulatedGeocodeOffPlace, simulatedPlaceholderLocated, simulatedFactContradictedLater, simulatedNameLowercased, simulatedAnsweredInEnglish, simulatedAuthorsForeignToSubject, simulatedTextOffTopic, simulatedUnknownTitleInvented, simulatedSearchForIdInvents, simulatedStatusUnlikeRecorded, simulatedTitleTemplateMisfit, simulatedSearchNamesNone, simulatedSearchKindMisfit, simulatedSearchMadeUpPage, simulatedArxivPaperUnrecorded, simulatedScholarPaperUnrecorded, simulatedScholarRecordRepeated, simulatedCitationUnlikeScholar, simulatedJournalVolumeImpossible, simulatedSearchSaysNothing, simulatedVenueTemplated, simulatedScholarOffField, simulatedAbstractMisread, simulatedNewsHeadlineUnlikeSummary, simulatedRecordContradictsRecording, simulatedAuthorClaimsOthersPaper, repeatedReadAnsweredDifferently, simulatedUnknownRecordFound, simulatedAddressForeign, simulatedListingPlaceMismatch, simulatedListingPlaceRecorded, simulatedListingTitleOffPlace, simulatedSnippetAfterPublication, simulatedVenueMangled, simulatedPlaceholder, simulatedMixedTypes, simulatedRepeatedRecords, simulatedTextRepeated, simulatedListShort, simulatedWeatherImplausible, simulatedRecordSelfContradicted, simulatedFilmFactsDisagree, simulatedFilmRuntimeImplausible, simulatedContradictsWorld];

const HAN_CHAR = /\p{Script=Han}/u;

/** Per API, per list field, per record sub-field: is every recorded string value of it written in Chinese? */
type RecordedRecords = Map<string, Map<string, Map<string, boolean>>>;

/** The record fields the recorded answers of each API give, read from every resolved trajectory the cases were cut from (any step, shown or not). */
export function recordedRecordFieldsFor(cases: TestCase[], ctx: QualityContext): RecordedRecords {
  const out: RecordedRecords = new Map();
  for (const step of trajectorySteps(cases, ctx)) {
    if (step.response?.tier !== 'cache') continue;
    const v = parseToolResponse(step.response.content);
    if (!isPlainObject(v) || 'error' in v) continue;
    for (const [field, x] of Object.entries(v)) {
      if (!Array.isArray(x) || !x.length || !x.every(isPlainObject)) continue;
      const api = out.get(step.action.name) ?? out.set(step.action.name, new Map()).get(step.action.name)!;
      const subs = api.get(field) ?? api.set(field, new Map()).get(field)!;
      for (const r of x as Record<string, unknown>[]) {
        for (const [sub, y] of Object.entries(r)) {
          const zh = typeof y === 'string' ? HAN_CHAR.test(y) || !/[A-Za-z]/.test(y) : true;
          subs.set(sub, (subs.get(sub) ?? true) && zh);
        }
      }
    }
  }
  return out;
}

/**
 * A simulated answer's records unlike every recorded answer of the same API: a field the recorded
 * records never hold (Douban's now-playing films with a release day and a "want to watch" count,
 * which only its coming list gives), or English where the recorded records write Chinese (a Douban
 * film filed under "Comedy" in "Germany" where Douban writes 喜剧 and 德国). Undefined when no
 * recorded answer of the API lists records.
 */
export function recordsUnlikeRecorded(recorded: RecordedRecords, steps: { action: { name: string }; response?: { content: string } }[]): string | null | undefined {
  let inPopulation = false;
  for (const step of steps) {
    const fields = recorded.get(step.action.name);
    const v = step.response ? parseToolResponse(step.response.content) : undefined;
    if (!fields || !isPlainObject(v) || 'error' in v) continue;
    for (const [field, x] of Object.entries(v)) {
      const subs = fields.get(field);
      if (!subs || !Array.isArray(x)) continue;
      inPopulation = true;
      for (const r of x.filter(isPlainObject) as Record<string, unknown>[]) {
        for (const [sub, y] of Object.entries(r)) {
          if (!subs.has(sub)) return `${step.action.name}: a record of ${field} gives ${sub}, which no recorded answer's records hold (${[...subs.keys()].join(', ')})`;
          if (subs.get(sub) && typeof y === 'string' && /[A-Za-z]{2,}/.test(y) && !HAN_CHAR.test(y) && !/^https?:/.test(y)) return `${step.action.name}: ${field}[].${sub} is ${JSON.stringify(y)}; recorded answers write it in Chinese`;
        }
      }
    }
  }
  return inPopulation ? null : undefined;
}

export const simulatedRecordsUnlikeRecorded: SetMeasure = {
  kind: 'set',
  id: 'simulated_records_unlike_recorded',
  group: 'solvable',
  title: 'share of cases showing a simulated list whose records hold a field no recorded answer of that API holds, or English where its recorded records write Chinese (Douban\'s now-playing films dated 2023-12-20 with a "want to watch" count; "cate": "Comedy")',
  population: 'cases showing a simulated answer listing records of an API whose recorded answers (in any resolved trajectory of a shipped case) list records',
  better: 'lower',
  score(cases, ctx) {
    const recorded = recordedRecordFieldsFor(cases, ctx);
    let n = 0;
    let defective = 0;
    const examples: { id: string; detail: string }[] = [];
    for (const tc of cases) {
      const why = recordsUnlikeRecorded(recorded, shownSimulatedSteps(tc, ctx) ?? []);
      if (why === undefined) continue;
      n++;
      if (why) {
        defective++;
        if (examples.length < 3) examples.push({ id: tc.id, detail: why });
      }
    }
    return n ? { value: defective / n, n, detail: `${defective} of ${n} cases`, examples } : undefined;
  },
};

type Shape = 'one' | 'values' | 'records';
const SHAPE_WORDS: Record<Shape, string> = { one: 'one value', values: 'a list of bare values', records: 'a list of records' };

/** A field's shape: one value, a list of bare values, a list of records; undefined for an empty or mixed list (nothing to compare). */
export function shapeOf(x: unknown): Shape | undefined {
  if (!Array.isArray(x)) return 'one';
  if (!x.length) return undefined;
  if (x.every(isPlainObject)) return 'records';
  return x.some((y) => isPlainObject(y) || Array.isArray(y)) ? undefined : 'values';
}

/**
 * A simulated answer gives a field another shape than every recorded answer of the same API the
 * shipped cases show: one citation count beside three papers where Google Scholar answers one
 * count per paper. The recorded answers are read from the cases themselves (cache-tier answers).
 */
export const simulatedShapeUnlikeRecorded: SetMeasure = {
  kind: 'set',
  id: 'simulated_shape_unlike_recorded',
  group: 'solvable',
  title: 'share of cases showing a simulated answer that holds a field as one value where every recorded answer of that API the cases show holds a list (or the reverse), or as a list of bare values where they list records (TMDB genres [\'Action\', \'Thriller\'] beside recorded [{\'id\': 28, \'name\': \'Action\'}]; arXiv papers as records where the recordings write one text; a day\'s availability as one flag), or the reverse; or under the doc\'s misspelt name where the recordings give the real one ("snipets" beside "snippets")',
  population: 'cases showing a simulated answer of an API some shipped case shows a recorded answer of',
  better: 'lower',
  score(cases, ctx) {
    const recorded = new Map<string, Map<string, Set<Shape>>>();
    for (const tc of cases) {
      for (const step of shownSteps(tc, ctx) ?? []) {
        if (step.response?.tier !== 'cache') continue;
        const v = parseToolResponse(step.response.content);
        if (!isPlainObject(v) || 'error' in v) continue;
        const fields = recorded.get(step.action.name) ?? recorded.set(step.action.name, new Map()).get(step.action.name)!;
        for (const [k, x] of Object.entries(v)) {
          const shape = shapeOf(x);
          if (shape) (fields.get(k) ?? fields.set(k, new Set()).get(k)!).add(shape);
        }
      }
    }
    let n = 0;
    let defective = 0;
    const examples: { id: string; detail: string }[] = [];
    for (const tc of cases) {
      let inPopulation = false;
      let why: string | undefined;
      for (const step of shownSimulatedSteps(tc, ctx) ?? []) {
        const fields = recorded.get(step.action.name);
        const v = parseToolResponse(step.response!.content);
        if (!fields || !isPlainObject(v) || 'error' in v) continue;
        inPopulation = true;
        for (const [k, x] of Object.entries(v)) {
          const shapes = fields.get(k);
          // The doc's misspelt name where the recordings give the real one ("snipets" beside "snippets").
          const named = shapes ? undefined : [...fields.keys()].find((r) => !(r in v) && sameFieldName(k, r));
          if (named) why ??= `${step.action.name}: "${k}" where recorded answers write "${named}"`;
          const shape = shapeOf(x);
          if (!shapes || shapes.size !== 1 || !shape || shapes.has(shape)) continue;
          const [theirs] = [...shapes];
          // One value where recorded answers hold a list (or the reverse); or a list of bare values where they list records (TMDB's genres ['Action'] beside [{'id': 28, 'name': 'Action'}]), or the reverse.
          if (shape === 'one' || theirs === 'one' || shape === 'values' || theirs === 'values') {
            why ??= `${step.action.name}: ${k} is ${SHAPE_WORDS[shape]}; recorded answers hold ${SHAPE_WORDS[theirs]}`;
          }
        }
      }
      if (!inPopulation) continue;
      n++;
      if (why) {
        defective++;
        if (examples.length < 3) examples.push({ id: tc.id, detail: why });
      }
    }
    return n ? { value: defective / n, n, detail: `${defective} of ${n} cases`, examples } : undefined;
  },
};
