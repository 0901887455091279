/**
 * The fast paths the build takes (issue 17) give what the plain computation gives: token counts
 * per BPE piece, canonical JSON without copying canonical values, parseJson's native parse, and the
 * tool cache's remembered example rows. Output bytes depend on every one of them.
 */
import { describe, expect, it } from 'vitest';
import { getEncoding } from 'js-tiktoken';
import { canonicalJson } from '../../pipeline/hash.js';
import { parseJson, PyFloat, toJson } from '../../pipeline/pyValues.js';
import { clearTokenMemo, countTokens, countTokensUncached } from '../../pipeline/tokens.js';
import { Store } from '../../pipeline/store/store.js';
import { ToolCache } from '../../pipeline/resolution/cache.js';
import { orderedDoc, renderToolList } from '../../pipeline/prompts/standard.js';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';

describe('countTokens', () => {
  it('equals encoding the whole text, for text BPE merges in many ways', () => {
    clearTokenMemo();
    const texts = [
      'héllo wörld, 5.0 + 3',
      'You can call tools: [{"name": "GorillaFileSystem.cd", "args": {"folder": "documents"}}]\n\n\n    indented\t\ttabs  ',
      'Supercalifragilisticexpialidocious antidisestablishmentarianism pneumonoultramicroscopicsilicovolcanoconiosis',
      '🎉🎉🎉 世界你好 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ﬁ ﬂ ‽ — “quoted” ‘single’',
      '12345678901234567890 3.14159265358979 0x1F 1e-9',
      "I'll can't WE'RE they'VE it's",
      '   ',
      '\r\n\r\n  \n',
      'a'.repeat(200),
      'snake_case_identifier camelCaseIdentifier SCREAMING_CASE kebab-case-name',
    ];
    for (const t of texts) {
      expect(countTokens(t), JSON.stringify(t.slice(0, 30))).toBe(countTokensUncached(t));
      expect(countTokens(t)).toBe(countTokensUncached(t)); // again, from the memo
    }
    // Pieces counted for one text are reused for another that holds them in a different order.
    expect(countTokens('tabs indented wörld héllo')).toBe(countTokensUncached('tabs indented wörld héllo'));
    expect(countTokens('')).toBe(0);
  });

  it('refuses a special token as the encoder does', () => {
    expect(() => countTokensUncached('before <|endoftext|> after')).toThrow(/special token/);
    expect(() => countTokens('before <|endoftext|> after')).toThrow(/special token/);
  });

  it('counts what the package\'s own o200k_base encoder counts (tokens.ts reads the rank file, not getEncoding)', () => {
    clearTokenMemo();
    const reference = getEncoding('o200k_base');
    const texts = ['héllo wörld, 5.0 + 3 🎉 世界', 'GorillaFileSystem.cd({"folder": "documents"})\n\n  tabs\t', "I'll can't WE'RE", 'x'.repeat(64)];
    for (const t of texts) expect(countTokens(t), t).toBe(reference.encode(t).length);
    expect(() => countTokens('a <|endofprompt|> b')).toThrow(/special token/);
  });
});

/**
 * countTokens counts a long JSON list of objects (a prompt's tool list) a segment at a time, cut
 * right after `},{"` (pipeline/tokens.ts segmentCuts): the count must be the whole text's, whatever
 * sits around the cut — the words, digits, spaces, newlines, slashes, apostrophes, control and
 * non-ASCII characters that could join a piece across it.
 */
