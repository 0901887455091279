/**
 * Airbnb details titles in the recorded shape (detailsTitles.ts; simulated_field_form_unlike_recorded
 * widened to titles of parts joined by " · "), agreeing with the drawn record and the search that
 * listed the property (simulated_record_self_contradicted).
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { parseToolResponse } from '../../pipeline/prompts/parseAction.js';
import { detailsTitle, detailsTitleParts, drawDetailsTitle, titleKindFor, townFor } from '../../pipeline/resolution/detailsTitles.js';
import { formUnlikeRecorded, formValue, recordedFields, valueForm } from '../../pipeline/resolution/valueForms.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { detailsContradiction, kindContradiction, leastCapacity, reviewContradiction } from '../../pipeline/resolution/stays.js';
import { contradictedFacts } from '../../pipeline/quality/measures/solvable.js';

const DETAILS: ToolDoc = {
  name: 'AirbnbSearch.get_property_details',
  description: 'This function retrieves the details of a property given its ID.',
  required_parameters: [{ name: 'propertyId', type: 'string', description: '[Required] The ID of the property.' }],
  optional_parameters: [],
  return_data: [
    { name: 'title', description: 'The title of the property.' },
    { name: 'propertyType', description: 'The type of the property.' },
    { name: 'personCapacity', description: 'The capacity of the property.' },
    { name: 'rating', description: 'The rating of the property.' },
    { name: 'latitude', description: 'The latitude of the property.' },
    { name: 'longitude', description: 'The longitude of the property.' },
  ],
} as ToolDoc;

/** As T-Eval recorded them. */
const RECORDED = [
  "{'title': 'Home in Monterey Park · ★4.79 · 1 bedroom · 1 bed · 1 shared bath', 'propertyType': 'Private room in home', 'personCapacity': 1, 'rating': 4.79, 'latitude': 34.06046, 'longitude': -118.13085}",
  "{'title': 'Rental unit in Queens · ★4.81 · 1 bedroom · 1 bed · 1 bath', 'propertyType': 'Entire rental unit', 'personCapacity': 2, 'rating': 4.81, 'latitude': 40.74943149228527, 'longitude': -73.94064408783683}",
  "{'title': 'Hotel in Minato City · ★4.33 · 2 bedrooms · 60 beds · 8 shared baths', 'propertyType': 'Shared room in hotel', 'personCapacity': 1, 'rating': 4.33, 'latitude': 35.64458976563521, 'longitude': 139.74395288003788}",
  "{'title': 'Rental unit in New York · ★4.72 · Studio · 3 beds · 1 bath', 'propertyType': 'Entire rental unit', 'personCapacity': 4, 'rating': 4.72, 'latitude': 40.747211, 'longitude': -73.987808}",
  "{'title': 'Cabin in Selat · ★4.94 · 2 bedrooms · 2 beds · 1 bath', 'propertyType': 'Entire cabin', 'personCapacity': 4, 'rating': 4.94, 'latitude': -8.42714, 'longitude': 115.45998}",
].map((response) => ({ response }));

