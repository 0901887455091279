/**
 * Every wrong call is wrong in exactly its labelled way, and only that way (pipeline/errors/wrongCall.ts,
 * measure `wrong_call_second_defect`, gated at 0). Before error-injectors@33, 5.2% (170/3,301) of the
 * internal error cases were wrong a second way:
 *
 * - tool_select 16.1% (57/353): bfcl_multi_turn_base_83 k2 `lockDoors(door="driver")` for fillFuelTank,
 *   a string where the doc asks for a list of doors, answered "Error during execution: 'd'";
 *   `setHeadlights(mode="START")` (startEngine's ignitionMode, none of on/off/auto); `cancel_booking(
 *   booking_id="2026")` from "set to expire in 2026"; `get_citation_format(q="machine learning")`, a
 *   topic where the doc asks for a result id; `wc("result.txt")` the request asks to create;
 * - parameters_value 16.9% (113/669): type confusions (`propertyId="54239108"` for an integer,
 *   `radius="one thousand"`, `door="driver, passenger"` for a list) and a recorded T-Eval slip that also
 *   left a key out.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_TYPES, type Action, type TestCase, type ToolDoc } from '../../pipeline/schemas.js';
import { applicability, inject, toolkitOf } from '../../pipeline/errors/index.js';
import { callSchemaProblems, idShown, secondDefect } from '../../pipeline/errors/wrongCall.js';
import { wrongCallSecondDefect } from '../../pipeline/quality/measures/errors.js';
import { toolSteps } from '../../pipeline/steps.js';
import { Rng } from '../../pipeline/rng.js';
import { injectionInputFor, toolkitIndex } from '../../stages/diversify-internal/inputs.js';
import { shownText } from '../../pipeline/errors/injectors/toolSelect.js';
import { bfclTrajectories, tevalTrajectories } from './fixtures/vendored.js';

const lockDoors: ToolDoc = {
  name: 'VehicleControlAPI.lockDoors',
  description: 'Locks the doors of the vehicle.',
  required_parameters: [
    { name: 'unlock', type: 'boolean', description: '[Required] True if the doors are to be unlocked, False otherwise.' },
    { name: 'door', type: 'array', items: { type: 'string' }, description: '[Required] The list of doors to lock or unlock. [Enum]: ["driver", "passenger", "rear_left", "rear_right"]' },
  ],
  optional_parameters: [],
  return_data: [],
};
const fillFuelTank: ToolDoc = {
  name: 'VehicleControlAPI.fillFuelTank',
  description: 'Fills the fuel tank of the vehicle.',
  required_parameters: [{ name: 'fuelAmount', type: 'float', description: '[Required] The amount of fuel to fill in gallons.' }],
  optional_parameters: [],
  return_data: [],
};
const cancelBooking: ToolDoc = {
  name: 'TravelAPI.cancel_booking',
  description: 'Cancel a booking.',
  required_parameters: [
    { name: 'access_token', type: 'string', description: '[Required] The access token.' },
    { name: 'booking_id', type: 'string', description: '[Required] The ID of the booking.' },
  ],
  optional_parameters: [],
  return_data: [],
};
const tail: ToolDoc = {
  name: 'File.tail',
  description: 'Last lines of a file.',
  required_parameters: [
    { name: 'file_name', type: 'string', description: '[Required] the file' },
    { name: 'lines', type: 'integer', description: '[Required] how many lines' },
  ],
  optional_parameters: [{ name: 'folder', type: 'string', description: 'where the file is' }],
  return_data: [],
};
const TOOLS = [lockDoors, fillFuelTank, cancelBooking, tail];

function internalCase(errorType: TestCase['errorType'], groundTruth: Action, wrong: Action, response: string, user = 'Fill the tank with 30 gallons.'): TestCase {
  return {
    id: `t-${errorType}`,
    trajectoryId: 't',
    source: 'bfcl',
    kind: 'internal',
    errorType,
    k: 1,
    cot: false,
    tools: TOOLS,
    messages: [
      { role: 'system', content: 'tools' },
      { role: 'user', content: user },
      { role: 'assistant', content: JSON.stringify(wrong) },
      { role: 'function', content: response },
    ],
    groundTruth,
    erroneousAction: wrong,
    provenance: { methods: {} },
  } as unknown as TestCase;
}

const fill: Action = { name: fillFuelTank.name, args: { fuelAmount: 30 } };

describe('wrong_call_second_defect flags a wrong call wrong a second way, and passes one wrong only its labelled way', () => {
  it('tool_select: arguments the wrong tool rules out, an id nobody gave, an argument error for an answer', () => {
    const bad = internalCase('tool_select_error', fill, { name: lockDoors.name, args: { unlock: true, door: 'driver' } }, "Error during execution: 'd'");
    expect(wrongCallSecondDefect.check(bad, {} as never)).toMatch(/door="driver" is not of its documented type array/);
    const option = internalCase('tool_select_error', fill, { name: lockDoors.name, args: { unlock: false, door: ['boot'] } }, '{"lockStatus": "locked"}');
    expect(wrongCallSecondDefect.check(option, {} as never)).toMatch(/not one of/);
    const invented = internalCase('tool_select_error', fill, { name: cancelBooking.name, args: { access_token: '251675', booking_id: '2026' } }, '{"cancel_status": false, "error": "Booking not found"}', 'My card expires in 2026; what is its balance?');
    expect(wrongCallSecondDefect.check(invented, {} as never)).toMatch(/booking_id="2026" is an id nothing gave/);
    const crash = internalCase('tool_select_error', fill, { name: lockDoors.name, args: { unlock: false, door: ['driver'] } }, "Error during execution: 'list' object has no attribute 'lower'");
    expect(wrongCallSecondDefect.check(crash, {} as never)).toMatch(/an error about the arguments/);
    const good = internalCase('tool_select_error', fill, { name: lockDoors.name, args: { unlock: false, door: ['driver'] } }, '{"lockStatus": "locked", "remainingUnlockedDoors": 3}');
    expect(wrongCallSecondDefect.check(good, {} as never)).toBeNull();
    const shownId = internalCase('tool_select_error', fill, { name: cancelBooking.name, args: { access_token: '251675', booking_id: '3426812' } }, '{"cancel_status": true}', 'Cancel booking ID 3426812 if the flight is full.');
    expect(wrongCallSecondDefect.check(shownId, {} as never)).toBeNull();
  });

  it('parameters_key: a value changed as well, or the key of another documented parameter; a rename or a drop passes', () => {
    const gt: Action = { name: tail.name, args: { file_name: 'log.txt', lines: 5 } };
    const changed = internalCase('parameters_key_error', gt, { name: tail.name, args: { filename: 'log.txt', lines: 6 } }, '{"error": "unexpected key"}');
    expect(wrongCallSecondDefect.check(changed, {} as never)).toMatch(/a value changed as well/);
    const renamedValue = internalCase('parameters_key_error', gt, { name: tail.name, args: { filename: 'other.txt', lines: 5 } }, '{"error": "unexpected key"}');
    expect(wrongCallSecondDefect.check(renamedValue, {} as never)).toMatch(/holds "other.txt"/);
    const slot = internalCase('parameters_key_error', gt, { name: tail.name, args: { folder: 'log.txt', lines: 5 } }, '{"error": "missing file_name"}');
    expect(wrongCallSecondDefect.check(slot, {} as never)).toMatch(/documented parameter/);
    expect(wrongCallSecondDefect.check(internalCase('parameters_key_error', gt, { name: tail.name, args: { fileName: 'log.txt', lines: 5 } }, '{"error": "unexpected key"}'), {} as never)).toBeNull();
    expect(wrongCallSecondDefect.check(internalCase('parameters_key_error', gt, { name: tail.name, args: { lines: 5 } }, '{"error": "missing file_name"}'), {} as never)).toBeNull();
  });

  it('parameters_value: a value of another type, or keys changed; a wrong value of the right type passes', () => {
    const gt: Action = { name: tail.name, args: { file_name: 'log.txt', lines: 5 } };
    expect(wrongCallSecondDefect.check(internalCase('parameters_value_error', gt, { name: tail.name, args: { file_name: 'log.txt', lines: '5' } }, '{}'), {} as never)).toMatch(/a type mistake/);
    expect(wrongCallSecondDefect.check(internalCase('parameters_value_error', gt, { name: tail.name, args: { file_name: 'log.txt', lines: 'five' } }, '{}'), {} as never)).toMatch(/a type mistake/);
    const doors: Action = { name: lockDoors.name, args: { unlock: false, door: ['driver', 'passenger'] } };
    expect(wrongCallSecondDefect.check(internalCase('parameters_value_error', doors, { name: lockDoors.name, args: { unlock: false, door: 'driver, passenger' } }, '{}'), {} as never)).toMatch(/a type mistake/);
    expect(wrongCallSecondDefect.check(internalCase('parameters_value_error', gt, { name: tail.name, args: { file_name: 'log.txt', lines: 6, folder: 'x' } }, '{}'), {} as never)).toMatch(/keys changed/);
    expect(wrongCallSecondDefect.check(internalCase('parameters_value_error', gt, { name: tail.name, args: { file_name: 'log.txt', lines: 6 } }, '{}'), {} as never)).toBeNull();
  });

  it('tool_hallucination: the invented tool carries the ground truth\'s arguments unchanged', () => {
    const gt: Action = { name: tail.name, args: { file_name: 'log.txt', lines: 5 } };
    expect(wrongCallSecondDefect.check(internalCase('tool_hallucination_error', gt, { name: 'File.tail_file', args: { file_name: 'log.txt', lines: 6 } }, '{"error": "no such tool"}'), {} as never)).toMatch(/differ from the ground truth/);
    expect(wrongCallSecondDefect.check(internalCase('tool_hallucination_error', gt, { name: 'File.tail_file', args: { file_name: 'log.txt', lines: 5 } }, '{"error": "no such tool"}'), {} as never)).toBeNull();
  });

  it('idShown: an id given as one (under an id key, after "ID"), not a year or a topic', () => {
    expect(idShown('booking_id', '2026', 'set to expire in 2026')).toBe(false);
    expect(idShown('card_id', 'card_4455', "a credit card with the ID 'card_4455'")).toBe(true);
    expect(idShown('q', 'efZZXguoqq8J', '{"organic_results": [{"title": "AI", "result_id": "efZZXguoqq8J"}]}')).toBe(true);
    expect(idShown('q', 'machine learning', 'Find papers on machine learning and cite the first.')).toBe(false);
  });
});

describe('the injectors make no wrong call wrong a second way', () => {
  // bfcl 83 (lockDoors for fillFuelTank), 81 (setHeadlights for startEngine), 161 and 182 (a booking or card id
  // from a year or a count), T-Eval Scholar plans (get_citation_format given a topic), and a spread besides.
  const TRAJECTORIES = [
    ...bfclTrajectories([0, 5, 32, 50, 53, 69, 76, 81, 83, 110, 161, 182, 185, 195]),
    ...tevalTrajectories(['query_10_1', 'query_57_1', 'query_139_1', 'query_240_2', 'query_274_0', 'query_188_0']),
  ];
  const TOOLKITS = toolkitIndex(TRAJECTORIES);

  it('every injected call, of every type and many draws, is wrong only in its labelled way', () => {
    let made = 0;
    for (const t of TRAJECTORIES) {
      for (const { k, step } of toolSteps(t)) {
        const input = injectionInputFor(t, k, TOOLKITS.get(toolkitOf(step.action.name)) ?? []);
        for (const type of ERROR_TYPES) {
          if (!applicability(type, input).ok) continue;
          for (let seed = 0; seed < 4; seed++) {
            const injection = inject(type, input, new Rng(seed, t.id, `k${k}`, type));
            made++;
            const defect = secondDefect(type, input.correct, injection.action, t.tools, { shown: shownText(input) });
            expect(defect, `${t.id} k=${k} ${type} ${JSON.stringify(injection.action)}`).toBeUndefined();
          }
        }
      }
    }
    expect(made).toBeGreaterThan(300);
  });

  it('a list parameter filled from its options gets a list (lockDoors(door=["driver"]), never door="driver")', () => {
    const t = bfclTrajectories([83])[0];
    for (const { k, step } of toolSteps(t)) {
      const input = injectionInputFor(t, k, []);
      if (!applicability('tool_select_error', input).ok) continue;
      for (let seed = 0; seed < 12; seed++) {
        const action = inject('tool_select_error', input, new Rng(seed, 'doors', `k${k}`)).action;
        expect(callSchemaProblems(action, t.tools), `${step.action.name} → ${JSON.stringify(action)}`).toEqual([]);
        if (action.name === lockDoors.name) expect(Array.isArray((action.args as Record<string, unknown>).door)).toBe(true);
      }
    }
  });
});
