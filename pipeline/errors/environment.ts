/**
 * Environment errors: which kind a failure message is (rate limit, permission denied, quota,
 * timeout, connection error, server error), from the words real clients and APIs use. Used to
 * sort T-Eval's captured failures, to weigh the kinds drawn for simulated ones, to name what the
 * live collector saw, and to check that a simulated message says what it was asked to say.
 */
import { ownDescription } from '../toolDescription.js';
import type { EnvironmentErrorKind } from '../schemas.js';
import { ENVIRONMENT_ERROR_KINDS } from '../schemas.js';

interface KindRule {
  kind: EnvironmentErrorKind;
  pattern: string;
  re: RegExp;
}

// Order matters: a proxy failure that mentions "500 Internal Server Error" is a connection error,
// "exceeded the rate limit" is a rate limit (no quota word), and a quota named with its 429 status
// ("429 … Quota exceeded for quota metric 'Queries' and limit 'Queries per minute'") is a quota.
const RULES: KindRule[] = [
  { kind: 'timeout', pattern: 'timed out', re: /timed?[ -]?out|timeout|ETIMEDOUT|deadline exceeded|\b504\b|gateway time-?out/i },
  { kind: 'quota_exceeded', pattern: 'quota', re: /quota|OVER_LIMIT|daily (query|request) limit|monthly (request )?limit|insufficient (credits|balance|funds)|billing|\b402\b|usage limit|plan limit|no space left on device|\bENOSPC\b/i },
  { kind: 'rate_limit', pattern: 'rate limit', re: /rate[ _-]?limit|too many requests|\b429\b|throttl|requests per (second|minute)|slow down|device or resource busy|\bEBUSY\b|\bEAGAIN\b|resource temporarily unavailable|locked by another process/i },
  { kind: 'permission_denied', pattern: 'permission', re: /permission denied|forbidden|unauthori[sz]ed|\b40[13]\b|invalid (api[ _-]?)?key|access denied|not authori[sz]ed|INVALID_USER_KEY|authentication failed|credentials|operation not permitted|\bEPERM\b|lacks the rights/i },
  {
    kind: 'connection_error',
    pattern: 'connection',
    re: /connection (reset|refused|aborted|error|closed)|ECONNRESET|ECONNREFUSED|EPIPE|ProxyError|Max retries exceeded|Tunnel connection failed|socket hang up|broken ?pipe|Name or service not known|ENOTFOUND|EAI_AGAIN|network is unreachable|getaddrinfo|other side closed|SSLError|certificate|device not ready|\bENXIO\b|\bENOTCONN\b|not connected|no such device|host is down|\bEHOSTDOWN\b/i,
  },
  {
    kind: 'server_error',
    pattern: 'server error',
    re: /internal server error|server down|service (temporarily )?unavailable|bad gateway|\b50[0-3]\b|try again (later|after)|ENGINE_RESPONSE_DATA_ERROR|upstream|Expecting value: line \d+ column \d+|input\/output error|\bI\/O error\b|\bEIO\b/i,
  },
];

/** Failures T-Eval labelled B that are bugs in its own tool wrappers, not the environment. */
const WRAPPER_BUG = /object has no attribute|has no attribute '|list index out of range|KeyError|TypeError|NameError|Traceback/i;

export interface EnvironmentClass {
  kind: EnvironmentErrorKind;
  /** The words that decided it. */
  pattern: string;
}

export function classifyEnvironmentMessage(message: string): EnvironmentClass | undefined {
  for (const rule of RULES) if (rule.re.test(message)) return { kind: rule.kind, pattern: rule.pattern };
  return undefined;
}

/** Why a captured failure cannot be reused as an environment error, or undefined if it can. */
export function notAnEnvironmentError(message: string): string | undefined {
  if (classifyEnvironmentMessage(message)) {
    // "Broken pipe" inside a traceback is still a connection failure.
    return undefined;
  }
  if (WRAPPER_BUG.test(message)) return 'a bug in the tool wrapper (a Python exception), not an environment failure';
  return 'no rate-limit, permission, quota, timeout, connection or server wording';
}

// -------------------------------------------------------------------------------------------
// Transient or not: CRITICTOOL's protocol tells the model to retry a call that met an environment
// error (no more than three times), so the ground truth's first step after one is the same call
// again. That step is the careful one only where the message leaves room for the next try to go
// through: a timeout, a rate limit or a per-minute quota with its reset, a server or connection
// fault, a lock another process holds, an authorization service that did not answer. A message
// that says the caller lacks a permission, holds an invalid key, has used up a daily or monthly
// quota, or that the thing is gone says a retry cannot help, and a careful model would not retry.
// -------------------------------------------------------------------------------------------

