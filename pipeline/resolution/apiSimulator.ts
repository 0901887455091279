/**
 * The API simulator (role `api-simulator`): CRITICTOOL's simulator prompt (paper Fig. 17) — the
 * API's documentation, cached example calls and responses of the SAME API
 * (`config.resolve.simulatorExamples`), and the call; the model answers as the API would, in JSON.
 * In error mode it is told which environment failure to produce instead, worded for that API.
 *
 * Reply format `{"error": string, "response": string}` (the figure's own): `error` empty on
 * success, else the message the API gives; `response` the API's answer as text (usually JSON).
 * `response` is a string rather than free JSON so that the reply fits a strict JSON schema.
 *
 * Offline the same interface is answered by simulatorRules.ts.
 */
import { z } from 'zod';
import type { UsedItem } from './askedCount.js';
import type { PromptMessage, RoleSpec } from '../llm/types.js';
import type { EnvironmentErrorKind, ToolDoc } from '../schemas.js';
import { SIMULATOR_RULES_VERSION, simulateOffline, type CarriedValue } from './simulatorRules.js';
import { localityOf } from '../errors/environment.js';
import { toJson } from '../pyValues.js';
import type { KnownFacts } from './knownFacts.js';
import { worldFactLines } from './worldAnswer.js';
import { findsNothing } from './idSearch.js';

export interface ApiSimulatorInput {
  name: string;
  args: unknown;
  /** The trajectory's tools: the called API's doc is found here (or its absence noticed). */
  tools: ToolDoc[];
  examples: { args: unknown; response: string }[];
  /** Every recorded answer of the API, this call's own included (up to a bound): the forms and decimals its fields take. */
  recorded?: string[];
  environmentError?: EnvironmentErrorKind;
  /**
   * Error mode with a model: which wording variant to ask for (drawn from the caller's rng), so a
   * consumer's retry is a new request instead of the gateway's cached same answer. The rules ignore it.
   */
  variant?: number;
  /** Values later ground-truth steps take from this answer: the response must carry each in its field. */
  carry?: CarriedValue[];
  /** The place the request is about (a known city or landmark): addresses and coordinates belong there. */
  place?: string;
  /** What earlier answers of the task said about the thing this call looks up: the response must agree. */
  known?: KnownFacts;
  /** The day the task is on (knownFacts.ts taskToday): a forecast starts there. */
  today?: string;
  /** How many results the user asked this list call for (askedCount.ts). */
  asked?: number;
  /** The things the user's request names for this status look-up to answer about ("rooms 101, 102, and 103"; askedCount.ts namedItems). */
  named?: string[];
  /** What the task's other steps name that this status look-up's list must hold (askedCount.ts itemsUsedElsewhere). */
  used?: UsedItem[];
}

export const ApiSimulatorOutput = z.object({
  error: z.string(),
  response: z.string(),
});
export type ApiSimulatorOutput = z.infer<typeof ApiSimulatorOutput>;

/** How each kind reads, so the model writes the failure a client would really see. */
export const KIND_DESCRIPTIONS: Record<EnvironmentErrorKind, string> = {
  rate_limit: 'the rate limit was exceeded (HTTP 429 Too Many Requests; too many requests in a short time; any wait it asks for is 5 seconds at most)',
  permission_denied: 'permission could not be granted this time (HTTP 403 for a request signed with a key rotated while it was in flight, or HTTP 401 for a token that expired in flight and was renewed; never a 4xx blamed on a service that did not respond, never a caller blocked for a while), so a retry at once can go through; never an invalid key or a missing scope',
  quota_exceeded: 'a short-window quota is used up (per-minute or per-second quota, resetting or replenished within 5 seconds), so a retry can go through; never a daily or monthly quota, billing or plan limit',
  timeout: 'the request timed out (no answer within the client timeout, or HTTP 504 Gateway Timeout)',
  connection_error: 'the connection failed (connection reset or refused, DNS failure, proxy error)',
  server_error: 'the server failed (HTTP 500 Internal Server Error, 502 Bad Gateway or 503 Service Unavailable)',
};

