import { describe, expect, it } from 'vitest';
import { followedArguments, missingDetails, repairStandIn, requestedDetails } from '../../pipeline/standIns.js';
import { branchContradiction, conditionBranches, stoppedBecause } from '../../pipeline/quality/branches.js';
import { gtBodyMissesRequestedDetail, gtBranchContradicted, gtContentNamedNotGiven, gtRepeatsAnsweredRead } from '../../pipeline/quality/measures/plans.js';
import { repeatedReads } from '../../pipeline/quality/repeats.js';
import { branchToday, withStopReason, type PlacedBranch } from '../../stages/resolve/branches.js';
import { rngFor } from '../../pipeline/rng.js';
import type { TestCase, Trajectory } from '../../pipeline/schemas.js';

// T-Eval 420_1, as the plan runs it: it reads the file, asks the weekday and stops.
const MONDAY = "As a teacher, please read the content of the file 'data_v2/template_data/hotel.txt'. Then, get the current weekday. If the weekday is Monday, create a new PowerPoint slide with the title 'Lesson Plan'. Add the content from the file as bullet points. Save the PowerPoint presentation as 'Monday_Lesson.ppt' in the 'outputs' directory.";
const NOTES = JSON.stringify({ text: 'Notes: hotel\n- 8 items reviewed\n- open questions sent to the team' });
const weekdaySteps = (day: string) => [
  { name: 'FileOperation.read_file', args: { file_path: 'data_v2/template_data/hotel.txt' }, response: NOTES },
  { name: 'TimeTool.get_weekday', args: {}, response: JSON.stringify({ weekday: day }) },
];

function trajectory(user: string, steps: { name: string; args: unknown; response?: string }[], final = ''): Trajectory {
  return { id: 't', source: 'teval', tools: [], final, meta: {}, turns: [{ user, final, steps: steps.map((s) => ({ action: { name: s.name, args: s.args }, ...(s.response ? { response: { content: s.response, tier: 'simulated' } } : {}) })) }] } as unknown as Trajectory;
}

function caseOf(user: string, steps: { name: string; args: unknown; response?: string }[], groundTruth: unknown): TestCase {
  const messages = [{ role: 'system', content: 'tools' }, { role: 'user', content: user }];
  for (const s of steps) messages.push({ role: 'assistant', content: JSON.stringify({ name: s.name, args: s.args }) }, { role: 'function', content: s.response ?? '{}' });
  return { id: 'c', kind: 'internal', errorType: '', cot: false, k: steps.length + 1, tools: [], trajectoryId: 't', source: 'teval', provenance: {}, messages, groundTruth } as unknown as TestCase;
}

describe('conditional requests: the branch the plan takes and the answer its check got', () => {
  it('reads the weekday condition and the branch of a plan that stops', () => {
    const [b] = conditionBranches(MONDAY, weekdaySteps('Monday'));
    expect(b).toMatchObject({ kind: 'weekday', day: 'Monday', taken: false, at: 1 });
    expect(branchContradiction(b, weekdaySteps('Monday'))).toMatch(/answered Monday but the plan stops/);
    expect(branchContradiction(b, weekdaySteps('Tuesday'))).toBeUndefined();
    expect(stoppedBecause(b, weekdaySteps('Tuesday'))).toBe("Since it is Tuesday and not Monday, I stopped there and did not create a new PowerPoint slide with the title 'Lesson Plan'.");
  });

  it('flags 420_1 as the old build shipped it (Monday, plan stops) and passes it with another day and a closing answer that says why', () => {
    const gt = (args: string) => ({ name: 'FinishAction', args });
    const old = trajectory(MONDAY, weekdaySteps('Monday'));
    expect(gtBranchContradicted.check(caseOf(MONDAY, weekdaySteps('Monday'), gt('Today is Monday.')), { trajectory: () => old } as never)).toMatch(/answered Monday/);
    const silent = trajectory(MONDAY, weekdaySteps('Tuesday'));
    expect(gtBranchContradicted.check(caseOf(MONDAY, weekdaySteps('Tuesday'), gt('Today is Tuesday.')), { trajectory: () => silent } as never)).toMatch(/does not say it is not Monday/);
    expect(gtBranchContradicted.check(caseOf(MONDAY, weekdaySteps('Tuesday'), gt('Today is Tuesday. As it is not Monday, I stopped there.')), { trajectory: () => silent } as never)).toBeNull();
  });

  it('flags a room reserved "if room 101 is available" that the listing did not show free (51_1)', () => {
    const user = 'Can you find any available rooms between 14:00 and 16:00? If room 101 is available for that time slot, please reserve it.';
    const steps = (rooms: unknown[]) => [
      { name: 'ReserveMeeting.get_empty_room_with_time', args: { start_time: '14:00', end_time: '16:00' }, response: JSON.stringify({ rooms }) },
      { name: 'ReserveMeeting.reserve', args: { room_id: '101', start_time: '14:00', end_time: '16:00' }, response: '{"state": "ok"}' },
    ];
    const t = (rooms: unknown[]) => ({ trajectory: () => trajectory(user, steps(rooms)) }) as never;
    expect(gtBranchContradicted.check(caseOf(user, steps([103]), { name: 'FinishAction', args: 'done' }), t([103]))).toMatch(/reserves room 101 as free but .* listed 103/);
    expect(gtBranchContradicted.check(caseOf(user, steps(['101', 5126]), { name: 'FinishAction', args: 'done' }), t(['101', 5126]))).toBeNull();
  });

  it('resolve picks a day the branch allows and says why the plan stopped', () => {
    const [b] = conditionBranches(MONDAY, weekdaySteps('Monday'));
    const p: PlacedBranch = { branch: b, turn: 0, offset: 0 };
    const day = branchToday(p, '2023-10-16', false, rngFor(1, 'x', 'y'));
    expect(new Date(`${day}T00:00:00Z`).getUTCDay()).not.toBe(1);
    expect(branchToday(p, '2023-10-18', false, rngFor(1, 'x', 'y'))).toBe('2023-10-18');
    const taken: PlacedBranch = { branch: { ...b, taken: true } as typeof b, turn: 0, offset: 0 };
    expect(branchToday(taken, '2023-10-18', false, rngFor(1, 'x', 'y'))).toBe('2023-10-16');
    const located = weekdaySteps('Tuesday').map((s) => ({ turnIndex: 0, step: { action: { name: s.name, args: s.args }, response: { content: s.response } } }));
    expect(withStopReason('Today is Tuesday.', p, located)).toBe("Today is Tuesday. As it is not Monday, I stopped there and did not create a new PowerPoint slide with the title 'Lesson Plan'.");
  });
});

