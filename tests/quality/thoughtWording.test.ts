/**
 * How a CoT thought words its call (h-thoughts28). Before (g0 = main ddc3419): "passing only unread
 * set to false", "passing movie id set to 575264" (thought_arg_key_pasted 1,072/2,186 CoT cases),
 * "Now I will use `show` to show the emails" (thought_tool_verb_echoed 1,129/2,186) and "I will call
 * `…`" in 1,632 of 8,752 thoughts (thought_link_top_share 0.186).
 */
import { describe, expect, it } from 'vitest';
import type { TestCase } from '../../pipeline/schemas.js';
import type { QualityContext } from '../../pipeline/quality/types.js';
import { Rng } from '../../pipeline/rng.js';
import { echoedVerb, pastedKey, thoughtArgKeyPasted, thoughtLinks, thoughtLinkTopShare, thoughtToolVerbEchoed } from '../../pipeline/quality/measures/thoughtWording.js';
import { argPhrase, argWords } from '../../pipeline/thoughtPhrases.js';
import { offlineThoughts } from '../../stages/standardize/thoughtWriter.js';
import { erroneousThought } from '../../pipeline/errors/injectors/thoughts.js';

const NONE: QualityContext = { trajectory: () => undefined, baseCase: () => undefined };

/** A CoT case whose ground truth is one call carrying `thought`. */
const cotCase = (id: string, thought: string, name = 'Email.show', args: Record<string, unknown> = { only_unread: false }): TestCase =>
  ({ id, cot: true, kind: 'internal', tools: [], messages: [{ role: 'user', content: 'q' }], groundTruth: { thought, name, args } }) as unknown as TestCase;

describe('thought_arg_key_pasted', () => {
  it('flags a parameter name pasted with "set to" or a bare flag, passes arguments said in words', () => {
    expect(pastedKey('Now I will use `show` to show the emails in the inbox, passing only unread set to false.', { only_unread: false })).toMatch(/only_unread/);
    expect(pastedKey('Building on that, I can get the reviews with `get_movie_reviews`, passing movie id set to 575264.', { movie_id: 575264 })).toMatch(/movie_id/);
    expect(pastedKey('`show` with only unread false lists them.', { only_unread: false })).toMatch(/flag/);
    expect(pastedKey('Then I have to show the emails in the inbox, for which `show` with read and unread ones alike is the call.', { only_unread: false })).toBeUndefined();
    expect(pastedKey('Now that I have the movie id, I can get the reviews by calling `get_movie_reviews` with movie id 575264.', { movie_id: 575264 })).toBeUndefined();
    // A quoted value saying "set to" is the user's, not the thought's.
    expect(pastedKey('`send` with body "the alarm is set to 7".', { body: 'the alarm is set to 7' })).toBeUndefined();
  });
  it('is a case measure over CoT cases', () => {
    expect(thoughtArgKeyPasted.kind === 'case' && thoughtArgKeyPasted.check(cotCase('a', 'I will call `show` with only unread set to false.'), NONE)).toMatch(/only_unread/);
    expect(thoughtArgKeyPasted.kind === 'case' && thoughtArgKeyPasted.check(cotCase('b', 'I will call `show` with only unread ones.'), NONE)).toBeNull();
  });
});

describe('thought_tool_verb_echoed', () => {
  it('flags a tool named right before the verb its name opens with, passes the purpose said first', () => {
    expect(echoedVerb('Now I will use `show` to show the emails in the inbox.')).toBeDefined();
    expect(echoedVerb('Calling `get_watchlist` will get the watchlist.')).toBeDefined();
    expect(echoedVerb('`count_words` with file name "summary.txt" and mode "w" is the only call this needs: it will count the words in the file.')).toBeDefined();
    expect(echoedVerb('Then I have to show the emails in the inbox, for which `show` is the call.')).toBeUndefined();
    expect(echoedVerb('Calling `wc` with mode "w" will count the words.')).toBeUndefined();
  });
  it('is a case measure over CoT cases', () => {
    expect(thoughtToolVerbEchoed.kind === 'case' && thoughtToolVerbEchoed.check(cotCase('a', 'Now I will use `show` to show the emails.'), NONE)).toMatch(/show/);
    expect(thoughtToolVerbEchoed.kind === 'case' && thoughtToolVerbEchoed.check(cotCase('b', 'I need to show the emails, which is what `show` is for.'), NONE)).toBeNull();
  });
});

