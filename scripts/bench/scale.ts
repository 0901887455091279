/**
 * `pnpm bench scale --factor N`: how the pipeline scales with its input. Generates the vendored
 * BFCL and T-Eval sources N times over (each copy with new ids and its own user queries, so filter's
 * de-duplication keeps it) and a config with N× the assemble and evolve targets, then builds 1× and
 * N× stage by stage, each stage in its own child process (`scripts/cli.ts stage <name>`), timed by
 * /usr/bin/time (wall, user+sys CPU, peak RSS). Last, it reruns the whole pipeline to export with
 * nothing changed. Prints per stage the 1× and N× figures and their ratio, and the no-op rerun as a
 * share of the fresh build. Upstream stages a stage command passes through are no-ops by then.
 *
 * Copies share their tool calls (only ids and query wording differ), so the resolver's cache
 * answers a copy's calls: resolve scales better here than on N× truly new data.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '../../pipeline/config.js';
import { parseJson, toJson } from '../../pipeline/pyValues.js';
import { STAGE_NAMES, type StageName } from '../../pipeline/stage.js';
import { sourceFiles } from '../../sources/paths.js';
import { benchNumber, defineBench } from './lib/bench.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface ScaleArgs {
  factor: number;
  keep: boolean;
  sourceDir?: string;
}

// ---------------------------------------------------------------------------------------------
// Source generation: deterministic; copy 0 is the original records, copy k > 0 gets ids suffixed
// `_x<k>` and a query reworded with its copy number.
// ---------------------------------------------------------------------------------------------

const suffix = (k: number) => (k === 0 ? '' : `_x${k}`);
const reword = (text: string, k: number) => (k === 0 ? text : `${text} (request ${k + 1})`);

/** JSONL edited as text, so BFCL's initial_config keeps its key order and its 10.0s. */
function multiplyBfclLines(text: string, factor: number, rewordQuery: boolean): string {
  const lines = text.split('\n').filter((l) => l.trim());
  const out: string[] = [];
  for (let k = 0; k < factor; k++) {
    for (const line of lines) {
      let l = line.replace(/("id":\s*")([^"]+)(")/, (_, a, id, b) => `${a}${id}${suffix(k)}${b}`);
      if (rewordQuery && k > 0) {
        // The first user message's content: a JSON string, reworded before its closing quote.
        l = l.replace(/("role":\s*"user",\s*"content":\s*")((?:[^"\\]|\\.)*)(")/, (_, a, s, b) => `${a}${reword(s, k)}${b}`);
      }
      out.push(l);
    }
  }
  return out.join('\n') + '\n';
}

export function generateSources(dir: string, factor: number, from?: string): void {
  const src = sourceFiles(from);
  const b = (p: string) => join(dir, 'bfcl', p);
  const t = (p: string) => join(dir, 'teval', p);
  mkdirSync(b(''), { recursive: true });
  mkdirSync(t(''), { recursive: true });
  cpSync(src.bfcl.funcDocDir, b('func_doc'), { recursive: true });
  cpSync(src.bfcl.dialogueDir, b('dialogue'), { recursive: true });
  copyFileSync(src.teval.apis, t('api_descrip.json'));

  writeFileSync(b('multi_turn_base.json'), multiplyBfclLines(readFileSync(src.bfcl.questions, 'utf8'), factor, true));
  writeFileSync(b('multi_turn_base_answer.json'), multiplyBfclLines(readFileSync(src.bfcl.answers, 'utf8'), factor, false));
  const executed = parseJson(readFileSync(src.bfcl.executed, 'utf8')) as { id: string }[];
  writeFileSync(b('multi_turn_base_executed.json'), toJson(Array.from({ length: factor }, (_, k) => executed.map((e) => ({ ...e, id: `${e.id}${suffix(k)}` }))).flat(), 1));

  type Prompted = { origin_prompt?: { role: string; content: string }[] };
  // A plan's query is its user messages; a review's record is its last message.
  const rewordUser = (rec: Prompted, k: number, edit: (content: string) => string, which: 'first' | 'last'): Prompted => {
    if (k === 0 || !rec.origin_prompt) return rec;
    const at = which === 'first' ? rec.origin_prompt.findIndex((m) => m.role === 'user') : rec.origin_prompt.length - 1;
    return { ...rec, origin_prompt: rec.origin_prompt.map((m, i) => (i === at ? { ...m, content: edit(m.content) } : m)) };
  };
  const plans = parseJson(readFileSync(src.teval.plans, 'utf8')) as Record<string, Prompted>;
  const reviews = parseJson(readFileSync(src.teval.reviews, 'utf8')) as Record<string, Prompted>;
  const multiply = (records: Record<string, Prompted>, which: 'first' | 'last', edit: (content: string, k: number) => string) =>
    Object.fromEntries(Array.from({ length: factor }, (_, k) => Object.entries(records).map(([id, r]) => [`${id}${suffix(k)}`, rewordUser(r, k, (c) => edit(c, k), which)])).flat());
  writeFileSync(t('plan_json_v1.json'), toJson(multiply(plans, 'first', reword), 1));
  // A review's user message is "Goal: …\nName: …": the goal is reworded, the rest parsed as before.
  writeFileSync(t('review_str_v1.json'), toJson(multiply(reviews, 'last', (c, k) => c.replace(/Goal:([^\n]*)/, (_, g: string) => `Goal:${reword(g, k)}`)), 1));
}

/** The default targets (assemble and evolve sizes) times the factor. */
function scaledConfig(factor: number): Record<string, unknown> {
  const d = parseConfig({});
  const a = d.assemble;
  return {
    assemble: { ...a, internal: a.internal * factor, external: a.external * factor, cotInternal: a.cotInternal * factor, cotExternal: a.cotExternal * factor },
    evolve: { ...d.evolve, internal: d.evolve.internal * factor, external: d.evolve.external * factor },
  };
}

// ---------------------------------------------------------------------------------------------
// Measured child processes
// ---------------------------------------------------------------------------------------------

interface Measure {
  wallS: number;
  cpuS: number;
  rssMb: number;
}

function runCli(cliArgs: string[], logFile: string): Measure {
  const timeFile = `${logFile}.time`;
  const res = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', '-o', timeFile, process.execPath, join(REPO, 'bin/forge.js'), ...cliArgs], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  writeFileSync(logFile, `${res.stdout}\n${res.stderr}`);
  if (res.error) throw new Error(`cannot run /usr/bin/time (GNU time is needed for peak memory): ${res.error.message}`);
  const [wall, user, sys, rssKb] = readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  if (res.status !== 0) throw new Error(`forge ${cliArgs.join(' ')} exited with ${res.status}; its output is in ${logFile}:\n${res.stderr.split('\n').slice(-8).join('\n')}`);
  return { wallS: wall, cpuS: user + sys, rssMb: rssKb / 1024 };
}

interface Build {
  stages: Map<StageName, Measure>;
  fresh: Measure;
  noop: Measure;
}

function build(dir: string, factor: number, from: string | undefined, log: (line: string) => void): Build {
  const sources = join(dir, 'sources');
  generateSources(sources, factor, from);
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify(scaledConfig(factor), null, 2));
  const common = ['--db', join(dir, 'forge.db'), '--source-dir', sources, '--config', config];
  const out = ['--out', join(dir, 'out')];
  const stages = new Map<StageName, Measure>();
  for (const name of STAGE_NAMES) {
    const m = runCli(['stage', name, ...common, ...(name === 'export' ? out : [])], join(dir, `${name}.log`));
    stages.set(name, m);
    log(`  ${factor}× ${name.padEnd(18)} ${m.wallS.toFixed(1).padStart(7)} s wall ${m.cpuS.toFixed(1).padStart(7)} s CPU ${m.rssMb.toFixed(0).padStart(6)} MB`);
  }
  const sum = (f: (m: Measure) => number) => [...stages.values()].reduce((s, m) => s + f(m), 0);
  const fresh = { wallS: sum((m) => m.wallS), cpuS: sum((m) => m.cpuS), rssMb: Math.max(...[...stages.values()].map((m) => m.rssMb)) };
  const noop = runCli(['stage', 'export', ...common, ...out], join(dir, 'noop.log'));
  log(`  ${factor}× no-op rerun to export ${noop.wallS.toFixed(1)} s wall ${noop.cpuS.toFixed(1)} s CPU`);
  return { stages, fresh, noop };
}

