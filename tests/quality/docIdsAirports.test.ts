/**
 * Two ways a value passed as "shown" though nothing the user or a tool said gives it:
 * - an id found only in a tool doc (BFCL MessageAPI's doc example {"USR001": [...]}, a stray "1"
 *   in some doc grounding get_ticket(ticket_id=1) for "the most recent ticket I opened");
 * - an airport code of a city the user names: a made-up city's (BFCL's Rivermist is RMS) only
 *   get_nearest_airport_by_city or list_all_airports can give, and a city with several airports
 *   (Tokyo: HND, NRT) names none of them.
 * The rule (pipeline/quality/grounding.ts groundedIn, used by ungroundedValues and ungroundedHistory),
 * the measures that count it (gt_value_unshown, history_value_unshown) and assemble's gate, each on
 * the defect and on a grounded twin.
 */
import { describe, expect, it } from 'vitest';
import type { Action, ChatMessage, TestCase } from '../../pipeline/schemas.js';
import { ungroundedHistory, ungroundedValues } from '../../pipeline/quality/grounding.js';
import { unshownGroundTruth, unshownHistoryValue } from '../../pipeline/quality/measures/solvable.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';
import { toolSteps } from '../../pipeline/steps.js';
import { buildCase } from '../../stages/assemble/build.js';
import { skipProblem } from '../../stages/diversify-external/afterFailure.js';
import { bfclTrajectories, withLookups } from '../diversify/fixtures/vendored.js';

const DOCS =
  'You can call MessageAPI.send_message, TicketAPI.get_ticket, TravelAPI.get_flight_cost, TravelAPI.get_nearest_airport_by_city.\n' +
  'MessageAPI.view_messages_sent: An example of the messages dictionary is {"USR001":["Hello"],"USR002":["World"]}.\n' +
  'TicketAPI.create_ticket: priority (integer): from 1 (lowest) to 5 (highest). Default 1.';

function chat(users: string[], steps: [Action, string][] = []): ChatMessage[] {
  return [
    { role: 'system', content: DOCS },
    { role: 'user', content: users.join('\n') },
    ...steps.flatMap(([a, r]): ChatMessage[] => [
      { role: 'assistant', content: JSON.stringify(a) },
      { role: 'function', content: r },
    ]),
  ];
}

const send = (receiver_id: string): Action => ({ name: 'MessageAPI.send_message', args: { receiver_id, message: 'Move forward with the plan.' } });
const ticket = (ticket_id: number): Action => ({ name: 'TicketAPI.get_ticket', args: { ticket_id } });
const cost = (travel_from: string, travel_to: string): Action => ({ name: 'TravelAPI.get_flight_cost', args: { travel_from, travel_to, travel_date: '2026-12-15', travel_class: 'business' } });
const nearest = (location: string): Action => ({ name: 'TravelAPI.get_nearest_airport_by_city', args: { location } });

const RIVERMIST = "I'm currently residing in Rivermist but planning a grand getaway to Los Angeles. What's the business fare for December 15th, 2026?";

function tc(messages: ChatMessage[], groundTruth: Action): TestCase {
  return { id: 'x', kind: 'internal', errorType: 'parameters_value_error', cot: false, k: 1, trajectoryId: 't', source: 'bfcl', tools: [], messages, groundTruth, provenance: { methods: {}, origin: 'test', parents: [] } } as unknown as TestCase;
}