describe('thought_link_top_share', () => {
  it('reads a thought\'s openings, the words before a tool and its closing', () => {
    expect(thoughtLinks('Next, I need to get the reviews, so I will call `get_movie_reviews` with movie id 575264.')).toEqual(expect.arrayContaining(['open: next,', 'call: i will call `…`']));
    expect(thoughtLinks('I still need to lock the doors; calling `lockDoors` with door "driver" takes care of that.')).toContain('end: takes care of that.');
  });
  it('scores one stock link in every thought 1 and varied links low', () => {
    const same = Array.from({ length: 50 }, (_, i) => cotCase(`s${i}`, `Next, I need to do thing ${i}, so I will call \`t${i}\`.`));
    expect(thoughtLinkTopShare.kind === 'set' && thoughtLinkTopShare.score(same, NONE)?.value).toBe(1);
    const openers = ['Next, I', 'Then I', 'After that, I', 'With that done, I', 'Building on it, I'];
    const calls = ['so I will call', 'which is what', 'and I run', 'for that I use', 'hence I take'];
    const varied = Array.from({ length: 50 }, (_, i) => cotCase(`v${i}`, `${openers[i % 5]} want thing ${i}, ${calls[Math.floor(i / 10)]} \`t${i}\`.`));
    expect(thoughtLinkTopShare.kind === 'set' && (thoughtLinkTopShare.score(varied, NONE)?.value ?? 1) <= 0.2).toBe(true);
  });
});

describe('argPhrase says arguments in words', () => {
  it('never pastes "set to"', () => {
    expect(argPhrase({ movie_id: 575264 })).toBe('movie id 575264');
    expect(argPhrase({ only_unread: false })).toBe('read and unread ones alike');
    expect(argPhrase({ only_unread: true })).toBe('only unread ones');
    expect(argPhrase({ unlock: false, door: ['driver', 'passenger'] })).toBe('the unlock flag off and doors "driver" and "passenger"');
    expect(argPhrase({ file_name: 'a.txt', lines: 1 })).toBe('file name "a.txt" and 1 line');
    expect(argWords('days', 3)).toBe('3 days');
    expect(argWords('liter', 200)).toBe('200 liters');
    expect(argWords('body', 'Hi team, the event is tomorrow and we hope every one of you can make it there on time.')).not.toMatch(/set to/);
    for (const v of [5, true, false, [1, 2, 3, 4, 5, 6, 7, 8], { a: 1 }, 'x'.repeat(70)]) expect(argWords('some value', v)).not.toMatch(/set to/);
  });
});

describe('the thought writer', () => {
  const emailShow = { name: 'Email.show', description: 'Show emails in the inbox.', args: { only_unread: false } };
  const popular = { name: 'FilmTMDB.get_popular_movies', description: 'Get the movies ordered by popularity.', args: {} };
  const reviews = { name: 'FilmTMDB.get_movie_reviews', description: 'Get the user reviews for a movie.', args: { movie_id: 575264 } };
  const listing = "{'films': [{'id': 575264, 'title': 'Mission: Impossible - Dead Reckoning Part One'}, {'id': 299054, 'title': 'Expend4bles'}]}";
  it('never names a tool right before the verb its name opens with, nor pastes a key with "set to"', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const thoughts = offlineThoughts({ query: 'Show me all my emails, then the popular movies and the reviews of the first.', steps: [emailShow, popular, { ...reviews, previousResponse: listing }] }, new Rng(seed));
      for (const t of thoughts) {
        expect(echoedVerb(t), t).toBeUndefined();
        expect(t).not.toMatch(/set to|passing/);
      }
      expect(thoughts[0]).toMatch(/read and unread ones alike/);
    }
  });
  it('links a call of another toolkit as another part of the request, and a value off the last answer as built on it', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 60; seed++) {
      const [, second, third] = offlineThoughts({ query: 'Show me my emails, then the popular movies and the reviews of the first.', steps: [emailShow, popular, { ...reviews, previousResponse: listing }] }, new Rng(seed));
      expect(second).toMatch(/That part is done|rest of the request|[Aa]nother part of the request|What remains|final thing|Last,/);
      expect(third).toMatch(/Building on (?:that|the last answer)|With (?:that|the last) answer in hand|Now that I have the movie id|gives me what I need|What remains|final thing|Last,/);
      seen.add(second.split(/[,;:]/)[0]);
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });
});