describe('countTokens on long texts, a segment at a time', () => {
  const AROUND = ['x', 'X', '9', ' ', '  ', '\n', '\r\n', '\t', '.', '/', "'", "'s", '\u0001', '\u00e9', '\u{1d518}', '🎉', '"', '\\', ']', '},'];
  // Only a letter after `},{"` allows a cut (a newline, a space or "/" would join the piece before it): the others check it is not made.
  const AFTER = ['name', 'Name', 'n', 'x1', 's', "s'", '\nname', ' name', '/name', '.x', '9x', "'s"];

  it('gives the whole text\'s count at every kind of cut', () => {
    clearTokenMemo();
    const rng = new Rng(17, 'segmented-tokens');
    const filler = (n: number) => Array.from({ length: n }, () => rng.pick(['word', ' ', 'Word', '12', '.', ',', '\n', '"', ':', 'é', "'t", '/', '{', '}', '[', ']'])).join('');
    for (let k = 0; k < 200; k++) {
      const parts: string[] = [filler(400)];
      for (let j = 0; j < 12; j++) parts.push(`${rng.pick(AROUND)}${rng.pick(['', '"', '."', '"]', '/"', "'"])}},{"${rng.pick(AFTER)}${filler(rng.int(0, 700))}`);
      const text = parts.join('');
      expect(text.length).toBeGreaterThan(4096);
      expect(countTokens(text), JSON.stringify(text.slice(0, 80))).toBe(countTokensUncached(text));
    }
  });

  it('gives the whole text\'s count for tool lists as prompts show them', () => {
    clearTokenMemo();
    const doc = (i: number, end: string): ToolDoc => ({
      name: `Toolkit.tool_${i}`,
      description: `Does thing ${i} for the user's request${end}`,
      required_parameters: [{ name: 'path', type: 'string', description: `A path such as /tmp/${i}/` }],
      optional_parameters: [],
      return_data: [{ name: 'result', description: `What comes back${end}` }],
    });
    const ends = ['.', '', ' /', '/', ' ', "'", '\n', '🎉', '42', 'é'];
    const docs = Array.from({ length: 40 }, (_, i) => doc(i, ends[i % ends.length]));
    const prompt = `You can call the following tools:\n${JSON.stringify(docs)}\nTo use a tool, answer in JSON.`;
    expect(prompt.length).toBeGreaterThan(4096);
    expect(countTokens(prompt)).toBe(countTokensUncached(prompt));
    // The same docs in another order: the segments counted for the first prompt serve this one.
    const shuffled = `You can call the following tools:\n${JSON.stringify([...docs].reverse())}\nTo use a tool, answer in JSON.`;
    expect(countTokens(shuffled)).toBe(countTokensUncached(shuffled));
  });

  it('refuses a special token in a long list as the encoder does', () => {
    const text = `${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ name: `t${i}`, description: 'x'.repeat(30) })))} <|endoftext|>`;
    expect(() => countTokens(text)).toThrow(/special token/);
  });
});

/** canonicalJson as it was written before: a sorted copy of everything, then toJson. */
function copyingCanonicalJson(value: unknown): string {
  const sortDeep = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortDeep);
    if (v && typeof v === 'object' && !(v instanceof Date) && !(v instanceof PyFloat)) {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(v as Record<string, unknown>).sort()) {
        const x = (v as Record<string, unknown>)[key];
        if (x !== undefined) out[key] = sortDeep(x);
      }
      return out;
    }
    return v;
  };
  return toJson(sortDeep(value));
}

class WithToJson {
  b = 1;
  a = 2;
  toJSON(): string {
    return 'not me';
  }
}

describe('canonicalJson', () => {
  it('writes what a sorted copy writes, whether or not the value is canonical already', () => {
    const values: unknown[] = [
      { b: 1, a: { d: [1, undefined, { z: 2, y: 1 }], c: 12345678901234567890n } },
      { a: 1, b: { c: [1, 2, { d: 3, e: [] }] } },
      { '10': 1, '9': 2, a: 3 },
      { '9': 1, '10': 2 },
      [1, , 3], // eslint-disable-line no-sparse-arrays
      new WithToJson(),
      { nested: new WithToJson() },
      new Map([[1, 2]]),
      { a: undefined, b: 1 },
      { a: 1, b: undefined },
      { x: new PyFloat(5), y: [new Date(0)] },
      Object.assign(Object.create(null), { b: 1, a: 2 }),
      [[[{ b: 1, a: 2 }]]],
      'text',
      null,
    ];
    for (const v of values) expect(canonicalJson(v)).toBe(copyingCanonicalJson(v));
  });

  it('sorts keys as Array#sort does, in order or not, short (insertion) and long (native sort) alike', () => {
    const alphabet = ['a', 'B', '_', 'É', 'é', 'z', '10', '9', 'aa', 'a b', '\u{1F600}', 'ab', 'Z', '0', ''];
    const rng = new Rng(3, 'keys');
    for (let n = 0; n <= 40; n++) {
      const keys = [...new Set(Array.from({ length: n }, (_, i) => `${rng.pick(alphabet)}${i % 3 ? rng.int(0, 99) : ''}`))];
      for (const order of [keys, [...keys].sort(), [...keys].sort().reverse(), rng.shuffle(keys)]) {
        const v = Object.fromEntries(order.map((k, i) => [k, i % 4 === 0 ? { y: i, x: [i] } : i]));
        expect(canonicalJson(v)).toBe(copyingCanonicalJson(v));
        expect(canonicalJson({ nested: [v] })).toBe(copyingCanonicalJson({ nested: [v] }));
      }
    }
  });

  it('leaves its input as it was', () => {
    const v = { b: [{ d: 1, c: 2 }], a: undefined };
    canonicalJson(v);
    expect(Object.keys(v)).toEqual(['b', 'a']);
    expect(Object.keys(v.b[0])).toEqual(['d', 'c']);
  });

  it('refuses a non-finite number wherever it is', () => {
    expect(() => canonicalJson({ a: [1, { b: Infinity }] })).toThrow(/non-finite/);
  });
});

