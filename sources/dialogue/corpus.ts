/**
 * The Long Context corpus: pure dialogue (no tool calls) inserted before a case's query. The
 * default is Taskmaster-4's 3,710 two-sided dialogues (sources/dialogue/taskmaster4/, CC BY 4.0);
 * BFCL's user-only "memory" dialogues stay readable (loadBfclDialogues); a user may point config.evolve.longContext.corpus
 * at any JSONL of chat messages, either one `{role, content}` per line (consecutive lines form one
 * dialogue; a blank line or a `{"dialogue": id}` key starts a new one) or one `{messages: [...]}` per
 * line (LongBench-style). Bad input is an error naming file and line. Turns that look like tool calls
 * or JSON actions are never used: they are dropped and counted, because a Long Context case must add
 * conversation, not tool-calling history.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { sha256 } from '../../pipeline/hash.js';
import { countTokens } from '../../pipeline/tokens.js';
import { mendSplice, tidyLine } from '../../pipeline/dialogueRules.js';
import { SOURCES_DIR, sourceFiles } from '../paths.js';

export interface CorpusTurn {
  role: 'user' | 'assistant';
  content: string;
  tokens: number;
}

export interface Dialogue {
  /** `<file>#<id or line>`: where the dialogue came from. */
  id: string;
  turns: CorpusTurn[];
}

export interface Corpus {
  /** Files read, for provenance. */
  files: string[];
  /** sha256 over the dialogues actually kept: goes into evolve's item keys. */
  digest: string;
  dialogues: Dialogue[];
  /** Turns dropped because they looked like tool calls / JSON actions, with where they were. */
  dropped: { where: string; why: string }[];
}

export class CorpusError extends Error {}

const Message = z.object({ role: z.string().min(1), content: z.string() }).passthrough();
const MessagesLine = z.object({ messages: z.array(Message).min(1), id: z.union([z.string(), z.number()]).optional() }).passthrough();
const BfclLine = z.object({ id: z.string(), question: z.array(z.array(Message)) }).passthrough();

/** Roles kept as conversation; anything tool-ish (function, tool, ipython) is not a dialogue turn. */
const USER_ROLES = new Set(['user', 'human']);
const ASSISTANT_ROLES = new Set(['assistant', 'gpt', 'bot', 'model']);
const TOOL_ROLES = new Set(['function', 'tool', 'ipython', 'observation']);

/**
 * Why a text looks like a tool call (or undefined when it is plain conversation): a JSON object with
 * a `name` and `args`/`arguments`/`parameters`, an OpenAI `function_call`/`tool_calls` payload, a
 * `<tool_call>` tag, or a Python-style call of a dotted or snake_case function with
 * keyword arguments anywhere in the text (BFCL's call syntax, e.g. `cd(folder="x")`).
 */
