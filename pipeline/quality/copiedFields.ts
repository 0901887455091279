/**
 * Record fields a call copies: an email listing papers writes each one's "Published:", "Authors:"
 * and "Summary:" lines next to its "Title:", a slide about a property its "Type:", "Capacity:" and
 * "Rating:". They come from the record an earlier answer gave for that title, so they must be the
 * values that answer shows: a plan recorded on another answer copies the original record's date
 * and authors, which a simulated answer listing the same title with other values contradicts.
 *
 * Shared by the resolve stage (which fields a simulated record must carry beside a copied title,
 * grounded.ts), assemble (which cases to turn down) and the quality report (call_field_unshown).
 */
import { FINISH_ACTION, type Action, type ChatMessage } from '../schemas.js';
import { parseToolResponse } from '../prompts/parseAction.js';
import { callsAt, namesAThing, shownText, spanAsLines } from './grounding.js';

/** One "Label: value" line of a copied record (continuation lines joined to the value). */
export interface CopiedField {
  label: string;
  value: string;
}

/** A record a call copies: the title (or name) it is about, and the other fields it gives. */
export interface CopiedRecord {
  title: string;
  fields: CopiedField[];
}

const LABEL_LINE = /^[ \t]*(?:\d+[.)][ \t]*|[-*•][ \t]*)?([A-Za-z][A-Za-z' ]{0,28}?)[ \t]*[:：][ \t]*(.*?)[ \t]*$/;
/** Labels that name the record itself. */
const IDENTITY = /^(?:(?:paper|article|film|movie|property)\s+)?(?:title|name)$/i;

/**
 * Fields a record gives that a writer can only copy: a date, an author list, a summary, a number
 * (rating, capacity, price), a kind, an address, a phone, a homepage, an affiliation, a venue.
 */
const RECORD_LABEL =
  /^(?:published(?: date| on)?|publication date|release date|date|authors?|summary|abstract|overview|rating|score|capacity|person capacity|price|cost|address|phone(?: number)?|(?:property )?type|website|homepage|affiliations?|journal|venue|year|user|review|comment)$/i;

const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The labelled blocks of a text: lines "Label: value" (a line without a label continues the value
 * before it), a block ending at a blank line, at a heading ("Property 2:") or where a label comes
 * again. Each block keeps its fields in order.
 */
export function labelledBlocks(text: string): CopiedField[][] {
  const blocks: CopiedField[][] = [];
  let current: CopiedField[] = [];
  const close = () => {
    if (current.length) blocks.push(current);
    current = [];
  };
  for (const line of spanAsLines(text).split(/\r?\n/)) {
    if (!line.trim()) {
      close();
      continue;
    }
    const m = LABEL_LINE.exec(line);
    const label = m && m[1].trim().split(/\s+/).length <= 3 ? m[1].trim() : undefined;
    if (m && label) {
      if (!m[2]) {
        // A heading ("Property 2:", "Details:") starts a block of its own.
        close();
        continue;
      }
      if (current.some((f) => f.label.toLowerCase() === label.toLowerCase())) close();
      current.push({ label, value: m[2] });
    } else if (current.length) {
      current[current.length - 1].value += ` ${line.trim()}`;
    }
  }
  close();
  return blocks;
}

/**
 * The records a call copies: each block of a free-text argument that names its record ("Title: …",
 * "Name: …") and gives at least one record field; and a slide named for a thing (namesAThing) whose
 * bullet items give record fields ("Authors: …\nSummary: …" on the slide of a paper).
 */
export function copiedRecords(action: Action, userText: string): CopiedRecord[] {
  if (action.name === FINISH_ACTION || !isObject(action.args)) return [];
  const args = action.args;
  const out: CopiedRecord[] = [];
  // A slide named for a thing the user did not name ("Lecture Notes: Optimization for Machine Learning", not 'Client Testimonials').
  const slideTitle =
    typeof args.title === 'string' && 'bullet_items' in args && namesAThing(args.title, userText) && !` ${norm(userText)} `.includes(` ${norm(args.title)} `) ? args.title.trim() : undefined;
  for (const [key, value] of Object.entries(args)) {
    for (const text of Array.isArray(value) ? value : [value]) {
      if (typeof text !== 'string' || !/\n|^\s*\S[^:\n]{0,30}:/.test(spanAsLines(text))) continue;
      for (const block of labelledBlocks(text)) {
        const identity = block.find((f) => IDENTITY.test(f.label));
        const title = identity?.value.replace(/[.;,]+$/, '').trim() ?? (key === 'bullet_items' ? slideTitle : undefined);
        const fields = block.filter((f) => f !== identity && RECORD_LABEL.test(f.label) && f.value.trim().length > 0);
        if (title && title.length >= 2 && fields.length) out.push({ title, fields });
      }
    }
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A record an answer shows: its title or name, and its other fields by name. */
interface ShownRecord {
  titles: string[];
  fields: Record<string, unknown>;
}

/** The records an answer shows: itself, the records its lists hold, the items of parallel lists, the blocks of its text. */
export function shownRecords(answer: unknown): ShownRecord[] {
  const out: ShownRecord[] = [];
  const add = (r: Record<string, unknown>) => {
    const titles = Object.entries(r)
      .filter(([k, v]) => /^(title|name|user|username|author|author_name)$/i.test(k) && typeof v === 'string')
      .map(([, v]) => v as string);
    if (titles.length) out.push({ titles, fields: r });
  };
  const fromText = (text: string) => {
    for (const block of labelledBlocks(text)) {
      const fields: Record<string, unknown> = {};
      for (const f of block) fields[f.label] = f.value;
      add(fields);
    }
  };
  if (typeof answer === 'string') fromText(answer);
  if (!isObject(answer)) return out;
  add(answer);
  for (const [k, v] of Object.entries(answer)) {
    if (typeof v === 'string' && /\n/.test(v)) fromText(v);
    if (!Array.isArray(v)) continue;
    for (const item of v) {
      if (isObject(item)) add(item);
      else if (typeof item === 'string' && /\n/.test(item)) fromText(item);
    }
    // Parallel lists (Google Scholar's title, pub_info, cited_by): the items at one position make a record.
    if (/^titles?$/i.test(k) && v.every((t) => typeof t === 'string')) {
      v.forEach((_, i) => {
        const record: Record<string, unknown> = {};
        for (const [k2, v2] of Object.entries(answer)) if (Array.isArray(v2) && v2.length === v.length) record[k2] = v2[i];
        record.title = v[i];
        add(record);
      });
    }
  }
  return out;
}

/** Names one fact goes by in a call's text and in an answer's record. */
const SAME_FIELD: string[][] = [
  ['summary', 'abstract', 'overview', 'description'],
  ['review', 'content', 'comment', 'comments', 'text'],
  ['rating', 'voteaverage', 'score'],
  ['published', 'publisheddate', 'publicationdate', 'date', 'releasedate'],
  ['website', 'homepage', 'url'],
  ['affiliation', 'affiliations', 'affliation'],
  ['authors', 'author'],
  ['user', 'username', 'author'],
];

/** Does the answer field `key` hold what the call's `label` gives? */
export function labelFits(label: string, key: string): boolean {
  const l = squash(label);
  const k = squash(key);
  if (!l || !k) return false;
  if (l === k || (l.length >= 4 && k.endsWith(l)) || (k.length >= 4 && l.endsWith(k))) return true;
  // "Type" → propertyType, "Capacity" → personCapacity, "Published" → published_date.
  if (l.length >= 4 && k.includes(l)) return true;
  return SAME_FIELD.some((g) => g.includes(l) && g.includes(k));
}

const DATE = /^\d{4}-\d{2}-\d{2}/;

/** Does the copied value say what the shown one does (as written, a number rounded, a text cut short, a date)? */
export function sameFact(copied: string, shown: unknown): boolean {
  if (shown === null || shown === undefined) return false;
  const s = Array.isArray(shown) ? shown.map(String).join(', ') : String(shown);
  const a = norm(copied);
  const b = norm(s);
  if (!a || !b) return false;
  if (a === b) return true;
  if (DATE.test(copied.trim()) && DATE.test(s.trim())) return copied.trim().slice(0, 10) === s.trim().slice(0, 10);
  const num = /^-?\d+(?:\.\d+)?/;
  const cn = num.exec(copied.trim());
  if (cn && (typeof shown === 'number' || num.test(s.trim()))) {
    const x = Number(cn[0]);
    const y = Number(num.exec(s.trim())![0]);
    const places = cn[0].split('.')[1]?.length ?? 0;
    return Math.abs(x - y) <= 0.5 * 10 ** -places + 1e-9;
  }
  // A text cut short, or a list of names the shown one leads ("A Smith, B Jones - Nature, 2019").
  const head = (t: string) => t.slice(0, 60);
  return b.startsWith(head(a)) || a.startsWith(head(b)) || b.includes(head(a));
}

/** Is a copied value shown anywhere in `text` (normalised, its first 60 characters)? */
function shownAnywhere(value: string, text: string): boolean {
  const v = norm(value).slice(0, 60);
  return v.length > 0 && ` ${norm(text)} `.includes(` ${v}`);
}

export interface FieldGap {
  action: string;
  title: string;
  label: string;
  value: string;
  /** The value a shown record gives for that field, when one does. */
  shown?: unknown;
}

/**
 * The first record field a call (of the shown history before `end`, or of the ground truth) copies
 * beside a title an earlier answer lists, where the answers before the call give that record
 * another value for that field, or give it nowhere. Undefined when every copied field is shown.
 */
export function unshownField(messages: ChatMessage[], groundTruth: Action | Action[], end = messages.length): FieldGap | undefined {
  const users = messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
  for (const { action, at } of callsAt(messages, groundTruth, end)) {
    const copied = copiedRecords(action, users);
    if (!copied.length) continue;
    const answers = messages.slice(0, at).filter((m) => m.role === 'function');
    const records = answers.flatMap((m) => shownRecords(parseToolResponse(m.content) ?? m.content));
    const before = shownText(messages.slice(0, at));
    for (const rec of copied) {
      const t = norm(rec.title);
      const mine = records.filter((r) => r.titles.some((x) => norm(x) === t));
      // Only a record an earlier answer lists: a title nothing shows is call_title_unshown's.
      if (!mine.length) continue;
      for (const f of rec.fields) {
        const held = mine.flatMap((r) => Object.entries(r.fields).filter(([k, v]) => labelFits(f.label, k) && v !== null && v !== undefined && v !== ''));
        if (held.length) {
          if (!held.some(([, v]) => sameFact(f.value, v))) return { action: action.name, title: rec.title, label: f.label, value: f.value, shown: held[0][1] };
        } else if (!shownAnywhere(f.value, before)) {
          return { action: action.name, title: rec.title, label: f.label, value: f.value };
        }
      }
    }
  }
  return undefined;
}

/**
 * A fact a call writes about one record it does not name: a "Label: value" line of a free-text
 * argument outside any titled block ("Overall conditions: Sunny", "Date and Time: [SPAN]2023-10-22
 * 22:53" on a slide). Such a line copies a field of a single-record answer before it (a weather
 * report's overall, a clock's time); the value is kept as written, T-Eval's "[SPAN]" marks removed.
 * Short values only (a condition, a date, a count, a kind, a name): a sentence after a label is the writer's.
 */
export interface LabelledFact {
  /** The argument the line is in. */
  key: string;
  label: string;
  value: string;
}

export function labelledFacts(action: Action): LabelledFact[] {
  if (action.name === FINISH_ACTION || !isObject(action.args)) return [];
  const out: LabelledFact[] = [];
  for (const [key, arg] of Object.entries(action.args)) {
    for (const text of Array.isArray(arg) ? arg : [arg]) {
      if (typeof text !== 'string' || !text.includes(':')) continue;
      const lines = spanAsLines(text);
      // A text of numbered items ("Review 1: …", "Property 2:", "1. Title: …") lists records of a list, not the single record.
      if (/^[ \t]*(?:[A-Za-z][A-Za-z ]{0,20}[ \t]\d+[ \t]*:|\d+[.)])/m.test(lines)) continue;
      const blocks = labelledBlocks(lines);
      // Blocks giving the same label again (a forecast's days, each "Date: … Overall conditions: …") are the records of a list.
      const labels = blocks.flatMap((b) => b.map((f) => f.label.toLowerCase()));
      if (new Set(labels).size < labels.length) continue;
      for (const block of blocks) {
        // A titled block is a record of a list (copiedRecords); its lines are about that record.
        if (block.some((f) => IDENTITY.test(f.label))) continue;
        for (const f of block) {
          const value = f.value.replace(/[.;,]+$/, '').trim();
          if (!value || value.length > 48 || value.split(/\s+/).length > 7 || /^https?:\/\//i.test(value)) continue;
          out.push({ key, label: f.label, value });
        }
      }
    }
  }
  return out;
}

const words4 = (s: string) => s.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4);

/** Fields no labelled line copies: what an action did or failed ("status", "error", "message"). */
const OUTCOME_FIELD = /^(status|state|error|message|msg|result|success|code)$/i;

/**
 * The field of a single record (its scalar fields) that a labelled fact copies: the one whose name
 * shares a word of four letters or more with the label ("Overall conditions" → overall, "Date and
 * Time" → time, "Average temperature" → avg temperature), or that the label names as copiedRecords'
 * fields do (labelFits). Undefined when no field, or more than one, fits.
 */
export function factField(label: string, fields: string[]): string | undefined {
  const want = new Set(words4(label));
  const fit = fields.filter((f) => !OUTCOME_FIELD.test(f) && (words4(f).some((w) => want.has(w)) || labelFits(label, f)));
  return fit.length === 1 ? fit[0] : undefined;
}

/** A bulleted list of names a call writes under a heading ("Gas Stations Along the Route": "- BP\n- Shell\n- Exxon"). */
export interface ListedNames {
  key: string;
  heading: string;
  names: string[];
}

const BULLET = /^[ \t]*(?:[-*•]|\d+[.)])[ \t]+(.+?)[ \t]*$/;
/** Words of a heading that say nothing about what kind of thing a list holds. */
const HEADING_FILLER = new Set(['the', 'and', 'along', 'route', 'near', 'nearby', 'around', 'list', 'top', 'best', 'some', 'your', 'our', 'for', 'with', 'from', 'trip', 'road', 'recommended', 'options', 'suggested', 'local', 'popular', 'area']);

/** A heading's or a call's words as kinds: lower case, a plural's last "s" dropped ("Stations" → station). */
export function kindWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3 && !HEADING_FILLER.has(w))
      .map((w) => w.replace(/(?:ies)$/, 'y').replace(/(?<=[^s])s$/, '')),
  );
}

