/**
 * Grounding: is every value a ground truth needs visible in what the case shows?
 *
 * A model can only be asked to produce an id, a coordinate, a name or a number that a user turn,
 * a tool doc or an earlier tool response gives it. Free text a model composes (a query, an email
 * body) is not checked: it has no single right spelling to find. Shared by the resolve stage
 * (which values a simulated response must carry), assemble (which cases to reject) and the
 * quality report (how many cases break it).
 */
import { FINISH_ACTION, type Action, type ChatMessage } from '../schemas.js';

export interface NeededValue {
  /** The argument that takes it. */
  key: string;
  value: unknown;
  /** For a number written inside a free-text argument: the words before it ("Average temperature"). */
  label?: string;
}

export interface UngroundedValue extends NeededValue {
  /** The ground-truth action that uses it. */
  action: string;
}

/** Argument names whose string values are ids, names or coordinates: taken from somewhere, never composed. */
// Tickers are left out (a model may know NVDA for Nvidia), and titles, which a model composes (a slide's, an email's).
const TAKEN_KEY = /(^|_)ids?$|[a-z]Ids?$|identifier|latitude|longitude|^lat$|^lng$|^lon$|coordinate|(^|_)name$|[a-z]Name$|^name$/;
/** Dates and times: a model writes them from what the user says in words ("October 6th"), so no form is required. */
const DATE_LIKE = /^\d{4}-\d{1,2}-\d{1,2}|^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$|^\d{1,2}:\d{2}/;

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

const isNumber = (v: unknown): v is number | bigint => (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'bigint';

/** Does this argument value have to come from what the case shows (rather than be composed or a switch)? */
export function mustBeShown(key: string, value: unknown): boolean {
  if (isNumber(value)) return true;
  if (typeof value !== 'string') return false;
  const v = value.trim();
  if (v.length < 2) return false;
  if (DATE_LIKE.test(v)) return false;
  // An id-like token (digits in one word) or a value of an id / name / coordinate argument.
  return /^\S*\d{3,}\S*$/.test(v) || TAKEN_KEY.test(key);
}

/**
 * Measurements and ids a free-text argument states ("Average temperature: 11.0°C", "property
 * 691676460109271194"): a decimal, or an integer of 3+ digits that is not a year. They come from a
 * response as much as an id argument does; small counts and years are left to the writer.
 */
function embeddedNumbers(key: string, text: string): NeededValue[] {
  const out: NeededValue[] = [];
  for (const m of text.matchAll(/(?<![\w.])(-?\d+\.\d+|\d{3,})(?![\w.]*\d)/g)) {
    const n = Number(m[1]);
    if (!Number.isFinite(n) || (/^\d{4}$/.test(m[1]) && n >= 1900 && n <= 2099) || m[1].length > 15) continue;
    const label = /([A-Za-z][A-Za-z _-]{2,40})[:=]?\s*$/.exec(text.slice(Math.max(0, (m.index ?? 0) - 40), m.index))?.[1].trim();
    out.push({ key, value: n, ...(label ? { label } : {}) });
  }
  return out;
}

/** The scalar (key, value) pairs of an action's arguments that must be shown, lists flattened. */
export function neededValues(action: Action): NeededValue[] {
  if (action.name === FINISH_ACTION || typeof action.args !== 'object' || action.args === null) return [];
  const out: NeededValue[] = [];
  const visit = (key: string, value: unknown) => {
    if (Array.isArray(value)) for (const v of value) visit(key, v);
    else if (mustBeShown(key, value)) out.push({ key, value });
    else if (typeof value === 'string') out.push(...embeddedNumbers(key, value));
  };
  for (const [key, value] of Object.entries(action.args)) visit(key, value);
  return out;
}

const normText = (s: string) => s.toLowerCase().replace(/\\u([0-9a-f]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))).replace(/\s+/g, ' ');

function numberForms(v: number | bigint): string[] {
  if (typeof v === 'bigint') return [v.toString()];
  const forms = new Set<string>([String(v)]);
  if (Number.isInteger(v)) {
    forms.add(`${v}.0`);
    if (v >= 0 && v < NUMBER_WORDS.length) forms.add(NUMBER_WORDS[v]);
    if (Math.abs(v) >= 1000) forms.add(v.toLocaleString('en-US'));
  } else {
    // 11.0 is shown as "11", 22.50 as "22.5": the decimal forms a response would print.
    forms.add(v.toFixed(1));
    forms.add(v.toFixed(2));
  }
  return [...forms];
}

