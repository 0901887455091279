/**
 * Simulated film descriptions take the article their genre needs: the default build had
 * "沙丘 is a adventure film" in 21 cases.
 */
import { describe, expect, it } from 'vitest';
import { grammarIssues, withArticle } from '../../pipeline/quality/grammar.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { Rng } from '../../pipeline/rng.js';
import type { ToolDoc } from '../../pipeline/schemas.js';

const DETAILS: ToolDoc = {
  name: 'FilmTool.get_movie_details',
  description: 'Get the details of a movie.',
  required_parameters: [{ name: 'movie_name', type: 'string', description: 'the name of the movie' }],
  optional_parameters: [],
  return_data: [{ name: 'description', description: 'the description of the movie' }],
};

describe('articles in simulated text', () => {
  it('picks the article by sound', () => {
    expect(['adventure', 'drama', 'hour', 'user', 'honest'].map(withArticle)).toEqual(['an adventure', 'a drama', 'an hour', 'a user', 'an honest']);
  });

  it('reads numbers as they are said ("an 11-word text", "an 8-word", "a 17-word", "an 18,000-word"), and leaves a label "A" alone', () => {
    for (const [n, article] of [['11', 'an'], ['8', 'an'], ['18', 'an'], ['89', 'an'], ['800', 'an'], ['18,000', 'an'], ['11000', 'an'], ['17', 'a'], ['1', 'a'], ['110', 'a'], ['1100', 'a'], ['71', 'a']] as const) {
      expect(withArticle(`${n}-word`)).toBe(`${article} ${n}-word`);
    }
    expect(grammarIssues('I will send a 11-word text.').map((i) => i.rule)).toContain('article');
    expect(grammarIssues('I will send an 11-word text.')).toEqual([]);
    expect(grammarIssues('I will estimate the distance with city A "83214" and city B "74532".')).toEqual([]);
  });

  it('every film description over many seeds reads with the right article, and credits no one for a film it does not know', () => {
    for (let seed = 0; seed < 200; seed++) {
      const answer = simulateOffline({ name: DETAILS.name, args: { movie_name: 'Dune' }, tools: [DETAILS] }, new Rng(seed, 'articles', 'film'));
      const description = (JSON.parse(answer.response) as { description: string }).description;
      expect(grammarIssues(description.split('. ')[0] + '.').filter((i) => i.rule === 'article')).toEqual([]);
      // api-simulator-57: a film the facts table does not know gets no invented director, cast or plot.
      expect(description).not.toMatch(/directed by|starring|\bstars\b/i);
    }
    expect(withArticle('adventure')).toBe('an adventure');
  });
});
