import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { grammarIssues } from '../../pipeline/quality/grammar.js';
import { distinctN, templateShare } from '../../pipeline/quality/text.js';
import { baseForm, intentOf, offlineThoughts, type ThoughtInput } from '../../stages/standardize/thoughtWriter.js';

const BFCL = 'This tool belongs to the vehicle control system, which allows users to control various aspects of the car. Tool description: ';
const STEPS: ThoughtInput['steps'] = [
  { name: 'VehicleControlAPI.get_zipcode_based_on_city', description: `${BFCL}Gets the zipcode based on the city.`, args: { city: 'Rivermist' } },
  { name: 'GoogleSearch.search', description: 'A google search API', args: { query: 'weather in Rivermist' } },
  { name: 'GorillaFileSystem.ls', description: 'This tool belongs to the Gorilla file system. Tool description: List the contents of the current directory.', args: {} },
  { name: 'FileOps.write_file', description: 'write file to disk', args: { file_path: 'notes.txt', text: 'a much longer body of text that goes on well past sixty characters in all' } },
  { name: 'Reviews.get_property_reviews', description: 'This function retrieves the reviews of a property given its ID.', args: { property_id: 42, limit: 5, sort: ['date', 'rating'] } },
  { name: 'TwitterAPI.retweet', description: `${BFCL}Retweet a tweet for the authenticated user.`, args: { tweet_id: 10 } },
  { name: 'Weather.get_weather_today', description: "Get weather today: get today's weather. It needs the location (location).", args: { location: 'Oslo' }, previousResponse: '{"zipcode": "83214", "city": "Oslo"}' },
];

describe('thought-writer offline rules', () => {
  it('turns a doc into a base-form verb phrase, or "use ..." when it names a thing', () => {
    expect(baseForm('Gets')).toBe('get');
    expect(baseForm('searches')).toBe('search');
    expect(baseForm('applies')).toBe('apply');
    // BFCL's "zipcode" said as English spells it (thought_intent_doc_phrase, h-lead34).
    expect(intentOf(STEPS[0].description, 'get_zipcode_based_on_city')).toBe('get the zip code');
    expect(intentOf('A weather forecast service', 'forecast')).toBe('use a weather forecast service');
    // A doc naming the service as an "API" is said as what it does, not in the doc's words about itself.
    expect(intentOf('A google search API', 'search')).toBe('search Google');
    expect(intentOf('This function retrieves the reviews of a property given its ID.', 'x')).toBe('retrieve the reviews of the property');
  });

  it('writes grammatical, varied thoughts over many seeds', () => {
    const thoughts: string[] = [];
    for (let seed = 0; seed < 60; seed++) thoughts.push(...offlineThoughts({ query: 'What is the zipcode of Rivermist, and the weather in Oslo?', steps: STEPS }, new Rng(seed, 'thoughts')));
    for (const t of thoughts) expect(grammarIssues(t), t).toEqual([]);
    const distinct = [...new Set(thoughts)];
    // 50 since thought-writer-40 (h-text32): values the writer cannot place (answers it cannot see yet) no longer get one of
    // two neutral restatements ("The query will be …", "For the query, I'll pass …"), a variety that said nothing (52 distinct here).
    expect(distinct.length).toBeGreaterThan(50);
    expect(templateShare(distinct)).toBeLessThan(0.6);
    expect(distinctN(distinct, 4)).toBeGreaterThan(0.1);
  });

  it('ties a thought to the previous response and to a value the user stated', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 40; seed++) for (const t of offlineThoughts({ query: 'Weather in Oslo?', steps: STEPS.slice(5) }, new Rng(seed, 'tie'))) seen.add(t);
    // The fact a thought cites is one the call uses (the city it passes), never one it has no use for (the zipcode).
    expect([...seen].some((t) => t.includes('`retweet` says the city is "Oslo".'))).toBe(true);
    expect([...seen].some((t) => t.includes('83214'))).toBe(false);
    expect([...seen].some((t) => /"Oslo"/.test(t))).toBe(true);
  });

  it('the grammar check catches the old template slips', () => {
    expect(grammarIssues('To handle the request, I need to gets the zipcode, so I will call `get_zipcode`.').map((i) => i.rule)).toEqual(['verb-after-to']);
    expect(grammarIssues('Next, I need to a google search API, so I will call `search`.').map((i) => i.rule)).toEqual(['verb-after-to']);
    expect(grammarIssues('I will called `ls` now.').map((i) => i.rule)).toEqual(['verb-after-modal']);
    expect(grammarIssues('I needs the the file.').map((i) => i.rule).sort()).toEqual(['doubled-word', 'subject-verb']);
    expect(grammarIssues('next I will call it')).toHaveLength(2);
  });
});

describe('the request\'s place written as the tool asks is no pick of the assistant (h-solv30)', () => {
  it('says 天安门广场 neutrally where the request names Tiananmen Square, and still picks a value nothing gives', async () => {
    const { thoughtRequestPlaceCalledPick } = await import('../../pipeline/quality/measures/thoughtContent.js');
    const coordinate = { name: 'GaodeMap.get_coordinate', description: 'Fetch coordinate of location. Param must be in Chinese', args: { address: '天安门广场', city: '北京' } };
    const query = 'I would like to get the coordinates of Tiananmen Square in Beijing.';
    for (let seed = 0; seed < 30; seed++) {
      const [t] = offlineThoughts({ query, steps: [coordinate] }, new Rng(seed, 'place'));
      // Before h-solv30 (thought-writer-36): "Nothing fixes the address, so I'll pick "天安门广场"." and the like.
      expect(t, t).not.toMatch(/Nothing fixes|I'll go with/);
      const tc = { id: 'c', kind: 'internal', errorType: '', cot: true, messages: [{ role: 'user', content: query }], groundTruth: { ...coordinate, thought: t } } as never;
      expect(thoughtRequestPlaceCalledPick.check(tc, {} as never) ?? null, t).toBeNull();
    }
    const picked = { id: 'c', kind: 'internal', errorType: '', cot: true, messages: [{ role: 'user', content: query }], groundTruth: { ...coordinate, thought: 'Nothing fixes the address, so I\'ll pick "天安门广场".' } } as never;
    expect(thoughtRequestPlaceCalledPick.check(picked, {} as never)).toMatch(/other words/);
    const made = { id: 'c', kind: 'internal', errorType: '', cot: true, messages: [{ role: 'user', content: 'Make a deck.' }], groundTruth: { name: 'PPT.create_file', args: { theme: 'Default' }, thought: 'Nothing fixes the theme, so I\'ll pick "Default".' } } as never;
    expect(thoughtRequestPlaceCalledPick.check(made, {} as never)).toBeNull();
  });
});
