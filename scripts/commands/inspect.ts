import type { CommandModule } from 'yargs';
import type { Store, StoredArtifact } from '../../pipeline/store/store.js';
import { STAGE_NAMES } from '../../pipeline/stage.js';
import { sessionFrom, withCommon, type CommonArgs } from './common.js';
import { parseJson, toJson } from '../../pipeline/pyValues.js';
import { evaluationsOf, printEvaluations } from '../../evaluate/inspect.js';

interface InspectArgs extends CommonArgs {
  id: string;
  json?: boolean;
  content?: boolean;
}

export interface LineageNode {
  key: string;
  stage?: string;
  itemId?: string;
  status?: string;
  method?: string;
  reason?: string | null;
  current?: boolean;
  calls: Record<string, unknown>[];
  content?: unknown;
  parents: LineageNode[];
}

/** The artifact an id names: a key or key prefix, or an item id (the most downstream current one). */
export function findTarget(store: Store, id: string): StoredArtifact | undefined {
  const exact = store.getArtifact(id);
  if (exact) return exact;
  const found = store.findArtifacts(id);
  if (found.length === 0) return undefined;
  const rank = (a: StoredArtifact) => (store.isCurrent(a.key) ? 100 : 0) + STAGE_NAMES.indexOf(a.stage as never);
  return found.sort((a, b) => rank(b) - rank(a))[0];
}

export function lineage(store: Store, key: string, withContent = false, seen = new Set<string>()): LineageNode {
  if (key.startsWith('source:') || seen.has(key)) return { key, calls: [], parents: [] };
  seen.add(key);
  const a = store.getArtifact(key);
  if (!a) return { key, status: 'missing', calls: [], parents: [] };
  return {
    key,
    stage: a.stage,
    itemId: a.itemId,
    status: a.status,
    method: a.method,
    reason: a.reason,
    current: store.isCurrent(key),
    calls: store.callsFor(key).map((c) => ({
      kind: c.kind,
      role: c.role,
      model: c.model,
      tier: c.tier,
      status: c.status,
      cached: !!c.cached,
      tokens: c.prompt_tokens != null ? `${c.prompt_tokens}+${c.completion_tokens}` : undefined,
      cost: c.cost,
      latency_ms: c.latency_ms,
      request: c.kind === 'tool' ? parseJson(String(c.request)) : undefined,
    })),
    content: withContent ? a.content : undefined,
    parents: a.parents.map((p) => lineage(store, p, withContent, seen)),
  };
}

function printNode(node: LineageNode, depth: number): void {
  const pad = '  '.repeat(depth);
  if (!node.stage) {
    console.log(`${pad}- ${node.key}${node.status === 'missing' ? ' (missing)' : ''}`);
    return;
  }
  console.log(
    `${pad}- [${node.stage}] ${node.itemId}  key=${node.key.slice(0, 12)}  ${node.status}  method=${node.method}` +
      (node.current ? '' : '  (not current)') +
      (node.reason ? `  reason: ${node.reason}` : ''),
  );
  for (const c of node.calls) {
    const what = c.kind === 'llm' ? `llm ${c.role} ${c.model} tokens=${c.tokens ?? '?'} cost=${c.cost ?? 0}${c.cached ? ' (cache)' : ''}` : `tool ${toJson(c.request)} tier=${c.tier}`;
    console.log(`${pad}    call: ${what} [${c.status}]`);
  }
  for (const p of node.parents) printNode(p, depth + 1);
}

export const inspectCommand: CommandModule<object, InspectArgs> = {
  command: 'inspect <id>',
  describe: "Print an artifact's lineage: parents back to the source record, the method of each, every LLM and tool call",
  builder: (y) =>
    withCommon(y)
      .positional('id', { type: 'string', demandOption: true, describe: 'artifact key (or prefix) or item id, e.g. a test-case id' })
      .option('json', { type: 'boolean', describe: 'Print the lineage tree as JSON' })
      .option('content', { type: 'boolean', describe: 'Include each artifact content (with --json)' }) as never,
  handler: (args) => {
    const session = sessionFrom(args, { readonly: true });
    try {
      const target = findTarget(session.store, args.id);
      const evaluations = evaluationsOf(session.store, args.id);
      if (!target && evaluations.length > 0) {
        if (args.json) console.log(JSON.stringify({ evaluations }, null, 2));
        else printEvaluations(evaluations);
        return;
      }
      if (!target) {
        console.error(`no artifact with key or item id "${args.id}"`);
        process.exitCode = 2;
        return;
      }
      const tree = lineage(session.store, target.key, !!args.content);
      if (args.json) console.log(toJson(evaluations.length ? { ...tree, evaluations } : tree, 2));
      else {
        printNode(tree, 0);
        printEvaluations(evaluations);
      }
    } finally {
      session.close();
    }
  },
};