describe('content named instead of given (417_2)', () => {
  const USER = "Read the content of the file at path `data_v2/template_data/hotel.txt`. If available, create a presentation titled 'Research Presentation' and add a page with the research notes.";
  const steps = [{ name: 'FileOperation.read_file', args: { file_path: 'data_v2/template_data/hotel.txt' }, response: NOTES }];
  it('flags bullets that name the notes and passes the notes', () => {
    expect(gtContentNamedNotGiven.check(caseOf(USER, steps, { name: 'PPT.add_text_page', args: { title: 'Research Presentation', bullet_items: 'Research notes' } }), {} as never)).toMatch(/names the text/);
    expect(gtContentNamedNotGiven.check(caseOf(USER, steps, { name: 'PPT.add_text_page', args: { title: 'Research Presentation', bullet_items: 'Notes: hotel[SPAN]8 items reviewed[SPAN]open questions sent to the team' } }), {} as never)).toBeNull();
  });
  it('resolve gives the read text as the bullets', () => {
    const out = followedArguments({ title: 'Research Presentation', bullet_items: 'Research notes' }, 'I will add the bullet items "Research notes".', USER, [NOTES]);
    expect(out?.args.bullet_items).toBe('Notes: hotel[SPAN]8 items reviewed[SPAN]open questions sent to the team');
    expect(out?.thought).toBe('I will add the bullet items the text read from the file.');
    // A title the user quoted is theirs, not a name for the read text.
    expect(followedArguments({ bullet_items: 'Research notes' }, undefined, "Add a page with 'Research notes' after the research notes file.", [NOTES])).toBeUndefined();
  });
});

describe('a message that leaves out a detail the user asked for (40_1)', () => {
  const USER = "I need to send an email to an author at 'author@example.com'. The email should have the subject 'Review Request' and include details about 'the review process', 'submission deadline', and 'expected feedback time'.";
  const BODY = 'Dear Author,\n\nPlease find below the details:\n\n- Review Process: Please carefully read the manuscript.\n- Submission Deadline: [INSERT SUBMISSION DEADLINE]\n- Expected Feedback Time: [INSERT EXPECTED FEEDBACK TIME]\n\nThank you.';
  it('reads the requested details', () => {
    expect(requestedDetails(USER)).toEqual(['the review process', 'submission deadline', 'expected feedback time']);
    expect(requestedDetails('Send it to me.')).toEqual([]);
  });
  it('standardize keeps each requested detail honestly open instead of dropping its line', () => {
    const repaired = repairStandIn(BODY, USER)!;
    expect(repaired).toContain('- Submission Deadline: to be confirmed\n- Expected Feedback Time: to be confirmed');
    expect(missingDetails(repaired, USER)).toEqual([]);
    // The old repair (slot lines dropped) left "details below" with two of three details missing.
    expect(missingDetails(repairStandIn(BODY, '')!, USER)).toEqual(['submission deadline', 'expected feedback time']);
  });
  it('flags a sent body missing a detail and passes a complete one', () => {
    const gt = (body: string) => ({ name: 'Email.send', args: { address: 'author@example.com', title: 'Review Request', body } });
    expect(gtBodyMissesRequestedDetail.check(caseOf(USER, [], gt(repairStandIn(BODY, '')!)), {} as never)).toMatch(/leaves out "submission deadline", "expected feedback time"/);
    expect(gtBodyMissesRequestedDetail.check(caseOf(USER, [], gt(repairStandIn(BODY, USER)!)), {} as never)).toBeNull();
  });
});

describe('a plan that repeats a read it already got answered (162_0, 31_1)', () => {
  const route = { name: 'BINGMap.get_route', args: { start: 'Seattle', end: 'Portland' }, response: '{"route": ["Head east"]}' };
  const coords = { name: 'BINGMap.get_coordinates', args: { location: 'Seattle' }, response: '{"latitude": 47.6, "longitude": -122.3}' };
  it('finds the repeat, not a read after a change of state', () => {
    expect([...repeatedReads([route, coords, route])]).toEqual([2]);
    const room = { name: 'ReserveMeeting.get_room_status', args: {} };
    expect([...repeatedReads([room, { name: 'ReserveMeeting.reserve', args: { room_id: '101' } }, room])]).toEqual([]);
  });
  it('flags a case expecting the same route again and passes one moving on', () => {
    expect(gtRepeatsAnsweredRead.check(caseOf('Route from Seattle to Portland, then coordinates.', [route, coords], { name: route.name, args: route.args }), {} as never)).toMatch(/repeats a read/);
    expect(gtRepeatsAnsweredRead.check(caseOf('Route from Seattle to Portland, then coordinates.', [route, coords], { name: 'GoogleSearch.serper_search', args: { query: 'traffic' } }), {} as never)).toBeNull();
  });
});