describe('the details title Airbnb writes', () => {
  it('reads every recorded title and writes it back the same', () => {
    for (const { response } of RECORDED) {
      const title = (parseToolResponse(response) as { title: string }).title;
      const parts = detailsTitleParts(title);
      expect(parts).toBeDefined();
      expect(detailsTitle(parts!)).toBe(title);
      // A recorded listing agrees with itself: a private room in a 1-bedroom home sleeps one.
      expect(detailsContradiction(parseToolResponse(response) as Record<string, unknown>)).toBeUndefined();
    }
    expect(detailsTitleParts('Rental unit in New York · ★New · 1 bedroom · 1 bed · 1 bath')?.rating).toBe('New');
    expect(detailsTitleParts('Cozy condominium in Bali')).toBeUndefined();
  });

  it('is a form of its own, so a name repeated as the title is unlike the recordings', () => {
    expect(valueForm('Home in Monterey Park · ★4.79 · 1 bedroom · 1 bed · 1 shared bath')).toBe('parts joined by " · "');
    // A middle dot inside a name ("珍·古道尔") is no such title.
    expect(valueForm('珍·古道尔的传奇一生')).toBe('text');
    const recorded = recordedFields(RECORDED);
    expect(formUnlikeRecorded(formValue("{'title': 'Cozy condominium in Bali', 'rating': 3.97}"), recorded)).toMatchObject({ path: 'title', form: 'text' });
    expect(formUnlikeRecorded(formValue("{'title': 'Condo in Bali · ★3.97 · 1 bedroom · 2 beds · 1 bath', 'rating': 3.97}"), recorded)).toBeUndefined();
  });

  it('names the kind the propertyType is, as the recordings pair them', () => {
    expect(titleKindFor('Private room in home')).toBe('Home');
    expect(titleKindFor('Shared room in hotel')).toBe('Hotel');
    expect(titleKindFor('Entire rental unit')).toBe('Rental unit');
    expect(titleKindFor('Entire cabin')).toBe('Cabin');
    expect(titleKindFor('Room in boutique hotel')).toBe('Boutique hotel');
    expect(titleKindFor('Condominium')).toBe('Condo');
    expect(titleKindFor('House')).toBe('Home');
    expect(titleKindFor('Private room')).toBe('Room');
    expect(titleKindFor('Entire apartment')).toBe('Rental unit');
    for (const type of ['Private room in home', 'Condominium', 'Loft', 'Guest suite', 'Private room', 'Room in hotel', 'Entire apartment', 'House']) {
      expect(kindContradiction(`${titleKindFor(type)} in Tokyo · ★4.50 · 1 bedroom · 1 bed · 1 bath`, type)).toBeUndefined();
    }
  });

  it('puts the listing in the town the search listed it in', () => {
    expect(townFor('clean warm quiet otaku private room', 'Monterey Park, CA, United States', 'Los Angeles')).toBe('Monterey Park');
    expect(townFor('Rental unit in Queens', '54 37th Avenue, Queens, NY', 'New York City')).toBe('Queens');
    expect(townFor('Hotel in Koto City', '1-24-6 Monzennakacho, Koto, Tokyo', 'Tokyo')).toBe('Koto City');
    expect(townFor('Cozy condominium in Bali', 'Jalan Kayu Aya No. 119, Bali', 'Bali')).toBe('Bali');
    expect(townFor('Bright loft', undefined, 'Paris')).toBe('Paris');
  });

  it('flags a title whose stars or beds the record denies, and leaves one that agrees', () => {
    expect(detailsContradiction({ title: 'Condo in Bali · ★4.10 · 1 bedroom · 2 beds · 1 bath', propertyType: 'Condominium', personCapacity: 4, rating: 3.97 })).toMatch(/★4.10/);
    expect(detailsContradiction({ title: 'Condo in Bali · ★3.97 · 1 bedroom · 1 bed · 1 bath', propertyType: 'Condominium', personCapacity: 4, rating: 3.97 })).toMatch(/sleep at most 2/);
    expect(detailsContradiction({ title: 'Condo in Bali · ★3.90 · 1 bedroom · 2 beds · 1 bath', propertyType: 'Condominium', personCapacity: 4, rating: 3.9 })).toBeUndefined();
    expect(detailsContradiction({ title: 'Home in Bali · ★3.90 · 1 bedroom · 2 beds · 1 bath', propertyType: 'Condominium', personCapacity: 4, rating: 3.9 })).toMatch(/names a house/);
    // The title's bedrooms are the home's, not the guest's: a room in it sleeps one.
    expect(leastCapacity('Home in Monterey Park · ★4.79 · 1 bedroom · 1 bed · 1 shared bath', 'Private room in home')).toBe(1);
    const flat = { title: 'Rental unit in Queens · ★4.81 · 1 bedroom · 2 beds · 1 bath', propertyType: 'Entire rental unit', personCapacity: 3 };
    expect(reviewContradiction('The sofa bed was comfy for our friend.', flat)).toBeUndefined();
    expect(reviewContradiction('The second bedroom was perfect for the kids.', flat)).toMatch(/second bedroom/);
  });

  it('draws titles that agree with the drawn record', () => {
    for (let seed = 0; seed < 40; seed++) {
      const rng = new Rng(seed, 'titles');
      for (const [type, cap] of [['Condominium', 4], ['Private room', 1], ['Room in hotel', 3], ['Entire apartment', 2], ['House', 8], ['Loft', 3]] as const) {
        const title = drawDetailsTitle({ name: 'Cozy place', town: 'Bali', propertyType: type, personCapacity: cap, rating: 4.9 }, rng);
        expect(title).toMatch(/^\S.* in Bali · ★4\.90 · /);
        expect(detailsContradiction({ title, propertyType: type, personCapacity: cap, rating: 4.9 })).toBeUndefined();
      }
      expect(drawDetailsTitle({ name: 'Sunny 2 bedroom apartment', town: 'Miami', propertyType: 'Entire apartment', personCapacity: 4 }, rng)).toMatch(/^Rental unit in Miami · ★New · 2 bedrooms · /);
      expect(drawDetailsTitle({ name: 'Cozy studio', town: 'Miami', propertyType: 'Entire apartment', personCapacity: 2 }, rng)).toMatch(/ · Studio · /);
    }
  });

  it('the simulator writes a details title in the recorded shape, from the search\'s listing', () => {
    for (let seed = 0; seed < 30; seed++) {
      const input = { name: DETAILS.name, args: { propertyId: '22788198' }, tools: [DETAILS], known: { name: 'Private cozy guest house 1 mile to downtown Culver', fields: { address: 'Culver City, CA, United States' } } };
      const d = parseToolResponse(simulateOffline({ ...input, examples: RECORDED }, new Rng(seed, 'details')).response) as Record<string, unknown>;
      const parts = detailsTitleParts(String(d.title));
      expect(parts, String(d.title)).toMatchObject({ town: 'Culver City', rating: (d.rating as number).toFixed(2) });
      expect(detailsContradiction(d)).toBeUndefined();
      // Without recordings in that shape, the search's name stays the title.
      const plain = parseToolResponse(simulateOffline(input, new Rng(seed, 'details')).response) as Record<string, unknown>;
      expect(plain.title).toBe('Private cozy guest house 1 mile to downtown Culver');
    }
  });

  it('a later details answer of a listing shown before keeps its title', () => {
    const title = 'Condo in Bali · ★3.97 · 1 bedroom · 2 beds · 1 bath';
    const known = { name: 'Cozy condominium in Bali', fields: { address: 'Jalan Kayu Aya No. 119, Bali', rating: 3.97 }, stay: { title, propertyType: 'Condominium', personCapacity: 4 } };
    const d = parseToolResponse(simulateOffline({ name: DETAILS.name, args: { propertyId: '53931387' }, tools: [DETAILS], known, examples: RECORDED }, new Rng(3, 'details')).response) as Record<string, unknown>;
    if (d.rating === 3.97) expect(d.title).toBe(title);
    else expect(detailsTitleParts(String(d.title))).toBeDefined();
  });
});