const fmt = (n: number, d = 1) => n.toFixed(d);

async function main(opts: ScaleArgs): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'forge-bench-scale-'));
  const log = (line: string) => console.error(line);
  try {
    log(`scale bench in ${root}`);
    const small = build(join(root, 'x1'), 1, opts.sourceDir, log);
    const large = opts.factor === 1 ? small : build(join(root, `x${opts.factor}`), opts.factor, opts.sourceDir, log);
    const N = `${opts.factor}×`;
    const head = ['stage', '1× wall s', '1× CPU s', '1× RSS MB', `${N} wall s`, `${N} CPU s`, `${N} RSS MB`, 'CPU ratio', 'RSS ratio'];
    const row = (name: string, a: Measure, b: Measure) => [name, fmt(a.wallS), fmt(a.cpuS), fmt(a.rssMb, 0), fmt(b.wallS), fmt(b.cpuS), fmt(b.rssMb, 0), fmt(b.cpuS / a.cpuS, 2), fmt(b.rssMb / a.rssMb, 2)];
    const rows = [head, ...STAGE_NAMES.map((s) => row(s, small.stages.get(s)!, large.stages.get(s)!)), row('fresh build', small.fresh, large.fresh)];
    const widths = head.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    console.log(`scale bench: factor ${opts.factor}; each stage a child process (start-up included); CPU = user + sys`);
    for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
    for (const [label, b] of [['1×', small], [N, large]] as const) {
      console.log(
        `no-op rerun to export at ${label}: ${fmt(b.noop.wallS)} s wall, ${fmt(b.noop.cpuS)} s CPU = ` +
          `${fmt((100 * b.noop.cpuS) / b.fresh.cpuS)}% of the fresh build's CPU (${fmt((100 * b.noop.wallS) / b.fresh.wallS)}% of its wall; aim < 5%)`,
      );
    }
    if (opts.keep) console.log(`kept ${root}`);
  } finally {
    if (!opts.keep) rmSync(root, { recursive: true, force: true });
  }
}

export default defineBench<{ factor: number; keep: boolean; 'source-dir'?: string }>({
  describe: 'N× content-distinct sources and N× targets, each stage in its own child process: time and peak RSS per stage against 1×, and the no-op rerun share',
  builder: (y) =>
    y
      .option('factor', { type: 'number', default: 2, describe: 'How many copies of the sources (and of the targets) the large build has' })
      .coerce('factor', benchNumber('--factor', { integer: true, min: 1 }))
      .option('keep', { type: 'boolean', default: false, describe: 'Keep the temp folder (sources, databases, outputs)' })
      .option('source-dir', { type: 'string', describe: 'Sources to multiply (default: the vendored ones)' }),
  handler: (a) => main({ factor: a.factor, keep: a.keep, ...(a['source-dir'] ? { sourceDir: a['source-dir'] } : {}) }),
});
