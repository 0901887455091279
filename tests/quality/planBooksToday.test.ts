// Filter 12 (lead39): a plan booking today what the user asked for another day is turned down (other_day_than_asked).
import { describe, expect, it } from 'vitest';

describe('a plan booking today what the user asked for another day is turned down (filter 12)', () => {
  const RESERVE = { name: 'ReserveMeeting.reserve', description: 'Book the meeting room today using the room id provided by `check_empty`' };
  const EMPTY = { name: 'ReserveMeeting.get_empty_room_with_time', description: 'if they are any rooms available in the provided time' };
  const plan = [
    { name: EMPTY.name, args: { start_time: '10:00', end_time: '12:00' }, response: "{'rooms': [102]}" },
    { name: RESERVE.name, args: { room_id: '102', start_time: '10:00', end_time: '12:00' } },
  ];
  it('otherDayThanAsked reads the day the booking is for, where the booking or the rooms are asked', async () => {
    const { otherDayThanAsked, asksOfADay } = await import('../../pipeline/quality/planAsks.js');
    // teval_query_59_1 and 200_1.
    const tomorrow = 'Could you check if there are any meeting rooms available tomorrow from 10:00 to 12:00? If there are, could you please reserve the first available room for me?';
    expect(asksOfADay(tomorrow)).toBe(true);
    expect(otherDayThanAsked(tomorrow, plan, [RESERVE, EMPTY])).toMatchObject({ at: 1, asked: 'a booking for tomorrow' });
    expect(otherDayThanAsked('I need to arrange a meeting for the 18th of October. If there is a free room between 10:00 and 12:00, please book it.', plan, [RESERVE, EMPTY])?.asked).toBe('a booking for 18th of October');
    // Today's booking, or one the shown clock dates today, books the day asked.
    expect(otherDayThanAsked('Please book a meeting room for today from 10:00 to 12:00.', plan, [RESERVE, EMPTY])).toBeUndefined();
    const clocked = [{ name: 'TimeTool.get_curr_time', args: {}, response: "{'time': '2023-10-18 09:12'}" }, ...plan];
    expect(otherDayThanAsked('Book a meeting room on October 18 from 10:00 to 12:00.', clocked, [RESERVE, EMPTY])).toBeUndefined();
    // A booking tool with no word of today books whatever day it is given.
    expect(otherDayThanAsked(tomorrow, plan, [{ ...RESERVE, description: 'Book the meeting room.' }, EMPTY])).toBeUndefined();
  });
});
