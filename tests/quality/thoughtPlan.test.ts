/**
 * Thoughts say true things about the plan and read as written. On the default build before this
 * fix, 41.4% of CoT cases (904 / 2,184) showed a thought that placed its call wrongly ("That leaves
 * one more thing to do here" with calls still to come, "Step one:" on a turn's only call) and 20.1%
 * (440) one that read as a filled template (`check_empty`, "the N upcoming days", "the brake Pedal
 * Status", "use `diff`, which provides compare …"). The measures find both; the writers no longer
 * write them.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase, Trajectory } from '../../pipeline/schemas.js';
import { misplacedClaim, thoughtMalformation, thoughtMalformed, thoughtMisplacesStep } from '../../pipeline/quality/measures/thoughts.js';
import { intentOf, offlineThoughts, type ThoughtInput } from '../../stages/standardize/thoughtWriter.js';
import { erroneousThought } from '../../pipeline/errors/injectors/thoughts.js';
import { Rng } from '../../pipeline/rng.js';
import type { ToolDoc } from '../../pipeline/schemas.js';

const doc = (name: string, description: string): ToolDoc => ({ name, description, required_parameters: [], optional_parameters: [], return_data: [] }) as unknown as ToolDoc;

const mk = (thoughts: string[], tools: ToolDoc[] = [], extra = ''): TestCase =>
  ({
    id: 'c',
    kind: 'internal',
    errorType: '',
    cot: true,
    trajectoryId: 't',
    source: 'teval',
    k: thoughts.length,
    messages: [
      { role: 'system', content: 'tools' },
      { role: 'user', content: `Do it. ${extra}` },
      ...thoughts.slice(0, -1).flatMap((thought, i) => [
        { role: 'assistant', content: JSON.stringify({ thought, name: `T.step${i}`, args: {} }) },
        { role: 'function', content: '{"ok": true}' },
      ]),
    ],
    tools,
    groundTruth: { name: `T.step${thoughts.length - 1}`, args: {}, thought: thoughts[thoughts.length - 1] },
    provenance: { methods: {}, parents: [] },
  }) as TestCase;

const trajectoryOf = (turns: string[][]): Trajectory =>
  ({
    id: 't',
    source: 'teval',
    tools: [],
    final: '',
    meta: {},
    turns: turns.map((thoughts) => ({ user: 'Do it.', steps: thoughts.map((thought, i) => ({ action: { name: `T.step${i}`, args: {}, thought } })) })),
  }) as Trajectory;

describe('a thought places its call truly in the plan', () => {
  it('misplacedClaim: "one more thing" only on the last call, "to start" only on the first of several', () => {
    expect(misplacedClaim('That leaves one more thing to do here: get the time, which means calling `t`.', 0, 3)).toMatch(/2 more calls follow/);
    expect(misplacedClaim('That leaves one more thing to do here: get the time, which means calling `t`.', 2, 3)).toBeUndefined();
    expect(misplacedClaim('What remains is to get the time, so `t` comes next.', 1, 3)).toMatch(/1 more call follows/);
    expect(misplacedClaim('"x" comes straight from the request. Step one: call `sort` so that I can sort.', 0, 1)).toMatch(/only call/);
    expect(misplacedClaim('To start, I need to sort, so I will call `sort`.', 1, 2)).toMatch(/call 2 of 2/);
    expect(misplacedClaim('To start, I need to sort, so I will call `sort`.', 0, 2)).toBeUndefined();
    expect(misplacedClaim('Next, I need to sort, so I will call `sort`.', 1, 3)).toBeUndefined();
  });

  it('the measure reads each thought\'s place from the trajectory the case was cut from', () => {
    const early = 'That leaves one more thing to do here: get the time, which means calling `step0`.';
    const ctx = (turns: string[][]) => ({ trajectory: () => trajectoryOf(turns), baseCase: () => undefined });
    expect(thoughtMisplacesStep.check(mk([early, 'Next, I need the weather, so I will call `step1`.']), ctx([[early, 'Next, I need the weather, so I will call `step1`.']]))).toMatch(/1 more call follows/);
    expect(thoughtMisplacesStep.check(mk(['I need the time, so I will call `step0`.']), ctx([['I need the time, so I will call `step0`.']]))).toBeNull();
    expect(thoughtMisplacesStep.check({ ...mk(['x']), cot: false }, ctx([['x']]))).toBeUndefined();
  });

  it('the offline writer makes no false claim about a call\'s place, for turns of 1 to 4 calls over many seeds', () => {
    const step = (i: number): ThoughtInput['steps'][number] => ({ name: `T.step${i}`, description: 'Gets the current time.', args: { zone: `z${i}` } });
    for (let count = 1; count <= 4; count++) {
      for (let seed = 0; seed < 80; seed++) {
        const thoughts = offlineThoughts({ query: 'What time is it?', steps: Array.from({ length: count }, (_, i) => step(i)) }, new Rng(seed, 'place'));
        thoughts.forEach((t, i) => expect(misplacedClaim(t, i, count), `${count} calls, #${i}: ${t}`).toBeUndefined());
      }
    }
  });
});

describe('a thought reads as written, not filled in', () => {
  const tools = [doc('ReserveMeeting.reserve', 'x'), doc('VehicleControlAPI.pressBrakePedal', 'x')];
  it('thoughtMalformation names what gives the template away', () => {
    const c = mk(['x'], tools, '{"brakePedalStatus": "pressed"}');
    expect(thoughtMalformation('I can use `diff`, which provides compare two files, by calling `diff`.', c)).toMatch(/twice/);
    expect(thoughtMalformation('I can book the room using the id provided by `check_empty` with `reserve`.', c)).toMatch(/`check_empty`, which is no tool/);
    expect(thoughtMalformation('Next, I need to forecast weather in the N upcoming days.', c)).toMatch(/placeholder "N"/);
    expect(thoughtMalformation('`t` belongs to the system, which allows trading, which is what this step needs.', c)).toMatch(/which/);
    expect(thoughtMalformation('`pressBrakePedal` says the brake Pedal Status is "pressed".', c)).toMatch(/brakePedalStatus/);
    expect(thoughtMalformation('`pressBrakePedal` says the brake pedal status is "pressed". Next, I call `reserve`.', c)).toBeUndefined();
    expect(thoughtMalformed.check(mk(['Next, I need to forecast weather in the N upcoming days.'], tools), { trajectory: () => undefined, baseCase: () => undefined })).toMatch(/"N"/);
  });

  it('the writer turns the docs that gave it away into plain intents', () => {
    // Without the doc's "today" since h-text32: a thought saying it books today on a request for tomorrow contradicted the user (thought_day_contradicts_request).
    expect(intentOf('Book the meeting room today using the room id provided by `check_empty`.', 'reserve')).toBe('book the meeting room');
    expect(intentOf('if they are any rooms available in the provided time', 'get_empty_room_with_time')).toBe('check whether there are any rooms available at that time');
    expect(intentOf('Forecast weather in the N upcoming days.', 'forecast_weather', { days: 3, location: 'Paris' })).toBe('forecast the weather for the next 3 days');
    expect(intentOf('Forecast weather in the N upcoming days.', 'forecast_weather', { location: 'Paris' })).toBe('forecast the weather for the coming days');
    expect(intentOf('This tool belongs to the file system. Tool description: Compare two files of any extension line by line.', 'diff')).toBe('compare the two files line by line');
    expect(intentOf('The getAuthorId function is used to get the author\'s id by his or her name.', 'get_author_id')).toBe("get the author's id");
  });

  it('the writer says a camelCase key in words without its capitals', () => {
    const steps: ThoughtInput['steps'] = [
      { name: 'V.pressBrakePedal', description: 'Presses the brake pedal.', args: { pedalPosition: 1 } },
      { name: 'V.startEngine', description: 'Starts the engine of the vehicle.', args: { ignitionMode: 'START' }, previousResponse: '{"brakePedalStatus": "pressed"}' },
    ];
    const c = mk(['x'], [doc('V.pressBrakePedal', 'x'), doc('V.startEngine', 'x')], '{"brakePedalStatus": "pressed"} ignitionMode pedalPosition');
    for (let seed = 0; seed < 40; seed++) for (const t of offlineThoughts({ query: 'Start the car.', steps }, new Rng(seed, 'camel'))) expect(thoughtMalformation(t, c), t).toBeUndefined();
  });

  it('an erroneous call\'s thought takes a BFCL doc\'s own words, not its toolkit preamble', () => {
    const create = doc('TicketAPI.create_ticket', 'This tool belongs to the ticketing system that is part of a company, which allows users to create, view, and manage support business tickets. Tool description: Creates a ticket in the system and queues it.');
    const seen = new Set<string>();
    for (let seed = 0; seed < 60; seed++) {
      // An invented tool is believed to do what the step needs: the correct tool's own words.
      const t = erroneousThought('tool_hallucination_error', { name: 'TicketAPI.create_ticket', args: { title: 'x' }, thought: 'I need a ticket.' }, { name: 'TicketAPI.open_ticket', args: { title: 'x' } }, { tools: [create], rng: new Rng(seed, 'wrong') })!;
      seen.add(t);
      expect(t).not.toMatch(/belongs to|, which [^.]*, which/);
      // A wrong tool's thought never says the wrong tool's own act (error-injectors@54): it is taken for the step's.
      const w = erroneousThought('tool_select_error', { name: 'TicketAPI.get_ticket', args: { ticket_id: 1 }, thought: 'I need the ticket.' }, { name: 'TicketAPI.create_ticket', args: { title: 'x' } }, { tools: [create], rng: new Rng(seed, 'wrong') })!;
      expect(w).not.toMatch(/belongs to|creates a ticket/);
    }
    expect([...seen].some((t) => t.includes('creates a ticket in the system'))).toBe(true);
  });
});
