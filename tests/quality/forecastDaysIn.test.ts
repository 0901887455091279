import { describe, expect, it } from 'vitest';
import { intentOf } from '../../pipeline/thoughtPhrases.js';
import { forecastDaysIn } from '../../pipeline/quality/measures/thoughts.js';

// T-Eval's Weather.forecast_weather doc, as the cases show it.
const DOC = 'forecast weather in the N upcoming days';

describe('a forecast is for the days ahead (forecast_days_in)', () => {
  it('flags the doc\'s "in the N upcoming days" pasted, as 36 texts on g0 had it', () => {
    expect(forecastDaysIn('I still need to forecast the weather in the next 3 days.')).toBeDefined();
    expect(forecastDaysIn('Then I have to forecast the weather in the next day.')).toBeDefined();
    expect(forecastDaysIn('I could not forecast the weather for the next 3 days.')).toBeUndefined();
  });
  it('words the intent "for the next N days"', () => {
    expect(intentOf(DOC, 'forecast_weather', { location: 'London', days: 3 })).toMatch(/for the next 3 days/);
    expect(intentOf(DOC, 'forecast_weather', { location: 'London', days: 1 })).toMatch(/for the next day\b/);
    expect(intentOf(DOC, 'forecast_weather', { location: 'London' })).toMatch(/for the coming days/);
    for (const days of [1, 2, 3, undefined]) expect(forecastDaysIn(intentOf(DOC, 'forecast_weather', { location: 'London', ...(days ? { days } : {}) }))).toBeUndefined();
  });
});
