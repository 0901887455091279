/**
 * After a failure the expected next step must be the one right step, and a "wrong" value must
 * really be refused. Three defect classes of the default build of 489d9a6:
 * - the step after a failed BFCL file-system call worked in the state that call was to leave
 *   (`cd document` failed, then `mkdir temp` outside document; `cp` into archives failed, then
 *   `cd archives` to rename a copy never made): skip_infeasible, widened (needsFailedState);
 * - a value error that is the right value in another form, answered as a success ("17.00" for
 *   17:00 answered with free rooms; "2026/11/15" for get_flight_cost's 2026-11-15):
 *   value_error_accepted_slip; the simulator now refuses a form the doc states (statedFormProblem);
 * - an environment-error label its failure text never says ("rate_limit" on "Device or resource
 *   busy"): env_label_text_mismatch.
 */
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_ERROR_KINDS, type Action, type ChatMessage, type TestCase, type ToolDoc, type ToolResponse, type Trajectory } from '../../pipeline/schemas.js';
import type { QualityContext } from '../../pipeline/quality/types.js';
import { needsFailedState } from '../../pipeline/afterFailure.js';
import { toolSteps } from '../../pipeline/steps.js';
import { envLabelTextMismatch, infeasibleSkip, KIND_WORDS } from '../../pipeline/quality/measures/solvable.js';
import { valueErrorAcceptedSlip } from '../../pipeline/quality/measures/errors.js';
import { skipProblem } from '../../stages/diversify-external/afterFailure.js';
import { environmentMessage, LOCAL_KINDS, simulateOffline, statedFormProblem, validateCall } from '../../pipeline/resolution/simulatorRules.js';
import { formatSlip, sameValueOtherForm } from '../../pipeline/errors/formatSlip.js';
import { Rng } from '../../pipeline/rng.js';
import { httpStyleError } from '../../pipeline/quality/grounding.js';
import { contextWith, externalCase as caseAfterFailure } from '../support/externalCases.js';

const fs = (api: string, params: string[]): ToolDoc => ({
  name: `GorillaFileSystem.${api}`,
  description: `${api} in the current directory.`,
  required_parameters: params.map((p) => ({ name: p, type: 'string', description: `the ${p}` })),
  optional_parameters: [],
  return_data: [],
});
const TOOLS = [fs('cd', ['folder']), fs('mkdir', ['dir_name']), fs('du', []), fs('cp', ['source', 'destination']), fs('mv', ['source', 'destination']), fs('ls', []), {
  name: 'TwitterAPI.post_tweet', description: 'Post a tweet.', required_parameters: [{ name: 'content', type: 'string', description: 'the text' }], optional_parameters: [], return_data: [],
} as ToolDoc];

const ok = (content: string): ToolResponse => ({ content, tier: 'live' });
const failure: ToolResponse = { content: 'OSError: [Errno 16] Device or resource busy: cd was throttled after too many operations in the last second (limit 10); try again shortly', tier: 'simulated', error: { source: 'environment', message: 'busy' } };

const externalCase = (t: Trajectory, k: number, next: Action): TestCase => caseAfterFailure(t, k, next, failure.content);
const ctxWith = contextWith;

function trajectory(id: string, user: string, steps: [Action, string][]): Trajectory {
  return { id, source: 'bfcl', tools: TOOLS, turns: [{ user, steps: steps.map(([action, response]) => ({ action, response: ok(response) })), final: 'done' }], final: 'done', meta: {} };
}


// bfcl_multi_turn_base_0: "go to document and make a folder temp there".
const temp = trajectory('bfcl_multi_turn_base_0', "Move into the 'document' folder and create a new directory 'temp' there; then tweet that it is done.", [
  [{ name: 'GorillaFileSystem.cd', args: { folder: 'document' } }, '{"current_working_directory": "document"}'],
  [{ name: 'GorillaFileSystem.mkdir', args: { dir_name: 'temp' } }, 'None'],
  [{ name: 'TwitterAPI.post_tweet', args: { content: 'Folders tidied up.' } }, '{"id": 1}'],
]);
// bfcl_multi_turn_base_19: copy into archives, then go there to rename the copy.
const archive = trajectory('bfcl_multi_turn_base_19', "Copy 'test_document.txt' into 'archives' and rename the copy 'final.txt'.", [
  [{ name: 'GorillaFileSystem.cp', args: { source: 'test_document.txt', destination: 'archives' } }, '{"result": "copied"}'],
  [{ name: 'GorillaFileSystem.cd', args: { folder: 'archives' } }, '{"current_working_directory": "archives"}'],
  [{ name: 'GorillaFileSystem.mv', args: { source: 'test_document.txt', destination: 'final.txt' } }, '{"result": "moved"}'],
]);

