/**
 * A local failure told as a remote one: on main b1da20a (f31) the retry thought after "echo failed:
 * I/O error (EIO) reading from the disk" said "The message points at the service, not at what I
 * sent", and after a local tail's timeout "Timing out is about the service" (25/195 external cases
 * whose failed tool is local, failure_local_blamed_on_service). The same echo's I/O error said
 * "reading from" the disk on a call that writes (io_error_direction_wrong 10/10 widened to the disk).
 * And a yes taken from a listed room gave the whole room list again after it (13/13,
 * answer_verdict_list_restated).
 */
import { describe, expect, it } from 'vitest';
import type { TestCase } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { failureKind } from '../../pipeline/errors/environment.js';
import { environmentMessage } from '../../pipeline/resolution/simulatorRules.js';
import { retryThought, skipThought, finishThought } from '../../stages/diversify-external/afterFailure.js';
import { failureBlamedOnService } from '../../pipeline/quality/measures/thoughts.js';
import { verdictListRestated } from '../../pipeline/quality/measures/answers.js';
import { offlineAnswer, type AnswerInput } from '../../stages/resolve/answerWriter.js';

const fsTools = [
  { name: 'GorillaFileSystem.echo', description: 'This tool belongs to the Gorilla file system. Tool description: Write content to a file at current directory or display it in the terminal.', locality: 'local' },
  { name: 'GorillaFileSystem.tail', description: 'This tool belongs to the Gorilla file system. Tool description: Display the last part of a file.', locality: 'local' },
  { name: 'GorillaFileSystem.ls', description: 'This tool belongs to the Gorilla file system. Tool description: List the contents of the current directory.', locality: 'local' },
] as never;
const remoteTools = [{ name: 'BINGMap.get_route', description: 'Get the route between two locations.', locality: 'remote' }] as never;
const ctx = {} as never;
const SERVICE = /\bservice\b|\bserver\b|\bnetwork\b/i;

