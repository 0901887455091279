/**
 * A stage that emits given artifacts unchanged: tests put it in place of the upstream stages of the
 * stage under test, which then runs through the real runner and store on known inputs.
 */
import type { ItemStage, StageName } from '../../pipeline/stage.js';

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
