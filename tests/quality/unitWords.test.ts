/**
 * A distance the plan writes in another unit than the tool gives it in (standardize 21): T-Eval's
 * 34_0 puts get_distance's 4488.454 ("the distance in km") on a slide as "Total Distance: 4488.454
 * miles"; standardize writes km, gt_number_unit_off_doc counted 14/42 cases before, 0/42 after.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { answeredDistances, argUnitsOffAnswers, distanceCallUnit, docDistanceUnit, paramDistanceUnit, repairUnits, unitsOffAnswers, type DistanceUnit } from '../../pipeline/unitWords.js';
import { buildCase } from '../../stages/assemble/build.js';
import { toolSteps } from '../../pipeline/steps.js';
import { gtArgUnitOffDoc } from '../../pipeline/quality/measures/simulatedGeo.js';
import type { TestCase } from '../../pipeline/schemas.js';
import { bfclTrajectories } from '../diversify/fixtures/vendored.js';
import { KIND_NAME_WORDS, signKindWords } from '../../pipeline/quality/measures/simulatedPlaces.js';

const DISTANCE: ToolDoc = {
  name: 'BINGMap.get_distance', description: 'Get the distance between two locations in km.',
  required_parameters: [{ name: 'start', type: 'string', description: 'the start' }, { name: 'end', type: 'string', description: 'the end' }], optional_parameters: [],
  return_data: [{ name: 'distance', description: 'the distance in km.' }],
};

describe('distance units', () => {
  it('reads the unit a distance tool answers in, and finds a number it gave written in another', () => {
    expect(docDistanceUnit(DISTANCE)).toBe('km');
    expect(distanceCallUnit(DISTANCE.name, DISTANCE)).toBe('km');
    const answered = new Map<string, DistanceUnit>();
    answeredDistances(DISTANCE, "{'distance': 4488.454}", answered);
    const slide = '1. Start: New York\n2. End: Los Angeles\n3. Total Distance: 4488.454 miles';
    expect(unitsOffAnswers(slide, answered)).toEqual([{ n: '4488.454', written: 'miles', unit: 'km' }]);
    expect(repairUnits(slide, answered)).toBe('1. Start: New York\n2. End: Los Angeles\n3. Total Distance: 4488.454 km');
    // Other numbers, and the answer's own unit, stay as written.
    expect(repairUnits('Total Distance: 4488.454 km, about 2789 miles', answered)).toBe('Total Distance: 4488.454 km, about 2789 miles');
  });

  it('a distance call not answered yet takes the number the plan writes after it, in its own unit', () => {
    expect(repairUnits('Total Distance: 4488.454 miles', new Map(), 'km')).toBe('Total Distance: 4488.454 km');
    expect(repairUnits('Total Distance: 4488.454 miles', new Map())).toBe('Total Distance: 4488.454 miles');
  });
});

describe('one kind table', () => {
  it('the kinds whose signs end in their noun are the ones the venue measure passed before (SIGN_KINDS), each with its row\'s words', () => {
    const SIGN_KINDS = /^(?:beach(?:es)?|hospitals?|clinics?|schools?|librar(?:y|ies)|catering|caterers?|pharmac(?:y|ies)|banks?|cinemas?)$/i;
    const terms = ['beach', 'Beaches', 'hospitals', 'clinic', 'schools', 'library', 'libraries', 'catering', 'caterers', 'pharmacy', 'banks', 'cinemas', 'theaters', 'movie theaters', 'nearby hospitals', 'high schools', 'hotels', 'restaurants', 'drugstores'];
    for (const t of terms) expect(!!signKindWords(t), t).toBe(SIGN_KINDS.test(t));
    expect(signKindWords('Beaches')?.test('Kuta Beach')).toBe(true);
    expect(KIND_NAME_WORDS.filter(([, , signed]) => signed).length).toBe(8);
  });
});

describe('a ground truth passing a distance in another unit than its parameter asks for', () => {
  const MILEAGE: ToolDoc = {
    name: 'VehicleControlAPI.estimate_drive_feasibility_by_mileage', description: 'Estimates the milage of the vehicle given the distance needed to drive.',
    required_parameters: [{ name: 'distance', type: 'float', description: 'The distance to travel in miles.' }], optional_parameters: [],
    return_data: [{ name: 'canDrive', description: 'True if the vehicle can drive the distance, False otherwise.' }],
  };
  const ESTIMATE: ToolDoc = { ...DISTANCE, name: 'VehicleControlAPI.estimate_distance', description: 'Estimates the distance between two cities.', return_data: [{ name: 'distance', description: 'The distance between the two cities in km.' }] };

  it("finds BFCL's km figure passed where the doc asks for miles, and nothing where the units agree", () => {
    expect(paramDistanceUnit('The distance to travel in miles.')).toBe('miles');
    expect(paramDistanceUnit('radius in meters.')).toBeUndefined();
    const answered = new Map<string, DistanceUnit>();
    answeredDistances(ESTIMATE, '{"distance": 980.0}', answered);
    expect(argUnitsOffAnswers({ name: MILEAGE.name, args: { distance: 980 } }, MILEAGE, answered)).toEqual([{ key: 'distance', value: 980, asked: 'miles', unit: 'km' }]);
    // The converted figure, and a distance the user gave, are no answer's km.
    expect(argUnitsOffAnswers({ name: MILEAGE.name, args: { distance: 608.94 } }, MILEAGE, answered)).toEqual([]);
    const inMiles = new Map<string, DistanceUnit>([['980.0', 'miles']]);
    expect(argUnitsOffAnswers({ name: MILEAGE.name, args: { distance: 980 } }, MILEAGE, inMiles)).toEqual([]);
  });

  it('assemble turns down the case whose ground truth is that call (bfcl_multi_turn_base_85), and the measure counts it', () => {
    const t = bfclTrajectories([85])[0];
    const steps = toolSteps(t);
    // A control case at k shows step k answered and expects step k + 1.
    const at = steps.findIndex((s) => s.step.action.name === MILEAGE.name);
    expect(at).toBeGreaterThan(1);
    const due = buildCase({ part: 'control', trajectory: t, trajectoryId: t.id, k: at, thoughtsMethod: 'x' }, false);
    expect(due.ok ? '' : due.reason).toMatch(/ground truth contradicts the docs' units: VehicleControlAPI.estimate_drive_feasibility_by_mileage\(distance=980\) passes a distance an answer gave in km where the parameter's doc asks for miles/);
    const before = buildCase({ part: 'control', trajectory: t, trajectoryId: t.id, k: at - 1, thoughtsMethod: 'x' }, false);
    expect(before.ok ? '' : before.reason).not.toMatch(/docs' units/);
    const after = buildCase({ part: 'control', trajectory: t, trajectoryId: t.id, k: at + 1, thoughtsMethod: 'x' }, false);
    if (!after.ok) throw new Error(after.reason);
    const none = { trajectory: () => undefined, baseCase: () => undefined };
    const expecting = (distance: number): TestCase => ({ ...after.testCase, groundTruth: { name: MILEAGE.name, args: { distance } } });
    expect(gtArgUnitOffDoc.check(expecting(980), none)).toBe('VehicleControlAPI.estimate_drive_feasibility_by_mileage(distance=980): the answer gave 980 in km, the parameter asks for miles');
    expect(gtArgUnitOffDoc.check(expecting(608.94), none)).toBeNull();
    expect(gtArgUnitOffDoc.check(after.testCase, none)).toBeUndefined();
  });
});
