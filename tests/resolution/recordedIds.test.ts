/**
 * Simulated ids take the form the API's recorded ids of the same field take (recordedIds.ts;
 * simulated_id_unlike_recorded), and the place table puts towns at their real centres.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { idForm, idsAsRecorded, idsIn, recordedIds } from '../../pipeline/resolution/recordedIds.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { parseToolResponse } from '../../pipeline/prompts/parseAction.js';
import { distanceKm, placeNamed } from '../../pipeline/resolution/places.js';
import { repeatedListId } from '../../pipeline/quality/measures/simulatedAgrees.js';

const ROOMS: ToolDoc = {
  name: 'ReserveMeeting.get_empty_room_with_time',
  description: 'if they are any rooms available in the provided time',
  required_parameters: [
    { name: 'start_time', type: 'string', description: '[Required] the start booked time, must be in 24 hour format, e.g. 13:15' },
    { name: 'end_time', type: 'string', description: '[Required] the end booked time, must be in 24 hour format, e.g. 22:21' },
  ],
  optional_parameters: [],
  return_data: [{ name: 'rooms', description: 'list of available room ids' }],
} as ToolDoc;

describe('ids as recorded', () => {
  it('reads id fields by name or by their doc', () => {
    expect(idsIn({ rooms: [101, 102] }, ROOMS.return_data).map((x) => x.path)).toEqual(['rooms[]', 'rooms[]']);
    expect(idsIn({ property: [{ id: '10803849', name: 'x' }] }).map((x) => x.path)).toEqual(['property[].id']);
    expect(idsIn({ rooms: [101] })).toEqual([]);
  });

  it('redraws an id of another form in the recorded one, keeping kept ids and retyping when only the type differs', () => {
    const recorded = recordedIds([{ response: "{'rooms': [101, 102, 103]}" }, { response: "{'rooms': [103]}" }], ROOMS.return_data);
    const out = idsAsRecorded({ rooms: [67977, '78304', 63790] }, recorded, new Rng(1, 't'), (v) => v === 63790, ROOMS.return_data) as { rooms: unknown[] };
    expect(out.rooms[2]).toBe(63790);
    for (const r of out.rooms.slice(0, 2)) expect(String(r)).toMatch(/^10\d$/);
    expect(typeof out.rooms[0]).toBe('number');
    expect(new Set(out.rooms).size).toBe(3);
    const airbnb = recordedIds([{ response: "{'property': [{'id': '10803849'}, {'id': '48347678'}]}" }]);
    expect(idsAsRecorded({ property: [{ id: 36339325 }] }, airbnb, new Rng(1, 't'), () => false)).toEqual({ property: [{ id: 36339325 }] });
    const drawn = (idsAsRecorded({ property: [{ id: 77957 }] }, airbnb, new Rng(1, 't'), () => false) as { property: { id: string }[] }).property[0].id;
    expect(drawn).toMatch(/^\d{8}$/);
    expect(idForm(36339325)).toBe(idForm('36339325'));
  });

  it('simulates free rooms in the recordings\' form', () => {
    const examples = [{ response: "{'rooms': [101, 102, 103]}" }, { response: "{'rooms': [102]}" }];
    for (const seed of [1, 2, 3, 4, 5]) {
      const out = simulateOffline({ name: ROOMS.name, args: { start_time: '16:00', end_time: '18:00' }, tools: [ROOMS], examples }, new Rng(seed, 'rooms'));
      const rooms = (parseToolResponse(out.response) as { rooms: unknown[] }).rooms;
      for (const r of rooms) expect(String(r)).toMatch(/^10\d$/);
    }
  });
});

describe('place table centres', () => {
  it('puts Tokyo at Tokyo Station and knows Tokyo Tower', () => {
    expect(distanceKm(placeNamed('Tokyo')!, { lat: 35.681, lon: 139.767 })).toBeLessThan(1);
    expect(distanceKm(placeNamed('near Tokyo Tower')!, { lat: 35.6586, lon: 139.7454 })).toBeLessThan(0.5);
    expect(distanceKm(placeNamed('Singapore')!, { lat: 1.2903, lon: 103.852 })).toBeLessThan(1);
  });
});

describe('ids drawn after one recorded id differ (h-base25)', () => {
  it('a field whose recordings hold one id draws ids in its form, never that id twice', () => {
    // teval_query_151_1: two simulated Los Angeles listings both took the one recorded id 42736872.
    const one = recordedIds([{ response: "{'property': [{'id': 42736872}]}" }, { response: "{'property': [{'id': 42736872}]}" }]);
    const out = idsAsRecorded({ property: [{ id: 42409434, name: 'a' }, { id: 'x1', name: 'b' }, { id: 'x2', name: 'c' }] }, one, new Rng(1, 't'), (v) => v === 42409434) as { property: { id: unknown }[] };
    const ids = out.property.map((p) => p.id);
    expect(ids[0]).toBe(42409434);
    expect(new Set(ids.map(String)).size).toBe(3);
    for (const id of ids.slice(1)) expect(String(id)).toMatch(/^42736\d{3}$/);
    expect(repeatedListId(out)).toBeUndefined();
    expect(repeatedListId({ property: [{ id: 42736872, name: 'Quiet guest suite' }, { id: 42736872, name: 'Modern condominium' }] })).toBe('id 42736872');
    // One record shown twice is no two records.
    expect(repeatedListId({ property: [{ id: 7, name: 'a' }, { id: 7, name: 'a' }] })).toBeUndefined();
  });
});
