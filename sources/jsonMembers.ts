/**
 * A whole-file JSON source (T-Eval's plans and reviews, BFCL's executed responses) read a member at a
 * time: the top-level object's entries or the top-level array's elements, each parsed on its own as
 * readJsonFile would parse the whole (lossless numbers), from a file read in chunks. So a reader that
 * keeps little of each record never holds the file's text or all of its parsed records.
 *
 * Only the structure is scanned here (strings, nesting); a file that does not split cleanly (not
 * JSON, truncated, a top level that is neither object nor array) is handed to readJsonFile, whose
 * error names the file and the line. A well-formed file gives the entries JSON.parse would, in the
 * same order, except that a key repeated at the top level comes twice (the sources repeat none).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { parseJson } from '../pipeline/pyValues.js';
import { readJsonFile, SourceFileError } from './records.js';

const CHUNK = 1 << 20;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJ = 0x7b;
const CLOSE_OBJ = 0x7d;
const OPEN_ARR = 0x5b;
const CLOSE_ARR = 0x5d;
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

interface Member {
  kind: 'object' | 'array';
  /** The member's bytes in the file: `"key": value` of an object, or an array element. */
  start: number;
  end: number;
  /** Its text (valid until the next member is asked for). */
  text(): string;
  /** An object member's key, as JSON text. */
  keyText(): string;
}

/** Each top-level member of the file, and the top level's kind. */
function* memberTexts(path: string): Generator<Member> {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    throw new SourceFileError(`cannot read source file ${path}: ${(err as Error).message}`);
  }
  try {
    let buf = Buffer.alloc(CHUNK);
    let base = 0; // the file offset of buf[0]
    let len = 0; // bytes held in buf
    let pos = 0; // scan position in buf
    let start = -1; // where the current member began in buf
    let kind: 'object' | 'array' | undefined;
    let depth = 0; // nesting inside the top level
    let inString = false;
    let escaped = false;
    let afterComma = false;
    let done = false;
    let eof = false;
    const fill = () => {
      // Keep the unfinished member; drop what was handed out.
      const keep = start >= 0 ? start : pos;
      if (keep > 0) {
        buf.copy(buf, 0, keep, len);
        base += keep;
        len -= keep;
        pos -= keep;
        if (start >= 0) {
          if (keyEnd >= 0) keyEnd -= start;
          start = 0;
        }
      }
      if (len === buf.length) {
        const bigger = Buffer.alloc(buf.length * 2);
        buf.copy(bigger, 0, 0, len);
        buf = bigger;
      }
      const n = readSync(fd, buf, len, buf.length - len, null);
      if (n === 0) eof = true;
      len += n;
    };
    const bad = () => new Error('not a clean top-level object or array');
    let keyEnd = -1; // where the current object member's key string ends in buf
    const member = (): Member => {
      const [from, to, kEnd, b0] = [start, pos, keyEnd, buf];
      return {
        kind: kind!,
        start: base + from,
        end: base + to,
        text: () => b0.toString('utf8', from, to),
        keyText: () => b0.toString('utf8', from, kEnd),
      };
    };
    while (!done) {
      if (pos >= len) {
        if (eof) throw bad();
        fill();
        continue;
      }
      const b = buf[pos];
      if (kind === undefined) {
        if (b === OPEN_OBJ) kind = 'object';
        else if (b === OPEN_ARR) kind = 'array';
        else if (!isSpace(b) && !(pos === 0 && b === 0xef)) throw bad();
        else if (b === 0xef) pos += 2; // a UTF-8 byte-order mark
        pos++;
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) {
          inString = false;
          if (keyEnd < 0 && depth === 0) keyEnd = pos + 1;
        }
        pos++;
        continue;
      }
      if (start < 0) {
        if (isSpace(b)) {
          pos++;
          continue;
        }
        if ((b === CLOSE_OBJ && kind === 'object') || (b === CLOSE_ARR && kind === 'array')) {
          if (afterComma) throw bad();
          done = true;
          pos++;
          continue;
        }
        start = pos;
        keyEnd = -1;
        afterComma = false;
      }
      if (b === QUOTE) inString = true;
      else if (b === OPEN_OBJ || b === OPEN_ARR) depth++;
      else if (b === CLOSE_OBJ || b === CLOSE_ARR) {
        if (depth === 0) {
          if ((b === CLOSE_OBJ) !== (kind === 'object')) throw bad();
          yield member();
          start = -1;
          done = true;
        } else depth--;
      } else if (b === COMMA && depth === 0) {
        yield member();
        start = -1;
        afterComma = true;
      }
      pos++;
    }
    // Nothing but whitespace may follow.
    for (;;) {
      while (pos < len) if (!isSpace(buf[pos++])) throw bad();
      if (eof) break;
      fill();
    }
  } finally {
    closeSync(fd);
  }
}

