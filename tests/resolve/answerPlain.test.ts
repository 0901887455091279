import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { Rng } from '../../pipeline/rng.js';
import { cannedOpener, fieldDump, namesApi, restatesAsked } from '../../pipeline/quality/measures/text.js';

const order = { id: 12446, order_type: 'Buy', symbol: 'AAPL', price: 227.16, amount: 100, status: 'Open' };
const stock = { price: 227.16, percent_change: 0.17, volume: 2.552, 'MA(5)': 227.11, 'MA(20)': 227.09 };

describe('closing answers read like a person wrote them (answer-writer-25)', () => {
  it('the measures flag the old machine-made answers and pass plain ones', () => {
    // Before answer-writer-24 (bfcl_multi_turn_base_124 and others).
    expect(namesApi('The results follow. From `get_stock_info`: the price is 227.16. I have placed the order with `place_order`.')).toBeDefined();
    expect(cannedOpener('Each call succeeded. For the order id 12446, the id is 12446.')).toBe('Each call succeeded.');
    expect(restatesAsked('For the order id 12446, the id is 12446, the order type is "Buy".')).toBeDefined();
    expect(restatesAsked('For the booking id "insurance_12345", the invoice has booking id "insurance_12345", travel date "2026-12-24".')).toBeDefined();
    expect(fieldDump('For the order id 12446, the id is 12446, the order type is "Buy", the symbol is "AAPL", the price is 227.16, the amount is 100 and the status is "Open".')).toBeDefined();
    // A failed call keeps its name, so the user can say which step to retry.
    // Widened (answer-writer-28+fail2): a failure is told by what could not be done, never by the function's name.
    expect(namesApi('`place_order` gave an error: HTTP 503. Should I give `place_order` another go, or leave it for now?')).toBeDefined();
    expect(namesApi('Order 12446 is a buy order for 100 shares of AAPL at 227.16, status Open.')).toBeUndefined();
    // An opener that says nothing the next sentence does not (answer-writer-37).
    expect(cannedOpener('Here is what I found. Order 12446 is a buy order.')).toBeDefined();
    expect(restatesAsked('For the symbol "AAPL": price 227.16 and volume 2.552.')).toBeUndefined();
    expect(fieldDump('The price is 227.16 and the volume is 2.552.')).toBeUndefined();
    // A quoted review's own sentences are a value, not the answer's fields (teval_query_474_0's closing answer).
    expect(fieldDump('For the movie id 240, there are 3 reviews; in the first, the user\'s name is "Grace Evans", the rating is 6 and the text is "The writing is careful. Fine for a rainy afternoon." Next, a search.')).toBeUndefined();
  });

  it('the writer says findings by meaning, without API names, canned openers, restated keys or field dumps', () => {
    for (let seed = 0; seed < 40; seed++) {
      const a = offlineAnswer({ request: 'Fetch the particulars of the last order', steps: [
        { name: 'TradingBot.get_stock_info', args: { symbol: 'AAPL' }, response: JSON.stringify(stock) },
        { name: 'TradingBot.place_order', args: { order_type: 'Buy', symbol: 'AAPL', price: 227.16, amount: 100 }, response: JSON.stringify({ order_id: 12446, order_type: 'Buy', status: 'Pending', price: 227.16, amount: 100 }) },
        { name: 'TradingBot.get_order_details', args: { order_id: 12446 }, response: JSON.stringify(order) },
      ] }, new Rng(seed, 'plain'));
      for (const d of [namesApi, cannedOpener, restatesAsked, fieldDump]) expect(d(a), a).toBeUndefined();
      // answer-writer-91: an order's status said as what the order is, not as a trailing label (answer_order_label_tail).
      expect(a).toContain('Order 12446 is a buy order for 100 shares of AAPL at 227.16 a share; it is open.');
      expect(a).toContain('I placed a buy order for 100 shares of AAPL at 227.16 a share (order 12446); it is pending.');
      expect(a).toMatch(/AAPL is at 227\.16, up 0\.17%, with a trading volume of 2\.552; its 5-day moving average is 227\.11 and its 20-day 227\.09/);
    }
  });

  it('keeps every value of a record it states as one line', () => {
    const a = offlineAnswer({ request: 'x', steps: [{ name: 'TravelAPI.retrieve_invoice', args: { booking_id: 'insurance_12345' }, response: JSON.stringify({ invoice: { booking_id: 'insurance_12345', travel_date: '2026-12-24', travel_cost: 9500 } }) }] }, new Rng(1, 'inv'));
    expect(restatesAsked(a), a).toBeUndefined();
    // A date as people write it (answer-writer-31): "24 December 2026", not "2026-12-24" quoted.
    for (const v of ['insurance_12345', '24 December 2026', '9500']) expect(a).toContain(v);
  });

  it('a computation says which number it is ("The mean is 2."), never a bare "It comes to 2."', () => {
    for (let seed = 0; seed < 12; seed++) {
      const a = offlineAnswer({ request: 'Average 1, 2 and 3, then add 2 and 3', steps: [
        { name: 'MathAPI.mean', args: { numbers: [1, 2, 3] }, response: JSON.stringify({ result: 2 }) },
        { name: 'MathAPI.add', args: { a: 2, b: 3 }, response: JSON.stringify({ result: 5 }) },
      ] }, new Rng(seed, 'math'));
      expect(a, a).toMatch(/The mean (?:is|comes to) 2\b/);
      expect(a, a).toMatch(/The sum (?:is|comes to) 5\b/);
      expect(a).not.toMatch(/\bit comes to\b/i);
    }
  });
});
