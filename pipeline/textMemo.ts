/**
 * A pure function of one text, remembered per text. The long-context rules ask the same few
 * questions of the same corpus turns many times over (judging the pool, wording each insertion,
 * writing its thoughts): `spellDrinks` 56,490 calls for 13,345 distinct texts in judging the pool
 * alone, `orderModifiers` 31,588 for 8,663. Only for a function whose answer depends on its text
 * and nothing else (no global or sticky pattern's lastIndex, no state read): the memo then can
 * never answer stale. At `size` texts the memo starts over, so a pathological input stays bounded.
 */
export function perText<T>(fn: (text: string) => T, size: number): (text: string) => T {
  const memo = new Map<string, T>();
  return (text: string): T => {
    const hit = memo.get(text);
    if (hit !== undefined || memo.has(text)) return hit as T;
    const value = fn(text);
    if (memo.size >= size) memo.clear();
    memo.set(text, value);
    return value;
  };
}
