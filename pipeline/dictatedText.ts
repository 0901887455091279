import { escapeRegExp } from './errors/vocabulary.js';
import { parseToolResponse } from './prompts/parseAction.js';

/**
 * A text the user dictated, as the user wrote it: BFCL's ground truth for multi_turn_base_176 writes
 * the ticket description the user gave word for word but with "December 15, 2023" where the user
 * wrote 2026, and a model copying the user would be scored wrong. A long string argument that a user
 * turn holds with only its numbers changed takes the user's numbers.
 */
export function dictatedText(value: string, users: readonly string[]): string | undefined {
  if (value.length < 25 || !/\d/.test(value) || users.some((u) => u.includes(value))) return undefined;
  const shape = new RegExp(value.split(/(\d+)/).map((part, i) => (i % 2 ? '\\d+' : escapeRegExp(part))).join(''));
  for (const user of users) {
    const found = shape.exec(user)?.[0];
    if (found !== undefined && found !== value) return found;
  }
  return undefined;
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * A text an earlier answer gave, as it gave it: BFCL's ground truth for multi_turn_base_4 tweets
 * "Initial report content More unsorted data Unsorted data" as "the sorted result", but the file
 * holds one line, so `sort` answers "Initial report content Unsorted data More unsorted data" and a
 * model copying the answer would be scored wrong. A long string argument holding exactly the words of
 * an earlier answer's text, in another order, takes the answer's text.
 */
export function answeredText(value: string, answers: readonly string[]): string | undefined {
  if (value.length < 20 || answers.some((a) => a.includes(value))) return undefined;
  const words = wordsOf(value);
  if (words.length < 4) return undefined;
  const inOrder = words.join(' ');
  const bag = [...words].sort().join(' ');
  // Only the order differs: a copy that changed spacing or punctuation is the same text to a reader.
  return answers.find((a) => {
    if (a.length < 20) return false;
    const theirs = wordsOf(a);
    return theirs.join(' ') !== inOrder && theirs.sort().join(' ') === bag;
  });
}

/** Every string a value holds. */
export function answerStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(answerStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(answerStrings);
  return [];
}

/** Every string a tool's answer holds: its JSON or Python-literal text read as a value, else the text itself. */
export function responseStrings(content: string): string[] {
  const value = parseToolResponse(content);
  return value === undefined ? [content] : answerStrings(value);
}
