/**
 * Does the small talk a noisy query adds make sense as English? Slot grammars (and careless
 * rewrites) produce sentences every word of which is fine but which no person would write:
 * "Curious when my wording makes sense", "the details reads right", "my phone is humming an hour
 * ago", "(Scratch that, I rechecked — correct as typed.)", "Grateful hugely", "Heya, Undecided on whether",
 * "anyway,. I've been". Each rule names one
 * such pattern; the checks run on the inserted text only (the user's request is upstream data).
 * Typos the rewrite added may hide a pattern from a rule, so the count is a lower bound.
 */

export type NoiseIncoherence = 'wh-predicate' | 'plural-subject' | 'progressive-past' | 'retracted-confirmation' | 'thanks-collocation' | 'fragment' | 'capital-after-comma' | 'stray-punctuation';

/** Predicates that judge a request ("makes sense"): one doubts *whether* or *how*, never *when* or *why*, it does. */
const JUDGEMENT = String.raw`(?:makes sense|is clear|fits here|reads right|is doable|sounds okay|sounds ok|is possible|belongs here|is the norm|works out|is too much|comes across)`;
const SUBJECT = String.raw`(?:this|that|it|my|the|what|everything|any|these)`;

const RULES: { rule: NoiseIncoherence; re: RegExp }[] = [
  // "Unsure when my wording makes sense"
  { rule: 'wh-predicate', re: new RegExp(String.raw`\b(?:when|why)\s+${SUBJECT}\b[^.?!;]{0,40}?\b${JUDGEMENT}`, 'i') },
  // "the details reads right", "my notes is clear": a plural noun phrase before a singular verb
  // (not "-ss", "-us", "-is": class, focus, analysis).
  { rule: 'plural-subject', re: /\b(?:the|my|these|those|all)\s+(?!(?:this|news|series|means|species)\b)[a-z]+[^siu'\s]s\s+(?:makes|reads|is|sounds|fits|comes|works|belongs|looks|seems|holds)\b/i },
  // "my phone is humming an hour ago": an ongoing state dated in the past.
  { rule: 'progressive-past', re: /\b(?:is|are|am|keeps|keep)\s+[a-z]+ing\b[^.;!?)]{0,30}?\b(?:ago|yesterday|last night|last week)\b/i },
  { rule: 'progressive-past', re: /\b(?:will not|won't)\s+[a-z]+\b[^.;!?)]{0,30}?\b(?:ago|yesterday|last night|last week)\b/i },
  // "(Scratch that, I rechecked - correct as typed.)": a retraction that then confirms.
  // "(Oops, I confirmed and it's good to go.)": a slip announced, then none found.
  { rule: 'retracted-confirmation', re: /\((?:oops|whoops)\b[^)]*\)/i },
  { rule: 'retracted-confirmation', re: /\b(?:scratch that|never mind|nevermind)\b[^)]{0,60}?\b(?:correct as typed|no edits|it stands|nothing changes|unchanged|still valid|as is|it holds|spot on|all good|it is right|that's what i meant|accurate|fine|good to go|checks out|what i want|all correct|exactly right|no changes|still right)\b/i },
  // "Grateful hugely", "Much appreciated loads": thanks that take no intensifier.
  { rule: 'thanks-collocation', re: /\b(?:grateful|much appreciated|appreciated)\s*,?\s+(?:loads|hugely|massively|heaps|a million|a lot|kindly|truly)\b/i },
  // "(Hmm, I reread - yes, that.)": a self-correction ending in a fragment.
  { rule: 'fragment', re: /[,;-]\s*(?:yes, that|as is|fine|accurate|spot on|unchanged)\.\)/i },
  // "Heya, Undecided on whether…": a greeting run on into a sentence that still starts with a capital.
  { rule: 'capital-after-comma', re: /[a-z],\s+(?!I\b)[A-Z][a-z'-]*(?:\s+[a-z'-]+){0,2}\s+(?:whether|if|how)\b/ },
  // "…anyway,. I've been": a connector left before the full stop that ends the hedge.
  { rule: 'stray-punctuation', re: /[a-z],\.(?:\s|$)/i },
];

/** The incoherences in a piece of inserted text, one per rule at most, with the matched words. */
export function noiseIncoherences(text: string): { rule: NoiseIncoherence; at: string }[] {
  const out: { rule: NoiseIncoherence; at: string }[] = [];
  const seen = new Set<NoiseIncoherence>();
  for (const { rule, re } of RULES) {
    if (seen.has(rule)) continue;
    const m = re.exec(text);
    if (m) {
      seen.add(rule);
      out.push({ rule, at: m[0] });
    }
  }
  return out;
}
