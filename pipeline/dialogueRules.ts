/**
 * What a Long Context insertion must not hold, said as rules over plain dialogue text. The corpus
 * pool (sources/dialogue/context.ts) drops dialogues they flag; the quality measures
 * (pipeline/quality/measures/context.ts) look for the same defects in shipped cases.
 *
 * - a reply that ends on a question nobody answers (the conversation stops on "Is this correct?");
 * - a reply saying the shop has no such drink ("We don't have Mocha available. Did you mean
 *   'Macchiato'?"): Taskmaster-4's scenarios each had their own menu, so two dialogues of one
 *   insertion, or one dialogue with itself, disagree about what is on it;
 * - a reply declining a topic ("Sorry I have no idea, but I can help you order your coffee"): the
 *   case's assistant is a tool user, and it is not for its own history to say it only takes orders;
 * - a greeting opening a conversation, a farewell closing one: two of either in one insertion
 *   read as separate visits stitched together, not one conversation.
 */

/** A line as compared for repetition: lower case, words only. */
export function normalizeLine(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Words of a line, as the repetition measures count them. */
export function lineWords(text: string): number {
  const n = normalizeLine(text);
  return n ? n.split(' ').length : 0;
}

/** A question the text ends on: a final "?", or a last sentence that asks without one ("is this correct"). */
export function endsOnQuestion(text: string): boolean {
  const t = text.trim();
  if (/\?\s*["')\]]*$/.test(t)) return true;
  const last = t.split(/(?<=[.!])\s+/).pop() ?? t;
  return /^(?:ok(?:ay)?[,.]?\s+)?(?:is|does|do|can|could|would|will|are|should|shall|what|which|how|did|anything|may)\b[^.!]*$/i.test(last.trim());
}

/** Drinks and menu words of the coffee-ordering corpus, longest first so "chai latte" wins over "latte". */
const MENU = [
  'sugar free vanilla', 'hot chocolate', 'chai latte', 'cold brew', 'iced coffee', 'drip coffee', 'flat white', 'matcha latte', 'green tea', 'black tea', 'herbal tea',
  'cappuccino', 'macchiato', 'americano', 'espresso', 'frappuccino', 'frappe', 'cortado', 'steamer', 'mocha', 'latte', 'chai', 'matcha', 'smoothie', 'tea', 'coffee', 'decaf',
  'vanilla', 'hazelnut', 'caramel', 'honey', 'syrup', 'sweetener', 'oat milk', 'almond milk', 'soy milk', 'coconut milk', 'whole milk', 'milk', 'whipped cream', 'cream', 'sugar',
  'pastry', 'pastries', 'muffin', 'croissant', 'bagel', 'sandwich', 'cookie', 'cake', 'food', 'size', 'sizes', 'price', 'cup', 'cups', 'ice',
];

/** Each menu word's pattern (as a word, plural allowed), compiled once: menuItems runs for every inserted turn. */
const MENU_PATTERNS = MENU.map((item) => ({ item, re: new RegExp(` ${item}(?:e?s)? `, 'g') }));
/** The same turns recur across insertions and checks: their answers are kept (a bounded memo). */
const menuMemo = new Map<string, readonly string[]>();
const MENU_MEMO_SIZE = 20_000;

/** Menu words a text names (singular, lower case), in the order of MENU. Shared: callers must not change it. */
export function menuItems(text: string): string[] {
  const hit = menuMemo.get(text);
  if (hit) return hit as string[];
  let rest = ` ${text.toLowerCase().replace(/[’']/g, '').replace(/[^a-z0-9]+/g, ' ')} `;
  const out: string[] = [];
  for (const { item, re } of MENU_PATTERNS) {
    re.lastIndex = 0;
    if (re.test(rest)) {
      out.push(item);
      rest = rest.replace(re, ' ');
    }
  }
  if (menuMemo.size >= MENU_MEMO_SIZE) menuMemo.clear();
  menuMemo.set(text, out);
  return out;
}

const UNAVAILABLE = [
  /\b(?:don'?t|do not|doesn'?t|does not|dont)\s+(?:currently\s+|really\s+|actually\s+)?(?:have|carry|serve|offer|sell|make|see)\b/i,
  /\bnot\s+(?:on|in)\s+(?:the|our)\s+menu\b/i,
  /\b(?:isn'?t|is not|aren'?t|are not|not)\s+(?:currently\s+)?(?:available|on (?:the|our) menu|offered|served)\b/i,
  /\bunavailable\b|\bsold out\b|\bout of stock\b|\b(?:ran|run|are|were|we'?re) out of\b|\bno longer\b/i,
  /\bdid you (?:mean|want)\b|\b(?:would|do) you (?:like|want) (?:a|an|the) [^?]{1,30} instead\b/i,
  /^(?:sorry,?\s*)?no\b[^.?!]*\b(?:here|today)\b/i,
  /\bwe only (?:have|serve|offer|carry)\b/i,
];

/**
 * What a reply says the shop does not have, or undefined when it does not say so: the menu words
 * before any suggestion ("did you mean 'Macchiato'?" names what they do have), or [] when it names
 * none ("we don't have that").
 */
export function saysUnavailable(text: string): string[] | undefined {
  if (!UNAVAILABLE.some((re) => re.test(text))) return undefined;
  const denied = text.split(/\b(?:did you|would you|do you|but we|we (?:do|only) have|instead|how about|maybe|perhaps|can i (?:get|offer))\b/i)[0];
  return menuItems(denied).filter((i) => !['coffee', 'tea', 'milk', 'food', 'size', 'sizes', 'cup', 'cups', 'price'].includes(i));
}

const DECLINES = [
  /\bno idea\b/i,
  /\b(?:can|could|am able to)\s+only\b|\b(?:i|we)\s+(?:am\s+|are\s+|'m\s+|'re\s+)?only\s+(?:help|assist|able|here|take orders)\b/i,
  /\b(?:help|assist)\s+you\s+(?:with\s+)?(?:ordering|order|place|placing|get|getting|with (?:your|an|a) (?:coffee|order|drink))/i,
  /\b(?:can'?t|cannot|can not|unable to|not able to)\s+(?:help|answer|assist|tell|do|give|provide|say|speak|comment)\b/i,
  /\bi (?:don'?t|do not|dont) (?:know|have (?:an? )?(?:answer|information|info|opinion|access))\b/i,
  /\bi'?m (?:just|only) (?:a|an|here)\b|\bi'?m not sure\b|\bnot (?:something|a question) i\b/i,
  /\b(?:out(?:side)? of|beyond) my\b|\bnot (?:within|in) my\b/i,
];

/** Whether a reply declines what it was asked (a topic it says it cannot help with or does not know). */
export function declines(text: string): boolean {
  return DECLINES.some((re) => re.test(text));
}

/** A user turn that opens with a greeting ("Hi", "Hello there", "Good morning"). */
export function opensWithGreeting(text: string): boolean {
  return /^\W*(?:hi|hii+|hello|hey|heya|hiya|howdy|greetings|good (?:morning|afternoon|evening|day)|yo)\b/i.test(text.trim());
}

/** A turn that takes leave ("Have a Brew-tiful day!", "Thanks, bye", "See you"). */
export function takesLeave(text: string): boolean {
  return /\b(?:good\s?bye|bye|see you|see ya|take care|have an? (?:\w+[- ])?(?:\w+ )?(?:day|morning|afternoon|evening|night|one|weekend)|enjoy your (?:day|drink|coffee|evening|morning))\b/i.test(text);
}