describe('the step after a failed file-system call', () => {
  it('needsFailedState: a later call in the directory a failed cd was to enter, or on what a failed cp was to make; not another toolkit\'s', () => {
    const [cd, mkdir, tweet] = toolSteps(temp).map((s) => s.step.action);
    expect(needsFailedState(cd, mkdir)).toMatch(/not "document" since cd\("document"\) failed/);
    expect(needsFailedState(cd, { name: 'GorillaFileSystem.du', args: { human_readable: true } })).toMatch(/working directory/);
    expect(needsFailedState(cd, { name: 'GorillaFileSystem.cd', args: { folder: '/home/user' } })).toBeUndefined();
    expect(needsFailedState(cd, tweet)).toBeUndefined();
    const [cp, into] = toolSteps(archive).map((s) => s.step.action);
    expect(needsFailedState(cp, into)).toMatch(/works on "archives", which the failed cp was to make/);
    expect(needsFailedState({ name: 'GorillaFileSystem.mkdir', args: { dir_name: 'temp' } }, { name: 'GorillaFileSystem.cd', args: { folder: 'temp' } })).toMatch(/failed mkdir/);
    expect(needsFailedState({ name: 'GorillaFileSystem.mkdir', args: { dir_name: 'temp' } }, { name: 'GorillaFileSystem.cd', args: { folder: 'notes' } })).toBeUndefined();
  });

  it('skip_infeasible flags mkdir after the failed cd and cd into the failed copy\'s destination; passes the tweet', () => {
    const [, mkdir, tweet] = toolSteps(temp).map((s) => s.step.action);
    expect(infeasibleSkip.check(externalCase(temp, 1, mkdir), ctxWith(temp))).toMatch(/working directory/);
    expect(infeasibleSkip.check(externalCase(temp, 1, tweet), ctxWith(temp))).toBeNull();
    expect(infeasibleSkip.check(externalCase(archive, 1, toolSteps(archive)[1].step.action), ctxWith(archive))).toMatch(/archives/);
  });

  it('the generator no longer goes on with them: it takes the independent tweet, or closes the turn', async () => {
    const [, mkdir, tweet] = toolSteps(temp);
    expect(await skipProblem(temp, 1, failure, undefined, mkdir)).toMatch(/working directory/);
    expect(await skipProblem(temp, 1, failure, undefined, tweet)).toBeUndefined();
    expect(await skipProblem(archive, 1, failure, undefined, toolSteps(archive)[1])).toMatch(/archives/);
  });
});

const ROOMS: ToolDoc = {
  name: 'ReserveMeeting.get_empty_room_with_time',
  description: 'if they are any rooms empty in the time slot',
  required_parameters: [
    { name: 'start_time', type: 'string', description: 'the start booked time, must be in 24 hour format, e.g. 13:15' },
    { name: 'end_time', type: 'string', description: 'the end booked time, must be in 24 hour format, e.g. 22:21' },
  ],
  optional_parameters: [],
  return_data: [{ name: 'rooms', description: 'the empty rooms' }],
};
const PRICE: ToolDoc = { name: 'PolygonFinance.get_daliy_open_close', description: 'open/close of a day', required_parameters: [{ name: 'ticker', type: 'string', description: 'the symbol' }, { name: 'date', type: 'string', description: 'The date of the requested open/close in the format YYYY-MM-DD' }], optional_parameters: [], return_data: [] };

