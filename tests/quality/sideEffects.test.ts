/**
 * A wrong call that changed state and went through leaves two right next steps (undo it, or go on):
 * 23.0% (303/1,316) of the default build's tool_select and parameters_value cases did, e.g.
 * `place_order(amount=101)` filled before the ground truth's second order. diversify-internal now
 * turns such a wrong call down, and error_changes_state counts what is left.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase } from '../../pipeline/schemas.js';
import { wrongCallChangedState } from '../../pipeline/errors/sideEffects.js';
import { errorChangesState } from '../../pipeline/quality/measures/errors.js';

describe('wrong calls that change state', () => {
  it('a state-changing call that went through counts; a read, a refusal or an error does not', () => {
    expect(wrongCallChangedState('TradingBot.place_order', { content: '{"order_id": 12446, "order_type": "Buy", "status": "Pending"}' })).toBe(true);
    expect(wrongCallChangedState('PPT.add_text_page', { content: '{"status": "Add text page completed successfully."}' })).toBe(true);
    expect(wrongCallChangedState('TradingBot.get_stock_info', { content: '{"price": 22}' })).toBe(false);
    expect(wrongCallChangedState('Weather.forecast_weather', { content: '{"results": []}' })).toBe(false);
    expect(wrongCallChangedState('TradingBot.place_order', { content: '{"error": "Invalid stock symbol: zeta"}' })).toBe(false);
    expect(wrongCallChangedState('TicketAPI.ticket_login', { content: '{"success": false}' })).toBe(false);
    expect(wrongCallChangedState('PPT.add_text_image_page', { content: "[Errno 2] No such file or directory: 'x.png'" })).toBe(false);
    expect(wrongCallChangedState('Email.send', { content: 'x', error: { source: 'internal', message: 'bad address' } })).toBe(false);
  });

  it('the measure flags a filled wrong order and passes a refused one', () => {
    const tc = (answer: string) => ({ errorType: 'parameters_value_error', erroneousAction: { name: 'TradingBot.place_order', args: { amount: 101 } }, messages: [{ role: 'user', content: 'Buy 100.' }, { role: 'assistant', content: '{}' }, { role: 'function', content: answer }] }) as unknown as TestCase;
    expect(errorChangesState.check(tc('{"order_id": 12446, "status": "Pending"}'), {} as never)).toMatch(/went through/);
    expect(errorChangesState.check(tc('{"error": "Insufficient funds"}'), {} as never)).toBeNull();
  });
});
