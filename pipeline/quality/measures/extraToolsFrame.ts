/**
 * An added tool whose doc is framed unlike every tool the case lists: a T-Eval line ("get the open,
 * close and afterhours prices of a stock symbol on a certain date") among BFCL docs that all read
 * "This tool belongs to the trading system, … Tool description: …", or the reverse. A distractor in
 * the other benchmark's frame stands out as added, so a model can set it aside unread.
 */
import { addedExtraTools } from '../evidence.js';
import type { CaseMeasure } from '../types.js';

/** The frame of a doc: BFCL's toolkit preamble before "Tool description:", or a plain line. */
const frameOf = (description: string) => (/\bTool description:/.test(description) ? 'toolkit preamble' : 'plain line');

export const extraToolsDocFrameForeign: CaseMeasure = {
  kind: 'case',
  id: 'extra_tools_doc_frame_foreign',
  group: 'text',
  title: "extra tools: an added tool's doc is framed unlike every listed tool's (a T-Eval plain line among BFCL's \"This tool belongs to … Tool description: …\" docs, or the reverse)",
  population: 'evolved cases with extra tools',
  check(tc, ctx) {
    const added = addedExtraTools(tc);
    if (!added?.length) return undefined;
    const base = ctx.baseCase(tc.evolution!.baseCaseId);
    if (!base) return null;
    // The docs before any harder rewrite: the base's for the listed tools, the recorded originals for a mixed case's added ones.
    const originals = (tc.evolution?.details?.harderTools as { addedOriginals?: Record<string, string> } | undefined)?.addedOriginals ?? {};
    const listed = new Set(base.tools.map((t) => frameOf(t.description)));
    for (const name of added) {
      const doc = originals[name] ?? tc.tools.find((t) => t.name === name)?.description;
      if (doc !== undefined && !listed.has(frameOf(doc))) return `added ${name} has a ${frameOf(doc)} where every listed doc has a ${[...listed].join(' or ')}`;
    }
    return null;
  },
};