/** Words that make a failure permanent, as far as the caller can tell: each with what it says. */
const PERMANENT: { re: RegExp; says: string }[] = [
  { re: /invalid[ _-]?(api[ _-]?)?(key|token)|INVALID_USER_KEY|USERKEY_PLAT_NOMATCH|key (sent|used)[^.]* is not valid|invalid_token|invalid (subscription )?key|revoked/i, says: 'the key is invalid' },
  { re: /requires? the '?[\w-]+'? scope|lacks? the rights|lacks? (the )?permission|does not have permission|not authori[sz]ed|insufficient (scope|permissions?|privileges?)/i, says: 'the caller lacks a permission' },
  { re: /\b(daily|monthly|yearly|annual)\b[^.]{0,40}\b(quota|limit)|\b(quota|limit)\b[^.]{0,40}\b(per|for the|this) (day|month)\b|DAILY_QUERY_OVER_LIMIT|\d+\/\d+ calls used|on (the|your) current plan|payment required|\b402\b|insufficient (credits|balance|funds)|billing/i, says: 'a quota for the day or month, or the plan, is used up' },
  { re: /disk quota exceeded|no space left on device|\bENOSPC\b|\bEDQUOT\b/i, says: 'the disk is full' },
  { re: /permission denied|forbidden|\b40[13]\b|access denied|operation not permitted|\bEPERM\b|\bEACCES\b|unauthori[sz]ed/i, says: 'permission is denied' },
  // "Connection refused: the local service behind X is not running" says no one is there to answer a
  // second try; a refusal alone (a service restarting) may pass.
  { re: /\b(?:is|was) not running\b|\b(?:is|has) (?:been )?(?:stopped|shut down)\b|\bnot installed\b|\bservice is down\b/i, says: 'the service is not running' },
  { re: /\b404\b|not found|does not exist|no such (file|device|resource)|\bENOENT\b|\bENXIO\b|\b410\b|\bgone\b/i, says: 'the thing called does not exist' },
];

/** Words that leave room for a retry: the failure passes, or the message says when to try again. */
const TRANSIENT = /\bretry\b|retry[- ]after|try again|temporar(il)?y|resets? (in|at|within)|replenished in|refills? (in|within)|per[- ](second|minute)|\bQPS\b|being used by another process|did not (respond|answer)|could not be (completed|verified)|while the request was in flight|renewed/i;

/** Does the failure say it passes ("retry the request", "try again once it is closed", "resets in 40 s")? */
export function saysItPasses(message: string): boolean {
  return TRANSIENT.test(message);
}

/**
 * Why a retry of the failed call cannot help, when its environment error says so (permission the
 * caller lacks, invalid key, daily or monthly quota, disk full, nothing there); undefined when the
 * failure may pass (a timeout, a rate limit, a server or connection fault, a lock held elsewhere).
 */
export function retryFutile(message: string): string | undefined {
  const hit = PERMANENT.find((p) => p.re.test(message));
  if (!hit) return undefined;
  // An invalid key, a missing scope, a used-up daily quota or a full disk stay so whatever the
  // message adds ("Retry later" after "5000/5000 calls used" is boilerplate); a bare denial may say it passes.
  const mayPass = hit.says === 'permission is denied' || hit.says === 'the thing called does not exist';
  if (mayPass && TRANSIENT.test(message)) return undefined;
  return hit.says;
}

/** The kind an HTTP status means, when a live call fails with one. */
export function kindForStatus(status: number, body = ''): EnvironmentErrorKind | undefined {
  if (status === 429) return /quota|limit for (the )?(day|month)|daily|monthly/i.test(body) ? 'quota_exceeded' : 'rate_limit';
  if (status === 401 || status === 403) return /quota/i.test(body) ? 'quota_exceeded' : 'permission_denied';
  if (status === 402) return 'quota_exceeded';
  if (status === 408 || status === 504) return 'timeout';
  if (status >= 500) return 'server_error';
  return undefined;
}

/**
 * Weights for drawing a kind: the captured distribution with add-one smoothing, so the simulated
 * errors resemble what was really seen and no kind is impossible.
 */