describe('an id must be shown by the user or a tool answer, not by a tool doc', () => {
  it('a receiver id only a doc example writes is unshown; an answer listing it shows it', () => {
    expect(ungroundedValues({ messages: chat(['Send John my message.']), groundTruth: send('USR001') }).map((u) => u.value)).toEqual(['USR001']);
    const looked = chat(['Send John my message.'], [[{ name: 'MessageAPI.get_user_id', args: { user: 'John' } }, '{"user_id": "USR001"}']]);
    expect(ungroundedValues({ messages: looked, groundTruth: send('USR001') })).toEqual([]);
  });

  it('an id is copied as written: a wrong call\'s "usr001" and its error do not show "USR001"', () => {
    const wrong = chat(['Send John my message.'], [[send('usr001'), `{"error": "Receiver ID 'usr001' not found."}`]]);
    expect(ungroundedValues({ messages: wrong, groundTruth: send('USR001') }).map((u) => u.value)).toEqual(['USR001']);
  });

  it('ticket_id 1 is not shown by a doc\'s "from 1 (lowest)" nor by "the most recent one"; a ticket list shows it', () => {
    const asked = chat(['Fetch the most recent ticket I opened, the one about trading.']);
    expect(ungroundedValues({ messages: asked, groundTruth: ticket(1) }).map((u) => u.value)).toEqual([1]);
    const listed = chat(['Fetch the most recent ticket I opened.'], [[{ name: 'TicketAPI.get_user_tickets', args: {} }, '[{"id": 1, "subject": "Trading issue"}]']]);
    expect(ungroundedValues({ messages: listed, groundTruth: ticket(1) })).toEqual([]);
    // A number that is not an id (a count, a price) keeps the old rule: the docs and words count.
    expect(ungroundedValues({ messages: chat(['Pick the first one.']), groundTruth: { name: 'TicketAPI.create_ticket', args: { priority: 1 } } })).toEqual([]);
  });

  it('the history rule: a shown get_ticket(1) with no answer listing ticket 1 is ungrounded', () => {
    const shown = chat(['Fetch the most recent ticket I opened.'], [[ticket(1), '{"id": 1, "subject": "Trading issue"}']]);
    expect(ungroundedHistory(shown)?.values.map((v) => `${v.key}=${String(v.value)}`)).toEqual(['ticket_id=1']);
  });
});

describe('an airport code must be shown, or be the one airport of a city named', () => {
  it("Rivermist's RMS is unshown until get_nearest_airport_by_city answers it; Los Angeles names LAX", () => {
    expect(ungroundedValues({ messages: chat([RIVERMIST]), groundTruth: cost('RMS', 'LAX') }).map((u) => u.value)).toEqual(['RMS']);
    const looked = chat([RIVERMIST], [[nearest('Rivermist'), '{"nearest_airport": "RMS"}']]);
    expect(ungroundedValues({ messages: looked, groundTruth: cost('RMS', 'LAX') })).toEqual([]);
    // "farms" writes the letters, not the code.
    expect(ungroundedValues({ messages: chat([`${RIVERMIST} I pass the farms on the way.`]), groundTruth: cost('RMS', 'LAX') }).map((u) => u.value)).toEqual(['RMS']);
  });

  it('a city with several airports names none for a ground truth, but a shown call may choose one and a next call go on with it', () => {
    const tokyo = chat(['Book me from Los Angeles to Tokyo on December 15th, 2026.']);
    expect(ungroundedValues({ messages: tokyo, groundTruth: cost('LAX', 'HND') }).map((u) => u.value)).toEqual(['HND']);
    const chose = chat(['Book me from Los Angeles to Tokyo on December 15th, 2026.'], [[cost('LAX', 'HND'), '{"travel_cost_list": [430.0]}']]);
    expect(ungroundedHistory(chose)).toBeUndefined();
    expect(ungroundedValues({ messages: chose, groundTruth: { name: 'TravelAPI.book_flight', args: { travel_from: 'LAX', travel_to: 'HND', travel_date: '2026-12-15' } } })).toEqual([]);
  });

  it('the history rule flags a shown call passing Crescent Hollow as CRH with no lookup before it', () => {
    const shown = chat(['Fly me from Crescent Hollow to Rivermist on July 15th.'], [[cost('CRH', 'RMS'), '{"travel_cost_list": [560.0]}']]);
    expect(ungroundedHistory(shown)?.values.map((v) => v.value)).toEqual(['CRH', 'RMS']);
  });
});

