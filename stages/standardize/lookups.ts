/**
 * The read-only lookups BFCL's ground truth leaves out. A BFCL task's "path" names the calls it
 * needs (TradingBot.get_symbol_by_name, GorillaFileSystem.ls / find), but its ground_truth often
 * skips them and calls get_stock_info(symbol="OMEG") for "Omega Industries", or cd("documents")
 * for "the file is somewhere in the file system", as if the model knew the backend's tables and
 * its initial file tree. A case cut from such a trajectory asks for a value nothing shows.
 *
 * Here, before a step that takes a ticker or a file / folder name no user turn or earlier answer
 * shows (grounding.ts tickerNeeds, pathNeeds, groundedIn: the measures' own rules), the lookup that
 * shows it is put in: get_symbol_by_name(name=<the company the user named>) for a ticker, ls() for
 * a name in the current folder (ls(a=True) for a hidden one), find(name=...) for one further down.
 * The lookups change no state, so every original step gets the answer it got before (resolve
 * replays the trajectory on the live backend and counts the answers byte-identical to BFCL's
 * recorded ones); a lookup is put in only when its live answer shows the value. A value no lookup
 * can show is left as it is: assemble turns down the cut points that would need it.
 */
import { createSession, parseBfclJson, type BfclSession } from '../../sources/bfcl/backends/index.js';
import { SYMBOLS } from '../../sources/bfcl/backends/tradingBot.js';
import { groundedIn, pathNeeds, shownTextOf, tickerNeeds, valueShownIn, type NeededValue } from '../../pipeline/quality/grounding.js';
import type { RawStep } from '../../pipeline/schemas.js';

// 2: a name a call makes (touch, mkdir, echo, mv / cp's destination) is shown by its stem (grounding.ts pathShownIn).
export const LOOKUPS_VERSION = 'bfcl-lookups-2';

export interface InsertedLookup {
  /** The turn and the position in it (after insertion) of the lookup. */
  turn: number;
  index: number;
  name: string;
  args: Record<string, unknown>;
  /** The backend's answer (resolve answers it again, live, in the same state). */
  response: string;
  /** The value of the step after it that the answer shows. */
  shows: string;
}

/** A step as insertLookups reads it: a call (its thought, response and the rest are carried along). */
export type LookupStep = Pick<RawStep, 'action'>;

export interface LookupResult<S extends LookupStep = RawStep> {
  turns: { user: string; steps: S[] }[];
  inserted: InsertedLookup[];
  /** Values a step takes that nothing shows and no lookup could show ("step 3 cd folder=\"tmp\""). */
  unshown: string[];
}

export interface Candidate {
  name: string;
  args: Record<string, unknown>;
}

/** The lookups that could show a needed value, in the order they are tried. */
function candidates(need: NeededValue, said: string, tools: Set<string>): Candidate[] {
  const value = String(need.value);
  if (need.ticker) {
    if (!tools.has('TradingBot.get_symbol_by_name')) return [];
    // The company the user named whose ticker this is (BFCL's own table): the lookup takes the name as said.
    return Object.entries(SYMBOLS)
      .filter(([company, symbol]) => symbol === value && valueShownIn(company, said))
      .map(([company]) => ({ name: 'TradingBot.get_symbol_by_name', args: { name: company } }));
  }
  if (need.path) {
    const first = value.split('/').find((p) => p !== '' && p !== '.') ?? value;
    const last = value.split('/').filter((p) => p !== '').pop() ?? value;
    const out: Candidate[] = [];
    if (tools.has('GorillaFileSystem.ls')) out.push({ name: 'GorillaFileSystem.ls', args: first.startsWith('.') ? { a: true } : {} });
    // find takes the name it looks for, so only a name the user said (the lookup must itself be grounded).
    if (tools.has('GorillaFileSystem.find') && valueShownIn(last, said)) out.push({ name: 'GorillaFileSystem.find', args: { path: '.', name: last } });
    return out;
  }
  return [];
}

/**
 * The turns with the missing lookups put in, for a BFCL trajectory (its initial state and involved
 * classes in meta). Steps are run on the live backend in order, so each lookup is answered in the
 * state the step after it runs in.
 */
export function insertLookups<S extends LookupStep = RawStep>(
  turns: { user: string; steps: S[] }[],
  toolNames: string[],
  meta: Record<string, unknown>,
  /** The step a lookup becomes (a raw step: its call alone; resolve answers it). */
  make: (call: Candidate, response: string) => S = (call) => ({ action: { name: call.name, args: call.args } }) as S,
): LookupResult<S> {
  const config = parseBfclJson(String(meta.initialConfigJson ?? '{}')) as Record<string, unknown>;
  const session: BfclSession = createSession(config, (meta.involvedClasses as string[]) ?? []);
  const tools = new Set(toolNames);
  const exchange: string[] = [];
  const users: string[] = [];
  const inserted: InsertedLookup[] = [];
  const unshown: string[] = [];
  let k = 0;
  const out = turns.map((turn, t) => {
    exchange.push(turn.user);
    users.push(turn.user);
    const steps: S[] = [];
    for (const step of turn.steps) {
      k++;
      const action = { name: step.action.name, args: step.action.args };
      for (const need of [...tickerNeeds(action), ...pathNeeds(action)]) {
        const shown = () => {
          const text = shownTextOf(exchange);
          return groundedIn(need, text, text);
        };
        if (shown()) continue;
        let found = false;
        for (const c of candidates(need, users.join('\n'), tools)) {
          // A lookup changes nothing: its answer is read here, and the same state runs the step after it.
          const answer = session.execute(c.name, c.args);
          if (answer.isError) continue;
          exchange.push(answer.response);
          if (shown()) {
            steps.push(make(c, answer.response));
            inserted.push({ turn: t, index: steps.length - 1, name: c.name, args: c.args, response: answer.response, shows: String(need.value) });
            found = true;
            break;
          }
          exchange.pop();
        }
        if (!found) unshown.push(`step ${k} ${step.action.name} ${need.key}=${JSON.stringify(need.value)}`);
      }
      steps.push(step);
      if (typeof step.action.args === 'object' && step.action.args !== null) exchange.push(session.execute(step.action.name, step.action.args as Record<string, unknown>).response);
    }
    return { user: turn.user, steps };
  });
  return { turns: out, inserted, unshown };
}
