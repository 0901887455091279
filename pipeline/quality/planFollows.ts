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
  /** 'drops': the step leaves out the folder the request names; 'adds': it puts in a folder the request never names; 'other': another folder. */
  how: 'drops' | 'adds' | 'other';
}

/**
 * Does a path a step passes keep the folder the request gives the file? Only a file the request names
 * is judged: "Delivery_Distance.txt" for "a file named 'Delivery_Distance.txt' in the path \"outputs\""
 * drops the folder; "/home/documents/agenda.txt" for "a file located at '/outputs/agenda.txt'" puts it
 * in another; "outputs/notes.txt" where the request names "notes.txt" and no folder adds one.
 */
export function pathMismatch(request: string, path: string, given = requestedPaths(request)): PathMismatch | undefined {
  const value = path.trim();
  // A whole path the request writes out is what it asks for; a bare name it writes may still have a folder given beside it.
  if (!value || (dirOf(value) && namesPath(request, value))) return undefined;
  const name = baseName(value).toLowerCase();
  if (!given.has(name)) {
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