/** An array index as a key ("0", "17"): JavaScript lists such keys first, in numeric order. */
const isIndexKey = (k: string) => /^(?:0|[1-9]\d{0,9})$/.test(k) && Number(k) < 4294967295;

/**
 * The members of a top-level JSON object, `[key, value]` in the order Object.entries of the whole
 * parsed file gives (index-like keys first, ascending; a repeated key at its first place with its
 * last value), each parsed losslessly; a broken file throws readJsonFile's error. The file is
 * scanned once for keys and offsets, then each member is read back and parsed as it is asked for.
 */
export function* jsonObjectEntries(path: string): Generator<[string, unknown]> {
  const at = new Map<string, { start: number; end: number }>();
  for (const m of checkedMembers(path, 'object')) {
    const key = parsedOrFileError(path, () => JSON.parse(m.keyText()) as unknown);
    if (typeof key !== 'string') parsedOrFileError(path, () => JSON.parse(`{${m.text()}}`));
    at.set(key as string, { start: m.start, end: m.end });
  }
  const keys = [...at.keys()];
  const indexKeys = keys.filter(isIndexKey).sort((a, b) => Number(a) - Number(b));
  const order = indexKeys.length ? [...indexKeys, ...keys.filter((k) => !isIndexKey(k))] : keys;
  const fd = openSync(path, 'r');
  try {
    for (const key of order) {
      const { start, end } = at.get(key)!;
      const bytes = Buffer.alloc(end - start);
      readSync(fd, bytes, 0, bytes.length, start);
      const one = parsedOrFileError(path, () => parseJson(`{${bytes.toString('utf8')}}`) as Record<string, unknown>);
      yield [key, one[key]];
    }
  } finally {
    closeSync(fd);
  }
}

/** The elements of a top-level JSON array, in order, each parsed losslessly; a broken file throws readJsonFile's error. */
export function* jsonArrayElements(path: string): Generator<unknown> {
  for (const m of checkedMembers(path, 'array')) {
    const text = m.text();
    yield parsedOrFileError(path, () => parseJson(text));
  }
}

/** A member's parse; a failure is the whole file's error as readJsonFile reports it (with its line). */
function parsedOrFileError<T>(path: string, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    readJsonFile(path);
    throw new SourceFileError(`source file ${path}: ${(err as Error).message}`);
  }
}

/**
 * Members of the expected kind; on any scan failure the whole file goes through readJsonFile,
 * which throws its error with the line (a valid file of another shape is reported as such).
 */
function* checkedMembers(path: string, expected: 'object' | 'array'): Generator<Member> {
  const members = memberTexts(path);
  for (;;) {
    let next: IteratorResult<Member>;
    try {
      next = members.next();
      if (!next.done && next.value.kind !== expected) throw new Error(`its top level is an ${next.value.kind}, not an ${expected}`);
    } catch (err) {
      if (err instanceof SourceFileError) throw err;
      readJsonFile(path);
      throw new SourceFileError(`source file ${path}: ${(err as Error).message}`);
    }
    if (next.done) return;
    yield next.value;
  }
}
