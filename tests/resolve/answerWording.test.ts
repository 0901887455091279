/**
 * Closing answers say numbers, texts and field names as a careful person would: no float noise
 * ("the gallon is 5.283440000000001" in 67 answers), Chinese text counted in characters (not "a
 * 3-word text"), the word a source's field name misspells ("the affliation is"), and a question that
 * fits the failure (a quota is a limit to wait out, not access to grant).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { keyAsWords } from '../../pipeline/quality/grammar.js';

const answer = (response: string, error?: string, seed = 1) => offlineAnswer({ request: 'Do it.', steps: [{ name: 'T.call', args: {}, response, ...(error ? { error } : {}) }] }, new Rng(seed, 'answer'));

describe('closing answer wording', () => {
  it('states a float without binary noise', () => {
    expect(answer('{"gallon": 5.283440000000001}')).toContain('5.28344');
    expect(answer('{"gallon": 5.283440000000001}')).not.toContain('000000001');
    expect(answer('{"count": 12}')).toContain('12');
  });

  it('counts Chinese text in characters', () => {
    const text = '这是一部关于宇宙探索的电影，讲述了一群宇航员穿越虫洞寻找人类新家园的故事，影片画面宏大，情节紧凑，感情真挚，结局令人深思。'.repeat(5);
    const a = answer(JSON.stringify({ overview: text }));
    // Told by its opening, never by its length (answer_field_word_count).
    expect(a).toMatch(/opens with "这是一部/);
    expect(a).not.toMatch(/\bwords\b|\d+ characters/);
  });

  it("says the word a field name misspells", () => {
    expect(keyAsWords('affliation')).toBe('affiliation');
    expect(keyAsWords('snipets')).toBe('snippets');
    expect(answer('{"affliation": "MIT"}')).toContain('affiliation');
  });

  it('asks for another try, not for access, after a denial that says it passes', () => {
    const passes = 'PermissionError: [Errno 13] Permission denied while running touch: another process (pid 4120) holds it open; try again once it is closed';
    for (let seed = 0; seed < 20; seed++) {
      const a = answer('', passes, seed);
      expect(a).not.toMatch(/grant access|have access|sort out the permissions|account with access/i);
      expect(a).toMatch(/again|retry|another (try|go|attempt)|once more|later/i);
    }
    // A denial that does not pass still asks for access.
    const asks = [...Array(20).keys()].map((seed) => answer('', 'HTTP 403 Forbidden: the caller does not have permission to call touch.', seed));
    expect(asks.every((a) => /access|permissions/i.test(a))).toBe(true);
  });

  it('asks about waiting out a quota, not about access', () => {
    for (let seed = 0; seed < 20; seed++) {
      const a = answer('', '{"error": {"code": 403, "status": "QUOTA_EXCEEDED", "message": "Daily quota exceeded."}}', seed);
      expect(a).not.toMatch(/access|permission/i);
      expect(a).toMatch(/limit|later/i);
      expect(a).not.toContain('.".');
    }
  });
});
