/**
 * A long-context case built from a café dialogue, for the read-back tests: the customer's turns as
 * user messages, the replies as FinishActions (a thought on each when `thought` is given), then the
 * task turn.
 */
export type Role = 'user' | 'assistant';
export type Turn = { role: Role; content: string };

/** Turns alternating customer, assistant, … */
export const dialogue = (...xs: string[]): Turn[] => xs.map((content, i) => ({ role: (i % 2 ? 'assistant' : 'user') as Role, content }));
/** The same turns as the dialogue rules read them. */
export const spoken = (d: Turn[]) => d.map((t) => ({ role: t.role, text: t.content }));

export function longContextCase(d: Turn[], thought?: string) {
  return {
    id: 'x~long_context', kind: 'internal', errorType: '', cot: !!thought, k: 1, trajectoryId: 't', source: 'bfcl', tools: [],
    messages: [
      { role: 'system', content: 'tools' },
      ...d.map((t) => (t.role === 'user' ? t : { role: 'assistant', content: JSON.stringify({ ...(thought ? { thought } : {}), name: 'FinishAction', args: t.content }) })),
      { role: 'user', content: 'Book a flight.' },
    ],
    groundTruth: { name: 'FinishAction', args: 'ok' },
    evolution: { strategy: 'long_context', method: 'rules', details: { longContext: { insertedAt: 1, messages: d.length, starts: [0] } } },
    provenance: { methods: {}, parents: [] },
  } as never;
}

export const noContext = { trajectory: () => undefined, baseCase: () => undefined } as never;
