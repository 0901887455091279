// Answer-writer-109 (h-lead34): a looked-up value told before a sentence uses it, the nearest place said as the nearest one, messages sent said as sent to their receivers, a quote naming whose symbol it is.
import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { nearestUnsaid, sentToldUnder, symbolUnexplained, toldAfterUse } from '../../pipeline/quality/measures/answerCraft.js';
import { Rng } from '../../pipeline/rng.js';

// bfcl_multi_turn_base_107's first turn: answer-writer-108 told the quote first, the symbol the user asked for last.
const request = 'Before purchasing shares in Zeta Corp, I am curious about their recent stock performance. Could you provide their stock symbol and detail their market activity?';
const steps = [
  { name: 'TradingBot.get_symbol_by_name', args: { name: 'Zeta Corp' }, response: '{"symbol": "ZETA"}' },
  { name: 'TradingBot.get_stock_info', args: { symbol: 'ZETA' }, response: '{"price": 150.75, "percent_change": 0.05, "volume": 1.5, "MA(5)": 150.5, "MA(20)": 150.3}' },
];

describe('a looked-up value is told before a sentence uses it (answer_told_after_use)', () => {
  it('flags the symbol told after the quote that used it, and passes it told first', () => {
    expect(toldAfterUse('ZETA is at 150.75, up 0.05%. "Zeta Corp" trades under the symbol ZETA.')).toBeDefined();
    expect(toldAfterUse('"Zeta Corp" trades under the symbol ZETA. ZETA is at 150.75, up 0.05%.')).toBeUndefined();
    expect(toldAfterUse('The distance is 20 km from 83214. The zipcode of Rivermist is "83214".')).toBeDefined();
  });
  it('tells the symbol the user asked for before the quote it led to', () => {
    for (let seed = 0; seed < 8; seed++) {
      const answer = offlineAnswer({ request, steps } as never, new Rng(seed, 'answer-writer'));
      expect(toldAfterUse(answer), answer).toBeUndefined();
      expect(answer).toMatch(/ZETA/);
      expect(answer.indexOf('150.75')).toBeGreaterThan(answer.search(/symbol/));
    }
  });
});

describe('the nearest place a look-up found is said as the nearest one (answer_nearest_unsaid)', () => {
  // bfcl_multi_turn_base_52: answer-writer-108 said "The shop location is "456 Oakwood Avenue, Rivermist, 83214".".
  const shop = { name: 'VehicleControlAPI.find_nearest_tire_shop', args: {}, response: '{"shopLocation": "456 Oakwood Avenue, Rivermist, 83214"}' };
  const turn = (answer: string) => ({ request: 'Find the nearest tire shop.', calls: [shop], answer });
  it('flags the place told by its key and passes it told as the nearest tire shop', () => {
    expect(nearestUnsaid(turn('The shop location is "456 Oakwood Avenue, Rivermist, 83214".'))).toBeDefined();
    expect(nearestUnsaid(turn('The nearest tire shop is at 456 Oakwood Avenue, Rivermist, 83214.'))).toBeUndefined();
  });
  it('the writer says where the nearest tire shop is', () => {
    for (let seed = 0; seed < 6; seed++) {
      const answer = offlineAnswer({ request: 'Check the tire pressure and find the nearest tire shop if any tire is low.', steps: [shop] } as never, new Rng(seed, 'answer-writer'));
      expect(nearestUnsaid(turn(answer)), answer).toBeUndefined();
      expect(answer).toBe('The nearest tire shop is at 456 Oakwood Avenue, Rivermist, 83214.');
    }
  });
});

describe('messages sent are said as sent to their receivers (answer_sent_told_under)', () => {
  // bfcl_multi_turn_base_149: answer-writer-108 said "There are 2 messages, one under USR001 (…) and one under USR003 (…)".
  const sent = { name: 'MessageAPI.view_messages_sent', args: {}, response: '{"messages": {"USR001": [["My name is John. I want to connect."]], "USR003": ["I\'ve decided to drop those dipping stocks from my line-up."]}}' };
  const request = "Would you mind showing me any recent messages I've sent?";
  it('flags "one under USR001" for messages sent and passes "one to USR001"', () => {
    expect(sentToldUnder({ request, calls: [sent], answer: 'There are 2 messages, one under USR001 ("Hi").' })).toBeDefined();
    expect(sentToldUnder({ request, calls: [sent], answer: 'There are 2 messages, one to USR001 ("Hi").' })).toBeUndefined();
  });
  it('the writer says to whom each was sent', () => {
    for (let seed = 0; seed < 4; seed++) {
      const answer = offlineAnswer({ request, steps: [sent] } as never, new Rng(seed, 'answer-writer'));
      expect(sentToldUnder({ request, calls: [sent], answer }), answer).toBeUndefined();
      expect(answer).toMatch(/one to USR001 \("My name is John\. I want to connect\."\) and one to USR003/);
    }
  });
});

describe('a quote says whose symbol it is (answer_symbol_unexplained)', () => {
  // bfcl_multi_turn_base_105: answer-writer-108 said "QUAS is at 725.89, …" after looking QUAS up from "Quasar Ltd.".
  const lookup = { name: 'TradingBot.get_symbol_by_name', args: { name: 'Quasar Ltd.' }, response: '{"symbol": "QUAS"}' };
  const quote = { name: 'TradingBot.get_stock_info', args: { symbol: 'QUAS' }, response: '{"price": 725.89, "percent_change": -0.03, "volume": 1.789, "MA(5)": 726.45, "MA(20)": 728.0}' };
  const request = "I'd like to know how Quasar Ltd.'s stock is doing: its price, trend and volume.";
  it('flags a quote by the bare symbol and passes one naming the company', () => {
    expect(symbolUnexplained({ request, calls: [lookup, quote], answer: 'QUAS is at 725.89, down 0.03%.' })).toBeDefined();
    expect(symbolUnexplained({ request, calls: [lookup, quote], answer: 'Quasar Ltd. (QUAS) is at 725.89, down 0.03%.' })).toBeUndefined();
  });
  it('the writer names the company; where the symbol was asked for, it tells it first instead', () => {
    for (let seed = 0; seed < 4; seed++) {
      const answer = offlineAnswer({ request, steps: [lookup, quote] } as never, new Rng(seed, 'answer-writer'));
      expect(symbolUnexplained({ request, calls: [lookup, quote], answer }), answer).toBeUndefined();
      expect(answer).toMatch(/^Quasar Ltd\. \(QUAS\) is at 725\.89, down 0\.03%/);
      const asked = offlineAnswer({ request: `${request} And what is its stock symbol?`, steps: [lookup, quote] } as never, new Rng(seed, 'answer-writer'));
      expect(asked).not.toMatch(/\(QUAS\)/);
      expect(asked.search(/symbol/)).toBeLessThan(asked.indexOf('725.89'));
    }
  });
});
