/**
 * plan_goes_on_unavailable: a case shows an answer saying a record is not available (check_availability
 * answering every day "available": False) for a request that picks things by being available ("available
 * accommodations", "the first available rental property"), and a later call it shows, or its ground truth, goes on with
 * that record under another tool (get_property_details, get_property_reviews, the checkout price of
 * the same property): teval_query_114_0 asks for "properties in New York City that are available from
 * October 24 to October 31", gets no free day for 691676460109271194, and its control's next action is
 * that property's details. A careful agent drops the listing; the case marks that wrong
 * (pipeline/resolution/availability.ts, which resolve shares).
 */
import { FINISH_ACTION, type TestCase } from '../../schemas.js';
import { answersAvailability, picksAvailable, planGoesOnWith, saysUnavailable } from '../../resolution/availability.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { groundTruthActions, shownAction, userText } from '../evidence.js';
import type { CaseMeasure } from '../types.js';
import { toJson } from '../../pyValues.js';

/** The first availability answer saying "not available" that a later shown or ground-truth call goes on from, described; null when none; undefined outside the population. */
export function goesOnUnavailable(tc: TestCase): string | null | undefined {
  const calls: { name: string; args: unknown; answer?: string }[] = [];
  tc.messages.forEach((m, i) => {
    if (m.role !== 'assistant') return;
    const a = shownAction(m.content);
    if (!a || a.name === FINISH_ACTION) return;
    const next = tc.messages[i + 1];
    calls.push({ name: a.name, args: a.args, ...(next?.role === 'function' ? { answer: next.content } : {}) });
  });
  // Only a request that picks things by being available ("available accommodations in Bali") asks to drop one that is not.
  if (!picksAvailable(userText(tc))) return undefined;
  for (const g of groundTruthActions(tc)) if (g.name !== FINISH_ACTION && typeof g.args === 'object') calls.push({ name: g.name, args: g.args });
  let population = false;
  for (const [i, c] of calls.entries()) {
    if (c.answer === undefined || !answersAvailability(tc.tools.find((t) => t.name === c.name))) continue;
    population = true;
    if (!saysUnavailable(parseToolResponse(c.answer))) continue;
    if (planGoesOnWith(i, calls)) {
      const next = calls.slice(i + 1).find((d) => d.name !== c.name && planGoesOnWith(i, [...calls.slice(0, i + 1), d]))!;
      return `${c.name}(${toJson(c.args)}) answers not available, then ${next.name}(${toJson(next.args).slice(0, 60)}) goes on with it`;
    }
  }
  return population ? null : undefined;
}

export const planGoesOnUnavailable: CaseMeasure = {
  kind: 'case',
  id: 'plan_goes_on_unavailable',
  group: 'solvable',
  title: 'for a request that picks things by being available ("available accommodations", "properties that are available from October 24"), an answer says a record is not available (check_availability: every day "available": False) and a later call the case shows, or its ground truth, goes on with that record (get_property_details of the property, its checkout price for the day found taken): a careful agent drops it (teval_query_114_0: "available from October 24 to October 31", no free day, then the details)',
  population: 'cases whose request picks things by being available and that show an answer of a tool saying whether a record is',
  check: goesOnUnavailable,
};