describe('a value in a form its doc rules out is refused', () => {
  it('statedFormProblem and the simulator: "17.00", "2:00 PM", "2023/10/18" refused in the API\'s recorded words; "17:00", "2023-10-18" taken', () => {
    expect(statedFormProblem('17.00', ROOMS.required_parameters[1].description)).toBe('Time should be in xx:xx format.');
    expect(statedFormProblem('2:00 PM', ROOMS.required_parameters[0].description)).toBe('Time should be in xx:xx format.');
    expect(statedFormProblem('17:00', ROOMS.required_parameters[1].description)).toBeUndefined();
    expect(statedFormProblem('2023/10/18', PRICE.required_parameters[1].description)).toMatch(/YYYY-MM-DD/);
    expect(statedFormProblem('2023-10-18', PRICE.required_parameters[1].description)).toBeUndefined();
    expect(statedFormProblem('whatever', 'the name of the room')).toBeUndefined();
    expect(validateCall(ROOMS.name, { start_time: '10:00', end_time: '17.00' }, [ROOMS])).toEqual(['Time should be in xx:xx format.']);
    expect(simulateOffline({ name: ROOMS.name, args: { start_time: '10.00', end_time: '12:00' }, tools: [ROOMS] }, new Rng(1, 'r')).error).toBe('Time should be in xx:xx format.');
    expect(simulateOffline({ name: ROOMS.name, args: { start_time: '10:00', end_time: '12:00' }, tools: [ROOMS] }, new Rng(1, 'r')).error).toBe('');
  });

  it('formatSlip: the right value in another form, not another value', () => {
    expect(sameValueOtherForm('2026/11/15', '2026-11-15')).toBe(true);
    expect(sameValueOtherForm('5:00 PM', '17:00')).toBe(true);
    expect(sameValueOtherForm('2026-11-16', '2026-11-15')).toBe(false);
    expect(sameValueOtherForm('Paris', 'London')).toBe(false);
    const right: Action = { name: 'TravelAPI.get_flight_cost', args: { travel_from: 'LAX', travel_to: 'JFK', travel_date: '2026-11-15', travel_class: 'business' } };
    expect(formatSlip(right, { ...right, args: { ...(right.args as object), travel_date: '2026/11/15' } })).toMatch(/travel_date "2026\/11\/15" is "2026-11-15"/);
    expect(formatSlip(right, { ...right, args: { ...(right.args as object), travel_date: '2026-11-16' } })).toBeUndefined();
  });

  it('value_error_accepted_slip flags a slip answered as a success, and passes a refused slip and a real wrong value', () => {
    const right: Action = { name: 'TravelAPI.get_flight_cost', args: { travel_from: 'LAX', travel_to: 'JFK', travel_date: '2026-11-15' } };
    const caseOf = (wrongDate: string, answer: string) =>
      ({ kind: 'internal', source: 'bfcl', errorType: 'parameters_value_error', groundTruth: right, erroneousAction: { ...right, args: { ...(right.args as object), travel_date: wrongDate } }, messages: [{ role: 'user', content: 'cost?' }, { role: 'function', content: answer }] }) as unknown as TestCase;
    expect(valueErrorAcceptedSlip.check(caseOf('2026/11/15', '{"travel_cost_list": [2400.0]}'), {} as never)).toMatch(/written another way/);
    expect(valueErrorAcceptedSlip.check(caseOf('2026/11/15', 'Time should be in xx:xx format.'), {} as never)).toBeNull();
    expect(valueErrorAcceptedSlip.check(caseOf('2026-12-15', '{"travel_cost_list": [2400.0]}'), {} as never)).toBeNull();
  });
});

describe('an environment error says its own kind', () => {
  it('env_label_text_mismatch flags rate_limit on a bare "resource busy" and connection_error on "did not respond"; passes the simulator\'s wordings', () => {
    const caseOf = (kind: string, msg: string) => ({ kind: 'external', environmentError: kind, messages: [{ role: 'function', content: msg }] }) as unknown as TestCase;
    expect(envLabelTextMismatch.check(caseOf('rate_limit', 'OSError: [Errno 16] Device or resource busy: cd could not run'), {} as never)).toMatch(/labelled rate_limit/);
    expect(envLabelTextMismatch.check(caseOf('connection_error', 'echo failed: device not ready; the controller did not respond'), {} as never)).toMatch(/labelled connection_error/);
    expect(envLabelTextMismatch.check(caseOf('timeout', 'ReadTimeout: the request timed out'), {} as never)).toBeNull();
    // The generator: every wording of every kind, for network APIs, local software and computations, says its kind.
    for (const kind of ENVIRONMENT_ERROR_KINDS) {
      for (const [locality, computation] of [['remote', false], ['local', false], ['local', true]] as const) {
        if (locality === 'local' && !LOCAL_KINDS.includes(kind)) continue;
        for (let seed = 0; seed < 12; seed++) {
          const msg = environmentMessage(kind, 'GorillaFileSystem.cd', new Rng(seed, kind), locality, computation);
          expect(KIND_WORDS[kind].test(msg), `${kind} ${locality}: ${msg}`).toBe(true);
          if (locality === 'local') expect(httpStyleError(msg), msg).toBe(false);
        }
      }
    }
  });
});
