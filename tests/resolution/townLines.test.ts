/**
 * A listing's address as Airbnb's search writes it, "Town, Region, Country" (townLines.ts): every
 * T-Eval recording of search_property_by_place does, and the simulator drew "13 Fillmore Street, San
 * Francisco" (simulated_field_form_unlike_recorded widened to the town-line form).
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { formUnlikeRecorded, formValue, recordedFields, sharedForm, townLinesAsRecorded, valueForm } from '../../pipeline/resolution/valueForms.js';
import { isTownLine, searchedTownLine, townLineOf } from '../../pipeline/resolution/townLines.js';
import { listingPlaceMismatch } from '../../pipeline/resolution/districts.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';

const SEARCH: ToolDoc = {
  name: 'AirbnbSearch.search_property_by_place',
  description: 'This function takes various parameters to search properties on Airbnb.',
  required_parameters: [{ name: 'place', type: 'string', description: 'The name of the destination.' }],
  optional_parameters: [],
  return_data: [{ name: 'property', description: 'a list of at most 3 properties, containing id, name, and address.' }],
} as ToolDoc;
const RECORDED = [
  { response: "{'property': [{'id': '10803849', 'name': 'clean warm quiet otaku private room', 'address': 'Monterey Park, CA, United States'}, {'id': '48347678', 'name': 'Suite in DTLA w/ King & Twin bed, full kitchen', 'address': 'Los Angeles, CA, United States'}, {'id': '22788198', 'name': 'Private cozy guest house 1 mile to downtown Culver', 'address': 'Culver City, CA, United States'}]}" },
  { response: "{'property': [{'id': '42736872', 'name': 'Cosy Nest', 'address': 'Paris, Île-de-France, France'}, {'id': '549428519406726786', 'name': 'CDG, Private room (3) in a clean and quiet house', 'address': 'Roissy-en-France, Île-de-France, France'}, {'id': '314288', 'name': 'Bed & breakfast Paris Gare de Lyon', 'address': 'Paris, Île-de-France, France'}]}" },
];

describe('town lines', () => {
  it('tells a town line from a street address', () => {
    expect(valueForm('Roissy-en-France, Île-de-France, France')).toBe('town, region, country');
    expect(valueForm('Taito City, Tokyo, Japan')).toBe('town, region, country');
    expect(valueForm('13 Fillmore Street, San Francisco')).toBe('text');
    expect(valueForm('New York, NY, 10036')).toBe('text');
    expect(isTownLine('San Francisco, CA')).toBe(false);
    expect(sharedForm(recordedFields(RECORDED).get('property[].address'))).toBe('town, region, country');
  });

  it('judges a street address beside recorded town lines unlike them (simulated_field_form_unlike_recorded)', () => {
    const fields = recordedFields(RECORDED);
    expect(formUnlikeRecorded({ property: [{ id: '49634091', name: 'Marina Motel', address: '13 Fillmore Street, San Francisco' }] }, fields)).toMatchObject({ path: 'property[].address', shared: 'town, region, country' });
    expect(formUnlikeRecorded({ property: [{ id: '49634091', name: 'Marina Motel', address: 'San Francisco, CA, United States' }] }, fields)).toBeUndefined();
  });

  it('writes a drawn address as the town line of its town or district', () => {
    expect(townLineOf('13 Fillmore Street, San Francisco')).toBe('San Francisco, CA, United States');
    expect(townLineOf('4-23-16 Nishi-Shinjuku, Shinjuku, Tokyo')).toBe('Shinjuku City, Tokyo, Japan');
    expect(townLineOf('54 37th Avenue, Queens, NY')).toBe('Queens, NY, United States');
    expect(townLineOf('5 Avenue Anatole France, 75007 Paris')).toBe('Paris, Île-de-France, France');
    expect(townLineOf('Jalan Monkey Forest No. 136, Bali')).toBe('Ubud, Bali, Indonesia');
    expect(townLineOf('Tampaksiring, Bali')).toBe('Tampaksiring, Bali, Indonesia');
    expect(townLineOf('Monterey Park, CA, United States')).toBe('Monterey Park, CA, United States');
    // The town the listing's name gives, of two the address names.
    expect(townLineOf('San Bruno, San Francisco', undefined, 'Cozy entire apartment in San Francisco')).toBe('San Francisco, CA, United States');
    // A ward of the town the name gives is that town, told more exactly.
    expect(townLineOf('3-23-7 Nakameguro, Meguro, Tokyo', undefined, 'Cozy entire apartment in Tokyo')).toBe('Meguro City, Tokyo, Japan');
    expect(townLineOf('154 Hill Street', 'San Francisco, CA, United States')).toBe('San Francisco, CA, United States');
    expect(searchedTownLine({ place: '37.7749,-122.4194,37.7833,-122.4081' })).toBe('San Francisco, CA, United States');
  });

  it('keeps a copied address and a district the name gives', () => {
    const fields = recordedFields(RECORDED);
    const answer = { property: [{ id: '1', name: 'Rental unit in Miami Beach', address: '147 Espanola Way, Miami' }, { id: '2', name: 'Cosy flat', address: '96 Ocean Drive, Miami' }] };
    const out = townLinesAsRecorded(answer, fields, (v) => v === '96 Ocean Drive, Miami') as typeof answer;
    expect(out.property.map((p) => p.address)).toEqual(['Miami Beach, FL, United States', '96 Ocean Drive, Miami']);
    // A town line of the town a district is part of places a listing in it.
    expect(listingPlaceMismatch('Condo in Hollywood', 'Los Angeles, CA, United States')).toBeUndefined();
    expect(listingPlaceMismatch('Rental unit in Queens', 'Brooklyn, NY, United States')).toBeDefined();
  });

  it('simulates an Airbnb search whose addresses are written as the recorded ones', () => {
    for (const [place, seed] of [['San Francisco', 1], ['Tokyo', 2], ['New York', 3], ['Bali', 4]] as const) {
      const out = simulateOffline({ name: SEARCH.name, args: { place }, tools: [SEARCH], examples: RECORDED }, new Rng(seed, 'search'));
      expect(formUnlikeRecorded(formValue(out.response), recordedFields(RECORDED))).toBeUndefined();
      expect(out.response).not.toMatch(/'address': '\d/);
    }
  });
});

describe('reviews of a listing in another town than the one searched', () => {
  const REVIEWS: ToolDoc = {
    name: 'AirbnbSearch.get_property_reviews',
    description: 'This function retrieves reviews of a property.',
    required_parameters: [{ name: 'propertyId', type: 'string', description: '[Required] The ID of the property.' }],
    optional_parameters: [],
    return_data: [{ name: 'reviews', description: 'a list of reviews, including comments, rating, and time' }],
  } as ToolDoc;
  const LA_STREETS = /Sunset Boulevard|Melrose Avenue|Wilshire Boulevard|Vermont Avenue|Fairfax Avenue|La Brea Avenue|Santa Monica Boulevard|Figueroa Street/;
  const reviews = (address: string, seed: number) =>
    simulateOffline({ name: REVIEWS.name, args: { propertyId: '10803849' }, tools: [REVIEWS], place: 'Los Angeles', known: { fields: { id: '10803849', name: 'clean warm quiet otaku private room', address } } } as never, new Rng(seed, 'reviews')).response;

  it('name no street of the searched town (a Monterey Park room, not "the market on Santa Monica Boulevard")', () => {
    let named = 0;
    for (let seed = 1; seed <= 40; seed++) {
      expect(reviews('Monterey Park, CA, United States', seed)).not.toMatch(LA_STREETS);
      if (LA_STREETS.test(reviews('Los Angeles, CA, United States', seed))) named++;
    }
    // A listing in the town searched still has its streets.
    expect(named).toBeGreaterThan(0);
  });
});

describe('a listing its name puts in a town of its own', () => {
  // api-simulator-153: T-Eval's recorded "Home in Hawthorne" sat on a drawn "Los Angeles, CA, United States" line (teval_query_136_2).
  it('takes the name\'s town line, keeping a ward of the named town and a town the address names', () => {
    expect(townLineOf('12 Figueroa Street, Los Angeles', 'Los Angeles, CA, United States', 'Home in Hawthorne')).toBe('Hawthorne, CA, United States');
    expect(townLineOf('12 Figueroa Street, Los Angeles', 'Los Angeles, CA, United States', 'Quiet guest suite in Los Angeles')).toBe('Los Angeles, CA, United States');
    expect(townLineOf('1-2-3 Nakameguro, Meguro, Tokyo', 'Tokyo, Tokyo, Japan', 'Cozy entire apartment in Tokyo')).toBe('Meguro City, Tokyo, Japan');
  });
});
