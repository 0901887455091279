// Assemble 62 (h-lead35): an internal-error case's ground-truth thought names the tool its "last call" meant (gt_thought_last_call_stale).
import { describe, expect, it } from 'vitest';
import { thoughtAfterError } from '../../stages/assemble/afterError.js';
import { STALE_LAST_CALL, thoughtStyle } from '../../pipeline/quality/measures/thoughts.js';

describe('the correct step\'s thought after the wrong call\'s error', () => {
  it('names the tool "the last call" meant', () => {
    // bfcl_multi_turn_base_105-parameters_key_error-k4-cot: shown after the failed add_to_watchlist.
    const thought = 'The last call tells me there are four stocks, and the first is "AAPL". The last answer gives me what I need to add a stock to the watchlist, so `add_to_watchlist` with stock "AAPL" is next.';
    const after = thoughtAfterError(thought, 'get_available_stocks');
    expect(after).toBe('`get_available_stocks` says there are four stocks, and the first is "AAPL". The answer from `get_available_stocks` gives me what I need to add a stock to the watchlist, so `add_to_watchlist` with stock "AAPL" is next.');
    expect(STALE_LAST_CALL.test(after)).toBe(false);
    expect(STALE_LAST_CALL.test(thought)).toBe(true);
    // Written in the style of the wrong call's thought, which still opens "The last call tells me" (error_thought_style_tell).
    expect(thoughtStyle(after, { stock: 'AAPL' })).toBe(thoughtStyle(thought, { stock: 'AAPL' }));
  });
  it('leaves a thought that names its tools, or has no step before it in the turn, as it is', () => {
    const named = '`get_symbol_by_name` says the symbol is "QUAS". Now I can get the details of the stock.';
    expect(thoughtAfterError(named, 'get_symbol_by_name')).toBe(named);
    expect(thoughtAfterError('The last call tells me the id is 5.', undefined)).toBe('The last call tells me the id is 5.');
  });
});
