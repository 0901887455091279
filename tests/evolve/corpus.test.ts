import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { countTokens } from '../../pipeline/tokens.js';
import { CorpusError, loadBfclDialogues, loadCorpus, toolCallReason, unescapeBreaks } from '../../sources/dialogue/corpus.js';
import { isOneSided } from '../../pipeline/quality/text.js';
import { sliceContext } from '../../sources/dialogue/context.js';

const dir = mkdtempSync(join(tmpdir(), 'd-corpus-'));
function file(name: string, lines: unknown[]): string {
  const path = join(dir, name);
  writeFileSync(path, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return path;
}

describe('Long Context corpus', () => {
  it('reads the vendored Taskmaster-4 dialogues: 3,710 two-sided dialogues, no tool calls, every one ending with a reply', () => {
    const c = loadCorpus();
    expect(c.files).toHaveLength(1);
    expect(c.dialogues).toHaveLength(3710);
    // No tool calls; 75 dialogues end with a question nobody answered, which is left out.
    expect(c.dropped).toHaveLength(75);
    expect(c.dropped.every((d) => /a user turn nobody answered/.test(d.why))).toBe(true);
    for (const d of c.dialogues) {
      expect(d.id).toMatch(/^dialogues\.jsonl#dlg-/);
      expect(new Set(d.turns.map((t) => t.role))).toEqual(new Set(['user', 'assistant']));
      for (const t of d.turns) expect(toolCallReason(t.content)).toBeUndefined();
    }
    expect(c.digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads a line break the export escaped as a space: 29 in Taskmaster-4 ("It is.\\r"), none left in what it keeps', () => {
    expect(unescapeBreaks('It is.\\r').trim()).toBe('It is.');
    expect(unescapeBreaks('\\rHere are your drinks').trim()).toBe('Here are your drinks');
    expect(unescapeBreaks('oolong teas.\\rI recommend the mint')).toBe('oolong teas. I recommend the mint');
    // Inside a word or a path it may be what the speaker wrote.
    expect(unescapeBreaks('saved to C:\\new\\reports')).toBe('saved to C:\\new\\reports');
    const kept = loadCorpus().dialogues.flatMap((d) => d.turns.map((t) => t.content));
    expect(kept.filter((t) => /\\[rn]/.test(t))).toEqual([]);
  });

  it('still reads BFCL\'s user-only dialogues on request: 37 dialogues', () => {
    const c = loadBfclDialogues();
    expect(c.dialogues).toHaveLength(37);
    for (const d of c.dialogues) for (const t of d.turns) expect(t.role).toBe('user');
  });

  it('reads a user JSONL of {role, content} lines and {messages} lines, dropping tool-call turns with where they were', () => {
    const path = file('mixed.jsonl', [
      { role: 'user', content: 'Hi, I was thinking about a trip to Lisbon next spring.' },
      { role: 'assistant', content: 'That sounds lovely. Spring is a great season there.' },
      { role: 'assistant', content: '{"name": "TravelAPI.book_flight", "args": {"to": "LIS"}}' },
      { role: 'function', content: '{"ok": true}' },
      '',
      { messages: [{ role: 'system', content: 'You are helpful.' }, { role: 'human', content: 'Do you like jazz?' }, { role: 'gpt', content: 'cd(folder="music")' }], id: 'lb-1' },
    ]);
    const c = loadCorpus({ corpus: path });
    // lb-1's reply was a tool call: its question, answered by nobody, goes too (two requests in a row otherwise).
    expect(c.dialogues.map((d) => d.id)).toEqual(['mixed.jsonl#1']);
    expect(c.dialogues[0].turns.map((t) => t.role)).toEqual(['user', 'assistant']);
    expect(c.dropped.map((d) => d.where)).toEqual([`${path}:3`, `${path}:4`, `${path}:6 message 0`, `${path}:6 message 2`, `${path}:6 message 1`]);
    expect(c.dropped[0].why).toMatch(/JSON action/);
    expect(c.dropped[2].why).toBe('a system message');
    expect(c.dropped[3].why).toMatch(/Python-style/);
    expect(c.dropped[4].why).toMatch(/a user turn nobody answered/);
  });

  it('makes a two-sided corpus exchanges: one message per speaker in a row, opening with the user and ending with a reply', () => {
    const path = file('split.jsonl', [
      { role: 'assistant', content: 'Welcome back!', dialogue: 'a' },
      { role: 'user', content: 'I would like a latte.', dialogue: 'a' },
      { role: 'user', content: 'With oat milk, please.', dialogue: 'a' },
      { role: 'assistant', content: 'Sure, one oat latte.', dialogue: 'a' },
      { role: 'user', content: 'And what kinds of milk do you carry?', dialogue: 'a' },
    ]);
    const c = loadCorpus({ corpus: path });
    expect(c.dialogues[0].turns.map((t) => [t.role, t.content])).toEqual([
      ['user', 'I would like a latte.\nWith oat milk, please.'],
      ['assistant', 'Sure, one oat latte.'],
    ]);
    expect(c.dropped.map((d) => d.why)).toEqual([expect.stringMatching(/opens with it/), expect.stringMatching(/nobody answered/)]);
  });

  it('names file and line on bad input', () => {
    const badJson = file('bad.jsonl', [{ role: 'user', content: 'fine' }, '{not json']);
    expect(() => loadCorpus({ corpus: badJson })).toThrow(new RegExp(`${badJson.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:2: not valid JSON`));
    const noContent = file('nocontent.jsonl', [{ role: 'user', content: 'fine' }, { role: 'user', text: 'missing content' }]);
    expect(() => loadCorpus({ corpus: noContent })).toThrow(/nocontent\.jsonl:2: expected \{role, content\}.*content/);
    const badRole = file('role.jsonl', [{ role: 'narrator', content: 'Once upon a time' }]);
    expect(() => loadCorpus({ corpus: badRole })).toThrow(/role\.jsonl:1: unknown role "narrator"/);
    const onlyTools = file('tools.jsonl', [{ role: 'assistant', content: '<tool_call>{"name":"x"}</tool_call>' }]);
    expect(() => loadCorpus({ corpus: onlyTools })).toThrow(CorpusError);
    expect(() => loadCorpus({ corpus: join(dir, 'absent.jsonl') })).toThrow(/absent\.jsonl does not exist/);
  });

  it('cuts seeded slices inside [minTokens, maxTokens], deterministically', () => {
    const c = loadCorpus();
    for (let i = 0; i < 40; i++) {
      const a = sliceContext(c, new Rng(7, `case-${i}`, 'long-context'), 1000, 3000);
      const b = sliceContext(c, new Rng(7, `case-${i}`, 'long-context'), 1000, 3000);
      expect(a).toEqual(b);
      const tokens = a.turns.reduce((n, t) => n + countTokens(t.content), 0);
      expect(tokens).toBe(a.tokens);
      expect(tokens).toBeGreaterThanOrEqual(1000);
      expect(tokens).toBeLessThanOrEqual(3000);
      expect(a.turns.every((t) => toolCallReason(t.content) === undefined)).toBe(true);
      expect(isOneSided(a.turns)).toBe(false);
      // Exchanges: never two turns of one speaker in a row, and the last is a reply.
      expect(a.turns.every((t, j) => j === 0 || t.role !== a.turns[j - 1].role)).toBe(true);
      expect(a.turns[0].role).toBe('user');
      expect(a.turns[a.turns.length - 1].role).toBe('assistant');
    }
    expect(() => sliceContext(c, new Rng(1, 'x'), 3000, 1000)).toThrow(/maxTokens 1000 < minTokens 3000/);
  });

  it('counts each corpus\'s tokens on its own (drawSlice remembers the total per corpus object)', () => {
    const whole = loadCorpus();
    // The default corpus, drawn from first, then a small one: its total is its own, not the first one's.
    expect(sliceContext(whole, new Rng(3, 'first'), 1000, 3000).tokens).toBeGreaterThanOrEqual(1000);
    const small = { ...whole, dialogues: whole.dialogues.slice(0, 2) };
    const smallTotal = small.dialogues.reduce((n, d) => n + d.turns.reduce((m, t) => m + t.tokens, 0), 0);
    expect(smallTotal).toBeLessThan(1000);
    expect(() => sliceContext(small, new Rng(3, 'small'), 1000, 3000)).toThrow(new RegExp(`has ${smallTotal} tokens in all, fewer than minTokens 1000`));
    // And the whole corpus still draws after it.
    expect(sliceContext(whole, new Rng(3, 'again'), 1000, 3000).tokens).toBeGreaterThanOrEqual(1000);
  });
});
