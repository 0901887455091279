/**
 * Conditional requests and the branch a plan takes: "If the weekday is Monday, create a new
 * PowerPoint slide …" (T-Eval 420_1), "if room 101 is available, reserve it" (162_1, 51_1), "If
 * there are, reserve the first available room" (210_1). The plan either goes on with the branch's
 * steps or stops; the answer the check got must allow what the plan did: a plan that creates the
 * slide needs a Monday, one that stops needs another day; a room the plan reserves because it is
 * free must be among the free rooms the check listed.
 *
 * Shared by resolve (which has the check answer what the plan's branch needs, or turns the plan
 * down) and the quality measure gt_branch_contradicted, so the two agree.
 */
import { parseToolResponse } from '../prompts/parseAction.js';
import { isPlainObject } from '../errors/values.js';
import { WEEKDAY_NAMES } from '../resolution/knownFacts.js';

/** Sunday first, as `Date.getUTCDay` counts. */
export const WEEKDAYS = WEEKDAY_NAMES;

export interface BranchStep {
  name: string;
  args: unknown;
  /** The answer the step got, when known. */
  response?: string;
}

export type Branch =
  | { kind: 'weekday'; /** the checking step */ at: number; day: string; taken: boolean; /** what the request does on that day ("create a new PowerPoint slide with the title 'Lesson Plan'") */ then: string }
  | { kind: 'room'; at: number; /** the reserve the branch makes */ reserve: number; room: string; /** 0-based place the request picks the room by ("the first available room"), if any */ place?: number };

const DAY = WEEKDAYS.join('|');
const WEEKDAY_IF = new RegExp(`\\bif (?:the (?:current )?(?:week)?day|today|it) is (?:a )?(${DAY})\\b,?\\s*([^.;]*)`, 'i');
/** "if room 101 is available", "If room 102 is available next Monday from 10:00 to 12:00". */
const ROOM_IF = /\bif (?:meeting )?room (\w+) is (?:available|free|empty)\b/i;
/** "If there are", "If so", "If there's one", "If available", "If a room is found to be available". */
const ANY_ROOM_IF = /\bif (?:there (?:are|is)\b|there's\b|so\b|available\b|it is (?:available|free|empty)\b|a room is (?:found|available)\b|any (?:rooms? )?(?:are|is) (?:available|free))/i;
const ORDINALS: Record<string, number> = { first: 0, second: 1, third: 2 };
const ORDINAL_ROOM = /\b(first|second|third) (?:available |empty |free )?(?:meeting |conference )?room\b/i;

const bare = (name: string) => name.slice(name.lastIndexOf('.') + 1);

/** The weekday an answer gave ({"weekday": "Tuesday"}), or undefined. */
export function answeredWeekday(response: string | undefined): string | undefined {
  if (!response) return undefined;
  const v = parseToolResponse(response);
  if (!isPlainObject(v)) return undefined;
  const day = Object.entries(v).find(([k, x]) => /weekday|day_?of_?(?:the_?)?week/i.test(k) && typeof x === 'string')?.[1] as string | undefined;
  const hit = day && WEEKDAYS.find((d) => d.toLowerCase() === day.trim().toLowerCase());
  return hit || undefined;
}

/** The free rooms a listing answered ({"rooms": [102, 87745]}) as text, or undefined. */
export function answeredRooms(response: string | undefined): string[] | undefined {
  if (!response) return undefined;
  const v = parseToolResponse(response);
  if (!isPlainObject(v) || !Array.isArray(v.rooms)) return undefined;
  return v.rooms.map((r) => String(r).trim());
}

/** The conditions of a request its plan's steps act on (none when it has none). */
export function conditionBranches(request: string, steps: readonly BranchStep[]): Branch[] {
  const out: Branch[] = [];
  const w = WEEKDAY_IF.exec(request);
  if (w) {
    const at = steps.findIndex((s) => /get_?weekday/i.test(bare(s.name)));
    if (at >= 0) out.push({ kind: 'weekday', at, day: WEEKDAYS.find((d) => d.toLowerCase() === w[1].toLowerCase())!, taken: steps.length > at + 1, then: w[2].trim() });
  }
  const numbered = ROOM_IF.exec(request);
  if (numbered || ANY_ROOM_IF.test(request)) {
    const at = steps.findIndex((s) => /empty_room/i.test(bare(s.name)));
    const reserve = at < 0 ? -1 : steps.findIndex((s, i) => i > at && /^reserve/i.test(bare(s.name)) && isPlainObject(s.args) && s.args.room_id !== undefined);
    if (reserve > 0) {
      const room = String((steps[reserve].args as Record<string, unknown>).room_id).trim();
      const ordinal = ORDINAL_ROOM.exec(request);
      // "if room 101 is available" speaks of the room the plan reserves only when it reserves that room.
      if (!numbered || numbered[1] === room) out.push({ kind: 'room', at, reserve, room, ...(ordinal && !numbered ? { place: ORDINALS[ordinal[1].toLowerCase()] } : {}) });
    }
  }
  return out;
}

/** Why the answers shown rule out the branch the plan takes, or undefined when they allow it (or are not known). */
export function branchContradiction(b: Branch, steps: readonly BranchStep[]): string | undefined {
  if (b.kind === 'weekday') {
    const day = answeredWeekday(steps[b.at].response);
    if (!day) return undefined;
    if (b.taken && day !== b.day) return `the plan goes on as on a ${b.day} but ${steps[b.at].name} answered ${day}`;
    if (!b.taken && day === b.day) return `${steps[b.at].name} answered ${day} but the plan stops before "${b.then.slice(0, 60)}"`;
    return undefined;
  }
  const rooms = answeredRooms(steps[b.at].response);
  if (!rooms) return undefined;
  if (!rooms.includes(b.room)) return `the plan reserves room ${b.room} as free but ${steps[b.at].name} listed ${rooms.length ? rooms.join(', ') : 'no room'}`;
  if (b.place !== undefined && rooms[b.place] !== b.room) return `the plan reserves room ${b.room} as the ${Object.keys(ORDINALS)[b.place]} free room but ${steps[b.at].name} listed ${rooms.join(', ')}`;
  return undefined;
}

/** The sentence a closing answer needs when the plan stopped because the condition did not hold, or undefined. */
export function stoppedBecause(b: Branch, steps: readonly BranchStep[]): string | undefined {
  if (b.kind !== 'weekday' || b.taken) return undefined;
  const day = answeredWeekday(steps[b.at].response);
  if (!day || day === b.day) return undefined;
  const then = b.then.replace(/^(?:then|please|kindly)\s+/i, '').replace(/\s+$/, '');
  return then ? `Since it is ${day} and not ${b.day}, I stopped there and did not ${then}.` : `Since it is ${day} and not ${b.day}, I stopped there.`;
}