/** The same kinds as local software meets them (a file system, a car's controls): no HTTP, no billing. */
export const LOCAL_KIND_DESCRIPTIONS: Record<EnvironmentErrorKind, string> = {
  rate_limit: 'the resource is busy or locked by another operation (EBUSY / EAGAIN)',
  // Never drawn for local software (LOCAL_KINDS): no local permission fault passes on a retry.
  permission_denied: 'permission was denied (EACCES / EPERM)',
  quota_exceeded: 'the disk quota is exhausted or no space is left on the device (EDQUOT / ENOSPC)',
  timeout: 'the operation timed out waiting for the device or a lock',
  connection_error: 'the device is not ready or its connection dropped (ENOTCONN / broken pipe)',
  server_error: 'an input/output error occurred in the device or driver (EIO)',
};

const SYSTEM = `Imagine you are an API Server operating within a specialized tool, which contains a collection of distinct APIs. Your role is to deeply understand the function of each API based on its description in the API documentation. As you receive specific inputs for individual API calls within this tool, analyze these inputs to determine their intended purpose. Your task is to craft a JSON formatted response that aligns with the expected output of the API, guided by the provided examples.

Your responses must adhere to a specific JSON structure, which is as follows:
{"error": "", "response": "<Your_Response>"}
The error field should remain empty, indicating no errors in processing. The response field should contain the content you formulate based on the API's functionality and the input provided, written as the API would return it (a JSON object serialised as a string when the API returns JSON). Ensure that your responses are meaningful, directly addressing the API's intended functionality.
If the API call is invalid — the API does not exist in the documentation, a required parameter is missing, a parameter the API does not have is given, or a value has the wrong type or format — do not answer it: put the error message the API would return in the error field, in the API's own voice, and leave the response field empty.
The key is to maintain the JSON format's integrity while ensuring that your response is an accurate reflection of the API's intended output within the tool.
Please note that your answer should not contain anything other than a JSON object, which should be parsable directly to JSON.
Note that:
- your response should contain rich information given the API input parameters, consistent with the examples of the same API;
- your response must be effective and have practical content;
- values the call supplies (names, ids, dates, places) must appear unchanged where the answer refers to them.`;

function docText(doc: ToolDoc | undefined, name: string, tools: ToolDoc[]): string {
  if (doc) return toJson(doc);
  const kit = name.includes('.') ? name.slice(0, name.indexOf('.')) : name;
  const siblings = tools.filter((t) => t.name.startsWith(`${kit}.`)).map((t) => t.name);
  return `(no documentation: "${name}" is not an API of this tool${siblings.length ? `; its APIs are ${siblings.join(', ')}` : ''})`;
}

