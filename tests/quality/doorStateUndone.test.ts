import { describe, expect, it } from 'vitest';
import type { TestCase } from '../../pipeline/schemas.js';
import type { QualityContext } from '../../pipeline/quality/types.js';
import { answerDoorStateUndone } from '../../pipeline/quality/measures/solvable.js';

const call = (name: string, args: unknown) => ({ role: 'assistant' as const, content: JSON.stringify({ name, args }) });
const caseClosedBy = (answer: string, lock = true): TestCase =>
  ({
    id: 'bfcl_multi_turn_base_98-x',
    kind: 'internal',
    messages: [
      { role: 'system', content: 'docs' },
      { role: 'user', content: 'Check the door locks and lock any that are unlocked.' },
      call('VehicleControlAPI.displayCarStatus', { option: 'doors' }),
      { role: 'function', content: '{"doorStatus": {"driver": "locked", "rear_left": "unlocked"}}' },
      ...(lock ? [call('VehicleControlAPI.lockDoors', { door: ['rear_left'], unlock: false }), { role: 'function' as const, content: '{"lockStatus": "locked", "remainingUnlockedDoors": 0}' }] : []),
      call('FinishAction', answer),
      { role: 'user', content: 'Start the engine.' },
    ],
  }) as unknown as TestCase;
const ctx = {} as QualityContext;

describe('answer_door_state_undone', () => {
  it('flags a door reading told in the present before the lock that undid it (bfcl_multi_turn_base_98), passes the past and the reading alone', () => {
    expect(answerDoorStateUndone.check(caseClosedBy('On the car status, the driver door is locked and the rear left door is unlocked. I locked every door.'), ctx)).toMatch(/rear left door/);
    expect(answerDoorStateUndone.check(caseClosedBy('On the car status, the driver door was locked and the rear left door was unlocked. I locked every door.'), ctx)).toBeNull();
    expect(answerDoorStateUndone.check(caseClosedBy('The rear left door was unlocked. All the doors are locked now.'), ctx)).toBeNull();
    // No lock after the reading: the present is right, and the case is not in the population.
    expect(answerDoorStateUndone.check(caseClosedBy('The rear left door is unlocked.', false), ctx)).toBeUndefined();
  });
});
