/**
 * Stand-in content a plan leaves in a call's arguments (T-Eval's recorders imagined arguments and
 * never filled them): "Line 1\nLine 2\nLine 3", "{'text': 'Updated content of the file.'}",
 * "Bullet item 1.", an outline whose every field is empty ("1. Date: [SPAN]2. Time: "), a slot
 * left for someone to fill ("[LINK_TO_BLOG_POST]", "[INSERT SUBMISSION DEADLINE]"). Shared by
 * standardize (which repairs them or turns the plan down) and the quality measure
 * shown_placeholder_argument (which reads every call a case shows), so the two agree.
 *
 * And an argument that claims to copy an earlier answer but does not: bullets "from the first
 * three lines of the read text" that are not those lines (copiedLines).
 */
import { parseToolResponse } from './prompts/parseAction.js';

/** Numbered filler: "Line 1\nLine 2", "Bullet point 1[SPAN]Bullet point 2", "Bullet item 1.". */
const NUMBERED = /^(?:\s*(?:bullet (?:point|item)|item|line|paragraph) ?\d+[.:]?\s*(?:\[SPAN\]|\n|,|;)?\s*)+$/i;
/** Filler text: "Updated content of the file.", "content here", "sample text", "text from step 2", "Lorem ipsum", a lone "...". */
const FILLER = /\bupdated content\b|\bnew content\b|\b(?:content|text|message|details?) (?:goes )?here\b|\bsample text\b|\btext from step\b|\blorem ipsum\b|^\s*(?:\.\.\.|…|etc\.?)\s*$/i;
/** A dict's repr passed as a string ("{'text': 'Updated content of the file.'}"). */
const DICT_REPR = /^\s*\{\s*['"][A-Za-z_]+['"]\s*:/;
/** A slot left to fill: "[LINK_TO_BLOG_POST]", "[IMAGE_PATH]", "{places}", "[INSERT SUBMISSION DEADLINE]". */
export const FILL_SLOT = /\[[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\]|\{[A-Za-z_][A-Za-z0-9_ ]*\}|\[(?:insert|enter|add|fill in)\b[^\]]{0,40}\]/i;
/** A description of the user's name where the name goes ("Your Name"). */
const NAME_DESCRIPTION = /^(?:your|my|the user'?s) (?:full )?name$/i;

const segments = (v: string): string[] => v.split(/\[SPAN\]|\n/).map((s) => s.trim()).filter(Boolean);

/** An outline whose every field is left empty ("The purpose of the research: \n\nMethodologies used: "). */
export function emptyOutline(v: string): boolean {
  const segs = segments(v);
  return segs.length >= 2 && segs.every((s) => s.endsWith(':'));
}

export type StandInKind = 'numbered filler' | 'filler text' | 'a dict written as text' | 'a slot left to fill' | 'a description of the value' | 'an outline with every field empty';

/** Why a string argument is a stand-in, or undefined when it is content. */
export function standInKind(value: string): StandInKind | undefined {
  if (NUMBERED.test(value)) return 'numbered filler';
  if (FILLER.test(value)) return 'filler text';
  if (DICT_REPR.test(value)) return 'a dict written as text';
  if (FILL_SLOT.test(value)) return 'a slot left to fill';
  if (NAME_DESCRIPTION.test(value.trim())) return 'a description of the value';
  if (emptyOutline(value)) return 'an outline with every field empty';
  return undefined;
}

/**
 * The outline's fields as the points they name ("The purpose of the research\nMethodologies used"):
 * the user named the points, not what each says, so the text lists them; numbering and colons go.
 */
export function outlinePoints(value: string): string {
  const span = value.includes('[SPAN]');
  const points = segments(value).map((s) => s.replace(/^\d+[.)]\s*/, '').replace(/\s*:$/, ''));
  return span ? points.join('[SPAN]') : points.map((p) => `- ${p}`).join('\n');
}

/**
 * A message with its lines that hold only a label and a slot ("- Submission Deadline: [INSERT
 * SUBMISSION DEADLINE]") taken out; undefined when a slot stays elsewhere in the text.
 */
export function dropSlotLines(value: string, said = ''): string | undefined {
  const asked = requestedDetails(said);
  const lines = value.split('\n').flatMap((l) => {
    const slotOnly = FILL_SLOT.test(l) && l.replace(new RegExp(FILL_SLOT.source, 'gi'), '').replace(/^[\s\-*•\d.)]*[^:]{0,60}:\s*$/, '').trim() === '';
    if (!slotOnly) return [l];
    // A detail the user asked the message to carry keeps its line, saying honestly that it is still open.
    const label = /^([\s\-*•\d.)]*)([^:]{1,60}):/.exec(l);
    if (label && asked.some((d) => detailCovered(d, label[2]))) return [`${label[1]}${label[2].trim()}: to be confirmed`];
    return [];
  });
  const out = lines.join('\n').replace(/\n{3,}/g, '\n\n');
  return FILL_SLOT.test(out) ? undefined : out;
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** "the first three lines of the read text" in the user's words: how many lines, or undefined. */
export function firstLinesAsked(said: string): number | undefined {
  const m = /\bfirst (\d+|one|two|three|four|five|six|seven|eight|nine|ten) lines of the (?:read |file'?s? )?(?:text|file|content)\b/i.exec(said);
  if (!m) return undefined;
  return /^\d+$/.test(m[1]) ? Number(m[1]) : NUMBER_WORDS[m[1].toLowerCase()];
}

/** The text a file read answered (`{"text": ...}`), or undefined. */
export function readText(response: string): string | undefined {
  // JSON or, as T-Eval's tools print it, a Python literal ({'text': '…'}).
  const parsed = parseToolResponse(response);
  if (parsed && typeof parsed === 'object' && typeof (parsed as { text?: unknown }).text === 'string') return (parsed as { text: string }).text;
  return undefined;
}

/** The first n lines of a text that hold something, or undefined when it has fewer. */
export function firstLines(text: string, n: number): string[] | undefined {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.length >= n ? lines.slice(0, n) : undefined;
}

/** Does a bullet value hold exactly these lines (in order, however separated)? */
export function holdsLines(value: string, lines: readonly string[]): boolean {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  const got = segments(value).map(norm);
  return got.length === lines.length && got.every((g, i) => g === norm(lines[i]));
}

/** Keys that carry a page's or message's listed content. */
export const LISTED_CONTENT_KEY = /^(?:bullet_?items|bullets|content|text|body)$/i;

/** The titles an answer lists ("Title: …" lines of a paper search, `"title": "…"` fields), in order. */
export function listedTitles(response: string): string[] {
  const out: string[] = [];
  for (const m of response.matchAll(/(?:^|\\n|\n)Title: ([^\n\\]+)|["']title["']\s*:\s*"((?:[^"\\]|\\.)+)"/g)) {
    const t = (m[1] ?? m[2] ?? '').trim();
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

/**
 * Arguments a step takes from an earlier answer, filled from that answer once it is known (the
 * plan was made before it): bullets "from the first three lines of the read text" are those lines;
 * numbered filler bullets ("Bullet item 1.[SPAN]Bullet item 2.") on a page after a search are the
 * titles the search listed, one per filler item. Returns the new arguments (and the step's thought
 * with the old value replaced) or undefined when nothing changes.
 */
export function followedArguments(args: Record<string, unknown>, thought: string | undefined, said: string, earlier: readonly (string | undefined)[]): { args: Record<string, unknown>; thought?: string } | undefined {
  let changed = false;
  const out = { ...args };
  let t = thought;
  for (const [key, v] of Object.entries(args)) {
    if (typeof v !== 'string') continue;
    const read = earlier.map((r) => (r === undefined ? undefined : readText(r))).filter((x): x is string => x !== undefined).pop();
    // "add a page with the research notes" after the notes were read: the notes, not their name.
    if (namesReadContent(key, v, said, read)) {
      const given = readContentAs(key, read!);
      out[key] = given;
      changed = true;
      // A thought that quoted the name now points to what was read.
      if (t) t = t.replace(new RegExp(`["'“‘]${escapeRe(v)}["'”’]`, 'g'), 'the text read from the file');
      continue;
    }
    if (!/bullet/i.test(key)) continue;
    let next: string | undefined;
    const n = firstLinesAsked(said);
    const lines = n && read !== undefined ? firstLines(read, n) : undefined;
    if (lines && !holdsLines(v, lines)) next = lines.join('[SPAN]');
    else if (NUMBERED.test(v)) {
      const count = segments(v).length;
      const titles = earlier.filter((r): r is string => r !== undefined).map(listedTitles).find((ts) => ts.length >= count);
      if (titles) next = titles.slice(0, count).join('[SPAN]');
    }
    if (next === undefined || next === v) continue;
    out[key] = next;
    changed = true;
    if (t) t = t.split(JSON.stringify(v).slice(1, -1)).join(JSON.stringify(next).slice(1, -1)).split(v).join(next);
  }
  return changed ? { args: out, ...(t !== undefined ? { thought: t } : {}) } : undefined;
}

/**
 * Standardize's repair of a T-Eval argument: the repaired text, undefined when it is content (or
 * the user said it, or resolve fills it: numbered filler bullets follow a search's titles), null when
 * it is filler nothing the user said can fill ("Lorem ipsum", "[LINK_TO_BLOG_POST]").
 */
export function repairStandIn(value: string, said: string): string | null | undefined {
  const kind = standInKind(value);
  if (!kind || said.includes(value.trim())) return undefined;
  if (kind === 'an outline with every field empty') return outlinePoints(value);
  if (kind === 'a slot left to fill') {
    const dropped = dropSlotLines(value, said);
    // A text that was only its slot lines ("Check out my latest blog post: [LINK_TO_BLOG_POST]") has nothing left to send.
    if (dropped !== undefined && dropped !== value) return dropped.trim() ? dropped : null;
    return /\[[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\]/.test(value) && !/^\[[A-Z_]+\]$/.test(value.trim()) ? null : undefined;
  }
  if (kind === 'filler text') return null;
  return undefined;
}

/** The key of a write's text the plan only imagined ("{'text': 'Updated content of the file.'}"), or undefined. */
export function standInWrite(action: { name: string; args: unknown }, said: string): string | undefined {
  if (!/\bwrite/i.test(action.name) || !action.args || typeof action.args !== 'object') return undefined;
  for (const [key, v] of Object.entries(action.args)) {
    if (typeof v !== 'string' || said.includes(v.trim())) continue;
    const kind = standInKind(v);
    if (kind === 'filler text' || kind === 'a dict written as text') return key;
  }
  return undefined;
}

const STOP = new Set(['the', 'a', 'an', 'of', 'and', 'or', 'for', 'to', 'in', 'on', 'about', 'with', 'any', 'all', 'its', 'their', 'your', 'our', 'my']);
const stems = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w)).map((w) => w.slice(0, 5));

/**
 * The details a request asks a message to carry, as the user quoted them: "include details about
 * 'the review process', 'submission deadline', and 'expected feedback time'", "include the following
 * points: 'The purpose of the research', 'Methodologies used', and 'Expected outcomes'". Two or more.
 */
export function requestedDetails(said: string): string[] {
  const out: string[] = [];
  for (const m of said.matchAll(/\b(?:include|includes|including|mention|mentions|mentioning|cover|covers|covering|contain|contains|containing)\s+(?:the\s+)?(?:(?:details?|information|info)\s+(?:about|on|of|regarding)\s+|following\s+(?:points|details|items|topics)\s*:\s*)?((?:'[^']{2,80}'(?:\s*,?\s*(?:and|or)\s+|\s*,\s*)?){2,})/gi)) {
    for (const q of m[1].matchAll(/'([^']{2,80})'/g)) if (!out.includes(q[1].trim())) out.push(q[1].trim());
  }
  return out.length >= 2 ? out : [];
}

/** Does a text mention a requested detail (every word of it that says something, "expected feedback time")? */
export function detailCovered(detail: string, text: string): boolean {
  const want = stems(detail);
  const have = new Set(stems(text));
  return want.length > 0 && want.every((w) => have.has(w));
}

/** The requested details a message's text leaves out. */
export function missingDetails(text: string, said: string): string[] {
  return requestedDetails(said).filter((d) => !detailCovered(d, text));
}

/**
 * A content argument that names what an earlier answer showed in full instead of giving it: the
 * request's "add a page with the research notes" passed as bullet_items="Research notes" after
 * `read_file` answered the notes. True when the value is a few words the request says as "the …"
 * (and does not quote) and a file read before it answered a text the value is not part of.
 */
export function namesReadContent(key: string, value: string, said: string, read: string | undefined): boolean {
  if (read === undefined || !LISTED_CONTENT_KEY.test(key)) return false;
  const v = value.trim();
  if (!v || /\[SPAN\]|\n/.test(v) || v.split(/\s+/).length > 5 || /\d/.test(v)) return false;
  if (read.toLowerCase().includes(v.toLowerCase())) return false;
  if (new RegExp(`['"\u2018\u201c]${escapeRe(v)}['"\u2019\u201d]`, 'i').test(said)) return false;
  return new RegExp(`\\bthe ${escapeRe(v)}\\b`, 'i').test(said);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The read text as the argument gives it: bullets one line each ("- " dropped), else the text itself. */
export function readContentAs(key: string, read: string): string {
  if (!/bullet/i.test(key)) return read;
  return read.split('\n').map((l) => l.trim().replace(/^[-*•]\s*/, '')).filter(Boolean).join('[SPAN]');
}

/** A line that is one item of a written list: numbered ("1. Opening Remarks"), marked ("- BP"), or one field ("Capacity: 1 person", "导演：诺兰"). */
const ITEM_LINE = /^(?:\(?\d{1,2}[.)]\s+\S|[-*•]\s+\S|[^:：\n]{1,30}[:：]\s*\S)/;

/**
 * A list written one item per line for a parameter whose doc separates items with [SPAN]
 * (PPT.add_text_page's bullet_items: "for multiple bullet items, please use [SPAN] to separate
 * them"): T-Eval 254_1 passes "1. Introduction to computer vision\n2. Applications of computer
 * vision\n3. Computer vision algorithms", one bullet of three lines, where a model following the doc
 * writes three bullets. Returns the lines joined by [SPAN] as written (their numbers and "- "
 * markers kept: the readers of a slide's names and fields, copiedFields.ts, know a list by them), or
 * undefined when the doc names no [SPAN] or some line is no list item (a paragraph, a wrapped
 * summary: one bullet's text).
 */
export function spanListLines(value: string, description: string): string | undefined {
  if (!description.includes('[SPAN]') || value.includes('[SPAN]')) return undefined;
  const lines = value.split('\n').map((l) => l.trim()).filter(Boolean);
  if (lines.length < 2 || !lines.every((l) => ITEM_LINE.test(l))) return undefined;
  return lines.join('[SPAN]');
}

/**
 * A bullet list whose [SPAN] separator splits one bullet in two: a label from its value ("Date and
 * Time: [SPAN]2023-10-22 22:53", "Image: [SPAN]outputs/1697986446.9011912.jpg", 456_1), an
 * enumerator from its item ("1. [SPAN]红猪") or a line from its " - " continuation. The page shows a bullet "Date and Time:" and another
 * "2023-10-22 22:53". Returns the list with each such pair joined by a space (the separator kept
 * between real bullets), or undefined when no bullet is split.
 */
export function joinSplitBullets(value: string): string | undefined {
  if (!value.includes('[SPAN]')) return undefined;
  const items = value.split('[SPAN]');
  const out: string[] = [];
  let joined = false;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const prev = out.length ? out[out.length - 1] : undefined;
    // An item that opens " - " goes on the line before it ("红猪[SPAN] - 喜剧 / 动画 / 冒险": the title and its genres); a bullet list's own "- " opens flush.
    if (prev !== undefined && (splitHead(prev) || /^\s+[-–—]\s/.test(item))) {
      out[out.length - 1] = `${prev.trimEnd()} ${item.trimStart()}`;
      joined = true;
      continue;
    }
    out.push(item);
  }
  // Numbered lines the split ran together ("1. 红猪 - …\n2. 涉过愤怒的海 - …") are the list's bullets.
  return joined ? out.map((x) => x.replace(/\n(?=\s*\d{1,2}[.)]\s)/g, '[SPAN]')).join('[SPAN]') : undefined;
}

/** A bullet that is only the head of the next one: a short label ending in a colon ("Date and Time:"), or a bare enumerator ("1.", "(2)", "-"), on its last line. */
function splitHead(item: string): boolean {
  const last = item.split('\n').pop()!.trim();
  if (!last) return false;
  return /^[^:\n]{1,30}:$/.test(last) || /^(?:\(?\d{1,2}[.)]|[-*•])$/.test(last);
}

/** A text argument that says what a file holds instead of holding it: "Content of the file located at `…/paper_readme.txt`". */
const DESCRIBES_FILE = /\b(?:content|contents|text)\s+(?:of|from|in)\s+(?:the\s+)?(?:file|document)\b/i;

export interface TextBeforeRead {
  /** The step whose text argument describes the file. */
  at: number;
  key: string;
  /** The later step reading that file. */
  readAt: number;
  path: string;
}

/**
 * A text argument describing a file the plan reads only later: 116_1's Email.send body "Content of the
 * file located at `data_v2/template_data/paper_readme.txt`" for "include the text from the file …",
 * sent one step before read_file of that path. The message carries the file's description, not its
 * text, and nothing shown before the send holds the text to put in.
 */
export function textBeforeRead(steps: readonly { action: { name: string; args: unknown } }[]): TextBeforeRead | undefined {
  for (const [at, s] of steps.entries()) {
    if (!s.action.args || typeof s.action.args !== 'object') continue;
    for (const [key, v] of Object.entries(s.action.args as Record<string, unknown>)) {
      if (typeof v !== 'string' || !LISTED_CONTENT_KEY.test(key) || !DESCRIBES_FILE.test(v) || v.split(/\s+/).length > 20) continue;
      for (let readAt = at + 1; readAt < steps.length; readAt++) {
        const r = steps[readAt].action;
        if (!/read/i.test(r.name.split('.').pop() ?? '') || !r.args || typeof r.args !== 'object') continue;
        const path = Object.values(r.args as Record<string, unknown>).find((x): x is string => typeof x === 'string' && x.trim().length > 0);
        if (path && (v.includes(path) || v.includes(path.split('/').pop()!))) return { at, key, readAt, path };
      }
    }
  }
  return undefined;
}

/**
 * The plan with the read moved to just before the step describing its file and that step's text
 * argument set to what the read answered (116_1: read_file, then Email.send with the file's text as
 * body); T-Eval's prev places renumbered. Undefined when the read has no recorded text to put in.
 */
export function readBeforeText<S extends { action: { name: string; args: unknown }; response?: { content: string }; prev?: number[] }>(steps: readonly S[], found: TextBeforeRead): S[] | undefined {
  const text = steps[found.readAt].response ? readText(steps[found.readAt].response!.content) : undefined;
  if (text === undefined || !text.trim()) return undefined;
  const order = [...steps.keys()].filter((i) => i !== found.readAt);
  order.splice(found.at, 0, found.readAt);
  const place = new Map(order.map((old, now) => [old, now]));
  return order.map((old, now) => {
    const s = steps[old];
    // The read builds on what the described step built on; that step now builds on the read.
    const prev = old === found.at ? [place.get(found.readAt)!] : (old === found.readAt ? steps[found.at].prev : s.prev)?.map((p) => place.get(p) ?? p);
    const args = old === found.at ? { ...(s.action.args as Record<string, unknown>), [found.key]: text } : s.action.args;
    return { ...s, action: { ...s.action, args }, ...(prev ? { prev } : {}) };
  });
}

const ownNorm = (s: string) => s.toLowerCase().replace(/[‘’'"“”]/g, '').replace(/\b(?:my|our|your|the)\b/g, 'the').replace(/\s+/g, ' ').trim();

/**
 * A content argument that only restates the request's name for the user's own content, which the user
 * never gives: 466_2's bullet_items "Main points of the presentation" for "a bullet list containing the
 * main points of my presentation". Nothing shown says what those points are, so no careful step can
 * write them; the value is the request's words for them, not them. Returns the request's phrase.
 */
export function ownContentNotGiven(key: string, value: string, said: string, earlier: readonly (string | undefined)[] = []): string | undefined {
  if (!LISTED_CONTENT_KEY.test(key)) return undefined;
  const v = value.trim().replace(/[.:]$/, '');
  if (!v || /\[SPAN\]|\n/.test(v) || v.split(/\s+/).length < 2 || v.split(/\s+/).length > 8) return undefined;
  if (new RegExp(`['"\u2018\u201c]${escapeRe(v)}['"\u2019\u201d]`, 'i').test(said)) return undefined;
  if (earlier.some((e) => e !== undefined && e.toLowerCase().includes(v.toLowerCase()))) return undefined;
  const target = ownNorm(v).replace(/^the /, '');
  // The request's phrase for it, said as the user's own ("the main points of my presentation").
  for (const m of said.matchAll(/\b(?:my|our)\s+[\w-]+/gi)) {
    const before = said.slice(0, m.index).split(/\s+/).filter(Boolean).slice(-8);
    for (let start = 0; start <= before.length; start++) {
      const phrase = [...before.slice(start), m[0]].join(' ');
      const n = ownNorm(phrase);
      if (n === target || n === `the ${target}`) return phrase;
    }
  }
  return undefined;
}