export function renderApiSimulatorPrompt(input: ApiSimulatorInput): PromptMessage[] {
  const doc = input.tools.find((t) => t.name === input.name);
  const examples = input.examples.length
    ? input.examples.map((e, i) => `Example ${i + 1}:\nRequest: ${toJson({ name: input.name, args: e.args })}\nResponse: ${e.response}`).join('\n\n')
    : '(no cached examples of this API)';
  let user = `API doc:\n${docText(doc, input.name, input.tools)}\n\nExamples of this API's real responses:\n${examples}\n\nRequest:\n${toJson({ name: input.name, args: input.args })}`;
  if (input.environmentError) {
    const local = localityOf(input.name, input.tools) === 'local';
    user +=
      `\n\nThis time the call must FAIL because of the environment, not the call: ${(local ? LOCAL_KIND_DESCRIPTIONS : KIND_DESCRIPTIONS)[input.environmentError]}. ` +
      (local
        ? `${input.name} is local software (it runs on this machine, not over a network): the failure must read as local software fails — an operating-system style error such as permission denied, device or resource busy / locked, input/output error, device not ready, or operation timed out — never an HTTP status, a host name, an API key or a billing quota. `
        : `${input.name} is a network API: write the failure as its HTTP client receives it — the status line, any header that matters (such as Retry-After), and an error body in the shape real APIs document — or the HTTP client's own exception; never invent a host name or URL. `) +
      `Put that message in the error field — concrete, naming ${input.name} — and leave the response field empty.` +
      (input.variant !== undefined ? ` (Wording variant ${input.variant}: phrase it your own way.)` : '');
  } else if (input.carry?.length) {
    user +=
      `\n\nLater steps of this task take these values from this response, so it must contain each of them unchanged, in the field named:\n` +
      input.carry.map((c) => `- ${c.beside && c.sub ? `"${c.sub}" of the item of "${c.field}" whose "${c.beside.sub}" is ${toJson(c.beside.value)}` : c.sub ? `"${c.sub}" of an item of "${c.field}"` : c.list ? `an item of "${c.field}"` : `"${c.field}"`}: ${toJson(c.value)}${c.about ? ` (this task's own record of it says: ${[c.about.name ? `named ${toJson(c.about.name)}` : '', c.about.town ? `in ${c.about.town}` : '', c.about.point ? `at latitude ${c.about.point.lat}, longitude ${c.about.point.lon}` : ''].filter(Boolean).join(', ')}; that item says the same)` : ''}`).join('\n');
  }
  const nothing = input.environmentError || input.carry?.length ? undefined : findsNothing(input.name, input.args);
  if (nothing) user += `\n\nNote: ${nothing}, so the search finds nothing: answer an empty result in the API's own shape, never records on another subject.`;
  if (!input.environmentError && input.place) user += `\n\nThe task is about ${input.place}: any address, coordinates or nearby place in the response belongs there.`;
  if (!input.environmentError && input.today) user += `\n\nThe task takes place on ${input.today}: dates of days ahead (a forecast, coming films) start there, and what already happened (films now playing, papers published, reviews) is dated on or before it.`;
  if (!input.environmentError && input.used?.length) user += `\n\nOther steps of this task name ${input.used.map((u) => `${u.name} (${u.status === 'booked' ? 'booked by this task' : 'free'})`).join(', ')}: the list holds each of them with that status, beside any others.`;
  if (!input.environmentError && input.known?.planGoesOn) user += `\n\nA later step of this task goes on with the record this call names: it is available.`;
  if (!input.environmentError && input.asked) user += `\n\nThe user asked for ${input.asked} results: list that many, unless the API's documented limit is lower.`;
  const known = input.environmentError ? undefined : input.known;
  if (known && (known.name || known.title || known.topic || known.fields)) {
    user +=
      `\n\nEarlier answers of this task already said this about what the call asks for; the response must agree with it:` +
      (known.name ? `\n- it is about ${toJson(known.name)} (use that name)` : '') +
      (known.title ? `\n- it is the record titled ${toJson(known.title)}` : '') +
      (known.topic ? `\n- the task searched for ${toJson(known.topic)}: free text belongs to that subject` : '') +
      (known.fields ? `\n- the list that gave its id said: ${Object.entries(known.fields).map(([k, v]) => `${k} ${toJson(v)}`).join(', ')} (a field of the same name says the same)` : '');
  }
  // What the world knows about a real film or company the call is about: the answer must not contradict it.
  const world = input.environmentError ? [] : worldFactLines(input.name, input.args);
  if (world.length) user += `\n\nWhat is publicly known about what the call asks for; the response must agree with it (values carried for later steps above still win):\n${world.map((l) => `- ${l}`).join('\n')}`;
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: user },
  ];
}

export const apiSimulatorRole: RoleSpec<ApiSimulatorInput, ApiSimulatorOutput> = {
  role: 'api-simulator',
  schemaName: 'api_simulator_reply',
  schema: ApiSimulatorOutput,
  template: { id: 'api-simulator/fig17', version: '9', render: renderApiSimulatorPrompt }, // 9 (h-solv30): a wait a failure asks for is 5 s at most and no caller is blocked for a while, since the ground truth retries at once (env_retry_before_wait). 8: says a record a later step goes on with is available (known.planGoesOn). 7 (h-env24): a permission failure is a 403 after unusual traffic or a 401 for a token renewed in flight, never a 4xx blamed on a service that did not respond. 6: names the rooms other steps use (used)
  offline: {
    version: SIMULATOR_RULES_VERSION,
    run: (input, rng) =>
      simulateOffline(
        { name: input.name, args: input.args, tools: input.tools, environmentError: input.environmentError, examples: input.examples, ...(input.recorded ? { recorded: input.recorded } : {}), ...(input.today ? { today: input.today } : {}), ...(input.asked ? { asked: input.asked } : {}), ...(input.named ? { named: input.named } : {}), ...(input.used ? { used: input.used } : {}), ...(input.carry ? { carry: input.carry } : {}), ...(input.place ? { place: input.place } : {}), ...(input.known ? { known: input.known } : {}) },
        rng,
      ),
  },
};
