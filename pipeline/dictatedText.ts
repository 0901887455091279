import { escapeRegExp } from './errors/vocabulary.js';

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
