import { actsOnSameObject } from '../../pipeline/errors/benignSelect.js';
import { describe, expect, it } from 'vitest';
import { ERROR_TYPES, type ErrorType, type Trajectory } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { toJson } from '../../pipeline/pyValues.js';
import { toolSteps } from '../../pipeline/steps.js';
import {
  applicability,
  classifyAction,
  confusable,
  findTool,
  inject,
  inventedApiNames,
  leaksIn,
  renamesFor,
  repeatsValidStep,
  toolSimilarity,
  toolkitOf,
  valueKindProblem,
  changedValues,
  type Injection,
  type InjectionInput,
} from '../../pipeline/errors/index.js';
import { styleOf, words } from '../../pipeline/errors/vocabulary.js';
import { injectionInputFor, toolkitIndex } from '../../stages/diversify-internal/inputs.js';
import { bfclTrajectories, tevalTrajectories } from './fixtures/vendored.js';

// A spread of real trajectories: BFCL's eight classes and T-Eval plans with dates, ids and coordinates.
const TRAJECTORIES: Trajectory[] = [
  ...bfclTrajectories([0, 1, 2, 5, 12, 30, 45, 50, 60, 75, 90, 101, 110, 120, 135, 150, 160, 175, 190, 199]),
  ...tevalTrajectories(['query_0_1', 'query_0_2', 'query_13_0', 'query_34_1', 'query_85_0', 'query_103_1', 'query_247_0', 'query_258_1', 'query_107_2', 'query_111_1', 'query_132_1', 'query_10_1']),
];
const TOOLKITS = toolkitIndex(TRAJECTORIES);

interface Made {
  trajectory: Trajectory;
  k: number;
  type: ErrorType;
  input: InjectionInput;
  injection: Injection;
  label: string;
}

function injectEverywhere(): { made: Made[]; skipped: { type: ErrorType; reason: string }[] } {
  const made: Made[] = [];
  const skipped: { type: ErrorType; reason: string }[] = [];
  for (const trajectory of TRAJECTORIES) {
    for (const { k, step } of toolSteps(trajectory)) {
      const input = injectionInputFor(trajectory, k, TOOLKITS.get(toolkitOf(step.action.name)) ?? []);
      for (const type of ERROR_TYPES) {
        const applies = applicability(type, input);
        if (!applies.ok) {
          skipped.push({ type, reason: applies.reason });
          continue;
        }
        const injection = inject(type, input, new Rng(42, trajectory.id, `k${k}`, type));
        made.push({ trajectory, k, type, input, injection, label: classifyAction(injection.action, { tools: trajectory.tools, groundTruth: input.correct }).label });
      }
    }
  }
  return { made, skipped };
}

const { made, skipped } = injectEverywhere();

