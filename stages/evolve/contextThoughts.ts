/**
 * The thought an inserted reply carries in CoT variants. Every other assistant turn of a CoT case
 * says why it does what it does; an inserted reply with an empty thought would mark the insertion.
 * Like the closing FinishAction thoughts (pipeline/prompts/standard.ts finishThought: "This needs
 * no tool call, so I can answer directly."), a short first-person note of what the reply is for —
 * reading the user's choice back, saying plainly that it cannot place the order, answering a
 * question about a drink, asking for a missing detail — naming the drink when the conversation
 * named one. No wording repeats within a
 * case while another is left.
 */
import { endsOnQuestion, menuItems } from '../../pipeline/dialogueRules.js';

const DRINKS = new Set(['hot chocolate', 'chai latte', 'cold brew', 'iced coffee', 'drip coffee', 'flat white', 'matcha latte', 'green tea', 'black tea', 'herbal tea', 'cappuccino', 'macchiato', 'americano', 'espresso', 'frappuccino', 'frappe', 'cortado', 'steamer', 'mocha', 'latte', 'chai', 'matcha', 'smoothie']);

type Act = 'confirm' | 'close' | 'answer' | 'clarify' | 'other';

/**
 * No wording says an order went anywhere: the inserted replies never place one (the coffee agent's
 * claims are undone in sources/dialogue/honest.ts), and a thought must agree with its reply.
 */
const WORDINGS: Record<Act, ((d?: string, topic?: string) => string | undefined)[]> = {
  confirm: [
    (d) => d && `I should read the ${d} back to them and check I have it right.`,
    (d) => d && `Before going on, they should hear the ${d} as I understood it.`,
    (d) => d && `Let me repeat the ${d} so they can correct anything I missed.`,
    () => 'I should repeat what they asked for and let them correct it.',
    () => 'Reading their choice back first avoids a mix-up.',
    () => 'They named what they want; a quick check that I heard it right comes first.',
  ],
  close: [
    (d) => d && `They settled on the ${d}, but I have no tool that orders it, so I must say so plainly.`,
    (d) => d && `The ${d} is decided; placing it is beyond what I can do here, and they should know that.`,
    (d) => d && `I cannot order the ${d} for them, so I will tell them what to ask for at the counter.`,
    () => 'They confirmed, yet none of my tools places an order; I should say that and leave the ordering to them.',
    () => 'None of my tools sends an order anywhere, so I should be clear that they need to order it themselves.',
    () => 'Their choice is settled; I can only tell them what to ask for, not order it.',
  ],
  answer: [
    (_, t) => t && `They want to know about the ${t}; I can say what I know about it.`,
    (_, t) => t && `A question about the ${t}, which needs no tool to answer.`,
    () => 'This is a question about the drinks, which I can answer directly.',
    () => 'They are asking about what goes into a drink; no tool is needed to answer.',
    () => 'I can answer this straight away from what I know.',
  ],
  clarify: [
    (d) => d && `One detail of the ${d} is still open, so I will ask about it first.`,
    () => 'I need a little more detail about what they want.',
    () => 'Something about their choice is unclear, so I will ask before going on.',
    () => 'Before we settle it I need one more detail from them.',
  ],
  other: [
    () => 'This needs no tool call, so I can answer directly.',
    () => 'Nothing here calls for a tool; I can reply straight away.',
    () => 'A plain reply is enough here; no tool is involved.',
    () => 'No tool is needed for this, so I will just answer.',
  ],
};

function actOf(user: string, reply: string): Act {
  const asks = endsOnQuestion(reply);
  if (/\b(?:can'?t|cannot|not able to|no way to|no ordering tool|up to you)\b[^.]*\b(?:order|place|send|reach|contact|put)\b|\b(?:order|place|send|reach|contact|put)\b[^.]*\b(?:can'?t|cannot|not able to)\b/i.test(reply)) return 'close';
  if (asks && /\b(?:confirm|correct|right|accurate|check|verify|is that it|heard you|i follow|read that back)\b/i.test(reply)) return 'confirm';
  if (/\?/.test(user) || /^(?:\W*(?:hi|hello|hey)\b\W*)?(?:what|which|how|do you|does|is there|are there|tell me)\b/i.test(user)) return 'answer';
  if (asks) return 'clarify';
  return 'other';
}

/** A small stable hash: which wording a reply gets depends on its text, not on call order. */
function hash(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * Thoughts for the replies of one insertion, in order. `turns` is the inserted conversation; each
 * reply's thought reads the user turn before it and the drink the conversation last named.
 */
export function contextThoughts(turns: { role: 'user' | 'assistant'; content: string }[], dialogueStarts: Set<number>): string[] {
  const used = new Set<string>();
  const out: string[] = [];
  let drink: string | undefined;
  turns.forEach((t, i) => {
    if (dialogueStarts.has(i)) drink = undefined;
    if (t.role === 'user') {
      const named = menuItems(t.content).find((m) => DRINKS.has(m));
      if (named) drink = named;
      return;
    }
    const user = turns[i - 1]?.role === 'user' ? turns[i - 1].content : '';
    const act = actOf(user, t.content);
    const topic = menuItems(user).find((m) => !['coffee', 'cup', 'cups', 'size', 'sizes'].includes(m));
    const options = WORDINGS[act].map((w) => w(drink, topic)).filter((s): s is string => !!s);
    const start = hash(t.content) % options.length;
    const rotated = [...options.slice(start), ...options.slice(0, start)];
    const thought = rotated.find((o) => !used.has(o)) ?? rotated[0];
    used.add(thought);
    out.push(thought);
  });
  return out;
}
