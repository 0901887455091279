/**
 * thought_listing_placed_afresh and thought_tie_cites_prose, and the writer's fixes for them (h-text31).
 * Before, on g0 (thought-writer-38, resolve 35): 158 of 209 CoT cases looping over a listing placed each
 * item afresh ("From `ls` I know that there are seven entries, and the second is "report2.txt"." after
 * "… the first entry is "report1.txt"."); 4 of 834 said a value came from an answer holding it only in a
 * text ("The room id "102" comes from what `get_room_status` returned.", teval_query_470_2).
 */
import { describe, expect, it } from 'vitest';
import type { TestCase } from '../../pipeline/schemas.js';
import { holdsAsValue, listingPlacedAfresh, tieCitesProse, thoughtListingPlacedAfresh, thoughtTieCitesProse } from '../../pipeline/quality/measures/thoughtListing.js';
import { tieThoughtsToAnswers, offlineThoughts, type TiedStep } from '../../stages/standardize/thoughtWriter.js';
import { Rng } from '../../pipeline/rng.js';

const CTX = {} as never;
const call = (thought: string, name: string, args: Record<string, unknown>) => ({ role: 'assistant', content: JSON.stringify({ thought, name, args }) });
const LS = '{"current_directory_content": ["report1.txt", "report2.txt", "Backup", "History101.txt"]}';

function loopCase(second: string): TestCase {
  return {
    id: 'c', kind: 'internal', errorType: '', cot: true, k: 3, trajectoryId: 't', source: 'bfcl', provenance: {}, tools: [],
    messages: [
      { role: 'system', content: 'tools' },
      { role: 'user', content: 'Copy the text files to "A".' },
      call('I need to list the folder, so I will call `ls`.', 'GorillaFileSystem.ls', {}),
      { role: 'function', content: LS },
      call('`ls` says there are four entries, and the first is "report1.txt". Next, `cp` will copy the file.', 'GorillaFileSystem.cp', { source: 'report1.txt', destination: 'A' }),
      { role: 'function', content: '{"result": "ok"}' },
    ],
    groundTruth: { name: 'GorillaFileSystem.cp', thought: second, args: { source: 'report2.txt', destination: 'A' } },
  } as unknown as TestCase;
}

describe('thought_listing_placed_afresh', () => {
  const check = (tc: TestCase) => (thoughtListingPlacedAfresh.kind === 'case' ? thoughtListingPlacedAfresh.check(tc, CTX) : undefined);
  it('flags the next item of a loop placed afresh with its tool named again', () => {
    const tc = loopCase('From `ls` I know that there are four entries, and the second is "report2.txt". The next step is to copy it with `cp`.');
    expect(listingPlacedAfresh(tc)).toHaveLength(1);
    expect(check(tc)).toMatch(/^1 thought/);
  });
  it('passes a loop that goes on "the next listed", and is silent on a case with no loop', () => {
    expect(check(loopCase('The next listed entry is "report2.txt". The next step is to copy it with `cp`.'))).toBeNull();
    const single = loopCase('I will copy it with `cp`.');
    single.messages = single.messages.slice(0, 4);
    expect(check(single)).toBeUndefined();
  });
});

describe('thought_tie_cites_prose', () => {
  const check = (tc: TestCase) => (thoughtTieCitesProse.kind === 'case' ? thoughtTieCitesProse.check(tc, CTX) : undefined);
  const rooms = (thought: string): TestCase => ({
    id: 'c', kind: 'external', errorType: '', cot: true, k: 2, trajectoryId: 't', source: 'teval', provenance: {}, tools: [],
    messages: [
      { role: 'system', content: 'tools' },
      { role: 'user', content: 'Reserve the first free room from 10:00 to 12:00.' },
      call('I will check the free rooms with `get_empty_room_with_time`.', 'ReserveMeeting.get_empty_room_with_time', { start_time: '10:00', end_time: '12:00' }),
      { role: 'function', content: "{'rooms': [102]}" },
      call('Then `get_room_status` gives the status.', 'ReserveMeeting.get_room_status', {}),
      { role: 'function', content: "{'rooms': ['Room 102: available', 'Room 103: booked']}" },
    ],
    groundTruth: { name: 'ReserveMeeting.reserve', thought, args: { room_id: '102', start_time: '10:00', end_time: '12:00' } },
  }) as unknown as TestCase;
  it('reads a whole value, not a number inside a text', () => {
    expect(holdsAsValue("{'rooms': [102]}", '102')).toBe(true);
    expect(holdsAsValue("{'rooms': ['Room 102: available']}", '102')).toBe(false);
    expect(holdsAsValue('{"exchanged_value": 2940.0}', '2940')).toBe(true);
  });
  it('flags a value said to come from the answer holding it only inside a text', () => {
    expect(tieCitesProse(rooms('The room id "102" comes from what `get_room_status` returned. I will reserve it with `reserve`.'))).toHaveLength(1);
  });
  it('passes the answer that gave it whole', () => {
    expect(check(rooms('From `get_empty_room_with_time` I know that the only room is "102". I will reserve it with `reserve`.'))).toBeNull();
  });
});

