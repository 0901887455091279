/**
 * --dry-run: what a stage would ask the model, and what it would cost, without asking. The gateway
 * runs against a throwaway copy of the database. A request already in the LLM cache is answered
 * from it (as the real run would be, at no cost); every other request is counted — prompt tokens
 * with the real tokenizer on the request as it would be sent — and answered by the role's offline
 * rules so that downstream items can proceed.
 *
 * Completion tokens are estimated as the token count of the rules' own answer (serialised as the
 * model would write it), at most max_tokens: the rules produce an answer of the right shape, which
 * is a better guide to its length than max_tokens, the ceiling. Re-asks after invalid output are
 * not predicted: the estimate assumes every answer is valid at the first attempt.
 */
import { modelFor, type Config, type LlmRole } from '../config.js';
import type { Store } from '../store/store.js';
import { countChatTokens, countTokens } from '../tokens.js';
import { callCost, isPriced, LlmCache, requestHash } from './callCache.js';
import { identityFor, llmFingerprint } from './openai.js';
import { interpretReply, shapeRequest } from './structured.js';
import type { InvokeOptions, InvokeResult, LlmGateway, RoleSpec } from './types.js';
import { toJson } from '../pyValues.js';

export interface DryRunRow {
  stage: string;
  role: LlmRole;
  model: string;
  calls: number;
  cached: number;
  promptTokens: number;
  completionTokens: number;
  cost: number;
  priced: boolean;
}

export class DryRunGateway implements LlmGateway {
  readonly mode = 'openai' as const;
  private readonly config: Config;
  private readonly cache: LlmCache;
  private readonly rows = new Map<string, DryRunRow>();
  /** Requests counted once: identical requests in a real run are sent once too. */
  private readonly seen = new Set<string>();

  constructor(opts: { config: Config; store: Store }) {
    this.config = opts.config;
    this.cache = new LlmCache(opts.store);
  }

  fingerprint(role: LlmRole): string {
    // Must equal the real gateway's, so item keys (and what is reused) match the real run's.
    return llmFingerprint(this.config, role);
  }

  async invoke<I, O>(spec: RoleSpec<I, O>, input: I, opts: InvokeOptions): Promise<InvokeResult<O>> {
    const anySpec = spec as unknown as RoleSpec<unknown, unknown>;
    const model = modelFor(this.config, spec.role);
    const messages = spec.template.render(input);
    const identity = identityFor(this.config, anySpec, messages);
    const hash = requestHash(identity);
    const row = this.row(opts.stage ?? '(no stage)', spec.role, model);

    const hit = this.cache.get(hash);
    if (hit) {
      const verdict = interpretReply(spec as unknown as RoleSpec<unknown, O>, hit);
      if (verdict.ok) {
        row.cached++;
        return { output: verdict.value, method: `llm:${model}`, cached: true };
      }
      // A cached invalid answer means the real run would re-ask: counted below like a new call.
    }

    const output = spec.schema.parse(await spec.offline.run(input, opts.rng));
    if (!this.seen.has(hash)) {
      this.seen.add(hash);
      // Counted as it would be sent: with the schema instruction a json_object/text endpoint needs.
      const mode = this.config.llm.structuredOutput === 'auto' ? 'json_schema' : this.config.llm.structuredOutput;
      const sent = shapeRequest(anySpec, messages, mode).messages;
      const promptTokens = countChatTokens(sent);
      const text = typeof output === 'string' ? output : toJson(output);
      const completionTokens = Math.min(this.config.llm.maxTokens, countTokens(text));
      row.calls++;
      row.promptTokens += promptTokens;
      row.completionTokens += completionTokens;
      row.cost += callCost(this.config, model, promptTokens, completionTokens);
    }
    return { output, method: `rules:${spec.offline.version}`, cached: false };
  }

  private row(stage: string, role: LlmRole, model: string): DryRunRow {
    const key = `${stage}\u0000${role}\u0000${model}`;
    let row = this.rows.get(key);
    if (!row) {
      row = { stage, role, model, calls: 0, cached: 0, promptTokens: 0, completionTokens: 0, cost: 0, priced: isPriced(this.config, model) };
      this.rows.set(key, row);
    }
    return row;
  }

  /** Rows in a stable order (stage, role). */
  estimate(): DryRunRow[] {
    return [...this.rows.values()].sort((a, b) => a.stage.localeCompare(b.stage) || a.role.localeCompare(b.role));
  }
}

/** The estimate as a plain-text table, with a total line. */
export function formatDryRun(rows: DryRunRow[]): string {
  const header = ['stage', 'role', 'model', 'calls', 'cached', 'prompt tok', 'est. compl. tok', 'est. cost $'];
  const body = rows.map((r) => [
    r.stage,
    r.role,
    r.model,
    String(r.calls),
    String(r.cached),
    String(r.promptTokens),
    String(r.completionTokens),
    r.priced ? r.cost.toFixed(4) : 'unpriced',
  ]);
  const total = rows.reduce(
    (t, r) => ({ calls: t.calls + r.calls, cached: t.cached + r.cached, p: t.p + r.promptTokens, c: t.c + r.completionTokens, cost: t.cost + r.cost }),
    { calls: 0, cached: 0, p: 0, c: 0, cost: 0 },
  );
  body.push(['total', '', '', String(total.calls), String(total.cached), String(total.p), String(total.c), total.cost.toFixed(4)]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