/** Is `value` written in `text` (numbers as whole tokens, strings case- and space-insensitively)? */
export function valueShownIn(value: unknown, text: string): boolean {
  const t = normText(text);
  if (isNumber(value)) {
    // 1000 (metres) for "1 kilometer", "1km", "one kilometre".
    if (typeof value === 'number' && Number.isInteger(value) && value >= 1000 && value % 100 === 0) {
      const km = value / 1000;
      const forms = [String(km), ...(Number.isInteger(km) && km < NUMBER_WORDS.length ? [NUMBER_WORDS[km]] : [])].map((f) => f.replace('.', '\\.'));
      if (new RegExp(`(^|[^0-9.])(${forms.join('|')})\\s*-?\\s*(km\\b|kilomet)`, 'i').test(t)) return true;
    }
    return numberForms(value).some((form) => {
      const escaped = form.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
      return new RegExp(`(^|[^0-9.])${escaped}(?![0-9]|\\.[0-9])`, /^[a-z]/.test(form) ? 'i' : '').test(t);
    });
  }
  if (typeof value === 'string') return t.includes(normText(value.trim()));
  return false;
}

/** What a case shows a model as a source of values: the system prompt (tool docs), user turns and tool responses. */
export function shownText(messages: ChatMessage[]): string {
  return messages.filter((m) => m.role !== 'assistant').map((m) => m.content).join('\n');
}

/**
 * The ground-truth values that the case's prompt does not show: in no user turn, tool doc or tool
 * response. Empty for a case a model can solve from what it sees.
 */
export function ungroundedValues(testCase: { messages: ChatMessage[]; groundTruth: Action | [Action, Action] }): UngroundedValue[] {
  const text = shownText(testCase.messages);
  const actions = Array.isArray(testCase.groundTruth) ? testCase.groundTruth : [testCase.groundTruth];
  const out: UngroundedValue[] = [];
  for (const action of actions) {
    for (const need of neededValues(action)) if (!valueShownIn(need.value, text)) out.push({ ...need, action: action.name });
  }
  return out;
}

export function describeUngrounded(values: UngroundedValue[]): string {
  return values.map((u) => `${u.action} ${u.key}=${JSON.stringify(typeof u.value === 'bigint' ? u.value.toString() : u.value)}`).join(', ');
}


/** Where a T-Eval recorded response came from: the plan its review record belongs to (`query_420_0_4` → `query_420_0`). */
export function recordPlan(recordId: string): string | undefined {
  const m = /^(query_\d+_\d+)_\d+$/.exec(recordId);
  return m?.[1];
}

/**
 * Is a recorded response another task's? Review records `query_<plan>_<step>` belong to one plan;
 * a response one of them recorded for a call with no arguments (save_file(), show()) answered that
 * task's state, not this one's — the cache, keyed by tool and arguments, cannot tell them apart.
 * A response to a call with arguments is the API's answer to those arguments, whoever asked.
 */
export function foreignRecordedResponse(origin: string | undefined, trajectoryRecordId: string, args: unknown): boolean {
  const m = /teval-review:(\S+)$/.exec(origin ?? '');
  if (!m) return false;
  const plan = recordPlan(m[1]);
  const own = plan !== undefined && trajectoryRecordId.replace(/^teval_/, '') === plan;
  const keyed = typeof args === 'object' && args !== null && Object.keys(args).length > 0;
  return !own && !keyed;
}

/** Numbers a closing answer states that the prompt does not show: it reports what nothing returned. */
export function unsupportedNumbers(answer: string, messages: ChatMessage[]): string[] {
  const text = shownText(messages);
  const numbers = answer.match(/(?<![\w.])-?\d+(?:\.\d+)?(?![\w])/g) ?? [];
  return [...new Set(numbers)].filter((n) => !valueShownIn(Number(n), text) && !text.includes(n));
}

const HTTP_STYLE = /\bHTTP\b|\b(?:40[0-9]|429|50[0-4])\b|https?:\/\/|\bapi\.[a-z-]+\.(?:com|org|net)\b|host=|Retry-After|x-ratelimit|\bquota\b|rate limit|requests per|\bgateway\b|\bproxy\b|API key|\bscope\b|too many requests|billing|service unavailable|Max retries exceeded/i;

/** Does an environment failure read as an HTTP / network API's (status, headers, host, quota, proxy...)? */
export function httpStyleError(message: string): boolean {
  return HTTP_STYLE.test(message);
}