describe('a wrong call\'s thought', () => {
  it('says the verb another way where the invented name opens with it and stands right before it', () => {
    const tools = [{ name: 'FileSystem.wc', description: 'Count the lines, words, and characters in a file.', required_parameters: [], optional_parameters: [] }];
    const correct = { name: 'FileSystem.wc', args: { file_name: 'summary.txt', mode: 'w' }, thought: '`wc` with file name "summary.txt" and mode "w" is the only call this needs: it will count the words in the file.' };
    const wrong = { name: 'FileSystem.count_words', args: { file_name: 'summary.txt', mode: 'w' } };
    const t = erroneousThought('tool_hallucination_error', correct as never, wrong as never, { tools: tools as never });
    expect(t).toBeDefined();
    expect(echoedVerb(t!)).toBeUndefined();
    expect(t).toContain('`count_words`');
    // bfcl_multi_turn_base_6-tool_hallucination_error-k1-cot on the merged build m2: an invented `change_directory` "will change into the folder" (failed on error-injectors@61).
    const cd = { name: 'GorillaFileSystem.cd', description: 'Change the current working directory to the specified folder.', required_parameters: [], optional_parameters: [] };
    const into = { name: 'GorillaFileSystem.cd', args: { folder: 'communal' }, thought: 'The folder will be "communal". To start, `cd` with folder "communal" will change into the folder.' };
    const invented = erroneousThought('tool_hallucination_error', into as never, { name: 'GorillaFileSystem.change_directory', args: { folder: 'communal' } } as never, { tools: [cd] as never });
    expect(invented).toContain('`change_directory`');
    expect(echoedVerb(invented!), invented).toBeUndefined();
    // bfcl_multi_turn_base_0-tool_hallucination_error-k8-cot on int29's m1: an invented `move_file` "will move the file" (failed on error-injectors@63).
    const mv = { name: 'GorillaFileSystem.mv', description: 'Move a file or directory from one location to another.', required_parameters: [], optional_parameters: [] };
    const moved = { name: 'GorillaFileSystem.mv', args: { destination: 'temp', source: 'previous_report.pdf' }, thought: 'After that, `mv` with destination "temp" and source "previous_report.pdf" will move the file.' };
    const movedWrong = erroneousThought('tool_hallucination_error', moved as never, { name: 'GorillaFileSystem.move_file', args: { destination: 'temp', source: 'previous_report.pdf' } } as never, { tools: [mv] as never });
    expect(movedWrong).toContain('`move_file`');
    expect(echoedVerb(movedWrong!), movedWrong).toBeUndefined();
  });
});

describe('thought_contradicts_call reads the new argument forms', () => {
  it('counts "amount 100" and "10 lines" as named, so three of four still flags and all four passes', async () => {
    const { callContradiction } = await import('../../pipeline/quality/measures/thoughts.js');
    const args = { amount: 100, order_type: 'Buy', price: 700, symbol: 'TSLA' };
    expect(callContradiction('I need to place an order, which is what `place_order` with amount 100, order type "Buy", price 700 and symbol "TSLA" is for.', args)).toBeUndefined();
    expect(callContradiction('I need to place an order with amount 100, order type "Buy" and price 700.', args)).toMatch(/3 of the call's 4/);
  });
});

describe('a link after a lead sentence', () => {
  it('never points "that" at the lead: no "Building on that" nor "That part is done" after a lead', () => {
    const send = { name: 'Email.send', description: 'Send an email.', args: { address: 'john.doe@example.com', body: 'Published: 2022-08-01\nTitle: Quantum\nAuthors: A\nSummary: S' } };
    const search = { name: 'ArxivSearch.get_arxiv_article_information', description: 'Look up the article on Arxiv.', args: { query: 'quantum computing' } };
    const answer = "{'content': 'Published: 2022-08-01\\nTitle: Quantum\\nAuthors: A\\nSummary: S'}";
    for (let seed = 1; seed <= 80; seed++) {
      const [, second] = offlineThoughts({ query: 'Find the latest "quantum computing" articles and email them to john.doe@example.com.', steps: [search, { ...send, previousResponse: answer }] }, new Rng(seed));
      // After a lead citing the search's own answer, "that answer" is the one just cited (thought_answer_cited_twice):
      // only a link whose "that" means the step's deed points past it.
      const citesSearch = /^(?:The last call tells me |`get_arxiv_article_information` (?:says|returned) )/.test(second);
      expect(second).not.toMatch(citesSearch ? /\.\s+(?:That part is done|With that done)\b/ : /\.\s+(?:Building on that|That part is done|That answer gives me|With that answer in hand|With that done)\b/);
      if (citesSearch) expect(second).not.toMatch(/\.\s+(?:The last answer gives me|Building on the last answer|With the last answer in hand)\b/);
    }
  });
  it('the measure reads the reworded links as claims about the last answer', async () => {
    const { falseSequence } = await import('../../pipeline/quality/measures/thoughts.js');
    expect(falseSequence({ thought: 'The address will be "a@b.c". Building on the last answer, I can send the email: `send` with address "a@b.c".', name: 'Email.send', args: { address: 'a@b.c' }, lastAnswer: '{"x": 1}' })).toMatch(/passes nothing/);
  });
});

describe('thought_done_after_lead reads "That part is done" too', () => {
  it('flags it after a lead sentence, passes it opening the thought', async () => {
    const { doneAfterLead } = await import('../../pipeline/quality/measures/thoughts.js');
    expect(doneAfterLead('The place will be "Bali". That part is done; now I need to search for properties on Airbnb, so `search_property_by_place` with place "Bali" comes next.')).toMatch(/That part is done/);
    expect(doneAfterLead('That part is done; now I need to search for properties on Airbnb, so `search_property_by_place` with place "Bali" comes next.')).toBeUndefined();
  });
});