describe('the measures count both, gated at 0', () => {
  it('gt_value_unshown and history_value_unshown flag the defect and pass the grounded twin', () => {
    expect(unshownGroundTruth.check(tc(chat([RIVERMIST]), cost('RMS', 'LAX')), {} as never)).toMatch(/travel_from="RMS"/);
    // A control (an error case's last answer is its wrong call's, which shows nothing: grounding.ts ungroundedValues).
    expect(unshownGroundTruth.check({ ...tc(chat([RIVERMIST], [[nearest('Rivermist'), '{"nearest_airport": "RMS"}']]), cost('RMS', 'LAX')), errorType: '' } as TestCase, {} as never)).toBeNull();
    expect(unshownGroundTruth.check(tc(chat(['Send John my message.']), send('USR001')), {} as never)).toMatch(/receiver_id="USR001"/);
    const control = (messages: ChatMessage[]) => ({ ...tc(messages, cost('RMS', 'LAX')), errorType: '' }) as TestCase;
    expect(unshownHistoryValue.check(control(chat([RIVERMIST], [[cost('RMS', 'LAX'), '{"travel_cost_list": [660.0]}']])), {} as never)).toMatch(/travel_from="RMS"/);
    expect(unshownHistoryValue.check(control(chat([RIVERMIST], [[nearest('Rivermist'), '{"nearest_airport": "RMS"}'], [cost('RMS', 'LAX'), '{"travel_cost_list": [660.0]}']])), {} as never)).toBeNull();
    expect(DEFAULT_QUALITY_THRESHOLDS.gt_value_unshown).toBe(0);
    expect(DEFAULT_QUALITY_THRESHOLDS.history_value_unshown).toBe(0);
  });
});

describe("assemble turns down BFCL cut points that need a value only a doc or a city's name stands for", () => {
  const at = (n: number, name: string) => {
    // With the lookups standardize puts in (an unshown ticker or file name is another defect).
    const t = withLookups(bfclTrajectories([n])[0]);
    return { t, k: toolSteps(t).findIndex((s) => s.step.action.name === name) + 1 };
  };
  const control = (n: number, name: string, offset: number) => {
    const { t, k } = at(n, name);
    expect(k).toBeGreaterThan(0);
    return buildCase({ part: 'control', trajectory: t, trajectoryId: t.id, k: k + offset, thoughtsMethod: 'x' }, false);
  };
  const reason = (r: ReturnType<typeof buildCase>) => (r.ok ? '' : r.reason);

  // A control shows a_k and its answer: the control at send_message shows it in its history.
  it('multi_turn_base_137: the control showing send_message(receiver_id "USR001") is turned down; the one before it is not', () => {
    expect(reason(control(137, 'MessageAPI.send_message', -1))).toBe('');
    expect(reason(control(137, 'MessageAPI.send_message', 0))).toMatch(/ungrounded history: the shown call MessageAPI.send_message takes MessageAPI.send_message receiver_id="USR001"/);
  });

  it('multi_turn_base_125: the control showing get_ticket(ticket_id 1) with no ticket list before it is turned down', () => {
    expect(reason(control(125, 'TicketAPI.get_ticket', -1))).toBe('');
    expect(reason(control(125, 'TicketAPI.get_ticket', 0))).toMatch(/ungrounded history: the shown call TicketAPI.get_ticket takes TicketAPI.get_ticket ticket_id=1/);
  });

  it('multi_turn_base_167: get_flight_cost("RMS", "LAX") for a user in Rivermist is turned down', () => {
    expect(reason(control(167, 'TravelAPI.get_flight_cost', 0))).toMatch(/ungrounded history: the shown call TravelAPI.get_flight_cost takes TravelAPI.get_flight_cost travel_from="RMS"/);
  });
});

describe('diversify-external reads the failed call as the case shows it', () => {
  it('multi_turn_base_189: get_flight_cost("JFK", "HND") for "NYC to Tokyo" fails; book_flight with the same airports may follow (the measure agrees)', async () => {
    const [t] = bfclTrajectories([189]);
    expect(toolSteps(t)[1].step.action.args).toMatchObject({ travel_from: 'JFK', travel_to: 'HND' });
    expect(await skipProblem(t, 1, { content: 'ConnectionError: Max retries exceeded with url: /get_flight_cost', tier: 'simulated' } as never, undefined)).toBeUndefined();
  });
});

