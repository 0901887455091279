/**
 * T-Eval's ArxivSearch answers with one text of labelled blocks, a blank line between papers
 * ("Published: 2022-08-01\nTitle: …\nAuthors: …\nSummary: …"), as Lagent's tool prints arXiv's
 * results; the simulator draws papers as records ({"published_date": …, "title": …}). Records in a
 * shape the API never answers in tell which answer was made up (259 of 646 cases showing an arXiv
 * answer on f31, ten of them beside a recorded one), so a simulated answer of an API whose recorded
 * answers write a field as such blocks writes its records there the same way.
 */
import { pythonLiteralToJson } from '../prompts/parseAction.js';
import { isPlainObject } from '../errors/values.js';

const LABEL_LINE = /^([A-Z][A-Za-z]*(?: [A-Za-z]+){0,2}): ?(.*)$/;

/**
 * The records a text of labelled blocks lists, each as label → value in the text's order (a line
 * with no label continues the value before it: arXiv wraps its summaries); undefined when the text
 * is not such blocks (every block needs two labelled lines, the first line labelled).
 */
export function labelledBlocks(text: string): Record<string, string>[] | undefined {
  if (!/^[A-Z][A-Za-z ]{0,30}: /.test(text.trim())) return undefined;
  const blocks = text.trim().split(/\n[ \t]*\n/);
  const out: Record<string, string>[] = [];
  for (const block of blocks) {
    const record: Record<string, string> = {};
    let last: string | undefined;
    for (const line of block.split('\n')) {
      const m = LABEL_LINE.exec(line);
      if (m && !(m[1] in record)) {
        record[(last = m[1])] = m[2];
      } else if (last !== undefined) {
        record[last] += `\n${line}`;
      } else {
        return undefined;
      }
    }
    if (Object.keys(record).length < 2) return undefined;
    out.push(record);
  }
  return out;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  const t = text.trim();
  if (!t.startsWith('{')) return undefined;
  for (const parse of [() => JSON.parse(t) as unknown, () => JSON.parse(pythonLiteralToJson(t)) as unknown]) {
    try {
      const v = parse();
      if (isPlainObject(v)) return v;
    } catch {
      // the other form, or neither
    }
  }
  return undefined;
}

/**
 * The shape each list of recorded texts gives, by the texts (their JSON, so no two lists share a
 * key): every simulated call of an API asks for it over the same recordings,
 * and parsing them was most of what a simulated answer's writing cost here. Shared and frozen.
 */
const shapeMemo = new Map<string, Readonly<{ field: string; labels: readonly string[] }> | undefined>();
let shapeMemoChars = 0;

/** The field the API's recorded answers write as labelled blocks, and the labels in their order; undefined when none does. */
export function recordedBlockShape(recorded: readonly string[]): Readonly<{ field: string; labels: readonly string[] }> | undefined {
  const key = JSON.stringify(recorded);
  if (shapeMemo.has(key)) return shapeMemo.get(key);
  const shape = blockShapeOf(recorded);
  if (shapeMemoChars + key.length > 16_000_000) {
    shapeMemo.clear();
    shapeMemoChars = 0;
  }
  shapeMemo.set(key, shape && Object.freeze({ field: shape.field, labels: Object.freeze(shape.labels) }));
  shapeMemoChars += key.length;
  return shapeMemo.get(key);
}

function blockShapeOf(recorded: readonly string[]): { field: string; labels: string[] } | undefined {
  for (const example of recorded) {
    const answer = parseObject(example);
    if (!answer) continue;
    for (const [field, value] of Object.entries(answer)) {
      if (typeof value !== 'string') continue;
      const blocks = labelledBlocks(value);
      if (blocks) return { field, labels: Object.keys(blocks[0]) };
    }
  }
  return undefined;
}

const words = (s: string) =>
  s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);

/** The record key a label names: the same words, or the same first word ("published_date" for "Published"). */
function keyFor(label: string, keys: string[]): string | undefined {
  const l = words(label);
  return keys.find((k) => words(k).join(' ') === l.join(' ')) ?? keys.find((k) => words(k)[0] === l[0]);
}

const shown = (v: unknown) => (Array.isArray(v) ? v.map(String).join(', ') : String(v));

/**
 * A simulated answer (JSON) whose `field` lists records, written as the labelled blocks the API's
 * recorded answers use; anything else as it is. Every label must name one key of every record and
 * every key one label, so nothing drawn is lost or made up.
 */
export function inRecordedBlocks(content: string, recorded: readonly string[]): string {
  const shape = recordedBlockShape(recorded);
  if (!shape) return content;
  let answer: unknown;
  try {
    answer = JSON.parse(content.trim());
  } catch {
    return content;
  }
  if (!isPlainObject(answer)) return content;
  const list = answer[shape.field];
  if (!Array.isArray(list) || list.length === 0 || !list.every(isPlainObject)) return content;
  const blocks: string[] = [];
  for (const record of list as Record<string, unknown>[]) {
    const keys = Object.keys(record);
    const mapped = shape.labels.map((label) => keyFor(label, keys));
    if (mapped.some((k) => k === undefined) || new Set(mapped).size !== keys.length) return content;
    blocks.push(shape.labels.map((label, i) => `${label}: ${shown(record[mapped[i]!])}`).join('\n'));
  }
  return JSON.stringify({ ...answer, [shape.field]: blocks.join('\n\n') });
}
