import { describe, expect, it } from 'vitest';
import { finishThought } from '../../pipeline/prompts/standard.js';
import { closingFactUnasked } from '../../pipeline/quality/measures/thoughts.js';

/** A turn as finishThought reads it: the request and its one call with the answer it got. */
const turn = (user: string, name: string, args: Record<string, unknown>, content: string) => ({
  user,
  name,
  args,
  content,
  steps: [{ action: { name, args }, response: { content } }, { action: { name: 'FinishAction', args: '' } }],
});

describe('a closing thought cites what the request asked about (thought_closing_fact_unasked)', () => {
  // bfcl_multi_turn_base_109-control-k6-cot on b4: "Now that `get_account_info` shows the account id is 12345, the answer can rest on that."
  const account = turn('Please give me an overview of my account, especially the available balance and linked card details.', 'TradingBot.get_account_info', {}, '{"account_id": 12345, "balance": 31500.0, "binding_card": 1974202140965533}');
  // bfcl_multi_turn_base_199: "… the travel date is "2026-04-15" …" for "the invoice outlining the costs involved".
  const invoice = turn('With my flight now secured, I need to review the invoice outlining the costs involved. Retrieve that invoice for me, please.', 'TravelAPI.retrieve_invoice', { access_token: 'abc', booking_id: '3426812' }, '{"invoice": {"booking_id": "3426812", "travel_date": "2026-04-15", "travel_from": "LAX", "travel_to": "JFK", "travel_class": "business", "travel_cost": 2400.0, "transaction_id": "45451592"}}');

  it('flags the first field cited where the request asks about another', () => {
    expect(closingFactUnasked('Now that `get_account_info` shows the account id is 12345, the answer can rest on that.', account.user, account.content, account.args, account.name)).toMatch(/balance/);
    expect(closingFactUnasked('`retrieve_invoice` answered that the travel date is "2026-04-15", which is what I was waiting for before replying.', invoice.user, invoice.content, invoice.args, invoice.name)).toMatch(/travel_cost/);
  });

  it('passes a field the request words ("lock" in "unlocking") and a field that only echoes what the call passed', () => {
    expect(closingFactUnasked('Now that `lockDoors` shows the lock status is "unlocked", the answer can rest on that.', 'Would you assist in unlocking them all? The doors, I mean.', '{"lockStatus": "unlocked", "remainingUnlockedDoors": 4}')).toBeUndefined();
    // place_order's "price" is the price it was given; the order id is the news.
    expect(closingFactUnasked('According to `place_order`, the order id is 12446; nothing is left to call, so I will answer with that.', 'Buy 100 shares at the current price of 310.23.', '{"order_id": 12446, "order_type": "Buy", "status": "Pending", "price": 310.23, "amount": 100}', { symbol: 'MSFT', price: 310.23, amount: 100, order_type: 'Buy' })).toBeUndefined();
  });

  it('finishThought cites the asked field', () => {
    for (const t of [account, invoice]) {
      const thought = finishThought(t as never);
      expect(closingFactUnasked(thought, t.user, t.content, t.args, t.name), thought).toBeUndefined();
    }
    expect(finishThought(account as never)).toMatch(/the balance is 31500/);
    expect(finishThought(invoice as never)).toMatch(/the travel cost is 2400/);
  });
});
