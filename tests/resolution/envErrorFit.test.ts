/**
 * An environment failure is worded as the failing tool would fail: a tool that only computes or
 * looks up (the weekday, a unit conversion, a city's zip code) has no device or lock to fail on,
 * and only AMap answers in AMap's {"status": "0", "infocode": ...} body. The default build of
 * 8de660b had 4.3% (30/700) of simulated failures in another tool's words (env_error_unfit_tool).
 */
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_ERROR_KINDS, type TestCase, type ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { environmentMessage, simulateOffline, LOCAL_KINDS } from '../../pipeline/resolution/simulatorRules.js';
import { classifyEnvironmentMessage, DEVICE_FAULT, isComputation } from '../../pipeline/errors/environment.js';
import { httpStyleError } from '../../pipeline/quality/grounding.js';
import { envErrorUnfitTool } from '../../pipeline/quality/measures/solvable.js';
import { errorAcceptedImpossible } from '../../pipeline/quality/measures/errors.js';

const tool = (name: string, description: string): ToolDoc => ({ name, description, required_parameters: [], optional_parameters: [], return_data: [{ name: 'result', description: '' }] });
const TIME = [tool('TimeTool.get_weekday', 'Get the weekday of the current time.'), tool('TimeTool.get_curr_time', 'Get the current time.')];
const FILES = [tool('GorillaFileSystem.cat', 'Display the contents of a file in the current directory.'), tool('GorillaFileSystem.ls', 'List the contents of the current directory.')];

describe('environment failures in the failing tool\'s words', () => {
  it('knows a tool that only computes from one with a device or files behind it', () => {
    expect(isComputation('TimeTool.get_weekday', TIME)).toBe(true);
    expect(isComputation('GorillaFileSystem.cat', FILES)).toBe(false);
  });

  it('a computation fails without a device or lock, each message its kind, never in HTTP terms', () => {
    for (const kind of LOCAL_KINDS) {
      for (let seed = 0; seed < 8; seed++) {
        const { error } = simulateOffline({ name: 'TimeTool.get_weekday', args: {}, tools: TIME, environmentError: kind }, new Rng(seed, kind));
        expect(DEVICE_FAULT.test(error), error).toBe(false);
        expect(httpStyleError(error), error).toBe(false);
        expect(classifyEnvironmentMessage(error)?.kind, error).toBe(kind);
      }
    }
  });

  it('AMap fails in its own body, every other API never does', () => {
    for (const kind of ENVIRONMENT_ERROR_KINDS) {
      for (let seed = 0; seed < 8; seed++) {
        const amap = environmentMessage(kind, 'GaodeMap.get_route', new Rng(seed, kind));
        expect(classifyEnvironmentMessage(amap)?.kind, amap).toBe(kind);
        expect(environmentMessage(kind, 'Email.show', new Rng(seed, kind))).not.toMatch(/infocode/);
      }
    }
    // AMap's daily limits (10003, 10044) last the day; its per-key per-second quota passes.
    expect(environmentMessage('quota_exceeded', 'GaodeMap.get_route', new Rng(1, 'q'))).toMatch(/"infocode": "10020"/);
  });

  it('the measure flags a device fault on the weekday and AMap\'s body on Email, and passes a fitting failure', () => {
    const caseOf = (name: string, error: string, tools: ToolDoc[]) => ({
      kind: 'external', provenance: { origin: 'simulated:api-simulator' }, tools,
      messages: [{ role: 'user', content: 'What day is it?' }, { role: 'assistant', content: JSON.stringify({ name, args: {} }) }, { role: 'function', content: error }],
    }) as unknown as TestCase;
    expect(envErrorUnfitTool.check(caseOf('TimeTool.get_weekday', 'get_weekday failed: device not ready; the controller did not respond', TIME), {} as never)).toMatch(/only computes/);
    expect(envErrorUnfitTool.check(caseOf('Email.show', '{"status": "0", "info": "USER_DAILY_QUERY_OVER_LIMIT", "infocode": "10044"}', [tool('Email.show', 'show emails')]), {} as never)).toMatch(/AMap/);
    expect(envErrorUnfitTool.check(caseOf('TimeTool.get_weekday', 'TimeoutError: [Errno 110] Operation timed out after 5 s while running get_weekday', TIME), {} as never)).toBeNull();
  });
});

describe('a BFCL tool is judged by its own description, not its toolkit\'s blurb', () => {
  it('estimate_distance computes, though the vehicle blurb names the engine and doors', () => {
    const blurb = 'This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: ';
    const tools = [tool('VehicleControlAPI.estimate_distance', `${blurb}Estimates the distance between two cities.`), tool('VehicleControlAPI.lockDoors', `${blurb}Locks or unlocks the doors.`), tool('VehicleControlAPI.startEngine', `${blurb}Starts the engine of the vehicle.`)];
    expect(isComputation('VehicleControlAPI.estimate_distance', tools)).toBe(true);
    expect(isComputation('VehicleControlAPI.lockDoors', tools)).toBe(false);
  });
});

describe('a map API refuses coordinates off the globe', () => {
  it('answers longitude 1153.11 with an error, a real one with places (teval_query_91_2 value error answered "Parkside Beach")', () => {
    const nearby: ToolDoc = { name: 'BINGMap.search_nearby', description: 'Search for places nearby a location.', required_parameters: [{ name: 'search_term', type: 'string', description: '' }, { name: 'latitude', type: 'float', description: '' }, { name: 'longitude', type: 'float', description: '' }], optional_parameters: [], return_data: [{ name: 'places', description: 'a list of places' }] };
    const bad = simulateOffline({ name: nearby.name, args: { search_term: 'beach', latitude: -8.44929, longitude: 1153.11 }, tools: [nearby] }, new Rng(1, 'n'));
    expect(bad.error).toMatch(/longitude.*1153\.11 is outside \[-180, 180\]/);
    const good = simulateOffline({ name: nearby.name, args: { search_term: 'beach', latitude: -8.44929, longitude: 115.3113 }, tools: [nearby] }, new Rng(1, 'n'));
    expect(good.error).toBe('');
  });
});

describe('error_accepted_impossible', () => {
  it('flags a wrong call its doc rules out that was answered with a success, and passes its error', () => {
    const nearby: ToolDoc = { name: 'BINGMap.search_nearby', description: 'Search for places nearby a location.', required_parameters: [{ name: 'latitude', type: 'float', description: '' }, { name: 'longitude', type: 'float', description: '' }], optional_parameters: [], return_data: [{ name: 'places', description: '' }] };
    const caseOf = (answer: string) => ({ source: 'teval', errorType: 'parameters_value_error', tools: [nearby], erroneousAction: { name: nearby.name, args: { latitude: -8.4, longitude: 1153.11 } }, messages: [{ role: 'user', content: 'Beaches near me?' }, { role: 'function', content: answer }] }) as unknown as TestCase;
    expect(errorAcceptedImpossible.check(caseOf('{"places": [{"name": "Parkside Beach"}]}'), {} as never)).toMatch(/outside \[-180, 180\]/);
    expect(errorAcceptedImpossible.check(caseOf('{"error": "Invalid value for parameter \'longitude\'"}'), {} as never)).toBeNull();
  });
});