export function kindWeights(captured: EnvironmentErrorKind[]): Record<EnvironmentErrorKind, number> {
  const weights = Object.fromEntries(ENVIRONMENT_ERROR_KINDS.map((k) => [k, 1])) as Record<EnvironmentErrorKind, number>;
  for (const k of captured) weights[k] += 1;
  return weights;
}

// -------------------------------------------------------------------------------------------
// Where a tool runs: local software (a file system, a car's controls, math, a slide deck on disk,
// the system clock) fails as local software does — permission denied, busy, I/O error, timed
// out — never with an HTTP status; a network API fails as HTTP APIs do.
// -------------------------------------------------------------------------------------------

export type ToolLocality = 'local' | 'remote';

const LOCAL_WORDS = /\bfile ?system\b|\bdisk\b|\bdirector(y|ies)\b|\bfolders?\b|\bwrite (a )?file\b|\bread (a )?file\b|\bpptx?\b|\bpresentation\b|\bslides?\b|\bvehicle\b|\bcar\b|\bengine\b|\bbrake\b|\bmath(ematical)?\b|\bcalculat(e|or|ion)\b|\barithmetic\b|\blogarithm\b|\bcurrent time\b|\bweekday\b|\bclock\b|\bin-process\b/gi;
const REMOTE_WORDS = /\bsearch\b|\bonline\b|\bweb\b|\binternet\b|\bweather\b|\bforecast\b|\bmaps?\b|\broute\b|\bstocks?\b|\bticker\b|\btweets?\b|\btwitter\b|\be-?mails?\b|\bmessages?\b|\bbook(ing)?\b|\bflights?\b|\btickets?\b|\bservers?\b|\bairbnb\b|\barxiv\b|\bscholar\b|\bmovies?\b|\bfilms?\b|\bnews\b|\btrad(e|ing)\b|\bworkspace\b|\btranslat/gi;

const count = (re: RegExp, text: string) => (text.match(re) ?? []).length;

/**
 * Local or remote, from what a toolkit's docs say it does (its name and every API's description):
 * the kind of words that dominate decides; a tie is remote, the kind of API T-Eval wraps.
 */
export function toolkitLocality(toolkit: string, docs: { name: string; description: string }[]): ToolLocality {
  const text = [toolkit.replace(/([a-z])([A-Z])/g, '$1 $2'), ...docs.map((d) => `${d.name.split('.').pop()?.replace(/_/g, ' ') ?? ''} ${d.description}`)].join(' \n ');
  let locality = localityMemo.get(text);
  if (locality === undefined) {
    locality = count(LOCAL_WORDS, text) > count(REMOTE_WORDS, text) ? 'local' : 'remote';
    if (localityMemo.size >= 10_000) localityMemo.clear();
    localityMemo.set(text, locality);
  }
  return locality;
}

// The same toolkit's docs are classified for every case and call that lists them: each distinct
// text is run through the two long word patterns once per process (the result depends on the text alone).
const localityMemo = new Map<string, ToolLocality>();

/** A tool's locality: the one its doc carries (set by standardize), else classified from the docs of its toolkit. */
export function localityOf(name: string, tools: { name: string; description: string; locality?: ToolLocality }[]): ToolLocality {
  const doc = tools.find((t) => t.name === name);
  // A tool that fetches from the Internet is remote whatever its toolkit keeps (PPT.get_image "Get an image given
  // keywords from Internet" failed "waiting for a lock another operation holds on the file" and on "the network share").
  if (doc && onlineTool(doc.description)) return 'remote';
  if (doc?.locality) return doc.locality;
  const kit = name.includes('.') ? name.slice(0, name.indexOf('.')) : name;
  return toolkitLocality(kit, tools.filter((t) => t.name.startsWith(`${kit}.`)));
}

/** A tool's own description says it gets what it returns from the Internet, the web or an online service. */
const ONLINE = /\b(?:from|on|over|via|through) (?:the )?(?:internet|web)\b|\bonline\b|\bweb search\b/i;
export function onlineTool(description: string): boolean {
  return ONLINE.test(ownDescription(description));
}

