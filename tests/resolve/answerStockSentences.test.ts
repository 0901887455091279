/**
 * Closing-answer sentences that stood word for word in answers about anything, or said a finding by its
 * field's name: a bare "Sorry." before the failure (10 of g0's 241 trajectories, "I'm sorry." in 7 more;
 * the most common whole statement, answer_sentence_frame_top_share 0.041), and "The only room is 103."
 * for the rooms an empty-room search found (teval_query_481_1).
 */
import { describe, expect, it } from 'vitest';
import { apologyInto, freeRoomsSentence, offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { answerSentenceFrameTopShare, sentenceFrame } from '../../pipeline/quality/measures/answerFrames.js';
import { Rng } from '../../pipeline/rng.js';
import type { TestCase } from '../../pipeline/schemas.js';

const EMPTY = { name: 'ReserveMeeting.get_empty_room_with_time', args: { start_time: '14:00', end_time: '16:00' }, response: "{'rooms': [103]}" };

describe('an apology runs into the sentence it is for', () => {
  it('folds "Sorry." and "I\'m sorry." into a sentence opening with a task or "I", and leaves a name its capital', () => {
    expect(apologyInto('Sorry.', 'Getting the symbol for "Zeta Corp" didn\'t work: the connection was reset.')).toBe('Sorry, getting the symbol for "Zeta Corp" didn\'t work: the connection was reset.');
    expect(apologyInto("I'm sorry.", 'The connection was reset, so I couldn\'t search.')).toBe("I'm sorry to say that the connection was reset, so I couldn't search.");
    expect(apologyInto('Sorry.', 'I tried to remove "NVDA", but it failed.')).toBe('Sorry, I tried to remove "NVDA", but it failed.');
    expect(apologyInto('Sorry.', 'AAPL could not be found.')).toBeUndefined();
    expect(apologyInto('Sorry.', '"report.txt" could not be read.')).toBeUndefined();
    expect(apologyInto('Here is what I found.', 'Getting it failed.')).toBeUndefined();
  });
  it('never leaves a bare apology sentence in a failure answer, on any seed', () => {
    const failed = { request: 'Remove Zeta Corp from my watchlist', steps: [{ name: 'TradingBot.get_symbol_by_name', args: { name: 'Zeta Corp' }, response: '', error: 'ConnectionResetError: [Errno 104] Connection reset by peer' }] };
    const answers = Array.from({ length: 40 }, (_, i) => offlineAnswer(failed, new Rng(i, 'answer-writer')));
    expect(answers.some((a) => /^(?:Sorry, |I'm sorry to say that )/.test(a))).toBe(true);
    for (const a of answers) expect(a).not.toMatch(/^(?:Sorry|I'm sorry)\. /);
  });
});

describe('an empty-room search is said of its time', () => {
  it('says the one room, several, or none free in the hours searched', () => {
    expect(freeRoomsSentence(EMPTY, { rooms: [103] })).toBe('Room 103 is the only one free from 14:00 to 16:00.');
    expect(freeRoomsSentence(EMPTY, { rooms: [102, 105] })).toBe('Rooms 102 and 105 are free from 14:00 to 16:00.');
    expect(freeRoomsSentence(EMPTY, { rooms: [] })).toBe('None of the meeting rooms is free from 14:00 to 16:00.');
    expect(freeRoomsSentence({ ...EMPTY, args: {} }, { rooms: [103] })).toBeUndefined();
    expect(freeRoomsSentence({ ...EMPTY, name: 'ReserveMeeting.get_room_status' }, { rooms: [103] })).toBeUndefined();
  });
  it('writes it in the closing answer, never "The only room is 103."', () => {
    for (let seed = 0; seed < 8; seed++) {
      const a = offlineAnswer({ request: 'Find a room that is available from 14:00 to 16:00.', steps: [EMPTY] }, new Rng(seed, 'answer-writer'));
      expect(a).toContain('Room 103 is the only one free from 14:00 to 16:00.');
      expect(a).not.toMatch(/The only room is/);
    }
  });
});

describe('answer_sentence_frame_top_share', () => {
  const caseOf = (traj: string, answer: string) => ({ id: `${traj}-c`, trajectoryId: traj, kind: 'internal', errorType: '', cot: false, k: 1, source: 'bfcl', provenance: {}, messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'do it' }], groundTruth: { name: 'FinishAction', args: answer } }) as unknown as TestCase;
  it('blanks values, so one stock statement counts across trajectories, and an author\'s initial ends no sentence', () => {
    expect(sentenceFrame('It is now 11:14 on 21 October 2023.')).toBe('It is now N on N October N.');
    const cases = Array.from({ length: 10 }, (_, i) => caseOf(`t${i}`, i < 6 ? `Sorry. Getting "${i}" failed.` : `I found "${i}" by Seng W. Loke.`));
    const score = answerSentenceFrameTopShare.kind === 'set' ? answerSentenceFrameTopShare.score(cases, {} as never) : undefined;
    expect(score?.value).toBeCloseTo(0.6);
    expect(score?.detail).toMatch(/6: "Sorry\."/);
    expect(score?.detail).toMatch(/4: "I found Q by Seng W\. Loke\."/);
  });
});
