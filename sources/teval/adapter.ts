/**
 * T-Eval → raw trajectories (553 plans over the 50 APIs of api_descrip.json, `prev` dependencies
 * kept, the closing FinishAction kept as the source wrote it) and recorded responses (487, with
 * outcome labels A–E). A plan step whose name and arguments match a label-A recorded response
 * carries that response (tier `cache`).
 */
import { relative } from 'node:path';
import type { RawToolDoc, RawTrajectory, RecordedResponse } from '../../pipeline/schemas.js';
import { TEVAL_LABELS } from '../../pipeline/schemas.js';
import { canonicalJson } from '../../pipeline/hash.js';
import { parseJson, toJson } from '../../pipeline/pyValues.js';
import { pythonLiteralToJson } from '../../pipeline/prompts/parseAction.js';
import { readJsonFile, type SourceItem, type SourceProblem } from '../records.js';
import { jsonObjectEntries } from '../jsonMembers.js';
import type { SourceFiles } from '../paths.js';

interface ApiParam {
  name: string;
  type: string;
  description: string;
}
interface Toolkit {
  name: string;
  api_list: { name: string; description: string; required_parameters: ApiParam[]; optional_parameters: ApiParam[]; return_data: { name: string; description: string }[] }[];
}

/**
 * Upstream slips in api_descrip.json a reader of the doc cannot see past, put right where the docs are read
 * (listed in UPSTREAM_PROVENANCE.md): get_property_checkout_price describes checkOut as "The check-in date, …",
 * word for word its checkIn, so nothing but the parameter's name said which date goes where
 * (doc_params_described_alike). Keyed by tool, then parameter.
 */
const DOC_ERRATA: Record<string, Record<string, string>> = {
  'AirbnbSearch.get_property_checkout_price': { checkOut: 'The check-out date, it must in the format of YYYY-MM-DD.' },
};

export function loadTevalDocs(path: string): Map<string, RawToolDoc> {
  const docs = new Map<string, RawToolDoc>();
  for (const kit of readJsonFile(path) as Toolkit[]) {
    for (const api of kit.api_list) {
      const name = `${kit.name}.${api.name}`;
      const errata = DOC_ERRATA[name] ?? {};
      const said = (p: ApiParam) => errata[p.name] ?? p.description ?? '';
      docs.set(name, {
        name,
        description: api.description ?? '',
        params: [
          ...api.required_parameters.map((p) => {
            const { name: n, type, description: _d, ...extra } = p;
            return { name: n, type, description: said(p), required: true, extra };
          }),
          ...api.optional_parameters.map((p) => {
            const { name: n, type, description: _d, ...extra } = p;
            return { name: n, type, description: said(p), required: false, extra };
          }),
        ],
        returns: (api.return_data ?? []).map((r) => ({ name: r.name, description: r.description ?? '' })),
      });
    }
  }
  return docs;
}

const REVIEW_RE = /^Goal: ([\s\S]*?)\nName: (.*)\nArgs: ([\s\S]*?)\nResponse: ([\s\S]*)$/;

export function parseReview(id: string, rec: unknown, sourceFile: string): RecordedResponse | SourceProblem {
  const problem = (detail: string): SourceProblem => ({ kind: 'problem', id: `teval-review_${id}`, sourceFile, recordId: id, code: 'malformed_record', detail });
  const r = rec as { ground_truth?: { answer?: string; thought?: string }; origin_prompt?: { role: string; content: string }[] };
  const label = r.ground_truth?.answer;
  if (!label || !(TEVAL_LABELS as readonly string[]).includes(label)) return problem(`ground_truth.answer must be one of A–E, got ${JSON.stringify(label)}`);
  const last = r.origin_prompt?.[r.origin_prompt.length - 1]?.content;
  if (typeof last !== 'string') return problem('origin_prompt has no user message');
  const m = REVIEW_RE.exec(last);
  if (!m) return problem('origin_prompt user message is not "Goal/Name/Args/Response"');
  let args: Record<string, unknown> | string;
  try {
    // Lossless: the recorded args hold Airbnb ids beyond 2^53 (691676460109271194), which must match the plans' exactly.
    const parsed = parseJson(pythonLiteralToJson(m[3].trim())) as Record<string, unknown> | null;
    args = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : m[3].trim();
  } catch {
    args = m[3].trim();
  }
  return {
    kind: 'recorded-response',
    id: `teval-review_${id}`,
    sourceFile,
    recordId: id,
    tool: m[2].trim(),
    args,
    response: m[4],
    label: label as RecordedResponse['label'],
    goal: m[1].trim(),
    thought: (r.ground_truth?.thought ?? '').trim(),
  };
}

