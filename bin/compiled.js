// The CLI's code as JavaScript, compiled once per version of the sources.
//
// Running the TypeScript through tsx costs every command about a second before it does anything: tsx's
// loader hooks run on their own thread and every one of ~200 modules crosses to it and back. So the
// sources are transpiled with esbuild — the transform tsx itself applies, file by file, with the same
// semantics — into .cache/js/<digest>/, laid out like the checkout, and imported from there. The
// digest covers every source file's content and the compiler's version and options: any edit, a
// checkout of another commit or an esbuild upgrade gives a fresh copy; nothing can run stale code.
// A copy is built in a private folder and renamed into place, so processes starting at once never see
// half of one. Modules find their data files from the checkout's root (pipeline/repoRoot.ts), not
// from their own location in the cache.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The folders the CLI's modules come from (scripts/cli.ts imports from these and nothing else of ours). */
const CODE_DIRS = ['pipeline', 'stages', 'output', 'sources', 'scripts', 'evaluate'];
const CACHE = join(ROOT, '.cache', 'js');
/** Copies kept besides the newest: a process that started on an older copy may still import from it lazily. */
const KEEP = 3;

function sourceFiles() {
  const files = [];
  for (const dir of CODE_DIRS) {
    const abs = join(ROOT, dir);
    if (!existsSync(abs)) continue;
    for (const rel of readdirSync(abs, { recursive: true })) {
      if (!rel.endsWith('.ts') || rel.endsWith('.d.ts') || rel.split(sep).includes('node_modules')) continue;
      files.push(join(abs, rel));
    }
  }
  return files.sort();
}

// The version from the package's manifest: importing esbuild itself only to ask costs every command
// start ~30 ms; it is loaded when a copy must be built.
function compilerOptions() {
  const { version } = createRequire(import.meta.url)('esbuild/package.json');
  return { version, options: { format: 'esm', platform: 'node', target: 'node20', sourcemap: true, logLevel: 'silent' } };
}

function digestOf(files, compiler) {
  const h = createHash('sha256');
  h.update(JSON.stringify(compiler));
  for (const f of files) {
    const text = readFileSync(f);
    h.update(`${relative(ROOT, f)}\u0000${text.length}\u0000`);
    h.update(text);
  }
  return h.digest('hex').slice(0, 24);
}

async function build(files, compiler, target) {
  const esbuild = await import('esbuild');
  mkdirSync(CACHE, { recursive: true });
  const staging = mkdtempSync(join(CACHE, '.building-'));
  try {
    await esbuild.build({ ...compiler.options, entryPoints: files, outdir: staging, outbase: ROOT, bundle: false });
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    const where = (err.errors ?? []).map((e) => `${e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ` : ''}${e.text}`).join('\n');
    throw new Error(`cannot compile the sources: ${where || err.message}`);
  }
  try {
    renameSync(staging, target);
  } catch (err) {
    // Another process finished the same copy first: theirs is as good as ours.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(target)) throw err;
  }
  prune(target);
}

/** Removes all but the newest copies, and builds abandoned by a killed process. */
function prune(current) {
  // Another forge process may rename its build or prune the same copies meanwhile: an entry gone
  // between the listing and its stat is simply no longer there to prune.
  const mtime = (p) => {
    try {
      return statSync(p).mtimeMs;
    } catch (err) {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    }
  };
  const entries = readdirSync(CACHE, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => ({ path: join(CACHE, e.name), at: mtime(join(CACHE, e.name)) }))
    .filter((e) => e.at !== undefined);
  const hour = 3600_000;
  const building = (p) => p.startsWith(join(CACHE, '.building-'));
  const copies = entries.filter((e) => e.path !== current && !building(e.path));
  copies.sort((a, b) => b.at - a.at);
  for (const old of copies.slice(KEEP - 1)) rmSync(old.path, { recursive: true, force: true });
  for (const stale of entries.filter((e) => building(e.path) && Date.now() - e.at > hour)) rmSync(stale.path, { recursive: true, force: true });
}

/** The file URL of `entry` (a path like scripts/cli.js) in the compiled copy of the current sources, built if missing. */
export async function compiledEntry(entry) {
  const files = sourceFiles();
  const compiler = compilerOptions();
  const target = join(CACHE, digestOf(files, compiler));
  if (!existsSync(join(target, entry))) await build(files, compiler, target);
  return pathToFileURL(join(target, entry)).href;
}