/**
 * Did a call search for the kind of thing a heading's list names: the head noun of what it searched
 * (the last word of "gas station", of "restaurant") among the heading's words ("Gas Stations Along
 * the Route"). "Sales Strategies" is no search for "Effective Sales Techniques".
 */
export function searchedKindOf(what: string[], heading: string): boolean {
  const kinds = kindWords(heading);
  return what.some((w) => {
    const words = [...kindWords(w)];
    return words.length > 0 && kinds.has(words[words.length - 1]);
  });
}

/**
 * The names a call lists as a bulleted list under its heading (a slide's title, its bullet items):
 * every line of the text a bullet, at least two of them, each a short name (no "Label:", no
 * sentence). "1. Start: New York" is a labelled fact (labelledFacts), not a name.
 */
export function listedNames(action: Action): ListedNames[] {
  if (action.name === FINISH_ACTION || !isObject(action.args)) return [];
  const heading = typeof action.args.title === 'string' ? action.args.title.trim() : '';
  if (!heading) return [];
  const out: ListedNames[] = [];
  for (const [key, arg] of Object.entries(action.args)) {
    if (key === 'title' || typeof arg !== 'string') continue;
    const lines = spanAsLines(arg).split(/\r?\n/).filter((l) => l.trim());
    const items = lines.map((l) => BULLET.exec(l)?.[1]);
    if (items.length < 2 || items.some((i) => i === undefined)) continue;
    const names = (items as string[]).map((i) => i.replace(/[.;,]+$/, '').trim());
    if (names.some((n) => /[:：]/.test(n) || n.length > 48 || n.split(/\s+/).length > 6 || !/^[\p{Lu}\p{N}\p{Lo}]/u.test(n))) continue;
    out.push({ key, heading, names: [...new Set(names)] });
  }
  return out;
}

