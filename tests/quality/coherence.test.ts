/**
 * Simulated answers that read as made up: the measure finds them, and the rules simulator no
 * longer makes the two kinds the default build showed (a room list of one repeated status
 * sentence; places near coordinates put in a city picked at random).
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { plausibleAnswer } from '../../pipeline/resolution/simulatorRules.js';
import { incoherentAnswer } from '../../pipeline/quality/measures/solvable.js';
import { passage, REVIEW_COMPLAINT, UNRESERVED_PRAISE } from '../../pipeline/resolution/simulatedText.js';

const ROOMS: ToolDoc = { name: 'ReserveMeeting.get_room_status', description: 'get the room booking status', required_parameters: [], optional_parameters: [], return_data: [{ name: 'rooms', description: 'list of rooms as well as its booking status' }] };
const NEARBY: ToolDoc = {
  name: 'BINGMap.search_nearby',
  description: 'Search for places nearby a location, within a given radius.',
  required_parameters: [
    { name: 'search_term', type: 'string', description: 'what to look for' },
    { name: 'latitude', type: 'float', description: 'latitude' },
    { name: 'longitude', type: 'float', description: 'longitude' },
  ],
  optional_parameters: [],
  return_data: [{ name: 'places', description: 'a list of at most 3 places, containing name and address' }],
};
const CITIES = ['London', 'Paris', 'Berlin', 'Tokyo', 'New York', 'San Francisco', 'Toronto', 'Sydney', 'Madrid', 'Singapore', 'Seoul', 'Amsterdam'];

describe('simulated answer coherence', () => {
  it('flags identical list items and results placed in a city nobody asked about', () => {
    const call = { name: NEARBY.name, args: { search_term: 'coffee shop', latitude: 40.757, longitude: -73.986 } };
    expect(incoherentAnswer({ name: ROOMS.name, args: {} }, '{"rooms": ["Get room status completed successfully.", "Get room status completed successfully."]}', 'Check the rooms.')).toMatch(/2 identical items/);
    expect(incoherentAnswer(call, '{"places": [{"name": "Bright loft", "address": "236 Park Lane, Madrid"}]}', 'Coffee near Times Square, New York?')).toMatch(/placed in Madrid/);
    expect(incoherentAnswer(call, '{"places": [{"name": "Bright loft", "address": "236 Park Lane, New York"}]}', 'Coffee near Times Square, New York?')).toBeUndefined();
    expect(incoherentAnswer({ name: ROOMS.name, args: {} }, "{'rooms': ['Room 101: booked', 'Room 102: available']}", 'Check the rooms.')).toBeUndefined();
    // A review that complains, then gives unreserved praise.
    expect(incoherentAnswer({ name: 'AirbnbSearch.get_property_reviews', args: { propertyId: 1 } }, '{"reviews": [{"comment": "Great stay. Check-in was easy, and the shower pressure could be better. No complaints at all."}]}', 'Reviews?')).toMatch(/complains/);
    for (let i = 0; i < 200; i++) {
      const text = passage('comment', { rng: new Rng(i, 'review'), args: {}, subject: '', hint: 'AirbnbSearch.get_property_reviews reviews comment' });
      expect(REVIEW_COMPLAINT.test(text) && UNRESERVED_PRAISE.test(text), text).toBe(false);
    }
    // No distance between two addresses the call names apart.
    const trip = { name: 'BINGMap.get_distance', args: { start: '123 Orchard St, Springfield', end: '321 Industrial Ln, Springfield' } };
    expect(incoherentAnswer(trip, '{"distance": 0}', 'How far is it?')).toMatch(/distance 0/);
    expect(incoherentAnswer(trip, '{"distance": 4.2}', 'How far is it?')).toBeUndefined();
  });

  it('are not what the rules simulator makes for these calls', () => {
    for (let i = 0; i < 20; i++) {
      const rooms = plausibleAnswer(ROOMS, {}, new Rng(i, 'rooms'));
      expect(incoherentAnswer({ name: ROOMS.name, args: {} }, JSON.stringify(rooms), 'Check the rooms.'), JSON.stringify(rooms)).toBeUndefined();
      expect(JSON.stringify(rooms)).toMatch(/available|booked|occupied|free/);
      const args = { search_term: 'coffee shop', latitude: 40.757, longitude: -73.986 };
      const places = JSON.stringify(plausibleAnswer(NEARBY, args, new Rng(i, 'nearby')));
      expect(incoherentAnswer({ name: NEARBY.name, args }, places, 'Coffee near Times Square?'), places).toBeUndefined();
      for (const city of CITIES) expect(places).not.toContain(`, ${city}`);
    }
  });

  const DETAILS: ToolDoc = {
    name: 'AirbnbSearch.get_property_details',
    description: 'get the details of a property',
    required_parameters: [{ name: 'propertyId', type: 'integer', description: 'the id of the property' }],
    optional_parameters: [],
    return_data: [
      { name: 'title', description: 'the title of the property' },
      { name: 'latitude', description: 'the latitude of the property' },
      { name: 'longitude', description: 'the longitude of the property' },
    ],
  };

  it('flags coordinates far from every place the call and the request name', () => {
    const call = { name: DETAILS.name, args: { propertyId: 42736872 } };
    expect(incoherentAnswer(call, '{"title": "Loft", "latitude": -61.169091, "longitude": -165.569385}', 'Find Airbnb properties in Paris.')).toMatch(/km from Paris/);
    expect(incoherentAnswer(call, '{"title": "Loft", "latitude": 48.86, "longitude": 2.34}', 'Find Airbnb properties in Paris.')).toBeUndefined();
    // No known place named: nothing to compare with.
    expect(incoherentAnswer(call, '{"title": "Loft", "latitude": -61.1, "longitude": -165.5}', 'Find Airbnb properties in Rivermist.')).toBeUndefined();
  });

  it('the rules simulator puts coordinates near the place the task is about', () => {
    for (let i = 0; i < 20; i++) {
      const answer = plausibleAnswer(DETAILS, { propertyId: 42736872 }, new Rng(i, 'details'), 'Paris');
      expect(incoherentAnswer({ name: DETAILS.name, args: { propertyId: 42736872 } }, JSON.stringify(answer), 'Find Airbnb properties in Paris.'), JSON.stringify(answer)).toBeUndefined();
      expect(Math.abs((answer.latitude as number) - 48.8566)).toBeLessThan(0.05);
      // The call names a place the table does not know: the task's place still holds it.
      const coords: ToolDoc = { ...DETAILS, name: 'BINGMap.get_coordinates', required_parameters: [{ name: 'location', type: 'string', description: 'the place' }], return_data: DETAILS.return_data.slice(1) };
      const ubud = plausibleAnswer(coords, { location: 'Ubud' }, new Rng(i, 'coords'), 'Bali');
      expect(incoherentAnswer({ name: coords.name, args: { location: 'Ubud' } }, JSON.stringify(ubud), 'Plan my days in Bali.'), JSON.stringify(ubud)).toBeUndefined();
    }
  });
});
