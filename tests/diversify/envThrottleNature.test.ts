/**
 * h-env25. On f52 (e171ce2):
 * - 17/196 local-tool external cases throttled with a count the case's one-call-at-a-time history never
 *   reaches: "echo failed: throttled after 20 operations in the last second" after 3 calls
 *   (bfcl_multi_turn_base_44-env-k3), "5 calls are already running, over the limit of 4 at once"
 *   (base_72-env-k4), "too many calls at once (limit 4)" (teval_query_85_1-env-k2)
 *   (env_throttle_count_unreached);
 * - 3/691 simulated failures of PPT.get_image ("Get an image given keywords from Internet") in a file
 *   store's words: "waiting for a lock another operation holds on the file" (env_error_unfit_nature);
 * - teval_query_85_0-env-k2 closed after get_weekday failed, its room search "for the next two hours"
 *   from a clock at 20:53 (end 22:53) read as a value only the failed call could give (skip_finishes_early).
 */
import { describe, expect, it } from 'vitest';
import type { TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { environmentMessage, LOCAL_KINDS } from '../../pipeline/resolution/simulatorRules.js';
import { failureKind, localityOf, onlineTool } from '../../pipeline/errors/environment.js';
import { envErrorUnfitNature, envThrottleCountUnreached, throttleCountUnreached } from '../../pipeline/quality/measures/solvable.js';
import { valueShownIn } from '../../pipeline/quality/grounding.js';
import { causeOf } from '../../stages/resolve/failureSentences.js';
import { sharedFaultBlocks } from '../../pipeline/afterFailure.js';

const tool = (name: string, description: string): ToolDoc => ({ name, description, required_parameters: [], optional_parameters: [], return_data: [{ name: 'result', description: '' }] });

const PPT = [
  tool('PPT.create_file', 'This API creates a new pptx file on disk with a theme.'),
  tool('PPT.add_text_page', 'This API adds a page with a title and text to the presentation.'),
  tool('PPT.get_image', 'Get an image given keywords from Internet, return the image path'),
  tool('PPT.save_file', 'This API saves the presentation file to disk.'),
];

const external = (tools: ToolDoc[], name: string, failure: string, calls = 1) =>
  ({
    kind: 'external',
    provenance: { origin: 'simulated rate_limit' },
    tools,
    messages: [
      { role: 'user', content: 'Please do it.' },
      ...Array.from({ length: calls - 1 }, () => [{ role: 'assistant', content: JSON.stringify({ name, args: { a: 0 } }) }, { role: 'function', content: '{"ok": true}' }]).flat(),
      { role: 'assistant', content: JSON.stringify({ name, args: { a: 1 } }) },
      { role: 'function', content: failure },
    ],
    groundTruth: [{ name, args: { a: 1 }, thought: '' }],
  }) as unknown as TestCase;

function wordings(api: string, computation: boolean): string[] {
  const out = new Set<string>();
  for (let seed = 0; seed < 60; seed++) out.add(environmentMessage('rate_limit', api, new Rng(seed, 'rate_limit'), 'local', computation));
  return [...out];
}

describe('a local throttle quotes no count the history does not reach', () => {
  it('flags the counts f52 quoted and none of the wordings drawn now', () => {
    expect(throttleCountUnreached('echo failed: throttled after 20 operations in the last second, over the limit the storage allows; slow down and try again', 3)).toMatch(/20 operations/);
    expect(throttleCountUnreached('startEngine failed: resource temporarily unavailable (EAGAIN); 5 calls are already running, over the limit of 4 at once', 5)).toMatch(/at once/);
    expect(throttleCountUnreached('BlockingIOError: [Errno 11] Resource temporarily unavailable while running get_curr_time: too many calls at once (limit 4)', 2)).toMatch(/at once/);
    for (const [api, computation] of [['GorillaFileSystem.echo', false], ['VehicleControlAPI.startEngine', false], ['TimeTool.get_curr_time', true]] as const) {
      const all = wordings(api, computation);
      expect(all.length).toBeGreaterThan(1);
      for (const m of all) {
        expect(m, m).not.toMatch(/\d+ (?:operations|calls)|limit(?: of)? \d/);
        expect(throttleCountUnreached(m, 1), m).toBeUndefined();
        expect(envThrottleCountUnreached.check(external([tool(api, 'controls the car engine')], api, m), {} as never), m).toBeNull();
        // Still a limit in the thoughts, and told whole in the closing answer, in the past.
        expect(failureKind(m)).toBe('hit its usage limit');
        expect(causeOf(m, api.split('.')[1]), m).toMatch(/^it was throttled(?: while other programs| : every slot|: every slot)/);
        expect(causeOf(m, api.split('.')[1]), m).not.toMatch(/\bis held\b|\bkeep\b/);
      }
    }
  });

  it('the measure counts only local tools', () => {
    const old = 'echo failed: throttled after 20 operations in the last second, over the limit the storage allows; slow down and try again';
    expect(envThrottleCountUnreached.check(external([tool('GorillaFileSystem.echo', 'write text to a file on the disk')], 'GorillaFileSystem.echo', old, 3), {} as never)).toMatch(/20 operations/);
    expect(envThrottleCountUnreached.check(external([tool('GorillaFileSystem.echo', 'write text to a file on the disk')], 'GorillaFileSystem.echo', old, 30), {} as never)).toBeNull();
  });
});

describe('a failure fits what the tool does', () => {
  it('an online image search in a slide toolkit is remote and fails as a network API', () => {
    expect(onlineTool(PPT[2].description)).toBe(true);
    expect(localityOf('PPT.get_image', PPT)).toBe('remote');
    expect(localityOf('PPT.add_text_page', PPT)).toBe('local');
    const old = 'get_image failed: the operation timed out after 2000 ms waiting for a lock another operation holds on the file';
    expect(envErrorUnfitNature.check(external(PPT, 'PPT.get_image', old), {} as never)).toMatch(/fetches from the Internet/);
    for (const kind of ['rate_limit', 'permission_denied', 'quota_exceeded', 'timeout', 'connection_error', 'server_error'] as const) {
      for (let seed = 0; seed < 20; seed++) {
        const m = environmentMessage(kind, 'PPT.get_image', new Rng(seed, kind), localityOf('PPT.get_image', PPT));
        expect(envErrorUnfitNature.check(external(PPT, 'PPT.get_image', m), {} as never), m).toBeNull();
      }
    }
  });

  it('a network fault on a local tool that keeps no files is flagged; a file store on a network share is not', () => {
    const car = [tool('VehicleControlAPI.startEngine', 'Starts the engine of the vehicle.')];
    expect(envErrorUnfitNature.check(external(car, 'VehicleControlAPI.startEngine', 'OSError: [Errno 112] Host is down while running startEngine: the server of the network share did not answer'), {} as never)).toMatch(/network fault/);
    for (const kind of LOCAL_KINDS) {
      for (let seed = 0; seed < 20; seed++) {
        const m = environmentMessage(kind, 'VehicleControlAPI.startEngine', new Rng(seed, kind), 'local');
        expect(envErrorUnfitNature.check(external(car, 'VehicleControlAPI.startEngine', m), {} as never), m).toBeNull();
      }
    }
    const files = [tool('GorillaFileSystem.cd', 'Change the current working directory in the file system.')];
    expect(envErrorUnfitNature.check(external(files, 'GorillaFileSystem.cd', 'OSError: [Errno 112] Host is down while running cd: the server of the network share did not answer'), {} as never)).toBeNull();
  });
});

describe('a time a shown clock and a stated duration give is grounded', () => {
  const shown = "As the office manager, I need a room available for the next two hours, starting from the current time.\n{'time': '2023-10-19 20:53'}";
  it('20:53 plus "two hours" is 22:53; no other hour is', () => {
    expect(valueShownIn('22:53', shown)).toBe(true);
    expect(valueShownIn('20:53', shown)).toBe(true);
    expect(valueShownIn('21:53', shown)).toBe(false);
    expect(valueShownIn('23:59', shown)).toBe(false);
    expect(valueShownIn('22:53', "{'time': '2023-10-19 20:53'}")).toBe(false);
  });
  it('half an hour is thirty minutes, not an hour', () => {
    expect(valueShownIn('10:30', 'from 10:00 for half an hour')).toBe(true);
    expect(valueShownIn('11:00', 'from 10:00 for half an hour')).toBe(false);
    expect(valueShownIn('00:30', 'at 23:00, for 90 minutes')).toBe(true);
  });
});

describe('no step after giving up that meets the same fault', () => {
  const deck = PPT;
  const car = [tool('VehicleControlAPI.lockDoors', 'Locks the doors of the vehicle.'), tool('VehicleControlAPI.pressBrakePedal', 'Presses the brake pedal of the vehicle.')];
  const fs = [tool('GorillaFileSystem.echo', 'Write content to a file in the file system.'), tool('GorillaFileSystem.cat', 'Display the contents of a file in the file system.')];
  const add = { name: 'PPT.add_text_page', args: { title: 'Introduction', bullet_items: '1. Blended learning\n2. See example.com' } };
  it('a deck whose file another operation holds locked is not saved next (teval_query_247_2-env-k4)', () => {
    expect(sharedFaultBlocks('add_text_page failed: the operation timed out after 2000 ms waiting for a lock another operation holds on the file', add, { name: 'PPT.save_file', args: {} }, deck)).toMatch(/same locked file/);
    // An image fetched from the Internet touches no file.
    expect(sharedFaultBlocks('add_text_page failed: the operation timed out after 2000 ms waiting for a lock another operation holds on the file', add, { name: 'PPT.get_image', args: { keywords: 'math' } }, deck)).toBeUndefined();
    expect(sharedFaultBlocks('OSError: [Errno 112] Host is down while running add_text_image_page: the server of the network share did not answer', add, { name: 'PPT.save_file', args: {} }, deck)).toMatch(/network share/);
  });
  it('a lock on one file leaves another file free; a lost controller stops every control', () => {
    const echo = { name: 'GorillaFileSystem.echo', args: { content: 'hi', file_name: 'a.txt' } };
    const lock = 'echo failed: the operation timed out after 2000 ms waiting for a lock another operation holds on the file';
    expect(sharedFaultBlocks(lock, echo, { name: 'GorillaFileSystem.cat', args: { file_name: 'b.txt' } }, fs)).toBeUndefined();
    expect(sharedFaultBlocks(lock, echo, { name: 'GorillaFileSystem.cat', args: { file_name: 'a.txt' } }, fs)).toMatch(/locked file/);
    expect(sharedFaultBlocks('BrokenPipeError: [Errno 32] Broken pipe while running lockDoors: the connection to the controller dropped', { name: 'VehicleControlAPI.lockDoors', args: { unlock: false, door: ['driver'] } }, { name: 'VehicleControlAPI.pressBrakePedal', args: { pedalPosition: 1 } }, car)).toMatch(/same controller/);
    // A timeout of its own says nothing of the next call.
    expect(sharedFaultBlocks('TimeoutError: Operation timed out after 10 s while running lockDoors', { name: 'VehicleControlAPI.lockDoors', args: {} }, { name: 'VehicleControlAPI.pressBrakePedal', args: { pedalPosition: 1 } }, car)).toBeUndefined();
  });
});