/** Labels that head a record's text of its own (a film's overview, a book's description), not a value. */
const TEXT_LABEL = /^(?:overview|summary|plot|plot summary|synopsis|description|storyline)$/i;
/** The fields a record gives such a text in. */
const TEXT_FIELD = /^(?:overview|description|summary|synopsis|plot|intro|introduction)$/i;

/**
 * The long texts a call writes under a label naming a record's own text: a line "Overview: Cobb, a
 * skilled thief who…" among the labelled facts of one record, or a slide titled "Summary" whose
 * body is that text. labelledFacts leaves them out (a sentence after a label may be the writer's
 * own); a record's text copied whole is what the answer before it gave.
 */
export function describedTexts(action: Action): LabelledFact[] {
  if (action.name === FINISH_ACTION || !isObject(action.args)) return [];
  const args = action.args;
  const out: LabelledFact[] = [];
  const long = (v: string) => v.length > 48 && v.split(/\s+/).length > 7;
  const heading = Object.entries(args).find(([k, v]) => /^title$/i.test(k) && typeof v === 'string' && TEXT_LABEL.test(v.trim()))?.[1] as string | undefined;
  for (const [key, arg] of Object.entries(args)) {
    if (typeof arg !== 'string' || /^title$/i.test(key)) continue;
    const text = spanAsLines(arg).trim();
    if (heading && long(text) && !/^[^\n:]{1,30}:/.test(text) && !text.includes('\n')) {
      out.push({ key, label: heading.trim(), value: text });
      continue;
    }
    for (const line of text.split('\n')) {
      const m = /^\s*([A-Za-z][A-Za-z ]{2,20}?)\s*:\s*(.+?)\s*$/.exec(line);
      if (m && TEXT_LABEL.test(m[1]) && long(m[2])) out.push({ key, label: m[1], value: m[2] });
    }
  }
  return out;
}