describe('offline injectors on real trajectories', () => {
  it('make every type, and the label checker agrees with the claimed type on all of them', () => {
    const disagreements = made.filter((m) => m.label !== m.type).map((m) => `${m.trajectory.id} k=${m.k} ${m.type} → ${m.label}: ${JSON.stringify(m.injection.action)}`);
    expect(disagreements).toEqual([]);
    for (const type of ERROR_TYPES) expect(made.filter((m) => m.type === type).length).toBeGreaterThan(50);
  });

  it('skip only what cannot apply, with the reason', () => {
    expect(skipped.length).toBeGreaterThan(0);
    for (const sk of skipped) expect(sk.reason).toMatch(/passes no arguments|confusable|realistic|only/);
  });

  it('invent names that keep the toolkit prefix and never name an existing tool', () => {
    const known = new Set([...TOOLKITS.values()].flat().map((n) => n.toLowerCase()));
    for (const m of made.filter((x) => x.type === 'tool_hallucination_error')) {
      const name = m.injection.action.name;
      expect(toolkitOf(name)).toBe(toolkitOf(toolSteps(m.trajectory)[m.k - 1].step.action.name));
      expect(known.has(name.toLowerCase())).toBe(false);
    }
    expect(inventedApiNames('mv').map((c) => c.name)).toContain('move_file');
    expect(inventedApiNames('get_property_details').map((c) => c.name)).toContain('get_property_info');
    expect(inventedApiNames('getPropertyDetails').map((c) => c.name)).toContain('getPropertyInfo');
  });

  it('tool_select: a confusable listed tool (shared name words, description, parameters, a neighbouring step, or the request\'s object), filled with values of its kinds', () => {
    const selects = made.filter((x) => x.type === 'tool_select_error');
    expect(selects.length).toBeGreaterThan(30);
    for (const m of selects) {
      const gt = findTool(m.trajectory.tools, m.input.correct.name)!;
      const chosen = findTool(m.trajectory.tools, m.injection.action.name)!;
      const steps = toolSteps(m.trajectory);
      const neighbour = [steps[m.k - 2], steps[m.k]].some((s) => s?.step.action.name === chosen.name);
      // Or a different action on the request's object (mkdir("workspace") for cd("workspace"), error-injectors@31).
      const sameObject = actsOnSameObject(m.input.correct, m.injection.action, m.trajectory.tools);
      expect(confusable(toolSimilarity(gt, chosen, m.trajectory.tools), neighbour) || sameObject, `${m.trajectory.id} k=${m.k}: ${gt.name} → ${chosen.name}`).toBe(true);
      const args = m.injection.action.args as Record<string, unknown>;
      for (const p of chosen.required_parameters) expect(args).toHaveProperty(p.name);
      for (const [key, value] of Object.entries(args)) {
        const param = [...chosen.required_parameters, ...chosen.optional_parameters].find((p) => p.name === key);
        expect(param, key).toBeDefined();
        expect(valueKindProblem(param!, value, undefined, m.input.query), `${m.trajectory.id} k=${m.k} ${chosen.name}.${key}`).toBeUndefined();
      }
    }
  });

  it('tool_select: never a tool unrelated to the step, and never a parameter filled with a value of another kind', () => {
    const vehicle = bfclTrajectories([50])[0];
    const doc = (n: string) => vehicle.tools.find((t) => t.name === `VehicleControlAPI.${n}`)!;
    const input: InjectionInput = {
      tools: [doc('lockDoors'), doc('get_outside_temperature_from_google')],
      correct: { name: 'VehicleControlAPI.lockDoors', args: { unlock: true, door: ['driver'] } },
      query: 'Unlock the driver door.',
      earlier: [],
      toolkitApis: [],
      meta: {},
    };
    // The weather tool shares nothing with unlocking doors: no selection error is made at all.
    expect(applicability('tool_select_error', input).ok).toBe(false);
    const travel = bfclTrajectories([177])[0];
    const book = toolSteps(travel).find((s) => s.step.action.name === 'TravelAPI.book_flight')!;
    const insurance = travel.tools.find((t) => t.name === 'TravelAPI.purchase_insurance')!;
    const noBooking: InjectionInput = { tools: [travel.tools.find((t) => t.name === 'TravelAPI.book_flight')!, insurance], correct: book.step.action, query: 'Book the flight from LAX to HND.', earlier: [], toolkitApis: [], meta: {} };
    // purchase_insurance needs a booking id; nothing in the conversation is one, so it is no candidate (never booking_id "LAX").
    expect(applicability('tool_select_error', noBooking).ok).toBe(false);
  });

  it('rename keys the way models misspell them', () => {
    expect(renamesFor('file_name', new Set(['file_name'])).map((r) => r.to)).toEqual(expect.arrayContaining(['fileName', 'filename']));
    expect(renamesFor('propertyId', new Set(['propertyId'])).map((r) => r.to)).toContain('property_id');
    expect(renamesFor('tags', new Set(['tags'])).map((r) => r.to)).toContain('tag');
    // A rename never lands on a declared parameter (that would be no key error at all).
    expect(renamesFor('source', new Set(['source', 'src'])).map((r) => r.to)).not.toContain('src');
  });

  it('parameters_key: only synonyms, case style, singular/plural, a required key left out or a sibling API\'s key — never an option nobody asked for', () => {
    const keys = made.filter((m) => m.type === 'parameters_key_error');
    const families = new Set(keys.map((m) => m.injection.family));
    expect([...families].sort()).toEqual(['case-style', 'missing-required', 'sibling-key', 'singular-plural', 'synonym']);
    for (const m of keys) {
      const before = Object.keys(m.input.correct.args as object);
      const after = Object.keys(m.injection.action.args as object);
      // A rename keeps the count, a drop lowers it; nothing is ever added.
      expect(after.length).toBeLessThanOrEqual(before.length);
      for (const k of after.filter((x) => !before.includes(x))) expect(['recursive', 'verbose', 'limit', 'format', 'timeout', 'page', 'language']).not.toContain(k);
    }
    const clock = tevalTrajectories(['query_85_0'])[0];
    const time = toolSteps(clock).find((s) => s.step.action.name === 'TimeTool.get_curr_time');
    if (time) expect(applicability('parameters_key_error', injectionInputFor(clock, time.k, [])).ok).toBe(false);
  });

  it('parameters_value: every changed value is of its parameter\'s kind, in the five families', () => {
    const values = made.filter((m) => m.type === 'parameters_value_error');
    for (const m of values) {
      const doc = findTool(m.trajectory.tools, m.input.correct.name)!;
      for (const c of changedValues(m.input.correct, m.injection.action)) {
        if (m.injection.family === 'format' || m.injection.family === 'quantity' || m.injection.family === 'mistyped') continue;
        const param = [...doc.required_parameters, ...doc.optional_parameters].find((p) => p.name === c.key)!;
        expect(valueKindProblem(param, c.to, c.from, m.input.query), `${m.trajectory.id} k=${m.k} ${c.key} → ${toJson(c.to)}`).toBeUndefined();
      }
    }
    expect([...new Set(values.map((m) => m.injection.family))]).toEqual(expect.arrayContaining(['format', 'quantity', 'same-kind-entity', 'mistyped']));
    expect(values.map((m) => m.injection.family)).not.toContain('type-confusion');
  });

  it('parameters_value: another entity of the request is a whole name, never a fragment ("York" of "New York")', () => {
    const input: InjectionInput = {
      tools: [{ name: 'Weather.get_weather', description: 'Weather of a city.', required_parameters: [{ name: 'city', type: 'string', description: 'the city' }], optional_parameters: [], return_data: [] }],
      correct: { name: 'Weather.get_weather', args: { city: 'Boston' } },
      query: 'Compare the weather in Boston with New York and Times Square today.',
      earlier: [],
      toolkitApis: [],
      meta: {},
    };
    const seen = new Set<string>();
    for (let seed = 0; seed < 60; seed++) seen.add(String((inject('parameters_value_error', input, new Rng(seed, 'fragments')).action.args as Record<string, unknown>).city));
    expect(seen).toContain('New York');
    for (const bad of ['York', 'Square', 'New', 'Times']) expect(seen).not.toContain(bad);
  });

  it('parameters_value: never a value of another type than its parameter\'s ("5" or "five" for 5 is a type mistake, not a wrong value)', () => {
    const doc = (type: 'string' | 'integer') => ({ name: 'File.tail', description: 'Last lines of a file.', required_parameters: [{ name: 'lines', type, description: 'how many lines' }], optional_parameters: [], return_data: [] });
    const input = (type: 'string' | 'integer', value: unknown): InjectionInput => ({ tools: [doc(type)], correct: { name: 'File.tail', args: { lines: value } }, query: 'Show the last lines.', earlier: [], toolkitApis: [], meta: {} });
    const made = (i: InjectionInput) => Array.from({ length: 60 }, (_, seed) => inject('parameters_value_error', i, new Rng(seed, 'types')));
    for (const m of made(input('integer', 5))) expect(typeof (m.action.args as Record<string, unknown>).lines, m.variant).toBe('number');
    // A string "5" has no wrong value of its own type here: the type is turned down, never made a type slip.
    expect(applicability('parameters_value_error', input('string', '5')).ok).toBe(false);
  });

  it('never passes a completed or later ground-truth step off as an error (the second zip-code lookup done first)', () => {
    for (const m of made) expect(repeatsValidStep(m.injection.action, m.input), `${m.trajectory.id} k=${m.k} ${m.type}`).toBe(false);
    const t = bfclTrajectories([96])[0];
    const zips = toolSteps(t).filter((s) => s.step.action.name === 'VehicleControlAPI.get_zipcode_based_on_city');
    expect(zips.length).toBe(2);
    const input = injectionInputFor(t, zips[0].k, TOOLKITS.get('VehicleControlAPI') ?? []);
    for (let seed = 0; seed < 60; seed++) {
      const action = inject('parameters_value_error', input, new Rng(seed, 'zip')).action;
      expect(action.args).not.toEqual(zips[1].step.action.args);
    }
  });

  it('tool_hallucination: an invented name in the toolkit\'s own naming style', () => {
    for (const m of made.filter((x) => x.type === 'tool_hallucination_error')) {
      const api = m.input.correct.name.split('.').pop()!;
      const invented = m.injection.action.name.split('.').pop()!;
      if (words(api).length > 1 && words(invented).length > 1 && !/_v\d+$/.test(invented)) expect(styleOf(invented), `${api} → ${invented}`).toBe(styleOf(api));
    }
  });

  it('CoT thoughts reason toward the wrong step and never state the correct tool, key or value', () => {
    for (const m of made) {
      expect(typeof m.injection.action.thought).toBe('string');
      // A swapped value is read by its role, named as the docs name the keys ("check-out date "2023-12-01"").
      const doc = m.input.tools.find((t) => t.name === m.input.correct.name);
      expect(leaksIn(m.injection.action.thought!, m.type, m.input.correct, m.injection.action, doc), `${m.trajectory.id} k=${m.k} ${m.type}: ${m.injection.action.thought}`).toEqual([]);
      if (m.type === 'tool_select_error' || m.type === 'tool_hallucination_error') expect(m.injection.action.thought).toContain(`\`${m.injection.action.name.split('.').pop()}\``);
    }
    // The case: the correct thought says lines=1, the call passes "one". Since error-injectors@50
    // tail(lines=2) for the last line is no value error (its answer holds that line), so here the user asks for a few (lines=3).
    const input: InjectionInput = {
      tools: [{ name: 'GorillaFileSystem.tail', description: 'Last lines.', required_parameters: [{ name: 'file_name', type: 'string', description: '' }, { name: 'lines', type: 'integer', description: '' }], optional_parameters: [], return_data: [] }],
      correct: { thought: 'The user wants the last few lines of report.txt. I will call tail with file_name="report.txt" and lines=3.', name: 'GorillaFileSystem.tail', args: { file_name: 'report.txt', lines: 3 } },
      query: 'Show me the last few lines of report.txt.',
      earlier: [],
      toolkitApis: [],
      meta: {},
    };
    for (let seed = 0; seed < 40; seed++) {
      const a = inject('parameters_value_error', input, new Rng(seed, 'cot')).action;
      expect(leaksIn(a.thought!, 'parameters_value_error', input.correct, a), a.thought).toEqual([]);
      expect(a.thought).toContain('The user wants the last few lines of report.txt.');
    }
  });

  it('reformat a date argument of a real T-Eval plan', () => {
    const trajectory = tevalTrajectories(['query_0_1'])[0];
    const k = toolSteps(trajectory).find((s) => s.step.action.name === 'AirbnbSearch.get_property_checkout_price')!.k;
    const input = injectionInputFor(trajectory, k, TOOLKITS.get('AirbnbSearch') ?? []);
    const outcomes = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const injection = inject('parameters_value_error', input, new Rng(seed, 'dates'));
      expect(classifyAction(injection.action, { tools: trajectory.tools, groundTruth: input.correct }).label).toBe('parameters_value_error');
      outcomes.add(injection.variant);
    }
    expect([...outcomes].some((v) => v.startsWith('format:date-format'))).toBe(true);
  });

  it('are deterministic for a seed and vary across seeds', () => {
    const trajectory = TRAJECTORIES[0];
    const input = injectionInputFor(trajectory, 1, TOOLKITS.get('GorillaFileSystem') ?? []);
    const a = inject('parameters_key_error', input, new Rng(7, 'x'));
    const b = inject('parameters_key_error', input, new Rng(7, 'x'));
    expect(a).toEqual(b);
    const many = new Set(Array.from({ length: 30 }, (_, i) => JSON.stringify(inject('parameters_key_error', input, new Rng(i, 'x')).action)));
    expect(many.size).toBeGreaterThan(2);
  });
});
