/**
 * A closing answer's own grammar (answer_grammar): "There are 1 line" was the one slip on the
 * default build; a question with its modal first and quoted text are not slips.
 */
import { describe, expect, it } from 'vitest';
import { grammarIssues } from '../../pipeline/quality/grammar.js';
import { answerGrammarSlip } from '../../pipeline/quality/measures/text.js';
import { offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { Rng } from '../../pipeline/rng.js';

describe('answer grammar', () => {
  it('hears a count the verb disagrees with', () => {
    expect(grammarIssues('There are 1 line in the file.').map((i) => i.rule)).toEqual(['number-agreement']);
    expect(grammarIssues('There is 3 files here.').map((i) => i.rule)).toEqual(['number-agreement']);
    expect(grammarIssues('There is 1 line in the file. There are 2 words.')).toEqual([]);
    expect(grammarIssues('There are 1 of them left? No.').filter((i) => i.rule === 'number-agreement')).toEqual([]);
  });

  it('lets a question put its modal first', () => {
    expect(grammarIssues('Should I try again in a moment, or leave it?')).toEqual([]);
    expect(grammarIssues('Do you want another attempt, or should I drop it?')).toEqual([]);
    expect(grammarIssues('I will called the service.').map((i) => i.rule)).toEqual(['verb-after-modal']);
  });

  it('reads the answer, not what it quotes', () => {
    expect(answerGrammarSlip('I found 2 emails: "Let\'s Build for Cosmos IBC!" and "Hello".')).toBeUndefined();
    expect(answerGrammarSlip('The file content of "a.txt" reads "Initial analysis content."')).toBeUndefined();
    expect(answerGrammarSlip('There are 1 line in "summary.txt".')).toMatch(/number-agreement/);
  });

  it('counts one line as one', () => {
    for (let seed = 0; seed < 20; seed++) {
      const one = offlineAnswer({ request: 'x', steps: [{ name: 'GorillaFileSystem.wc', args: { file_name: 'summary.txt', mode: 'l' }, response: '{"count": 1, "type": "lines"}' }] }, new Rng(seed, 'wc'));
      expect(answerGrammarSlip(one), one).toBeUndefined();
      // answer-writer-91: one in words, "one line" (answer_one_counted_as_digit); still singular.
      expect(one).toMatch(/\bone line\b/);
      const two = offlineAnswer({ request: 'x', steps: [{ name: 'GorillaFileSystem.wc', args: { file_name: 'summary.txt', mode: 'w' }, response: '{"count": 2, "type": "words"}' }] }, new Rng(seed, 'wc'));
      expect(answerGrammarSlip(two), two).toBeUndefined();
    }
  });
});
