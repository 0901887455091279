// Answer-writer-110 (h-lead35): a list is said as the list it is, never by a bare count (answer_list_unnamed).
import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { listUnnamed } from '../../pipeline/quality/measures/answerCraft.js';
import { Rng } from '../../pipeline/rng.js';

const answers = (request: string, steps: unknown[], seeds = 6) =>
  Array.from({ length: seeds }, (_, seed) => offlineAnswer({ request, steps } as never, new Rng(seed, 'answer-writer')));

describe('a list told by a bare count is flagged (answer_list_unnamed)', () => {
  it('flags "I got back 3 films:", "I came across 3 emails:", "There are 5 films, among them"', () => {
    expect(listUnnamed('I got back 3 films: "A", "B" and "C".')).toBeDefined();
    expect(listUnnamed('It is 16:15. I came across 3 emails: "A", "B" and "C".')).toBeDefined();
    expect(listUnnamed('There are 5 films, among them "A", "B" and "C".')).toBeDefined();
    expect(listUnnamed('There is one paper: "A" by B.')).toBeDefined();
  });
  it('passes a list said with what it is', () => {
    expect(listUnnamed('Three films are playing in China now: "A", "B" and "C".')).toBeUndefined();
    expect(listUnnamed('There are three popular films: "A", "B" and "C".')).toBeUndefined();
    expect(listUnnamed('I found 3 properties in Paris: "A", "B" and "C".')).toBeUndefined();
    expect(listUnnamed('For property 28722771, I found 3 reviews: a reviewer rated it 5.')).toBeUndefined();
    expect(listUnnamed('There are 23 airports: "RMS", "SBK" and "MPC".')).toBeUndefined();
  });
});

describe('the writer says which list it tells', () => {
  // teval_query_195_1: answer-writer-109 said "There are 2 emails: …" and "I got back 3 films: …".
  const inbox = { name: 'Email.show', args: { only_unread: true }, response: "{'emails': [{'sender': 'a@b.org', 'title': 'Hello', 'body': 'Hi.', 'is_read': False}, {'sender': 'c@d.org', 'title': 'Deadline', 'body': 'Soon.', 'is_read': False}]}" };
  const playing = { name: 'FilmDouban.now_playing_out_filter', args: {}, response: "{'film': [{'title': '珍·古道尔的传奇一生', 'score': 9.2}, {'title': '贝肯熊：火星任务', 'score': 7.2}, {'title': '奥本海默', 'score': 8.8}]}" };
  it('tells unread emails as the user\'s and films playing now as playing in China', () => {
    for (const answer of answers('Look at my unread emails and tell me the films playing in China now.', [inbox, playing])) {
      expect(listUnnamed(answer), answer).toBeUndefined();
      expect(answer).toMatch(/^You have 2 unread emails: "Hello" and "Deadline"/);
      // answer-writer-117: Douban's list is cut to the films asked for, so it is said as Douban's (answer_cut_list_told_whole).
      expect(answer).toMatch(/Douban lists three films playing in China now: "珍·古道尔的传奇一生"/);
    }
  });
  it('tells the whole inbox as the inbox', () => {
    const all = { ...inbox, args: { only_unread: false } };
    for (const answer of answers('Show the emails in my inbox.', [all])) expect(answer).toMatch(/^You have 2 emails in your inbox: /);
  });
  it('tells a ranked TMDB list by its ranking, whole or in part', () => {
    const films = Array.from({ length: 5 }, (_, i) => `{'id': ${i + 1}, 'title': 'Film ${i + 1}', 'vote_average': ${9 - i / 10}}`).join(', ');
    const top = { name: 'FilmTMDB.get_top_rated_movies', args: {}, response: `{'films': [${films}]}` };
    for (const answer of answers('Give me the top-rated movies.', [top])) {
      expect(listUnnamed(answer), answer).toBeUndefined();
      expect(answer).toMatch(/^The (?:five|5) top-rated films (?:are|include) "Film 1"/);
    }
  });
  it('tells the reviews of a film by the film', () => {
    const search = { name: 'FilmTMDB.search_movie', args: { query: 'Inception' }, response: "{'results': [{'id': 27205, 'title': 'Inception'}]}" };
    const reviews = { name: 'FilmTMDB.get_movie_reviews', args: { movie_id: 27205 }, response: "{'reviews': [{'author': 'ann', 'rating': 8, 'content': 'Great.'}, {'author': 'bob', 'rating': 6, 'content': 'Long.'}]}" };
    for (const answer of answers("Find the movie 'Inception' and show me its reviews.", [search, reviews])) {
      expect(listUnnamed(answer), answer).toBeUndefined();
      expect(answer).toMatch(/(?:"Inception" has 2 reviews|For "Inception", I found 2 reviews): ann rated it 8/);
    }
  });
});
