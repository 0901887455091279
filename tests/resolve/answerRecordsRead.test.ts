/**
 * A room list of every room holds the rooms the task's other steps use (api-simulator-87), and closing
 * answers say status lists and day-by-day availability as a person would (answer-writer-68): each
 * measure flags the old text (f36) and passes the new; the writer no longer makes the old one.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { itemsUsedElsewhere } from '../../pipeline/resolution/askedCount.js';
import { plausibleAnswer } from '../../pipeline/resolution/simulatorRules.js';
import { parseToolResponse } from '../../pipeline/prompts/parseAction.js';
import { offlineAnswer, type AnswerInput } from '../../stages/resolve/answerWriter.js';
import { recordFlagReadRaw, statusLinesQuoted } from '../../pipeline/quality/measures/answerRecordsRead.js';
import { availabilityPhrase } from '../../stages/resolve/availabilityPhrase.js';

const ROOMS: ToolDoc = {
  name: 'ReserveMeeting.get_room_status', description: 'get the room booking status',
  required_parameters: [], optional_parameters: [],
  return_data: [{ name: 'rooms', description: 'list of rooms as well as its booking status' }],
};

describe('a simulated list of every room holds the rooms other steps use (teval_query_481_1)', () => {
  const steps = [
    { name: 'ReserveMeeting.get_room_status', args: {} },
    { name: 'ReserveMeeting.get_empty_room_with_time', args: { start_time: '14:00', end_time: '16:00' }, response: "{'rooms': [103]}" },
    { name: 'ReserveMeeting.reserve', args: { room_id: '103', start_time: '14:00', end_time: '16:00' }, response: "{'state': 'Book this room successfully.'}" },
  ];
  it('reads the rooms a later answer finds free and a later step reserves, free then', () => {
    expect(itemsUsedElsewhere(ROOMS, 0, steps, parseToolResponse)).toEqual([{ name: 'Room 103', status: 'available' }]);
  });
  it('a room the task reserved before the look-up is booked', () => {
    const after = [steps[1], steps[2], steps[0]];
    expect(itemsUsedElsewhere(ROOMS, 2, after, parseToolResponse)).toEqual([{ name: 'Room 103', status: 'booked' }]);
  });
  it('nothing to hold when no other step names a room', () => {
    expect(itemsUsedElsewhere(ROOMS, 0, [steps[0]], parseToolResponse)).toBeUndefined();
  });
  it('the simulator lists the used room with its status among others, in room order', () => {
    for (let i = 0; i < 10; i++) {
      const rooms = plausibleAnswer(ROOMS, {}, new Rng(i, 'rooms'), undefined, [], undefined, undefined, undefined, undefined, undefined, [{ name: 'Room 103', status: 'available' }]).rooms as string[];
      expect(rooms, rooms.join()).toContain('Room 103: available');
      expect(rooms.length).toBeGreaterThanOrEqual(3);
      const numbers = rooms.map((r) => Number(/\d+/.exec(r)![0]));
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      expect(new Set(numbers).size).toBe(numbers.length);
    }
  });
});

const answer = (input: AnswerInput, seed: number) => offlineAnswer(input, new Rng(seed, 'answer'));

describe('closing answers read status lists and availability days as a person would', () => {
  it('says what each room is, never its lines quoted', () => {
    const input: AnswerInput = { request: 'Could you first check the status of the meeting rooms for me?', steps: [{ name: 'ReserveMeeting.get_room_status', args: {}, response: "{'rooms': ['Room 103: available', 'Room 234: available', 'Room 971: booked']}" }] };
    expect(statusLinesQuoted('The rooms are "Room 103: available", "Room 234: available" and "Room 971: booked".')).toBeDefined();
    for (let i = 0; i < 8; i++) {
      const a = answer(input, i);
      expect(statusLinesQuoted(a), a).toBeUndefined();
      expect(a).toContain('Room 103 and Room 234 are available and Room 971 is booked');
      expect(a).not.toMatch(/Room status:/);
    }
  });
  it('says a run of free days as a run, never "10 availabilities … available true … 7 mores"', () => {
    const days = Array.from({ length: 10 }, (_, i) => `{'date': '2023-10-${String(i + 1).padStart(2, '0')}', 'available': True}`).join(', ');
    const input: AnswerInput = { request: 'I need to know the availability of property 42409434 for the next ten days.', steps: [{ name: 'AirbnbSearch.check_availability', args: { propertyId: 42409434 }, response: `{'availability': [${days}]}` }] };
    expect(recordFlagReadRaw('For property 42409434, I found 10 availabilities; the first three: on 1 October 2023 and available true; and 7 mores.')).toBeDefined();
    for (let i = 0; i < 8; i++) {
      const a = answer(input, i);
      expect(recordFlagReadRaw(a), a).toBeUndefined();
      expect(a).toMatch(/available every day from 1 to 10 October 2023/);
    }
  });
  it('says one property asked on three days by the property, its days in words (teval_query_181_0)', () => {
    const day = (d: string, free: boolean) => ({ name: 'AirbnbSearch.check_availability', args: { date: d, propertyId: 50971005 }, response: `{'availability': [{'date': '${d}', 'available': ${free ? 'True' : 'False'}}]}` });
    const input: AnswerInput = { request: 'Check the availability of the first property for October 18, 19, and 20, 2023.', steps: [day('2023-10-18', false), day('2023-10-19', true), day('2023-10-20', false)] };
    expect(recordFlagReadRaw('For "2023-10-18", there is 1 availability, in which the date is 18 October 2023 and it is not available.')).toBeDefined();
    for (let i = 0; i < 8; i++) {
      const a = answer(input, i);
      expect(recordFlagReadRaw(a), a).toBeUndefined();
      expect(a).not.toContain('"2023-10-18"');
      expect(a).toMatch(/Property 50971005 is not available on 18 October 2023\. It is available on 19 October 2023\. It is not available on 20 October 2023\./);
    }
  });
  it('groups free and taken days into runs', () => {
    const rec = (flags: boolean[]) => ({ availability: flags.map((f, i) => ({ date: `2023-10-${String(i + 1).padStart(2, '0')}`, available: f })) });
    expect(availabilityPhrase(rec([true, true, true, false, false, true]))).toBe('it is available from 1 to 3 October 2023 and on 6 October 2023, but not from 4 to 5 October 2023');
    expect(availabilityPhrase(rec([false, false]))).toBe('it is not available on any day from 1 to 2 October 2023');
    expect(availabilityPhrase({ availability: [{ date: '2023-09-30', booked: false }, { date: '2023-10-01', booked: false }] })).toBe('it is available every day from 30 September to 1 October 2023');
    expect(availabilityPhrase({ availability: [{ date: '2023-10-01', available: true }], note: 'x' })).toBeUndefined();
  });
});