/** A review's reasoning, cut to its first two sentences for a filter detail. */
function clipSentence(text: string): string {
  const two = text.split(/(?<=[.!?])\s+/).slice(0, 2).join(' ');
  return two.length > 240 ? `${two.slice(0, 237)}...` : two;
}

export function recordedKey(tool: string, args: unknown): string {
  return `${tool}\u0000${canonicalJson(args)}`;
}

interface Plan {
  meta?: { API_list?: string[] };
  ground_truth?: { id: number; prev?: number[]; name: string; args: unknown }[];
  origin_prompt?: { role: string; content: string }[];
}

export function loadTeval(files: SourceFiles, limit?: number): SourceItem[] {
  return [...iterateTeval(files, limit)];
}

/**
 * loadTeval's records one at a time: the reviews and plans are read a record at a time (the
 * reviews first, whole, for the responses the plans' steps carry) and no record is kept but those.
 */
export function* iterateTeval(files: SourceFiles, limit?: number): Generator<SourceItem> {
  const rel = (p: string) => relative(files.root, p) || p;
  const docs = loadTevalDocs(files.teval.apis);

  const reviewsFile = rel(files.teval.reviews);
  const successes = new Map<string, RecordedResponse>();
  // Calls T-Eval's own review judged an input error ("C": wrong tool, or arguments wrong for the task).
  const inputErrors = new Map<string, RecordedResponse>();
  for (const [id, rec] of jsonObjectEntries(files.teval.reviews)) {
    const parsed = parseReview(id, rec, reviewsFile);
    yield parsed;
    if (parsed.kind === 'recorded-response' && (parsed.label === 'A' || parsed.label === 'C')) {
      const key = recordedKey(parsed.tool, parsed.args);
      const into = parsed.label === 'A' ? successes : inputErrors;
      if (!into.has(key)) into.set(key, parsed);
    }
  }

  const plansFile = rel(files.teval.plans);
  // Lossless: 32 ids in the plans' ground truths are beyond 2^53 (JSON.parse would round them).
  let count = 0;
  for (const [key, value] of jsonObjectEntries(files.teval.plans)) {
    const plan = value as Plan;
    if (limit !== undefined && count >= limit) break;
    count++;
    const problem = (detail: string): SourceProblem => ({ kind: 'problem', id: `teval_${key}`, sourceFile: plansFile, recordId: key, code: 'malformed_record', detail });
    const user = plan.origin_prompt?.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
    if (!user) {
      yield problem('origin_prompt has no user message');
      continue;
    }
    if (!Array.isArray(plan.ground_truth)) {
      yield problem('ground_truth must be a list of steps');
      continue;
    }
    const apiList = plan.meta?.API_list ?? [];
    const tools = apiList.map((n) => docs.get(n)).filter((d): d is RawToolDoc => !!d);
    const steps = plan.ground_truth.map((s) => {
      const args = s.args && typeof s.args === 'object' && !Array.isArray(s.args) ? (s.args as Record<string, unknown>) : s.args === undefined || s.args === null ? {} : String(s.args);
      const hit = successes.get(recordedKey(s.name, args));
      // A plan step T-Eval's review recorded only as an input error (get_ticker_detail("TSLZ") for
      // Tesla, redone with "TSLA" a step later) is the source's own mistake, not a ground truth.
      const judged = hit ? undefined : inputErrors.get(recordedKey(s.name, args));
      return {
        action: { name: s.name, args },
        prev: s.prev ?? [],
        ...(typeof s.args !== 'object' || Array.isArray(s.args)
          ? { problem: { code: 'unparsable_arguments', detail: `args is ${toJson(s.args)}` } }
          : judged
            ? { problem: { code: 'source_judged_input_error', detail: `T-Eval's review ${judged.recordId} judged this call an input error: ${clipSentence(judged.thought)}` } }
            : {}),
        ...(hit ? { response: { content: hit.response, tier: 'cache' as const, origin: `teval-review:${hit.recordId}` } } : {}),
      };
    });
    const traj: RawTrajectory = {
      kind: 'trajectory',
      id: `teval_${key}`,
      source: 'teval',
      sourceFile: plansFile,
      recordId: key,
      tools,
      turns: [{ user, steps }],
      meta: { apiList, unknownApis: apiList.filter((n) => !docs.has(n)) },
    };
    yield traj;
  }
}
