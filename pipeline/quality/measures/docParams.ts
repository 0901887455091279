/**
 * Can a reader of a case's tool docs tell each parameter from the others? Upstream's docs carry a
 * copy-paste slip: T-Eval's get_property_checkout_price describes checkOut as "The check-in date, it
 * must in the format of YYYY-MM-DD.", word for word its checkIn. A model reading it has no way to know
 * which date goes where but the parameter's name, and a benchmark of reading tool docs should not
 * hand it two identical ones.
 */
import type { TestCase } from '../../schemas.js';
import type { CaseMeasure } from '../types.js';

/** Two parameters of one shown tool whose descriptions are the same text, as "Tool: a, b", or undefined. */
export function paramsDescribedAlike(tools: TestCase['tools']): string | undefined {
  for (const t of tools) {
    const by = new Map<string, string[]>();
    for (const p of [...t.required_parameters, ...t.optional_parameters]) {
      const said = p.description.replace(/^\[(?:Required|Optional)\]\s*/i, '').trim().toLowerCase();
      if (said) by.set(said, [...(by.get(said) ?? []), p.name]);
    }
    const twins = [...by.entries()].find(([, names]) => names.length > 1);
    if (twins) return `${t.name}: ${twins[1].join(', ')} both "${twins[0].slice(0, 60)}"`;
  }
  return undefined;
}

export const docParamsDescribedAlike: CaseMeasure = {
  kind: 'case',
  id: 'doc_params_described_alike',
  group: 'solvable',
  title: 'a shown tool describes two of its parameters in the same words, so its doc cannot tell them apart (get_property_checkout_price: checkOut "The check-in date, it must in the format of YYYY-MM-DD.", as checkIn)',
  population: 'all cases',
  check: (tc) => paramsDescribedAlike(tc.tools) ?? null,
};
