/**
 * A distance the plan writes in another unit than the tool gives it in (standardize 21): T-Eval's
 * 34_0 puts get_distance's 4488.454 ("the distance in km") on a slide as "Total Distance: 4488.454
 * miles"; standardize writes km, gt_number_unit_off_doc counted 14/42 cases before, 0/42 after.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { answeredDistances, distanceCallUnit, docDistanceUnit, repairUnits, unitsOffAnswers, type DistanceUnit } from '../../pipeline/unitWords.js';
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
