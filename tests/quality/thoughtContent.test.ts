/**
 * CoT thoughts that say something about their case: the closing thought names the calls and what the
 * last one showed, the retry's says why the same call goes again for this failure, the closing
 * thought after giving up what the failed call was for. Before, one build held "I have no further
 * call to make, so I will write the final answer." in 160 cases and "I'll send it again with the
 * same arguments." in 93.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { contentFree, thoughtContentFree, thoughtSentenceRepeated } from '../../pipeline/quality/measures/thoughtContent.js';
import { sentencesOf } from '../../pipeline/quality/grammar.js';
import { finishThought } from '../../pipeline/prompts/standard.js';
import { finishThought as giveUpThought, retryThought } from '../../stages/diversify-external/afterFailure.js';
import { answerFact } from '../../pipeline/thoughtPhrases.js';
import { Rng } from '../../pipeline/rng.js';

const doc = (name: string, description: string): ToolDoc => ({ name, description, required_parameters: [], optional_parameters: [], return_data: [] });
const TOOLS = [doc('TradingBot.get_watchlist', 'Get the watchlist.'), doc('TradingBot.add_to_watchlist', 'Add a stock to the watchlist.')];

/** A CoT case showing one call and its answer, then a closing answer carrying `thought`. */
function caseWith(thought: string): TestCase {
  return {
    id: 'x',
    cot: true,
    kind: 'internal',
    tools: TOOLS,
    messages: [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'Show me my watchlist.' },
      { role: 'assistant', content: JSON.stringify({ thought: 'I need to get the watchlist, so I will call `get_watchlist`.', name: 'TradingBot.get_watchlist', args: {} }) },
      { role: 'function', content: '{"watchlist": ["NVDA", "OMEG"]}' },
      { role: 'assistant', content: JSON.stringify({ thought, name: 'FinishAction', args: 'NVDA and OMEG.' }) },
      { role: 'user', content: 'Add QUAS too.' },
    ],
    groundTruth: { thought: 'I need to add a stock to the watchlist, so I will call `add_to_watchlist` with stock "QUAS".', name: 'TradingBot.add_to_watchlist', args: { stock: 'QUAS' } },
  } as unknown as TestCase;
}

describe('thought_content_free', () => {
  it('flags a thought naming nothing of its case and passes one naming the call, a value or the failure', () => {
    const canned = caseWith('I have no further call to make, so I will write the final answer.');
    expect(thoughtContentFree.check(canned, {} as never)).toMatch(/no further call/);
    expect(contentFree('One more try with the same arguments.', canned)).toBe(true);
    expect(contentFree('All the calls succeeded; now I give the answer.', canned)).toBe(true);
    expect(thoughtContentFree.check(caseWith('`get_watchlist` came back and the watchlist holds "NVDA" and "OMEG"; I can report the results.'), {} as never)).toBeNull();
    expect(contentFree('The 504 was the gateway timing out, so the same call should go through now.', canned)).toBe(false);
    expect(contentFree('The watchlist came back, so I can answer.', canned)).toBe(false);
    expect(thoughtContentFree.check({ ...canned, cot: false } as TestCase, {} as never)).toBeUndefined();
  });
});

describe('thought_sentence_repeated', () => {
  it('scores the share of cases holding a sentence more than 2% of cases hold', () => {
    const canned = Array.from({ length: 100 }, (_, i) => ({ ...caseWith('I have no further call to make, so I will write the final answer.'), id: `c${i}` }) as TestCase);
    expect(thoughtSentenceRepeated.score(canned, {} as never)?.value).toBe(1);
    const varied = Array.from({ length: 100 }, (_, i) => {
      const tc = caseWith(`\`get_watchlist\` came back with stock ${i}, so I can answer.`);
      return { ...tc, id: `c${i}`, messages: tc.messages.map((m) => ({ ...m, content: m.content.replace('get the watchlist', `get watchlist ${i}`) })), groundTruth: { thought: `I will add stock ${i}.`, name: 'TradingBot.add_to_watchlist', args: { stock: `S${i}` } } } as unknown as TestCase;
    });
    expect(thoughtSentenceRepeated.score(varied, {} as never)?.value).toBe(0);
  });
});

