import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { doneSaidTwice } from '../../pipeline/quality/measures/answerCraft.js';
import { Rng } from '../../pipeline/rng.js';

// bfcl_multi_turn_base_1-env-k5 on a fresh build of 470db61: "Moving into the folder "archive" came through, but I wasn't
// able to search "log.txt" for "Error", because … I moved into "archive". Shall I …?"
const io = 'OSError: [Errno 5] Input/output error opening log.txt, before anything was written';
const request = "Move into the 'archive' folder and search 'log.txt' for lines with 'Error'.";
const steps = [
  { name: 'GorillaFileSystem.cd', args: { folder: 'archive' }, response: '{"current_working_directory": "archive"}' },
  { name: 'GorillaFileSystem.grep', args: { file_name: 'log.txt', pattern: 'Error' }, response: io, error: io },
];

describe('a deed done is told once (answer_done_said_twice)', () => {
  it('flags a deed named in the opener and told again, and passes it told once', () => {
    expect(doneSaidTwice('Searching arXiv and sending the email to smith@example.com went through, but when I tried to run the Google search, access was refused (HTTP 403 Forbidden). I sent the email to smith@example.com. Shall I retry?')).toMatch(/sending/);
    expect(doneSaidTwice('Finding an empty meeting room went through; reserving the meeting room did not. Room 103 is free. After that, I reserved room 103.')).toBeUndefined();
    expect(doneSaidTwice('Searching arXiv went through, but when I tried to run the Google search, access was refused (HTTP 403 Forbidden). I sent the email to smith@example.com. Shall I retry?')).toBeUndefined();
  });
  it('the writer names no deed in a partial-failure opener that its body tells', () => {
    for (let seed = 0; seed < 12; seed++) {
      const answer = offlineAnswer({ request, steps } as never, new Rng(seed, 'answer-writer'));
      expect(doneSaidTwice(answer), answer).toBeUndefined();
      // The move told once, whichever way the writer words it ("I moved into …", "I'm now in …").
      expect(answer.match(/"archive"/g) ?? [], answer).toHaveLength(1);
      expect(answer).not.toMatch(/Moving into/);
    }
  });
});
