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
import { perText } from './textMemo.js';
import { levenshtein } from './editDistance.js';
import { escapeRegExp } from './errors/vocabulary.js';

/** Texts each remembered rule keeps (pipeline/textMemo.ts): the corpus has some 20,000 distinct turns and read-backs. */
const TEXT_MEMO_SIZE = 50_000;

/** Drink names long enough that a near miss is a misspelling, not another word ("Machiatto", "cuppuccino", "Corado"). */
const SPELT_DRINKS = ['cappuccino', 'frappuccino', 'macchiato', 'americano', 'espresso', 'chocolate', 'cortado', 'matcha', 'coffee', 'hazelnut', 'sweetener', 'caramel'];
/** English words a near miss must not be taken from ("offer" is two edits from "coffee"). */
const NOT_DRINKS = new Set(['offer', 'offers', 'watch', 'match', 'steamed', 'latest', 'tornado', 'american', 'americans', 'toffee', 'coffer', 'coffees', 'corrado', 'cortana', 'mocca', 'matches', 'matched', 'cartoon', 'sweetened', 'sweetens', 'sweeten', 'sweeteners']);
/** A customer's short or misspelt word for a drink after an article, a count, a size or a milk ("an oat milk late", "two capps", "an American with vanilla"). */
const SPELT_IN_CONTEXT: [RegExp, string][] = [
  [/(?<=\b(?:iced|hot|an?|one|two|milk|vanilla|caramel|small|medium|large|decaf|skinny) )lat(?:e|ter)\b/gi, 'latte'],
  [/(?<=\b(?:an?|one|large|small|medium|iced|hot|decaf|double) )american\b(?= (?:with|please|coffee\b)|[.!?,]|$)/gi, 'americano'],
  [/\bcapps\b/gi, 'cappuccinos'],
  [/\bcapp\b/gi, 'cappuccino'],
  [/\bmacha(?= lattes?\b)/gi, 'matcha'],
  // "two of the mache lattes": the corpus's other spelling of matcha before a latte.
  [/\bmache(?= lattes?\b)/gi, 'matcha'],
  // "a Matcha Letta": the corpus's spelling of a latte after what flavours one.
  [/(?<=\b(?:matcha|chai|vanilla|caramel|hazelnut|mocha|iced|hot|an?|one|decaf|oat milk|almond milk) )lett?a\b/gi, 'latte'],
  [/(?<=\b(?:matcha|chai|vanilla|caramel|hazelnut|mocha|iced|hot|two|three|decaf|oat milk|almond milk) )lett?as\b/gi, 'lattes'],
  [/\bdecafe\b/gi, 'decaf'],
  [/\bdecalf\b/gi, 'decaf'],
  [/\bdecaff\b/gi, 'decaf'],
  [/\bdecaff?inated\b/gi, 'decaffeinated'],
  [/\bdecaffeinteated\b/gi, 'decaffeinated'],
  // The corpus's other slips a read-back said as typed (evolve 75: "a sinlge shot latte", "a Lavendar Earl Grey tea", "a Tripe macchiato", "a Cortana with 2% milk", "An ordera cortado").
  [/\bsinlge\b/gi, 'single'],
  // "a not-fat milk Cortado": the corpus's slip for non-fat, read back as meant (the read-back said "a not-fat milk cortado … and non-fat milk": long_context_milk_twice).
  [/\bnot[- ]fat(?= milk\b)/gi, 'non-fat'],
  [/\blavendar\b/gi, 'lavender'],
  [/(?<=\b(?:an?|one) )tripe(?= (?:shot |espresso )?(?:latte|mocha|macchiato|cappuccino|cortado|americano|espresso)s?\b)/gi, 'triple'],
  [/(?<=\b(?:an?|one|the) )cortana(?= (?:with|and|to|for|please)\b|\s*[.,?!]|$)/gi, 'cortado'],
  [/\border(?=a (?:(?:[\w%-]+ ){0,3})?(?:latte|mocha|macchiato|cappuccino|cortado|americano|espresso|tea|coffee|chai)s?\b)/gi, 'order '],
];
const spellMemo = new Map<string, string>();

/**
 * The customer's drinks spelt right ("a decaffinated cuppuccino" -> "a decaffeinated cappuccino",
 * "a Machiatto" -> "a Macchiato", "an Almond Corado" -> "an Almond Cortado"): a word within one edit
 * of a drink name of 6+ letters, or two of one of 8+, that is no English word, takes the drink's
 * spelling (its plural and its capital kept); short forms and near misses that are words only in an
 * order's place ("an oat milk late", "two capps"). Everything else as written.
 */
export function spellDrinks(text: string): string {
  return spellDrinksMemo(text);
}
const spellDrinksMemo = perText((text: string): string => {
  let out = text;
  for (const [re, to] of SPELT_IN_CONTEXT) out = out.replace(re, (m) => (/^[A-Z]/.test(m) ? to.charAt(0).toUpperCase() + to.slice(1) : to));
  return out.replace(/\b[A-Za-z]{5,}\b/g, (word) => {
    const low = word.toLowerCase();
    if (NOT_DRINKS.has(low) || low.length > 13) return word;
    let to = spellMemo.get(low);
    if (to === undefined) {
      to = low;
      const plural = /[^s]s$/.test(low) && !SPELT_DRINKS.includes(low);
      const stem = plural ? low.slice(0, -1) : low;
      for (const d of SPELT_DRINKS) {
        if (stem === d) break;
        const limit = d.length >= 8 ? 2 : 1;
        if (Math.abs(stem.length - d.length) > limit || stem[0] !== d[0]) continue;
        if (levenshtein(stem, d) <= limit) {
          to = plural ? `${d}s` : d;
          break;
        }
      }
      if (spellMemo.size > 5000) spellMemo.clear();
      spellMemo.set(low, to);
    }
    if (to === low) return word;
    return /^[A-Z]/.test(word) ? to.charAt(0).toUpperCase() + to.slice(1) : to;
  });
}, TEXT_MEMO_SIZE);

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

/**
 * The drinks a reply names, as a thought about it says them: two kinds as "mocha and the cortado"
 * (after "the"), one kind the reply counts more than one of as its plural ("cortados"), else the
 * one. Undefined when it names none.
 */
/**
 * Espresso said as what goes into the drink, not a drink of its own: "a mocha with half the
 * espresso", "a cortado with 2% milk and a shot of espresso", "a single espresso shot", "a dash of espresso", "a 12oz latte with decaf espresso and
 * non-fat milk", "a 12oz Latte espresso with milk and foam".
 */
const INGREDIENT_ESPRESSO = /\b(?:half|double|twice|extra|more|less)\s+(?:of\s+)?(?:the|an?)\s+(?:espresso|shots?)\b|\b(?:(?:an?|one|two|three|extra|additional|double|single|triple|\d+)\s+)*(?:extra\s+|additional\s+)?shots?\s+of\s+(?:(?:decaf(?:feinated)?|regular|blonde)\s+)?espresso\b|\bwith\s+(?:(?:decaf(?:feinated)?|regular|half-?caf|extra|double|blonde)\s+)?espresso\b|(?<=\b(?:latte|mocha|cappuccino|macchiato|cortado|americano)\s+)espresso\b|\b(?:(?:an?|one|two|three|single|double|triple|extra|additional|\d+)\s+)+(?:extra\s+)?espresso\s+shots?\b|\b(?:a\s+)?(?:dash|splash|drop|bit|touch|hint)\s+of\s+espresso\b/gi;

/** The text with espresso said as an ingredient blanked out, its length kept ("… with decaf espresso and …" -> "…                      and …"). */
export function withoutIngredientEspresso(text: string): string {
  return /espresso/i.test(text) ? text.replace(INGREDIENT_ESPRESSO, (m) => ' '.repeat(m.length)) : text;
}

/** A latte named by its tea ("a chai tea latte", "two green tea lattes"): one drink, not a chai and a tea; its name as the customer said it, by the menu drink it stands for. */
const TEA_LATTE = /\b(chai|matcha(?: green)?|green) tea latte(s?)\b/gi;

export function replyDrinks(said: string): { phrase: string; plural: boolean } | undefined {
  // "a mocha with half the espresso", "… and a shot of espresso": what goes into the drink, no second drink.
  // "the chai tea latte" is one drink, read as the chai latte it is and named as said (evolve 75: "the chai and the tea", closed "mention them").
  const teaNames = new Map<string, string>();
  const text = withoutIngredientEspresso(said).replace(TEA_LATTE, (_m, tea: string, s: string) => {
    const drink = /^chai$/i.test(tea) ? 'chai latte' : 'matcha latte';
    if (!teaNames.has(drink)) teaNames.set(drink, `${tea.toLowerCase()} tea latte`);
    return `${drink}${s}`;
  });
  const named0 = replyDrinksOf(text);
  if (!named0 || teaNames.size === 0) return named0;
  const phrase = named0.phrase.replace(/\b(chai latte|matcha latte)(?=s?\b)/g, (d) => teaNames.get(d) ?? d);
  return { phrase, plural: named0.plural };
}

function replyDrinksOf(text: string): { phrase: string; plural: boolean } | undefined {
  const lower = text.toLowerCase();
  const named = menuItems(text)
    .filter((m) => NAMED_DRINKS.has(m))
    .sort((a, b) => lower.indexOf(a) - lower.indexOf(b));
  if (named.length === 0) return undefined;
  if (named.length >= 2) return { phrase: `${named[0]} and the ${named[1]}`, plural: true };
  const one = named[0];
  // "the latte with almond milk and the one with oat milk", "a decaf mocha and a regular one": a second of the drink said as "one".
  const counted = new RegExp(`\\b(?:two|three|four|both|[2-9])\\b[^.?!]*?\\b${escapeRegExp(one)}s\\b|\\bthe (?:\\w+ )?${escapeRegExp(one)}s\\b|\\b${escapeRegExp(one)}\\b[^.?!;]*?\\b(?:and|plus) (?:the|a|an|another) (?:[\\w%-]+ ){0,2}?one\\b(?! (?:to|of|for)\\b)|\\b${escapeRegExp(one)}\\b[^.?!;]*?\\band the other\\b`, 'i').test(text);
  return counted ? { phrase: `${one}s`, plural: true } : { phrase: one, plural: false };
}