/**
 * simulated_answer_contradicts reads a details title in Airbnb's shape by its parts: merged onto
 * main, h-fields27's titles were all flagged as "another name than the list gave" (281/586 on
 * int27-fields-try's m2: "Boutique hotel in Taito City · ★4.72 · …" for "Boutique hotel in Taito
 * City"), while a title whose town, kind, bedrooms or stars deny the listing still is.
 */
describe('simulated_answer_contradicts reads a details title by its parts', () => {
  const search = (name: string, address: string, more: Record<string, unknown> = {}) => ({
    name: 'AirbnbSearch.search_property_by_place',
    args: { place: 'Tokyo' },
    response: JSON.stringify({ property: [{ id: '663272282290556235', name, address, ...more }] }),
  });
  const details = (title: string, rating = 4.72) => ({
    action: { name: DETAILS.name, args: { propertyId: '663272282290556235' } },
    response: JSON.stringify({ title, propertyType: 'Room in boutique hotel', personCapacity: 3, rating, latitude: 35.71975, longitude: 139.79289 }),
  });
  const taito = search('Boutique hotel in Taito City', '6-3-6 Asakusa, Taito, Tokyo');

  it('passes a title that agrees with the listing and its record (teval_query_105_0)', () => {
    expect(contradictedFacts(details('Boutique hotel in Taito City · ★4.72 · 1 bedroom · 2 beds · 1 private bath'), [taito])).toBeNull();
    expect(contradictedFacts(details('Home in Culver City · ★4.74 · 3 bedrooms · 4 beds · 1 bath', 4.74), [search('Private cozy guest house 1 mile to downtown Culver', 'Culver City, CA, United States')])).toBeNull();
  });

  it('flags a title whose town, kind, bedrooms or stars deny the listing or the record', () => {
    expect(contradictedFacts(details('Boutique hotel in Sumida City · ★4.72 · 1 bedroom · 2 beds · 1 private bath'), [taito])).toMatch(/puts it in Sumida City/);
    expect(contradictedFacts(details('Rental unit in Bali · ★4.72 · 1 bedroom · 1 bed · 1 bath'), [search('Cozy villa in Bali', 'Jalan Kayu Aya No. 119, Bali')])).toMatch(/calls it a rental unit/);
    expect(contradictedFacts(details('Rental unit in Miami · ★4.72 · 1 bedroom · 1 bed · 1 bath'), [search('Sunny 2 bedroom apartment', 'Miami, FL, United States')])).toMatch(/counts 1 bedroom/);
    expect(contradictedFacts(details('Boutique hotel in Taito City · ★4.90 · 1 bedroom · 2 beds · 1 private bath'), [taito])).toMatch(/★4\.9, but its own record rates it 4\.72/);
    expect(contradictedFacts(details('Boutique hotel in Taito City · ★4.72 · 1 bedroom · 2 beds · 1 private bath'), [search('Boutique hotel in Taito City', '6-3-6 Asakusa, Taito, Tokyo', { rating: 4.5 })])).toMatch(/the list that gave the id rates it 4\.5/);
    // A title in no details shape is still another name than the list gave.
    expect(contradictedFacts(details('Sunny loft by the river'), [taito])).toMatch(/list that gave the id named it/);
  });

  it('the simulator\'s titles pass it', () => {
    for (let seed = 0; seed < 30; seed++) {
      const known = { name: 'Private cozy guest house 1 mile to downtown Culver', fields: { address: 'Culver City, CA, United States' } };
      const response = simulateOffline({ name: DETAILS.name, args: { propertyId: '22788198' }, tools: [DETAILS], known, examples: RECORDED }, new Rng(seed, 'details')).response;
      const listed = { name: 'AirbnbSearch.search_property_by_place', args: { place: 'Culver City' }, response: JSON.stringify({ property: [{ id: '22788198', name: known.name, address: known.fields.address }] }) };
      expect(contradictedFacts({ action: { name: DETAILS.name, args: { propertyId: '22788198' } }, response }, [listed])).toBeNull();
    }
  });
});