describe('the writer says how a value reached its step (h-text31)', () => {
  const cp = (f: string): TiedStep => ({ action: { name: 'GorillaFileSystem.cp', args: { destination: 'A', source: f }, thought: 'Next, I need to copy the file, so I will call `cp`.' }, response: { content: '{"result": "ok"}' } });
  it('goes on along a listing: "the next listed", then its place or "last", never placing an item afresh', () => {
    for (let seed = 0; seed < 10; seed++) {
      const steps = [{ action: { name: 'GorillaFileSystem.ls', args: {}, thought: 'I will list the folder with `ls`.' }, response: { content: LS } }, cp('report1.txt'), cp('report2.txt'), cp('History101.txt')];
      tieThoughtsToAnswers([{ user: 'Copy the text files to A', steps }], new Map(), new Rng(seed, 'loop'));
      expect(steps[2].action.thought).toMatch(/^The next listed entry is "report2\.txt"\. /);
      expect(steps[3].action.thought).toMatch(/^The last listed entry is "History101\.txt"\. /);
    }
  });
  it('reads a room off the answer listing it as a value, not the status line naming it', () => {
    const steps: TiedStep[] = [
      { action: { name: 'ReserveMeeting.get_empty_room_with_time', args: { start_time: '10:00', end_time: '12:00' }, thought: 'I will check with `get_empty_room_with_time`.' }, response: { content: "{'rooms': [102]}" } },
      { action: { name: 'ReserveMeeting.get_room_status', args: {}, thought: 'Then `get_room_status`.' }, response: { content: "{'rooms': ['Room 102: available', 'Room 103: booked']}" } },
      { action: { name: 'ReserveMeeting.reserve', args: { room_id: '102', start_time: '10:00', end_time: '12:00' }, thought: 'Last, I need to book the room; `reserve` does that.' } },
    ];
    tieThoughtsToAnswers([{ user: 'Reserve the first free room from 10:00 to 12:00.', steps }], new Map(), new Rng(1, 'rooms'));
    expect(steps[2].action.thought).toMatch(/`get_empty_room_with_time`/);
    expect(steps[2].action.thought).not.toMatch(/get_room_status/);
  });
  it('tells the last request\'s answer as such, and a value passed before as the same again', () => {
    const order = (thought: string, name: string, args: Record<string, unknown>, content: string): TiedStep => ({ action: { name, args, thought }, response: { content } });
    const turns = [
      { user: 'Buy 100 TSLA at 700.', steps: [order('I will place it with `place_order`.', 'TradingBot.place_order', { symbol: 'TSLA', amount: 100, price: 700 }, '{"order_id": 12446, "status": "Open"}')] },
      { user: 'Show me the order.', steps: [order('I need the details of the order; `get_order_details` does that.', 'TradingBot.get_order_details', { order_id: 12446 }, '{"id": 12446, "status": "Open"}')] },
      { user: 'Cancel it.', steps: [order('I need to cancel the order; `cancel_order` does that.', 'TradingBot.cancel_order', { order_id: 12446 }, '{"status": "Cancelled"}')] },
    ];
    tieThoughtsToAnswers(turns, new Map(), new Rng(1, 'orders'));
    expect(turns[1].steps[0].action.thought).toMatch(/^`place_order` told me last time that the order id is 12446 for TSLA\. /);
    expect(turns[2].steps[0].action.thought).toMatch(/^The order id is again 12446, the one `place_order` gave\. /);
  });
  it('opens a first lookup with what it will tell and a first change with what it does', () => {
    const frames = new Set<string>();
    for (let seed = 0; seed < 30; seed++) {
      const [first] = offlineThoughts({ query: 'Make the folder "docs" and list it.', steps: [
        { name: 'GorillaFileSystem.mkdir', description: 'Create a new directory.', args: { dir_name: 'docs' } },
        { name: 'GorillaFileSystem.ls', description: 'List the contents of the current directory.', args: {} },
      ] }, new Rng(seed, 'first'));
      frames.add(first);
      expect(first).not.toMatch(/will tell me|To start, I need to|Let me .* first;|What I need first/);
    }
    expect([...frames].some((f) => /First I have to|The first thing to do|Before anything else|I should begin|Step one|comes first/.test(f))).toBe(true);
  });
});

describe('a loop\'s next item placed three ways (thought-writer-47)', () => {
  it('says "the next listed property" as a clause, an "is … with id" or an "is … whose id is", the lead kept', async () => {
    const { placeInAnswer } = await import('../../pipeline/thoughtPhrases.js');
    const listing = "{'property': [{'id': '10803849', 'name': 'Quiet room', 'address': 'Monterey Park'}, {'id': '48347678', 'name': 'Suite in DTLA', 'address': 'Los Angeles'}, {'id': '51113056', 'name': 'Loft in Tokyo', 'address': 'Tokyo'}]}";
    const said = [0, 1, 2].map((variant) => placeInAnswer(listing, '48347678', true, variant, 0)?.text);
    expect(said).toEqual([
      'the next listed property, "Suite in DTLA", has id 48347678',
      'the next listed property is "Suite in DTLA", with id 48347678',
      'the next listed property is "Suite in DTLA", whose id is 48347678',
    ]);
    expect(placeInAnswer(listing, '51113056', true, 1, 1, true)?.text).toBe('the last listed property is "Loft in Tokyo", with id 51113056');
    // Placed afresh (no item before it), the three ways are the old ones.
    expect(placeInAnswer(listing, '48347678', true, 2)?.text).toBe('the second property, "Suite in DTLA", has id 48347678');
  });
});