describe('parseJson with long digit runs', () => {
  it('reads integers beyond 2^53 as bigints and leaves the rest to the native parse', () => {
    expect(parseJson('{"s": "1234567890123456789", "n": 9007199254740991}')).toEqual({ s: '1234567890123456789', n: 9007199254740991 });
    expect(parseJson('{"s": "1234567890123456789", "n": [9007199254740993]}')).toEqual({ s: '1234567890123456789', n: [9007199254740993n] });
    expect(parseJson('[12345678901234567.0, 1e20, "12345678901234567"]')).toEqual([12345678901234568, 1e20, '12345678901234567']);
  });
});

describe('ToolCache.examples', () => {
  it('sees an entry written after it was first asked', () => {
    const store = Store.open(':memory:');
    const cache = new ToolCache(store);
    cache.put('Tool.get', { id: 2 }, '', { content: 'two' }, 'test');
    expect(cache.examples('Tool.get', 3).map((e) => e.response)).toEqual(['two']);
    cache.put('Tool.get', { id: 1 }, '', { content: 'one' }, 'test');
    cache.put('Tool.get', { id: 3 }, 'state', { content: 'three' }, 'test');
    cache.put('Other.get', { id: 1 }, '', { content: 'other' }, 'test');
    const all = cache.examples('Tool.get', 3).map((e) => e.response);
    expect(all.sort()).toEqual(['one', 'three', 'two']);
    // Stateless entries first; the excluded call's own entry never, and still `n` when there are enough.
    expect(cache.examples('Tool.get', 3)[2].response).toBe('three');
    expect(cache.examples('Tool.get', 2, { id: 1 }).map((e) => e.response)).toEqual(['two', 'three']);
    expect(cache.examples('Tool.get', 1, { id: 2 }).map((e) => e.response)).toEqual(['one']);
    store.close();
  });
});

describe('Store.iterateStage', () => {
  it('yields what readStage returns, in enumeration order, with the same status filter', () => {
    const store = Store.open(':memory:');
    const rows = [
      { key: 'k3', itemId: 'c', status: 'ok' as const, content: { n: 12345678901234567890n } },
      { key: 'k1', itemId: 'a', status: 'rejected' as const, content: null },
      { key: 'k2', itemId: 'b', status: 'ok' as const, content: { n: 2 } },
      { key: 'k4', itemId: 'd', status: 'failed' as const, content: null },
    ];
    for (const r of rows) store.putArtifact({ ...r, stage: 'assemble', stageVersion: '1', parents: [], method: 'rules' });
    store.setStageItems('assemble', rows.map((r) => ({ itemId: r.itemId, key: r.key })));
    expect([...store.iterateStage('assemble')]).toEqual(store.readStage('assemble'));
    expect([...store.iterateStage('assemble', ['ok'])].map((a) => a.itemId)).toEqual(['c', 'b']);
    expect([...store.iterateStage('assemble', ['ok'])][0].content).toEqual({ n: 12345678901234567890n });
    store.close();
  });
});

describe('renderToolList', () => {
  const doc = (name: string, description: string): ToolDoc => ({ name, description, required_parameters: [], optional_parameters: [], return_data: [] });

  it('renders a list again once a member was replaced, added or removed, as it would have rendered fresh', () => {
    const tools = [doc('A.get', 'gets'), doc('B.put', 'puts')];
    const fresh = (list: ToolDoc[]) => JSON.stringify(list.map(orderedDoc));
    expect(renderToolList(tools)).toBe(fresh(tools));
    expect(renderToolList(tools)).toBe(fresh(tools)); // from the memo
    tools[1] = doc('B.put', 'stores');
    expect(renderToolList(tools)).toBe(fresh(tools));
    tools.push(doc('C.del', 'deletes'));
    expect(renderToolList(tools)).toBe(fresh(tools));
    tools.splice(0, 1);
    expect(renderToolList(tools)).toBe(fresh(tools));
    expect(renderToolList(tools)).toContain('stores');
    expect(renderToolList(tools)).not.toContain('gets');
  });
});
