/**
 * Can a file path be what a parameter takes? A tool that reads a file needs one that exists — one
 * the user named, an earlier step wrote, or an earlier answer showed — and an image parameter needs
 * an image. A call outside that fails for real (`[Errno 2] No such file or directory: 'x'`,
 * `cannot identify image file 'x'`), so the simulator must not answer it with a success, and an
 * injected tool-selection error must not be built that way (its answer would then show a second,
 * value-kind error beside the wrong tool, and the case would have two right labels).
 */
import type { ToolDoc, ToolParam } from '../schemas.js';
import { apiOf, isPlainObject } from './values.js';

/** What a path parameter does with its file: writes it, reads an image from it, or reads it. */
export type PathRole = 'output' | 'image' | 'input';

const IMAGE_EXT = new Set(['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'tif', 'tiff', 'svg']);
/** Tools whose path parameter names where they put a file, not one they read. */
const WRITER = /write|save|create|export|download|mkdir|touch|upload|new/i;

function words(param: Pick<ToolParam, 'name'> & { description?: string }): string {
  return `${param.name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ')} ${param.description ?? ''}`.toLowerCase();
}

/** The role of a parameter that takes a file path, or undefined for any other parameter. */
export function pathRole(tool: Pick<ToolDoc, 'name'>, param: Pick<ToolParam, 'name' | 'type'> & { description?: string }): PathRole | undefined {
  if (param.type !== 'string' && param.type !== 'any') return undefined;
  const text = words(param);
  const isPath = /\b(path|file|image|picture|photo|attachment|location)\b/.test(param.name.toLowerCase().replace(/_/g, ' ')) && /\b(path|file|image|picture|photo)\b/.test(text);
  if (!isPath || /\b(url|link|folder|directory|dir)\b/.test(param.name.toLowerCase().replace(/_/g, ' '))) return undefined;
  if (WRITER.test(apiOf(tool.name))) return 'output';
  return /\b(image|picture|photo|poster)\b/.test(text) ? 'image' : 'input';
}

/** Why `value` is no image for a parameter that takes one ("outputs/deck.ppt" for `image`); undefined otherwise. */
export function imageKindProblem(param: Pick<ToolParam, 'name'> & { description?: string }, value: string): string | undefined {
  if (!/\b(image|picture|photo|poster)\b/.test(words(param))) return undefined;
  const ext = extensionOf(value);
  return ext !== undefined && !IMAGE_EXT.has(ext) ? `${param.name} takes an image, "${value.trim().slice(0, 40)}" is a .${ext} file` : undefined;
}

/** The extension of a path ("ppt" of "outputs/deck.ppt"), lower case; undefined when it has none. */
export function extensionOf(path: string): string | undefined {
  const m = /\.([a-z0-9]{2,5})$/i.exec(path.trim());
  return m && !/^\d+$/.test(m[1]) ? m[1].toLowerCase() : undefined;
}

/** What the task has shown before a call, for "does this file exist". */
export interface PathContext {
  /** User turns and earlier tool answers, as text. */
  shown: string;
  /** The calls made before this one: a file an earlier writer call names exists. */
  earlier: { name: string; args: unknown }[];
  tools: ToolDoc[];
  /**
   * The calls the plan makes at and after this one (the right call of the step included): a file one
   * of them writes is not there yet, even where the user named it as the one to create (T-Eval
   * 53_1: read_file("outputs/marketing_presentation.pptx") before create_file makes it).
   */
  later?: { name: string; args: unknown }[];
}

/** Paths the writer calls among `calls` create (write_file's file_path, create_file's abs_location). */
function writtenBy(calls: readonly { name: string; args: unknown }[], tools: readonly ToolDoc[]): Set<string> {
  const out = new Set<string>();
  for (const call of calls) {
    const doc = tools.find((t) => t.name === call.name);
    if (!doc || !isPlainObject(call.args)) continue;
    for (const p of [...doc.required_parameters, ...doc.optional_parameters]) {
      const v = call.args[p.name];
      if (typeof v === 'string' && pathRole(doc, p) === 'output') out.add(v.trim());
    }
  }
  return out;
}

/**
 * Whether `text` names `path` as a whole path: "paper_readme.txt" is not named by a turn that gives
 * "data_v2/template_data/paper_readme.txt" (that file lives in a directory; the bare name is another
 * path, one the real tool does not find), nor "data.csv" by "old_data.csv".
 */
export function namesPath(text: string, path: string): boolean {
  if (!path) return false;
  for (let at = text.indexOf(path); at >= 0; at = text.indexOf(path, at + 1)) {
    const before = at > 0 ? text[at - 1] : '';
    const after = text[at + path.length] ?? '';
    if (/[\w./\\-]/.test(before)) continue;
    if (/[\w/\\-]/.test(after)) continue;
    return true;
  }
  return false;
}

export interface PathProblem {
  param: string;
  path: string;
  /** Whether the file is there at all: a non-image file an earlier step wrote is there, just not an image. */
  exists: boolean;
  /** The OS / library error the real tool prints (Python's str of the exception). */
  message: string;
  /** What is wrong, for reports. */
  why: string;
}

/**
 * Why a call's path argument cannot be what its parameter takes, or undefined when every one can.
 * Without a context only the kind is judged (an image parameter given a .ppt); with one, a file to
 * read must also exist.
 */
export function pathProblem(doc: ToolDoc, args: unknown, ctx?: PathContext): PathProblem | undefined {
  if (!isPlainObject(args)) return undefined;
  const created = ctx ? writtenBy(ctx.earlier, ctx.tools) : new Set<string>();
  const toBeWritten = ctx?.later ? writtenBy(ctx.later, ctx.tools) : new Set<string>();
  for (const p of [...doc.required_parameters, ...doc.optional_parameters]) {
    const value = args[p.name];
    if (typeof value !== 'string' || !value.trim()) continue;
    const role = pathRole(doc, p);
    if (!role || role === 'output') continue;
    const path = value.trim();
    const exists = created.has(path) || (ctx !== undefined && namesPath(ctx.shown, path) && !toBeWritten.has(path));
    const ext = extensionOf(path);
    if (role === 'image' && ext !== undefined && !IMAGE_EXT.has(ext)) {
      return created.has(path)
        ? { param: p.name, path, exists: true, message: `cannot identify image file '${path}'`, why: `${p.name} takes an image, "${path}" is a .${ext} file` }
        : { param: p.name, path, exists: false, message: `[Errno 2] No such file or directory: '${path}'`, why: `${p.name} takes an image, "${path}" is a .${ext} file no earlier step wrote` };
    }
    if (ctx && !exists) {
      return { param: p.name, path, exists: false, message: `[Errno 2] No such file or directory: '${path}'`, why: toBeWritten.has(path) ? `${p.name} reads "${path}", which only a later step of the plan writes` : `${p.name} reads "${path}", which no user turn or earlier answer shows and no earlier step wrote` };
    }
  }
  return undefined;
}
