/**
 * BFCL v3 multi-turn base → raw trajectories: user turns, ground-truth calls parsed from their
 * Python call syntax (positional arguments named from the function docs), initial_config (as
 * Python-faithful JSON text, see ./resolution.ts),
 * involved classes, excluded functions, the tool docs of the involved classes, and BFCL's own
 * responses to each ground-truth call (tier `recorded`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { RawStep, RawToolDoc, RawTrajectory } from '../../pipeline/schemas.js';
import { bindArguments, parsePythonCall } from '../pythonCall.js';
import { iterateJsonLines, jsonLines, type SourceItem, type SourceProblem } from '../records.js';
import { jsonArrayElements } from '../jsonMembers.js';
import type { SourceFiles } from '../paths.js';
import { parseBfclJson } from './backends/index.js';
import { parseJson } from '../../pipeline/pyValues.js';
import { initialConfigJson } from './resolution.js';

/** Doc file → BFCL class. */
export const BFCL_DOC_CLASSES: Record<string, string> = {
  gorilla_file_system: 'GorillaFileSystem',
  math_api: 'MathAPI',
  message_api: 'MessageAPI',
  posting_api: 'TwitterAPI',
  ticket_api: 'TicketAPI',
  trading_bot: 'TradingBot',
  travel_booking: 'TravelAPI',
  vehicle_control: 'VehicleControlAPI',
};

interface FuncDoc {
  name: string;
  description: string;
  parameters: { properties: Record<string, { type: string; description?: string } & Record<string, unknown>>; required?: string[] };
  response?: { properties?: Record<string, { description?: string; type?: string }> };
}

export function loadBfclDocs(dir: string, rel: (p: string) => string): { docs: Map<string, RawToolDoc[]>; problems: SourceProblem[] } {
  const docs = new Map<string, RawToolDoc[]>();
  const problems: SourceProblem[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const cls = BFCL_DOC_CLASSES[basename(file, '.json')];
    if (!cls) continue;
    const list: RawToolDoc[] = [];
    for (const entry of jsonLines(readFileSync(join(dir, file), 'utf8'), rel(join(dir, file)), (v) => String((v as FuncDoc).name))) {
      if ('kind' in entry) {
        problems.push(entry);
        continue;
      }
      const d = entry.value as FuncDoc;
      const required = new Set(d.parameters?.required ?? []);
      list.push({
        name: `${cls}.${d.name}`,
        description: d.description ?? '',
        params: Object.entries(d.parameters?.properties ?? {}).map(([name, p]) => {
          const { type, description, ...extra } = p;
          return { name, type: String(type), description: description ?? '', required: required.has(name), extra };
        }),
        returns: Object.entries(d.response?.properties ?? {}).map(([name, p]) => ({ name, description: p.description ?? '' })),
      });
    }
    docs.set(cls, list);
  }
  return { docs, problems };
}

function isErrorResponse(text: string): string | undefined {
  if (text.startsWith('Error during execution')) return text;
  try {
    const v = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v) && 'error' in v) return String((v as Record<string, unknown>).error);
  } catch {
    /* not JSON: a plain answer */
  }
  return undefined;
}

interface Question {
  id: string;
  question: { role: string; content: string }[][];
  initial_config?: Record<string, unknown>;
  involved_classes?: string[];
  excluded_function?: string[];
  path?: string[];
}

export function loadBfcl(files: SourceFiles, limit?: number): SourceItem[] {
  return [...iterateBfcl(files, limit)];
}

