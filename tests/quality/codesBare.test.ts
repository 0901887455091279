// Answer-writer-113/114 (h-lead35): stock symbols, airport codes and the companies a symbol look-up was for said bare (answer_code_quoted).
import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { codeQuoted } from '../../pipeline/quality/measures/answerCraft.js';
import { codesBare, codesOf, companiesOf } from '../../pipeline/answerFacts.js';
import { Rng } from '../../pipeline/rng.js';

const add = { name: 'TradingBot.add_to_watchlist', args: { stock: 'QUAS' }, response: '{"watchlist": ["NVDA", "QUAS"]}' };
const airport = { name: 'TravelAPI.get_nearest_airport_by_city', args: { location: 'Rivermist' }, response: '{"nearest_airport": "RMS"}' };

describe('codes people write bare', () => {
  it('reads the codes a turn passes or gets under symbol, stock, watchlist or airport fields, and no other capitals', () => {
    expect([...codesOf([add, airport])].sort()).toEqual(['NVDA', 'QUAS', 'RMS']);
    // A folder or a title in capitals is typed text, not a code.
    expect([...codesOf([{ name: 'GorillaFileSystem.mkdir', args: { dir_name: 'TMP' }, response: 'None' }])]).toEqual([]);
    expect(codesBare('I added "QUAS" to the watchlist; "TMP" stays quoted.', new Set(['QUAS']))).toBe('I added QUAS to the watchlist; "TMP" stays quoted.');
  });
  it('reads the company a symbol look-up was for, and unquotes it once, a name ending in its own full stop ending the sentence once', () => {
    const lookup = { name: 'TradingBot.get_symbol_by_name', args: { name: 'Quasar Ltd.' }, response: '{"symbol": "QUAS"}' };
    expect([...companiesOf([lookup, add])]).toEqual(['Quasar Ltd.']);
    expect(codesBare('I could not get the symbol for "Quasar Ltd.".', new Set(['Quasar Ltd.']))).toBe('I could not get the symbol for Quasar Ltd.');
    // The end of one quoted text and the start of the next are never taken for one quote.
    expect(codesBare('It reads "the call was right." There was a problem with the stock "TSLA": it failed.', new Set(['TSLA']))).toBe('It reads "the call was right." There was a problem with the stock TSLA: it failed.');
    // bfcl_multi_turn_base_107: answer-writer-113 said '"Zeta Corp" trades under the symbol ZETA.'
    const zeta = { name: 'TradingBot.get_symbol_by_name', args: { name: 'Zeta Corp' }, response: '{"symbol": "ZETA"}' };
    const a = offlineAnswer({ request: 'Could you provide the stock symbol of Zeta Corp?', steps: [zeta] } as never, new Rng(1, 'answer-writer'));
    expect(a).toMatch(/Zeta Corp\b/);
    expect(codeQuoted({ request: '', calls: [zeta], answer: a }), a).toBeUndefined();
    expect(codeQuoted({ request: '', calls: [zeta], answer: '"Zeta Corp" trades under the symbol ZETA.' })).toBe('"Zeta Corp"');
  });
  it('flags a quoted code and passes it bare', () => {
    // bfcl_multi_turn_base_113: answer-writer-112 said 'I have added "QUAS" to the watchlist, and the watchlist has "NVDA" and "QUAS".'
    const request = "Include Quasar Ltd.'s stock in my watchlist.";
    expect(codeQuoted({ request, calls: [add], answer: 'I have added "QUAS" to the watchlist, and the watchlist has "NVDA" and "QUAS".' })).toBe('"QUAS"');
    expect(codeQuoted({ request, calls: [add], answer: 'I have added QUAS to the watchlist, and the watchlist has NVDA and QUAS.' })).toBeUndefined();
  });
  it('the writer says symbols and airports bare', () => {
    for (let seed = 0; seed < 6; seed++) {
      const a = offlineAnswer({ request: 'Add QUAS to my watchlist.', steps: [add] } as never, new Rng(seed, 'answer-writer'));
      expect(codeQuoted({ request: '', calls: [add], answer: a }), a).toBeUndefined();
      expect(a).toMatch(/\bNVDA and QUAS\b/);
      const b = offlineAnswer({ request: 'What is the nearest airport to Rivermist?', steps: [airport] } as never, new Rng(seed, 'answer-writer'));
      expect(b).toMatch(/\bRMS\b/);
      expect(b).not.toMatch(/"RMS"/);
    }
  });
});
