/**
 * Airbnb's check_availability answers day by day: T-Eval recorded {'availability': [{'date':
 * '2023-10-19', 'available': False}]} for a call with a date, and ten such records for one without
 * ("the next 10 days"). The simulator drew one flag ({'availability': True}), a shape the API never
 * answers in (68 cases on f31). A flag drawn for a field every recording writes as dated records is
 * written as those records: one for the day the call asks about, else one per day the recordings
 * cover, each with the drawn flag, so what the plan does next (book it, or not) still follows.
 */
import { recordedAnswer } from './recordedAnswer.js';
import { isPlainObject } from '../errors/values.js';

const DAY = 86_400_000;
const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** Per field, the date key, the flag key, and how many days from which day a recording lists when the call names no day. */
export function recordedDatedFlags(examples: readonly { args?: unknown; response: string }[]): Map<string, { date: string; flag: string; days: number; start?: string }> {
  const out = new Map<string, { date: string; flag: string; days: number; start?: string }>();
  const bad = new Set<string>();
  for (const e of examples) {
    const answer = recordedAnswer(e.response);
    if (!isPlainObject(answer) || 'error' in answer) continue;
    for (const [field, list] of Object.entries(answer)) {
      const records = Array.isArray(list) && list.length > 0 && list.every(isPlainObject) ? list : undefined;
      const keys = records ? Object.keys(records[0]) : [];
      const date = keys.find((k) => records!.every((r) => typeof r[k] === 'string' && ISO.test(r[k] as string)));
      const flag = keys.find((k) => records!.every((r) => typeof r[k] === 'boolean'));
      if (!records || keys.length !== 2 || !date || !flag) {
        bad.add(field);
        continue;
      }
      const undated = !isPlainObject(e.args) || !Object.values(e.args).some((v) => typeof v === 'string' && ISO.test(v));
      const seen = out.get(field);
      out.set(field, undated ? { date, flag, days: records.length, start: records[0][date] as string } : { date, flag, days: seen?.days ?? 0, ...(seen?.start ? { start: seen.start } : {}) });
    }
  }
  for (const field of bad) out.delete(field);
  return out;
}

/**
 * `answer` with each flag drawn for a dated-records field written as those records: the call's own
 * day, else `days` days from `from` (the task's day) or from the day the recordings start; a field
 * whose undated length is unknown keeps its flag.
 */
export function flagsAsDatedRecords(answer: Record<string, unknown>, shapes: ReturnType<typeof recordedDatedFlags>, args: Record<string, unknown>, from: string | undefined): Record<string, unknown> {
  const asked = Object.values(args).find((v): v is string => typeof v === 'string' && ISO.test(v.trim()))?.trim();
  const out = { ...answer };
  for (const [field, shape] of shapes) {
    const flag = answer[field];
    if (typeof flag !== 'boolean') continue;
    if (asked) {
      out[field] = [{ [shape.date]: asked, [shape.flag]: flag }];
      continue;
    }
    const first = from && ISO.test(from) ? from : shape.start;
    const start = first ? Date.parse(`${first}T00:00:00Z`) : NaN;
    if (!shape.days || Number.isNaN(start)) continue;
    out[field] = Array.from({ length: shape.days }, (_, i) => ({ [shape.date]: new Date(start + i * DAY).toISOString().slice(0, 10), [shape.flag]: flag }));
  }
  return out;
}
