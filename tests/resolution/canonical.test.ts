import { describe, expect, it } from 'vitest';
import { cacheKey, canonicalArgs, stateContext } from '../../pipeline/resolution/canonical.js';
import { PyFloat, parseJson } from '../../pipeline/pyValues.js';
import { initialContext } from '../../sources/bfcl/resolution.js';

describe('cache key canonicalisation', () => {
  it('ignores key order at every depth', () => {
    expect(cacheKey('A.b', { x: 1, y: { p: [1, 2], q: 'z' } })).toBe(cacheKey('A.b', { y: { q: 'z', p: [1, 2] }, x: 1 }));
  });

  it('treats 5, 5.0, 5e0 and a PyFloat(5) as one number, and -0 as 0', () => {
    const five = cacheKey('A.b', { n: 5 });
    expect(cacheKey('A.b', JSON.parse('{"n": 5.0}'))).toBe(five);
    expect(cacheKey('A.b', JSON.parse('{"n": 5e0}'))).toBe(five);
    expect(cacheKey('A.b', { n: new PyFloat(5) })).toBe(five);
    expect(cacheKey('A.b', { n: -0 })).toBe(cacheKey('A.b', { n: 0 }));
    expect(cacheKey('A.b', { n: 5.5 })).not.toBe(five);
  });

  it('compares integers beyond 2^53 exactly: a float64-rounded id is another call', () => {
    const id = parseJson('{"propertyId": 691676460109271194}');
    expect(canonicalArgs(id)).toBe('{"propertyId":691676460109271194}');
    // JSON.parse rounds the id to 691676460109271200: a different property, so a different key.
    expect(cacheKey('A.b', id)).not.toBe(cacheKey('A.b', JSON.parse('{"propertyId": 691676460109271194}')));
    expect(cacheKey('A.b', id)).toBe(cacheKey('A.b', { propertyId: 691676460109271194n }));
    // Python's 10**20 == 1e20: an integral float beyond 2^53 is the same number as the int.
    expect(cacheKey('A.b', { n: 1e20 })).toBe(cacheKey('A.b', { n: 10n ** 20n }));
    expect(cacheKey('A.b', { n: 9007199254740993n })).not.toBe(cacheKey('A.b', { n: 9007199254740992 }));
  });

  it('never coerces types: "5" is not 5, null is not an absent key, true is not 1', () => {
    expect(cacheKey('A.b', { n: '5' })).not.toBe(cacheKey('A.b', { n: 5 }));
    expect(cacheKey('A.b', { n: null })).not.toBe(cacheKey('A.b', {}));
    expect(cacheKey('A.b', { n: true })).not.toBe(cacheKey('A.b', { n: 1 }));
  });

  it('drops undefined values (absent in JSON) but keeps array order', () => {
    expect(cacheKey('A.b', { n: 1, m: undefined })).toBe(cacheKey('A.b', { n: 1 }));
    expect(cacheKey('A.b', { l: [1, 2] })).not.toBe(cacheKey('A.b', { l: [2, 1] }));
  });

  it('normalises strings to NFC only: composed and decomposed é match, whitespace and case do not', () => {
    expect(cacheKey('A.b', { s: 'caf\u00e9' })).toBe(cacheKey('A.b', { s: 'cafe\u0301' }));
    expect(cacheKey('A.b', { s: 'Paris' })).not.toBe(cacheKey('A.b', { s: 'Paris ' }));
    expect(cacheKey('A.b', { s: 'Paris' })).not.toBe(cacheKey('A.b', { s: 'paris' }));
  });

  it('separates tools, argument strings and state contexts', () => {
    expect(cacheKey('A.b', { n: 1 })).not.toBe(cacheKey('A.c', { n: 1 }));
    expect(cacheKey('A.b', '{"n": 1}')).not.toBe(cacheKey('A.b', { n: 1 }));
    expect(cacheKey('A.b', { n: 1 }, 'ctx1')).not.toBe(cacheKey('A.b', { n: 1 }));
    expect(canonicalArgs({ b: 1, a: [{ d: 2, c: 1 }] })).toBe('{"a":[{"c":1,"d":2}],"b":1}');
  });

  it('gives a BFCL state context that depends on the initial state text and the history, not the history\'s key order', () => {
    const state = { initialConfigJson: '{"X": {"a": 1, "b": 2}}', involvedClasses: ['MathAPI'] };
    const h = [{ name: 'add', args: { a: 1, b: 2 } }];
    const ctx = (s: typeof state, history: typeof h) => stateContext(initialContext(s), history);
    expect(ctx(state, h)).toBe(ctx({ ...state }, [{ name: 'add', args: { b: 2, a: 1 } }]));
    expect(ctx(state, h)).not.toBe(ctx(state, []));
    // Key order and 2.0-vs-2 are state in BFCL (the file system's root is the first key).
    expect(ctx(state, h)).not.toBe(ctx({ ...state, initialConfigJson: '{"X": {"b": 2, "a": 1}}' }, h));
    expect(ctx(state, h)).not.toBe(ctx({ ...state, initialConfigJson: '{"X": {"a": 1, "b": 2.0}}' }, h));
  });
});
