/**
 * A stage that emits given artifacts unchanged: tests put it in place of the upstream stages of the
 * stage under test, which then runs through the real runner and store on known inputs.
 */
import type { ItemStage, StageName } from '../../pipeline/stage.js';
import type { TestCase, VerifyRecord } from '../../pipeline/schemas.js';

export function fixtureStage<T>(name: StageName, items: { id: string; content: T }[]): ItemStage<T, T> {
  return {
    kind: 'items',
    name,
    version: 'fixture',
    upstream: [],
    description: `fixture ${name}`,
    configSlice: () => null,
    // Its items are its source: a fixture with other items on the same database must enumerate again.
    externalInputs: () => items,
    enumerate: () => items.map((i) => ({ id: i.id, input: i.content, parents: [`fixture:${i.id}`] })),
    run: async (item) => ({ status: 'ok', content: item.input, method: 'fixture' }),
  };
}

/**
 * Evolved cases as the real pipeline stores them: an `evolve` fixture holding each case (without
 * its verification) and a `verify` fixture holding the verdict beside it (a VerifyRecord naming the
 * evolve artifact, its first parent, by content hash) — what pipeline/verified.ts joins back into the
 * evolved case with its verification. The verify status follows the verification outcome unless
 * `status` says otherwise.
 */
export function verifiedFixtureStages(
  items: { id: string; content: TestCase }[],
  opts: { evolveUpstream?: StageName[]; method?: string; status?: (tc: TestCase) => 'ok' | 'flagged' | 'rejected'; reason?: (tc: TestCase) => string | undefined } = {},
): [ItemStage<TestCase, TestCase>, ItemStage<{ record: VerifyRecord; status: 'ok' | 'flagged' | 'rejected'; reason?: string }, VerifyRecord>] {
  const withoutVerdict = items.map(({ id, content }) => {
    const { verification: _v, ...tc } = content;
    return { id, content: tc as TestCase };
  });
  const evolve: ItemStage<TestCase, TestCase> = { ...fixtureStage('evolve', withoutVerdict), upstream: opts.evolveUpstream ?? [] };
  const statusOf = opts.status ?? ((tc: TestCase) => (tc.verification?.outcome === 'flagged' ? 'flagged' : tc.verification?.outcome === 'rejected' ? 'rejected' : 'ok'));
  const verify: ItemStage<{ record: VerifyRecord; status: 'ok' | 'flagged' | 'rejected'; reason?: string }, VerifyRecord> = {
    kind: 'items',
    name: 'verify',
    version: 'fixture',
    upstream: ['evolve'],
    description: 'fixture verify',
    configSlice: () => null,
    externalInputs: () => items,
    enumerate: (ctx) => {
      const listed = new Map(ctx.store.stageListing('evolve', ['ok']).map((a) => [a.itemId, a]));
      return items.map(({ id, content }) => {
        const a = listed.get(id)!;
        const reason = opts.reason?.(content);
        return {
          id,
          input: { record: { id: content.id, evolvedHash: a.contentHash!, verification: content.verification! }, status: statusOf(content), ...(reason ? { reason } : {}) },
          parents: [a.key],
        };
      });
    },
    run: async (item) => ({ status: item.input.status, content: item.input.record, method: opts.method ?? 'fixture', ...(item.input.reason ? { reason: item.input.reason } : {}) }),
  };
  return [evolve, verify];
}