/** A review a call writes: its text, and the rating written with it. */
export interface WrittenReview {
  key: string;
  text: string;
  rating?: number;
}

/**
 * The reviews a call writes as labelled lines ("Review 1: Great place\nRating: 5\n\nReview 2: …", a
 * testimonials slide): each "Review N:" line and the lines after it up to a blank line or another label,
 * with the "Rating:" line among them. They can only be copied from the reviews an earlier answer gave.
 */
export function writtenReviews(action: Action): WrittenReview[] {
  if (action.name === FINISH_ACTION || !isObject(action.args)) return [];
  const out: WrittenReview[] = [];
  for (const [key, arg] of Object.entries(action.args)) {
    if (typeof arg !== 'string') continue;
    let current: WrittenReview | undefined;
    for (const line of spanAsLines(arg).split(/\r?\n/)) {
      const review = /^\s*(?:\d+[.)]\s*)?(?:review|comment|testimonial)\s*\d*\s*[:：]\s*(.+?)\s*$/i.exec(line);
      const rating = /^\s*rating\s*[:：]\s*(\d+(?:\.\d+)?)\s*(?:\/\s*\d+)?\s*$/i.exec(line);
      if (review) out.push((current = { key, text: review[1] }));
      else if (rating && current) current.rating = Number(rating[1]);
      else if (!line.trim() || /^\s*[A-Za-z][A-Za-z ]{0,20}[:：]/.test(line)) current = undefined;
      else if (current && current.rating === undefined) current.text = `${current.text}\n${line.trim()}`;
    }
  }
  return out.filter((r) => r.text.split(/\s+/).length >= 2);
}