/** loadBfcl's records one at a time: the questions are parsed a line at a time and none is kept. */
export function* iterateBfcl(files: SourceFiles, limit?: number): Generator<SourceItem> {
  const rel = (p: string) => relative(files.root, p) || p;
  const { docs, problems } = loadBfclDocs(files.bfcl.funcDocDir, rel);
  yield* problems;
  const answers = new Map<string, string[][]>();
  for (const e of jsonLines(readFileSync(files.bfcl.answers, 'utf8'), rel(files.bfcl.answers), (v) => String((v as { id: string }).id))) {
    if ('kind' in e) yield e;
    else answers.set(e.id, (e.value as { ground_truth: string[][] }).ground_truth);
  }
  let executed = new Map<string, { turns: { steps: { call: string; response: string }[] }[] }>();
  try {
    // Kept only once the whole file has read cleanly: a broken file leaves no responses, as before.
    const read = new Map<string, { turns: { steps: { call: string; response: string }[] }[] }>();
    for (const rec of jsonArrayElements(files.bfcl.executed) as Iterable<{ id: string; turns: { steps: { call: string; response: string }[] }[] }>) read.set(rec.id, rec);
    executed = read;
  } catch (err) {
    yield { kind: 'problem', id: `${rel(files.bfcl.executed)}#file`, sourceFile: rel(files.bfcl.executed), recordId: 'file', code: 'broken_json', detail: (err as Error).message };
  }

  let count = 0;
  // parseBfclJson keeps initial_config's key order and its 10.0-vs-10: BFCL's answers depend on both.
  for (const e of iterateJsonLines(readFileSync(files.bfcl.questions, 'utf8'), rel(files.bfcl.questions), (v) => String((v as Question).id), parseBfclJson)) {
    if (limit !== undefined && count >= limit) break;
    count++;
    if ('kind' in e) {
      yield e;
      continue;
    }
    const q = e.value as Question;
    const sourceFile = rel(files.bfcl.questions);
    const malformed = (detail: string): SourceProblem => ({ kind: 'problem', id: `bfcl_${q.id ?? `line${e.line}`}`, sourceFile, recordId: String(q.id ?? `line ${e.line}`), code: 'malformed_record', detail });
    if (typeof q.id !== 'string' || !Array.isArray(q.question)) {
      yield malformed('needs "id" (string) and "question" (list of turns)');
      continue;
    }
    const gt = answers.get(q.id);
    if (!gt) {
      yield malformed(`no ground truth for ${q.id} in ${rel(files.bfcl.answers)}`);
      continue;
    }
    if (gt.length !== q.question.length) {
      yield malformed(`${q.question.length} user turns but ${gt.length} ground-truth turns`);
      continue;
    }
    const involved = q.involved_classes ?? [];
    const excluded = new Set(q.excluded_function ?? []);
    const tools = involved.flatMap((cls) => (docs.get(cls) ?? []).filter((d) => !excluded.has(d.name.split('.')[1])));
    const owner = new Map<string, RawToolDoc>();
    for (const cls of involved) for (const d of docs.get(cls) ?? []) owner.set(d.name.split('.')[1], d);
    const exec = executed.get(q.id);
    const turns = q.question.map((messages, t) => ({
      user: messages.map((m) => m.content).join('\n'),
      steps: gt[t].map((text, s): RawStep => {
        const recorded = exec?.turns[t]?.steps[s];
        const response =
          recorded && recorded.call.replace(/\s/g, '') === text.replace(/\s/g, '')
            ? (() => {
                const err = isErrorResponse(recorded.response);
                return { content: recorded.response, tier: 'recorded' as const, origin: 'bfcl:multi_turn_base_executed', ...(err ? { error: { source: 'internal' as const, message: err } } : {}) };
              })()
            : undefined;
        try {
          const call = parsePythonCall(text);
          const doc = owner.get(call.name);
          const name = doc ? doc.name : call.name;
          const args = bindArguments(call, doc ? doc.params.map((p) => p.name) : []);
          return { action: { name, args }, sourceText: text, ...(response ? { response } : {}) };
        } catch (err) {
          const detail = (err as Error).message;
          const code = /positional arguments but|multiple values for argument/.test(detail) ? 'wrong_arity' : 'unparsable_arguments';
          return { action: { name: text.split('(')[0].trim() || '?', args: {} }, sourceText: text, problem: { code, detail }, ...(response ? { response } : {}) };
        }
      }),
    }));
    const traj: RawTrajectory = {
      kind: 'trajectory',
      id: `bfcl_${q.id}`,
      source: 'bfcl',
      sourceFile,
      recordId: q.id,
      tools,
      turns,
      // The initial state as Python-faithful JSON text: the store keeps objects key-sorted, a string as it is.
      meta: { initialConfigJson: initialConfigJson(q.initial_config ?? {}), involvedClasses: involved, excludedFunctions: [...excluded], path: q.path ?? [] },
    };
    yield traj;
  }
}
