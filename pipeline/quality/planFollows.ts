/**
 * Does a T-Eval plan's step follow from what the case shows? Four ways a recorded plan does not,
 * shared by standardize (which repairs the step or turns the plan down) and the gt_* measures (which
 * count what reaches the cases), so the two agree:
 *
 * - a specific a text argument carries that nothing before it shows: 369_2's email reads "Flight
 *   Number: XYZ123 … Booking Reference: 123456" for "include … flight number and hotel booking
 *   details" the user never gave (inventedSpecifics);
 * - a condition nothing the plan checks decides: 339_0 attaches 'Agenda.pdf' "if there is an
 *   attachment named 'Agenda.pdf'", and no answer shows one (undecidedCondition);
 * - a route or distance endpoint the request names as a place the plan holds ("between the first
 *   property and the nearest restaurant") passed as the city the search ran in (91_0: start="New
 *   York, NY, United States") (cityForNamedEndpoint);
 * - a file read before the plan writes it (44_0 sends outputs/Product_Presentation.ppt as an
 *   attachment, then creates it) (readBeforeWrite);
 * - a closing before the request is done: the plan runs A then B for each of several things and
 *   stops after A on the last (208_0: get_author_id then get_author_information for two authors,
 *   get_author_id alone for the third) (stopsMidPattern).
 */
import { namesPath, pathRole } from '../errors/pathKinds.js';
import { isPlainObject } from '../errors/values.js';
import type { ToolDoc } from '../schemas.js';

export interface PlanCall {
  name: string;
  args: unknown;
}

