// Answer-writer 141 (lead39): the question after a failure asks bare right after the failed task's own sentence.
import { describe, expect, it } from 'vitest';
import { choiceUnclear, taskAskedTwice } from '../../pipeline/quality/measures/failureAnswers.js';
import { taskSaidAgain } from '../../pipeline/failureQuestion.js';
import { failedSentence, nextStepQuestion } from '../../stages/resolve/failureSentences.js';
import { Rng } from '../../pipeline/rng.js';

describe('answer_failure_task_twice', () => {
  it('flags the failed task said again in the question right after its sentence', () => {
    // bfcl_multi_turn_base_168-env-k1 and 155-env-k3 on lead38 f5.
    expect(taskAskedTwice("Sorry, I wasn't able to convert 1500 USD to EUR, because the request timed out after 5 seconds. Shall I have another go at converting 1500 USD to EUR, or leave it there?")).toMatch(/1500 usd to eur/);
    expect(taskAskedTwice('I tried to purchase the insurance, but the connection to the service timed out after 5 seconds, before the request was sent. Want me to purchase the insurance again shortly, or hold off?')).toMatch(/purchase the insurance/);
  });
  it('passes a bare question, and a named one after a sentence of what waits on the failure', () => {
    expect(taskAskedTwice("Sorry, I wasn't able to convert 1500 USD to EUR, because the request timed out after 5 seconds. Shall I have another go, or leave it there?")).toBeUndefined();
    // bfcl_multi_turn_base_26-env-k1: a later listing waits too, so the question says which listing it means.
    expect(taskAskedTwice('I couldn\'t list the files in the folder: the server did not answer. Moving into the temporary directory and listing the files in the folder again need it first. Shall I make another attempt to list the files in the folder, or set it aside?')).toBeUndefined();
    // Shared words that are no task: "try again", "the request".
    expect(taskSaidAgain('I tried to book the flight, but the request timed out.', 'Would you like me to try again, or leave it there?')).toBeUndefined();
  });
});

describe('nextStepQuestion after the failed task\'s own sentence', () => {
  const failures = [
    { name: 'TravelAPI.compute_exchange_rate', args: { base_currency: 'USD', target_currency: 'EUR', value: 1500 }, error: 'ReadTimeout: the request to compute_exchange_rate timed out (read timeout=5)' },
    { name: 'TradingBot.add_to_watchlist', args: { stock: 'MSFT' }, error: 'HTTP 500 Internal Server Error' },
    { name: 'TravelAPI.book_flight', args: { access_token: '1', card_id: 'c', travel_date: '2024-12-01', travel_from: 'SFO', travel_to: 'LAX', travel_class: 'economy' }, error: '429 Too Many Requests: rate limit exceeded' },
    { name: 'GorillaFileSystem.cat', args: { file_name: 'notes.txt' }, error: "PermissionError: [Errno 13] Permission denied: 'notes.txt'" },
  ];
  it('asks bare right after it, naming the task where nothing came before, and offers both ways either way', () => {
    let bare = 0;
    for (const f of failures) {
      for (let seed = 0; seed < 40; seed++) {
        const step = { ...f, response: f.error };
        const sentence = failedSentence(step as never, new Rng(seed, 's'), '');
        const q = nextStepQuestion(step as never, new Rng(seed), '', [], undefined, '', sentence);
        const answer = `${sentence} ${q}`;
        expect(taskAskedTwice(answer), answer).toBeUndefined();
        expect(choiceUnclear(answer), answer).toBeUndefined();
        const named = nextStepQuestion(step as never, new Rng(seed), '');
        if (q !== named) bare++;
        // The same frame either way: the rng draws alike.
        expect(q.split(/\s+/)[0]).toBe(named.split(/\s+/)[0]);
      }
    }
    expect(bare).toBeGreaterThan(40);
  });
});
