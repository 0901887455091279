/**
 * A tool selection "error" that carries on the plan is no wrong tool (error-injectors@57,
 * tool_select_continues_plan): 172_0's check_availability again without its date, 262_2's
 * get_movie_details of the sixth popular film after the first five.
 */
import { describe, expect, it } from 'vitest';
import { continuesPlan } from '../../pipeline/errors/benignSelect.js';

const popular = "{'films': [{'id': 575264, 'title': 'Mission: Impossible'}, {'id': 968051, 'title': 'The Nun II'}, {'id': 27205, 'title': 'Inception'}]}";

describe('continuesPlan', () => {
  it('an earlier step again on the same record with an argument left out', () => {
    const earlier = [{ name: 'AirbnbSearch.check_availability', args: { date: '2023-10-25', propertyId: 41020735 }, response: "{'availability': [{'date': '2023-10-25', 'available': True}]}" }];
    expect(continuesPlan({ name: 'AirbnbSearch.get_property_reviews', args: { propertyId: 41020735 } }, { name: 'AirbnbSearch.check_availability', args: { propertyId: 41020735 } }, earlier)).toMatch(/date left out/);
    // Another record: not the same step again.
    expect(continuesPlan({ name: 'AirbnbSearch.get_property_reviews', args: { propertyId: 41020735 } }, { name: 'AirbnbSearch.check_availability', args: { propertyId: 999 } }, earlier)).toBeUndefined();
  });

  it('the next record of a list the plan is putting through the tool', () => {
    const earlier = [
      { name: 'FilmTMDB.get_popular_movies', args: {}, response: popular },
      { name: 'FilmTMDB.get_movie_details', args: { movie_id: 575264 }, response: '{}' },
      { name: 'FilmTMDB.get_movie_details', args: { movie_id: 968051 }, response: '{}' },
    ];
    const correct = { name: 'FilmTMDB.get_movie_reviews', args: { movie_id: 27205 } };
    expect(continuesPlan(correct, { name: 'FilmTMDB.get_movie_details', args: { movie_id: 27205 } }, earlier)).toMatch(/next record of FilmTMDB.get_popular_movies's list/);
    // One record put through it before is no pattern yet; a record the list does not hold is not its next one.
    expect(continuesPlan(correct, { name: 'FilmTMDB.get_movie_details', args: { movie_id: 27205 } }, earlier.slice(0, 2))).toBeUndefined();
    expect(continuesPlan(correct, { name: 'FilmTMDB.get_movie_details', args: { movie_id: 424 } }, earlier)).toBeUndefined();
  });

  it('a different tool than any earlier step is left to the other checks', () => {
    expect(continuesPlan({ name: 'GorillaFileSystem.cat', args: { file_name: 'goals.txt' } }, { name: 'GorillaFileSystem.touch', args: { file_name: 'goals.txt' } }, [{ name: 'GorillaFileSystem.find', args: { name: 'goal', path: '.' } }])).toBeUndefined();
  });
});

import { confusableTools } from '../../pipeline/errors/injectors/toolSelect.js';
import { toolkitOf } from '../../pipeline/errors/index.js';
import { injectionInputFor, toolkitIndex } from '../../stages/diversify-internal/inputs.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';

describe('the tool selection injector never draws a step that carries on the plan', () => {
  it("262_2: get_movie_details of Inception, listed among the popular films the plan is going through, is no wrong tool for its reviews", () => {
    const [t] = tevalTrajectories(['query_262_2']);
    const k = 7;
    const input = injectionInputFor(t, k, toolkitIndex([t]).get(toolkitOf('FilmTMDB.get_movie_reviews')) ?? []);
    expect(input.correct.name).toBe('FilmTMDB.get_movie_reviews');
    const ids = input.earlier.filter((s) => s.name === 'FilmTMDB.get_movie_details').map((s) => (s.args as { movie_id: number }).movie_id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    // The popular list as the simulator answers it, carrying Inception for the reviews step.
    const list = `{'films': [${[...ids, 27205].map((id) => `{'id': ${id}, 'title': 'Film ${id}'}`).join(', ')}]}`;
    const withList = { ...input, earlier: input.earlier.map((s, i) => (i === 0 ? { ...s, response: list } : s)) };
    expect(confusableTools(withList).map((c) => c.tool.name)).not.toContain('FilmTMDB.get_movie_details');
  });
});
