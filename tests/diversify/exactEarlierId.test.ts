/**
 * A value error's earlier id keeps every digit. The injector took an earlier id through Number(), so
 * an id past 2^53 came out rounded: teval_query_137_1 k4 shipped
 * get_property_details(propertyId=847456265351637600) for the listed 847456265351637680, and
 * query_117_0 k6 989020487048284500 for 989020487048284489 -- a number nobody gave, not the earlier
 * id the case means (error-injectors@49; integer_rounded now reads wrong calls too). Taken exactly,
 * that earlier id repeats step 2's own call, which the injector turns down as a valid step.
 */
import { describe, expect, it } from 'vitest';
import type { ToolArgs } from '../../pipeline/schemas.js';
import { toJson } from '../../pipeline/pyValues.js';
import { tevalTrajectories } from './fixtures/vendored.js';
import { valueInjections } from './fixtures/valueInjections.js';

describe('the value injector takes an earlier id past 2^53 exactly', () => {
  it('over teval_query_137_1 and query_117_0', () => {
    let made = 0;
    for (const { t, k, input, correct, injection } of valueInjections(tevalTrajectories(['query_137_1', 'query_117_0'], { grounded: true, exact: true }), 12)) {
      made++;
      const shown = input.earlier.map((s) => `${toJson(s.args)}\n${s.response ?? ''}`).join('\n');
      for (const [key, value] of Object.entries(injection.action.args as ToolArgs)) {
        if (toJson(value) === toJson(correct[key])) continue;
        if (typeof value === 'number') expect(Number.isSafeInteger(value) || !Number.isInteger(value), `${t.id} k=${k}: ${key}=${value}`).toBe(true);
        if (typeof value === 'bigint' && injection.variant === 'same-kind-entity:earlier-id') {
          expect(shown, `${t.id} k=${k}: ${key}=${value}`).toContain(String(value));
        }
      }
    }
    expect(made).toBeGreaterThan(20);
  });
});
