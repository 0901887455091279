/**
 * A long-context read-back that does not say what the customer said: it names an option in words the
 * customer never used ("Could I get this with a blast of cold whipped milk?" -> "A mocha with oat milk
 * and whipped cream, is that right?"; "Can you make it warm?" -> "…, not too hot?"; "a latte with
 * caramel" -> "… and caramel sauce?"), or it leaves out a request the customer made of the drink ("a
 * Mocha with whole milk, milk in a separate cup" -> "a mocha with whole milk?"; "with two lids",
 * "Lactose-Free 2%", "One with caffeine and one without"). The customer then says yes to an order they
 * did not give. Judged on the words alone, with its own small lexicon, not the rewrite's rules
 * (sources/dialogue/honest.ts): a misspelling of the customer's ("hazlenut", "sweetner") reads back
 * spelt right, and a milk's kind said alone ("with 2%") reads back as that milk.
 */
import type { CaseMeasure } from '../types.js';
import { dialogueSegments, spokenTurns } from './context.js';

/** A drink a read-back names (the reply is about the order, not a bare "Is this everything?"). */
const DRINK = /\b(?:latte|mocha|cappuc+ino|macchiato|americano|espresso|cortado|steamer|chai|tea|coffee|frappuccino|cold brew|flat white|matcha|smoothie|hot chocolate)s?\b/i;

/** The words for an option a read-back may use only when the customer did. */
const OPTION_WORDS = new Set(
  'cream whipped sauce syrup sweetener powder drizzle regular medium small large tall hot cold cool warm iced foam sugar honey lactose side cup shot extra half double triple quad quadruple single chocolate caramel vanilla hazelnut cinnamon milk decaf oat almond soy coconut whole skim'.split(' '),
);

/** What else the customer may have said for an option word: "with ice" is iced, "super foamy" extra foam, "with 2%" a milk. */
const SAID_AS: Record<string, RegExp> = {
  iced: /\bice\b|\biced\b/i,
  foam: /foam|froth/i,
  extra: /\b(?:extra|super|really|very|more|lots)\b/i,
  decaf: /decaf|caffein|\bcaf\b/i,
  milk: /milk|\b(?:oat|almond|soy|coconut|whole|skim|2 ?%|non[- ]?fat|nonfat|not[- ]fat|half (?:and|&|n) half)(?!\w)/i,
  oat: /\boat/i,
  whipped: /\bwhip/i,
  double: /\bdouble\b|\b(?:two|2) shots\b/i,
  single: /\bsingle\b|\bone shot\b/i,
  quad: /\bquad/i,
};

/**
 * A request of the customer's about the drink and the words a read-back carries it in: the milk on
 * the side, the lids, a topping, how warm, a split of two drinks by caffeine.
 */
const REQUESTS: { said: RegExp; holds: RegExp; what: string }[] = [
  { said: /\bseparate (?:cup|cups|container)|\bon the side\b/i, holds: /\bseparate\b|\bon the side\b/i, what: 'the milk on the side' },
  { said: /\blactose[- ]?free\b/i, holds: /\blactose\b/i, what: 'lactose-free' },
  { said: /\blids?\b/i, holds: /\blids?\b/i, what: 'the lids' },
  { said: /\bice[- ]?cream\b/i, holds: /\bice[- ]?cream\b/i, what: 'the ice cream' },
  // "Luke warm" read back "lukewarm".
  { said: /\bwarm/i, holds: /warm/i, what: 'warm' },
  { said: /\broom[- ]temp/i, holds: /\broom[- ]temp/i, what: 'room temperature' },
  { said: /\bcooler\b/i, holds: /\bcool/i, what: 'cooler' },
  { said: /\bdirty\b/i, holds: /\bdirty\b/i, what: 'dirty' },
  { said: /\bfill(?:ed)? it (?:up )?to the top\b/i, holds: /\btop\b|\bfull\b/i, what: 'filled to the top' },
  { said: /\bwith(?:out)? caffeine\b|\bone without\b|\bdecaf|\bcaffeinated\b/i, holds: /decaf|caffein/i, what: 'decaf' },
];

const words = (text: string) => text.toLowerCase().match(/[a-z0-9%]+/g) ?? [];

/** Optimal-string-alignment distance: a transposition ("hazlenut") is one slip. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** Whether the customer said `word`, in its plural or misspelt ("choclate", "sweetner"). */
function saidWord(word: string, said: readonly string[]): boolean {
  return said.some((x) => x === word || x.replace(/s$/, '') === word || (word.length >= 5 && Math.abs(x.length - word.length) <= 2 && distance(x, word) <= (word.length >= 7 ? 2 : 1)));
}

