import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { weatherOfPlace } from '../../pipeline/quality/measures/answerCraft.js';
import { Rng } from '../../pipeline/rng.js';

// teval_query_54_0-env-k2 on m7: "The weather of Paris is sunny, at 11 °C."
const step = { name: 'Weather.get_weather_today', args: { location: 'Paris' }, response: "{'overall': 'Sunny', 'temperature': 11}" };

describe('a place\'s weather is in it (answer_weather_of_place)', () => {
  it('flags "the weather of Paris" and passes "the weather in Paris"', () => {
    expect(weatherOfPlace('The weather of Paris is sunny, at 11 °C.')).toBeDefined();
    expect(weatherOfPlace('The weather in Paris is sunny, at 11 °C.')).toBeUndefined();
  });
  it('says the weather in the place asked about', () => {
    for (let seed = 0; seed < 6; seed++) {
      const answer = offlineAnswer({ request: "Document today's weather in Paris.", steps: [step] } as never, new Rng(seed, 'answer-writer'));
      expect(weatherOfPlace(answer), answer).toBeUndefined();
      expect(answer).toMatch(/weather in Paris/i);
    }
  });
});