export function toolCallReason(text: string): string | undefined {
  if (/<\/?tool_call>|<\/?function_call>/i.test(text)) return 'contains a <tool_call> tag';
  if (/"(function_call|tool_calls)"\s*:/.test(text)) return 'contains an OpenAI function_call/tool_calls payload';
  if (/"name"\s*:\s*"[^"]+"\s*,\s*"(args|arguments|parameters)"\s*:/.test(text) || /"(args|arguments)"\s*:\s*[{"][^]*"name"\s*:/.test(text)) {
    return 'contains a JSON action ({"name": ..., "args": ...})';
  }
  if (/"name"\s*:\s*"FinishAction"/.test(text)) return 'contains a FinishAction';
  // An identifier directly followed by `(key=<literal>`: prose does not write that, tool calls do.
  if (/\b[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*\(\s*[A-Za-z_][A-Za-z0-9_]*\s*=\s*["'\d\[{\-TFN]/.test(text)) return 'contains a Python-style function call with keyword arguments';
  return undefined;
}

/**
 * Line breaks a corpus's export escaped into text (Taskmaster-4: "It is.\\r", "teas.\\rI recommend")
 * read as a space. Only at the start, the end, or after a sentence's end: a "\\n" inside a word
 * or a path may be what the speaker wrote.
 */
export function unescapeBreaks(text: string): string {
  return text
    .replace(/(?:\\[rn])+/g, (m, at: number, all: string) => {
      const before = all.slice(0, at);
      const after = all.slice(at + m.length);
      const sentenceEnd = /[.!?,;]\s*$/.test(before) && /^[A-Z"']/.test(after);
      return before.trim() === '' || after.trim() === '' || sentenceEnd || /^\s/.test(after) ? ' ' : m;
    })
    .replace(/ {2,}/g, ' ');
}

function roleOf(raw: string): 'user' | 'assistant' | 'tool' | 'system' | undefined {
  const r = raw.toLowerCase();
  if (r === 'system') return 'system';
  if (USER_ROLES.has(r)) return 'user';
  if (ASSISTANT_ROLES.has(r)) return 'assistant';
  if (TOOL_ROLES.has(r)) return 'tool';
  return undefined;
}

function zodWhere(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue.path.join('.') || '(root)'}: ${issue.message}`;
}

class Builder {
  dialogues: Dialogue[] = [];
  dropped: Corpus['dropped'] = [];
  /** Where each kept turn came from (its first line when merged), by dialogue: for the unanswered turns finish drops. */
  private readonly wheres = new Map<Dialogue, string[]>();

  add(id: string, messages: { role: string; content: string }[], where: (i: number) => string): void {
    const turns: CorpusTurn[] = [];
    const at: string[] = [];
    messages.forEach((m, i) => {
      const role = roleOf(m.role);
      if (role === undefined) throw new CorpusError(`${where(i)}: unknown role "${m.role}" (expected user/assistant; system and function/tool turns are dropped)`);
      if (role === 'tool') {
        this.dropped.push({ where: where(i), why: `role "${m.role}" is a tool response` });
        return;
      }
      // A chat file's own system prompt is not conversation; the case keeps its own.
      if (role === 'system') {
        this.dropped.push({ where: where(i), why: 'a system message' });
        return;
      }
      // A line typed on into the next ("Could I get a chai latte?Yes") or left on a comma, mended.
      const content = tidyLine(mendSplice(unescapeBreaks(m.content).trim()));
      if (!content) return;
      const why = toolCallReason(content);
      if (why) {
        this.dropped.push({ where: where(i), why });
        return;
      }
      turns.push({ role, content, tokens: countTokens(content) });
      at.push(where(i));
    });
    if (!turns.length) return;
    const dialogue = { id, turns };
    this.dialogues.push(dialogue);
    this.wheres.set(dialogue, at);
  }

  /**
   * A two-sided corpus as exchanges a chat shows: a speaker's consecutive turns are one message
   * (Taskmaster splits some; a dropped tool turn can leave two), and each dialogue opens with the
   * user and ends with the assistant's reply. A user turn nobody answered, inserted before the task's
   * own request, would read as two requests in a row with the first ignored. A user-only corpus
   * (BFCL's dialogues, on request) is kept as it is.
   */
  asExchanges(): void {
    if (!this.dialogues.some((d) => d.turns.some((t) => t.role === 'assistant'))) return;
    const kept: Dialogue[] = [];
    for (const d of this.dialogues) {
      const at = this.wheres.get(d)!;
      const merged: CorpusTurn[] = [];
      const from: string[] = [];
      d.turns.forEach((t, i) => {
        const last = merged[merged.length - 1];
        if (last?.role === t.role) {
          const content = `${last.content}\n${t.content}`;
          merged[merged.length - 1] = { role: t.role, content, tokens: countTokens(content) };
        } else {
          merged.push(t);
          from.push(at[i]);
        }
      });
      while (merged[0]?.role === 'assistant') {
        merged.shift();
        this.dropped.push({ where: from.shift()!, why: 'an assistant turn that answers nothing shown (the dialogue opens with it)' });
      }
      while (merged[merged.length - 1]?.role === 'user') {
        merged.pop();
        this.dropped.push({ where: from.pop()!, why: 'a user turn nobody answered (the dialogue ends with it)' });
      }
      if (merged.length) kept.push({ id: d.id, turns: merged });
    }
    this.dialogues = kept;
  }
}

function parseLine(file: string, lineNo: number, line: string): unknown {
  try {
    return JSON.parse(line);
  } catch (err) {
    throw new CorpusError(`${file}:${lineNo}: not valid JSON (${(err as Error).message})`);
  }
}

/** BFCL's dialogue files: one JSON object per line, `question` a list of turns, each a list of messages. */
function readBfclFile(path: string, b: Builder): void {
  const name = basename(path);
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (!line.trim()) return;
      const parsed = BfclLine.safeParse(parseLine(path, i + 1, line));
      if (!parsed.success) throw new CorpusError(`${path}:${i + 1}: not a BFCL dialogue record (${zodWhere(parsed.error)})`);
      const messages = parsed.data.question.flat();
      b.add(`${name}#${parsed.data.id}`, messages, (m) => `${path}:${i + 1} message ${m}`);
    });
}

/** A user's JSONL: `{messages: [...]}` per line, or `{role, content}` per line. */
function readJsonlFile(path: string, b: Builder): void {
  const name = basename(path);
  let pending: { role: string; content: string; line: number }[] = [];
  let pendingId = '';
  const flush = () => {
    if (pending.length) {
      const lines = pending.map((p) => p.line);
      b.add(`${name}#${pendingId || lines[0]}`, pending, (m) => `${path}:${lines[m]}`);
    }
    pending = [];
    pendingId = '';
  };
  const lines = readFileSync(path, 'utf8').split('\n');
  lines.forEach((line, i) => {
    const lineNo = i + 1;
    if (!line.trim()) {
      flush();
      return;
    }
    const value = parseLine(path, lineNo, line) as Record<string, unknown>;
    if (value && typeof value === 'object' && 'messages' in value) {
      flush();
      const parsed = MessagesLine.safeParse(value);
      if (!parsed.success) throw new CorpusError(`${path}:${lineNo}: bad {messages: [...]} line (${zodWhere(parsed.error)})`);
      b.add(`${name}#${parsed.data.id ?? lineNo}`, parsed.data.messages, (m) => `${path}:${lineNo} message ${m}`);
      return;
    }
    const parsed = Message.safeParse(value);
    if (!parsed.success) throw new CorpusError(`${path}:${lineNo}: expected {role, content} or {messages: [...]} (${zodWhere(parsed.error)})`);
    const dialogueId = (value as { dialogue?: unknown }).dialogue;
    if (dialogueId !== undefined && String(dialogueId) !== pendingId) {
      flush();
      pendingId = String(dialogueId);
    }
    pending.push({ role: parsed.data.role, content: parsed.data.content, line: lineNo });
  });
  flush();
}

function finish(files: string[], b: Builder, origin: string): Corpus {
  b.asExchanges();
  if (b.dialogues.length === 0) throw new CorpusError(`${origin}: no usable dialogue turns (${b.dropped.length} dropped: tool calls, system messages, turns nobody answered)`);
  const digest = sha256(JSON.stringify(b.dialogues.map((d) => [d.id, d.turns.map((t) => [t.role, t.content])])));
  return { files, digest, dialogues: b.dialogues, dropped: b.dropped };
}

/** The vendored Taskmaster-4 dialogue text (sources/dialogue/taskmaster4/, CC BY 4.0). */
export const TASKMASTER4_DIALOGUES = join(SOURCES_DIR, 'dialogue', 'taskmaster4', 'dialogues.jsonl');

/** BFCL's user-only dialogues (vendored, or under sourceDir). */
export function loadBfclDialogues(sourceDir?: string): Corpus {
  const dir = sourceFiles(sourceDir).bfcl.dialogueDir;
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json') || n.endsWith('.jsonl')).sort();
  } catch {
    throw new CorpusError(`BFCL dialogue directory ${dir} is missing`);
  }
  const b = new Builder();
  const files = names.map((n) => join(dir, n));
  for (const f of files) readBfclFile(f, b);
  return finish(files, b, dir);
}