/** What is wrong with `readBack` as a read-back of `said` (the customer's turns of the order), or undefined. */
export function readBackUnfaithful(readBack: string, said: string): string | undefined {
  if (!DRINK.test(readBack)) return undefined;
  const saidWords = words(said);
  for (const w of new Set(words(readBack))) {
    if (!OPTION_WORDS.has(w) || SAID_AS[w]?.test(said) || saidWord(w, saidWords)) continue;
    return `says "${w}", which the customer did not`;
  }
  const dropped = REQUESTS.find((r) => r.said.test(said) && !r.holds.test(readBack));
  return dropped ? `leaves out ${dropped.what}` : undefined;
}

/** The customer's turn saying yes to what the reply said ("Yes thats it.", "Thats the one thanks.", "Looks good."). */
const SAYS_YES = /^\W*(?:yes|yep|yeah|yup|ya|correct|that'?s (?:right|correct|it|the one|all)|thats (?:right|it|the one)|it is|looks (?:good|right)|perfect|right|exactly|you got it)\b/i;

/**
 * The option words the customer gave their drink (OPTION_WORDS less the bare "milk" of a drink's
 * recipe, "That's just espresso, milk and extra foam", and "shot", said of a size or a flavour: "a single
 * shot", "a shot of hazelnut"), each with the form a read-back may say it in:
 * none ruled out ("I don't want it hot", "without foam") nor said of the weather ("it's cold out today").
 */
const GIVEN = new Set([...OPTION_WORDS].filter((w) => !['milk', 'cup', 'side', 'cream', 'cool', 'regular', 'sugar', 'shot'].includes(w)));
function optionsGiven(said: string): string[] {
  const plain = said.replace(/\b(?:not|no|don'?t want(?: it)?|without|isn'?t|instead of|rather than)\s+(?:too\s+|very\s+|so\s+|that\s+)?[\w%]+/gi, ' ').replace(/\b(?:it'?s|so|is) (?:\w+ )?(?:cold|hot|warm) (?:out|outside|today|in here)\b/gi, ' ').replace(/\bluke ?warm\b/gi, 'warm');
  return [...new Set(words(plain).filter((w) => GIVEN.has(w)))];
}
/** Whether a read-back says option `w` ("decaffeinated" says decaf, "lukewarm" warm, "whipped" whip). */
const holdsOption = (readBack: string, w: string) => new RegExp(`\\b(?:luke)?${w}`, 'i').test(readBack) || !!SAID_AS[w]?.test(readBack);

/**
 * Each read-back of a dialogue beside the customer's turns since the last closing: a reply asking
 * about a drink, or any reply the customer then says yes to ("Alright please confirm that your mocha
 * order is correct thank you." / "Thats the one thanks."; "Yeah sure, is this everything?" / "Yes
 * thats it."). One the customer says yes to must name the drink they ordered and every option they
 * gave it ("with 2% milk and also add an extra shot of chocolate" -> "your mocha order").
 */
export function unfaithfulReadBack(dialogue: readonly { role: 'user' | 'assistant'; text: string }[]): string | undefined {
  let order: string[] = [];
  for (const [i, t] of dialogue.entries()) {
    if (t.role === 'user') {
      order.push(t.text);
      continue;
    }
    const asks = /\?\s*$/.test(t.text.trim());
    const next = dialogue[i + 1];
    const affirmed = next?.role === 'user' && SAYS_YES.test(next.text);
    const said = order.join(' ');
    if ((asks || affirmed) && order.length && DRINK.test(said)) {
      const lacks = affirmed ? (DRINK.test(t.text) ? optionsGiven(said).filter((w) => !holdsOption(t.text, w)) : ['the drink']) : [];
      const why = lacks.length ? `leaves out ${lacks.join(', ')} though the customer says yes to it` : readBackUnfaithful(t.text, said);
      if (why) return `${why}: "${order.join(' / ').slice(0, 120)}" -> "${t.text.slice(0, 120)}"`;
    }
    if (affirmed) order = [];
    else if (!asks) order = [];
  }
  return undefined;
}

export const contextReadBackUnfaithful: CaseMeasure = {
  kind: 'case',
  id: 'long_context_readback_unfaithful',
  group: 'text',
  // Widened (evolve 87): a reply the customer says yes to is a read-back too, question or not, and must name the drink and every option given it ("Alright please confirm that your mocha order is correct thank you.", "Yeah sure, is this everything?", "make that a hot" read back without it).
  title: 'long context: a read-back changes what the customer said ("a blast of cold whipped milk" -> "whipped cream", "make it warm" -> "not too hot") or leaves out a request they made of the drink ("milk in a separate cup", "two lids", "Lactose-Free 2%"), or a reply the customer says yes to leaves out the drink or an option they gave it ("Yeah sure, is this everything?", "please confirm that your mocha order is correct")',
  population: 'evolved cases with a long-context insertion',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    for (const dialogue of dialogueSegments(tc, turns) ?? [turns]) {
      const why = unfaithfulReadBack(dialogue);
      if (why) return why;
    }
    return null;
  },
};