describe('a local failure is told as the message tells it', () => {
  it('failureKind reads an I/O error and a crashed worker; an HTTP 500 stays a server error', () => {
    expect(failureKind('echo failed: I/O error (EIO) writing to the disk')).toBe('hit an I/O error');
    expect(failureKind('OSError: [Errno 5] Input/output error while running save_file')).toBe('hit an I/O error');
    expect(failureKind('save_file failed: internal fault in the storage layer (I/O error); the operation was aborted')).toBe('hit an I/O error');
    expect(failureKind('convert failed: the worker process crashed with an internal error; try again later')).toBe('crashed');
    expect(failureKind('HTTP 500 Internal Server Error\n{"error": {"code": 500, "status": "INTERNAL", "message": "Internal error encountered while processing x."}}')).toBe('met a server error');
  });

  it('the retry, skip and closing thoughts after a local I/O error or timeout never put it on a service', () => {
    const echo = { name: 'GorillaFileSystem.echo', args: { content: 'hello', file_name: '1.txt' } };
    const tail = { name: 'GorillaFileSystem.tail', args: { file_name: 'file1.txt', lines: 1 } };
    for (let seed = 0; seed < 30; seed++) {
      const r = retryThought(echo, 'echo failed: I/O error (EIO) writing to the disk', fsTools, new Rng(seed, 'retry'));
      expect(r, r).toMatch(/I\/O error/);
      expect(r, r).toMatch(/disk/);
      expect(r, r).not.toMatch(SERVICE);
      const t = retryThought(tail, 'TimeoutError: [Errno 110] Operation timed out after 10 s while running tail', fsTools, new Rng(seed, 'retry'));
      expect(t, t).not.toMatch(SERVICE);
      const s = skipThought('GorillaFileSystem.echo', { name: 'GorillaFileSystem.ls', args: {} }, fsTools, new Rng(seed, 'skip'), 'echo failed: I/O error (EIO) writing to the disk');
      expect(s, s).toMatch(/I\/O error/);
      const f = finishThought(echo, 'echo failed: I/O error (EIO) writing to the disk', fsTools, new Rng(seed, 'fin'));
      expect(f, f).toMatch(/I\/O error/);
      expect(f).not.toMatch(/\(it failed\)|failed too|still fails/);
    }
  });

  it('a remote timeout may still be told as the service\'s', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 30; seed++) seen.add(retryThought({ name: 'BINGMap.get_route', args: { start: 'A', end: 'B' } }, 'Request to get_route timed out after 10 seconds', remoteTools, new Rng(seed, 'retry')));
    expect([...seen].some((t) => /about the service/.test(t))).toBe(true);
  });

  it('a file system call that writes fails writing to the disk', () => {
    for (let seed = 0; seed < 40; seed++) {
      const m = environmentMessage('server_error', 'GorillaFileSystem.echo', new Rng(seed, 'e'), 'local');
      expect(m, m).not.toMatch(/reading from/);
      const r = environmentMessage('server_error', 'GorillaFileSystem.cat', new Rng(seed, 'e'), 'local');
      expect(r, r).not.toMatch(/writing to/);
    }
  });

  it('failure_local_blamed_on_service flags the old wording, passes the new, a quoted value and a message that names a server', () => {
    const caseWith = (failure: string, thought: string) =>
      ({ kind: 'external', cot: true, tools: fsTools, messages: [{ role: 'assistant', content: '{}' }, { role: 'function', content: failure }], groundTruth: [{ name: 'GorillaFileSystem.echo', args: {}, thought }, { name: 'FinishAction', args: 'I could not write the text.', thought: '' }] }) as unknown as TestCase;
    const io = 'echo failed: I/O error (EIO) reading from the disk';
    expect(failureBlamedOnService.check(caseWith(io, 'No answer from `echo` yet: it failed. The message points at the service, not at what I sent, so I try `echo` once more.'), ctx)).toMatch(/service/);
    expect(failureBlamedOnService.check(caseWith(io, '`echo` hit an I/O error before it could write content to the file. An I/O error is a fault of the disk, not of the arguments, so I send it again.'), ctx)).toBeNull();
    expect(failureBlamedOnService.check(caseWith(io, '`echo` hit an I/O error; I send it again with content set to a text reading "a server error was detected".'), ctx)).toBeNull();
    expect(failureBlamedOnService.check(caseWith('OSError: [Errno 112] Host is down while running cat: the server of the network share did not answer', '`cat` could not reach its server.'), ctx)).toBeNull();
    const remote = { ...caseWith('HTTP 500 Internal Server Error', 'The server failed.'), tools: remoteTools, groundTruth: [{ name: 'BINGMap.get_route', args: {}, thought: 'The server failed.' }] } as unknown as TestCase;
    expect(failureBlamedOnService.check(remote, ctx)).toBeUndefined();
  });
});

describe('a yes taken from a listed record is not followed by the whole list again', () => {
  const rooms = (list: string, request: string): AnswerInput => ({ request, steps: [
    { name: 'ReserveMeeting.get_empty_room_with_time', args: { start_time: '18:00', end_time: '20:00' }, response: `{"rooms": ${list}}` },
    { name: 'ReserveMeeting.reserve', args: { room_id: '101', start_time: '18:00', end_time: '20:00' }, response: '', error: "ConnectionError: Max retries exceeded with url: /reserve (Caused by NewConnectionError('Failed to establish a new connection: [Errno 111] Connection refused'))" },
  ] });
  it('says the rest of the list after the pick (teval_query_245_1), or nothing when there is no rest', () => {
    for (let seed = 0; seed < 10; seed++) {
      const a = offlineAnswer(rooms('["101", "21083", "31280"]', 'Check if the first available meeting room is free and reserve it for a study group session from 6pm to 8pm.'), new Rng(seed, 'a'));
      // Room numbers said bare, a listing's as the reserve call's (answer-writer-125).
      expect(a, a).toMatch(/^Yes, the first room listed, 101, is free\./);
      expect(a, a).toMatch(/The other rooms listed as free are 21083 and 31280\./);
      expect(verdictListRestated(a)).toBeUndefined();
      const one = offlineAnswer(rooms('["101"]', 'Check if the first available meeting room is free and reserve it.'), new Rng(seed, 'a'));
      expect(one, one).toMatch(/^Yes, the first room listed, 101, is free\./);
      expect(one, one).not.toMatch(/The rooms are|other rooms?/);
    }
  });
  it('answer_verdict_list_restated flags the whole list given again', () => {
    expect(verdictListRestated('Yes, the first room listed, "101", is free. The rooms are "101", "21083" and "31280". I was unable to reserve the meeting room "101".')).toMatch(/The rooms are/);
    expect(verdictListRestated('Yes, the second room listed, 78304, is empty from 16:00 to 18:00. The rooms are 67977, 78304 and 63790.')).toMatch(/The rooms are/);
    expect(verdictListRestated('Yes, the first room listed, "101", is free. The other rooms listed as free are "21083" and "31280". I was unable to reserve the meeting room "101"; the service would not take the connection.')).toBeUndefined();
  });
});

