/**
 * The simulator tier: the offline API simulator's validation errors (one per kind), its plausible
 * answers and their determinism, and the environment-error wording per kind for every vendored API.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../pipeline/config.js';
import { Store } from '../../pipeline/store/store.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { Rng } from '../../pipeline/rng.js';
import { classifyEnvironmentMessage } from '../../pipeline/errors/environment.js';
import { ENVIRONMENT_ERROR_KINDS, type ToolDoc } from '../../pipeline/schemas.js';
import { ChainResolver } from '../../pipeline/resolution/index.js';
import type { CallToResolve } from '../../pipeline/resolution/types.js';
import { SIMULATOR_RULES_VERSION, environmentMessage, simulateOffline, validateCall } from '../../pipeline/resolution/simulatorRules.js';

const p = (name: string, type: ToolDoc['required_parameters'][number]['type'], description = '') => ({ name, type, description });
const TOOLS: ToolDoc[] = [
  {
    name: 'Weather.forecast_weather',
    description: 'Weather forecast for the next N days.',
    required_parameters: [p('location', 'string', 'the location name'), p('days', 'integer', 'the N number of days later, maximum N is 3')],
    optional_parameters: [p('unit', 'string', 'c or f')],
    return_data: [{ name: 'results', description: 'list weather forecast of N days, including date, overall weather and temperature' }],
  },
  { name: 'Weather.get_weather_today', description: 'Weather today.', required_parameters: [p('location', 'string')], optional_parameters: [], return_data: [{ name: 'overall', description: '' }, { name: 'avg temperature', description: '' }] },
  {
    name: 'AirbnbSearch.search_property_by_place',
    description: 'Search properties by place.',
    required_parameters: [p('place', 'string', 'The name of the destination.')],
    optional_parameters: [],
    return_data: [{ name: 'property', description: 'a list of at most 3 properties, containing id, name, and address.' }],
  },
  {
    name: 'FilmTMDB.get_movie_details',
    description: 'Details of a movie.',
    required_parameters: [p('movie_id', 'integer', 'the movie id')],
    optional_parameters: [],
    return_data: ['id', 'title', 'release_date', 'runtime', 'vote_average'].map((name) => ({ name, description: name === 'runtime' ? 'film length in minute' : '' })),
  },
  { name: 'TimeTool.get_curr_time', description: 'Current time.', required_parameters: [], optional_parameters: [], return_data: [{ name: 'time', description: 'the time in YYYY-MM-DD HH:MM format' }] },
];

const rng = (label = 'x') => new Rng(42, 'test', label);

describe('offline simulator: validation errors, one per kind', () => {
  it('an API the toolkit does not have: names the call, never the APIs it would accept (no hints by default)', () => {
    const [m] = validateCall('Weather.get_humidity', { location: 'Paris' }, TOOLS);
    expect(m).toBe('API Weather.get_humidity does not exist: Weather has no API named "get_humidity"');
    const [hinted] = validateCall('Weather.get_humidity', { location: 'Paris' }, TOOLS, { hints: true });
    expect(hinted).toContain('forecast_weather');
    expect(hinted).toContain('get_weather_today');
  });

  it('a toolkit that does not exist', () => {
    expect(validateCall('Stocks.quote', {}, TOOLS)).toEqual(['API Stocks.quote does not exist: no tool named "Stocks" is available']);
  });

  it('arguments that are not an object', () => {
    expect(validateCall('Weather.get_weather_today', 'Paris', TOOLS)[0]).toMatch(/parameters must be a JSON object, got string "Paris"/);
  });

  it('a missing required key', () => {
    expect(validateCall('Weather.forecast_weather', { location: 'Paris' }, TOOLS)).toEqual(["Missing required parameter 'days' for Weather.forecast_weather"]);
  });

  it('an unknown key: named, the accepted ones listed only with hints on', () => {
    expect(validateCall('Weather.forecast_weather', { location: 'Paris', days: 2, city: 'Paris' }, TOOLS)).toEqual(["Unexpected parameter 'city' for Weather.forecast_weather"]);
    expect(validateCall('Weather.forecast_weather', { location: 'Paris', days: 2, city: 'Paris' }, TOOLS, { hints: true })).toEqual([
      "Unexpected parameter 'city' for Weather.forecast_weather (accepted: location, days, unit)",
    ]);
  });

  it('a type mismatch: the string "3" is not an integer, 2.5 is not an integer', () => {
    expect(validateCall('Weather.forecast_weather', { location: 'Paris', days: '3' }, TOOLS)).toEqual([
      'Invalid value for parameter \'days\' of Weather.forecast_weather: expected integer, got string "3"',
    ]);
    expect(validateCall('Weather.forecast_weather', { location: 'Paris', days: 2.5 }, TOOLS)[0]).toContain('expected integer, got float 2.5');
  });

  it('reports every problem of a call (an unknown key alone without hints), and nothing for a valid one', () => {
    expect(validateCall('Weather.forecast_weather', { days: 'x', city: 'Rome' }, TOOLS, { hints: true })).toHaveLength(3);
    // A misspelt key: the API rejects the key it got and does not name the required one it stood for.
    expect(validateCall('Weather.forecast_weather', { days: 2, city: 'Rome' }, TOOLS)).toEqual(["Unexpected parameter 'city' for Weather.forecast_weather"]);
    expect(validateCall('Weather.forecast_weather', { location: 'Paris', days: 2 }, TOOLS)).toEqual([]);
    expect(validateCall('TimeTool.get_curr_time', {}, TOOLS)).toEqual([]);
  });

  it('answers an invalid call with the error and no response', () => {
    const out = simulateOffline({ name: 'Weather.forecast_weather', args: { location: 'Paris' }, tools: TOOLS }, rng());
    expect(out).toEqual({ error: "Missing required parameter 'days' for Weather.forecast_weather", response: '' });
  });
});

describe('offline simulator: plausible answers', () => {
  const answer = (name: string, args: Record<string, unknown>, label = 'x') => {
    const out = simulateOffline({ name, args, tools: TOOLS }, rng(label));
    expect(out.error).toBe('');
    return JSON.parse(out.response);
  };

  it("builds the doc's return fields: lists of records with the listed sub-fields", () => {
    const r = answer('AirbnbSearch.search_property_by_place', { place: 'Berlin' });
    expect(Object.keys(r)).toEqual(['property']);
    expect(r.property.length).toBeGreaterThanOrEqual(1);
    expect(r.property.length).toBeLessThanOrEqual(3);
    for (const item of r.property) expect(Object.keys(item)).toEqual(['id', 'name', 'address']);
    for (const item of r.property) expect(item.address).toMatch(/, Berlin$/);
    const f = answer('Weather.forecast_weather', { location: 'Paris', days: 2 });
    // "forecast of N days" with days=2: two days, in order, one day apart.
    expect(f.results).toHaveLength(2);
    expect(Date.parse(f.results[1].date) - Date.parse(f.results[0].date)).toBe(86_400_000);
    for (const day of f.results) {
      expect(Object.keys(day)).toEqual(['date', 'overall_weather', 'temperature']);
      expect(day.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(typeof day.temperature).toBe('number');
    }
  });

  it("shapes values by field name and description, reusing the call's own values", () => {
    const m = answer('FilmTMDB.get_movie_details', { movie_id: 278 });
    expect(m.id).toBe(278);
    expect(m.release_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isInteger(m.runtime)).toBe(true);
    expect(typeof m.vote_average).toBe('number');
    expect(typeof m.title).toBe('string');
    expect(answer('TimeTool.get_curr_time', {}).time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('is deterministic per call through the resolver: order of calls and the caller rng do not matter', async () => {
    const calls: CallToResolve[] = [
      { source: 'teval', trajectoryId: 't1', tools: TOOLS, name: 'AirbnbSearch.search_property_by_place', args: { place: 'Berlin' }, history: [], meta: {} },
      { source: 'teval', trajectoryId: 't2', tools: TOOLS, name: 'Weather.forecast_weather', args: { location: 'Paris', days: 2 }, history: [], meta: {} },
      { source: 'teval', trajectoryId: 't3', tools: TOOLS, name: 'AirbnbSearch.search_property_by_place', args: { place: 'Lisbon' }, history: [], meta: {} },
    ];
    const run = async (order: number[], purpose: string) => {
      const store = Store.open(':memory:');
      const resolver = new ChainResolver({ store, config: parseConfig({ llm: { mode: 'offline' } }), llm: new OfflineGateway() });
      const out: string[] = [];
      for (const i of order) out[i] = (await resolver.resolve(calls[i], { rng: new Rng(1, 'item', purpose) })).content;
      store.close();
      return out;
    };
    const a = await run([0, 1, 2], 'a');
    const b = await run([2, 1, 0], 'b');
    expect(b).toEqual(a);
    expect(a[0]).not.toBe(a[2]);
  });
});

/** Every API name of the vendored sources: T-Eval's api_descrip.json and BFCL's function docs. */
function vendoredApiNames(): string[] {
  const root = fileURLToPath(new URL('../../sources/', import.meta.url));
  const names: string[] = [];
  for (const kit of JSON.parse(readFileSync(`${root}teval/data/api_descrip.json`, 'utf8')) as { name: string; api_list: { name: string }[] }[]) {
    for (const api of kit.api_list) names.push(`${kit.name}.${api.name}`);
  }
  const classes: Record<string, string> = { gorilla_file_system: 'GorillaFileSystem', math_api: 'MathAPI', message_api: 'MessageAPI', posting_api: 'TwitterAPI', ticket_api: 'TicketAPI', trading_bot: 'TradingBot', travel_booking: 'TravelAPI', vehicle_control: 'VehicleControlAPI' };
  for (const file of readdirSync(`${root}bfcl/data/func_doc`)) {
    for (const line of readFileSync(`${root}bfcl/data/func_doc/${file}`, 'utf8').split('\n').filter(Boolean)) names.push(`${classes[file.replace('.json', '')]}.${JSON.parse(line).name}`);
  }
  return names;
}