describe('the generators write thoughts about the case', () => {
  const answered = (name: string, content: string) => ({ action: { name, args: {} }, response: { content, tier: 'live' as const } });

  it('the closing thought names the last call and a fact its answer shows, in every sentence', () => {
    for (let i = 0; i < 30; i++) {
      const t = finishThought({ user: `request ${i}`, steps: [answered('TradingBot.get_watchlist', '{"watchlist": ["NVDA", "OMEG"]}')] });
      expect(t, t).toMatch(/`get_watchlist`/);
      expect(t, t).toMatch(/"NVDA" and "OMEG"/);
      for (const s of sentencesOf(t)) expect(s, t).toMatch(/`|"/);
    }
    // Several calls: none named twice in one sentence (thought_malformed), the earlier ones before the last.
    for (let i = 0; i < 30; i++) {
      const t = finishThought({ user: `turn ${i}`, steps: [answered('V.lockDoors', '{"lockStatus": "locked"}'), answered('V.startEngine', '{"engineState": "running"}')] });
      for (const s of sentencesOf(t)) expect((s.match(/`startEngine`/g) ?? []).length, t).toBeLessThanOrEqual(1);
      expect(t, t).toMatch(/`startEngine`/);
    }
    // No short fact to say: the calls by name.
    const t = finishThought({ user: 'r', steps: [answered('A.cd', 'None'), answered('A.ls', 'None')] });
    expect(t).toMatch(/`(?:cd|ls)`/);
  });

  it('answerFact says only what the answer holds', () => {
    expect(answerFact('{"stock_list": ["AAPL", "NVDA"]}')).toBe('the stocks are "AAPL" and "NVDA"');
    expect(answerFact('{"matches": []}')).toBe('there are no matches');
    expect(answerFact('{"budget_limit": 2857.14}')).toBe('the budget limit is 2857.14');
    expect(answerFact('{"ticket": {"id": 2, "status": "Open"}}')).toBe('the id is 2');
    expect(answerFact('Weather in Paris is fine')).toBeUndefined();
    expect(answerFact('None')).toBeUndefined();
  });

  it('retry and give-up thoughts name the call in every sentence, say the kind and why it goes again', () => {
    const tools = [doc('T.get_stock_info', 'Get the details of the stock.')];
    const action = { name: 'T.get_stock_info', args: { symbol: 'NVDA' } };
    const seen = new Set<string>();
    for (let seed = 0; seed < 30; seed++) {
      const retry = retryThought(action, 'HTTP 504 Gateway Timeout', tools, new Rng(seed, 'r'));
      const gave = giveUpThought(action, 'ConnectionResetError: the connection was reset by peer', tools, new Rng(seed, 'f'));
      seen.add(retry);
      expect(retry).toMatch(/timed out/);
      for (const t of [retry, gave]) for (const s of sentencesOf(t)) expect(s, t).toMatch(/`get_stock_info`|NVDA|timeout|Timing out|details of the stock/);
      expect(gave).toMatch(/connection/);
      expect(retry).not.toMatch(/same arguments|no change/);
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });

  it('a broken pipe or a device not connected is told as a lost connection, not "(it failed)"', () => {
    const tools = [doc('V.fillFuelTank', 'Fill the fuel tank.')];
    const action = { name: 'V.fillFuelTank', args: { fuelAmount: 30 } };
    for (const message of ['BrokenPipeError: [Errno 32] Broken pipe while running fillFuelTank: the connection to the controller dropped', 'fillFuelTank failed: the device is not connected (ENOTCONN)']) {
      for (let seed = 0; seed < 8; seed++) {
        expect(giveUpThought(action, message, tools, new Rng(seed, 'f'))).toMatch(/connection/);
        expect(retryThought(action, message, tools, new Rng(seed, 'r'))).toMatch(/connection/);
      }
    }
  });
});
