/**
 * T-Eval plans that do not do what their user asked for the things the user named
 * (pipeline/quality/askedItems.ts): filter turns them down, the gt_* measures count what reaches the cases,
 * and the answer writer says a list is not limited to a genre its tool cannot filter by.
 */
import { describe, expect, it } from 'vitest';
import { actsOnUnshownRecord, droppedGenre, otherItemThanAsked, saysUnfiltered, unfilterableGenre } from '../../pipeline/quality/askedItems.js';
import { checkTrajectory } from '../../stages/filter/rules.js';
import { offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { Rng } from '../../pipeline/rng.js';

const TMDB = [
  { name: 'FilmTMDB.get_now_playing', params: [] },
  { name: 'FilmTMDB.get_movie_details', params: [{ name: 'movie_id', type: 'NUMBER', required: true }] },
  { name: 'FilmTMDB.get_similar_movies', params: [{ name: 'movie_id', type: 'NUMBER', required: true }] },
  { name: 'FilmTMDB.get_top_rated_movies', params: [] },
];
const READ = [{ name: 'FileOperation.read_file', params: [{ name: 'file_path', type: 'STRING', description: 'the path of the file', required: true }] }];
const DOUBAN = [
  { name: 'FilmDouban.coming_out_filter', params: [{ name: 'region', type: 'STRING', required: false }, { name: 'cate', type: 'STRING', required: false }, { name: 'outNum', type: 'NUMBER', required: false }] },
  { name: 'FilmDouban.print_detail', params: [{ name: 'film_name', type: 'STRING', required: true }] },
];

describe('another item than the one asked for', () => {
  const inception = "Could you give me a list of films currently showing? I'm also interested in the movie 'Inception'. Could you give me its genres and runtime?";

  it('finds the details of movie 272 ("Batman Begins") taken for \'Inception\' (teval_query_185_1)', () => {
    const steps = [{ name: 'FilmTMDB.get_now_playing', args: {} }, { name: 'FilmTMDB.get_movie_details', args: { movie_id: 272 } }];
    expect(otherItemThanAsked(inception, steps, TMDB)).toEqual({ at: 1, kind: 'film', asked: 'Inception', other: 'movie 272 ("Batman Begins")' });
  });

  it('takes the film by its id or by its Chinese title as the film named', () => {
    expect(otherItemThanAsked(inception, [{ name: 'FilmTMDB.get_movie_details', args: { movie_id: 27205 } }, { name: 'FilmTMDB.get_similar_movies', args: { movie_id: 27205 } }], TMDB)).toBeUndefined();
    expect(otherItemThanAsked("Could you give me the details about the movie 'Parasite'?", [{ name: 'FilmDouban.print_detail', args: { film_name: '寄生虫' } }], DOUBAN)).toBeUndefined();
  });

  it('leaves a film reached through a list alone when no film is named', () => {
    expect(otherItemThanAsked('Show me the films now playing and the details of the first one.', [{ name: 'FilmTMDB.get_now_playing', args: {} }, { name: 'FilmTMDB.get_movie_details', args: { movie_id: 272 } }], TMDB)).toBeUndefined();
  });

  it('finds a read of another file than the one the request names (teval_query_51_0), not of the one it names', () => {
    const request = "I have a file located at 'data_v2/template_data/paper_readme.txt'. Could you retrieve the text inside the file for me?";
    expect(otherItemThanAsked(request, [{ name: 'FileOperation.read_file', args: { file_path: '/home/user/documents/data.txt' } }], READ)).toMatchObject({ kind: 'file', asked: 'data_v2/template_data/paper_readme.txt', other: '/home/user/documents/data.txt' });
    expect(otherItemThanAsked(request, [{ name: 'FileOperation.read_file', args: { file_path: 'data_v2/template_data/paper_readme.txt' } }], READ)).toBeUndefined();
  });

  it('filter turns such a plan down naming both items', () => {
    const traj = { id: 't', source: 'teval', tools: TMDB, turns: [{ user: inception, steps: [{ action: { name: 'FilmTMDB.get_now_playing', args: {} } }, { action: { name: 'FilmTMDB.get_movie_details', args: { movie_id: 272 } } }] }] } as never;
    const drop = checkTrajectory(traj, { minSteps: 1 });
    expect(drop?.code).toBe('other_item_than_asked');
    expect(drop?.detail).toMatch(/get_movie_details asks for movie 272 \("Batman Begins"\) where the request names 'Inception'/);
  });
});

describe('a genre the request sets', () => {
  const fantasy = "Also, find information about the movies that will be released soon in China, specifically those in the 'Fantasy' category.";

  it('finds coming_out_filter without cate for the Fantasy films asked for (teval_query_218_1), not with it', () => {
    expect(droppedGenre(fantasy, [{ name: 'FilmDouban.coming_out_filter', args: {} }], DOUBAN)).toMatchObject({ param: 'cate', genre: 'Fantasy' });
    expect(droppedGenre(fantasy, [{ name: 'FilmDouban.coming_out_filter', args: { cate: '奇幻' } }], DOUBAN)).toBeUndefined();
  });

  it('reads the genre as set for the list it goes with, not for another list nor a title search', () => {
    const both = 'Also, obtain the details of the movies currently playing in China and the upcoming action movies in China.';
    expect(unfilterableGenre(both, { name: 'FilmDouban.now_playing_out_filter' }, { name: 'FilmDouban.now_playing_out_filter', params: [] })).toBeUndefined();
    expect(unfilterableGenre("Could you search for any movies that have 'action' in their titles?", { name: 'FilmTMDB.get_now_playing' }, TMDB[0])).toBeUndefined();
  });

  it('filter turns down a plan dropping the genre; the answer says a list its tool cannot filter is not limited to it (teval_query_294_2)', () => {
    const traj = { id: 't', source: 'teval', tools: DOUBAN, turns: [{ user: fantasy, steps: [{ action: { name: 'FilmDouban.coming_out_filter', args: {} } }] }] } as never;
    expect(checkTrajectory(traj, { minSteps: 1 })).toMatchObject({ code: 'dropped_genre' });
    const request = "Could you also provide a list of top-rated movies in the 'Drama' genre and tell me the current time?";
    expect(unfilterableGenre(request, { name: 'FilmTMDB.get_top_rated_movies' }, TMDB[3])).toBe('Drama');
    const steps = [{ name: 'FilmTMDB.get_top_rated_movies', args: {}, response: "{'films': [{'id': 238, 'title': 'The Godfather'}, {'id': 278, 'title': 'The Shawshank Redemption'}]}" }];
    const answer = offlineAnswer({ request, steps, tools: [{ name: 'FilmTMDB.get_top_rated_movies', params: [] }] }, new Rng(1, 'a'));
    expect(saysUnfiltered(answer, 'Drama')).toBe(true);
    expect(answer).toMatch(/not limited to drama films/);
    // A tool that takes the genre was given it: nothing to say.
    expect(saysUnfiltered(offlineAnswer({ request, steps, tools: [{ name: 'FilmTMDB.get_top_rated_movies', params: ['genre'] }] }, new Rng(1, 'a')), 'Drama')).toBe(false);
  });
});

describe('an act on a record no answer shows', () => {
  const request = "Examine the inbox and identify the most recent email with 'Marketing Campaign Proposal' as the subject. Respond to this email by saying: 'Dear sender, thank you.'";
  const inbox = (title: string) => `{'emails': [{'sender': 'Microsoft CMT <email@msr-cmt.org>', 'title': '${title}', 'body': '…'}]}`;

  it('finds the reply sent after an inbox that holds no such email (teval_query_375_0), not after one that does', () => {
    const steps = (title: string) => [{ name: 'Email.show', args: { only_unread: true }, response: inbox(title) }, { name: 'Email.send', args: { address: 'email@msr-cmt.org', title: 'Re', body: 'Dear sender' } }];
    expect(actsOnUnshownRecord(request, steps('AAAI-23 Phase 1 notification'))).toMatchObject({ at: 1, record: 'Marketing Campaign Proposal' });
    expect(actsOnUnshownRecord(request, steps('Marketing Campaign Proposal'))).toBeUndefined();
    // No answer known before the act: nothing to judge by.
    expect(actsOnUnshownRecord(request, [{ name: 'Email.show', args: {} }, { name: 'Email.send', args: {} }])).toBeUndefined();
  });

  it('filter turns the plan down with the record in the reason', () => {
    const traj = { id: 't', source: 'teval', tools: [{ name: 'Email.show', params: [{ name: 'only_unread', type: 'BOOLEAN', required: true }] }, { name: 'Email.send', params: [{ name: 'address', type: 'STRING', required: true }, { name: 'title', type: 'STRING', required: true }, { name: 'body', type: 'STRING', required: false }] }],
      turns: [{ user: request, steps: [{ action: { name: 'Email.show', args: { only_unread: true } }, response: { content: inbox('AAAI-23 Phase 1 notification'), tier: 'cache' } }, { action: { name: 'Email.send', args: { address: 'email@msr-cmt.org', title: 'Re', body: 'Dear sender' } } }] }] } as never;
    const drop = checkTrajectory(traj, { minSteps: 1 });
    expect(drop?.code).toBe('acts_on_unshown_record');
    expect(drop?.detail).toMatch(/Email\.send acts on the record 'Marketing Campaign Proposal'/);
  });
});