const TEXT_KEY = /^(?:body|content|text|message|bullet_?items|bullets|description|summary)$/i;
/** A code of capitals and digits ("XYZ123", "UA837", "B101"): letters and a digit, four characters at least. */
const CODE = /(?<![\w./-])(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z][A-Z0-9-]{2,}(?![\w-])/g;
/** A value under a label that asks for a specific ("Flight Number: 123456", "Booking Reference: 1A2B", "Hotel Name: ABC Hotel"). */
const LABELLED = /\b((?:flight|booking|confirmation|reservation|order|ticket|tracking|reference|account|invoice)(?: (?:number|no\.?|reference|code|id))?|hotel name|booking reference)\s*[:#]\s*([^\n,;]{2,40})/gi;
/** A placeholder company or place name a plan makes up ("ABC Hotel", "XYZ Airlines"). */
const MADE_UP_NAME = /\b(?:ABC|XYZ|Acme)(?: [A-Z][a-z]+)+/g;

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');

/**
 * The specifics a text argument carries that `shown` (the user's words and the answers before the
 * step) does not: a code, a labelled number or reference, a made-up name.
 */
export function inventedSpecifics(args: unknown, shown: string): { key: string; value: string }[] {
  if (!isPlainObject(args)) return [];
  const seen = norm(shown);
  const out: { key: string; value: string }[] = [];
  for (const [key, v] of Object.entries(args)) {
    if (typeof v !== 'string' || !TEXT_KEY.test(key)) continue;
    const found = new Set<string>();
    for (const m of v.matchAll(CODE)) if (/[A-Z]/.test(m[0]) && /\d/.test(m[0])) found.add(m[0]);
    for (const m of v.matchAll(LABELLED)) {
      const value = m[2].trim().replace(/[.\s]+$/, '');
      if (/\d/.test(value) || /^(?:ABC|XYZ)\b/.test(value)) found.add(value);
    }
    for (const m of v.matchAll(MADE_UP_NAME)) found.add(m[0]);
    for (const value of found) if (!seen.includes(norm(value))) out.push({ key, value });
  }
  return out;
}

/** "If there is an attachment named 'Agenda.pdf', please attach it": the name the condition asks about. */
const NAMED_IF = /\bif (?:there (?:is|are)|there's) (?:an? |any )?(?:\w+ ){0,3}(?:named|called|titled) ['"‘“]([^'"’”]+)['"’”]/i;
const EXISTS_IF = /\bif ['"‘“]([^'"’”]+)['"’”] (?:exists|is there|is available|is attached)/i;

/**
 * A condition on a named thing ("if there is an attachment named 'Agenda.pdf'") that the plan acts on
 * (a step passes the name) though no answer before that step shows the name: nothing the case
 * shows decides it. Returns the name and the step, or undefined.
 */
/** The name a request's condition on a named thing asks about ("Agenda.pdf"), or undefined. */
export function namedCondition(request: string): string | undefined {
  return (NAMED_IF.exec(request) ?? EXISTS_IF.exec(request))?.[1].trim();
}

export function undecidedCondition(request: string, steps: readonly (PlanCall & { response?: string })[]): { name: string; at: number } | undefined {
  const name = namedCondition(request);
  if (name === undefined) return undefined;
  const at = steps.findIndex((s) => isPlainObject(s.args) && Object.values(s.args).some((v) => typeof v === 'string' && norm(v).includes(norm(name))));
  if (at < 0) return undefined;
  const answered = steps.slice(0, at).some((s) => s.response !== undefined && norm(s.response).includes(norm(name)));
  return answered ? undefined : { name, at };
}

/** "distance between the first property and …", "a driving route from the property to …": the endpoint the request names. */
const NAMED_ENDPOINT = /\b(?:distance|route|directions?)\b[^.?!]*?\b(?:between|from) (?:the |my |this )?((?:first |second |third )?(?:property|hotel|accommodation|apartment|listing|house))\b/i;
/** Does the request name a place the plan finds as a route's or distance's start ("between the first property and …")? */
export const namesEndpoint = (request: string): boolean => NAMED_ENDPOINT.test(request);
export const ENDPOINT_TOOL = /get_distance|get_route|directions/i;
const LAT = /^(?:lat|latitude)$/i;
const LON = /^(?:lon|lng|long|longitude)$/i;

export interface EndpointRepair {
  /** The step whose endpoint is the city. */
  at: number;
  key: string;
  city: string;
  /** The coordinates an earlier step of the plan took for the named place ("40.71806,-74.00095"), if any. */
  coordinates?: string;
}

/**
 * Route and distance steps whose start the request names as a place the plan found ("between the
 * first property and the nearest restaurant") but which pass the city an earlier search ran in
 * (91_0: start="New York, NY, United States", the `places` of its search_nearby). The coordinates
 * the plan itself took for that place (search_nearby's latitude / longitude) are what the step
 * should start from.
 */
export function cityForNamedEndpoint(request: string, steps: readonly PlanCall[]): EndpointRepair[] {
  if (!namesEndpoint(request)) return [];
  // The places the plan's searches ran in: a city, not a property.
  const cities = new Set<string>();
  let coordinates: string | undefined;
  const out: EndpointRepair[] = [];
  for (const [i, s] of steps.entries()) {
    if (!isPlainObject(s.args)) continue;
    if (ENDPOINT_TOOL.test(s.name)) {
      const start = s.args.start ?? s.args.origin ?? s.args.from;
      const key = 'start' in s.args ? 'start' : 'origin' in s.args ? 'origin' : 'from';
      if (typeof start === 'string' && cities.has(norm(start))) out.push({ at: i, key, city: start, ...(coordinates ? { coordinates } : {}) });
      continue;
    }
    for (const [k, v] of Object.entries(s.args)) if (typeof v === 'string' && /^(?:place|places|city|location)$/i.test(k)) cities.add(norm(v));
    const lat = Object.entries(s.args).find(([k, v]) => LAT.test(k) && typeof v === 'number')?.[1];
    const lon = Object.entries(s.args).find(([k, v]) => LON.test(k) && typeof v === 'number')?.[1];
    if (lat !== undefined && lon !== undefined && coordinates === undefined) coordinates = `${lat},${lon}`;
  }
  return out;
}

/** The file paths a call writes (create_file's abs_location) or reads (read_file's file_path, an attachment). */
function pathsOf(call: PlanCall, tools: readonly ToolDoc[], role: 'output' | 'input'): string[] {
  const doc = tools.find((t) => t.name === call.name);
  if (!doc || !isPlainObject(call.args)) return [];
  const out: string[] = [];
  for (const p of [...doc.required_parameters, ...doc.optional_parameters]) {
    const v = call.args[p.name];
    const r = pathRole(doc, p);
    if (typeof v === 'string' && v.trim() && r !== undefined && (role === 'output' ? r === 'output' : r !== 'output')) out.push(v.trim());
  }
  return out;
}

/** A step that reads (or attaches) a file only a later step of the plan writes: its index and the path. */
export function readBeforeWrite(steps: readonly PlanCall[], tools: readonly ToolDoc[]): { at: number; path: string } | undefined {
  for (const [i, s] of steps.entries()) {
    for (const path of pathsOf(s, tools, 'input')) {
      const writtenBefore = steps.slice(0, i).some((x) => pathsOf(x, tools, 'output').includes(path));
      const writtenAfter = steps.slice(i + 1).some((x) => pathsOf(x, tools, 'output').includes(path));
      if (writtenAfter && !writtenBefore) return { at: i, path };
    }
  }
  return undefined;
}

/**
 * A turn that runs A then B on each of several things and ends after A on the last, where B takes
 * what A returns and is listed (T-Eval 208_0: get_author_id then get_author_information for Seng W.
 * Loke and Seth Lloyd, get_author_id alone for Zeqian Chen, then the closing, for a request asking
 * each author's affiliation, articles and website). The closing comes with the request half done,
 * so no case may expect it. Returns the unpaired A's index and B's name.
 */
export function stopsMidPattern(steps: readonly PlanCall[], tools: readonly ToolDoc[]): { at: number; missing: string } | undefined {
  const last = steps.length - 1;
  if (last < 4) return undefined;
  const a = steps[last].name;
  const earlier = steps.slice(0, last).flatMap((s, i) => (s.name === a ? [i] : []));
  if (earlier.length < 2) return undefined;
  const b = steps[earlier[0] + 1]?.name;
  if (!b || b === a || !earlier.every((i) => steps[i + 1]?.name === b)) return undefined;
  // B takes what A returns (a documented return of A is a parameter B requires): the two are one job per thing, not two asks.
  const docA = tools.find((t) => t.name === a);
  const docB = tools.find((t) => t.name === b);
  if (!docA || !docB) return undefined;
  const returns = new Set(docA.return_data.map((r) => r.name.toLowerCase()));
  return docB.required_parameters.some((p) => returns.has(p.name.toLowerCase())) ? { at: last, missing: b } : undefined;
}

/**
 * The folder a request gives a file it names. T-Eval 275_1 asks to "save this information in a file
 * named 'Delivery_Distance.txt' in the path \"outputs\"", and its plan writes "Delivery_Distance.txt";
 * 54_0 keeps "a file titled 'weather.txt',save it to outputs location" and reads "weather.txt" back.
 * FileOperation's file_path is "The path of the file.", and T-Eval's plans join a folder and a name
 * with "/" ("outputs/journal.txt" for "a file named 'journal.txt' in the 'outputs' directory").
 */
const FILE_NAME = /(?<![\w.\\-])([\w\u4e00-\u9fff][\w\u4e00-\u9fff-]*\.(?:txt|pptx?|pdf|docx?|csv|json|md|xlsx?|png|jpe?g|gif|html?|xml|log|zip))(?![\w/\\-])/gi;
/** A folder as the request writes it: quoted ('outputs', "outputs", `outputs/`) or bare before "folder", "directory", "location" or "path". */
const Q_OPEN = `['"\`‘“]`;
const Q_CLOSE = `['"\`’”]`;
const FOLDER_WORD = '(?:folder|directory|dir|location|path)';
const FOLDER_NAME = `([\\w~.][\\w~./-]*?)\\/?`;
/** "… in the path "outputs"", "… in 'outputs' location", "… in the 'outputs' directory", "… in 'outputs/'". */
const FOLDER_AFTER = new RegExp(`^${Q_CLOSE}?,?\\s+(?:(?:and\\s+)?(?:save|saved|store|stored|put|keep|place|placed)\\s+(?:it\\s+)?)?(?:in|into|inside|under|within|to|at)\\s+(?:the\\s+|my\\s+|an?\\s+)?(?:${FOLDER_WORD}\\s+(?:of\\s+)?)?(?:${Q_OPEN}${FOLDER_NAME}${Q_CLOSE}(?:\\s+${FOLDER_WORD}\\b)?|${FOLDER_NAME}\\s+${FOLDER_WORD}\\b)`, 'i');
/** A folder the request gives in a sentence of its own or after the file's clause: "save it to outputs location", "All documents should be saved to outputs location". */
const FOLDER_STATEMENT = new RegExp(`\\b(?:save|saved|store|stored|put|keep|place|placed|write|written)\\s+(?:(?:it|them|this|these|the files?|everything|all(?: of)? (?:it|them))\\s+)?(?:in|into|inside|under|within|to|at)\\s+(?:the\\s+|my\\s+|an?\\s+)?(?:${FOLDER_WORD}\\s+)?(?:${Q_OPEN}${FOLDER_NAME}${Q_CLOSE}(?:\\s+${FOLDER_WORD}\\b)?|${FOLDER_NAME}\\s+${FOLDER_WORD}\\b)`, 'gi');
/** "All documents should be saved to …", "every file …": the statement covers every file the request names. */
const ALL_FILES = /\b(?:all|every|each|both)\s+(?:of\s+the\s+)?(?:documents?|files?|reports?|outputs?)\b/i;

const baseName = (path: string): string => path.replace(/\\/g, '/').split('/').pop() ?? path;
const dirOf = (path: string): string => { const p = path.replace(/\\/g, '/'); const at = p.lastIndexOf('/'); return at < 0 ? '' : p.slice(0, at); };
const sentencesOf = (text: string): string[] => text.split(/(?<=[.?!])\s+(?=[A-Z])|\n+/).filter((s) => s.trim());

export interface RequestedPath {
  /** The path the request's words give the file. */
  path: string;
  /** The words that give it ("'Delivery_Distance.txt' in the path \"outputs\""). */
  words: string;
}

/**
 * The paths a request's words give the files it names by their names, by file name (lower case): a
 * whole path ("save it at 'outputs/deck.pptx'"), a name with its folder ("a file named 'x.txt' in
 * the 'outputs' folder"), or a name and a folder statement of its sentence ("in a file titled
 * 'weather.txt',save it to outputs location") or of the whole request ("All documents should be
 * saved to outputs location"). A name the request gives two different paths maps to undefined.
 */
export function requestedPaths(request: string): Map<string, RequestedPath | undefined> {
  const out = new Map<string, RequestedPath | undefined>();
  const give = (name: string, p: RequestedPath) => {
    const key = name.toLowerCase();
    if (!out.has(key)) out.set(key, p);
    else if (out.get(key) !== undefined && out.get(key)!.path !== p.path) out.set(key, undefined);
  };
  const statements = [...request.matchAll(FOLDER_STATEMENT)];
  const wholeRequest = statements.filter((m) => ALL_FILES.test(sentencesOf(request).find((s) => s.includes(m[0])) ?? ''));
  for (const sentence of sentencesOf(request)) {
    const ownStatement = [...sentence.matchAll(FOLDER_STATEMENT)];
    for (const m of sentence.matchAll(FILE_NAME)) {
      const name = m[1];
      const at = m.index! + m[0].length;
      // A whole path: the name with folders before it.
      const before = sentence.slice(0, m.index!);
      const lead = /((?:[\w~.]|\/)[\w~./\\-]*[/\\])$/.exec(before);
      if (lead) { give(name, { path: lead[1] + name, words: lead[1] + name }); continue; }
      const after = FOLDER_AFTER.exec(sentence.slice(at));
      const folder = after ? (after[1] ?? after[2]) : undefined;
      if (folder && !/\.[A-Za-z0-9]{2,5}$/.test(folder)) { give(name, { path: `${folder.replace(/\/+$/, '')}/${baseName(name)}`, words: sentence.slice(m.index!, at + after![0].length).trim() }); continue; }
      const stated = ownStatement.length === 1 ? ownStatement[0] : wholeRequest.length === 1 ? wholeRequest[0] : undefined;
      const sf = stated ? (stated[1] ?? stated[2]) : undefined;
      if (stated && sf && !/\.[A-Za-z0-9]{2,5}$/.test(sf)) give(name, { path: `${sf.replace(/\/+$/, '')}/${name}`, words: stated[0].trim() });
    }
  }
  return out;
}

export interface PathMismatch {
  /** The path the step passes. */
  path: string;
  /** The path the request's words give it. */
  requested: string;
  words: string;
  /** 'drops': the step leaves out the folder the request names; 'adds': it puts in a folder the request never names; 'other': another folder; 'extension': another extension of the same kind ("Daily_Journal.pptx" for 'Daily_Journal.ppt'). */
  how: 'drops' | 'adds' | 'other' | 'extension';
}

/**
 * Does a path a step passes keep the folder the request gives the file? Only a file the request names
 * is judged: "Delivery_Distance.txt" for "a file named 'Delivery_Distance.txt' in the path \"outputs\""
 * drops the folder; "/home/documents/agenda.txt" for "a file located at '/outputs/agenda.txt'" puts it
 * in another; "outputs/notes.txt" where the request names "notes.txt" and no folder adds one;
 * "outputs/Daily_Journal.pptx" for 'Daily_Journal.ppt' in the 'outputs' directory changes the extension.
 */
export function pathMismatch(request: string, path: string, given = requestedPaths(request)): PathMismatch | undefined {
  const value = path.trim();
  // A whole path the request writes out is what it asks for; a bare name it writes may still have a folder given beside it.
  if (!value || (dirOf(value) && namesPath(request, value))) return undefined;
  const name = baseName(value).toLowerCase();
  if (!given.has(name)) {
    // The name the request gives with another extension of the same kind (420_0: "outputs/Daily_Journal.pptx" for "Save the PowerPoint presentation as 'Daily_Journal.ppt' in the 'outputs' directory").
    const asked = requestedExtension(request, value);
    if (asked) {
      const r = given.get(asked.toLowerCase());
      const requested = r?.path ?? (dirOf(value) ? `${dirOf(value)}/${asked}` : asked);
      return { path: value, requested, words: r?.words ?? asked, how: 'extension' };
    }
    // A name the request gives with no folder, passed under one the request never names.
    const dir = dirOf(value);
    const said = [...request.matchAll(FILE_NAME)].some((m) => m[1].toLowerCase() === name && !/[\w~.][/\\]$/.test(request.slice(0, m.index!)));
    if (dir && said && !request.toLowerCase().includes(dir.replace(/^\/+/, '').toLowerCase())) return { path: value, requested: baseName(value), words: baseName(value), how: 'adds' };
    return undefined;
  }
  const r = given.get(name);
  if (r === undefined || r.path === value) return undefined;
  const how = !dirOf(value) ? 'drops' : !dirOf(r.path) ? 'adds' : 'other';
  return { path: value, requested: r.path, words: r.words, how };
}

/**
 * A step with a side effect the request never asks for: a file written, a presentation made, a
 * message sent or a room reserved that nothing the user said calls for. T-Eval's recorded plans
 * carry such steps as ground truth, so a model that does only what was asked would be scored wrong:
 *
 * - a file the request never names, where it asks for no file beyond the ones it names (134_2
 *   writes "outputs/query_summary.txt" for a request that asks only for
 *   'outputs/MiamiProperties.ppt'; 392_1 writes "movie_details.txt" for a request that asks to be
 *   told things) ('unnamed_file');
 * - a presentation for a request that asks for none (413_0 creates "outputs/director_summary.pptx"
 *   for "write a short summary … to the file at `outputs/director_summary.txt`") ('no_presentation');
 * - plain text written over the presentation the plan created (134_0 writes the read-me's text into
 *   "outputs/ParisTrip.ppt" after PPT.create_file made it) ('text_over_presentation');
 * - a file the plan read as its input written over, where the request never asks to change that
 *   file (53_2 writes "data_v2/template_data/hotel.txt" after reading it) ('overwrites_input');
 * - a message sent or a room reserved for a request that asks for neither (174_1 reserves room 102
 *   for a request about properties, supermarkets, schools and parks) ('send_not_asked', 'reserve_not_asked').
 *
 * A write the request asks for in other words ("keep a record of the chosen property details",
 * "create a new text file", "note down", "save it") is not flagged.
 */
export type UnrequestedWhy = 'unnamed_file' | 'no_presentation' | 'text_over_presentation' | 'overwrites_input' | 'send_not_asked' | 'reserve_not_asked';

export interface UnrequestedWrite {
  /** The step (index into the steps given). */
  at: number;
  name: string;
  /** The file it writes, if it writes one. */
  path?: string;
  why: UnrequestedWhy;
  /** Later steps that only build on it (the pages of a presentation nobody asked for): they go with it. */
  dependents: number[];
  /** A later step that takes what it made (a read of the file it wrote): the step cannot simply be left out. */
  neededBy?: number;
}

/** Extensions that name one kind of file ("Daily_Journal.ppt" and "Daily_Journal.pptx" are the same ask). */
const SIBLING_EXT: readonly (readonly string[])[] = [['ppt', 'pptx'], ['doc', 'docx'], ['xls', 'xlsx'], ['jpg', 'jpeg'], ['htm', 'html']];
const extOf = (name: string): string => (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? '').toLowerCase();
const stemOf = (name: string): string => name.replace(/\.[a-z0-9]+$/i, '').toLowerCase();
const siblings = (a: string, b: string): boolean => a !== b && SIBLING_EXT.some((g) => g.includes(a) && g.includes(b));

/** The file names a request gives (lower case, without folders). */
export function namedFiles(request: string): string[] {
  return [...request.matchAll(FILE_NAME)].map((m) => m[1].toLowerCase());
}

/** The name the request gives a file that `path` names with another extension of the same kind ("Daily_Journal.ppt" for "outputs/Daily_Journal.pptx"), if any. */
export function requestedExtension(request: string, path: string): string | undefined {
  const name = baseName(path.trim());
  const lower = name.toLowerCase();
  const named = [...request.matchAll(FILE_NAME)].map((m) => m[1]);
  if (named.some((n) => n.toLowerCase() === lower)) return undefined;
  const same = [...new Set(named.filter((n) => stemOf(n) === stemOf(lower) && siblings(extOf(n), extOf(lower))))];
  return same.length === 1 ? same[0] : undefined;
}

const PRESENTATION_EXT = /\.pptx?$/i;
const PRESENTATION_WORDS = /\b(?:presentations?|power ?points?|pptx?|slides?|slideshows?|decks?)\b/i;
/** A request asking for a file in other words than its name ("keep a record of", "create a new text file", "note down", "save it", "write … to a file"). */
const WRITE_ASK = /\b(?:save|saving|saved|write|written|writing|record|records|recording|document|documenting|note (?:it |them |this |that )?down|jot|store|storing|log|logging|keep (?:a |the )?(?:copy|record|note|log)|file|files|txt|text file)\b/i;
const CHANGE_ASK = /\b(?:update|updating|modify|modifying|edit|editing|append|appending|overwrite|overwriting|rewrite|revise|replace|replacing|correct|fix|add (?:\w+ ){0,4}(?:to|into) (?:it|the file|this file))\b/i;
const SEND_ASK = /\b(?:e-?mails?|mail|send|sending|forward|reply|notify|message|inform)\b/i;
const RESERVE_ASK = /\b(?:reserv\w*|book\w*|secure|securing|schedul\w*|arrange|set up|hold)\b/i;
const SEND_TOOL = /(?:^|\.)(?:send|send_\w+|reply|forward|post)\w*$/i;
const RESERVE_TOOL = /(?:^|\.)(?:reserve|book)\w*$/i;
const CREATE_TOOL = /(?:^|\.)create\w*$/i;

const toolkitOf = (name: string): string => (name.includes('.') ? name.slice(0, name.indexOf('.')) : '');
const stringsOf = (args: unknown): string[] => (isPlainObject(args) ? Object.values(args).flatMap((v) => (typeof v === 'string' ? [v] : typeof v === 'number' ? [String(v)] : [])) : []);

/** The side-effect steps among `steps` that the request never asks for (see UnrequestedWhy). */
export function unrequestedWrites(request: string, steps: readonly PlanCall[], tools: readonly ToolDoc[]): UnrequestedWrite[] {
  const out: UnrequestedWrite[] = [];
  const named = namedFiles(request);
  const sentences = sentencesOf(request);
  // What the request asks once the sentences about the files it names are set aside ("save it to 'outputs/MiamiProperties.ppt'" asks for that file, no other).
  const hasFile = new RegExp(FILE_NAME.source, 'i');
  const otherAsk = sentences.filter((x) => !hasFile.test(x)).join(' ');
  const namesFile = (path: string): boolean => {
    const b = baseName(path).toLowerCase();
    return named.includes(b) || named.some((n) => stemOf(n) === stemOf(b) && siblings(extOf(n), extOf(b)));
  };
  const neededLater = (i: number, values: string[], skip: ReadonlySet<number> = new Set()): number | undefined => {
    for (let j = i + 1; j < steps.length; j++) {
      if (skip.has(j)) continue;
      if (values.some((v) => v.length > 1 && stringsOf(steps[j].args).some((s) => (v.includes('/') || v.includes('.') ? namesPath(s, v) : s.trim() === v)))) return j;
    }
    return undefined;
  };
  for (const [i, s] of steps.entries()) {
    const written = pathsOf(s, tools, 'output');
    if (written.length) {
      const path = written[0];
      const deck = CREATE_TOOL.test(s.name) && PRESENTATION_EXT.test(path);
      let why: UnrequestedWhy | undefined;
      if (namesFile(path)) {
        const createdBefore = steps.slice(0, i).some((x) => x.name !== s.name && pathsOf(x, tools, 'output').includes(path));
        const readBefore = steps.slice(0, i).some((x) => pathsOf(x, tools, 'input').includes(path));
        if (!deck && PRESENTATION_EXT.test(path) && createdBefore) why = 'text_over_presentation';
        else if (!deck && readBefore && !createdBefore && !sentences.some((x) => namesPath(x, path) && CHANGE_ASK.test(x))) why = 'overwrites_input';
      } else if (deck || PRESENTATION_EXT.test(path)) {
        if (!PRESENTATION_WORDS.test(request)) why = 'no_presentation';
        else if (named.some((n) => PRESENTATION_EXT.test(n))) why = 'unnamed_file';
      } else if (!WRITE_ASK.test(otherAsk)) why = 'unnamed_file';
      if (!why) continue;
      // A presentation's pages, images and save build on it: they go with it, up to the next one the toolkit makes.
      const dependents: number[] = [];
      if (deck) {
        for (let j = i + 1; j < steps.length && toolkitOf(steps[j].name) === toolkitOf(s.name) && !CREATE_TOOL.test(steps[j].name); j++) {
          if (pathsOf(steps[j], tools, 'output').length) break;
          dependents.push(j);
        }
      }
      // A later read of the file takes what the step wrote; the presentation a text was written over is there without it.
      const neededBy = why === 'text_over_presentation' ? undefined : why === 'overwrites_input' ? steps.findIndex((x, j) => j > i && pathsOf(x, tools, 'input').includes(path)) : neededLater(i, written, new Set(dependents));
      out.push({ at: i, name: s.name, path, why, dependents, ...(neededBy !== undefined && neededBy >= 0 ? { neededBy } : {}) });
      continue;
    }
    if (SEND_TOOL.test(s.name) && !SEND_ASK.test(request)) out.push({ at: i, name: s.name, why: 'send_not_asked', dependents: [] });
    else if (RESERVE_TOOL.test(s.name) && !RESERVE_ASK.test(request)) {
      const neededBy = neededLater(i, stringsOf(s.args).filter((v) => !/^\d{1,2}:\d{2}$/.test(v)));
      out.push({ at: i, name: s.name, why: 'reserve_not_asked', dependents: [], ...(neededBy !== undefined ? { neededBy } : {}) });
    }
  }
  return out;
}