describe('a date the request says in words is shown (teval_query_455_2)', () => {
  it('isoDateStated reads "October 1, 2023" as 2023-10-01, and wants the year', async () => {
    const { isoDateStated } = await import('../../pipeline/quality/dates.js');
    expect(isoDateStated('2023-10-01', 'the opening and closing prices of Apple Inc. stock on October 1, 2023?')).toBe(true);
    expect(isoDateStated('2023-10-18', "the stock symbol 'TSLA' on October 18, 2023")).toBe(true);
    expect(isoDateStated('2023-10-01', 'on October 1')).toBe(false);
    expect(isoDateStated('2023-10-02', 'on October 1, 2023')).toBe(false);
  });
  it('a step taking that date is not read as built on the failed call\'s answer', async () => {
    const { valuesFromPlannedAnswer } = await import('../../pipeline/afterFailure.js');
    const step = { name: 'PolygonFinance.get_daliy_open_close', args: { date: '2023-10-01', ticker: 'AAPL' } };
    expect(valuesFromPlannedAnswer(step, 'Can you let me know the opening and closing prices of Apple Inc. stock on October 1, 2023?')).toEqual([]);
    expect(valuesFromPlannedAnswer(step, 'Can you let me know the opening and closing prices of Apple Inc. stock?')).toEqual(['2023-10-01']);
  });
});

describe('the moving-on thought says its call with one "with" (skip_thought_double_with)', () => {
  it('never "with `touch` with file name …", and the measure flags that wording', async () => {
    const { skipThoughtDoubleWith } = await import('../../pipeline/quality/measures/thoughts.js');
    const tools = [{ name: 'GorillaFileSystem.touch', description: 'This tool belongs to the Gorilla file system. Tool description: Create a new file of any extension in the current directory.', locality: 'local' }] as never;
    for (let seed = 0; seed < 40; seed++) {
      const t = skipThought('GorillaFileSystem.echo', { name: 'GorillaFileSystem.touch', args: { file_name: 'index.html' } }, tools, new Rng(seed, 'skip'), 'echo failed: the device is not connected (ENOTCONN)');
      expect(t, t).not.toMatch(/with `[^`]+` with /);
    }
    const caseWith = (thought: string) => ({ kind: 'external', cot: true, messages: [], groundTruth: [{ name: 'GorillaFileSystem.echo', args: {} }, { name: 'GorillaFileSystem.touch', args: {}, thought }] }) as unknown as TestCase;
    expect(skipThoughtDoubleWith.check(caseWith('The rest does not depend on it: I can still create a new file with `touch` with file name "index.html".'), ctx)).toMatch(/with `touch` with file/);
    expect(skipThoughtDoubleWith.check(caseWith('The rest does not depend on it: I can still create a new file by calling `touch` with file name "index.html".'), ctx)).toBeNull();
  });
});
