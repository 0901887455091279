/**
 * A key error must not leave out a required key whose value the case never states (f28: BFCL 170's
 * contact_customer_support without message "Please assist with my confirmed booking." when the user
 * only said "mention my confirmed booking"): the corrected call would be a guess. A value the user gave
 * in another form (20.0 for "20 liters", NVDA for "Nvidia") or an earlier answer shows is no free choice.
 */
import { describe, expect, it } from 'vitest';
import type { Action, TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { applicability, inject, type InjectionInput } from '../../pipeline/errors/index.js';
import { freeChoiceKeys } from '../../pipeline/errors/injectors/paramKey.js';
import { shownBeforeStep, unstatedValue } from '../../pipeline/errors/unstated.js';
import { keyErrorValueUnstated } from '../../pipeline/quality/measures/errors.js';
import { Rng } from '../../pipeline/rng.js';

const SUPPORT: ToolDoc = {
  name: 'TravelAPI.contact_customer_support',
  description: 'Contact travel booking customer support, get immediate support on an issue with an online call.',
  required_parameters: [
    { name: 'booking_id', type: 'string', description: 'The ID of the booking' },
    { name: 'message', type: 'string', description: 'The message to send to customer support' },
  ],
  optional_parameters: [],
  return_data: [{ name: 'customer_support_message', description: 'The message from customer support' }],
};
const FUEL: ToolDoc = {
  name: 'VehicleControlAPI.liter_to_gallon',
  description: 'Convert liters to gallons.',
  required_parameters: [{ name: 'liter', type: 'float', description: 'The amount of liter to convert.' }],
  optional_parameters: [],
  return_data: [{ name: 'gallon', description: 'The amount of gallon converted.' }],
};

const QUERY = 'If things go south with my itinerary, could you get me in touch with customer support? Just mention my confirmed booking when you connect us.';
const BOOKING = '{"booking_id": "3426812", "transaction_id": "45451592", "booking_status": true}';
const correct: Action = { name: SUPPORT.name, args: { booking_id: '3426812', message: 'Please assist with my confirmed booking.' } };

const supportInput = (): InjectionInput => ({
  tools: [SUPPORT],
  correct,
  query: QUERY,
  earlierRequests: ["Book the first-class flight from SFO to LAX on '2026-11-15' with card 'card123'."],
  earlier: [{ name: 'TravelAPI.book_flight', args: { card_id: 'card123', travel_class: 'first' }, response: BOOKING }],
  toolkitApis: [SUPPORT.name],
  meta: {},
  validSteps: [correct],
});

function keyCase(wrong: Action, gt: Action, tool: ToolDoc, users: string[], answers: string[] = []): TestCase {
  return {
    id: 'c',
    kind: 'internal',
    errorType: 'parameters_key_error',
    cot: false,
    trajectoryId: 't',
    source: 'bfcl',
    k: 1,
    messages: [
      { role: 'system', content: `tools: ${JSON.stringify(tool)}` },
      ...users.slice(0, -1).map((content) => ({ role: 'user' as const, content })),
      ...answers.flatMap((content) => [{ role: 'assistant' as const, content: '{"name": "TravelAPI.book_flight", "args": {}}' }, { role: 'function' as const, content }]),
      { role: 'user', content: users[users.length - 1] },
      { role: 'assistant', content: JSON.stringify(wrong) },
      { role: 'function', content: `Error during execution: missing 1 required positional argument` },
    ],
    tools: [tool],
    groundTruth: gt,
    erroneousAction: wrong,
    provenance: { methods: {}, parents: [] },
  } as TestCase;
}

const ctx = { trajectory: () => undefined, baseCase: () => undefined };

describe('key_error_value_unstated', () => {
  it('flags a dropped free-text value nobody wrote, not a dropped id an earlier answer gave', () => {
    const noMessage = keyCase({ name: SUPPORT.name, args: { booking_id: '3426812' } }, correct, SUPPORT, [QUERY], [BOOKING]);
    expect(keyErrorValueUnstated.check(noMessage, ctx)).toMatch(/message="Please assist with my confirmed booking\." is a text the case never states \("assist"/);
    const noBooking = keyCase({ name: SUPPORT.name, args: { message: 'Please assist with my confirmed booking.' } }, correct, SUPPORT, [QUERY], [BOOKING]);
    expect(keyErrorValueUnstated.check(noBooking, ctx)).toBeNull();
    // The booking id with no answer showing it is unstated too.
    const unseen = keyCase({ name: SUPPORT.name, args: { message: 'Please assist with my confirmed booking.' } }, correct, SUPPORT, [QUERY]);
    expect(keyErrorValueUnstated.check(unseen, ctx)).toMatch(/booking_id="3426812" is shown by no user turn/);
  });

  it('does not flag a value the user gave in another form (20.0 for "20 liters") and leaves renames out', () => {
    const gt: Action = { name: FUEL.name, args: { liter: 20.0 } };
    const dropped = keyCase({ name: FUEL.name, args: {} }, gt, FUEL, ['How many gallons are 20 liters?']);
    expect(keyErrorValueUnstated.check(dropped, ctx)).toBeNull();
    const renamed = keyCase({ name: FUEL.name, args: { liters: 20.0 } }, gt, FUEL, ['How many gallons are 20 liters?']);
    expect(keyErrorValueUnstated.check(renamed, ctx)).toBeUndefined();
  });

  it('reads reformatted values as stated: a ticker by its company, a quoted file name in the user\'s words, a search phrase', () => {
    const shown = { docs: '', exchange: ['Could you fetch the latest stock info for Nvidia?', 'Save it as \'weather.txt\' in the outputs folder.'] };
    expect(unstatedValue('symbol', 'NVDA', shown)).toBeUndefined();
    expect(unstatedValue('file_path', 'outputs/weather.txt', shown)).toBeUndefined();
    expect(unstatedValue('query', 'Nvidia stock', shown)).toBeUndefined();
    expect(unstatedValue('theme', 'default', shown)).toMatch(/never states/);
  });
});

describe('the key injector leaves no free choice out', () => {
  it('drops the booking id an earlier answer shows, never the message nobody wrote', () => {
    const input = supportInput();
    expect([...freeChoiceKeys(input).keys()]).toEqual(['message']);
    expect(unstatedValue('booking_id', '3426812', shownBeforeStep(input))).toBeUndefined();
    const drops = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const made = inject('parameters_key_error', input, new Rng(seed));
      const args = made.action.args as Record<string, unknown>;
      if (made.family === 'missing-required') drops.add(Object.keys(correct.args as object).find((k) => !(k in args))!);
      // The message is always passed, under its key or a renamed one.
      expect(Object.values(args)).toContain('Please assist with my confirmed booking.');
    }
    expect([...drops]).toEqual(['booking_id']);
  });

  it('turns the step down, saying why, when every key is a free choice and none can be renamed', () => {
    const only: ToolDoc = { ...SUPPORT, name: 'TravelAPI.contact_customer_support', required_parameters: [SUPPORT.required_parameters[1]] };
    const input: InjectionInput = { ...supportInput(), tools: [only], correct: { name: only.name, args: { message: 'Please assist with my confirmed booking.' } }, validSteps: [] };
    const verdict = applicability('parameters_key_error', input);
    // "message" has renames (messages, msg …): the step is still a key error, by a rename.
    if (verdict.ok) {
      for (let seed = 0; seed < 10; seed++) expect(inject('parameters_key_error', input, new Rng(seed)).family).not.toBe('missing-required');
    }
    const bare: ToolDoc = { ...only, required_parameters: [{ name: 'zq', type: 'string', description: 'a note' }] };
    const none = applicability('parameters_key_error', { ...input, tools: [bare], correct: { name: bare.name, args: { zq: 'Please assist with my confirmed booking.' } } });
    expect(none.ok).toBe(false);
    expect(none.ok ? '' : none.reason).toMatch(/no required key can be left out whose value the case states \(zq=/);
  });
});