const cache = new Map<string, Corpus>();

function safeStamp(path: string): string {
  try {
    const st = statSync(path);
    return `${st.size}:${st.mtimeMs}`;
  } catch {
    return 'missing';
  }
}

/** The default corpus (Taskmaster-4's two-sided dialogues), or the user's JSONL file. */
export function loadCorpus(opts: { corpus?: string; sourceDir?: string } = {}): Corpus {
  // A user's file is keyed with its size and mtime too, so an edited corpus is read again.
  const stamp = opts.corpus ? safeStamp(opts.corpus) : '';
  const cacheKey = `${opts.corpus ?? ''}\u0000${stamp}\u0000${opts.sourceDir ?? ''}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const b = new Builder();
  let corpus: Corpus;
  if (opts.corpus) {
    try {
      statSync(opts.corpus);
    } catch {
      throw new CorpusError(`long-context corpus ${opts.corpus} does not exist (config.evolve.longContext.corpus)`);
    }
    readJsonlFile(opts.corpus, b);
    corpus = finish([opts.corpus], b, opts.corpus);
  } else {
    // Taskmaster-4: two-sided (user and assistant) human-written dialogues. BFCL's own dialogue
    // files are user-only monologues, so a context cut from them would read one-sided; they stay
    // readable as a BFCL file list (loadBfclDialogues) but are not the default.
    const path = TASKMASTER4_DIALOGUES;
    readJsonlFile(path, b);
    corpus = finish([path], b, path);
  }
  cache.set(cacheKey, corpus);
  return corpus;
}
