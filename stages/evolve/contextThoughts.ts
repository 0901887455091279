/**
 * The thought an inserted reply carries in CoT variants. Every other assistant turn of a CoT case
 * says why it does what it does; an inserted reply with an empty thought would mark the insertion.
 * Like the closing FinishAction thoughts (pipeline/prompts/standard.ts finishThought: "This needs
 * no tool call, so I can answer directly."), a short first-person note of what the reply is for —
 * asking to confirm the order, saying it is on its way, answering a menu question, asking for a
 * missing detail — naming the drink when the conversation named one. No wording repeats within a
 * case while another is left.
 */
import { endsOnQuestion, menuItems } from '../../pipeline/dialogueRules.js';

const DRINKS = new Set(['hot chocolate', 'chai latte', 'cold brew', 'iced coffee', 'drip coffee', 'flat white', 'matcha latte', 'green tea', 'black tea', 'herbal tea', 'cappuccino', 'macchiato', 'americano', 'espresso', 'frappuccino', 'frappe', 'cortado', 'steamer', 'mocha', 'latte', 'chai', 'matcha', 'smoothie']);

type Act = 'confirm' | 'ready' | 'answer' | 'clarify' | 'other';

const WORDINGS: Record<Act, ((d?: string, topic?: string) => string | undefined)[]> = {
  confirm: [
    (d) => d && `The ${d} order needs their confirmation before it goes to the coffee bar.`,
    (d) => d && `I have the ${d} order; they should check it before I send it off.`,
    (d) => d && `No tool is needed for the ${d} order, only their go-ahead on what the screen shows.`,
    () => 'The order needs a check from them before it goes to the coffee bar.',
    () => 'I should ask them to confirm the order before sending it off.',
    () => 'Nothing to look up here; the order just needs their confirmation.',
    () => 'Before anything is made, they should see the order and say it is right.',
  ],
  ready: [
    (d) => d && `They confirmed the ${d} order, so it can go to the bar now.`,
    (d) => d && `The ${d} order is settled; I can tell them it is being made.`,
    () => 'They confirmed the order, so I can send it to the coffee bar and say it will be ready soon.',
    () => 'The order is confirmed; all that is left is to tell them where to pick it up.',
    () => 'With the order confirmed, I can let them know it is being made.',
    () => 'That settles the order; I will tell them it is on its way.',
  ],
  answer: [
    (_, t) => t && `They want to know about the ${t}; I can answer that from the menu.`,
    (_, t) => t && `A question about the ${t}, which I can answer without a tool.`,
    () => 'This is a question about the menu, which I can answer directly.',
    () => 'They are asking about what we serve; no tool is needed to answer.',
    () => 'I know the menu, so I can answer this straight away.',
  ],
  clarify: [
    (d) => d && `One detail of the ${d} is still open, so I will ask about it first.`,
    () => 'I need a little more information before I can put this order in.',
    () => 'Something about the order is unclear, so I will ask before going on.',
    () => 'Before the order can be made I need one more detail from them.',
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
  if (asks && /\b(?:confirm|correct|right|accurate|okay|ok|good|check|verify|look)\b/i.test(reply)) return 'confirm';
  if (/\b(?:confirm|verify|check)\b[^.]*\border\b/i.test(reply) && !/\b(?:ready|coming|shortly|soon)\b/i.test(reply)) return 'confirm';
  if (/\b(?:ready|coming (?:right )?up|on (?:its|it'?s|the) way|pick (?:it |them )?up|shortly|soon|in a (?:few|bit|moment|minute)|being made|sent (?:it|your order)|will be out)\b/i.test(reply)) return 'ready';
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
