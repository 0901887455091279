/**
 * The harder-tools draw remembers what the checks said of each draft text of a doc (harderTools.ts
 * draftMemo) and each doc's sentences before a draft (sentencesMemo): a rewrite served from them must
 * be the rewrite worked out cold, and a doc must never take
 * the verdicts of another doc with the same summary but other field docs (what leftToFieldDocs reads).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';

const DOCS: ToolDoc[] = JSON.parse(readFileSync(new URL('./fixtures/harderDocs.json', import.meta.url), 'utf8'));

/** A fresh copy of the rules module: no memo filled by an earlier draw. */
async function coldRules() {
  vi.resetModules();
  return import('../../stages/evolve/roles/harderTools.js');
}

/** Every variant's rewrite of each doc, as evolve draws them (Rng seeded by the tool and the variant). */
async function rewrites(rules: Awaited<ReturnType<typeof coldRules>>, docs: ToolDoc[], seeds: string[]): Promise<string[]> {
  const { Rng } = await import('../../pipeline/rng.js');
  return docs.flatMap((t) => seeds.map((v) => rules.harderRules(rules.harderInput([t]), new Rng(1, `tool:${t.name}`, 'harder-tools', v)).tools[0].description));
}

describe('harder-tools draft verdicts memo', () => {
  it('serves every doc the rewrites a cold draw gives', async () => {
    const seeds = ['0', '1', '2', '3', '4', '5'];
    const warm = await coldRules();
    // Filled by other seeds first, so later draws meet drafts whose verdicts are remembered.
    await rewrites(warm, DOCS, ['a', 'b', 'c']);
    const served = await rewrites(warm, DOCS, seeds);
    const cold: string[] = [];
    for (const t of DOCS) cold.push(...(await rewrites(await coldRules(), [t], seeds)));
    expect(served).toEqual(cold);
  });

  it('keeps the verdicts of a doc apart from another doc with the same summary and other field docs', async () => {
    // The same summaries, their field docs saying nothing of them: nothing can be left to those fields.
    const withFields = DOCS.filter((d) => d.required_parameters.length + d.optional_parameters.length > 0);
    const bare = withFields.map((d): ToolDoc => ({ ...d, required_parameters: d.required_parameters.map((p) => ({ ...p, description: 'x' })), optional_parameters: [], return_data: [] }));
    const seeds = ['0', '1', '2', '3', '4', '5'];
    const warm = await coldRules();
    await rewrites(warm, bare, seeds);
    const served = await rewrites(warm, withFields, seeds);
    const cold = await rewrites(await coldRules(), withFields, seeds);
    expect(served).toEqual(cold);
    // The bare docs' draws differ, so verdicts shared across the two would have shown.
    expect(await rewrites(await coldRules(), bare, seeds)).not.toEqual(cold);
  });
});

describe('draftVerdicts', () => {
  it('answers each doc for its own field docs, never another doc with the same summary', async () => {
    const { leftToFieldDocs, droppedConstraints, brokenDocIssues } = await import('../../pipeline/quality/toolDocs.js');
    const said = { name: 'Weather.get_forecast', description: 'Get the weather forecast for a city in Celsius.', required_parameters: [{ name: 'city', description: 'The city to forecast.' }], optional_parameters: [{ name: 'unit', description: 'Celsius or Fahrenheit.' }], return_data: [] };
    const unsaid = { ...said, required_parameters: [{ name: 'q', description: 'Query.' }], optional_parameters: [] };
    const draft = 'Get the weather forecast.';
    // The draft leaves "for a city in Celsius" to the first doc's fields, not to the second's: a verdict shared by summary would show.
    expect(leftToFieldDocs(said, draft).length > 0).not.toBe(leftToFieldDocs(unsaid, draft).length > 0);
    for (const order of [[said, unsaid], [unsaid, said]]) {
      const { draftVerdicts, draftLeavesToFields, draftVerdict } = await coldRules();
      for (const doc of order) {
        expect(draftLeavesToFields(draftVerdicts(doc), doc, draft)).toBe(leftToFieldDocs(doc, draft).length > 0);
        expect(draftVerdict(draftVerdicts(doc), doc, draft).fails).toBe(droppedConstraints(doc, draft).length > 0 || brokenDocIssues(doc, draft).length > 0);
      }
    }
  });
});
