// collect 4 (lead36): T-Eval's checkOut was described as "The check-in date", word for word its checkIn.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadTevalDocs } from '../../sources/teval/adapter.js';
import { sourceFiles } from '../../sources/paths.js';
import { paramsDescribedAlike } from '../../pipeline/quality/measures/docParams.js';

const param = (name: string, description: string) => ({ name, type: 'string' as const, description });

describe('tool docs tell their parameters apart', () => {
  it('reads checkOut as the check-out date while the vendored file keeps upstream\'s words', () => {
    expect(readFileSync(sourceFiles().teval.apis, 'utf8')).toMatch(/"name": "checkOut",\s*"type": "STRING",\s*"description": "The check-in date/);
    const doc = loadTevalDocs(sourceFiles().teval.apis).get('AirbnbSearch.get_property_checkout_price')!;
    expect(doc.params.map((p) => [p.name, p.description])).toEqual([
      ['propertyId', 'The ID of the property.'],
      ['checkIn', 'The check-in date, it must in the format of YYYY-MM-DD.'],
      ['checkOut', 'The check-out date, it must in the format of YYYY-MM-DD.'],
    ]);
    // Every other T-Eval doc tells its parameters apart as upstream wrote them.
    for (const d of loadTevalDocs(sourceFiles().teval.apis).values()) {
      const said = d.params.map((p) => p.description.trim().toLowerCase()).filter(Boolean);
      expect(new Set(said).size, d.name).toBe(said.length);
    }
  });
  it('flags two parameters described alike, "[Required]" aside', () => {
    const tool = (a: string, b: string) => ({ name: 'AirbnbSearch.get_property_checkout_price', description: 'x', required_parameters: [param('checkIn', a), param('checkOut', b)], optional_parameters: [], return_data: [] });
    expect(paramsDescribedAlike([tool('[Required] The check-in date.', 'The check-in date.')])).toBe('AirbnbSearch.get_property_checkout_price: checkIn, checkOut both "the check-in date."');
    expect(paramsDescribedAlike([tool('[Required] The check-in date.', '[Required] The check-out date.')])).toBeUndefined();
    expect(paramsDescribedAlike([tool('', '')])).toBeUndefined();
  });
});