describe('error mode: environment failures worded per kind', () => {
  const apis = vendoredApiNames();

  it.each(ENVIRONMENT_ERROR_KINDS)('every %s message reads as that kind and names the API, for every vendored API', (kind) => {
    expect(apis.length).toBeGreaterThan(150);
    const wordings = new Set<string>();
    for (const api of apis) {
      for (let seed = 0; seed < 6; seed++) {
        const message = environmentMessage(kind, api, new Rng(seed, api, kind));
        expect(classifyEnvironmentMessage(message)?.kind, message).toBe(kind);
        // The endpoint's own name, never the benchmark's Toolkit.api label.
        expect(message).toContain(api.split('.').pop()!);
        expect(message).not.toContain(api);
        wordings.add(message.replace(api.split('.').pop()!, '<api>').replace(/\d+/g, 'N').replace(/api\.[a-z-]+\.com/g, '<host>'));
      }
    }
    // More than one way of saying it, so cases do not all read alike. A permission failure that passes has two
    // honest wordings left since env-wording-9 (h-env24): the 403 after unusual traffic and the 401 of a token
    // renewed in flight; the others joined a status to a cause it never has (env_error_cause_contradicts).
    expect(wordings.size).toBeGreaterThanOrEqual(kind === 'permission_denied' ? 2 : 3);
  });

  it('through the resolver: a simulated environment error, whatever the call', async () => {
    const store = Store.open(':memory:');
    const resolver = new ChainResolver({ store, config: parseConfig({ llm: { mode: 'offline' } }), llm: new OfflineGateway() });
    for (const kind of ENVIRONMENT_ERROR_KINDS) {
      const r = await resolver.resolve(
        { source: 'teval', trajectoryId: 't', tools: TOOLS, name: 'Weather.get_weather_today', args: { location: 'Oslo' }, history: [], meta: {} },
        { rng: rng(), environmentError: kind, artifactKey: 'art-1', stage: 'diversify-external' },
      );
      expect(r.tier).toBe('simulated');
      expect(r.error?.source).toBe('environment');
      expect(r.content).toBe(r.error?.message);
      expect(classifyEnvironmentMessage(r.content)?.kind).toBe(kind);
      expect(r.origin).toBe(SIMULATOR_RULES_VERSION);
    }
    const logged = store.db.prepare("SELECT stage, tier, status, artifact_key FROM calls WHERE kind = 'tool'").all();
    expect(logged).toHaveLength(ENVIRONMENT_ERROR_KINDS.length);
    expect(logged[0]).toEqual({ stage: 'diversify-external', tier: 'simulated', status: 'error:environment', artifact_key: 'art-1' });
    store.close();
  });
});