/** Menu words a text names (singular, lower case), in the order of MENU. Shared: callers must not change it. */
export function menuItems(text: string): string[] {
  const hit = menuMemo.get(text);
  if (hit) return hit as string[];
  // "coffee ice cream" on a macchiato is a topping, no coffee ordered besides it.
  let rest = ` ${text.toLowerCase().replace(/[’']/g, '').replace(/[^a-z0-9]+/g, ' ').replace(/\bcoffee (?=ice ?cream\b)/g, '')} `;
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
  /\b(?:don'?t|do not|doesn'?t|does not|dont)\s+(?:currently\s+|really\s+|actually\s+|seem to\s+|think (?:we|they)\s+)?(?:have|carry|serve|offer|sell|make|see|find|stock)\b/i,
  // "I can't find mocha on the menu", "cold brew doesn't match any menu items", "they've never had Jello",
  // "Sorry, they do not, please see their menu above", "They dont but take a look", "I'm sorry, I don't.".
  /\b(?:can'?t|cannot|could ?n'?t|could not|unable to)\s+(?:seem to\s+)?(?:find|see|spot|locate)\b[^.?!]{0,40}\b(?:on|in) (?:the|our|their|this) menu\b/i,
  /\b(?:doesn'?t|does not|don'?t|do not) match (?:any|anything)\b|\bnever (?:had|carried|served|offered|sold|stocked)\b/i,
  // "i would like a white flat" -> "nothing matches that": a reply that reads a menu it cannot see.
  /^\W*nothing (?:matches|by that name|like that)\b/i,
  /\b(?:they|we|i) (?:do not|don'?t|dont|does not|doesn'?t)\b(?=\s*(?:[,.!;]|but\b|$))/i,
  /\bnot\s+(?:on|in)\s+(?:the|our)\s+menu\b/i,
  /\b(?:isn'?t|is not|aren'?t|are not|not)\s+(?:currently\s+)?(?:available|on (?:the|our) menu|offered|served)\b/i,
  /\bunavailable\b|\bsold out\b|\bout of stock\b|\b(?:ran|run|are|were|we'?re) out of\b|\bno longer\b/i,
  /\bdid you (?:mean|want)\b|\bdo you mean\b|\b(?:would|do) you (?:like|want) (?:a|an|the) [^?]{1,30} instead\b/i,
  /^(?:sorry,?\s*)?no\b[^.?!]*\b(?:here|today)\b/i,
  /\bwe only (?:have|serve|offer|carry)\b/i,
  // "Unfortunately, there is no Americano on our menu.", "There's nothing on the menu by that name."
  /\b(?:no|not|don'?t|do not|doesn'?t|does not|isn'?t|is not)\b[^.?!]{0,40}\b(?:on|in) (?:the|our|their) menu\b|\bnothing (?:on|in) (?:the|our|their) menu\b/i,
];

/**
 * What a reply says the shop does not have, or undefined when it does not say so: the menu words
 * before any suggestion ("did you mean 'Macchiato'?" names what they do have), or [] when it names
 * none ("we don't have that").
 */
export function saysUnavailable(raw: string): string[] | undefined {
  // Typed apostrophes as well as straight ones ("I don’t see cappuccino on the menu").
  const text = raw.replace(/[’‘]/g, "'");
  if (!UNAVAILABLE.some((re) => re.test(text)) || saysNoMenu(text)) return undefined;
  const denied = text.split(/\b(?:did you|would you|do you|but we|we (?:do|only) have|instead|how about|maybe|perhaps|can i (?:get|offer))\b/i)[0];
  return menuItems(denied).filter((i) => !['coffee', 'tea', 'milk', 'food', 'size', 'sizes', 'cup', 'cups', 'price'].includes(i));
}

const DECLINES = [
  /\bno idea\b/i,
  /\b(?:can|could|am able to)\s+only\b|\b(?:i|we)\s+(?:am\s+|are\s+|'m\s+|'re\s+)?only\s+(?:help|assist|able|here|take orders)\b/i,
  /\b(?:help|assist)\s+you\s+(?:with\s+)?(?:ordering|order|place|placing|get|getting|with (?:your|an|a) (?:coffee|order|drink))/i,
  /\b(?:can'?t|cannot|can not|unable to|not able to)\s+(?:really\s+)?(?:help|answer|assist|tell|do|give|provide|say|speak|comment|talk|discuss|chat|share|recommend)\b/i,
  // "I'm sorry I can't talk about movies, but I can take your order", "I do not help with that",
  // "not really familiar with ChatGPT", "never heard of this show", "not at liberty to say",
  // "I am a specialist on weather but we have plenty hot drinks".
  /\bbut (?:i|we) can (?:take|help|get|make|offer)\b|\b(?:i|we) (?:do not|don'?t|dont) (?:help|deal|do) with\b/i,
  /\bnot (?:really |very |too |that |so )?familiar with\b|\bnever (?:heard|seen) (?:of|about)\b|\bnot at liberty\b|\bspeciali[sz](?:t|e) (?:on|in)\b/i,
  /\b(?:not|never) (?:something|anything) (?:i|we) (?:know|talk|can)\b|\bno clue\b|\bnot qualified\b/i,
  /\bi do know (?:a lot |a bit |plenty )?about\b|\b(?:i|we) (?:only )?know (?:a lot )?about (?:coffee|tea|drinks)\b/i,
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

const SELF_NAMED = /\b(?:I'm|I am|[Mm]y name is|[Mm]y name's|[Tt]his is|under the name|the name (?:for (?:the|this|my) order )?is|name for (?:the|this|my) order is)\s+([A-Z][a-z]+)\b|^\W*(?:(?:hi|hello|hey)\W+)?([A-Z][a-z]+)\s+here\b/;
/** Capitalised words after "I'm" that are no name ("I'm Ready", "Sorry, I'm Not sure"). */
const NOT_NAME = /^(?:Sorry|Just|Not|So|Here|Good|Looking|Going|Ready|Sure|Okay|Ok|Still|Fine|Great|Yes|No|Hi|Hello|Hey|Interested|Thinking|Wondering|Hoping|Trying|Getting|Calling|New|Back|Also|Actually|Really|Very|Glad|Happy)$/;
/** A customer's turn saying their own name ("I'm Marge, and I need …", "My name's Bob", "a Latte under the name Bob"), not an order for someone ("a cortado for Gail"). */
export function namesSelf(text: string): boolean {
  const m = SELF_NAMED.exec(text);
  const name = m && (m[1] ?? m[2]);
  return !!name && !NOT_NAME.test(name);
}

/** A turn that takes leave ("Have a Brew-tiful day!", "Thanks, bye", "See you"). */
export function takesLeave(text: string): boolean {
  return /\b(?:good\s?bye|bye|see you|see ya|take care|have an? (?:\w+[- ])?(?:\w+ )?(?:day|morning|afternoon|evening|night|one|weekend)|enjoy your (?:day|drink|coffee|evening|morning))\b/i.test(text);
}

/** Words of a user turn that keep it on the coffee order (the menu's words and the shop's); "here" only as the shop ("what do you serve here", "for here"), not as where the customer is ("Will the snow storm arrive here tomorrow?"). */
const SHOP_WORDS = /\b(?:order\w*|menu|drinks?|coffees?|teas?|caf[eé]s?|shop|bar|barista|cups?|sizes?|hot|iced|cold|sweet\w*|milk|food|eat|snacks?|pastr\w*|prices?|cost|pay|wifi|restroom|bathroom|tables?|seats?|recommend\w*|special\w*|caffeine|flavou?rs?|brew\w*|roast\w*|beans?|foam|shots?|ounces?|oz|syrups?|whip\w*|straws?|lids?|to go|for here|(?:have|offer\w*|serve[sd]?|sell\w*|sold|carr\w*|make|made|stock\w*|get|buy|order\w*|available|use|add)\b[^.?!]{0,40}\bhere)\b/i;
const SMALL_TALK = /^(?:\W*(?:hi|hello|hey|good (?:morning|afternoon|evening)|ok(?:ay)?|so|well|there)\b[,.!]*\s*)*(?:how are (?:you|things)|how'?s (?:it going|your day|everything)|how is your day|what'?s up|how do you do)\b/i;

/** Asking the shop for something, whatever it is ("Do you serve any wine?", "Can I get a jin xuan?"). */
const ASKS_SHOP = /\b(?:can|could|may) i (?:please |just )?(?:get|have|see|order|try)\b|\bearl gr[ae]y\b|\b(?:do|did) you (?:guys |all )?(?:\w+ )?(?:have|sell|serve|carry|make|offer|stock)\b(?! (?:any |an )?idea)|\byou (?:guys |all )?(?:have|sell|serve|carry)\b(?! (?:any |an )?idea)|\b(?:can|could) you (?:make|get)\b|\bable to make\b|\bhappen to have\b|\bmenus?\b|\boptions\b|\bcoff?e+\b|\bbreakfast\b/i;

/**
 * A user question about something besides the coffee ("Who is the best youtube fashion star now?",
 * "Do you know when the rain will stop?"): the corpus's coffee agent declines it or makes an answer
 * up ("I would say Jennifer Anniston."), and neither is for the case's assistant to have said.
 */
export function asksOffTopic(text: string): boolean {
  const t = text.trim();
  const asks = /\?/.test(t) || /^(?:\W*(?:hi|hello|hey|so|ok(?:ay)?|well|um+)\b[,.!]*\s*)*(?:what|which|who|whom|whose|when|where|why|how|do you|did you|does|is there|are there|have you|can you tell|could you tell|tell me|any idea|know)\b/i.test(t);
  if (!asks || SMALL_TALK.test(t)) return false;
  return menuItems(t).length === 0 && !SHOP_WORDS.test(t) && !ASKS_SHOP.test(t);
}

/**
 * What an assistant's sentence claims it did or is doing in the world, or undefined. The corpus's
 * coffee agent places orders ("Okay, order place. It will be ready soon!", "Great choice! I put it
 * in for you.", "I'll send it to the coffee bar"); the case's assistant has no tool for that, so
 * such a line in its own history is a claim nothing backs. Also what only a shop's till can do: a
 * screen showing the order ("Please confirm the order that is shown."), a pickup at the bar, a time
 * it will be ready or a wait ("It'll be just a couple of minutes.", "Please wait for a bit."), a
 * fetch offer ("What can I get for you?"). A negated act ("I can't place orders from here") claims nothing.
 */
const CLAIMS: RegExp[] = [
  /\b(?:will|'ll|should|shall|(?:is|are|'s|'re) going to|gonna|ll)\s+(?:\w+\s+)?(?:be\s+)?(?:right\s+)?(?:ready|out|up|done|made|prepared|available|finished|brewing|coming|over|served|waiting)\b/i,
  /\bready\b(?!\s+to order)/i,
  /\b(?:coming (?:right )?(?:up|out)|on (?:its|it'?s|the|their|your) way|being (?:made|prepared|brewed|processed)|in the works|under ?way|in progress)\b/i,
  /\b(?:pick(?:ing)? (?:it|them|that|this|those|these|your \w+(?: \w+)?|up)|collect (?:it|them|your)|proceed to|head (?:over )?to|check back|wait (?:for it )?(?:at|by|over))\b/i,
  /\b(?:coffee|espresso|pickup|pick-up) (?:bar|counter|station|area|window)\b|\b(?:at|to|by|from) the bar\b/i,
  /\b(?:screen|displayed|display|monitor|receipt|total)\b/i,
  /\b(?:order|drink|coffee|it|that)(?:'s| is| was| has been| have been)?\s+(?:been\s+)?(?:placed|place|sent|submitted|entered|received|processed|put in|in the system|rung up|on order)\b/i,
  /\b(?:i|we|ill|ive|im|we'?ll)(?:'ll|'ve|'m|'d|'re| will| have| am| are| shall| just| now| already| also| then| can| could| would| gonna| going to| about to| go ahead and| go and| go| get right on| be)*\s+(?:send|sending|sent|submit|submitting|submitted|forward(?:ing|ed)?|put(?:ting)?|plac(?:e|ed|ing)|start(?:ed|ing)?|begin(?:ning)?|began|mak(?:e|ing)|made|prepar(?:e|ed|ing)|bring(?:ing)?|brought|ring(?:ing)?|rang|process(?:ed|ing)?|pass(?:ed|ing)?|add(?:ed|ing)?|whip(?:ped|ping)?|fix(?:ed|ing)?|chang(?:e|ed|ing)|updat(?:e|ed|ing)|correct(?:ed|ing)|switch(?:ed|ing)?|punch(?:ed|ing)?|swap(?:ped|ping)?|amend(?:ed|ing)?|adjust(?:ed|ing)?|modif(?:y|ied|ying)|brew(?:ed|ing)?|order(?:ed|ing)? (?:you|it|that|this|them|for|one|some|a|an|coffee|tea|drinks?|your)|enter(?:ed|ing)?|key(?:ed|ing)?|get (?:for )?(?:you|it|that|this|them|those|your|right|started|going|on it|to work)|work on|handle|take care of)\b/i,
  /\b(?:can|may|shall|could) (?:i|we) get (?:you|for you|that|it|something|anything)\b|\bwhat (?:can|may|shall|could|would) (?:i|we) (?:get|make|fix|bring)\b|\blet me (?:just |quickly )?(?:get|send|put|place|make|start|add|grab|ring|bring|fix|enter|key|type|input|submit|punch)\b/i,
  /\b(?:in|within) (?:just |only |about |around |under |less than )*(?:(?:a|an) )?(?:(?:few|couple(?: of)?|several|\d+|two|three|four|five|ten|fifteen)\s*(?:more\s+)?(?:minutes?|mins?|moments?|seconds?|secs?)\b|(?:few|couple|bit|moments?|jiffy|sec|second|minute|flash)\b)|\b(?:shortly|momentarily|soon|right away|in no time|asap)\b|\bin (?:a )?(?:short|little|small) (?:amount of time|while|bit|time)\b/i,
  /\b(?:before|prior to|after|once)\s+(?:i\s+|we\s+)?(?:send|sending|sent|forward(?:ing)?|submit(?:ting)?|plac(?:e|ing)|put(?:ting)?)\b|\b(?:be|been|being|gets?|getting) (?:sent|forwarded|submitted|placed)\b|\bto be (?:made|prepared|brewed)\b|\b(?:will|'ll|shall)\s+have\s+(?:that|it|this|them|those|your \w+)\s+(?:\w+\s+)?(?:up|out|ready|done|made|over)\b/i,
  // "Okay, the adjustment has been made.", "It's all set.", "OK, done.": the order changed or placed.
  /\b(?:adjustments?|changes?|updates?|corrections?|modifications?) (?:has|have) been (?:made|done|applied)\b|\b(?:has|have) been (?:changed|updated|adjusted|corrected|modified|fixed)\b|^\W*(?:(?:ok(?:ay)?|alright|all right|great|perfect|good|thanks?|thank you)[,.!]?\s*)*(?:it'?s|it is|you'?re|you are|we'?re|we are|everything'?s|everything is|that'?s|that is) (?:all )?set\b(?! (?:for|on|to)\b)|^\W*(?:(?:ok(?:ay)?|alright)[,.!]?\s*)?(?:all )?(?:set|done)\W*$/i,
  // "Okay I'll get working on that.", "We'll get right on it", "Okay, I'll get the order done!": the making started.
  /\b(?:get|getting|gets|got)\s+(?:right\s+)?(?:(?:working|started|going|busy)\s+on|on)\s+(?:that|it|this|them|those|your (?:order|drink|\w+))\b|(?:\b(?:will|gonna|going to|am)|'ll|'m)\s+(?:just\s+)?(?:get|getting|have|having)\s+(?:the|your|that|this) (?:order|drinks?|coffees?)\s+(?:done|going|started|in|through)\b/i,
  /^\W*enjoy\W*$|\bi (?:have|'ve got|got) (?:a|an|one|two|your|the|that) [^.?!]{0,30}\bfor you\b|\b(?:happy|glad|pleased) to (?:get|make|bring|prepare|whip up) (?:that|it|this|one|them|those|your \w+)(?: (?:for you|started|going|up))?\b|\b(?:here|there) (?:you go|you are|it is|is your|'s your|are your)\b|\b(?:the )?order you see\b|\byou see (?:there|here|on (?:the|your) screen)\b|\bhere(?:'s| is) (?:your|the) (?:order|drink|coffee|menu)\b|\bhere'?s (?:that|this|it)\b/i,
  /\benjoy (?:your|the) (?:drink|coffee|order|tea|latte|beverage|\w+ (?:latte|coffee|tea))\b|\bthanks? (?:you )?for (?:your|the) order(?:ing)?\b|\bthanks? for ordering\b|\bfor your (?:business|purchase|patronage)\b|\bthat(?:'ll| will) be \$/i,
  // How long the making takes ("It'll be just a couple of minutes.", "Thanks, give us just a few
  // minutes", "Ok, that will only take a moment.", "Please wait for a bit.", "The wait won't be very long").
  /\b(?:take|be|give (?:us|me)|need)\s+(?:just\s+|only\s+|about\s+|around\s+|under\s+)*(?:(?:a|one)\s+)?(?:(?:few|couple(?: of)?|several|\d+|two|three|four|five|ten|fifteen)\s+(?:more\s+)?(?:minutes?|mins?|moments?|seconds?|secs?)|moment|minute|sec(?:ond)?|jiffy)\b|\b(?:please |just )?wait(?:ing)? (?:for (?:a (?:bit|moment|minute|sec(?:ond)?|little)|your|it|them|the)|a (?:bit|moment|minute|sec(?:ond)?|little|the)|at|by|over|here)\b|\b(?:have|need) to wait\b|\bwait time\b|\bthe wait\b|\b(?:won'?t|will not|shouldn'?t|should not) (?:be|take) (?:very |too |that |so )?long\b/i,
  // An order on a display the chat does not have ("Please confirm the order that is shown.", "Your
  // order is shown here.", "Take a look at this, is this what you ordered?", "what you see here").
  /\b(?:shown|showing|what you see|this here|in front of you|i see your order|(?:the order|your order|it) (?:below|above)|typed (?:it )?in|here'?s what i have|do you see)\b|\bappears? (?:to|correctly|on|here|below|above)\b|\bshows? (?:your|the|what|that|it)\b|\bis this\b(?!\s+(?:all(?! right)|everything|for here|to go|for you|for today)\b)|\bhow (?:is|does) this\b|\bthis order\b|\b(?:confirm|verify|check|make sure|review|let me know if|does|do you want|want)\b[^.!?]*\bthis\b(?=\s+(?:is|all|new|orders?|\w+ order|correct|right|now|looks?|appears?)\b|\s*[?.,!]|\s*$)|\b(?:right|correct(?:ly)?|okay|ok|good|listed|fine|looks?) here\b|\border (?:right )?here\b|\b(?:look|check|go) (?:this|it) over\b|\bcheck this\b|\bthis is (?:your|how|the)\b|\ball of this\b|\bthis (?:information|info|all)\b|\b(?:updated|changed|fixed) (?:your|the) order\b|\bit this your\b|\b(?:if|whether) this\b|\bhave (?:this|the order|your order) (?:right|correct)\b|\b(?:starting|making|move|moving|send|sending|shoot) this\b|\beverything here\b|\bthis looks?\b|\b(?:take|have) a (?:quick |good )?look\b(?![^.!?]*\bmenu\b)|\blook (?:at|over) (?:this|it|the order|your order)\b|\border details\b|\b(?:there|here)(?:'s| is) your (?:order|drink)\b/i,
];
const NEGATED = /\b(?:can'?t|cannot|can not|unable to|not able to|no way to|won'?t|will not|don'?t|do not|didn'?t|did not|isn'?t|is not|not)\b/i;
/** Patterns whose act a negation undoes ("I can't send orders"); a time or a pickup stays a claim. */
const ACTS = new Set([6, 7, 8]);

export function claimsAction(text: string): string | undefined {
  return claimsActionMemo(text);
}
const claimsActionMemo = perText((text: string): string | undefined => {
  for (const sentence of text.replace(/[’‘]/g, "'").split(/(?<=[.!?;])\s+/)) {
    for (const [i, re] of CLAIMS.entries()) {
      const m = re.exec(sentence);
      if (!m) continue;
      if (ACTS.has(i) && NEGATED.test(sentence.slice(0, m.index + m[0].length))) continue;
      return m[0].trim();
    }
  }
  return undefined;
}, TEXT_MEMO_SIZE);

/**
 * A sentence that places the assistant where it is not: at the shop ("They have a chai latte ... at
 * this location."), or with the shop's menu to hand ("Take a look at their menu", "please see their
 * menu above", "May you please see here if that's exactly your order?"). The case's assistant is a
 * tool user in a chat, with no shop, no menu and no screen; the sentence, or undefined.
 */
const SITUATIONS: RegExp[] = [
  /\b(?:this|our|that) (?:location|store|branch|shop|cafe|café)\b(?! (?:from|of) )/i,
  /\b(?:look|looking|check|checking|see|glance|browse|read|view)(?: over| at| through| on)? (?:the|their|our|this) menus?\b/i,
  /\bmenus? (?:above|below|here|board|on the wall|in front)\b|\b(?:on|at) the menu board\b|\bsee here\b|\bhave a look at (?:the|their|our) menu\b/i,
  // The till's screen: "Okay, your order is below." (two insertions of h-lead34's m8).
  /\b(?:your|the) order is (?:below|above|(?:up )?on (?:the|your) screen|shown|displayed)\b/i,
];

export function claimsSituation(text: string): string | undefined {
  for (const sentence of text.replace(/[’‘]/g, "'").split(/(?<=[.!?;])\s+/)) {
    for (const re of SITUATIONS) {
      const m = re.exec(sentence);
      // "I can't see their menu": saying the menu is out of reach places the assistant nowhere.
      if (m && !NEGATED.test(sentence.slice(0, m.index + m[0].length))) return m[0];
    }
  }
  return undefined;
}

/**
 * Menu words a careful writer keeps in lower case inside a sentence ("a Mocha with Oat Milk" -> "a mocha with oat milk").
 * A match holds the space before the word: a pattern that opens on a literal is scanned for quickly,
 * one that opens on a lookbehind is tried at every position (3 s of the long-context writer's CPU).
 */
const MENU_CASE = / (?=[A-Z])(?<=[\w,%)] )(?:(?:Sugar|Fat|Caffeine|Dairy|Lactose)-[Ff]ree|Lactose|Free(?<=Lactose Free)|To(?= [Gg]o\b)|Go(?<=[Tt]o Go)|For(?= [Hh]ere\b)|Here(?<=[Ff]or Here)|Oatmilk|Hot Chocolate|Chai|Cold Brew|Iced|Coffees?|Drip|Flat White|Matcha|Green|Black|Herbal|Teas?|Cappuccinos?|Macchiatos?|Americanos?|Espressos?|Frappuccinos?|Frappes?|Cortados?|Steamers?|Mochas?|Lattes?|Smoothies?|Decaf(?:feinated)?|Vanilla|Hazelnut|Caramel|Honey|Syrups?|Sweeteners?|Sauce|Drizzle|Pumps?|Shots?|Oat|Almond|Soy|Coconut|Whole|Skim(?:med)?|Non[- ]?[Ff]at|Lactose-[Ff]ree|Milk|Whipped|Cream|Sugar|Foam|Extra|Small|Medium|Large|Tall|Grande|Venti|Single|Double|Triple|Quad(?:ruple)?(?:-[Ss]hot)?|Skinny|Regular|Chocolate|Mint|Peppermint|Lavender|Hot|Piping|Scalding|Warm|Cinnamon|Pumpkin|Spice|Sea Salt|Salted|White|Dark)\b/g;

/** The text with menu words inside a sentence in lower case, and "Mocha's" as a plural "mochas". */
/** The second half of a compound kept capitalised after a lower-case first ("a sugar-Free vanilla latte"), as the corpus typed "Sugar-Free Vanilla". */
const COMPOUND_CASE = /(?<=\b(?:sugar|fat|caffeine|dairy|lactose|non)-)(?:Free|Fat)\b/g;

/** A run of capitalised words inside a sentence ("… a Peppermint Rose tea", "an English Breakfast Tea"). */
// "To go" / "For here" after a drink is no word of its name ("a Triple Oat Cortado To go").
const CAPITAL_RUN = /(?<=[\w,%)] )[A-Z][\w'-]*(?: (?!(?:To|For) (?:[Gg]o|[Hh]ere)\b)[A-Z][\w'-]*)+/g;
/** A word of a run MENU_CASE lowers ("Oat", "Milk", "Peppermint"). */
const MENU_WORD = new RegExp(`^(?:${MENU_CASE.source.slice(MENU_CASE.source.indexOf('(?:') + 3, MENU_CASE.source.lastIndexOf(')\\b'))})$`);
/** The drink a named tea or coffee ends on: lowered after its name ("an English Breakfast tea"). */
const NAME_HEAD = /^(?:Teas?|Coffees?|Lattes?|Blends?|Roasts?)$/;

/**
 * The run's words if it is a drink's own name: two or more capitalised words, one of them no menu
 * word ("Peppermint Rose", "Wild Strawberry Green", "Cloud And Mist" is not: "and" breaks the run).
 * MENU_CASE lowering one half of such a name left "a peppermint Rose tea", "a Ginger green Cold
 * Steep tea"; the name is kept as the café wrote it, only its closing "Tea" lowered.
 */
function namedRuns(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(CAPITAL_RUN)) {
    const words = m[0].split(' ');
    const name = NAME_HEAD.test(words[words.length - 1]) ? words.slice(0, -1) : words;
    if (name.length < 2 && !(name.length === 1 && words.length === 2 && !MENU_WORD.test(name[0]))) continue;
    // "Oat Milk", "Cold Brew": menu words only; "Tripe Macchiato": a drink the menu knows, its modifier mistyped.
    if (!/[A-Z]/.test(`x ${name.join(' ')}`.replace(MENU_CASE, (w) => w.toLowerCase()).slice(2)) || MENU_WORD.test(name[name.length - 1])) continue;
    out.push([m.index!, m.index! + name.join(' ').length]);
  }
  return out;
}

export function menuCase(text: string): string {
  // A drink's own name ("Peppermint Rose") keeps its capitals: only the words outside one are lowered.
  const names = /[A-Z][\w'-]* [A-Z]/.test(text) ? namedRuns(text) : [];
  const lower = (m: string, at: number) => (names.some(([a, b]) => at + 1 >= a && at + 1 < b) ? m : m.toLowerCase());
  // "an English breakfast black tea" as the customer typed it: the tea's name, capitalised whole.
  // Earl Grey is a person and English a nation, however the customer typed them ("an english breakfast", "a lavender earl grey").
  const cased = text.replace(MENU_CASE, (m, at: number) => lower(m, at)).replace(COMPOUND_CASE, (m) => m.toLowerCase()).replace(/\bearl gr([ae])y\b/gi, 'Earl Gr$1y').replace(/\benglish\b/g, 'English').replace(/\bEnglish breakfast\b/g, 'English Breakfast').replace(/\blactose free\b/g, 'lactose-free');
  // Only a text with "'s" in it can hold a count's "Mocha's".
  return cased.includes("'s") || cased.includes("'S") ? cased.replace(/\b(two|three|four|\d+)((?: \w+){0,2}) (\w+)'s\b/gi, '$1$2 $3s') : cased;
}

/**
 * A second drink of an order named without its article after the first had one ("a mocha with 2%
 * milk and cortado with skim milk", as the corpus typed it): read back that way it reads as one
 * drink's add-ins. Only a drink with its own options after it ("… with skim milk") is a drink, not
 * the flavour it may also name ("a latte with vanilla and mocha").
 */
const BARE_SECOND = /\b(?:an?|one|the)\s+(?:[\w%-]+\s+){0,3}?(?:cortado|latte|mocha|cappuccino|macchiato|americano|steamer|cold brew|flat white|frappuccino|hot chocolate)\b[^.?!;]*?\band\s+((?:(?:decaf|iced|hot|small|large|medium|double|single|triple|oat milk|almond milk|soy milk|whole milk|skim milk|non-fat)\s+)*(?:cortado|latte|mocha|cappuccino|macchiato|americano|steamer|chai latte|matcha latte|cold brew|flat white|frappuccino|hot chocolate))(?=\s+with\b)/i;

/** The second drink an order names without its article ("cortado with skim milk" in "a mocha with 2% milk and cortado with skim milk"), or undefined. */
export function bareSecondDrink(text: string): string | undefined {
  return BARE_SECOND.exec(text)?.[1];
}

/** The order with its bare second drink given its article ("… and a cortado with skim milk"). */
export function withSecondArticle(text: string): string {
  const m = BARE_SECOND.exec(text);
  if (!m) return text;
  const at = m.index + m[0].length - m[1].length;
  return `${text.slice(0, at)}${indefiniteFor(m[1])} ${text.slice(at)}`;
}

/** A word of a tea's or coffee's name the corpus typed in either case ("peppermint", "breakfast", "green"). */
const NAME_PART = '(?:green|black|herbal|white|oolong|breakfast|grey|gray|earl|rose|mint|peppermint|spearmint|lavender|strawberry|berry|jasmine|chamomile|ginger|lemon|mist|cloud|steep|cold|iced|chai|matcha|vanilla|caramel|hazelnut|pumpkin|spice|cinnamon|honey|wild)';
/** A kind of tea after a name ("Jin Xuan green tea", "Wild Strawberry green tea"): generic, lower-cased by right. */
const TEA_KIND = '(?:green|black|herbal|white|oolong|chai|matcha)';
/** A flavour or temperature capitalised before a kind of tea ("a Lavender black tea", "a Piping Hot matcha latte"). */
const FLAVOUR_CAPITAL = '(?<!\\b[A-Z][\\w\'-]* )(?:Lavender|Peppermint|Spearmint|Mint|Jasmine|Chamomile|Ginger|Lemon|Vanilla|Caramel|Hazelnut|Honey|Hot|Iced|Cold|Pumpkin|Cinnamon)';
/** A drink's name with one part capitalised and the next not ("a peppermint Rose tea", "an English breakfast tea", "a Ginger green Cold Steep tea"). */
// A flavour before a proper name is no half of one name: "a lavender Earl Grey tea", "a vanilla English Breakfast tea".
const HALF_CASED = new RegExp(`(?<=[\\w,%)] )(?:${NAME_PART} (?!Earl Gr[ae]y\\b|English Breakfast\\b)[A-Z][a-z][\\w'-]*|[A-Z][a-z][\\w'-]* (?!${TEA_KIND}\\b)${NAME_PART}|${FLAVOUR_CAPITAL} ${TEA_KIND})(?: (?:[A-Z][\\w'-]*|green|black|herbal|white|oolong|iced|cold|chai|matcha)){0,3} (?:teas?|lattes?|coffees?|mochas?|blends?)\\b`);

/** A drink's name half lower-cased, half capitalised in a reply ("One peppermint Rose tea, is that right?"): the words, or undefined. */
export function halfCasedName(text: string): string | undefined {
  return HALF_CASED.exec(text)?.[0];
}

/** A menu word capitalised inside a sentence of a reply ("So that's a Mocha with Oat Milk?"), or undefined. */
export function menuCapitalised(text: string): string | undefined {
  // A word of a drink's own name ("a Peppermint Rose tea") is the café's to capitalise.
  const names = /[A-Z][\w'-]* [A-Z]/.test(text) ? namedRuns(text) : [];
  MENU_CASE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = MENU_CASE.exec(text)) && names.some(([a, b]) => m!.index + 1 >= a && m!.index + 1 < b));
  MENU_CASE.lastIndex = 0;
  if (m) return m[0].slice(1);
  // "a sugar-Free vanilla latte": half a compound lowered, the other half left capitalised.
  return /\b(?:sugar|fat|caffeine|dairy|lactose|non)-(?:Free|Fat)\b/.exec(text)?.[0];
}

/**
 * What a customer's words ask of a drink besides the drink itself, each as one canonical word: the
 * size, hot or iced, decaf, the shots, the milk, the flavour, a topping ("a large decaf latte with
 * oat milk" -> large, decaf, oat). A read-back or confirmation of the order should carry each one
 * the customer stated; a modifier the customer only asked about ("do you have oat milk?") is theirs
 * to decide, not stated.
 */
/** What may follow a size word of the drink: not an add-in ("double sugar", "triple foam", "double milk"). */
export const NOT_ADD_IN = '(?![\\s-]+(?:on[\\s-]+)?(?:the[\\s-]+(?:(?:oat|almond|soy|coconut|whole|skim|2%)[\\s-]+)?)?(?:sugars?|sweeteners?|splenda|stevia|foam|foamy|cream|creamer|milk|syrups?|pumps?|sauce|whip(?:ped)?|honey|ice|drizzle|caramel|vanilla|hazelnut|chocolate|cinnamon|cocoa|sprinkles?)\\b)';
const MODIFIERS: [RegExp, string][] = [
  [/\bdecaf(?:feinated)?\b|\bcaffeine[- ]free\b|\bwithout caffeine\b/i, 'decaf'],
  [/\bhalf[- ]caf\b/i, 'half-caf'],
  [/\b(?:small|short)\b/i, 'small'],
  // "a Cortado, medium warm" says how warm, not the size (long_context_readback_unfaithful).
  [/\bmedium\b(?![\s-]+(?:warm|hot|roast)\b)/i, 'medium'],
  [/\blarge\b/i, 'large'],
  [/\btall\b/i, 'tall'],
  [/\bgrande\b/i, 'grande'],
  [/\bventi\b/i, 'venti'],
  [/\b(\d+)\s*(?:oz|ounces?)\b/i, 'oz'],
  [/\biced\b|\b(?:with|over|on) ice\b/i, 'iced'],
  // Of the drink, not of an add-in: "adding double sugar", "a double foam cortado" order no double shot.
  [new RegExp(`\\bsingle(?:[- ]shot)?\\b${NOT_ADD_IN}`, 'i'), 'single'],
  [new RegExp(`\\bdouble(?:[- ]shot)?\\b(?![- ]?check)${NOT_ADD_IN}`, 'i'), 'double'],
  [new RegExp(`\\btriple(?:[- ]shot)?\\b${NOT_ADD_IN}`, 'i'), 'triple'],
  [new RegExp(`\\bquad(?:ruple)?\\b${NOT_ADD_IN}`, 'i'), 'quad'],
  [/\b(?:double|two|2) (?:sugars?|sweeteners?)\b/i, 'double sugar'],
  [/\bextra (?:sugars?|sweeteners?)\b/i, 'extra sugar'],
  [/\bextra shot\b|\b(?:an? )?(?:additional|added) shot\b/i, 'extra shot'],
  [/\boat\b|\boatmilk\b/i, 'oat'],
  [/\balmond\b/i, 'almond'],
  [/\bsoy\b/i, 'soy'],
  [/\bcoconut\b/i, 'coconut'],
  [/\bwhole milk\b/i, 'whole'],
  [/\bskim(?:med)?\b|\bnon-?fat\b|\bfat[- ]free\b/i, 'skim'],
  [/\b2 ?%|\btwo percent\b/i, '2%'],
  [/\bhalf[- ](?:and|&|n)[- ]half\b/i, 'half and half'],
  [/\bvanilla\b/i, 'vanilla'],
  [/\bcaramel\b/i, 'caramel'],
  [/\bhazelnut\b/i, 'hazelnut'],
  [/\bpumpkin\b/i, 'pumpkin'],
  [/\bpeppermint\b/i, 'peppermint'],
  [/\bcinnamon\b/i, 'cinnamon'],
  [/\bhoney\b/i, 'honey'],
  [/\bsugar[- ]free\b/i, 'sugar-free'],
  [/\bwhip(?:ped)?(?: cream)?\b/i, 'whipped cream'],
  // How hot, the foam, the ice ("and not too hot, I like my drinks tepid", "extra hot", "no foam", "light ice").
  [/\bextra[- ]hot\b(?! water)|\b(?:steaming|very|super|really) hot\b(?! water)/i, 'extra hot'],
  // "Could you make that a hot please?": plain hot asked for (long_context_readback_unfaithful read "a decaffeinated mocha?" without it).
  [/\bmake (?:it|that|mine|them)(?: an?)? hot\b(?! water)/i, 'hot'],
  [/\bnot (?:too|very|that|so|super) hot\b|\btepid\b|\bluke ?warm\b|\bwarm(?:ed|ish)?\b(?! (?:up|day|weather))|\broom[- ]temp(?:erature)?\b|\b(?:a (?:little|bit) )?cooler\b/i, 'not too hot'],
  [/\b(?:no|without|hold the|skip the) foam\b|\bfoam-?free\b/i, 'no foam'],
  [/\b(?:extra|lots of|plenty of|more) foam\b|\bfoamy\b/i, 'extra foam'],
  [/\blight foam\b|\b(?:a little|less) foam\b/i, 'light foam'],
  [/\b(?:no|without|hold the|skip the) ice\b/i, 'no ice'],
  [/\b(?:light|less|easy(?: on the)?|a little) ice\b/i, 'light ice'],
  [/\b(?:extra|lots of|more) ice\b/i, 'extra ice'],
];

/**
 * What a customer puts into a drink in the corpus's own words: the word after "with", "add", "a
 * pump of", "a hint of" … in Taskmaster-4's customer turns, said by at least two of them, spelt
 * right (spellDrinks), that is no drink, no milk, size or shot the other modifiers already read, and
 * no function word ("with the", "add to"). CORPUS_ADD_INS is this over the bundled corpus (a test
 * derives it again); a read-back carries each one the customer stated ("a Macchiato … and please
 * add chocolate syrup" read back with the chocolate syrup).
 */
export function deriveAddIns(customerTurns: readonly string[], min = 2): string[] {
  const counts = new Map<string, number>();
  const trigger = /\b(?:with|add|adding|added|pumps? of|shots? of|splash of|hint of|dash of|touch of|bit of|drizzle of)\s+(?:(?:a|an|some|extra|little|bit|of|\d+|one|two|three|more|light)\s+)*([a-z][a-z-]*)/g;
  for (const text of customerTurns) {
    for (const m of spellDrinks(text.toLowerCase()).matchAll(trigger)) {
      const w = m[1].replace(/s$/, '');
      counts.set(w, (counts.get(w) ?? 0) + 1);
    }
  }
  const NOT = /^(?:the|to|that|just|only|both|in|please|my|it|its|few|different|added|no|non|half|hint|splash|dash|pump|shot|milk|foam|ice|caffeine|whip|whipped|\w*milk|oat|almond|soy|coconut|whole|skim|regular|normal|your|this|me|them|all|any|an?|and|or|for|on|at|what|which|how)$/;
  return [...counts]
    .filter(([w, n]) => n >= min && !NOT.test(w) && !DRINKS.has(w) && w !== 'espresso' && !namedModifiers(w, MODIFIERS).length && !namedModifiers(`with ${w}`, MODIFIERS).length)
    .map(([w]) => w)
    .sort();
}

/** The words a read-back uses for a temperature, foam or ice option, by its canonical name. */
export const AFTER_DRINK: Record<string, string> = {
  'extra hot': 'extra hot',
  'not too hot': 'not too hot',
  'no foam': 'with no foam',
  'extra foam': 'with extra foam',
  'light foam': 'with light foam',
  'no ice': 'with no ice',
  'light ice': 'with light ice',
  'extra ice': 'with extra ice',
  'double sugar': 'with double sugar',
  'extra sugar': 'with extra sugar',
};

/** deriveAddIns over the bundled Taskmaster-4 corpus (tests/evolve/longContextAddIns.test.ts derives it again and compares). */
export const CORPUS_ADD_INS: readonly string[] = ['chocolate', 'cream', 'sugar', 'sweetener'];
/**
 * Each corpus add-in as a modifier, after the others: its plural too ("two sugars"), never a part of
 * another option ("sugar-free vanilla", "whipped cream", "ice cream"), and not again when a modifier
 * found before already says it ("double sugar").
 */
const ADD_IN_MODIFIERS: [RegExp, string][] = CORPUS_ADD_INS.map((w) => [new RegExp(`(?<!\\b(?:whip(?:ped)?|ice|sour|hot)[ -])\\b${w}s?\\b(?![- ]free)`, 'i'), w]);

function namedModifiers(text: string, table: readonly [RegExp, string][]): string[] {
  const out: string[] = [];
  for (const [re, word] of table) if (re.test(text) && !out.includes(word)) out.push(word);
  return out;
}

export function orderModifiers(text: string): string[] {
  return orderModifiersMemo(text).slice();
}
const orderModifiersMemo = perText((text: string): readonly string[] => {
  const out = namedModifiers(text, MODIFIERS);
  for (const [re, word] of ADD_IN_MODIFIERS) if (re.test(text) && !out.some((x) => x.includes(word))) out.push(word);
  return out;
}, TEXT_MEMO_SIZE);

/** A customer's turn that asks about the menu rather than orders ("Do you have oat milk?", "What syrups are there?"). */
/** A greeting asking after the assistant ("How are you doing, I would like two Cortados…"): no question about the menu. */
const HOW_ARE_YOU = /^\W*(?:(?:hi|hello|hey)\b[,.!]*\s*)?how(?:'s| is| are) (?:you|your day|it going|things)(?: doing| today| this (?:morning|afternoon|evening))*\b[,.!?]*\s*/i;
const MENU_QUESTION_START = /^(?:\W*(?:hi|hello|hey|so|ok(?:ay)?|um+|oh|and|also|well)\b[,.!]*\s*)*(?:what|which|how|do you|does|is there|are there|can you tell|tell me|could you tell|what'?s)\b/i;
const MENU_QUESTION = { test: (text: string) => MENU_QUESTION_START.test(text.replace(HOW_ARE_YOU, '')) };

/**
 * The modifiers a customer's turn states for the order (orderModifiers): none for a question about
 * the menu, and none named only to be ruled out ("instead of 2%", "rather than whole", "not decaf").
 */
export function statedModifiers(text: string): string[] {
  if (MENU_QUESTION.test(text.trim())) return [];
  return askedModifiers(text);
}

/**
 * The modifiers a customer's turn gives its drink, a question about the menu's too ("Do you guys have
 * a Cappuccino that's with non-fat milk? Oh, and make sure use Vanilla…" -> skim, vanilla): for the
 * turn that names the order, whose question is what they then order. None ruled out.
 */
export function askedModifiers(text: string): string[] {
  const kept = text.replace(/\b(?:instead of|rather than|not(?! (?:too|very|that|so|super) hot\b)|no longer|(?:do not|don'?t) want)\s+(?:the\s+|a\s+|an\s+)?[\w%-]+(?:\s+milk)?/gi, ' ');
  return orderModifiers(kept);
}

/** Words a sentence may end on that are abbreviations, not a sentence's end ("12 oz. cup"). */
const ABBREVIATIONS = /\b(?:oz|fl|lb|lbs|no|vs|etc|approx|min|mins|sec|st|dr|mr|mrs|ms|jr|sr|e\.g|i\.e|a\.m|p\.m|ave|inc)\.$/i;

/**
 * A corpus line as a careful writer would type it: the first word of the turn and of each later
 * sentence capitalised ("of course. i'll have a latte" -> "Of course. I'll have a latte"), the
 * pronoun "i" as "I". Nothing else changes: a word with capitals of its own ("iPhone") and a word
 * after an abbreviation ("12 oz. cup") are left as they are.
 */
export function tidyLine(text: string): string {
  return text
    .replace(/(^|[.!?]["')]?\s+|\n\s*)([a-z][a-z']*)/g, (m, before: string, word: string, at: number, all: string) => {
      if (before && ABBREVIATIONS.test(all.slice(0, at + before.trimEnd().length).trimEnd().split(/\s+/).pop() ?? '')) return m;
      if (/[A-Z]/.test(all.slice(at + m.length).match(/^\S*/)![0])) return m;
      return `${before}${word.charAt(0).toUpperCase()}${word.slice(1)}`;
    })
    .replace(/(^|[^\w'-])i(?=$|[^\w-]|'(?:m|d|ll|ve)\b)/g, '$1I');
}

/** Drinks of the menu words, for telling a listed menu. */
const MENU_DRINKS = new Set(['hot chocolate', 'chai latte', 'cold brew', 'iced coffee', 'drip coffee', 'flat white', 'matcha latte', 'green tea', 'black tea', 'herbal tea', 'cappuccino', 'macchiato', 'americano', 'espresso', 'frappuccino', 'frappe', 'cortado', 'steamer', 'mocha', 'latte', 'chai', 'matcha', 'smoothie']);

/** A drink a customer orders (menuItems' drinks). */
const DRINKS = new Set(['hot chocolate', 'chai latte', 'cold brew', 'iced coffee', 'drip coffee', 'flat white', 'matcha latte', 'green tea', 'black tea', 'herbal tea', 'cappuccino', 'macchiato', 'americano', 'espresso', 'frappuccino', 'frappe', 'cortado', 'steamer', 'mocha', 'latte', 'chai', 'matcha', 'smoothie', 'tea', 'coffee']);
/** The drinks a thought about a reply names: DRINKS but "coffee", too generic to be an order. */
export const NAMED_DRINKS = new Set([...DRINKS].filter((d) => d !== 'coffee'));
const AFFIRMS = /^\W*(?:yes|yep|yeah|yup|ya|correct|that'?s (?:right|correct|it)|it is|it'?s (?:right|correct)|looks (?:good|right|great|correct)|perfect|right|sure|absolutely|exactly)\b/i;

/**
 * A reply reading an order back or confirming it ("Got it: a Latte") that leaves out a modifier the
 * customer stated for it ("a Latte, but decaffeinated please"), or the modifiers it lacks.
 */
/**
 * Each reply after a customer ordered a drink, with the drink and everything the customer said about
 * it since ("Can I get a Mocha? Can I get it for here?"): what a read-back of that order must hold.
 * A question about the menu ("what teas do you have?") orders nothing.
 */
function* repliesToOrders(dialogue: { role: string; text: string }[]): Generator<{ drink: string; texts: string[]; t: { role: string; text: string }; i: number }> {
  let drink: string | undefined;
  let texts: string[] = [];
  for (const [i, t] of dialogue.entries()) {
    if (t.role === 'user') {
      const named = menuItems(t.text).find((m) => DRINKS.has(m));
      if (named && !/^\W*(?:what|which|how|do you|does|is there|are there)\b/i.test(t.text.trim().replace(HOW_ARE_YOU, ''))) {
        drink = named;
        texts = [t.text];
      } else if (drink) texts.push(t.text);
      continue;
    }
    if (drink) yield { drink, texts, t, i };
  }
}

export function incompleteReadBack(dialogue: { role: string; text: string }[], only: (modifier: string) => boolean = () => true): string | undefined {
  const lastReply = dialogue.map((t) => t.role).lastIndexOf('assistant');
  for (const { drink, texts, t, i } of repliesToOrders(dialogue)) {
    if (!menuItems(t.text).includes(drink)) continue;
    // It names the order ("a decaf Latte", "two cortados"), as a read-back does, not just the drink ("is this the right tea?").
    // Sentence by sentence: "Thank you for being a loyal customer. Right, the latte." names no order.
    const names = t.text.split(/(?<=[.!?])\s+/).some((sentence) => new RegExp(`\\b(?:a|an|one|two|three|four|both|\\d+)(?: [\\w%-]+){0,6}? ${drink}`).test(` ${normalizeLine(sentence.replace(/%/g, ' percent'))} `.replace(/ 2 percent/g, ' 2%')));
    const readsBack = names && (i === lastReply || AFFIRMS.test(dialogue[i + 1]?.text ?? ''));
    if (!readsBack) continue;
    const stated = [...new Set(texts.flatMap(statedModifiers))];
    const has = orderModifiers(t.text);
    const missing = stated.filter((m) => !has.includes(m) && only(m));
    if (missing.length) return `lacks ${missing.join(', ')}: "${texts.join(' / ').slice(0, 80)}" -> "${t.text.slice(0, 80)}"`;
  }
  return undefined;
}

/**
 * The words of every modifier a customer says about the drink, each as the key a read-back must
 * hold ("with whole milk and can you put some extra hot water in it" -> whole, hot water; "the
 * Almond milk, and add a splash of cherry syrup" -> almond, cherry syrup; "one of them with Non-Fat
 * milk the other with Oat milk" -> non-fat, oat; "the Lavender one" -> lavender; "make it extra
 * strong" -> strong; "two ice cubes" -> ice; "a whole or 2% milk fat latte" -> whole, 2%). Wider than
 * statedModifiers: any milk, syrup, water, ice, foam, strength or named variant the customer says;
 * none in a question about the menu, none ruled out ("instead of oat milk", "no longer whole").
 */
export function saidModifierKeys(text: string): string[] {
  return saidModifierKeysMemo(text).slice();
}
const saidModifierKeysMemo = perText((text: string): readonly string[] => {
  if (MENU_QUESTION.test(text.trim()) || (/\?\s*$/.test(text.trim()) && !ORDER_REQUEST.test(text))) return [];
  // "Non-Fate milk" is non-fat milk, as the read-back says it (UPSTREAM_SLIPS).
  const t = withoutSlips(spellDrinks(text))
    .replace(/\b(?:instead of|rather than|not(?! (?:too|very|that|so|super) hot\b)|no longer|(?:do not|don'?t) want)\s+(?:the\s+|a\s+|an\s+)?[\w%-]+(?:\s+milk)?/gi, ' ')
    .toLowerCase();
  const keys = new Set<string>();
  const FILL = /^(?:the|of|with|a|an|some|and|your|my|any|no|more|less|little|bit|extra|splash|steamed|regular|normal|that|this|in|on|or|fat|hot|cold|add|less|light|what|which|kinds?|types?|sorts?|flavou?red|other|same|mostly)$/;
  for (const m of t.matchAll(/\b([\w%-]+)\s+milk\b/g)) {
    // "2% lactose free milk": lactose-free; "not-fat milk" (a slip for non-fat): non-fat.
    const w = /^(?:free|lactose(?:-free)?)$/.test(m[1]) ? 'lactose' : /^(?:not-?fat|non-?fat|nonfat)$/.test(m[1]) ? 'non-fat' : m[1];
    if (!FILL.test(w)) keys.add(w);
  }
  if (/\bmostly milk\b/.test(t)) keys.add('mostly');
  // "a few tablespoons of cold water added to it" (evolve 88): water in the drink, as a splash is.
  if (/\b(?:bit of|some|little|splash of|add) water\b|\b(?:cold|iced?) water\b|\b(?:tablespoons?|spoonfuls?|drops?) of (?:\w+ )?water\b/.test(t)) keys.add('water');
  // "with milk and foam", "extra milk": milk said without a kind.
  if (/\b(?:with|extra|more|add|some|splash of|bit of)\s+(?:\w+\s+)?milk\b/.test(t) && !keys.size) keys.add('milk');
  for (const m of t.matchAll(/\b([\w-]+)\s+syrups?\b/g)) if (!FILL.test(m[1])) keys.add(m[1]);
  if (/\bhot water\b/.test(t)) keys.add('water');
  // "add some ice to cool it down" (widened, evolve 53): ice in the drink, as "ice cubes" is.
  if (/\bice cubes?\b|\b(?:add|with|some|bit of|little) (?:some |a little |a bit of )?ice\b(?![- ]?cream)/.test(t)) keys.add('ice');
  // "a latte with almond milk and Vanilla Sweetener", "a dash of splenda" (widened, evolve 53): the sweetener and its kind.
  for (const m of t.matchAll(/\b([\w-]+)\s+sweeten(?:er|ers)\b/g)) keys.add(FILL.test(m[1]) ? 'sweetener' : m[1]);
  if (/\b(?:splenda|stevia)\b/.test(t)) keys.add(/\bsplenda\b/.test(t) ? 'splenda' : 'stevia');
  if (/\bice[- ]cold\b/.test(t)) keys.add('cold');
  if (/\bfoam\b/.test(t)) keys.add('foam');
  if (/\bstrong\b/.test(t) && !/\bnot (?:so|too|that|very) strong\b/i.test(text)) keys.add('strong');
  // "a whole or 2% milk fat latte": both milks said, the choice still open; a read-back naming one picked it for them.
  for (const m of t.matchAll(/\b([\w%-]+) or ([\w%-]+)(?:\s+[\w%-]+)?\s+milk\b/g)) for (const w of [m[1], m[2]]) if (!FILL.test(w)) keys.add(w);
  if (/\bweak\b/.test(t)) keys.add('weak');
  // "a Mocha with milk but, really dark", "make it cold but without ice", "with added Hazelenut Sweetner, Non fat." (widened, evolve 75): how dark, how cold, the fat said without "milk".
  if (/\bdark\b(?!\s+(?:chocolate|cocoa|mocha|sauce))/.test(t)) keys.add('dark');
  if (/\b(?:make|made|want|like|have|serve|served|keep|need) (?:it|that|this|them|mine)? ?(?:\w+ )?cold\b(?!\s+brew)/.test(t)) keys.add('cold');
  if (/\bno[nt][- ]?fat\b/.test(t)) keys.add('non-fat');
  // "with a few raw coffee beans in it": beans in the drink, not a second drink.
  if (/\b(?:coffee|espresso) beans?\b/.test(t)) keys.add('beans');
  // "the Lavender one": the variant named of a drink ("which Earl Grey?"), kept in its capital.
  for (const m of spellDrinks(text).matchAll(/\bthe ([A-Z][a-z]+) one\b/g)) keys.add(m[1].toLowerCase());
  return [...keys];
}, TEXT_MEMO_SIZE);

/** Whether a read-back holds a said modifier's key ("non-fat" as "skim", "2%" as "two percent"). */
export function holdsKey(readBack: string, key: string): boolean {
  const r = readBack.toLowerCase();
  // "non fat" spaced, as customers write it ("a non fat single shot latte"), holds it too: the read-back added "with non-fat milk" beside it (long_context_milk_twice).
  const alt: Record<string, string> = { 'non-fat': 'no[nt][- ]?fat|nonfat|skim(?:med)?|fat[- ]free', nonfat: 'no[nt][- ]?fat|nonfat|skim(?:med)?|fat[- ]free', skim: 'no[nt][- ]?fat|nonfat|skim(?:med)?|fat[- ]free', '2%': '2 ?%|two percent', oatmilk: 'oat', cold: 'ice[- ]cold|cold', ice: 'iced?|ice cubes?', lactose: 'lactose(?:[\\s-]?free)?', mostly: 'mostly' };
  const re = alt[key] ?? escapeRegExp(key).replace(/s$/, '') + 's?';
  return new RegExp(`(?<![\\w-])(?:${re})(?![\\w-])`, 'i').test(r);
}

/**
 * A read-back the customer then confirms ("Yes.") that leaves out a modifier they said about the
 * drink (saidModifierKeys): "…a Cortado with whole milk and can you put some extra hot water in it?"
 * -> "So that's a cortado with whole milk, extra hot?" -> "Yes."; the keys it lacks, or undefined.
 */
export function readBackDropsSaid(dialogue: { role: string; text: string }[]): string | undefined {
  let drink: string | undefined;
  let texts: string[] = [];
  for (const [i, t] of dialogue.entries()) {
    if (t.role === 'user') {
      // "the Earl Grey, the Lavender one": a tea the menu words do not list, ordered all the same.
      const named = menuItems(t.text).find((m) => DRINKS.has(m)) ?? (/\bearl gr[ae]y\b/i.test(t.text) ? 'earl gr[ae]y' : undefined);
      if (named && !/^\W*(?:what|which|how|do you|does|is there|are there)\b/i.test(t.text.trim().replace(HOW_ARE_YOU, ''))) {
        drink = named;
        texts = [t.text];
      } else if (drink) texts.push(t.text);
      continue;
    }
    if (!drink || !AFFIRMS.test(dialogue[i + 1]?.text ?? '') || /\b(?:no|not|but|actually|change)\b/i.test(dialogue[i + 1]?.text ?? '')) continue;
    if (!readsOrderBack(t.text) && !new RegExp(`\\b(?:a|an|one|two|three|four|both|\\d+)(?: [\\w%-]+){0,6}? ${drink}`, 'i').test(t.text)) continue;
    if (!menuItems(t.text).some((m) => DRINKS.has(m)) && !new RegExp(`\\b${drink}\\b`, 'i').test(t.text)) continue;
    const keys = [...new Set(texts.flatMap(saidModifierKeys))];
    // The options the rules name too (size, decaf, shots, a flavour, how hot): each one stated.
    const named = orderModifiers(t.text);
    const missing = [...new Set([...keys.filter((k) => !holdsKey(t.text, k)), ...texts.flatMap(statedModifiers).filter((m) => !named.includes(m))])];
    if (missing.length) return `lacks ${missing.join(', ')}: "${texts.join(' / ').slice(0, 100)}" -> "${t.text.slice(0, 80)}"`;
  }
  return undefined;
}


/** A read-back naming where the customer will have the drink ("…, to go", "… for here"). */
export const PLACE_SAID = /\b(?:to go|for here|to stay|take ?away|take ?out|dine[- ]in)\b/i;
/** "to go" as where the drink is had: not "I'd like to go with a latte", "ready to go ahead", "Its good to go." or the corpus's "Everything is god to go." (a yes). */
const TO_GO = /(?<!\b(?:like|love|want|wanna|need|have|has|had|got|going|ready|able|about|decided|plan|planning|trying|try|used|i|we|gonna|good|god|set)\s+)\b(?:to go|take ?away|take ?out|carry[- ]?out)\b(?!\s+(?:with|ahead|back|for|out|on|over|through|and|to|get|home|now)\b)/gi;
const FOR_HERE = /\bfor here\b|\bdine[- ]in\b|\b(?:drink|have|enjoy) (?:it|this|that|them) here\b|\bto (?:drink|have|enjoy) here\b/gi;

/**
 * Where the customer said they will have the order, in the turns given ("Can I get it for here?" ->
 * "for here", "It's a To go." -> "to go"), the last said winning; undefined when they said neither or
 * only asked which ("for here or to go?").
 */
export function statedPlace(texts: string[]): 'to go' | 'for here' | undefined {
  let at = -1;
  let place: 'to go' | 'for here' | undefined;
  texts.forEach((text, k) => {
    if (/\bfor here or to go\b|\bto go or for here\b/i.test(text)) return;
    for (const [re, p] of [[TO_GO, 'to go'], [FOR_HERE, 'for here']] as const) {
      re.lastIndex = 0;
      for (const m of text.matchAll(re)) {
        // "not to go", "no longer for here": ruled out, not said.
        if (/\b(?:not|n't|no longer)\s+$/i.test(text.slice(0, m.index))) continue;
        const pos = k * 100_000 + (m.index ?? 0);
        if (pos > at) {
          at = pos;
          place = p;
        }
      }
    }
  });
  return place;
}

/**
 * A read-back that leaves out where the customer said they will have the drink ("Can I get a
 * Triple shot Mocha with Whole milk? Can I get it for here?" -> "A triple shot mocha with whole
 * milk, is that right?"): the place said and the read-back, or undefined.
 */
export function readBackDropsPlace(dialogue: { role: string; text: string }[]): string | undefined {
  for (const { texts, t } of repliesToOrders(dialogue)) {
    if (!readsOrderBack(t.text)) continue;
    const place = statedPlace(texts);
    if (place && !PLACE_SAID.test(t.text)) return `lacks "${place}": "${texts.join(' / ').slice(0, 100)}" -> "${t.text.slice(0, 90)}"`;
  }
  return undefined;
}

/** Capitalised words after "for" that name no one ("for Here", the corpus's capital for here). */
const NOT_A_NAME = /^(?:here|me|myself|us|now|today|tonight|tomorrow|later|breakfast|lunch|dinner|him|her|them|everyone|both|sure|real|example|instance|once|free|good|two|one|sorry|fine|hungry|thirsty|tired|ready|new|back|glad|happy|well|great|okay|ok|so|just|looking|going|also|actually|not|still|interested|wondering|curious|done|set|all|excited|thinking|trying|in|out|on|off)$/i;
/** "for Mark", "It'll be for Geoff.", "I'm placing an order for Tyler.": the order is for someone, named with a capital. */
const FOR_NAME = /\bfor ([A-Z][a-z]+)\b(?! (?:of|and|or)\b)/g;
/** "I'm James, and I want a mocha.": a capitalised name right after "I'm" (case-sensitive: "I am dragging." names no one). */
const IM_NAME = /\bI(?:'m| am) ([A-Z][a-z]+(?:-[A-Za-z]+)?)(?=[,.!]| and\b)/g;
/** "my name is Dan", "the name on the order is David", "under the name Sam", "with the name Laura", "name is Ann", "i would like a latte under jay please". */
const NAME_IS = /\b(?:my name(?: is|'s| will be)|(?:the |and the )?name(?: (?:on|for) (?:the|my|that|this|it)(?: order)?)? is|under the name(?: of)?|with the name|under(?= [a-z]+(?: please)?\W*$))\s+([A-Za-z]+(?:-[A-Za-z]+)?(?: of [a-z]+)?)/gi;

/**
 * Whom the customer said the order is for or under ("I'd like a latte for Mark." -> "Mark", "My
 * name is Dan." -> "Dan", "under the name Sam" -> "Sam"), capitalised, the last said winning;
 * undefined when they named no one. A read-back asking "did I catch every detail right?" says it:
 * the barista calls that name when the drink is ready.
 */
export function statedName(texts: string[]): string | undefined {
  let at = -1;
  let name: string | undefined;
  texts.forEach((text, k) => {
    for (const re of [FOR_NAME, IM_NAME, NAME_IS]) {
      re.lastIndex = 0;
      for (const m of text.matchAll(re)) {
        const word = m[1];
        if (NOT_A_NAME.test(word.split(' ')[0]) || DRINKS.has(word.toLowerCase())) continue;
        const pos = k * 100_000 + (m.index ?? 0);
        if (pos <= at) continue;
        at = pos;
        name = word.split(' ').map((w) => (w === 'of' ? w : w[0].toUpperCase() + w.slice(1).toLowerCase())).join(' ');
      }
    }
  });
  return name;
}

/** Whether a reply names whom the order is for ("a latte for Mark"). */
export const saysName = (text: string, name: string) => new RegExp(`\\b${escapeRegExp(name)}\\b`, 'i').test(text);

/**
 * A read-back that leaves out whom the customer said the order is for ("I'd like a latte for Mark."
 * -> "I want to make sure I heard you: a latte?"): the name said and the read-back, or undefined.
 */
export function readBackDropsName(dialogue: { role: string; text: string }[]): string | undefined {
  // "the Mocha for Yeo" then "No, … make that mocha decaf": the drink named again to change it is still Yeo's.
  let order: { first: string; drink: string; name?: string } | undefined;
  for (const { drink, texts, t } of repliesToOrders(dialogue)) {
    if (order?.first !== texts[0]) order = { first: texts[0], drink, name: order?.drink === drink ? order.name : undefined };
    order.name = statedName(texts) ?? order.name;
    if (!readsOrderBack(t.text)) continue;
    const name = order.name;
    if (name && !saysName(t.text, name)) return `lacks "for ${name}": "${texts.join(' / ').slice(0, 100)}" -> "${t.text.slice(0, 90)}"`;
  }
  return undefined;
}

/**
 * A tea the customer names by its own name after "the" ("I'd like the Peppermint Rose, tea, please.", "Let's try the
 * Peppermint Rose today."): the name, two or three capitalised words, or undefined. A read-back says "a Peppermint Rose
 * tea", never "a tea with peppermint", as if the name were an add-in.
 */
export function teaNameOf(texts: readonly string[]): string | undefined {
  if (!texts.some((t) => /\btea\b/i.test(t))) return undefined;
  for (const t of texts) {
    const m = /\b[Tt]he ((?:[A-Z][a-z]+ ){1,2}[A-Z][a-z]+)\b(?!\s+(?:Tea|Latte|Mocha)\b)/.exec(t);
    if (m && !m[1].split(' ').some((w) => DRINKS.has(w.toLowerCase()))) return m[1];
  }
  return undefined;
}

/** A read-back of a tea the customer named that leaves its name out ("a tea with peppermint" for "the Peppermint Rose"): why, or undefined. */
export function readBackDropsTeaName(dialogue: { role: string; text: string }[]): string | undefined {
  for (const { texts, t } of repliesToOrders(dialogue)) {
    if (!readsOrderBack(t.text)) continue;
    const name = teaNameOf(texts);
    if (name && !saysName(t.text, name)) return `lacks "${name}": "${texts.join(' / ').slice(0, 90)}" -> "${t.text.slice(0, 80)}"`;
  }
  return undefined;
}

/** A reply saying the assistant cannot order ("I can't place orders from here, so …"), not one that cannot find a drink. */
const CANNOT_ORDER = /\b(?:can't|cannot|can not|have no way|no ordering tool)\b[^.!?]*\b(?:order|place|put|send|reach|contact)\w*|\bordering (?:it )?is up to you\b/i;

export function saysCannotOrder(text: string): boolean {
  return CANNOT_ORDER.test(text);
}

/** An order put as a request ("Can I get an oat milk Macchiato?", "I'd like a latte"): an order, not a question. */
const ORDER_REQUEST = /\b(?:(?:i'?d|id|i would) like(?! to (?:know|ask|find out|hear|learn|check|see what|see which|see if))|i'?ll (?:have|take|get|go with|try|do)|i want(?! to know)|i need(?! to know)|(?:can|could|may) i (?:please |just |also )?(?:get|have|order|try|do|(?:an?|one|two) (?=(?:[\w%-]+ ){0,2}(?:latte|mocha|cappuccino|macchiato|americano|espresso|cortado|steamer|chai|tea|coffee|cold brew)s?\b))|give me|get me|let me (?:get|have|order|try)|i'?m (?:going to|gonna) (?:get|have|order)|make (?:it|that|mine|me|them)|(?:can|could) (?:you|i) (?:please )?(?:make|add|change|switch|do)|i think i'?ll|i will (?:have|take|get))\b/i;
const ASKING = /^(?:\W*(?:hi|hello|hey|so|ok(?:ay)?|um+|oh|and|also|well|great|thanks?|thank you|sure|cool|alright)\b[,.!]*\s*)*(?:what|which|who|when|where|why|how|do you|does|did you|is there|are there|is it|are they|can you tell|could you tell|tell me|what'?s|any (?:recommendations?|suggestions?)|i(?:'?d| would) like to know|i (?:want|need) to know|i'?m wondering|i was wondering|i wonder|i'?m curious)\b/i;

/** "What kinds of black tea can I order here?": a question about the menu, though "can I order" is in it. */
const WHAT_CAN_I = /^\W*(?:(?:hi|hello|hey|so|ok(?:ay)?)\b[,.!]*\s*)*(?:what|which)\b[^?]*\b(?:can|could|may) i (?:order|get|have)\b[^?]*\?\s*$/i;

/**
 * Whether a user's turn asks something ("Do you have oat milk?", "What sizes are there?", "I'd like to
 * know what's in a steamer.", "I'm wondering what's in the Americano."): a
 * sentence that asks and is not an order put as a request ("Can I get an oat milk Macchiato?").
 */
export function userAsks(text: string): boolean {
  return text
    .trim()
    .split(/(?<=[.!?])\s+/)
    // "Hi how are you?" greets, and "How about a caramel flavored cortado with almond milk?" orders: neither asks about the menu.
    .some((s, _i, all) => (all.length === 1 || !!s.replace(HOW_ARE_YOU, '').trim()) && !/^\W*how about (?:an?|one|two|three|some)\b/i.test(s) && (/\?\s*$/.test(s) || ASKING.test(s)) && (!ORDER_REQUEST.test(s) || WHAT_CAN_I.test(s)) && !/^\W*(?:is (?:that|it) (?:all|it|everything)|right|correct|yes|yeah|no|okay|ok)\b[^?]*\?\s*$/i.test(s) && !/^\W*(?:a|an|one|two|three|\d+)\s[^?]*\?\s*$/i.test(s));
}

/** Drinks a read-back names. */
const ORDER_DRINKS = new Set(['hot chocolate', 'chai latte', 'cold brew', 'iced coffee', 'drip coffee', 'flat white', 'matcha latte', 'green tea', 'black tea', 'herbal tea', 'cappuccino', 'macchiato', 'americano', 'espresso', 'frappuccino', 'frappe', 'cortado', 'steamer', 'mocha', 'latte', 'chai', 'matcha', 'smoothie', 'tea', 'coffee']);
const CONFIRMS = /\b(?:is that (?:right|correct|it|all|everything)|correct|right(?=\s*\?)|have i got|got that right|heard you|i follow|read that back|so that'?s|you'?d like|you want|confirm|accurate|check)\b/i;
const CHOICE_QUESTION = /^\W*(?:(?:ok(?:ay)?|sure|great|and|so)[,.!]?\s+)?(?:what|which|how|would you (?:like|want|prefer) (?:it|that|them|your|to|a|an|any|some)|do you (?:want|need|prefer) (?:it|that|them|your|a|an|any|some)|hot or|iced or|any)\b/i;

/**
 * Whether a reply reads an order back for the user to confirm ("So that's a decaf Latte with oat
 * milk?", "A Mocha. Have I got that right?"): it ends on a question, names a drink, and asks to
 * confirm rather than to choose ("What size latte would you like?").
 */
export function readsOrderBack(text: string): boolean {
  const sentences = text.trim().split(/(?<=[.!?])\s+/);
  // "A Mocha? I want to make sure I heard you.": the question, then why it is asked.
  const why = sentences.length > 1 && /\b(?:make sure i heard|heard you|got (?:that|it) right)\b/i.test(sentences[sentences.length - 1]) && /\?\s*$/.test(sentences[sentences.length - 2]);
  if (!endsOnQuestion(text) && !why) return false;
  const tail = sentences.slice(-2).join(' ');
  if (!menuItems(tail).some((m) => ORDER_DRINKS.has(m))) return false;
  const last = sentences[sentences.length - 1];
  if (CHOICE_QUESTION.test(last) && !CONFIRMS.test(last)) return false;
  return CONFIRMS.test(tail) || /^\W*(?:(?:so|ok(?:ay)?|and)[,]?\s+)?(?:a|an|one|two|three|\d+|the|your)\b[^?]*\?\s*$/i.test(last);
}

/** A read-back's frame, its order left out: the words before the order ("To be sure I follow, that's"), else the check after it (", is that right?"). */
export function readBackFrame(text: string): string | undefined {
  // Remembered per text: evolve asks it for some 26 wordings of every read-back of every insertion, and one dialogue sits in several insertions.
  const hit = frameMemo.get(text);
  if (hit !== undefined) return hit ?? undefined;
  let frame: string | undefined;
  if (readsOrderBack(text)) {
    const q = normalizeLine(text.trim().split(/(?<=[.!])\s+/).pop() ?? text).split(' ');
    frame = /^(?:a|an|one|two|three|the|\d+|[a-z]+s)$/.test(q[0]) && !/^(?:so|just|let|to|you'?d|i|is|does|did)$/.test(q[0]) ? `… ${q.slice(-3).join(' ')}` : `${q.slice(0, 3).join(' ')} …`;
  }
  if (frameMemo.size >= FRAME_MEMO_SIZE) frameMemo.clear();
  frameMemo.set(text, frame ?? null);
  return frame;
}
const frameMemo = new Map<string, string | null>();
const FRAME_MEMO_SIZE = 100_000;

/**
 * A customer's question about what the café has ("Do you serve honey here?", "What kinds of black
 * tea do you have?", "What syrups are available?"): only the café's menu answers it, and the case's
 * assistant has no tool that reads one.
 */
const ASKS_MENU = /\b(?:do|did) (?:you|y'?all|ya)(?: guys| all| folks)?(?: (?:happen to|still|also|even|currently|ever|usually))? (?:have|sell|serve|carry|offer|stock|got)\b(?! (?:any |an )?(?:idea|clue|time|minute|moment|recommendations?|suggestions?|a favou?rite))|\b(?:what|which)\b[^.?!]{0,60}?\b(?:do|does|can|could) (?:you|y'?all|they|ya)(?: guys| all)? (?:have|offer|serve|carry|sell|stock|got|make)\b|\bwhat\b[^.?!]{0,40}?\byou (?:guys |all )?(?:have|offer|serve|carry|got)\b|\b(?:are|is) there (?:any|some|other|different)\b|\b(?:what|which)\b[^.?!]{0,50}?\b(?:(?:are|is) )?(?:available|on offer|on the menu)\b|\b(?:what|which) (?:kinds?|types?|sorts?|varieties|options|flavou?rs?)\b[^.?!]{0,50}?\?|\b(?:tell|let) me (?:know )?(?:what|which)\b[^.?!]{0,50}?\b(?:you|they) (?:have|offer|serve|carry)\b|\bwhat (?:kinds?|types?|sorts?) (?:of )?[^.?!]{0,40}? (?:you|they) (?:have|offer|serve|carry)\b|\b(?:tell|let) me\b[^.?!]{0,60}\b(?:you|they)(?:'re| are)? (?:have|offer|serve|carry|sell|got|serving|offering|selling|make)\b|\b(?:you|they)(?:'re| are) (?:serving|offering|selling)\b|\b(?:what|which)\b[^.?!]{0,40}\b(?:choices|options)\b|\b(?:what|which)\b[^.?!]{0,40}\bcan i (?:get|have|add|choose)\b|\bwalk me through\b|\bwhat(?:'s| is| are| goes)\b[^.?!]{0,40}?\b(?:made (?:of|with|from)|in (?:it|them|the|a|an|your|their)\b)/i;

export function asksMenu(text: string): boolean {
  return text
    .trim()
    .split(/(?<=[.!?])\s+/)
    .some((s) => ASKS_MENU.test(s) && !ORDER_REQUEST.test(s.replace(/\b(?:if|whether) (?:you|they)\b.*$/i, '')));
}

/** A sentence saying the assistant cannot see or does not know the café's menu ("I can't see this café's menu"). */
const NO_MENU = /\b(?:can'?t|cannot|can not|have no way to|no way to|don'?t|do not)\b(?:\s+[\w']+){0,3}?\s+(?:see|know|check|look up|tell|say|read|access)\b[^.!?;]*\b(?:(?<!\b(?:on|in|from) (?:the|their|our|its|this) )menus?|stocks?|carry|carries|have|has|offer|serve|on hand)\b|\bno access to\b[^.!?;]*\bmenu\b/i;

export function saysNoMenu(text: string): boolean {
  return NO_MENU.test(text);
}

/** Subjects naming the café: its own first person, or the café in the third ("Yes, we have …", "They offer …", "The café has …"). */
const STOCK = /(?<!\b(?:before|once|when|after|until|while|soon as)\s+)\b(?:they|we|the (?:caf[eé]|shop|store|place)|this (?:caf[eé]|shop|store|place))(?:'ve| (?:do|also|currently|usually|always|only|still|definitely|certainly|really|actually|even|both|all|just|now|normally))*\s*(?:have|has|offer|offers|serve|serves|carry|carries|sell|sells|stock|stocks|'ve got|got|make|makes)\b(?!\s+to\b)(?!\s+(?:this|that|it|your order|the order|everything|these|those)\s+(?:right|correct|down|ready|now)\b)/i;
const STOCK_YES = /^\W*(?:(?:yes|yeah|yep|yup|sure|of course|absolutely|certainly|indeed)\b[,.!]*\s*(?:(?:they|we|it) (?:do|does|are|is|have|has|sure do|certainly do)\b)?|(?:they|we) (?:do|sure do|certainly do|definitely do)\b[.!]*\s*$)/i;
const STOCK_OTHER = /\b(?:there (?:are|is) (?:a lot of|lots of|many|several|plenty of|a (?:wide |large |huge |good |big )?(?:variety|selection|range|choice|number) of)|(?:their|our|the) menu (?:is|has|includes|offers|lists)|(?:their|our|the) (?:selection|range|variety) (?:is|of)|(?:you can (?:get|have|order) (?:it|them|one))|(?:available|on offer)\s*(?:here|today)?[.!]?$)/i;
/** A hedge or negation before the verb: "if they have it", "I can't tell whether they offer …". */
const STOCK_HEDGE = /\b(?:if|whether|what|which|may|might|could|can'?t|cannot|don'?t know|do not know|not sure|no idea|ask\w*|usually|often|many|most|cafés|coffee shops|places|staff|barista|counter|till)\b/i;

/**
 * A sentence of a reply stating what a particular café has, as fact ("Yes they do. They have
 * buckwheat and clover.", "They offer mint, ginger and chamomile", "Yes, we have Bigelow"): the
 * case's assistant cannot see any café's menu. The sentence, or undefined. `afterMenuQuestion`
 * also counts a bare "Yes." or a bare list answering "Do you have …?" / "What … do you have?".
 */
export function statesMenu(text: string, afterMenuQuestion = false): string | undefined {
  if (saysNoMenu(text)) return undefined;
  const sentences = text.replace(/[’‘]/g, "'").trim().split(/(?<=[.!?;])\s+/).filter(Boolean);
  for (const [k, s] of sentences.entries()) {
    const m = STOCK.exec(s);
    if (m && !STOCK_HEDGE.test(s.slice(0, m.index)) && !NEGATED.test(s.slice(Math.max(0, m.index - 12), m.index + m[0].length)) && !/\?\s*$/.test(s)) return s;
    if (STOCK_OTHER.test(s) && !STOCK_HEDGE.test(s) && !/\?\s*$/.test(s)) return s;
    if (afterMenuQuestion && k === 0 && STOCK_YES.test(s)) return s;
    // "Ok, we have all sorts of coffee, and drinks, latte, mocha, cappuccino, americano, and many others.": the café's menu listed.
    if (!/\?\s*$/.test(s) && menuItems(s).filter((m) => MENU_DRINKS.has(m)).length >= 3 && (afterMenuQuestion || /\b(?:options|including|all sorts|all kinds|such as|many others|and more|selection|offerings?)\b/i.test(s)) && !/\b(?:you|your)\b/i.test(s.replace(/\b(?:do|would|could) you\b.*$/i, ''))) return s;
    // "What kinds of black tea can I order here?" -> "You can order classic black tea, iced black tea, and iced sweetened black tea.": the café's menu, said as what the customer can order.
    if (!/\?\s*$/.test(s) && /^\W*(?:(?:ok(?:ay)?|sure|well|so)[,.!]?\s+)?you (?:can|could) (?:order|get|have|choose(?: from)?)\b[^.?!]*,[^.?!]*\b(?:and|or)\b/i.test(s)) return s;
    // "Their chai latte comes in a 12 ounce cup": how this café makes its drink.
    if (/\b(?:their|our)\s+(?:[\w-]+\s+){0,3}?(?:comes?|is (?:served|made|brewed|prepared)|are (?:served|made|brewed|prepared))\b/i.test(s) && !/\?\s*$/.test(s) && !STOCK_HEDGE.test(s)) return s;
    // "What is the Cold Brew made of?" -> "The Cold Brew is made out of coffee concentrate and ice (16 oz).": this café's recipe.
    if (afterMenuQuestion && /\b(?:is|are|'s) (?:made|brewed|prepared) (?:out of|of|with|from|using)\b|\b(?:comes?|served) (?:in|with)\b/i.test(s) && !/\?\s*$/.test(s)) return s;
    // "Chamomile, peppermint and ginger.": a bare list of what the café has.
    if (afterMenuQuestion && !/\?\s*$/.test(s) && /,/.test(s) && /\b(?:and|or)\b/.test(s) && s.split(/\s+/).length <= 14 && !/\b(?:i|you|your|would|could|can|please)\b/i.test(s)) return s;
  }
  return undefined;
}

/**
 * The indefinite article a word takes by its sound: "an 8oz cappuccino", "an 11 ounce latte", "an
 * espresso", "an herbal tea" is not chosen ("a herbal tea"), "a usual", "a one-shot", "an hour".
 */
export function indefiniteFor(rest: string): 'a' | 'an' {
  const w = rest.trim().split(/[\s,.!?;:/-]+/)[0]?.toLowerCase() ?? '';
  const digits = /^\d+/.exec(w)?.[0];
  if (digits) return /^(?:8\d*|11|18|11\d{3}|18\d{3})$/.test(digits) ? 'an' : 'a';
  if (/^(?:hour|honest|honou?r|heir)/.test(w)) return 'an';
  if (/^(?:one|once|eu|ewe|uni|use|usu|uk|ura|uri|uro|utensil|utili|uti)/.test(w)) return 'a';
  return /^[aeiou]/.test(w) ? 'an' : 'a';
}

/** An "a" or "an" a reply uses against the sound of the next word ("A 8oz cappuccino?", "an mocha"), or undefined. */
export function wrongArticle(text: string): string | undefined {
  for (const m of text.matchAll(/(?<![\w'-])(a|an|A|An)\s+(\d+[\w%-]*|[A-Za-z][\w%-]*)/g)) {
    if (/^(?:a|an)$/i.test(m[2]) || /^[A-Z]{2,}/.test(m[2])) continue;
    if (m[1].toLowerCase() !== indefiniteFor(m[2])) return m[0];
  }
  return undefined;
}

/** Whether a text names a drink of the corpus (misspellings of the corpus included). */
function namesOrderDrink(text: string): boolean {
  return menuItems(spellDrinks(text)).some((m) => ORDER_DRINKS.has(m)) || /\b(?:cappucinos?|cortandos?|expressos?|lates?)\b/i.test(text);
}

/** A question asking the user to confirm or check, with nothing named to confirm ("Is that everything you want?", "Could you confirm your order please?"). */
const CONFIRM_ASK = /\b(?:confirm\w*|correct|right|accurate|check\w*|verify|everything you want|all you want|understood what you want|change about that|get all of that|all of that|looks? (?:good|ok(?:ay)?|fine|right|correct)|is (?:that|this|it) (?:it|all|everything|what you (?:want|wanted|ordered)))\b/i;

/**
 * A reply naming a chai or matcha latte the customer ordered as the bare tea ("Can I get a Chai Tea
 * Latte" -> "To be sure I follow, that's a chai?"): the latte is gone. The words, or undefined.
 */
export function drinkCut(dialogue: { role: string; text: string }[]): string | undefined {
  let kind: string | undefined;
  for (const t of dialogue) {
    if (t.role === 'user') {
      const m = /\b(chai|matcha)(?: tea)? lattes?\b/i.exec(t.text);
      if (m) kind = m[1].toLowerCase();
      continue;
    }
    if (!kind) continue;
    const cut = new RegExp(`\\b${kind}\\b(?! (?:tea )?lattes?\\b)`, 'i').exec(t.text);
    if (cut && !/\blattes?\b/i.test(t.text)) return `"${t.text.slice(0, 80)}" for the ${kind} latte ordered`;
  }
  return undefined;
}

/**
 * A read-back whose check comes before the order it checks ("If it's right let me know. A mocha with
 * no foam? I want to make sure I heard you."): a sentence asking the customer to confirm, naming no
 * drink, ahead of the one naming the order. The two sentences, or undefined.
 */
export function checkBeforeReadBack(text: string): string | undefined {
  if (!readsOrderBack(text)) return undefined;
  const sentences = text.trim().split(/(?<=[.!?])\s+/);
  const k = sentences.findIndex((s) => namesOrderDrink(s));
  if (k <= 0) return undefined;
  const early = sentences.slice(0, k).find((s) => /\b(?:let me know|confirm\w*|correct|right|accurate|check)\b/i.test(s) && !/^\W*(?:all )?right\W*$/i.test(s));
  return early ? `"${early}" before "${sentences[k].slice(0, 60)}"` : undefined;
}

/**
 * A read-back naming a drink the customer never ordered, taken from their question ("what kind of
 * syrups do you have for the coffee?" … "I'd like to add vanilla" -> "that's a coffee with
 * vanilla?" after "I'd like a Mocha"): each drink a read-back names must be one a customer turn of
 * the dialogue ordered, not only asked about. The words, or undefined.
 */
export function readBackOfQuestion(dialogue: { role: string; text: string }[]): string | undefined {
  const ordered = new Set<string>();
  const asked = new Set<string>();
  let prev: string | undefined;
  for (const t of dialogue) {
    // "Is it at all possible to make a decaf mocha?" -> "So that's a decaf mocha, have I got that right?": a question read back as an order.
    if (t.role !== 'user' && prev !== undefined && asksPossible(prev) && readsOrderBack(t.text)) return `a question read back as an order: "${prev.slice(0, 60)}" -> "${t.text.slice(0, 70)}"`;
    prev = t.role === 'user' ? t.text : undefined;
    if (t.role === 'user') {
      const items = menuItems(spellDrinks(t.text)).filter((m) => ORDER_DRINKS.has(m));
      for (const m of items) (userAsks(t.text) ? asked : ordered).add(m);
      continue;
    }
    if (!ordered.size || !readsOrderBack(t.text)) continue;
    const wrong = menuItems(t.text).filter((m) => ORDER_DRINKS.has(m) && !ordered.has(m) && asked.has(m));
    if (wrong.length) return `"${wrong.join(', ')}" asked about, [${[...ordered].join(', ')}] ordered: "${t.text.slice(0, 80)}"`;
  }
  return undefined;
}

/** A reply asking to confirm an order it does not name, after a customer's order (not their question); the reply, or undefined. */
export function confirmsNothing(user: string, reply: string): string | undefined {
  if (!endsOnQuestion(reply) || userAsks(user)) return undefined;
  const last = reply.trim().split(/(?<=[.!?])\s+/).pop() ?? '';
  if (!CONFIRM_ASK.test(last) || namesOrderDrink(reply)) return undefined;
  // "Just to check: a Jin Xuan, correct?": an item the rules do not know is still named.
  if (/\b(?:[Aa]n?|[Oo]ne|[Tt]wo|[Tt]hree|[Tt]he|[Ss]ome)\s+(?:(?:cup|glass|pot|mug)\s+of\s+)?(?!order\b|details?\b|drinks?\b|everything\b|information\b)(?:[A-Z][\w'-]*|[\w'-]+\s+(?:with|and)\s+\w+)/.test(reply)) return undefined;
  // "A jin xuan, is that right?" after "can I get a jin xuan please?": the customer's own noun, read back.
  if (namesCustomerWords(user, reply)) return undefined;
  return reply;
}

/**
 * A sentence that only acknowledges ("OK.", "Great!", "Sure thing.", "Thank you."): it carries no
 * content of its own. The rewrite (sources/dialogue/honest.ts) keeps such an opener only now and
 * then; the opener measure counts the replies that start with one.
 */
export const ACKNOWLEDGEMENT = /^\W*(?:ok(?:ay)?|k|alright|all right|great|fine|sure(?: thing)?|perfect|awesome|excellent|wonderful|fantastic|cool|no problem|certainly|of course|absolutely|yes|yep|yeah|yes (?:sir|ma'?am)|got it|sounds? good|thanks?|thank you(?: so much| very much)?|well|right on|very well|you(?:'?ve)? got it|will do|good|nice|great choice|good choice|excellent choice|awesome choice|wonderful choice|alrighty|okie dokie|gotcha|understood|wonderful)(?:[,.!\s\u2013-]+(?:ok(?:ay)?|great|sure|thanks?|thank you|perfect|sir|ma'?am|then|cool|awesome|sounds (?:good|great)))*\W*$/i;

/**
 * The bare acknowledgement a reply opens with, when its first sentence is only that ("OK. So that's
 * a latte?" -> "OK."), or undefined ("OK, so that's a latte?" opens with a sentence of content).
 */
export function openingAcknowledgement(text: string): string | undefined {
  const first = /^\s*[^.!?]*[.!?]+(?=\s|$)/.exec(text)?.[0];
  return first && ACKNOWLEDGEMENT.test(first) && !/\?\s*$/.test(first) ? first.trim() : undefined;
}

/** A reply split at its bare opening acknowledgement ("OK. So that's a latte?" -> "OK." and "So that's a latte?"), or undefined when it opens with none. */
export function splitAcknowledgement(text: string): { ack: string; rest: string } | undefined {
  const ack = openingAcknowledgement(text);
  return ack ? { ack, rest: text.trim().slice(ack.length).trim() } : undefined;
}

/** Words left after an opener that read as a whole sentence without it ("So that's a latte?", never "and a mocha."). */
export function standsAlone(rest: string): boolean {
  return /^["'(]?[A-Z0-9]/.test(rest) && !/^(?:and|but|or|also|too|plus)\b/i.test(rest);
}

/** A reply's words after its opening acknowledgement that open with a filler of their own ("Noted, the mocha;", "Got it: the latte"): the two stack. */
export const OPENS_WITH_FILLER = /^(?:ok(?:ay)?|alright|all right|great|good|fine|sure|perfect|awesome|cool|got it|noted|right)(?:[.!:]|,(?= ))/i;

/** Replies of one long-context insertion one acknowledgement may open ("OK." three times in a visit of many orders, not sixteen). */
export const ACKNOWLEDGEMENT_MOST = 3;

/**
 * The word a bare acknowledgement says, whatever its spelling ("Okay!" and "OK." -> "ok", "All right."
 * -> "alright", "Thank you so much!" -> "thanks"): two openers a reader hears as the same word.
 */
export function acknowledgementWord(ack: string): string {
  const w = ack.toLowerCase().replace(/[^a-z' ]/g, ' ').replace(/\s+/g, ' ').trim();
  if (/^(?:ok(?:ay)?|k|okie dokie)\b/.test(w)) return 'ok';
  if (/^(?:alright|all right|alrighty)\b/.test(w)) return 'alright';
  if (/^(?:thanks?|thank you)\b/.test(w)) return 'thanks';
  if (/^sure\b/.test(w)) return 'sure';
  return w.split(' ')[0];
}

/** A check of a change that names nothing ("OK, how is the order now?", "Okay is that better?", "Ok, how about now?", "This good?"). */
export const CHECKS_UNNAMED = /\bhow(?: is| does|'s)? (?:(?:the|your|my) order|it|that|this|everything) (?:look )?now\b|\bhow about now\b|\b(?:is|does) (?:that|this|it) (?:look )?better\b|^\W*(?:(?:ok(?:ay)?|sure|so)[,.!]?\s+)?(?:is )?(?:this|that|it) (?:good|okay|ok|better|alright|fine)\s*\?|\b(?:repeat|say) (?:your|the) order\b|\bdouble-?check (?:the|your) order\b/i;

/** A customer's turn changing what they ordered ("No, I actually want it decaf.", "No, I'm sorry I meant order that decaf."). */
const CHANGES_ORDER = /^\W*(?:no|nope|actually|sorry|oh|wait|oops|um+|hmm+)\b|\b(?:i meant|instead|forgot to|change (?:it|that|my order))\b/i;
/** What a question after an order may ask: a detail of it, or whether that is all ("What size?", "Will that be all?"). */
const DETAIL_QUESTION = /\b(?:anything else|something else|what else|(?:that|this) be all|is that all|sizes?|small|medium|large|milk|hot|iced|cold|for here|to go|name|how many|which|what kind|what type|flavou?rs?|syrups?|sweet\w*|whip\w*|shots?|decaf\w*|room for)\b/i;

/**
 * Why a reply does not answer the customer's order or change of order just before it, or undefined.
 * A reply to a clear order reads it back, names it, asks a detail of it or only acknowledges it;
 * the corpus's coffee agent answered a till the case's assistant has not got: "Okay maybe this
 * drink?" and "You want 2 of the 7854 drink?" (an item on its screen), "OK, how is the order now?"
 * after "No, I actually want it decaf." (the screen updated), "Yes, it is also a great drink." to
 * "Can I get a matcha please?", "Could you please repeat your order to me?" to a clear order.
 */
export function replyMissesOrder(user: string | undefined, reply: string): string | undefined {
  if (user === undefined || userAsks(user) || asksMenu(user) || asksPossible(user)) return undefined;
  const u = spellDrinks(user.replace(/[’‘]/g, "'"));
  const orders = namesOrderDrink(u) || (ORDER_REQUEST.test(u) && orderModifiers(u).length > 0);
  const changes = CHANGES_ORDER.test(u) && orderModifiers(u).length > 0;
  if (!orders && !changes) return undefined;
  // "Is your coffee order correct?": the order, not a drink named.
  const r = reply.replace(/[’‘]/g, "'").replace(/\bcoffee order\b/gi, 'order').trim();
  const unnamed = r.split(/(?<=[.!?])\s+/).some((x) => CHECKS_UNNAMED.test(x));
  if (!unnamed && (readsOrderBack(r) || saysNoMenu(r) || saysCannotOrder(r) || namesOrderDrink(r) || namesCustomerWords(user, r))) return undefined;
  if (unnamed && namesOrderDrink(r)) return undefined;
  // "Great so decaf" after "No I want it to be decaf": the change said back.
  if (!unnamed && orderModifiers(r).some((m) => orderModifiers(u).includes(m))) return undefined;
  const content = r.split(/(?<=[.!?])\s+/).filter((x) => x && !ACKNOWLEDGEMENT.test(x) && !takesLeave(x));
  // "You've got it!", "OK.": an order acknowledged.
  if (!content.length) return undefined;
  const last = content[content.length - 1];
  if (!unnamed && endsOnQuestion(r) && DETAIL_QUESTION.test(last)) return undefined;
  return `${unnamed || /\?/.test(r) ? 'asks about an order it does not name' : 'says what does not answer the order'}: "${user.slice(0, 60)}" -> "${reply.slice(0, 70)}"`;
}

/** Words of a customer's turn that only ask or point ("can I get", "please", "my order"): never what was ordered. */
const ASKING_WORD = /^(?:i|id|ill|im|ive|me|my|mine|you|your|we|can|could|may|might|get|got|have|has|like|love|want|wanted|would|will|please|just|the|a|an|one|two|three|some|and|or|but|with|without|to|for|of|order|ordered|drink|drinks|something|thing|hi|hello|hey|thanks|thank|too|also|today|now|think|gonna|going|take|need|yes|yeah|no|not|ok|okay|that|this|it|its|is|are|was|be|in|on|at|so|let|lets|see|do|does|did|make|there|here|what|which|how|actually|really|right|correct|all|good|great|sure|well|again|instead|then|more|other|another|same|usual|cup|glass|size)$/;

/**
 * Whether a reply names what the customer's turn ordered in the customer's own words: an article or
 * count, then within three words a word of theirs that is no asking word ("a jin xuan", "an oat
 * milk with chocolate").
 */
export function namesCustomerWords(user: string, reply: string): boolean {
  const theirs = new Set(normalizeLine(user).split(' ').filter((w) => w.length >= 3 && !ASKING_WORD.test(w)));
  if (!theirs.size) return false;
  const words = normalizeLine(reply).split(' ');
  return words.some((w, i) => /^(?:a|an|one|two|three|some|the)$/.test(w) && words.slice(i + 1, i + 4).some((x) => theirs.has(x)));
}

/**
 * A reply that orders as the customer does ("Give me a cortado extra foam please.", "Yes.. I would
 * like spiked honey oat milk.", "Just plain coke please."): a turn of the corpus given to the wrong speaker. The sentence, or undefined.
 */
export function speaksAsCustomer(text: string): string | undefined {
  return text
    .split(/(?<=[.!?])\s+/)
    .find(
      (s) =>
        (/^\W*(?:(?:yes|yeah|ok(?:ay)?|so|um+|hmm+|and)\b\W*)*(?:give me|get me|i'?d like|i would like|i want|i'?ll (?:have|take)|i need|(?:can|could|may) i (?:get|have)(?! (?:you|your|that for you)))\s+(?:a|an|one|two|three|some|the|to order|(?:\w+ ){1,3}(?:milk|latte|mocha|tea|coffee))\b/i.test(s) ||
          // "Just plain coke please.": an item and "please", the customer's way of ordering.
          /^\W*(?:just\s+)?(?:[\w%-]+\s+){0,3}(?:coke|soda|water|juice|latte|mocha|tea|coffee|cappuccino|espresso|americano|macchiato|cortado|chai|milk)s?,?\s+please\W*$/i.test(s)) &&
        !/\b(?:you|your)\b/i.test(s),
    );
}

/** A customer's question about what goes into a drink ("What's in the Cold Brew?", "What are the contents of the matcha latte?", "So what is the Steamer all about?"). */
const ASKS_CONTENTS = /\bwhat\s+(?:exactly|actually)\s+(?:is|are|goes)\s+in\b|\bwhat(?:'s| is| are| goes)\s+(?:exactly\s+|actually\s+)?in\b|\bwhat(?:'s| is| are) (?:a|an) (?:\w+ ){0,2}?(?:steamer|americano|cortado|macchiato|flat white|cold brew|chai|matcha|frappe|frappuccino|mocha|latte|cappuccino|espresso|drip coffee)s?\s*\?|\bmade (?:of|with|from)\b|\bconsists? of\b|\b(?:contents|ingredients)\b|\bwhat(?:'s| is) (?:the|a|an|your) [^?.!]{1,30} all about\b|\bwhat makes up\b|\bwhat comes in\b|\bwhat(?:'s| is| are)? all (?:comes |goes |is |are )?in\b|\bwhat(?:'s| is| are) inside\b|\bhow (?:is |are )?(?:the|a|an|your|their) [^?.!]{1,30}?(?:is |are )?(?:made|prepared|brewed)\b|\bwhat (?:do |did )?(?:you|they) (?:guys )?put in(?:to)?\b|\bwhat(?:'s| is) (?:a|an) (?:\w+ ){0,2}?(?:steamer|americano|cortado|macchiato|flat white|cold brew|chai|matcha|frappe|frappuccino|mocha|latte|cappuccino|espresso|drip coffee)s?\s*[.!]?\s*$/i;

/**
 * A reply telling what goes into this café's drink after the customer asked ("That drink has ice
 * and their special coffee concentrate", "It is a 10 oz mix of hot water and espresso."): a recipe
 * only the café's menu gives. The reply, or undefined.
 */
export function describesRecipe(question: string, reply: string): string | undefined {
  const q = question.replace(/[’‘]/g, "'");
  if (!ASKS_CONTENTS.test(q) || /\?/.test(reply) || endsOnQuestion(reply) || saysNoMenu(reply)) return undefined;
  // "I would like a Vanilla Macchiato made with 2% please.": an order saying how it is made asks nothing (h-evol25).
  if (!/\?/.test(q) && !userAsks(q)) return undefined;
  // A recipe, or a line that answers nothing ("What are the ingredients in an americano?" -> "It is US based."): either way not the assistant's to say.
  return reply;
}

/** A drink's size in a unit ("12 oz", "16 ounces", "350 ml"): its number, or undefined. */
const SIZE_SAID = /\b(\d+(?:\.\d+)?)\s?(?:oz|ounces?|ml|millilit(?:er|re)s?)\b/i;
/** The café's own make of a drink or its parts ("their delicious coffee concentrate", "Their chai latte is 12 oz", "All of their coffees"). */
const CAFE_OWN = /\b(?:their|our)\s+(?:[\w-]+\s+){0,2}?(?:coffees?|concentrate|cold brews?|chai(?: lattes?)?|lattes?|mochas?|steamers?|americanos?|cortados?|macchiatos?|cappuccinos?|espressos?|beans|blend|roast|teas?|drinks?|syrups?|recipes?|cups?)\b/i;

/**
 * A sentence of a reply stating a particular café's make of a drink: its size ("It's a 12 oz cup of
 * steamed milk with microfoam.", "… and is 12 ounces when served.") or its own recipe ("Their cold
 * brew is a mix of their delicious coffee concentrate and ice."), which only its menu gives. A size
 * the customer said (`said`: their words so far, "a 12oz Latte") is theirs to read back. The
 * sentence, or undefined.
 */
export function statesSpec(text: string, said = ''): string | undefined {
  if (saysNoMenu(text)) return undefined;
  const customer = said.replace(/\s+/g, ' ');
  for (const s of text.replace(/[’‘]/g, "'").trim().split(/(?<=[.!?;])\s+/)) {
    if (/\?\s*$/.test(s)) continue;
    const size = SIZE_SAID.exec(s);
    if (size && !new RegExp(`\\b${size[1].replace('.', '\\.')}\\s?(?:oz|ounces?|ml|millilit)`, 'i').test(customer)) return s;
    const own = CAFE_OWN.exec(s);
    if (own && !STOCK_HEDGE.test(s) && !NEGATED.test(s)) return s;
  }
  return undefined;
}

/** A customer asking to see the café's menu ("Can I see the menu again please?"): the assistant has none to show. */
export function asksToSeeMenu(text: string): boolean {
  return /\b(?:see|look at|have a look at|get|have|show me|view|read) (?:the|a|your|their) menu\b|\bmenu,? please\b/i.test(text);
}

/** What a customer says to answer something ("Yes, …", "Yeah I'd like …", "No, I want it decaf", "Sounds good"). */
const ANSWER_WORD = /^\W*(?:yes|yeah|yep|yup|yah|ya|nope|no|sure|correct|exactly|that'?s (?:it|right|correct|fine|good|perfect|all)|sounds (?:good|great|perfect|fine)|looks (?:good|great|right|fine|correct)|perfect|you(?:'?ve)? got it|spot[- ]on)\b/i;
/** An acknowledgement opening a turn ("OK, could you …", "Okay. …"): it answers the turn before. */
const ACK_WORD = /^\W*(?:ok(?:ay)?|alright|all right)\b/i;
/** A customer pointing at choices the reply before listed ("They all sound good", "the first one"). */
const POINTS_AT_LIST = /\b(?:(?:they|those|these) (?:all )?sound|all of (?:them|those|these) sound|(?:the )?(?:first|second|third|last) one|that one sounds|any of (?:them|those|these))\b/i;
/** A reply that invites an answer without a question mark ("Please confirm.", "Let me know if that's right."). */
const INVITES = /\b(?:confirm|let me know|correct|right|is that it|will that be all|anything else)\b/i;

/**
 * Why a customer's turn does not follow the assistant's turn before it (undefined when it does):
 * a "Yes"/"Yeah"/"No" or an "OK" opening the dialogue (`prev` undefined: the first turn shown, or
 * the turn after another dialogue's closing, where nothing was asked); a "Yes"/"No" after a reply
 * that asked, offered and read back nothing ("OK." -> "No, I want it decaf"); a pointer at a list
 * after a reply that said it cannot see the menu ("They all sound good, but make mine hazelnut").
 */
export function turnNotFollowing(prev: string | undefined, user: string): string | undefined {
  const u = user.trim();
  if (prev === undefined) {
    if (ANSWER_WORD.test(u)) return 'answers a question nobody asked';
    if (ACK_WORD.test(u)) return 'acknowledges a reply never given';
    return undefined;
  }
  if (saysNoMenu(prev)) {
    if (POINTS_AT_LIST.test(u)) return 'points at choices the reply did not list';
    if (ANSWER_WORD.test(u) && !/^\W*no\b/i.test(u)) return 'agrees with a reply that offered nothing';
    return undefined;
  }
  if (ANSWER_WORD.test(u) && !/\?/.test(prev) && !INVITES.test(prev) && !menuItems(prev).length && !orderModifiers(prev).length) return 'answers a reply that asked nothing';
  return undefined;
}

/**
 * A dialogue's first customer turn without the answer it opens with ("Yeah, I'll take a Cortado" ->
 * "I'll take a Cortado", "Yes hi could I get …" -> "Hi could I get …", "OK, could you …" -> "Could
 * you …"): the corpus dropped the café's opening question it answered. As it was when it opens with
 * nothing else, or is only the answer.
 */
export function withoutOpeningAnswer(text: string): string {
  let t = text;
  for (let n = 0; n < 3; n++) {
    const m = /^\W*(?:yes|yeah|yep|yup|yah|ya|sure|ok(?:ay)?|alright|all right|so|um+|uh+|well)\b(?:[,.!-]+\s*|\s+)/i.exec(t);
    if (!m || !/\w{2,}/.test(t.slice(m[0].length))) break;
    t = t.slice(m[0].length);
  }
  return t === text ? text : t.charAt(0).toUpperCase() + t.slice(1);
}

/**
 * A corpus line as typed into one turn: a sentence glued to the next ("teas.Please take a look" ->
 * "teas. Please take a look"), the start of the customer's next answer typed on ("Could I get a
 * chai latte?Yes" -> "Could I get a chai latte?", "…Cold Tea?I n"), a trailing comma or semicolon
 * ("… to go please," -> "… to go please.").
 */
export function mendSplice(text: string): string {
  let t = text.replace(/([a-z\d][.?!~])([A-Z][\w']*(?:[\s,.!?]+[\w']+)*[\s,.!?]*)$/, (m, end: string, rest: string) => (rest.trim().split(/\s+/).length <= 2 ? end : `${end} ${rest}`));
  t = t.replace(/([a-z\d][.?!~])(?=[A-Z][a-z])/g, '$1 ');
  t = t.replace(/\s*[,;]+\s*$/, (m) => (/[.?!]$/.test(t.slice(0, -m.length)) ? '' : '.'));
  return t;
}

/** A turn spliced from corpus lines: a sentence end with no space before the next ("latte?Yes"), or a line ending on a comma or a joining word; the words, or undefined. */
export function splicedLine(text: string): string | undefined {
  const t = text.trim();
  const glued = /[a-z\d][.?!](?=[A-Z])/.exec(t);
  if (glued) return `"${t.slice(Math.max(0, glued.index - 15), glued.index + 12)}"`;
  const end = /(?:[,;:]|\b(?:and|or|but|because|with|the|a|an|my|your|then|if|plus))\s*$/i.exec(t);
  return end ? `ends on "${t.slice(Math.max(0, end.index - 20))}"` : undefined;
}

/** Words that size or multiply a drink ("a double mocha", "a large latte"). */
const MULTIPLIER = /\b(single|double|triple|quad|quadruple|extra|half|large|small|medium)\b/gi;
/** What a customer adds to a drink: "double sugar" is not a double drink. */
export const ADD_IN = /^(?:[\s-]+)(?:the[\s-]+(?:(?:oat|almond|soy|coconut|whole|skim|2%)[\s-]+)?)?(?:sugars?|sweeteners?|splenda|stevia|foam|foamy|cream|creamer|milk|syrups?|pumps?|sauce|whip(?:ped)?|honey|ice|drizzle|caramel|vanilla|hazelnut|chocolate|cinnamon|cocoa|sprinkles?)\b/i;
const DRINK_AHEAD = /^(?:[\s-]+[\w%'-]+){0,3}?[\s-]+(?:hot chocolate|chai lattes?|cold brews?|iced coffees?|flat whites?|cappuccinos?|macchiatos?|americanos?|espressos?|frappuccinos?|cortados?|mochas?|lattes?|chais?|teas?|coffees?|steamers?)\b/i;

/**
 * A reply that puts a customer's modifier of an add-in on the drink ("adding double sugar" read
 * back as "a double mocha", "a double foam cortado" said again as "the double cortado"): a word
 * sizing a drink in the reply that the customer said only of an add-in. The words, or undefined.
 */
export function misattachedModifier(customer: string[], reply: string): string | undefined {
  const said = customer.join(' \u0001 ');
  for (const m of reply.matchAll(MULTIPLIER)) {
    const after = reply.slice(m.index! + m[0].length);
    // The reply's word on an add-in ("extra foam", "double sugar") or not on a drink: nothing to compare.
    if (ADD_IN.test(after) || !DRINK_AHEAD.test(after)) continue;
    const word = m[1].toLowerCase();
    const uses = [...said.matchAll(new RegExp(`\\b${word}\\b`, 'gi'))].map((u) => said.slice(u.index! + u[0].length));
    if (uses.length && uses.every((rest) => ADD_IN.test(rest))) return `"${reply.slice(m.index!, m.index! + m[0].length + (DRINK_AHEAD.exec(after)?.[0].length ?? 0))}" for the customer's "${word}${ADD_IN.exec(uses[0])![0]}"`;
  }
  return undefined;
}

/**
 * A reply naming several of one drink as one ("At the counter, just say the lattes.") after the
 * order split them ("two lattes, one of them decaf", "two cortados, one with oat milk and one with
 * 2% milk"): what makes them differ is gone. The words, or undefined.
 */
export function splitOrderLost(dialogue: { role: string; text: string }[]): string | undefined {
  let split: { noun: string; mods: string[]; text: string } | undefined;
  for (const t of dialogue) {
    const m = /\b(?:two|three|four|both|[2-9])\s+(?:[\w%-]+\s+){0,3}?([a-z]+)s\b,?\s+((?:one|1|the other)\b[^.?!]*)/i.exec(t.text);
    if (m && orderModifiers(m[2]).length && menuItems(m[1]).length) {
      split = { noun: m[1].toLowerCase(), mods: orderModifiers(m[2]), text: m[0] };
      continue;
    }
    // "a mocha with almond milk and a mocha with oat milk": one drink twice, made two ways.
    const pair = /\b(?:a|an|one)\s+((?:[\w%-]+\s+){0,3}?)([a-z]+)\b([^.?!]*?)\s+and\s+(?:a|an|one|another)\s+((?:[\w%-]+\s+){0,3}?)\2\b([^.?!]*)/i.exec(t.text);
    if (pair && ORDER_DRINKS.has(pair[2].toLowerCase())) {
      const mods = (x: string) => orderModifiers(x);
      const a = mods(`${pair[1]} ${pair[3]}`);
      const b = mods(`${pair[4]} ${pair[5]}`);
      const differ = [...a.filter((x) => !b.includes(x)), ...b.filter((x) => !a.includes(x))];
      if (differ.length) {
        split = { noun: pair[2].toLowerCase(), mods: differ, text: pair[0] };
        continue;
      }
    }
    if (!split || t.role !== 'assistant') continue;
    const plural = new RegExp(`\\bthe (?:two |three |both )?${split.noun}s\\b`, 'i').exec(t.text);
    if (!plural) continue;
    const has = orderModifiers(t.text);
    if (!split.mods.every((x) => has.includes(x))) return `"${plural[0]}" after "${split.text.slice(0, 70)}"`;
  }
  return undefined;
}

/** Sentences a closing may open or end with that anyone says ("OK.", "Okay, great!", "Thank you.", "Have a good day!"): not a shape. */
const COMMON = /^(?:ok(?:ay)?|alright|all right|sure|great|perfect|awesome|excellent|wonderful|cool|yes|thanks?|thank you(?: (?:so|very) much)?|no problem|of course|certainly|absolutely|sounds good|got it|you got it|have a (?:\w+ )?(?:day|one|morning|afternoon|evening))(?: (?:ok(?:ay)?|great|sure|thanks?|thank you|perfect|awesome|then))*$/;

/** Words a closing's own wording is made of: never masked as the customer's, though customers say them too. */
const SHAPE_WORDS = new Set('i me my you your youre youll youd we our it its thats that this there then so is are be was will can cant would should to at for of in on and or but with when where what which as if up just now here the ask asking tell say give order ordering orders place counter barista till register front line turn shop cafe arrive get got go set sure right good fine noted it is done settled settle one sounds like want wanted want have having had make made take taking know let whoever staff them they their out read mention reach reaching all any'.split(' '));

/**
 * The customer's words a closing's shape masks. The closing writer asks for the shapes of every
 * candidate wording against the same customer turns: read once per list of turns.
 */
const customerWordsCache = new WeakMap<readonly string[], Set<string>>();
function customerWords(customer: readonly string[]): Set<string> {
  let said = customerWordsCache.get(customer);
  if (said === undefined) {
    said = new Set(customer.flatMap((t) => normalizeLine(t).split(' ')).filter((w) => !SHAPE_WORDS.has(w)));
    for (const w of ['a', 'an', 'one', 'some', 'two']) said.add(w);
    customerWordsCache.set(customer, said);
  }
  return said;
}

/**
 * The shape of each sentence of a closing reply: its words, with the words the customer said in
 * that dialogue (`customer`, their turns) masked ("Got it: a decaf Latte." -> "got it *").
 * Sentences anyone says ("Thank you.") are left out. The closing-shape measure and the rewrite that
 * words an insertion's closings (sources/dialogue/honest.ts closeInsertion) share it, so no wording
 * the rewrite picks can repeat a shape the measure reads.
 */
export function closingSentenceShapes(closing: string, customer: readonly string[]): string[] {
  const said = customerWords(customer);
  const out = new Set<string>();
  for (const sentence of closing.split(/(?<=[.!?;])\s+/)) {
    const words = normalizeLine(sentence).split(' ').filter(Boolean);
    if (!words.length || COMMON.test(words.join(' '))) continue;
    const shape = words.map((w) => (said.has(w) ? '*' : w)).join(' ').replace(/\*(?: \*)+/g, '*');
    const own = shape.split(' ').filter((w) => w !== '*').length;
    if (own === 0 || (!shape.includes('*') && own < 3)) continue;
    out.add(shape);
  }
  return [...out];
}

/**
 * Why an assistant's reply does not answer the customer's line before it, or undefined. The corpus's
 * coffee agent read a till and a menu the case's assistant has neither of: "I can't seem to find
 * that item. Do you want something else?" to "I'd like a macchiato" (a menu lookup), "That looks
 * perfect." to "I would like to get a Mocha please" (a screen it looked at), "Let me know if you'd
 * like anything." to "Can I see the menu again?" (a menu handed over, or the request ignored).
 */
export function replyNotAnswering(user: string | undefined, reply: string): string | undefined {
  const r = reply.replace(/[’‘]/g, "'");
  if (/\b(?:can'?t|cannot|could ?n'?t|could not|unable to)\s+(?:seem to\s+)?(?:find|locate|see)\s+(?:that|this|the|your|an?)\s+(?:item|drink|one)\b|\bno such item\b/i.test(r)) return 'looks an item up on a menu it cannot see';
  if (user === undefined) return undefined;
  if (asksToSeeMenu(user) && !saysNoMenu(r)) return 'does not answer a request to see the menu';
  // "That looks perfect." to an order nobody showed: the till's screen, read.
  if (!/\?/.test(user) && /^\W*(?:(?:ok(?:ay)?|great|alright|sure|perfect)[,.!]?\s*)?(?:that|this|it|everything|all of (?:that|this)) (?:all )?looks? (?:perfect|good|great|right|fine|correct|ok(?:ay)?)\b/i.test(r)) return 'judges a screen nobody showed';
  return undefined;
}

/** A customer asking what a drink is or holds ("What is in a cold brew coffee.", "What is actually in a Matcha Latte?", "What's a cortado?"). */
export function asksContents(text: string): boolean {
  return ASKS_CONTENTS.test(text.replace(/[’‘]/g, "'"));
}

/** A customer asking whether a drink can be had at all ("Is it at all possible to make a decaf mocha?", "Are you able to make a cortado scalding hot?"). */
const ASKS_POSSIBLE = /\b(?:is it (?:at all |even |still |also )?possible|would it be possible|are (?:you|they) (?:guys )?able to|(?:do|does) (?:you|they)(?: guys| all)? (?:do|make)\b|is there such a thing|(?:can|could) (?:they|you guys) (?:make|do)\b|is that (?:something|a thing) (?:you|they) (?:can )?(?:do|make))/i;

/**
 * Whether a customer's turn asks whether something can be made or had, and orders nothing ("Is it
 * at all possible to make a decaf mocha? Is there such a thing?"): only the café can say, so the
 * answer is that the assistant cannot see its menu, not a read-back. A turn that also orders a drink
 * outright ("Can I get a latte? Is it possible to make it iced?") is an order.
 */
export function asksPossible(text: string): boolean {
  const sentences = text.replace(/[’‘]/g, "'").trim().split(/(?<=[.!?])\s+/);
  return sentences.some((s) => ASKS_POSSIBLE.test(s) && !ORDER_REQUEST.test(s.replace(ASKS_POSSIBLE, ''))) && !sentences.some((s) => !ASKS_POSSIBLE.test(s) && ORDER_REQUEST.test(s) && namesOrderDrink(s));
}

/** A drink as a customer or a read-back names it, its plural too. */
const DRINK_WORD = /\b(?:hot chocolates?|chai(?: tea)? lattes?|matcha(?: tea)? lattes?|cold brews?|iced coffees?|drip coffees?|flat whites?|green teas?|black teas?|herbal teas?|cappuccinos?|macchiatos?|americanos?|espressos?|frappuccinos?|frappes?|cortados?|steamers?|mochas?|lattes?|chais?|matchas?|smoothies?|teas?|coffees?(?![\s-]+ice[\s-]?cream\b))(?:'s)?\b/gi;
const COUNT_WORDS: Record<string, number> = { two: 2, both: 2, '2': 2, three: 3, '3': 3, four: 4, '4': 4 };
/** The second of two drinks said without its noun ("one decaf latte and one regular", "a mocha, and another with oat milk"). */
export const ELIDED_DRINK = /^([^.?!]*?)(?:,\s*|\s+)(?:and\s+|plus\s+)(?:also\s+)?(one|a|an|another)\s+((?:regular|normal|plain|decaf\w*|caffeinated|iced|hot|small|medium|large|skinny)\b(?:\s+one\b)?|with\s+[\w%-]+(?:\s+milk)?|one\s+with\s+[\w%-]+(?:\s+milk)?)(?!\s+(?:[\w%-]+\s+){0,2}?(?:hot chocolate|chai|cold brew|iced coffee|flat white|cappuccino|macchiato|americano|espresso|frappuccino|frappe|cortado|steamer|mocha|latte|matcha|smoothie|tea|coffee|shots?|pumps?|of|milk|syrup|sauce|cream|sugar)\b)/i;

/**
 * How many drinks a text orders or reads back: each drink named after a count or an article ("two
 * lattes" 2, "a mocha and a latte" 2), a drink said again with "the" not counted again, and a second
 * one said without its noun ("one decaf latte and one regular") counted too.
 */
export function drinkCount(text: string): number {
  // "I think a Cappuccino would be good right now, so one Cappuccino.": one drink said twice.
  if (restatedDrink(text)) return 1;
  const t = spellDrinks(text.replace(/[’‘]/g, "'"));
  let n = 0;
  let last = 0;
  let end = -1;
  const several = new Set<string>();
  const mentions = [...t.matchAll(DRINK_WORD)];
  // "2 coffees. 1 latte … 1 cappuccino": the coffees are the drinks named after.
  const generic = mentions.some((m) => !/^(?:coffee|tea)/i.test(m[0]));
  for (const m of mentions) {
    // "a mocha coffee", "a Mocha Latte", "a coffee- Latte": one drink named twice over.
    const joined = end >= 0 && /^[\s-]*$/.test(t.slice(end, m.index!));
    end = m.index! + m[0].length;
    if (joined || (generic && /^(?:coffee|tea)/i.test(m[0]))) continue;
    const noun = m[0].toLowerCase().replace(/(?:'s|e?s)$/, '');
    // "a couple of Macchiatos", "two of your Macchiatos": the count said before "of".
    const countOf = /\b(?:(?:a\s+)?(couple|pair)|(two|three|four|both|[2-4]))\s+of\s+(?:(?:your|those|these|the|them)\s+)?(?:[\w%-]+\s+){0,2}$/i.exec(t.slice(Math.max(0, m.index! - 40), m.index!));
    if (countOf) {
      last = countOf[1] ? 2 : COUNT_WORDS[countOf[2].toLowerCase()] ?? 2;
      several.add(noun);
      n += last;
      continue;
    }
    const before = t.slice(Math.max(0, m.index! - 40), m.index!).trim().split(/\s+/).slice(-4);
    const det = [...before].reverse().find((w) => /^(?:a|an|one|two|three|four|both|another|some|[2-4]|the|that|this|it|your|my)$/i.test(w));
    if (!det || /^(?:the|that|this|it|your|my)$/i.test(det)) continue;
    last = COUNT_WORDS[det.toLowerCase()] ?? 1;
    // "two mochas except one mocha with almond milk": one of the two.
    if (last === 1 && several.has(noun)) continue;
    if (last > 1) several.add(noun);
    n += last;
    if (last === 1 && ELIDED_DRINK.test(t.slice(m.index! + m[0].length))) n += 1;
  }
  return n;
}

/**
 * A read-back naming fewer drinks than the customer's order ("I would like one decaf Latte and one
 * regular." -> "So that's one decaf latte?"; "one regular Cortado and one decaffeinated" -> "one
 * decaf regular cortado"): a drink, a count or a variant dropped. The words, or undefined.
 */
export function readBackItemDropped(dialogue: { role: string; text: string }[]): string | undefined {
  let ordered = 0;
  let said = '';
  for (const t of dialogue) {
    if (t.role === 'user') {
      const n = userAsks(t.text) && !ORDER_REQUEST.test(t.text) ? 0 : drinkCount(t.text);
      if (n) {
        ordered = n;
        said = t.text;
      }
      continue;
    }
    if (!ordered || !readsOrderBack(t.text)) continue;
    const n = drinkCount(t.text);
    if (n && n < ordered) return `${ordered} ordered, ${n} read back: "${said.slice(0, 70)}" -> "${t.text.slice(0, 80)}"`;
  }
  return undefined;
}

/** An amount the customer gave an add-in ("double the oat milk", "two pumps of caramel", "half the normal chocolate", "an extra shot"). */
const AMOUNT = /\b(double|triple|extra|half|light|less|more|(?:one|two|three|four|[1-4]) (?:pumps?|shots?|spoonfuls?|packets?|splash(?:es)?|dash(?:es)?)|a little(?: bit)?|a bit|a (?:splash|dash|touch|hint) of)(?:\s+of)?\s+(?:the\s+|an?\s+)?(?:(?:normal|regular|usual)\s+(?:amount of\s+)?)?((?:oat|almond|soy|coconut|whole|skim|2%)\s+milk|milk|vanilla|caramel|hazelnut|chocolate|cinnamon|honey|peppermint|pumpkin|sugar(?![- ]free)|sweetener|foam|cream|whip|ice|shots?|syrup)\b((?:\s+(?:dolce|spice))?(?:\s+(?:syrup|sauce|drizzle|powder))?(?:\s+on the side)?)/gi;

/**
 * The amounts a customer's order turn gives its add-ins, none for a question about the menu nor one
 * ruled out ("not extra foam"): the amount's word ("double", "pump"), the add-in ("oat milk",
 * "shot") and the customer's words for both ("double the oat milk", "one pump of cinnamon dolce syrup").
 */
export function addInAmounts(text: string): { word: string; noun: string; said: string }[] {
  if (MENU_QUESTION.test(text.trim()) && !ORDER_REQUEST.test(text)) return [];
  const out: { word: string; noun: string; said: string }[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    if (/\b(?:not?|without)\s+(?:\w+\s+)?$/i.test(text.slice(Math.max(0, m.index! - 12), m.index!))) continue;
    // "two pumps" -> "pump", "a hint of" -> "hint", "a little bit" -> "little".
    const word = m[1].toLowerCase().replace(/^an?\s+/, '').replace(/\s+of$/, '').replace(/\s+bit$/, '').split(' ').pop()!.replace(/(?<=pump|shot|spoonful|packet)s$|(?<=splash|dash)es$/, '');
    out.push({ word, noun: m[2].toLowerCase().replace(/s$/, ''), said: m[0].replace(/\s+/g, ' ') });
  }
  return out;
}

/** A phrase qualifying how the drink is made that the modifier rules do not read: how much of a part ("half"), how light on one, one left out ("no added sugar"). */
export interface Qualifier {
  kind: 'half' | 'light' | 'more' | 'none';
  noun: string;
  said: string;
}
const QUALIFIED_NOUN = '(espresso|shots?|caffeine|milk|foam|sugar|syrup|chocolate|sweetener|pumps?|ice|water|caramel|vanilla|hazelnut|whip(?:ped cream)?|cream|sauce)';
const QUALIFIER_RES: [Qualifier['kind'], RegExp][] = [
  ['half', new RegExp(`\\b(?:(?:only|just)\\s+)?half\\s+(?:(?:of\\s+)?(?:the|a|an|your|my)\\s+)?(?:(?:normal|regular|usual)\\s+(?:amount\\s+of\\s+)?)?(?:[\\w%-]+\\s+)?${QUALIFIED_NOUN}\\b`, 'gi')],
  ['light', new RegExp(`\\b(?:light|easy)\\s+on\\s+(?:the\\s+)?(?:[\\w%-]+\\s+)?${QUALIFIED_NOUN}\\b`, 'gi')],
  ['more', new RegExp(`\\b(?:double|extra|heavy)\\s+on\\s+(?:the\\s+)?(?:[\\w%-]+\\s+)?${QUALIFIED_NOUN}\\b`, 'gi')],
  ['none', new RegExp(`\\b(?:no|without)\\s+(?:added\\s+|any\\s+)${QUALIFIED_NOUN}\\b`, 'gi')],
];

/**
 * The phrases of a customer's order turn qualifying how a part of the drink is made that the
 * option rules do not read ("but make it with only half espresso", "take it easy on the milk",
 * "double on the milk", "that has no added sugar"): none in a question about the menu, none for "half and half" (a milk).
 */
export function orderQualifiers(text: string): Qualifier[] {
  if (MENU_QUESTION.test(text.trim()) && !ORDER_REQUEST.test(text)) return [];
  const t = text.replace(/[’‘]/g, "'").replace(/\bhalf[- ](?:and|&|n)[- ]half\b|\bhalf[- ]caf\w*/gi, ' ');
  const out: Qualifier[] = [];
  for (const [kind, re] of QUALIFIER_RES) for (const m of t.matchAll(re)) out.push({ kind, noun: m[1].toLowerCase().replace(/s$/, ''), said: m[0].replace(/\s+/g, ' ') });
  return out;
}

/** Whether a read-back says a qualifier: "half" with the part ("half the espresso", "half a shot"), light or easy on it, double on it, none of it. */
export function holdsQualifier(readBack: string, q: Qualifier): boolean {
  const r = readBack.toLowerCase();
  const noun = q.noun === 'espresso' || q.noun === 'shot' ? '(?:espresso|shots?)' : q.noun === 'caffeine' ? '(?:caffeine|caf)' : `${escapeRegExp(q.noun)}s?`;
  const near = (word: string) => new RegExp(`\\b${word}\\b(?:\\s+[\\w%-]+){0,4}?\\s+${noun}\\b|\\b${noun}\\b(?:\\s+[\\w%-]+){0,3}?\\s+${word}\\b`).test(r);
  if (q.kind === 'half') return near('half');
  if (q.kind === 'light') return near('(?:light|easy|less|a little)');
  if (q.kind === 'more') return near('(?:double|extra|more|heavy)');
  return near('(?:no|without|hold|skip)') || (q.noun === 'caffeine' && /\bdecaf/.test(r)) || new RegExp(`\\b${noun}[- ]free\\b`).test(r);
}

/**
 * A read-back naming an add-in the customer gave an amount without the amount, or one leaving out
 * the shots they counted; a closing naming such an add-in without it ("Can I get a cappuccino with
 * oat milk, and put some extra oat milk in it" -> "The cappuccino with oat milk it is."; "only half
 * the normal chocolate" -> "a mocha with whole milk and chocolate"; "one pump of cinnamon dolce
 * syrup" -> "an almond milk macchiato with cinnamon"). A closing naming the drink alone ("the
 * mocha") names no add-in. The words, or undefined.
 */
export function readBackModifierLost(dialogue: { role: string; text: string }[]): string | undefined {
  let amounts: { word: string; noun: string; said: string }[] = [];
  let qualifiers: Qualifier[] = [];
  const lastReply = dialogue.map((t) => t.role).lastIndexOf('assistant');
  for (const [i, t] of dialogue.entries()) {
    if (t.role === 'user') {
      if (drinkCount(t.text)) {
        amounts = [];
        qualifiers = [];
      }
      amounts.push(...addInAmounts(t.text));
      qualifiers.push(...orderQualifiers(t.text));
      continue;
    }
    const readBack = readsOrderBack(t.text);
    // A qualifying phrase the read-back leaves out ("but make it with only half espresso" -> "a mocha?", "take it easy on the milk" -> "One chai latte?").
    if (readBack) for (const q of qualifiers) if (!holdsQualifier(t.text, q)) return `"${q.said}" -> "${t.text.slice(0, 90)}"`;
    if (!amounts.length || !(readBack || (i === lastReply && namesOrderDrink(t.text)))) continue;
    const text = t.text.toLowerCase();
    for (const a of amounts) {
      const key = a.noun.split(' ')[0];
      if (!(readBack && key === 'shot') && !new RegExp(`\\b${escapeRegExp(key)}`).test(text)) continue;
      if (!new RegExp(`\\b${escapeRegExp(a.word)}`).test(text)) return `"${a.said}" -> "${t.text.slice(0, 90)}"`;
    }
  }
  return undefined;
}

/**
 * A closing naming one drink in two sentences ("That's a latte, then. Ask for the latte at the
 * counter."): said once is enough. The drink, or undefined.
 */
export function closingRepeatsItem(dialogue: { role: string; text: string }[]): string | undefined {
  const closing = [...dialogue].reverse().find((t) => t.role === 'assistant');
  if (!closing) return undefined;
  const counts = new Map<string, number>();
  for (const s of closing.text.split(/(?<=[.!?])\s+/)) for (const m of new Set(menuItems(spellDrinks(s)).filter((x) => ORDER_DRINKS.has(x)))) counts.set(m, (counts.get(m) ?? 0) + 1);
  const twice = [...counts].find(([, n]) => n >= 2);
  return twice ? `"${twice[0]}" twice: "${closing.text.slice(0, 110)}"` : undefined;
}

/** A thought saying a detail is not known ("Nothing they said tells me what they prefer.", "They have not said which milk they want yet"). */
const DENIES_SAID = /\b(?:have not said|has not said|haven't said|nothing they said tells me|do not know|don't know|is not clear|isn't clear|should not guess|rather than guess)\b/i;

/**
 * A thought that says the customer has not said what they want right after a turn that said it
 * ("Could I please get a dirty mocha with non-fat milk?" -> "Nothing they said tells me what they
 * prefer."; "a latte with almond milk" -> "They have not said which milk they want yet"): the words
 * denied, or undefined. A detail the turn left open ("which size they want" after "a latte") may be asked.
 */
export function thoughtDeniesSaid(user: string, thought: string): string | undefined {
  if (!DENIES_SAID.test(thought) || MENU_QUESTION.test(user.trim())) return undefined;
  const mods = statedModifiers(user);
  const drink = menuItems(spellDrinks(user)).some((x) => DRINKS.has(x)) || /\b(?:decaf\w*|the \w+ one|tea|drink)\b/i.test(user);
  const said =
    /\bwhat they (?:prefer|would like|want)\b/i.test(thought) ? drink || mods.length > 0
    : /\bwhich milk\b/i.test(thought) ? mods.some((m) => MILK_MODIFIER.test(m))
    : /\bhot or iced\b/i.test(thought) ? /\b(?:iced|ice|hot|cold)\b/i.test(user)
    : /\bwhich size\b/i.test(thought) ? /\b(?:small|medium|large|tall|grande|venti|\d+\s?oz)\b/i.test(user)
    : /\bhow strong\b/i.test(thought) ? /\b(?:decaf\w*|shots?|double|triple|strong)\b/i.test(user)
    // "an almond milk latte with a pump of vanilla" -> "It is not clear how they want it flavoured or sweetened"; "a cap to go" -> "… whether it is for here or to go".
    : /\bflavou?red or sweetened\b/i.test(thought) ? /\b(?:vanilla|caramel|hazelnut|mocha sauce|chocolate|cinnamon|honey|peppermint|pumpkin|syrups?|sugar|sweet\w*|splenda|stevia|flavou?r\w*)\b/i.test(user)
    : /\bfor here or to go\b/i.test(thought) ? /\b(?:to go|for here|to stay|take ?away|take ?out)\b/i.test(user)
    : /\ba topping\b/i.test(thought) ? /\b(?:whip(?:ped)?(?: cream)?|cream|topping|foam|drizzle|sprinkles?)\b/i.test(user)
    : false;
  return said ? `"${user.slice(0, 60)}" -> "${thought.slice(0, 70)}"` : undefined;
}
const MILK_MODIFIER = /\b(?:milk|oat|almond|soy|coconut|whole|skim|2%|non-?fat|half)\b/i;

/**
 * A reply claiming a history with the customer the assistant has not got ("Thank you for being a
 * loyal customer.", "Welcome back!"): it has no record of past visits. The words, or undefined.
 */
export function claimsHistory(text: string): string | undefined {
  return /\b(?:(?:loyal|valued|regular|returning|repeat) customers?|welcome back|(?:good|nice|great) to see you again|as always|your usual)\b/i.exec(text)?.[0];
}

/**
 * A customer's short answer echoing a question's verb ("Yes it does.", "Yes, I am.", "Yes I do",
 * "Yes it is.", "Yes, they are.", "Yes, you did."): the rest of the turn after it, with its yes-word. "It is" and "I
 * am" with a word of their own ("Yes it is correct", "Yes I am sure", "I'm here to order") answer any question.
 */
const ECHOED = /^(\W*)(?:(yes|yeah|yep|yup)([,.!]?\s*))?(it (?:does|do)\b|(?:i am|i'm|i do|it is|it's|they are|they're)(?=\s*(?:[,.!?;]|$)|\s+(?:you|thank|thanks|please|and|so)\b)|you (?:did|have)(?=\s*(?:[,.!?;]|$)))/i;
/** The question a short answer echoes: the question word or tag it is asked with, as the answer it takes. */
function echoedVerb(answer: string): 'does' | 'am' | 'do' | 'is' | 'are' | 'did' | 'have' {
  const v = answer.toLowerCase().replace(/'m$/, ' am').replace(/'s$/, ' is').replace(/'re$/, ' are');
  // "Yes, you did." answers "Did I get that right?", "Yes, you have." "Have I got it right?": neither "…, is that right?".
  if (v === 'you did') return 'did';
  if (v === 'you have') return 'have';
  return /does|do$/.test(v) && v.startsWith('it') ? 'does' : v.endsWith(' am') ? 'am' : v === 'i do' ? 'do' : v.endsWith(' is') ? 'is' : 'are';
}
/** Whether the question asks so the echo fits: "does" by does/do or how it looks, sounds, matches; "I am" by "are you"; "I do" by "do you"; "they are" by "are they/both/those"; "it is" by any question but one asked with have/did/do/are. */
function echoFits(asked: string, verb: ReturnType<typeof echoedVerb>): boolean {
  switch (verb) {
    case 'does':
      // "matcha" is no "match".
      return /\b(?:does|do|doesn'?t|don'?t)\b|\b(?:sound|look|match)(?:s|es|ed|ing)?\b/i.test(asked);
    case 'am':
      return /\b(?:are|aren'?t) you\b|\byou(?:'re| are)\b[^?]*,\s*(?:right|aren'?t you)\?/i.test(asked);
    case 'do':
      return /\b(?:do|don'?t) you\b|\byou (?:want|like|need)\b[^?]*,\s*(?:right|don'?t you)\?/i.test(asked);
    case 'are':
      return /\b(?:are|aren'?t) (?:they|both|those|these|all|the two|the \w+s)\b/i.test(asked);
    case 'is':
      return !/\b(?:have|did|do|does|are|am|were|can|could|would|will|should)\s+(?:i|you|we|they|both)\b/i.test(asked);
    case 'did':
      return /\bdid i\b/i.test(asked);
    case 'have':
      return /\bhave i\b/i.test(asked);
  }
}

/**
 * A customer confirming with "Yes it does", "Yes I am", "Yes I do", "Yes they are" or "Yes it is"
 * a question not asked with that verb ("So that's a latte with oat milk?" -> "Yes it does";
 * "…, is every detail right?" -> "Yes I am"; "Have I got that right?" -> "Yes it is"): the corpus's
 * customer answered the till's question, which the rewrite replaced with a read-back. The question
 * quoted, or undefined.
 */
export function confirmationMisfits(question: string | undefined, answer: string): string | undefined {
  const m = question === undefined ? null : ECHOED.exec(answer.trim());
  if (question === undefined || !m) return undefined;
  const asked = question.trim().split(/(?<=[.!?])\s+/).filter((s) => /\?\s*$/.test(s)).pop() ?? question;
  return echoFits(asked, echoedVerb(m[4])) ? undefined : `"${question.slice(-70)}" -> "${answer.slice(0, 40)}"`;
}

/** A customer asking leave to have a drink ("Can I get a mocha?", "Could I please order…", "May I have…", "Can you make me…"), not a question about the menu. */
const ASKS_LEAVE = /\b(?:(?:can|could|may) (?:i|we)(?! ask\b)|(?:can|could|would) you (?:please )?(?:make|do|get|add|give|put))\b/i;
/**
 * A reply's opening that grants such a request for the café ("You sure can.", "Yes, of course.",
 * "Sure, no problem.", "Yeah sure,"): the assistant cannot see the café, so it cannot say yes for it.
 */
const GRANT_OPENER = /^\W*(?:(?:yes|yeah|yep|oh|sure)[,!.]?\s+)?(?:you (?:sure |certainly |definitely )?can|sure can|of course|absolutely|certainly|definitely|no problem|sure thing|you(?:'ve)? got it|yes|yeah|yep|sure)\b(?:[,!.]*\s*(?:of course|no problem|absolutely|sure|certainly)\b)*(?:[,!.]+\s*|\s+(?=[a-z]))/i;

/** An opening that promises the order can be made ("That will be no problem.", "Okay, that's no problem."), said to any order. */
const PROMISE_OPENER = /^\W*(?:(?:ok(?:ay)?|sure|yes|alright)[,.!]?\s+)?(?:that(?:'ll| will| would) be no problem|that(?:'s| is) (?:no problem|not a problem))(?: at all)?[,!.]+\s*/i;

/** The reply without an opening that grants the customer's request for the café (GRANT_OPENER), or the reply itself. */
export function withoutGrant(customer: string, reply: string): string {
  // "That will be no problem." after any order ("I'd love to get a decaffeinated Latte"): a promise the café can make it.
  const promise = PROMISE_OPENER.exec(reply);
  if (promise && menuItems(customer).length > 0) {
    const rest = reply.slice(promise[0].length).trim();
    return /[a-z]/i.test(rest) ? rest.charAt(0).toUpperCase() + rest.slice(1) : 'OK.';
  }
  if (!ASKS_LEAVE.test(customer) || /^\W*(?:what|which)\b/i.test(customer)) return reply;
  const m = GRANT_OPENER.exec(reply);
  if (!m) return reply;
  const rest = reply.slice(m[0].length).trim();
  // "You sure can!" alone: an acknowledgement is all that is left to say.
  return /[a-z]/i.test(rest) ? rest.charAt(0).toUpperCase() + rest.slice(1) : 'OK.';
}

/**
 * A reply saying the café (or the assistant) can make what was asked ("Alright, I think they can do
 * that.", "Yeah they can do that.", "Yes, I can do that."): the assistant cannot see the café's menu
 * nor order. The sentence, or undefined.
 */
export function claimsCanMake(text: string): string | undefined {
  for (const s of text.replace(/[’‘]/g, "'").trim().split(/(?<=[.!?;])\s+/)) {
    const m = /\b(?:they|we|i)\s+(?:(?:can|could)\s+(?:definitely|certainly|surely|probably|easily)?\s*|(?:will|'ll)\s+(?:be able to\s+)?)(?:do|make|manage|fix|get)\s+(?:that|it|this|those|them|one)\b(?!\s+(?:right|correct|for the order)\b)/i.exec(s);
    if (m && !/\?\s*$/.test(s) && !/\b(?:if|whether|not sure|can'?t (?:tell|say|check|see|know)|don'?t know|no idea|ask\w*)\b/i.test(s.slice(0, m.index))) return s;
  }
  return undefined;
}

/**
 * A closing that states the order ("Then the latte is your order.", "Give the barista your order:
 * …", "Ask for the latte at the counter", "Say the latte at the register"): it must say all of it.
 */
const STATES_ORDER = /\byour order\b|\bgive the barista\b|\bask (?:the barista |them |the staff )?for (?:the|a|an|one|two|both)\b|\b(?:say|order|tell the barista|write down) (?:the|a|an|one|two)\b|\bis (?:what to ask for|the one to order)\b|\bit'?s (?:the|a|an) [^.;!?]*\bat the counter\b|\bat the counter,? (?:it'?s|just say)\b|\bwhat to ask for now:|\bjust as you said\b/i;
export function statesOrder(text: string): boolean {
  return STATES_ORDER.test(text);
}

/** A customer's turn saying the read-back is right ("Yes", "That's right.", "Yes it is."). */
const SAYS_YES = /^\W*(?:yes|yep|yeah|yup|ya|correct|that'?s (?:right|correct|it)|it is|it'?s (?:right|correct)|looks (?:good|right|great|correct)|perfect|right|sure|absolutely|exactly|you got it)\b/i;

/**
 * The closing after a confirmed read-back that gives the customer less than they confirmed: it names
 * some of the read-back's options but not all ("a cortado with vanilla and oat milk?" "Yes" "…
 * the cortado with vanilla."), or calls an order missing one "your order" / what to ask for ("a
 * sugar-free vanilla macchiato with almond milk?" "Yes" "Then the macchiato with almond milk is your
 * order."). A short reference that does not claim to be the order ("The latte it is.") may name the
 * drink alone. The triple quoted, or undefined.
 */
export function closingDropsConfirmed(turns: readonly { role: string; text: string }[]): string | undefined {
  for (let i = 0; i + 2 < turns.length; i++) {
    const [rb, yes, cl] = [turns[i], turns[i + 1], turns[i + 2]];
    if (rb.role !== 'assistant' || yes.role !== 'user' || cl.role !== 'assistant') continue;
    if (!/\?\s*$/.test(rb.text) || !readsOrderBack(rb.text) || !SAYS_YES.test(yes.text) || !namesOrderDrink(cl.text)) continue;
    const asked = orderModifiers(rb.text.trim().split(/(?<=[.!?])\s+/).filter((x) => /\?\s*$/.test(x)).pop() ?? rb.text);
    // "Yup, just the americano": the customer's own words name the order anew, short; the closing follows them.
    if (namesOrderDrink(yes.text) && asked.some((m) => !orderModifiers(yes.text).includes(m))) continue;
    const said = orderModifiers(cl.text);
    const missing = asked.filter((m) => !said.includes(m));
    if (missing.length && (said.some((m) => asked.includes(m)) || statesOrder(cl.text))) return `"${rb.text.slice(-80)}" -> "${yes.text.slice(0, 20)}" -> "${cl.text.slice(0, 90)}" (drops ${missing.join(', ')})`;
  }
  return undefined;
}

/**
 * The customer's "it does" said as the question asks to be answered: "Have I got that right?" ->
 * "Yes, you have"; "Did I hear you right?" -> "Yes, you did"; "Are both right?" -> "Yes, they
 * are"; "…, is that it?" -> "Yes, that's it"; any other read-back ("So that's a mocha?", "…, is
 * that correct?") -> "Yes, that's right". The turn as it is when it fits.
 */
export function fitConfirmation(question: string, answer: string, alternative = 0): string {
  const a = answer.trim();
  if (!confirmationMisfits(question, a)) return answer;
  const asked = question.trim().split(/(?<=[.!?])\s+/).filter((s) => /\?\s*$/.test(s)).pop() ?? question;
  const fits = /\bhave i (?:got|understood|heard)\b/i.test(asked) ? ['you have', "you've got it"]
    : /\bdid i\b/i.test(asked) ? ['you did', 'you got it']
    : /\bare (?:both|they|those|these|all|the two)\b/i.test(asked) ? ['they are']
    : /\bis that it\b/i.test(asked) ? ["that's it", "that's the one", "that's everything"]
    : /\bis (?:every|each|all|everything)\b/i.test(asked) ? ["it's all right"]
    // Four ways: 269 echoes refitted here ("Yes, you did." to "…, is that correct?") left six insertions saying one of three thrice (long_context_customer_line_repeats).
    : ["that's right", "that's correct", 'correct', 'exactly'];
  // Another of the corpus's own ways to say it, for an insertion whose customer said the first twice already.
  const fit = fits[alternative % fits.length];
  const m = ECHOED.exec(a)!;
  const rest = a.slice(m[0].length);
  if (!m[2]) return `${m[1]}${fit.charAt(0).toUpperCase()}${fit.slice(1)}${rest}`;
  // "Yes. It does." -> "Yes. You have."; "Yes it does" -> "Yes, you have".
  const sep = /[.!]/.test(m[3] ?? '') ? `${m[3].trim()} ` : ', ';
  const said = sep === ', ' ? fit : fit.charAt(0).toUpperCase() + fit.slice(1);
  return `${m[1]}${m[2]}${sep}${said}${rest.replace(/^(?=\w)/, ' ')}`;
}

/** How many ways fitConfirmation has for the answer to `question` (1 when the answer fits as said). */
export function confirmationFits(question: string, answer: string): number {
  if (!confirmationMisfits(question, answer.trim())) return 1;
  const variants = new Set<string>();
  for (let i = 0; i < 4; i++) variants.add(fitConfirmation(question, answer, i));
  return variants.size;
}

/**
 * An inserted reply that speaks as the café's server, not as a helper who cannot order: making or
 * fetching the drink ("Okay I'll go make that right now."), a server's offer ("Hi what would you
 * like", "Hello, what would you like today.", "Would you like anything else?" at a till). Asking
 * what they would like to order is a helper's question. The words, or undefined.
 */
export function speaksAsServer(text: string): string | undefined {
  const t = text.replace(/[’‘]/g, "'");
  const m =
    /\b(?:i|we)(?:'ll| will| am going to|'m going to| can)? go (?:and |ahead and )?(?:make|get|fix|brew|grab|prepare|whip up)\b/i.exec(t) ??
    /^\W*(?:(?:hi|hello|hey|good (?:morning|afternoon|evening))\b[,.!]*\s*(?:there\b[,.!]*\s*)?)(?:what (?:would|will|can|do) (?:you|i) (?:like|have|get|want)|what'?ll it be|what can i (?:get|do) for you)\b(?!\s+(?:to order|to get|ordering))/i.exec(t) ??
    /\b(?:would you like|do you want|can i get you|will there be) anything else\b(?!\s+(?:to order|from (?:the|their) menu))/i.exec(t) ??
    /\b(?:that'?s|so) once\b/i.exec(t);
  return m?.[0];
}

/**
 * Slips of the corpus's writers a rewritten reply would carry into words of its own: the coffee
 * agent's "Sound good." kept as a closing's lead ("Sound good. The latte, just as you said; …"), "So
 * thats a macchiato…", "Is macchiato wth extra oat milk correct", "Prefect.", its "chair
 * concentrate" and "os 120z"; and the customer's "english breatfast tea", "2% mild", "Non-Fate milk"
 * read back in the assistant's voice; the agent's "No, problem." (a yes said as a no). Each with the
 * careful writer's spelling.
 */
export const UPSTREAM_SLIPS: readonly [RegExp, string][] = [
  [/\b([Ss])ound good\b/g, '$1ounds good'],
  [/\b([Tt])hats (?=a|an|the|one|two|all|it|right|correct|everything)\b/g, "$1hat's "],
  [/\bwth\b/gi, 'with'],
  [/\b([Pp])refect\b/g, '$1erfect'],
  [/\bbreatfast\b/gi, 'breakfast'],
  [/\bchair concentrate\b/gi, 'chai concentrate'],
  [/\b(chai latte|latte|tea|brew|coffee|mocha) os\b/gi, '$1 is'],
  [/\b(8|12|16|20)0z\b/g, '$1 oz'],
  [/\bplese\b/gi, 'please'],
  [/\bcoffee bat\b/gi, 'coffee bar'],
  [/\b(2 ?%|two percent) mild\b/gi, '$1 milk'],
  [/\b([Nn])on-?[Ff]ate\b/g, '$1on-fat'],
  [/\b([Nn])o, problem\b/g, '$1o problem'],
];

/** The first upstream slip a reply carries ("Sound good", "thats a"), or undefined. */
export function upstreamSlip(text: string): string | undefined {
  for (const [re] of UPSTREAM_SLIPS) {
    re.lastIndex = 0;
    const m = re.exec(text);
    re.lastIndex = 0;
    if (m) return m[0];
  }
  return undefined;
}

/** The text with every upstream slip spelt as a careful writer would ("Sound good." -> "Sounds good."). */
export function withoutSlips(text: string): string {
  return withoutSlipsMemo(text);
}
const withoutSlipsMemo = perText((text: string): string => {
  let x = text;
  for (const [re, to] of UPSTREAM_SLIPS) x = x.replace(re, to);
  return x;
}, TEXT_MEMO_SIZE);

const ONE_DRINK = /\b(hot chocolate|chai latte|cold brew|iced coffee|drip coffee|flat white|matcha latte|green tea|black tea|herbal tea|cappuccino|macchiato|americano|espresso|frappuccino|frappe|cortado|steamer|mocha|latte|chai|matcha|smoothie|tea|coffee)(s\b|'s\b)?\b/gi;

/**
 * The one drink a customer's order turn names twice as one order ("I think a Cappuccino would be
 * good right now, so one Cappuccino."; "I'll have one Cortado, that's one Cortado to carry out.";
 * "I would like a Macchiato. Yes, a Macchiato to go please."), or undefined: a turn ordering two
 * ("a decaf mocha and a regular mocha", "one … and another …", "two cappuccinos") restates nothing.
 */
export function restatedDrink(text: string): string | undefined {
  const spelt = spellDrinks(text);
  if (userAsks(spelt) && !ORDER_REQUEST.test(spelt)) return undefined;
  if (/\b(?:two|three|four|both|each|couple|pair|[2-9])\b(?!\s*(?:%|percent))/i.test(spelt)) return undefined;
  const ms = [...spelt.matchAll(ONE_DRINK)];
  if (ms.length < 2 || new Set(ms.map((m) => m[1].toLowerCase())).size > 1 || ms.some((m) => m[2]?.toLowerCase() === 's')) return undefined;
  for (let k = 1; k < ms.length; k++) {
    const between = spelt.slice(ms[k - 1].index + ms[k - 1][0].length, ms[k].index);
    if (/\b(?:and|another|also|plus|other|second|or|then)\b/i.test(between)) return undefined;
  }
  return ms[0][1].toLowerCase();
}

/**
 * A reply counting the customer's one restated drink as two: "I think a Cappuccino would be good right
 * now, so one Cappuccino." read back "a cappuccino and one cappuccino?" and closed "The cappuccinos,
 * then" (a reply's text or thought, until the customer names a drink again).
 */
export function restatedItemCounted(dialogue: { role: string; text: string; thought?: string }[]): string | undefined {
  let drink: string | undefined;
  let said = '';
  for (const t of dialogue) {
    if (t.role === 'user') {
      if (new RegExp(ONE_DRINK.source, 'i').test(spellDrinks(t.text))) {
        drink = restatedDrink(t.text);
        said = t.text;
      }
      continue;
    }
    if (!drink) continue;
    const d = escapeRegExp(drink);
    const twice = new RegExp(`\\b(?:an?|one|the)\\s+(?:[\\w%'-]+\\s+){0,4}?${d}\\b[^.?!;]*?\\band\\s+(?:an?|one|another|the)\\s+(?:[\\w%'-]+\\s+){0,4}?${d}\\b|\\b${d}s\\b`, 'i');
    for (const x of [t.text, t.thought ?? '']) {
      const m = twice.exec(x);
      if (m) return `"${said.slice(0, 70)}" -> "${m[0]}" in "${x.slice(0, 90)}"`;
    }
  }
  return undefined;
}

/**
 * The dialogue's last reply naming the customer's drink without a detail they gave it, when no reply
 * before it read those details back: "Do you guys have a Cappuccino that's with non-fat milk? Oh, and
 * make sure use Vanilla as my substitute…" -> (a menu reply) -> "Okay, that's my order!" -> "At the
 * counter, just say a cappuccino." The customer's turns count from the one naming the drink, a
 * question about the menu too (it names what they then order); what they rule out does not count.
 */
export function closingDropsAsked(dialogue: { role: string; text: string }[]): string | undefined {
  const last = dialogue.map((t) => t.role).lastIndexOf('assistant');
  if (last < 0) return undefined;
  let drink: string | undefined;
  let texts: string[] = [];
  let told: string[] | undefined;
  const wanted = (x: string) => orderModifiers(x.replace(/\b(?:instead of|rather than|not(?! (?:too|very|that|so|super) hot\b)|no longer|(?:do not|don'?t) want|no)\s+(?:the\s+|a\s+|an\s+)?[\w%-]+(?:\s+milk)?/gi, ' '));
  for (const [i, t] of dialogue.entries()) {
    if (t.role === 'user') {
      const named = menuItems(t.text).find((m) => DRINKS.has(m));
      // "Sure, I would like a latte with almond milk…" after that very order was read back: the order said again, not a new one.
      if (named && !(named === drink && told && wanted(t.text).every((m) => told!.includes(m)))) {
        drink = named;
        texts = [t.text];
        told = undefined;
      } else if (drink) texts.push(t.text);
      continue;
    }
    if (!drink) continue;
    const want = [...new Set(texts.flatMap(wanted))];
    const has = orderModifiers(t.text);
    if (want.every((m) => has.includes(m)) && menuItems(t.text).includes(drink)) told = has;
    if (i !== last || told || !want.length || !menuItems(t.text).includes(drink) || saysNoMenu(t.text)) continue;
    return `lacks ${want.filter((m) => !has.includes(m)).join(', ')}: "${texts.join(' / ').slice(0, 90)}" -> "${t.text.slice(0, 80)}"`;
  }
  return undefined;
}

/** "2 coffees. 1 latte … and 1 Cappuccino …", "two coffee's, a Mocha … and Cortado …": a count of drinks said before the drinks themselves. */
export const GENERIC_COUNT = /\b(?:two|three|four|[2-4])\s+(?:coffee'?s|coffees|drinks|beverages)\b[.,:;!]?\s*/i;
const SPECIFIC_DRINK = /\b(?:hot chocolate|chai lattes?|cold brews?|flat whites?|matcha lattes?|cappuccinos?|macchiatos?|americanos?|espressos?|frappuccinos?|cortados?|steamers?|mochas?|lattes?|chais?)\b/i;

/** The customer's turn without a count of drinks said before the drinks it names ("I would like 2 coffees. 1 latte…" -> "I would like 1 latte…"); the turn as it is otherwise. */
export function withoutGenericCount(text: string): string {
  const m = GENERIC_COUNT.exec(text);
  return m && SPECIFIC_DRINK.test(text.slice(m.index + m[0].length)) ? `${text.slice(0, m.index)}${text.slice(m.index + m[0].length)}` : text;
}

/**
 * A read-back or closing counting the customer's drinks wrong: "one latte with almond milk and the
 * other with oat milk" or "a Latte with Oat Milk and another with Almond milk" (two lattes) closed as "Noted, the latte"; "a Macchiato and can you make one
 * decaf and the other regular" read back "a decaf macchiato?"; "I would like 2 coffees. 1 latte with
 * almond milk and 1 Cappuccino with oat milk" read back "2 coffees with almond milk and 1 cappuccino
 * with oat milk?" (three drinks, the latte gone).
 */
export function orderCountMisread(dialogue: { role: string; text: string }[]): string | undefined {
  const last = dialogue.map((t) => t.role).lastIndexOf('assistant');
  let said: string | undefined;
  let kind: 'other' | 'generic' | undefined;
  let drink: string | undefined;
  for (const [i, t] of dialogue.entries()) {
    if (t.role === 'user') {
      const named = menuItems(t.text).find((m) => DRINKS.has(m));
      if (!named) continue;
      said = t.text;
      drink = named;
      const g = GENERIC_COUNT.exec(t.text);
      kind = g && SPECIFIC_DRINK.test(t.text.slice(g.index + g[0].length)) ? 'generic' : /\b(?:a|an|one)\b[^.?!]*\band (?:the other|another)\b/i.test(t.text) && !/\b(?:two|both|2|three|3)\b/i.test(t.text) ? 'other' : undefined;
      continue;
    }
    if (!kind || !said || !drink || !(readsOrderBack(t.text) || i === last)) continue;
    if (kind === 'generic' && GENERIC_COUNT.test(t.text) && SPECIFIC_DRINK.test(t.text)) return `"${said.slice(0, 80)}" -> "${t.text.slice(0, 90)}"`;
    // "a regular cappuccino and a decaf cappuccino": the drink named once for each is two.
    if (kind === 'other' && menuItems(t.text).includes(drink) && (t.text.match(new RegExp(`\\b${escapeRegExp(drink)}\\b`, 'gi')) ?? []).length < 2 && !new RegExp(`\\b(?:two|2|both|them|those|another)\\b|\\bthe (?:[\\w%-]+ )?(?:one|other)\\b|\\b${escapeRegExp(drink)}s\\b`, 'i').test(t.text)) return `"${said.slice(0, 80)}" -> "${t.text.slice(0, 90)}"`;
  }
  return undefined;
}

/**
 * The word two sentences in a row open on, where a reader hears it twice: "That sounds great. That sounds like a decaf
 * macchiato …?" ("that"). "I" aside: two sentences of one speaker may both open on it. Undefined where they differ.
 * The café writer keeps a read-back off it (honest.ts wordReadBacks), the measure counts it (long_context_readback_opener_twice).
 */
export function openerRepeated(before: string, next: string): string | undefined {
  const opener = (t: string) => /^[A-Za-z']+/.exec(t.trim())?.[0]?.toLowerCase();
  const word = opener(before);
  return word && word !== 'i' && word === opener(next) ? word : undefined;
}