/** The reviews an answer lists (get_movie_reviews' reviews, get_property_reviews' comments): each record of a review list with its text and rating. */
export function answeredReviews(answer: unknown): { text: string; rating?: number }[] {
  if (!isObject(answer)) return [];
  return Object.entries(answer)
    .filter(([k, v]) => /review|comment/i.test(k) && Array.isArray(v))
    .map(([, v]) => v as unknown[])
    .flatMap((list) => list.filter(isObject))
    .flatMap((r) => {
      const text = Object.entries(r).find(([k, v]) => /comment|review|content|text/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
      const rating = Object.entries(r).find(([k, v]) => /rating/i.test(k) && typeof v === 'number')?.[1] as number | undefined;
      return text ? [{ text, ...(rating !== undefined ? { rating } : {}) }] : [];
    });
}

/** The field of a record's answer that holds its own text (overview, description), for a label describedTexts read. */
export function textField(fields: string[]): string | undefined {
  return fields.find((f) => TEXT_FIELD.test(f));
}

/** Does a record's text give the text a later call copies (the same words, quotes and case aside)? */
export function sameText(copied: string, shown: unknown): boolean {
  if (typeof shown !== 'string') return false;
  const a = norm(copied);
  const b = norm(shown);
  // The text shown whole, or a longer text it opens (not a title it happens to contain: "Inception").
  return !!a && !!b && (a === b || b.includes(a) || (b.length >= 40 && (a.includes(b) || a.slice(0, 60) === b.slice(0, 60))));
}
