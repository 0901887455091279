/**
 * Lists in simulated answers read like one API wrote them: every item and every record field of one
 * type (the default build showed `{"rooms": ["102", 85371]}`: a carried id beside a generated one),
 * and no two records of one list under one name (two papers called "Artificial intelligence: a
 * review"; three properties with one name and address, padded copies of the first). The measures
 * find both; the rules simulator no longer makes either.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { carrierField, simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { mixedTypes, oneTypePerField } from '../../pipeline/resolution/fieldTypes.js';
import { repeatedRecord, responseValue } from '../../pipeline/quality/measures/simulated.js';

const EMPTY_ROOMS: ToolDoc = {
  name: 'ReserveMeeting.get_empty_room_with_time',
  description: 'if they are any rooms available in the provided time',
  required_parameters: [
    { name: 'start_time', type: 'string', description: 'the start booked time, must be in 24 hour format, e.g. 13:15' },
    { name: 'end_time', type: 'string', description: 'the end booked time, must be in 24 hour format, e.g. 22:21' },
  ],
  optional_parameters: [],
  return_data: [{ name: 'rooms', description: 'list of available room ids' }],
};
const ARXIV: ToolDoc = {
  name: 'ArxivSearch.get_arxiv_article_information',
  description: 'Run Arxiv search and get the article meta information.',
  required_parameters: [{ name: 'query', type: 'string', description: 'the content of search query' }],
  optional_parameters: [],
  return_data: [{ name: 'content', description: 'a list of 3 arxiv search papers, containing published date, title, authors, summary' }],
};
const PROPERTIES: ToolDoc = {
  name: 'AirbnbSearch.search_property_by_place',
  description: 'This function takes various parameters to search properties on Airbnb.',
  required_parameters: [{ name: 'place', type: 'string', description: 'The name of the destination.' }],
  optional_parameters: [],
  return_data: [{ name: 'property', description: 'a list of at most 3 properties, containing id, name, and address' }],
};

describe('simulated lists', () => {
  it('the measures flag mixed types and repeated records, and pass clean lists', () => {
    expect(mixedTypes(responseValue('{"rooms": ["102", 85371]}'))).toMatch(/rooms mixes string and number/);
    expect(mixedTypes(responseValue('{"property": [{"id": 1, "name": "a"}, {"id": "2", "name": "b"}]}'))).toMatch(/property\[\]\.id/);
    expect(mixedTypes(responseValue('{"rooms": [101, 102]}'))).toBeUndefined();
    expect(repeatedRecord(responseValue('{"content": [{"title": "A review"}, {"title": "B"}, {"title": "A review"}]}'))).toMatch(/records 1 and 3 are both "A review"/);
    expect(repeatedRecord(responseValue("{'places': [{'name': 'Blue Door Café'}, {'name': 'Parkside Café'}]}"))).toBeUndefined();
  });

  it('generated items take the type of the carried value beside them', () => {
    expect(oneTypePerField({ rooms: ['102', 85371] }, ['102'])).toEqual({ rooms: ['102', '85371'] });
    expect(oneTypePerField({ rooms: [102, '85371'] }, [102])).toEqual({ rooms: [102, 85371] });
    for (let seed = 0; seed < 30; seed++) {
      const r = simulateOffline({ name: EMPTY_ROOMS.name, args: { start_time: '18:00', end_time: '22:00' }, tools: [EMPTY_ROOMS], carry: [{ key: 'room_id', value: '102', field: 'rooms', list: true }] }, new Rng(seed, 'rooms'));
      const value = responseValue(r.response) as { rooms: unknown[] };
      expect(value.rooms).toContain('102');
      expect(mixedTypes(value), r.response).toBeUndefined();
    }
  });

  it('no two records of one simulated list share a name, carried ids included', () => {
    for (let seed = 0; seed < 40; seed++) {
      const papers = simulateOffline({ name: ARXIV.name, args: { query: 'artificial intelligence' }, tools: [ARXIV] }, new Rng(seed, 'arxiv'));
      expect(repeatedRecord(responseValue(papers.response)), papers.response).toBeUndefined();
      const carry = [101, 202, 303].map((value) => ({ key: 'propertyId', value, field: 'property', sub: 'id' }));
      const found = simulateOffline({ name: PROPERTIES.name, args: { place: 'Bali' }, tools: [PROPERTIES], carry }, new Rng(seed, 'props'));
      const value = responseValue(found.response) as { property: { id: number }[] };
      expect(value.property.map((p) => p.id).slice(0, 3)).toEqual([101, 202, 303]);
      expect(repeatedRecord(value), found.response).toBeUndefined();
    }
  });

  it('a number read from free text is not carried into a field written as text, and a landmark is no town in an address', () => {
    const TICKER: ToolDoc = { name: 'PolygonFinance.get_ticker_detail', description: 'details of a ticker', required_parameters: [{ name: 'ticker', type: 'string', description: 'the ticker' }], optional_parameters: [], return_data: [{ name: 'address', description: 'the address of the company' }, { name: 'total_employees', description: 'the number of employees' }] };
    expect(carrierField(TICKER, 'body', 975, 'Address')).toBeUndefined();
    expect(carrierField(TICKER, 'body', 975, 'Total employees')).toEqual({ field: 'total_employees' });
    const NEARBY: ToolDoc = { name: 'BINGMap.search_nearby', description: 'places nearby', required_parameters: [{ name: 'latitude', type: 'float', description: 'latitude' }, { name: 'longitude', type: 'float', description: 'longitude' }], optional_parameters: [], return_data: [{ name: 'places', description: 'a list of at most 3 places, containing name and address' }] };
    for (let seed = 0; seed < 10; seed++) {
      const r = simulateOffline({ name: NEARBY.name, args: { latitude: 40.689, longitude: -74.044 }, tools: [NEARBY], place: 'Statue of Liberty' }, new Rng(seed, 'n'));
      expect(r.response).not.toContain(', Statue of Liberty');
    }
  });
});