// A local tool that only computes or looks up (a unit conversion, the weekday, a city's zip code)
// has no device, lock or disk to fail on: its failures are a busy worker, a timeout, a crashed
// process. A device or lock fault there reads as made up.
const COMPUTE_WORDS = /\b(math|logarithm|sum|mean|average|deviation|convert|conversion|exchange|estimate|calculat\w*|zip ?code|weekday|current time|curr time|date|gallons?|liters?|litres?|percentage|multiply|divide|power|square root|distance|imperial|units?)\b/i;
const DEVICE_WORDS = /\b(files?|director(y|ies)|folders?|disk|engine|doors?|brakes?|lights?|tires?|tyres?|fuel|battery|climate|windows?|seats?|pptx?|slides?|images?|camera|lock\w*|horn|gear|cruise|parking|sunroof)\b/i;

/** A local tool that only computes or looks something up, with no device, file or lock behind it. */
export function isComputation(name: string, tools: { name: string; description: string; locality?: ToolLocality }[]): boolean {
  if (localityOf(name, tools) !== 'local') return false;
  const doc = tools.find((t) => t.name === name);
  // BFCL opens every description with its toolkit's blurb ("…control the car such as engine, doors…"); the tool's own part follows.
  const own = ownDescription(doc?.description ?? '');
  const text = `${(name.split('.').pop() ?? name).replace(/_/g, ' ')} ${own}`;
  return COMPUTE_WORDS.test(text) && !DEVICE_WORDS.test(text);
}

/** Words of a device, lock or storage fault: wrong on a tool that only computes. */
export const DEVICE_FAULT = /\bdevice\b|\bcontroller\b|\block(ed)?\b|\bdriver\b|storage layer|\bEIO\b|\bENXIO\b|\bENOTCONN\b|I\/O error|Input\/output/i;

/** A client's JSON decoder failing on what the service sent back: an empty body, an HTML error page. */
export const DECODE_FAILURE = /Expecting value: line \d+ column \d+|JSONDecodeError|Unexpected end of JSON input|is not valid JSON/i;

/**
 * What a failure was, in a few words a thought or answer can say of its call: a limit, access, a
 * timeout, a proxy, a refused, absent, unreachable or lost connection, a local I/O error or crash, the server, else the call failing.
 */
export function failureKind(message: string): string {
  // The local and compute wordings say a limit as a device does ("throttled after too many operations", "too many calls at once").
  // A cap on calls at once ("4 calls are already running, over the limit of 4 at once") is a limit too, not the server.
  if (/\b429\b|rate.?limit|too many (?:requests|operations|calls)|throttl|quota|over.?limit|over the limit|daily limit/i.test(message)) return 'hit its usage limit';
  if (/\b40[13]\b|permission|denied|forbidden|unauthori[sz]ed|EACCES|EPERM/i.test(message)) return 'was refused access';
  if (/time(?:d)? ?out|ETIMEDOUT|deadline/i.test(message)) return 'timed out';
  // A connection that was never made is not one that was lost: a proxy that would not open the
  // tunnel, a refusal (nothing accepting connections there), no connection at all (ENOTCONN), a host
  // that could not be reached; only a reset, a close or a broken pipe drops one that was up.
  if (/ProxyError|Unable to connect to proxy|tunnel connection\b[^.;]*\bfailed/i.test(message)) return 'could not get through the proxy';
  if (/connection refused|ECONNREFUSED|Failed to establish a new connection/i.test(message)) return 'was refused a connection';
  if (/\bENOTCONN\b|not connected/i.test(message)) return 'had no connection';
  if (/unreachable|host is down|\bEHOSTDOWN\b|Name or service not known|getaddrinfo|ENOTFOUND/i.test(message)) return 'could not reach its server';
  if (/connection\b[^.;]*?\b(?:lost|reset|closed|dropped|aborted)|broken pipe|EPIPE|ECONNRESET|did not respond/i.test(message)) return 'lost its connection';
  // Python's json decoder on an empty or non-JSON body ("Expecting value: line 1 column 1 (char 0)",
  // T-Eval's own captured failure): the service answered, but not with JSON; said so, not as "failed".
  if (DECODE_FAILURE.test(message)) return 'sent back no JSON';
  // A local fault said as what it is, not as "the service": an I/O error on the disk, the device or
  // the storage layer ("echo failed: I/O error (EIO) reading from the disk"); a worker that crashed.
  if (!/\bHTTP\b|\b5\d\d\b|server/i.test(message)) {
    if (/Input\/output error|\bI\/O error\b|\bEIO\b/i.test(message)) return 'hit an I/O error';
    if (/\bcrash(?:ed)?\b|exit status \d+/i.test(message)) return 'crashed';
  }
  if (/\b5\d\d\b|server|gateway|unavailable/i.test(message)) return 'met a server error';
  return 'failed';
}
