/**
 * Taskmaster-4's coffee agent takes orders at a shop's till: it shows the order on a screen, sends
 * it to the bar and says when it will be ready. Inserted as earlier turns of a case's assistant —
 * whose only tools are the case's (email, arXiv, trading, files...) — every such line is a claim
 * nothing backs ("Okay, order place. It will be ready soon!", "Great choice! I put it in for you.").
 *
 * The honest reading kept here: the assistant helps the user settle what to order and says plainly
 * that it cannot place the order itself. Each reply is read sentence by sentence; a sentence that
 * claims an act (pipeline/dialogueRules.ts claimsAction) is dropped, the rest of the human-written
 * reply stays. A reply left with nothing to say is rewritten from the dialogue's own words:
 *
 * - a confirmation request ("Is the order displayed correct and ready to send off to be made?")
 *   becomes a read-back of what the user asked for, in the user's words ("One Chai Latte, is that
 *   right?");
 * - a completion ("Okay, your order will be ready at the coffee bar soon") becomes a plain note that
 *   the assistant cannot place the order and what to ask for ("That's one Chai Latte, then. I can't
 *   put the order through for you, so ask for it at the counter.").
 *
 * - a reference to the till's screen or a wait ("Please confirm the order that is shown.", "It'll be
 *   just a couple of minutes.") is a claim like the others; a check that names nothing ("Does
 *   everything look correct?", "Could you confirm your order please?") after an order becomes a
 *   read-back too, so the user has something to confirm.
 *
 * The café's first person is said of the café (asHelper: "Yes, we have Bigelow" -> "Yes, they have
 * Bigelow"): the assistant is not the café, and says it cannot reach it.
 *
 * A read-back carries every modifier the customer stated (completeOrder: "a Latte, but
 * decaffeinated please" is read back as "a decaf Latte"). Read-backs are worded by the dialogue's id;
 * a closing is worded per insertion (closeInsertion): the first says once that the assistant cannot
 * order, the later ones vary, no sentence shape more than twice in one insertion nor twice in a row.
 * The pool's line rules (sources/dialogue/context.ts) keep two dialogues of one insertion from
 * sharing a line and spread the lines across cases. A dialogue whose claim the rules cannot undo (a reply
 * mid-dialogue that only claims) is left out of the pool.
 */
import { escapeRegExp } from '../../pipeline/errors/vocabulary.js';
import { openerRepeated, CHECKS_UNNAMED, statedPlace, PLACE_SAID, statedName, saysName, teaNameOf, statesOrder, claimsCanMake, openingAcknowledgement, splitAcknowledgement, standsAlone, fitConfirmation, saidModifierKeys, holdsKey, addInAmounts, orderQualifiers, holdsQualifier, claimsHistory, asksPossible, ELIDED_DRINK, AFTER_DRINK, CORPUS_ADD_INS, asksToSeeMenu, saysNoMenu, NOT_ADD_IN, closingSentenceShapes, withoutOpeningAnswer, restatedDrink, askedModifiers, withoutGenericCount, asksMenu, statesSpec, withSecondArticle, withoutIngredientEspresso, claimsAction as claimsAct, indefiniteFor, claimsSituation, menuCase, describesRecipe, statesMenu, normalizeLine, readsOrderBack, orderModifiers, spellDrinks, statedModifiers, takesLeave, userAsks, replyDrinks, withoutSlips, withoutGrant } from '../../pipeline/dialogueRules.js';

/** A sentence the rewrite drops: an act no tool did, or a place or menu the assistant does not have ("at this location", "take a look at their menu"). */
const claimsAction = (text: string) => claimsAct(text) ?? claimsSituation(text);

type Turn = { role: 'user' | 'assistant'; content: string };

/** A sentence that carries no content of its own ("OK.", "Great!", "Thank you."). */
const FILLER = /^\W*(?:ok(?:ay)?|k|alright|all right|great|fine|sure(?: thing)?|perfect|awesome|excellent|wonderful|fantastic|cool|no problem|certainly|of course|absolutely|yes|yep|yeah|yes (?:sir|ma'?am)|got it|sounds good|thanks?|thank you(?: so much| very much)?|well|right on|very well|you got it|will do|good|nice|great choice|good choice|excellent choice|awesome choice|wonderful choice|alrighty|okie dokie|gotcha|understood|wonderful)(?:[,.!\s]+(?:ok(?:ay)?|great|sure|thanks?|thank you|perfect|sir|ma'?am|then))*\W*$/i;

const DRINK = /\b(?:chai tea lattes?|matcha tea lattes?|cappucinos?|cortandos?|expressos?|hot chocolate|chai lattes?|cold brews?|iced coffees?|drip coffees?|flat whites?|matcha lattes?|green teas?|black teas?|herbal teas?|earl gr[ae]y(?: teas?)?|cappuccinos?|macchiatos?|americanos?|espressos?(?![\s-]+shots?\b)|frappuccinos?|frappes?|cortados?|steamers?|mochas?|lattes?|chais?|matchas?|smoothies?|teas?|coffees?(?![\s-]+(?:beans?|grounds?|ice[\s-]?cream)\b)|caps?)(?:'s)?\b/i;
const DETERMINER = /^(?:a|an|one|two|three|four|five|six|\d+|some|the)$/i;
const STOP = /^(?:i|me|my|you|your|we|us|our|get|have|like|want|take|order|for|of|to|please|can|could|would|may|will|and|with|just|go|think|try|need|also|another|it|is|this|that|today|or|in|on|at|be|some|make|made|grab|gimme|give|id|ill|im|i'd|i'll|i'm|love|really|actually|gonna|wanna|gotta|lemme|going|mood|craving|nice|good|tasty|yummy|delicious|lovely|yummy|guys|folks|yall|y'all|do|does|did)$/i;
/** Words after the drink that carry on the order ("with oat milk", ", iced", "to go"). */
const CARRY = /^(?:,?\s+(?:with|in|to go|no|extra|without|iced|hot|decaf|made with|that has|that'?s made with|along with|topped with|light|easy|half|double|triple|and (?:a |an |some |extra |no )?(?:[\w%-]+ ){0,2}(?:milk|syrup|sweetener|sugar|foam|cream|shot|shots|sauce|ice|cinnamon|honey|vanilla|hazelnut|caramel))\b[^.,!?;]*?)(?=[.,!?;]|\s+(?:and\s+)?(?:i|i'd|i'll|i'm|id|ill|please|thanks?|thank you|for me|today)\b|\s+(?:and\s+)?(?:can|could|may|would|will)\s+(?:i|we)\b|$)/i;

/** Words joining a second item of an order ("and also", "and then", "plus", "as well as"), left at an end when the item was cut off. */
const CONNECTOR_END = /(?:[\s,]+(?:and(?:\s+(?:also|then))*|also|then|plus|as well as|along with|as well))+\s*$/i;
/** A connector between two items of an order, said plainly as "and" in a read-back ("a mocha and also a cortado" -> "a mocha and a cortado"). */
const CONNECTOR_MID = /,?\s+(?:and\s+(?:also|then)(?:\s+also)?|plus|as well as)\s+(?=(?:a|an|one|two|three|another|some)\s)/gi;

function swapPerson(text: string): string {
  return text
    .replace(/\bmy\b/gi, 'your')
    .replace(/\bme\b/gi, 'you')
    .replace(/\bmine\b/gi, 'yours')
    .replace(/\bI'?m\b/g, "you're")
    .replace(/\bI'?d\b/g, "you'd")
    .replace(/\bI\b/g, 'you');
}

/** What the user asked for, in their words ("one Chai Latte", "a triple Latte with Almond milk"), or undefined. */
export function orderPhrase(text: string): string | undefined {
  const m = DRINK.exec(text);
  if (!m) return undefined;
  const before = text.slice(0, m.index).split(/\s+/).filter(Boolean);
  const lead: string[] = [];
  for (let i = before.length - 1; i >= 0 && lead.length < 5; i--) {
    const w = before[i];
    if (/[.,!?;:]$/.test(w)) break;
    const bare = w.replace(/[^\w%'-]/g, '');
    if (!bare) break;
    // "two drinks. Both Cortado's, one with 2% milk …": both is the count, read back "two cortados" (not "some Both Cortado's").
    if (/^both$/i.test(bare)) {
      lead.unshift('two');
      break;
    }
    if (DETERMINER.test(bare)) {
      lead.unshift(/^(?:the|an?)$/i.test(bare) ? 'a' : bare.toLowerCase());
      break;
    }
    // "a Cloud and Mist tea": a name's "and", between two capitalised words.
    if (/^and$/i.test(bare) && /^[A-Z]/.test(lead[0] ?? '') && /^[A-Z]/.test(before[i - 1] ?? '') && !DETERMINER.test(before[i - 1])) {
      lead.unshift(bare);
      continue;
    }
    if (STOP.test(bare.replace(/'/g, '')) || STOP.test(bare)) break;
    lead.unshift(bare);
  }
  let tail = '';
  let rest = text.slice(m.index + m[0].length);
  for (let n = 0; n < 3; n++) {
    const c = CARRY.exec(rest);
    if (!c || !c[0].trim()) break;
    tail += c[0];
    rest = rest.slice(c[0].length);
  }
  tail = tail.replace(/\s+/g, ' ').replace(/,\s*$/, '').replace(/\s+(?:for|to (?:drink|have)(?: it)?) here$/i, '');
  // "with 2% milk and also I want a Cortado": the option stops where the next item's connector starts ("and also", "and then", "plus", "as well as").
  tail = tail.replace(CONNECTOR_END, '');
  if (tail.split(' ').length > 12) tail = '';
  const core = [...lead, m[0]].join(' ');
  let phrase = `${core}${tail}`.replace(/\s+,/g, ',').trim();
  if (/^a /.test(phrase)) phrase = phrase.slice(2);
  if (!DETERMINER.test(phrase.split(' ')[0])) phrase = `${indefiniteFor(phrase)} ${phrase}`;
  // "two cups of latte": the count is the order's ("two lattes", not "a latte").
  const cups = /\b(two|three|four|[2-4])\s+(?:cups?|glasses?|mugs?)\s+of\s*$/i.exec(text.slice(0, m.index));
  if (cups) phrase = `${cups[1].toLowerCase()} ${phrase.replace(/^(?:a|an|some|one)\s+/i, '')}`;
  else phrase = countedPhrase(phrase, text, m.index, lead.length, m[0]);
  if (/\b(?:s|es)$/i.test(m[0]) && /^(?:a|an) /i.test(phrase) && !/(?:ss|chais|teas|coffees)$/i.test(m[0]) && /(?:s)$/i.test(m[0]) && !/(?:espresso|americano|cappuccino|macchiato|cortado)$/i.test(m[0])) phrase = phrase.replace(/^(?:a|an) /i, 'some ');
  return swapPerson(phrase);
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** How many a customer asks for before the drink's words ("a couple of", "two of your", "a pair of"), by the count a read-back says. */
const COUNT_OF = /\b(?:(?:a\s+)?(couple|pair)|(two|three|four|both|[2-4]))\s+of\s+(?:(?:your|those|these|the|them|you\s+guys'?)\s+)?$/i;

/**
 * The count an order phrase says for a plural drink said after "of" or pointed at ("I'll take a
 * couple of Macchiatos" -> "two macchiatos", "I need two of your Macchiatos" -> "two macchiatos";
 * "I just love Chai Lattes, so give me one of those" -> "a chai latte"), not "a macchiatos". `at` is
 * where the drink starts in the customer's text, `leads` how many of its words the phrase kept before it.
 */
function countedPhrase(phrase: string, text: string, at: number, leads: number, drink: string): string {
  const words = text.slice(0, at).split(/(?<=\s)/).filter(Boolean);
  const before = words.slice(0, words.length - leads).join('');
  const counted = COUNT_OF.exec(before);
  const bare = phrase.replace(/^(?:a|an|some|one)\s+/i, '');
  if (counted) return `${counted[1] ? 'two' : counted[2].toLowerCase() === 'both' ? 'two' : counted[2].toLowerCase()} ${bare}`;
  // A plural drink with an article: one of them ("one of those"), else some.
  if (!/^(?:a|an|one)\s/i.test(phrase) || !/(?<![s'])s$/i.test(drink)) return phrase;
  const one = bare.replace(new RegExp(`\\b${escapeRegExp(drink)}`), drink.slice(0, -1));
  if (/\bone of (?:those|them|these|the|your)\b|\b(?:get|have|take|give me|like) one\b/i.test(text)) return `${/^one\s/i.test(phrase) ? 'one' : indefiniteFor(one)} ${one}`;
  // "two drinks … both to be cappuccinos": the count said elsewhere in the turn.
  const n = /\b(two|three|four|both)\b(?!\s*%)/i.exec(text);
  return `${n ? (n[1].toLowerCase() === 'both' ? 'two' : n[1].toLowerCase()) : 'some'} ${bare}`;
}

/** The user's own words for a modifier the read-back lacks, placed before the drink or after "with". */
const BEFORE_DRINK: [string, RegExp][] = [
  ['small', /\b(?:small|short)\b/i],
  ['medium', /\bmedium\b/i],
  ['large', /\blarge\b/i],
  ['tall', /\btall\b/i],
  ['grande', /\bgrande\b/i],
  ['venti', /\bventi\b/i],
  ['oz', /\b\d+\s*(?:oz|ounces?)\b/i],
  ['iced', /\biced\b|\b(?:with|over|on) ice\b/i],
  // "Could you make that a hot please?" -> "a hot decaffeinated mocha".
  ['hot', /\bhot\b/i],
  ['single', new RegExp(`\\bsingle\\b${NOT_ADD_IN}`, 'i')],
  ['double', new RegExp(`\\bdouble\\b${NOT_ADD_IN}`, 'i')],
  ['triple', new RegExp(`\\btriple\\b${NOT_ADD_IN}`, 'i')],
  ['quad', new RegExp(`\\bquad(?:ruple)?\\b${NOT_ADD_IN}`, 'i')],
  ['half-caf', /\bhalf[- ]caf\b/i],
];
const MILK = /\boatmilk\b|\b(?:(?:oat|almond|soy|coconut|whole|skim(?:med)?|non-?fat|fat[- ]free|two percent|half[- ](?:and|&|n)[- ]half)\b|2 ?%)(?:[\s-]+lactose[\s-]?free)?(?:\s+milk\b)?/i;
const FLAVOUR = /\b(?:sugar[- ]free\s+)?(?:vanilla|caramel|hazelnut|pumpkin(?: spice)?|peppermint|cinnamon|honey)(?:\s+(?:syrup|sauce|drizzle|flavou?r(?:ing)?|shots?))?\b/i;
const MILK_WORDS = new Set(['oat', 'almond', 'soy', 'coconut', 'whole', 'skim', '2%', 'half and half']);
const FLAVOUR_WORDS = new Set(['vanilla', 'caramel', 'hazelnut', 'pumpkin', 'peppermint', 'cinnamon', 'honey', 'sugar-free']);
/** A flavour naming the drink itself ("Vanilla Latte"): already in the phrase, not a "with" extra. */
const FLAVOURED_DRINK = /\b(?:vanilla|caramel|hazelnut|pumpkin|peppermint|cinnamon|honey)\s+(?=(?:lattes?|mochas?|macchiatos?|cappuccinos?|frappuccinos?|chais?|teas?|coffees?|cold brews?|steamers?)\b)/gi;

const article = (rest: string) => indefiniteFor(rest);
const andList = (xs: string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/** The customer's words for modifiers: those that go before the drink ("large decaf") and those after "with" ("oat milk"). */
function modifierWords(lack: string[], text: string): { before: string[]; extras: string[]; after: string[] } {
  const before: string[] = [];
  for (const [word, re] of BEFORE_DRINK) {
    if (!lack.includes(word)) continue;
    const said = re.exec(text);
    if (said) before.push(word === 'iced' ? 'iced' : said[0].toLowerCase().replace(/\s+/g, ' '));
  }
  if (lack.includes('decaf')) before.push('decaf');
  const extras: string[] = [];
  // The span naming a lacking modifier ("oat milk" when oat is lacking, not the almond milk already said).
  const find = (re: RegExp, from: string) => [...from.matchAll(new RegExp(re.source, 'gi'))].find((m) => orderModifiers(m[0]).some((x) => lack.includes(x)));
  if (lack.some((m) => MILK_WORDS.has(m))) {
    const said = find(MILK, text);
    if (said) extras.push(/^oatmilk$/i.test(said[0]) ? 'oat milk' : /milk$/i.test(said[0]) || /half/i.test(said[0]) ? said[0].toLowerCase() : `${said[0].toLowerCase()} milk`);
  }
  if (lack.some((m) => FLAVOUR_WORDS.has(m))) {
    const said = find(FLAVOUR, text.replace(FLAVOURED_DRINK, ''));
    if (said) extras.push(said[0].toLowerCase());
  }
  // An add-in of the corpus the customer put in ("and please add chocolate syrup", "with a splash of cream", "no sugar"): their words for it.
  for (const w of CORPUS_ADD_INS) {
    if (!lack.includes(w)) continue;
    const said = new RegExp(`\\b(?:(?:no|without|extra|light|less|more|some|a little|a bit of|room for|(?:light|easy) on(?: the)?|a (?:hint|splash|dash|touch|drizzle) of|(?:\\d+|one|two|three|four) (?:pumps?|shots?|spoonfuls?|packets?) of)\\s+)?(?:(?:dark|white|milk|raw|brown|sugar-free|sugar free|vanilla|caramel|hazelnut)\\s+)*${w}s?(?:\\s+(?:syrup|sauce|drizzle|powder|shavings|sprinkles|chips))?\\b`, 'i').exec(text);
    extras.push(said ? said[0].toLowerCase().replace(/^some\s+/, '').replace(/^(light|easy) on(?: the)?\s+/, 'light ') : w);
  }
  if (lack.includes('extra shot')) extras.push('an extra shot');
  // The whip as the customer said it: "a blast of cold whipped milk" is no whipped cream (long_context_readback_unfaithful).
  if (lack.includes('whipped cream')) extras.push(/\b(?:no|without|hold the|skip the)\s+whip/i.test(text) ? 'no whipped cream' : whipSaid(text));
  // The foam and the ice with the extras ("with oat milk and no foam"); how hot after a comma (", not too hot").
  for (const m of lack) if (AFTER_DRINK[m]?.startsWith('with ')) extras.push(AFTER_DRINK[m].slice(5));
  const after = lack.filter((m) => AFTER_DRINK[m] && !AFTER_DRINK[m].startsWith('with ')).map((m) => (m === 'not too hot' ? warmthSaid(text) : AFTER_DRINK[m]));
  return { before, extras, after };
}

/** The whip in the customer's words ("cold whipped milk", "whip cream" -> "whipped cream"). */
function whipSaid(text: string): string {
  const m = /\b(?:(?:cold|hot|extra|light)\s+)?whip(?:ped)?(?:\s+(cream|milk|topping))?\b/i.exec(text);
  if (!m) return 'whipped cream';
  return m[0].toLowerCase().replace(/\bwhip(?:ped)?(?:\s+(?:cream|milk|topping))?$/, `whipped ${(m[1] ?? 'cream').toLowerCase()}`);
}

/**
 * How warm the customer wants it, in their words ("warmed", "medium warm", "lukewarm", "at room
 * temperature", "a little cooler"): "not too hot" only when they said that. A read-back that says
 * "not too hot" for "make it warm" or "room temperature" names a drink they did not describe
 * (long_context_readback_unfaithful).
 */
function warmthSaid(text: string): string {
  const m = /\b(?:(?:slightly|medium|a (?:little|bit)|just|nice and)\s+)?(?:luke ?warm|warm(?:ed|ish)?)\b(?! (?:up|day|weather))|\broom[- ]temp(?:erature)?\b|\btepid\b|\b(?:a (?:little|bit) )?cooler\b|\bnot (?:too|very|that|so|super) hot\b/i.exec(text);
  if (!m) return 'not too hot';
  const said = m[0].toLowerCase().replace(/^luke ?warm$/, 'lukewarm').replace(/^not (?:very|that|so|super) hot$/, 'not too hot');
  return /^room/.test(said) ? 'at room temperature' : /cooler$/.test(said) ? said.replace(/^(?:a (?:little|bit) )?cooler$/, 'a little cooler') : said;
}

/** The phrase with the lacking modifiers in the customer's words ("a Latte" + decaf -> "a decaf Latte"). */
function withModifiers(phrase: string, lack: string[], text: string): string {
  const { before, extras, after } = modifierWords(lack, text);
  const det = /^(a|an|one|some|two|three|four|both|\d+)\s+/i.exec(phrase);
  let head = det ? phrase.slice(det[0].length) : phrase;
  if (before.length) head = `${before.join(' ')} ${head}`;
  let out = det ? `${/^(?:a|an)$/i.test(det[1]) ? article(head) : det[1]} ${head}` : head;
  // An add-in said whole ("sugar-free vanilla sweetener") where the phrase has its first words ("with oat milk and sugar-free vanilla"): said once, whole.
  const fresh = extras.filter((x, k) => !extras.some((y, j) => j !== k && y.length > x.length && y.includes(x))).filter((x) => {
    const lead = x.split(' ').slice(0, -1).join(' ');
    const at = lead ? out.toLowerCase().lastIndexOf(lead) : -1;
    if (at < 0 || !/^(?:$|[\s,])/.test(out.slice(at + lead.length))) return true;
    out = `${out.slice(0, at)}${x}${out.slice(at + lead.length)}`;
    return false;
  });
  if (fresh.length) out = / with /i.test(out) ? `${out} and ${andList(fresh)}` : `${out} with ${andList(fresh)}`;
  for (const a of after) out = `${out}, ${a}`;
  return out;
}

/** Where a second drink of the turn starts ("..., and I'd also like a regular Latte"), or -1. */
function secondDrinkAt(text: string): number {
  const first = DRINK.exec(text);
  if (!first) return -1;
  const rest = text.slice(first.index + first[0].length);
  const m = /(?:\band\s+(?:an?\s+|one\s+|another\s+)?|\b(?:also|plus)?\s*(?:an?|one|another)\s+)(?:[\w%-]+\s+){0,3}?(?=(?:hot chocolate|chai lattes?|cold brews?|iced coffees?|drip coffees?|flat whites?|matcha lattes?|cappuccinos?|macchiatos?|americanos?|espressos?|frappuccinos?|cortados?|mochas?|lattes?|chais?|teas?|coffees?)\b)/i.exec(rest);
  return m && !/\b(?:shots?|of|pumps?|splash|bit|dash|other)\b/i.test(m[0]) ? first.index + first[0].length + m.index : -1;
}

/**
 * A read-back that carries what the customer stated: the phrase orderPhrase took from the turn that
 * named the drink, completed with the modifiers stated there or in the customer's later turns of the
 * order ("I'd like a Latte, but decaffeinated please" -> "a decaf Latte"; "a mocha" then "caramel
 * sauce please" -> "a mocha with caramel sauce"). Two drinks ordered together keep each its own
 * ("two cortados, one with oat milk and one with 2% milk"; "a Chai Latte with 2% milk and a Mocha
 * with almond milk"). The phrase as it was when nothing is missing.
 */
export function completeOrder(phrase: string, texts: string[], name = statedName(texts)): string {
  return withPlace(withName(withTeaName(withRequests(withQualifiers(withSaid(withAmounts(completeItems(phrase, texts), texts), texts), texts), texts), texts), name), texts);
}

/**
 * A request the customer makes of the drink that no option rule reads, as the read-back says it, and
 * what in a read-back already holds it: the milk in a separate cup, the lids, a topping, "dirty",
 * "fill it to the top", the lactose-free milk, one of two drinks without caffeine. A read-back leaving
 * one out has the customer say yes to less than they asked for ("May I please have a Mocha with whole
 * milk, milk in a separate cup?" -> "a mocha with whole milk?"; long_context_readback_unfaithful).
 */
type Request = { said: RegExp; holds: RegExp; add: (m: RegExpExecArray, order: string, all: string) => string };
const REQUESTS: Request[] = [
  // "milk in a separate cup" is the drink's milk apart; "an extra bit of oat milk on the side" more milk besides the drink's, said as the customer said it.
  { said: /\b(?:(?:the|some|extra|\w+)\s+)?milk in (?:n )?a separate cup\b|\b(?:(?:an?|some)\s+)?(?:extra\s+)?(?:(?:little\s+)?bit of\s+)?(?:(?:oat|almond|soy|coconut|whole|skim|2%|non-fat)\s+)?milk on the side\b/i, holds: /\bseparate\b|\bon the side\b/i, add: (m, order) => (/separate/i.test(m[0]) ? `${order}, the milk in a separate cup` : `${order}, plus ${m[0].toLowerCase()}`) },
  { said: /\b(two|2|three|3|extra|an extra|double)\s+lids?\b/i, holds: /\blids?\b/i, add: (m, order) => `${order} with ${/^(?:extra|an extra)$/i.test(m[1]) ? 'an extra lid' : `${m[1].toLowerCase().replace(/^2$/, 'two').replace(/^3$/, 'three').replace(/^double$/, 'two')} lids`}` },
  { said: /\b(?:(coffee|vanilla|chocolate|caramel)\s+)?ice[- ]?cream\b/i, holds: /\bice[- ]?cream\b/i, add: (m, order) => `${order}${/ with /i.test(order) ? ' and' : ' with'} ${m[1] ? `${m[1].toLowerCase()} ` : ''}ice cream on top` },
  { said: /\bdirty(\s+on top)?\b/i, holds: /\bdirty\b/i, add: (m, order) => `${order}, dirty${m[1] ? ' on top' : ''}` },
  { said: /\bfill(?:ed)? it (?:up )?to the top\b/i, holds: /\bto the top\b|\bfull\b/i, add: (_m, order) => `${order}, filled to the top` },
  {
    // "the Lactose-Free 2%", "2% milk that's lactose-free": the milk of that kind, else the first milk named.
    said: /\b(?:lactose[- ]?free\s+(2%|whole|skim|non-?fat)|(2%|whole|skim|non-?fat)\s+(?:milk\s+)?(?:that'?s\s+|that is\s+)?lactose[- ]?free|lactose[- ]?free)\b/i,
    holds: /\blactose\b/i,
    add: (m, order, all) => {
      // "two Cortado with 2% milk. But I want one of them to be Lactose-Free milk": one of the two, not both.
      if (/\bone(?: of them)?\b[^.?!]{0,25}\blactose/i.test(all) && /^(?:two|both|2)\b/i.test(order)) return `${order}, one of them lactose-free`;
      const kind = (m[1] ?? m[2])?.toLowerCase();
      const milk = new RegExp(`\\b${kind ? escapeRegExp(kind) : '(?:2%|whole|skim|non-fat|nonfat)'}\\s+milk\\b`, 'i').exec(order) ?? /\bmilk\b/i.exec(order);
      return milk ? `${order.slice(0, milk.index)}lactose-free ${order.slice(milk.index)}` : `${order}${/ with /i.test(order) ? ' and' : ' with'} lactose-free milk`;
    },
  },
  // "I want two mocha. One with caffeine and one without.": the split said, as "two mochas, one decaf".
  { said: /\bone (?:with caffeine|caffeinated|regular|normal)\b[^.?!]*?\b(?:one|the other(?: one)?)\s+(?:without(?: caffeine)?|decaf\w*|caffeine[- ]free)\b/i, holds: /\bdecaf\b|\bcaffein/i, add: (_m, order) => `${order}, one decaf` },
];

function withRequests(order: string, texts: string[]): string {
  let out = order;
  const all = texts.join(' ');
  for (const r of REQUESTS) {
    const m = r.said.exec(all);
    if (m && !r.holds.test(out)) out = r.add(m, out, all);
  }
  return out;
}

/** Whether a read-back leaves out a request the customer made of the drink (REQUESTS). */
const lacksRequest = (readBack: string, texts: readonly string[]) => REQUESTS.some((r) => r.said.test(texts.join(' ')) && !r.holds.test(readBack));

/**
 * The option words a corpus read-back may say only when the customer did: its "just a regular
 * mocha?" for "can I get a mocha?", "caramel sauce" for "caramel" name a drink the customer did not
 * describe, so the rules' read-back takes its place.
 */
const OPTION_WORD = /\b(?:regular|sauce|syrup|drizzle|powder|cream|whipped|foam|hot|warm|cold|iced|small|medium|large|tall)\b/gi;
/** A reply asking whether it has the order ("Ok, that's a latte with nonfat milk and caramel sauce?", "Of course, just a regular mocha?") that readsOrderBack's frames do not cover. */
const SAYS_ORDER_BACK = new RegExp(`^(?:[\\w' ]+[,.!]\\s+)?(?:that'?s|that is|just|so|you want|you'd like)\\b[^?]*\\b${DRINK.source.slice(2)}[^?]*\\?$`, 'i');
const namesUnsaid = (readBack: string, texts: readonly string[]) => [...readBack.matchAll(OPTION_WORD)].some((m) => !new RegExp(`\\b${m[0]}`, 'i').test(texts.join(' ')));

/** Whether a read-back leaves out whom the customer said the order is for (statedName). */
const lacksName = (readBack: string, name: string | undefined) => !!name && !saysName(readBack, name);

/**
 * The order with where the customer said they will have it, when it lacks that ("Can I get a Triple
 * shot Mocha with Whole milk? Can I get it for here?" -> "a triple shot mocha with whole milk, for
 * here"; "I'd like to get a To go order please. It'll just be a single Cortado" -> "a single cortado
 * with almond milk, to go"): a read-back asking "is every detail right?" names every detail said
 * (readBackDropsPlace; h-evol25). The last said wins ("for here … actually, to go").
 */
function withPlace(order: string, texts: string[]): string {
  const place = statedPlace(texts);
  if (!place || PLACE_SAID.test(order)) return order;
  return `${order.replace(/[,\s]+$/, '')}, ${place}`;
}

/**
 * The order with the tea's own name the customer gave it ("I'd like the Peppermint Rose, tea, please." -> "a Peppermint
 * Rose tea"), its words no longer said as add-ins ("a tea with peppermint"; long_context_readback_tea_name_dropped).
 */
function withTeaName(order: string, texts: string[]): string {
  const name = teaNameOf(texts);
  if (!name || saysName(order, name) || !/\btea\b/i.test(order)) return order;
  const words = name.toLowerCase().split(' ');
  let out = order;
  for (const w of words) out = out.replace(new RegExp(`(?: with| and|,) ${escapeRegExp(w)}\\b`, 'i'), '').replace(new RegExp(`\\b${escapeRegExp(w)} (?=tea\\b)`, 'i'), '');
  out = out.replace(/\bwith and /, 'with ').replace(/ with$/, '');
  const article = /^(?:a|an) /i.test(out);
  return out.replace(/\b(?:(a|an) )?((?:hot |iced )?)tea\b/i, (_m, _a: string | undefined, temp: string) => `${article ? 'a ' : ''}${temp}${name} tea`).replace(/^a a /, 'a ');
}

/**
 * The order with whom the customer said it is for, when it lacks that ("I'd like a latte for Mark."
 * -> "a latte for Mark"; "Can I get a Cortado, please? It'll be for Geoff." -> "a cortado for
 * Geoff"; "my name is Dan" -> "a mocha for Dan"): the name the drink is called by belongs to the
 * order a read-back asks the customer to confirm (long_context_readback_name_dropped). After a
 * comma when the order already runs on after one ("a mocha, not too hot, for Mark").
 */
function withName(order: string, name: string | undefined): string {
  if (!name || saysName(order, name)) return order;
  const bare = order.replace(/[,\s]+$/, '');
  return /,/.test(bare) ? `${bare}, for ${name}` : `${bare} for ${name}`;
}

/**
 * The order with each qualifying phrase the customer gave a part of the drink that it lacks
 * (orderQualifiers): "a Mocha but make it with only half espresso" -> "a mocha with half the
 * espresso"; "a Chai Latte. Please take it easy on the milk." -> "one chai latte, light on the
 * milk"; "only half espresso and double on the milk" -> "… and double the milk".
 */
function withQualifiers(order: string, texts: string[]): string {
  let out = order;
  for (const q of texts.flatMap(orderQualifiers)) {
    if (holdsQualifier(out, q)) continue;
    const noun = q.noun === 'shot' ? 'espresso' : q.noun;
    if (q.kind === 'light') {
      out = `${out}, light on the ${noun}`;
      continue;
    }
    const words = q.kind === 'half' ? `half the ${noun}` : q.kind === 'more' ? `double the ${noun}` : `no added ${noun}`;
    out = / with /i.test(out) ? `${out}${/ and /i.test(out) ? ', plus' : ' and'} ${words}` : `${out} with ${words}`;
  }
  return out;
}

/**
 * The customer's words for a said modifier the option rules do not read (saidModifierKeys), as the
 * read-back adds them: "with" words ("a splash of cherry syrup", "extra hot water", "two ice
 * cubes", "extra milk", "foam") and how it is made, after a comma ("extra strong", "ice cold").
 */
const SAID_SPAN: Record<string, RegExp> = {
  water: /\b(?:(?:some|a little(?: bit of)?|a bit of|a splash of|(?:a few )?(?:tablespoons?|spoonfuls?|drops?) of)\s+)?(?:extra\s+)?(?:(?:hot|cold|iced?)\s+)?water\b/i,
  ice: /\b(?:(?:one|two|three|four|\d+|a few|some|extra)\s+)?ice cubes?\b|\b(?:some|a little|a bit of|extra)\s+ice\b(?![- ]?cream)/i,
  foam: /\b(?:(?:extra|no|light|some|a little|lots of|more)\s+)?foam\b/i,
  milk: /\b(?:(?:extra|some|a little|a splash of|more)\s+)?milk\b/i,
  beans: /\b(?:(?:a few|some|a couple of|one|two|three|\d+)\s+)?(?:(?:raw|whole|roasted|chocolate[- ]covered)\s+)?(?:coffee|espresso) beans?\b/i,
};
const SAID_AFTER: Record<string, RegExp> = { strong: /\b(?:extra |very |really )?strong\b/i, weak: /\bweak\b/i, cold: /\bice[- ]cold\b|\b(?:extra |very |really )?cold\b(?!\s+brew)/i, mostly: /\bmostly milk\b/i, dark: /\b(?:extra |very |really |super )?dark(?: roast)?\b/i };
function withSaid(order: string, texts: string[]): string {
  const keys = [...new Set(texts.flatMap(saidModifierKeys))].filter((k) => !holdsKey(order, k));
  if (!keys.length) return order;
  const all = texts.join(' ');
  const extras: string[] = [];
  const after: string[] = [];
  for (const k of keys) {
    if (SAID_AFTER[k]) {
      const m = k === 'strong' && /\bnot (?:so|too|that|very) strong\b/i.test(all) ? null : SAID_AFTER[k].exec(all);
      if (m) after.push(m[0].toLowerCase());
      continue;
    }
    // "Vanilla Sweetener", "a dash of splenda" (evolve 53): the sweetener said with its kind.
    const re = SAID_SPAN[k] ?? new RegExp(`\\b(?:(?:a|one|two|three|\\d+)\\s+(?:splash|pump|pumps|dash|bit|shot|shots|packets?)\\s+of\\s+|extra\\s+|some\\s+)?${k === 'sweetener' ? '' : escapeRegExp(k)}${k === 'sweetener' ? 'sweeteners?' : k === 'splenda' || k === 'stevia' ? '' : '\\s+(?:syrups?|milk|sweeteners?)'}\\b`, 'i');
    // "the Earl Grey, the Lavender one": the variant, after a comma.
    const variant = new RegExp(`\\bthe ${escapeRegExp(k)} one\\b`, 'i').exec(all);
    if (variant) {
      after.push(variant[0].toLowerCase());
      continue;
    }
    // "not-fat milk": a slip, read back as the milk meant.
    // "…, Non fat." (evolve 75): the fat said without "milk" is the milk.
    const m = k === 'non-fat' ? /\bno[nt][- ]?fat\b/i.exec(all) && ['non-fat milk'] : re.exec(all);
    if (m) extras.push(m[0].toLowerCase().replace(/^some\s+/, ''));
  }
  let out = order;
  if (extras.length) out = / with /i.test(out) ? `${out}${/ and /i.test(out) ? ', plus' : ' and'} ${andList(extras)}` : `${out} with ${andList(extras)}`;
  for (const a of after) out = `${out}, ${a}`;
  return out;
}

/** The milks a read-back may name: "extra milk" said of the almond milk ordered is "extra almond milk". */
const ANY_MILK = '(?:(?:oat|almond|soy|coconut|whole|skim(?:med)?|2%|non-?fat|nonfat|two percent)\\s+)?milk';

/**
 * The order with the amount the customer gave each add-in ("double the oat milk" -> "a mocha with
 * double the oat milk", "one pump of cinnamon dolce syrup" -> "… with one pump of cinnamon dolce
 * syrup", "extra milk" -> "a mocha with extra almond milk"; "extra oat milk on the side" said
 * besides the oat milk the drink is made with). Shots are the modifiers' (orderModifiers).
 */
function withAmounts(order: string, texts: string[]): string {
  let out = order;
  for (const a of texts.flatMap(addInAmounts)) {
    if (a.noun === 'shot') continue;
    const noun = a.noun === 'milk' ? ANY_MILK : `${escapeRegExp(a.noun)}s?`;
    const said = a.said.toLowerCase();
    if (new RegExp(`\\b${escapeRegExp(a.word)}\\w*\\s+(?:[\\w%-]+\\s+){0,3}?${noun}\\b`, 'i').test(out)) continue;
    const at = new RegExp(`\\b${noun}\\b(?:\\s+(?:dolce|spice))?(?:\\s+(?:syrup|sauce|drizzle|powder|flavou?ring))?`, 'i').exec(out);
    if (!at || / on the side$/.test(said)) {
      out = / with /i.test(out) ? `${out}${/ and /i.test(out) ? ', plus' : ' and'} ${said}` : `${out} with ${said}`;
      continue;
    }
    const head = said.slice(0, said.search(new RegExp(`\\b${a.noun === 'milk' ? ANY_MILK : escapeRegExp(a.noun)}`, 'i'))).trim();
    const replacement = said.includes(at[0].toLowerCase()) ? said : `${head} ${at[0]}`;
    out = `${out.slice(0, at.index)}${replacement}${out.slice(at.index + at[0].length)}`;
  }
  return out;
}

function completeItems(said: string, texts: string[]): string {
  // The turn naming the drink gives its options in a question too ("Do you guys have a Cappuccino that's with
  // non-fat milk? Oh, and … Vanilla"), what the customer then calls their order (long_context_closing_drops_asked).
  const lacking = (p: string, ts: string[]) => [...new Set(ts.flatMap((x) => (x === texts[0] ? askedModifiers(x) : statedModifiers(x))))].filter((m) => !orderModifiers(p).includes(m));
  const all = texts.join(' ');
  // Two drinks of one turn: each completed from its own part of the turn.
  const secondAt = secondDrinkAt(texts[0]);
  // "I think a Cappuccino would be good right now, so one Cappuccino.", "I would like a Macchiato. Yes, a
  // Macchiato to go please.": one drink said twice is one order, read in the fuller of its two wordings
  // ("a macchiato to go"), not "a cappuccino and one cappuccino" (long_context_restated_item_counted).
  const again = secondAt >= 0 && restatedDrink(texts[0]) ? orderPhrase(texts[0].slice(secondAt)) : undefined;
  const phrase = again && again.split(' ').length > said.split(' ').length ? again : said;
  const at = again ? -1 : secondAt;
  // "one latte with almond milk and the other with oat milk": two lattes, each its own way (long_context_order_count_misread).
  const other = /^(?:a|an|one) ((?:[\w%-]+ ){0,3}?[\w%-]+) (with [^,]+?) and the other (?:one )?(with .+)$/i.exec(phrase);
  if (other && DRINK.test(other[1]) && !/s$/i.test(other[1])) return `two ${other[1]}s, one ${other[2]} and one ${other[3]}`;
  const lack = lacking(phrase, texts);
  // "a Mocha and also I want a Cortado": the phrase stopped at the first drink, the second is read back too.
  const carried = at >= 0 && [...phrase.matchAll(new RegExp(DRINK.source, 'gi'))].length > 1;
  // "one decaf Latte and one regular", "a regular Cappuccino and another decaffeinated": the second drink said without its noun, read back with it.
  const first = DRINK.exec(texts[0]);
  const elided = first && !/^(?:two|three|four|both|some|\d+)\b/i.test(phrase) && [...phrase.matchAll(new RegExp(DRINK.source, 'gi'))].length === 1 ? ELIDED_DRINK.exec(texts[0].slice(first.index + first[0].length)) : null;
  // An order already read with its second drink ("a cortado with almond milk and another one with 2% milk"): as it is.
  if (first && elided && !/\b(?:another|and (?:one|a|an))\b/i.test(phrase)) {
    const head = texts[0].slice(0, first.index + first[0].length + elided[1].length);
    const noun = first[0].replace(/'s$/i, '').replace(/s$/i, '');
    const words = elided[3].replace(/\bdecaf\w*/i, 'decaf').replace(/^one\s+(?=with\b)|\s+one$/i, '').toLowerCase();
    const det = /^(?:a|an)\b/i.test(phrase) ? indefiniteFor(words) : 'one';
    return `${withModifiers(phrase, lacking(phrase, [head]), head)} and ${det} ${/^with\b/.test(words) ? `${noun} ${words}` : `${words} ${noun}`}`;
  }
  if (!lack.length && (at < 0 || carried)) return phrase;
  if (at >= 0 && !carried) {
    const second = orderPhrase(texts[0].slice(at));
    const noun = (x: string) => (DRINK.exec(x)?.[0] ?? '').toLowerCase().replace(/(?:'s|s)$/, '');
    // "two mochas except one mocha with almond milk and the other with oat": the same drink, split below.
    if (second && (noun(second) !== noun(phrase) || !/^(?:two|three|four|both|some|\d+)\b/i.test(phrase))) {
      const head = texts[0].slice(0, at);
      const tail = [texts[0].slice(at), ...texts.slice(1)];
      return `${withModifiers(phrase, lacking(phrase, [head]), head)} and ${withModifiers(second, lacking(second, tail), tail.join(' '))}`;
    }
  }
  if (!lack.length) return phrase;
  // One drink several times, each made its own way: "one decaf", "one with oat milk and the other with 2%".
  const parts = [...all.matchAll(/\b(?:one|1|the other(?: one)?|another|the second|the first)\b(?: of (?:them|those|the \w+))?[^.!?,;]*?(?=\s+and\s+(?:\w+\s+){0,2}?(?:one|1|the other|another|the second)\b|\s+(?:the other|the second)\b|[.!?,;]|$)/gi)]
    .map((m) => ({ text: m[0], mods: statedModifiers(m[0]) }))
    .filter((p) => p.mods.length && (!DRINK.test(p.text) || /\bof\b/i.test(p.text) || (DRINK.exec(p.text)?.[0] ?? '').toLowerCase().replace(/(?:'s|s)$/, '') === (DRINK.exec(phrase)?.[0] ?? '').toLowerCase().replace(/(?:'s|s)$/, '')));
  // "a Macchiato and can you make one decaf and the other regular": one and the other are two.
  const several = /^(?:two|three|four|both|some|\d+)\b/i.test(phrase) || /\b(?:two|both)\b|\b2\b(?!\s*(?:%|percent|pumps?|shots?))/i.test(all) || /\bone\b[^.?!]*\bthe other\b/i.test(all);
  if (parts.length >= 2 || (parts.length && several)) {
    let head = phrase;
    if (/^(?:a|an) /i.test(head)) head = `two ${head.replace(/^(?:a|an) /i, '').replace(/(?<!s)$/, 's')}`;
    const one = (who: string, mods: string[], text: string) => {
      const { before, extras, after } = modifierWords(mods, text);
      return [who, ...before, ...(extras.length ? [`with ${andList(extras)}`] : []), ...after].join(' ');
    };
    const each = parts.map((p) => one('one', p.mods, p.text));
    // "Make one with 2% milk. And use Oat milk for the other one.": what is left is the other's.
    const rest = lack.filter((m) => !parts.some((p) => p.mods.includes(m)));
    if (rest.length && parts.length === 1) each.push(one('the other', rest, all.replace(parts[0].text, ' ')));
    return `${head}, ${andList(each)}`;
  }
  return withModifiers(phrase, lack, all);
}

/** The corpus's misspelt drinks, as a careful writer spells them in a read-back. */
const SPELLING: [RegExp, string][] = [
  [/\bcappucino/gi, 'cappuccino'],
  [/\bcortando/gi, 'cortado'],
  [/\bexpresso/gi, 'espresso'],
  [/\bdecaff\b/gi, 'decaf'],
  [/(?<=\b(?:iced|hot|an?|one|two) )[Ll]ate\b/g, 'latte'],
];

/**
 * An order as the assistant restates it: the items and their options, not the customer's sentence
 * ("a Mocha with whole milk and make the milk steamed extra hot" -> "a mocha with whole milk,
 * steamed extra hot"; "a Latte with both oat milk and caramel" -> "a latte with oat milk and
 * caramel"; "an Americano and please add caramel syrup" -> "an americano with caramel syrup"). Menu
 * words in lower case, the drinks spelt right; every option the customer gave stays.
 */
export function restate(order: string): string {
  let x = withoutSlips(spellDrinks(order));
  for (const [re, to] of SPELLING) x = x.replace(re, to);
  x = x
    .replace(/\s*,?\s*\bplease\b,?/gi, '')
    // "with almond milk if you have it": the customer's hedge, not the order; said back it is the assistant asking itself (h-evol25).
    .replace(/,?\s+if (?:you|they) (?:have|'ve got|got|carry) (?:it|any|some|that|them)\b/gi, '')
    .replace(/\b(?:made|done|prepared) (with|using)\b/gi, 'with')
    .replace(/\busing\b/gi, 'with')
    // "a Double Cappuccino, and use Oat milk" (evolve 75): the milk said as the drink's, not "…, and use oat milk".
    .replace(/,?\s+and (?:please )?use (?:the )?/gi, (_m, offset: number, whole: string) => (/\bwith\b/i.test(whole.slice(0, offset)) ? ' and ' : ' with '))
    .replace(/\bwith both\b/gi, 'with')
    // "and some of the hazelnut stuff" keeps its "some": "and of the hazelnut stuff" is no phrase (h-evol25).
    .replace(/\b(with|and) (?:the|some) (?!other\b|second\b|first\b|one\b|of\b)/gi, '$1 ')
    // "with almond milk and double the almond milk": the milk doubled.
    .replace(/\bwith ([\w%-]+(?: [\w%-]+)?) and double the \1\b/gi, 'with double $1')
    .replace(/\bdouble the\b/gi, 'double');
  // "and please add caramel syrup (to it)": an option of the drink.
  // "with chocolate added to it" -> "with chocolate"; "with added hazelnut" -> "with hazelnut".
  x = x.replace(/\s+added(?:\s+(?:to|in|into)\s+(?:it|that|them|the \w+))?(?=[,.]|\s+and\b|$)/i, '').replace(/\bwith added\b/gi, 'with');
  // "that has no added sugar": "added" says what is left out, not an add-in (h-evol20).
  x = x.replace(/(?<!\b(?:no|without|any)),?\s+(?:and\s+)?(?:(?:can|could|would|will) you\s+(?:please\s+)?)?(?:also\s+)?add(?:ed)?\s+(?!to\b|in\b)(?:some\s+|a little\s+|a bit of\s+)?(.+?)(?:\s+to (?:it|that|them|the \w+))?$/i, (_m, what: string, at: number) => (/\bwith\b/i.test(x.slice(0, at)) ? ` and ${what}` : ` with ${what}`));
  // "and make the milk steamed extra hot", "and make it to go": the option, after a comma.
  // "and can you make that to go", "and could you make that a decaf": asked as a request, restated as the option.
  x = x.replace(/(?:,?\s+and\s+(?:also\s+)?(?:(?:can|could|would|will) you\s+(?:please\s+)?)?|,?\s+(?:and\s+)?(?:(?:can|could|would|will) you|if you (?:could|can|would))\s+(?:please\s+)?(?:also\s+)?)(?:make|have|get)\s+(?:it|that|them|this|the ([\w%-]+))\s+(.+?)(?:\s*,?\s*(?:that would be|that'd be|it would be)\s+(?:great|lovely|perfect|awesome|nice))?$/i, (_m, noun: string | undefined, what: string, at: number) => {
    const named = noun && new RegExp(`\\b${noun}\\b`, 'i').test(x.slice(0, at));
    // "a decaf", "an iced one": the option alone.
    const option = what.replace(/^(?:a|an) (?=half\b)/i, '').replace(/^(?:a|an)\s+(?=[\w%-]+(?:\s+one)?$)/i, '').replace(/\s+one$/i, '');
    return noun && !named ? `, the ${noun} ${what}` : /^with\b/i.test(option) ? ` ${option}` : `, ${option}`;
  });
  x = x.replace(CONNECTOR_MID, ' and ');
  // "a vanilla iced latte with, let's see, 2% milk": the phrase's "with" and the milk's, said once.
  x = x.replace(/\bwith,?\s+with\b/gi, 'with');
  x = x.replace(/\s+(?:too|also|as well)$/i, '').replace(/\s{2,}/g, ' ').trim();
  // An order cut where the customer's sentence went on ("a mocha to go since I'm in a rush", "a
  // latte with 2% milk and vanilla and …") ends on the word that joined the rest: read back without it.
  x = x.replace(/(?:[\s,]+\b(?:since|because|but|and|or|with|of|the|an?|so|as|can|could|please|also|then|plus|as well as)\b)+$/i, '');
  // "a macchiato, with almond milk", "with 2% milk and with vanilla": one phrase, joined once.
  x = x.replace(/,\s+with\b/gi, ' with').replace(/\band with\b/gi, 'and');
  // "a Cortando with chocolate drizzle with some Almond milk": two options of one drink joined by "and" ("a cortado with
  // chocolate drizzle and almond milk"), never "with … with …"; "flavored with", "along with" and a second drink keep theirs.
  x = x.replace(/\bwith ((?:(?!and\b|along\b|topped\b|flavou?red\b|made\b|one\b|the\b|an?\b)[\w%-]+ ){1,3})with\b/gi, 'with $1and');
  // "a Cortado with double": the shots before the drink ("a double cortado").
  x = x.replace(/^(?:an?|one)\s+([\w%-]+(?:\s+[\w%-]+)?)\s+with\s+(double|triple|quad)$/i, (_m, drink: string, shots: string) => `a ${shots.toLowerCase()} ${drink}`);
  // "two Latte, one with 2% milk": a count says its drink in the plural ("two lattes").
  x = x.replace(/\b(two|three|four|five|six|[2-9]) ((?:(?!of\b|pumps?\b|shots?\b|splash\b)[\w%-]+ ){0,2}?)(latte|mocha|cappuccino|macchiato|americano|espresso|cortado|frappuccino|frappe|steamer|smoothie|chai|tea|coffee|cold brew|flat white)\b(?!s|'|\s+(?:lattes?|teas?|brews?|mochas?|coffees?|shots?|pumps?|beans?)\b)/gi, (_m, n: string, mid: string, drink: string) => `${n} ${mid}${drink}${/o$/i.test(drink) && !/^(?:espresso|cappuccino|macchiato|americano|cortado)$/i.test(drink) ? 'es' : 's'}`);
  // "some Chai Latte", "some mocha": one cup of a drink sold by the cup is "a chai latte" (long_context_some_drink); tea and coffee keep "some".
  x = x.replace(/^some ((?:[\w%-]+ ){0,3}?(?:chai latte|latte|mocha|cortado|macchiato|cappuccino|americano|steamer|flat white|frappuccino)\b(?!s\b))/i, (_m, rest: string) => `${article(rest)} ${rest}`);
  // "a mocha with 2% milk and cortado with skim milk": the second drink given its article, as the first has one.
  x = withSecondArticle(x);
  // "and A Latte": an article inside the order in lower case.
  return menuCase(x).replace(/(?<=\s)A(?=\s+[a-z])/g, 'a').replace(/(?<=\s)An(?=\s+[a-z])/g, 'an');
}

/**
 * What a customer asked for when it names no drink the rules know ("I want a Jin Xuan.", "I think
 * I'll take the Cloud and Mist"): the thing requested, so a read-back has an order to name; undefined
 * when the turn requests nothing it could name.
 */
export function requestedItem(text: string): string | undefined {
  const m = /\b(?:i(?:'d| would) (?:like|love)|i want|i(?:'ll| will) (?:have|take|get|go with)|i think i(?:'ll| will) (?:have|take|get|go with)|i'?m (?:gonna|going to) (?:have|take|get|order|go with)|(?:can|could|may) i (?:please )?(?:get|have|order))\s+(a|an|one|two|three|the|some)\s+([^.!?,;]{2,60}?)(?:\s+(?:please|too|also|as well|today|now|then))*\s*(?:[.!?]|$)/i.exec(text.trim());
  if (!m || /^(?:to|it|that|this|few|little|bit|minute|moment|table|seat|menu|wifi|password|receipt|bathroom|restroom|question)\b/i.test(m[2])) return undefined;
  let what = m[2];
  for (const [re, to] of SPELLING) what = what.replace(re, to);
  return swapPerson(`${m[1].toLowerCase()} ${what}`);
}

/**
 * The order said again after the customer has confirmed its read-back: the drinks by name only
 * ("a mocha with whole milk, steamed extra hot" -> "the mocha with whole milk"; "a large decaf latte with oat milk" -> "the decaf latte"; "two mochas, one decaf" -> "the
 * mochas"; "an almond milk latte and an oat milk mocha" -> "the latte and the mocha"). A short order
 * ("a latte", "two mochas") is said again as it is: naming it is no longer than pointing at it.
 */
export function shortOrder(order: string): string | undefined {
  // "half the espresso" (withQualifiers) is how much espresso goes in, no second drink.
  // "with decaf espresso", "and a shot of espresso" too (withoutIngredientEspresso).
  const drinks = [...withoutIngredientEspresso(order).matchAll(new RegExp(DRINK.source, 'gi'))].map((m) => m[0].toLowerCase().replace(/'s$/, ''));
  if (!drinks.length) return undefined;
  const count = /^(two|three|four|five|six|both|[2-9]|\d{2,})\b/i.exec(order);
  if (count && drinks.length === 1) return splitShort(order, drinks[0]) ?? `the ${drinks[0].replace(/(?<=[^s])$/, 's')}`;
  // "a latte with oat milk and another with almond milk": a second of the drink said without its noun is
  // two drinks, said short as two ("the latte with oat milk and the one with almond milk"), never "the latte"
  // (long_context_order_count_misread).
  const elided = drinks.length === 1 ? /\s+and\s+(?:another|the other|one)(?:\s+one)?\s+((?:with\s+)?[\w%-]+(?:\s+[\w%-]+){0,3})$/i.exec(order) : null;
  if (elided && !count && order.toLowerCase().indexOf(drinks[0]) < elided.index) {
    const rest = elided[1].trim();
    const second = /^with\b/i.test(rest) ? `a ${drinks[0]} ${rest}` : `a ${rest} ${drinks[0]}`;
    return shortOrder(`${order.slice(0, elided.index)} and ${second}`);
  }
  // One drink: the drink with one option at most ("the decaf latte", "the mocha with whole milk"), not every option again.
  if (drinks.length === 1) {
    const core = order.replace(/^(?:a|an|one|the|some)\s+/i, '').split(/,\s*/)[0];
    const m = DRINK.exec(core);
    if (!m) return undefined;
    // A named drink keeps its name ("the Cloud and Mist tea", not "the tea").
    if (/\b[A-Z]/.test(core.slice(0, m.index))) return `the ${core.slice(0, m.index + m[0].length)}`;
    const words = core.slice(0, m.index).trim().split(/\s+/);
    const k = words.map((w) => /^(?:small|medium|large|tall|grande|venti|iced|hot|decaf|half-caf|single|double|triple|quad|quadruple|skinny)$/i.test(w)).lastIndexOf(true);
    // A size word of an add-in keeps its add-in ("the double foam cortado", not "the double cortado").
    const adjective = k < 0 ? undefined : new RegExp(`^${NOT_ADD_IN}`, 'i').test(` ${words.slice(k + 1).join(' ')}`) ? words[k] : words.slice(k).join(' ');
    // The option whole ("with extra foam", "with chocolate sauce"), never cut on its first word ("with extra").
    const extra = /^\s+with\s+(?!a\b|an\b|the\b|some\b)((?:(?:extra|no|light|less|more|double|triple|sugar-free|non-fat|non|fat|half(?: the(?: normal| usual)?)?|room for|(?:one|two|three|four|\d+)\s+(?:pumps?|shots?|spoonfuls?|packets?|splash(?:es)?|dash(?:es)?)\s+of|(?:one|two|three|four|\d+)(?=\s+(?:espresso\s+)?(?:pumps?|shots?|sugars?|sweeteners?))|2%(?=\s+lactose)|lactose-free)\s+)*[\w%-]+(?:\s+(?:milk|sauce|syrup|foam|shots?|cream|powder|drizzle|flavou?ring|sweeteners?|sugars?|chocolate))?)/i.exec(core.slice(m.index + m[0].length));
    // An option with its amount ("with one pump of cinnamon", "with half the milk") was read back and
    // confirmed whole: said again it would repeat the order, said without the amount it would change it.
    const amounted = extra && (addInAmounts(`with ${extra[1]}`).length > 0 || /^(?:half|double|triple|extra|light|less|more|(?:one|two|three|four|\d+)\s)/i.test(extra[1]));
    const short = `the ${adjective ? `${adjective.toLowerCase()} ` : ''}${m[0].toLowerCase()}${extra && !adjective && !amounted ? ` with ${extra[1]}` : ''}`;
    // Some options and not the others would read as the order, less than was confirmed ("the
    // cortado with vanilla" for "a cortado with vanilla and oat milk"): the drink alone, or all of it.
    return keepsAll(order, short) ? short : `the ${m[0].toLowerCase()}`;
  }
  const distinct = [...new Set(drinks.map((d) => d.replace(/(?<=[^s])s$/, '')))];
  // "a regular latte and a decaf latte": two of one drink, said as two ("the lattes", not "the latte").
  if (distinct.length === 1) {
    // "a mocha with almond milk and a mocha with oat milk": each said with what sets it apart ("the mocha with almond milk and the one with oat milk").
    const one = distinct[0];
    // A part the short form says plainly ("a regular latte" -> "the latte") keeps the words before its drink ("the regular latte").
    const parts = order.split(/\s+and\s+(?=(?:a|an|one|another)\s)/i).map((p) => {
      const short = shortOrder(p);
      const lead = new RegExp(`^(?:a|an|one|another)\\s+((?:[\\w%-]+\\s+){1,2}?)${one}\\b`, 'i').exec(p.trim());
      // The plain one of a split ("a decaf cortado and a cortado") is the regular one.
      // One with options its short form leaves out ("a cortado with 2% Lactose Free milk") is no regular one.
      if (short === `the ${one}` && !lead && orderModifiers(p).length) return short;
      return short === `the ${one}` ? `the ${lead ? lead[1].trim().toLowerCase() : 'regular'} ${one}` : short;
    });
    if (parts.length === drinks.length && parts.every((p): p is string => !!p && p !== `the ${one}`) && new Set(parts).size === parts.length && keepsEach(order, parts))
      return andList(parts.map((p, k) => (k ? p.replace(new RegExp(`\\b${one}\\b`, 'i'), 'one') : p)));
    return `the ${one.replace(/(?<=[^s])$/, 's')}`;
  }
  return distinct.length > 2 ? 'that order' : andList(distinct.map((d) => `the ${d}`));
}

/** An order phrase without its article and case ("a Decaf Latte" -> "decaf latte"). */
const orderCore = (x: string) => normalizeLine(x).replace(/^(?:a|an|one|another|the|some) /, '').replace(/\bdecaffeinated\b/g, 'decaf');
/**
 * Whether a short form of one drink is the drink alone ("the cortado") or the whole order ("the
 * mocha with whole milk" for "a mocha with whole milk"), never some of its options ("the cortado
 * with vanilla" for "a cortado with vanilla and oat milk", "the cortado with whole milk" for "a very
 * sweet cortado with whole milk").
 */
function keepsAll(order: string, short: string): boolean {
  return orderCore(short) === orderCore(order) || new RegExp(`^the ${DRINK.source.replace(/^\\b/, '')}$`, 'i').test(short.trim());
}
/** The short forms of several drinks, each the drink alone or all of its part of the order. */
function keepsEach(order: string, shorts: readonly string[]): boolean {
  const parts = order.split(/\s+and\s+(?=(?:a|an|one|another)\s)/i);
  // A part said plainly is the regular one ("a decaf cortado and a cortado" -> "the decaf cortado and the regular one").
  return parts.length === shorts.length && shorts.every((p, k) => keepsAll(parts[k], p) || keepsAll(parts[k], p.replace(/\bregular /i, '')) || (orderModifiers(p).length > 0 && orderModifiers(parts[k]).every((m) => orderModifiers(p).includes(m))));
}

/**
 * Several of one drink made differently, said again short with what sets them apart ("two lattes,
 * one decaf" -> "the lattes, one of them decaf"; "two cortados, one with oat milk and one with 2%
 * milk" -> "the cortado with oat milk and the one with 2% milk"); undefined when the order has no split.
 */
function splitShort(order: string, drink: string): string | undefined {
  const at = order.toLowerCase().indexOf(drink);
  const rest = order.slice(at + drink.length).replace(/^'?s?\s*,?\s*/, '');
  if (!/^(?:one|1|the other|another)\b/i.test(rest)) return undefined;
  const parts = rest
    .split(/\s*(?:,|\band\b)\s*(?=(?:one|1|the other|another)\b)/i)
    .map((p) => p.replace(/^(?:one|1|the other(?: one)?|another)\s+(?:of (?:them|those)\s+)?/i, '').replace(/[,\s]+$/, '').trim())
    .filter(Boolean);
  if (!parts.length || parts.some((p) => !orderModifiers(p).length && !/^(?:regular|normal|plain)\b/i.test(p))) return undefined;
  const one = drink.toLowerCase().replace(/(?<=[^s])s$/, '');
  if (orderModifiers(order).some((m) => !orderModifiers(parts.join(' and ')).includes(m))) return undefined;
  if (parts.length === 1) return `the ${one}s, one of them ${parts[0]}`;
  return andList(parts.map((p, k) => (/^with\b/i.test(p) ? `the ${k ? 'one' : one} ${p}` : `the ${p} ${k ? 'one' : one}`)));
}

/** A customer's turn that says the read-back was right ("Yes, that's correct.", "You got it."). */
export const AFFIRMED = /^\W*(?:yes|yep|yeah|yup|ya|correct|that'?s (?:right|correct|it)|it is|it'?s (?:right|correct)|looks (?:good|right|great|correct)|perfect|right|sure|absolutely|exactly|you got it|you got it right|that is (?:right|correct|it))\b/i;

/** A turn saying the order read back is right anywhere in it ("Ice latte, almond milk, hazelnut. This all looks good to me."). */
const SAYS_RIGHT = /\b(?:looks|is|sounds|seems) (?:all )?(?:good|right|correct|great|perfect)\b|\bthat'?s (?:right|correct)\b/i;

/** Whether two order phrases name the same drink ("Ice latte" and "a regular iced latte with almond milk"). */
function sameDrink(a: string, b: string): boolean {
  const noun = (x: string) => (new RegExp(DRINK.source, 'i').exec(x)?.[0] ?? '').toLowerCase().replace(/(?:'s|s)$/, '');
  return !!noun(a) && noun(a) === noun(b);
}

/** How many drinks a read-back names: two ("two cortados, …", "a mocha and a latte") are checked as "both". */
/** A drink's word said as what goes into another ("a matcha latte with extra matcha", "a mocha with a shot of chai"): no drink of its own. */
const INGREDIENT_DRINK = /\b(?:extra|more|less|double|half(?: the)?|light|a (?:bit|dash|splash|shot|scoop|pump) of)\s+(?:matcha|chai|chocolate|coffee|tea|espresso)\b(?!\s+(?:lattes?|teas?)\b)/gi;
// Espresso said as what goes into the drink ("a mocha with a double shot of espresso", "with half the espresso") is no second drink (evolve 75: "…, have I got both right?" for one mocha).
const drinksOf = (x: string) => (/^(?:two|both|2)\b/i.test(x) ? 2 : /^(?:three|four|five|[3-9])\b/i.test(x) ? 3 : [...withoutIngredientEspresso(x).replace(INGREDIENT_DRINK, ' ').matchAll(new RegExp(DRINK.source, 'gi'))].length);
/** An order with options ("with oat milk", ", extra hot"): its check may ask after every detail. */
const optioned = (x: string) => /\bwith\b|,/.test(x);
/**
 * The check after a read-back said as a sentence of its own, chosen by `n` among wordings that fit
 * the order: two drinks are "both", an order with options has "every detail". Three per kind, so no
 * one sentence is in every ninth dialogue of the pool.
 */
const TAILS = {
  right: (x: string) => (drinksOf(x) === 2 ? ['Have I got both right?', 'Did I catch both of those right?', 'Have I got that right?'] : drinksOf(x) > 2 ? ['Have I got them all right?', 'Did I catch all of those right?', 'Have I got that right?'] : ['Have I got that right?', 'Did I catch that right?', optioned(x) ? 'Did I catch every detail right?' : 'Did I hear you right?']),
  isRight: (x: string) => ['Is that right?', 'Is that correct?', drinksOf(x) === 2 ? 'Are both right?' : optioned(x) ? 'Is every detail right?' : 'Does that sound right?'],
  heard: (x: string) => ['I want to make sure I heard you.', 'Just making sure I heard you right.', optioned(x) ? 'I want to be sure I heard you on every detail.' : 'I want to be sure I heard you correctly.'],
};
const tail = (pool: string[], n: number) => pool[Math.floor(n / 8) % pool.length];
/** A check said in the sentence that names the order ("A mocha, have I got that right?"): a check of its own in every read-back made one stock sentence of most insertions. */
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const READ_BACK: ((x: string, n?: number) => string)[] = [
  (x) => `${cap(x)}, is that right?`,
  (x) => `So that's ${x}?`,
  (x) => `Just to check: ${x}, correct?`,
  (x, n = 0) => `${cap(x)}, ${lower(tail(TAILS.right(x), n))}`,
  (x) => `You'd like ${x}, is that it?`,
  (x, n = 0) => `Let me read that back: ${x}, ${lower(tail(TAILS.isRight(x), n))}`,
  (x, n = 0) => `${tail(TAILS.heard(x), n).replace(/\.$/, '')}: ${x}?`,
  (x) => `To be sure I follow, that's ${x}?`,
];
/**
 * More read-back frames, for an insertion to word its read-backs apart (wordReadBacks): a dialogue's
 * own read-back is one of READ_BACK's (the pool counts its lines in that wording); when another
 * dialogue of the insertion already read back in that frame, one of these or another of READ_BACK's
 * takes its place. Each asks for a check in words readsOrderBack knows.
 */
const READ_BACK_MORE: ((x: string, n?: number) => string)[] = [
  (x) => `${cap(x)}, is that correct?`,
  (x) => `Can I check I have it right: ${x}?`,
  (x) => `Just to confirm, it's ${x}?`,
  (x) => `Am I right that you want ${x}?`,
  (x) => `If I have it right, that's ${x}?`,
  (x) => `Checking I have it all: ${x}, correct?`,
  (x) => `Let me check I have it: ${x}?`,
  (x) => `So you want ${x}, right?`,
  (x) => `To confirm: ${x}, is that it?`,
  (x) => `Have I got this right: ${x}?`,
  (x) => `I have ${x} down; is that accurate?`,
  (x) => `You're after ${x}, is that right?`,
  (x) => `Let me be sure: ${x}, right?`,
  (x) => `Just so I'm sure, that's ${x}?`,
  (x) => `Is it ${x} you'd like?`,
  (x) => `Correct me if I'm wrong: ${x}?`,
  (x) => `Please confirm: ${x}?`,
  (x) => `That sounds like ${x}, is that right?`,
];
/**
 * Every read-back wording an insertion may give an order, each with its slot (which wording it is,
 * whatever the order): READ_BACK's with each check after it, then READ_BACK_MORE's. An insertion
 * counts its uses by slot as well as by frame: a frame only some orders have ("… did I hear you
 * right?" of a drink with no options, "You'd like two …" of two drinks) is the one left least used
 * late in an insertion, and counted by frame alone it went to the commonest such orders ("A mocha,
 * did I hear you right?" in 28 insertions, long_context_line_top_share 0.028 against its 0.03).
 */
const TAILED = new Set([3, 5, 6]);
const readBackSlot = (k: number, n: number) => `${k}:${TAILED.has(k) ? Math.floor(n / 8) % 3 : 0}`;
/**
 * READ_BACK_MORE's frames that go on in words right after the order ("Is it … you'd like?", "I have …
 * down;"): an order ending in an aside ("two mochas, one decaf") would run into them ("Is it two
 * mochas, one decaf you'd like?", long_context_readback_run_on), so such an order takes the others.
 */
/** A wording going on in words right after the order it names ("… it is.", "Say … at the register"): not for an order ending in an aside. */
const runsOn = (f: (x: string) => string) => /\u0001(?![,.?;:!]|$)/.test(f('\u0001'));
/** An order ending in an aside ("two mochas, one decaf", "a mocha, not too hot", "the lattes, one of them decaf"). */
const aside = (x: string) => x.includes(',');
const RUNS_ON = new Set(READ_BACK_MORE.flatMap((f, j) => (runsOn(f) ? [j] : [])));
const readBackWordings = (x: string, n: number): { w: string; slot: string }[] => [
  ...READ_BACK.flatMap((f, k) => (TAILED.has(k) ? [0, 8, 16] : [n]).map((m) => ({ w: f(x, m), slot: readBackSlot(k, m) }))),
  ...READ_BACK_MORE.flatMap((f, j) => (RUNS_ON.has(j) && aside(x) ? [] : [{ w: f(x, n), slot: `more:${j}` }])),
];
const READ_BACK_PLAIN = ['Is that everything you want?', 'Have I understood what you want?', 'Anything you would change about that?', 'Is that all you want in it?', 'Did I get all of that?'];

/** The one-sentence disclaimers, each naming the order itself, with the CONFIRM shapes (c<i>) they share. */
const CLOSING_SOLO: [(x: string) => string, string[]][] = [
  [(x) => `I can't place orders from here, so you'll need to ask for ${x} at the counter yourself.`, []],
  [(x) => `Just so you know, I have no way to send an order to the café, so order ${x} when you get there.`, []],
  [(x) => `You know what to ask for now: ${x}. I can't order it for you from here.`, []],
  [(x) => `Then ${x} is your order. I have no way to place it myself, so tell the barista when you get there.`, ['c3']],
  [(x) => `Write down ${x} if it helps; I can't send orders anywhere from here.`, []],
  [(x) => `I can't place it for you, but ${x} is what to ask for at the counter.`, []],
];
/** "The latte it is.", an order ending "in it" said without it: "A decaf cortado with caramel it is.", never "… in it it is." (long_context_word_doubled). */
const itIs = (x: string) => `${cap(x.replace(/\s+in it$/i, ''))} it is.`;

/** The order named short (a reference may be: "The latte it is."), with the CONFIRM shape it shares. */
const CLOSING_NAMES: [(x: string) => string, string][] = [
  [(x) => `That's ${x}, then.`, 'c0'],
  [(x) => itIs(x), 'c1'],
  [(x) => `So ${x}.`, 'c2'],
  [(x) => `${cap(x)} sounds like the one.`, 'c4'],
  [(x) => `${cap(x)}, then.`, 'c6'],
  [(x) => `Right, ${x}.`, 'c10'],
];
/**
 * What follows the order named short: that the assistant cannot order, in ten wordings (evolve 53).
 * With four, and the short names stating the order skipped for a reference, "I can't put the order
 * through for you, so ask for it at the counter." was in 27% of the insertions
 * (long_context_stock_line_share 0.274 on m25, limit 0.3).
 */
const DISCLAIMERS = [
  "I can't put the order through for you, so ask for it at the counter.",
  "Ordering is up to you, though; I can't reach the shop from here.",
  "I can't contact the café for you, so give that order at the counter.",
  "I have no ordering tool here, so you'll have to ask for it in person.",
  "I have no way to send it to the café myself, so the barista needs to hear the order from you.",
  'Nothing I can use here places orders, so that part is yours at the counter.',
  "I can't pass it on to the café, so tell them yourself when you get there.",
  'Placing it is beyond me from here, so ask the barista for it in person.',
  "I'm not able to order on your behalf; ask for it when it's your turn.",
  "The café isn't something I can reach from here, so order it at the till.",
];
/** An order of more than one drink ("two lattes", "the mocha and the cortado", "the latte with oat milk and the one with soy milk"). */
const PLURAL_ORDER = /^(?:two|three|four|both|\d+)\b|\b(?:and (?:the|a|an|one)|the two)\b|^the (?:\w+ )?\w+s(?:$|,)/i;
/** A disclaimer said of two drinks: "ask for them", "send them" ("when it's your turn" keeps its "it"). */
const disclaim = (x: string, k: number) => (PLURAL_ORDER.test(x) ? DISCLAIMERS[k].replace(/\bit\b(?!'s)/g, 'them') : DISCLAIMERS[k]);
/**
 * The one closing of an insertion that says the assistant cannot order (closeInsertion puts it on
 * the first closing): the order named, and that it is the user's to give — in one sentence, or the
 * order named short with a disclaimer after it.
 */
const CLOSING: ((x: string) => string)[] = [
  ...CLOSING_SOLO.map(([f]) => f),
  ...CLOSING_NAMES.flatMap(([f]) => DISCLAIMERS.map((_d, k) => (x: string) => `${f(x)} ${disclaim(x, k)}`)),
];
/** The CLOSING wordings that run on after the order ("… it is. I can't …", "ask for … at the counter yourself"; long_context_readback_run_on). */
const CLOSING_RUNS_ON = new Set(CLOSING.flatMap((f, i) => (runsOn(f) ? [i] : [])));
/** Confirmation shapes (c<i> of CONFIRM) the disclaimers share, by index of CLOSING. */
const CLOSING_SHAPES: Record<number, string[]> = Object.fromEntries([...CLOSING_SOLO.map(([, sh]) => sh), ...CLOSING_NAMES.flatMap(([, sh]) => DISCLAIMERS.map(() => [sh]))].map((sh, i) => [i, sh]));
const CLOSING_PLAIN = [
  "Good. I can't place the order from here, so you'll need to give it at the counter.",
  'Then you know what to ask for. I have no way to send orders to the café myself.',
  "That settles it. I can't put orders through from here, so ask the barista when you get there.",
  "Fine. Ordering it is up to you; I can't reach the shop from here.",
];

/**
 * Every later closing: the order named, then where to give it — or both in one sentence. An
 * insertion strings 20 to 50 dialogues together, so closeInsertion gives each closing a wording of
 * its own: no sentence shape used more than twice in one insertion, none twice in a row.
 */
const CONFIRM: ((x: string) => string)[] = [
  (x) => `That's ${x}, then.`,
  (x) => itIs(x),
  (x) => `So, ${x}.`,
  (x) => `Then ${x} is your order.`,
  (x) => `${cap(x)} sounds like the one.`,
  (x) => `Got it: ${x}.`,
  (x) => `${cap(x)}, then.`,
  (x) => `Noted, ${x}.`,
  (x) => `So you're having ${x}.`,
  (x) => `You've settled on ${x}.`,
  (x) => `Right, ${x}.`,
  (x) => `Your order is ${x}.`,
  (x) => `${cap(x)}, just as you said.`,
  (x) => `That makes ${x}.`,
  (x) => `${cap(x)} for you, then.`,
  (x) => `Good, ${x}.`,
  // Four more (evolve 56): an insertion of forty closings had used every shape above twice and said "You've settled on …" a third time.
  (x) => `${cap(x)} is what you're after.`,
  (x) => `You're going with ${x}.`,
  (x) => `So the order is ${x}.`,
  (x) => `${cap(x)} for today, then.`,
];
const INSTRUCT = [
  'Ask for it at the counter.',
  'Tell the barista when you get there.',
  'Order it in person when you arrive.',
  'Give that order at the counter.',
  'Mention it when you reach the front.',
  'You can order it at the counter.',
  // Was "The barista can make it for you there.": a promise for a café the assistant cannot see (long_context_grants_for_cafe).
  'Place it with the barista when you get there.',
  "That's what to tell the barista.",
  'Say that at the till.',
  'Just ask the barista for that one.',
  'Give it to whoever is at the register.',
  'Order that one at the counter.',
  'The staff at the counter can take that order.',
  "Ask for that when it's your turn in line.",
  'Tell them that at the register.',
  "You'll want to order that at the counter.",
  'Let the barista know when you get to the front.',
  "That's the one to ask for at the front.",
  'Read that out at the counter.',
  'Whoever is at the till can take it.',
];
/** The drinks of an order said short for an instruction ("a decaf latte with oat milk" -> "the latte"), or undefined. */
const drinkRefMemo = new Map<string, string | undefined>();
function drinkRef(phrase: string): string | undefined {
  if (drinkRefMemo.has(phrase)) return drinkRefMemo.get(phrase);
  const d = replyDrinks(phrase);
  // Several of one drink ("two cortados, one with oat milk"): "both", not "the cortados", which would lose what sets them apart.
  const ref = !d ? undefined : d.plural && !d.phrase.includes(' and the ') ? (/^(?:the )?(?:two|2|both)\b/i.test(phrase) ? 'both' : /^(?:the )?(?:three|3)\b/i.test(phrase) ? 'all three' : 'them') : `the ${d.phrase}`;
  if (drinkRefMemo.size > 5000) drinkRefMemo.clear();
  drinkRefMemo.set(phrase, ref);
  return ref;
}
const FUSED: ((x: string) => string)[] = [
  (x) => `Ask the barista for ${x}.`,
  (x) => `When you get there, ask for ${x}.`,
  (x) => `At the counter, just say ${x}.`,
  (x) => `${cap(x)} is what to ask for at the counter.`,
  (x) => `Order ${x} at the counter, then.`,
  (x) => `Ask for ${x} when you reach the front.`,
  (x) => `${cap(x)} is the one to order when you get there.`,
  (x) => `Give the barista your order: ${x}.`,
  (x) => `Once you're at the till, ask for ${x}.`,
  (x) => `Say ${x} at the register and that's it.`,
  (x) => `Tell the barista ${x} and you're set.`,
  (x) => `So at the counter it's ${x}.`,
];
const CONFIRM_PLAIN = [
  'Then you know what to ask for at the counter.',
  'Good, that is settled; tell the barista when you get there.',
  'Fine, give that order when you arrive.',
  'That settles what to ask for.',
  'So that is your order for the counter.',
  "That's all settled; order it at the till.",
  'Then that is the one to ask the barista for.',
  'Good. Give that order at the counter.',
  "That's the order, then; say it at the register.",
  'All clear, then. Ask for that when you reach the front.',
];

/** One wording of a closing: the sentence shapes it uses (no shape twice in a row, none thrice in one insertion) and its text. */
interface Wording {
  shapes: string[];
  text: () => string;
}

/** INSTRUCT after a confirmation that named the order, joined to it: the order is named once ("That's the latte, then; ask for it at the counter."), said of two drinks as "them". */
function confirmAndInstruct(confirm: string, phrase: string, j: number): string {
  const ref = drinkRef(phrase);
  const plural = !!ref && (ref === 'both' || ref === 'them' || ref === 'all three' || ref.includes(' and the '));
  let x = INSTRUCT[j];
  // "when it's your turn" keeps its "it".
  if (plural) x = x.replace(/\bthat one\b/g, 'those').replace(/\bit\b(?!'s)/g, 'them');
  return `${confirm.replace(/[.!]$/, '')}; ${x.charAt(0).toLowerCase()}${x.slice(1)}`;
}

function wordings(phrase: string | undefined): Wording[] {
  // A plain closing that ends the way a later one's instruction does counts as that instruction too.
  if (!phrase) return CONFIRM_PLAIN.map((text, i) => ({ shapes: [`p${i}`, ...INSTRUCT.flatMap((x, j) => (text.endsWith(` ${x}`) || text.toLowerCase().endsWith(`; ${x.toLowerCase()}`) ? [`x${j}`] : []))], text: () => text }));
  return [...CONFIRM.flatMap((c, i) => INSTRUCT.map((_x, j) => ({ shapes: [`c${i}`, `x${j}`], text: () => confirmAndInstruct(c(phrase), phrase, j) }))), ...FUSED.map((f, k) => ({ shapes: [`f${k}`], text: () => f(phrase) }))];
}
const PLAIN_WORDINGS = wordings(undefined);
/** The text of wordings(phrase)[i], without building the others. */
function wordingText(phrase: string, i: number): string {
  const pairs = CONFIRM.length * INSTRUCT.length;
  return i < pairs ? confirmAndInstruct(CONFIRM[Math.floor(i / INSTRUCT.length)](phrase), phrase, i % INSTRUCT.length) : FUSED[i - pairs](phrase);
}
const PHRASE_WORDINGS = wordings('\u0000');
/** Every shape a closing can have, numbered; each wording's shapes by number. */
const SHAPE_IDS = new Map<string, number>();
for (const w of [...PHRASE_WORDINGS, ...PLAIN_WORDINGS]) for (const s of w.shapes) if (!SHAPE_IDS.has(s)) SHAPE_IDS.set(s, SHAPE_IDS.size);
const PHRASE_SHAPES = PHRASE_WORDINGS.map((w) => w.shapes.map((s) => SHAPE_IDS.get(s)!));
const PLAIN_SHAPES = PLAIN_WORDINGS.map((w) => w.shapes.map((s) => SHAPE_IDS.get(s)!));
/** Wordings that open with a filler ("Good, …", "Fine, …", "Noted, …", "All clear, then."): not after a reply's own "OK.". */
const OPENS_FILLER = /^(?:good|fine|all clear|right|ok(?:ay)?|alright|great|got it|noted)\b[.,:]/i;
const PHRASE_FILLER = new Set(PHRASE_WORDINGS.flatMap((w, i) => (OPENS_FILLER.test(wordingText('x', i)) ? [i] : [])));
const PLAIN_FILLER = new Set(PLAIN_WORDINGS.flatMap((w, i) => (OPENS_FILLER.test(w.text()) ? [i] : [])));
const NO_FILLER = new Set<number>();
/** Wordings for one drink: "x sounds like the one", "x is your order", "that's the one to ask for", "order that one". */
const SINGULAR_WORDING = /\b(?:sounds like the one|is the one|it is\b|is what to ask|is what you're after|is your order|that'?s the one|that one\b)/i;
const PHRASE_SINGULAR = new Set(PHRASE_WORDINGS.flatMap((w, i) => (SINGULAR_WORDING.test(wordingText('x', i)) ? [i] : [])));
/** Wordings saying "the one" twice ("The mocha sounds like the one. That's the one to ask for at the front."). */
const PHRASE_TWICE = new Set(PHRASE_WORDINGS.flatMap((w, i) => (/\bthe one\b[^]*\bthe one\b/.test(wordingText('x', i)) ? [i] : [])));
/** Wordings stating the order ("Then x is your order.", "Ask the barista for x."): never of a short reference. */
const PHRASE_STATES = new Set(PHRASE_WORDINGS.flatMap((w, i) => (statesOrder(wordingText('the latte', i)) ? [i] : [])));
const PHRASE_FRESH = new Set(PHRASE_WORDINGS.flatMap((w, i) => (/^That makes\b/.test(wordingText('x', i)) ? [i] : [])));
/** Wordings running on in words after the order ("… for you, then", "Tell the barista … and you're set."): not for an order ending in an aside. */
const PHRASE_RUNS_ON = new Set(PHRASE_WORDINGS.flatMap((w, i) => (runsOn((x) => wordingText(x, i)) ? [i] : [])));
const CONFIRM_RUNS_ON = new Set(CONFIRM.flatMap((f, i) => (runsOn(f) ? [i] : [])));

/** A 32-bit mix of integers (murmur3's finalizer), for seeded tie-breaks without building strings. */
function mix(...xs: number[]): number {
  let h = 0x9e3779b9;
  for (const x of xs) {
    h = Math.imul(h ^ x, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A dialogue's last reply on its own (the pool's costing, a dialogue outside an insertion): one wording by the dialogue's hash. */
function confirmation(phrase: string | undefined, h: number, reference = false): string {
  if (!phrase) return CONFIRM_PLAIN[h % CONFIRM_PLAIN.length];
  let c = h % CONFIRM.length;
  // Two drinks are not "the one" ("The macchiato and the cappuccino sounds like the one").
  const plural = PLURAL_ORDER.test(phrase);
  while ((reference && statesOrder(CONFIRM[c]('the latte'))) || (plural && SINGULAR_WORDING.test(CONFIRM[c]('x'))) || (aside(phrase) && CONFIRM_RUNS_ON.has(c))) c = (c + 1) % CONFIRM.length;
  return confirmAndInstruct(CONFIRM[c](phrase), phrase, Math.floor(h / CONFIRM.length) % INSTRUCT.length);
}

/** What a rewritten closing says around its confirmation: kept so an insertion can word it anew. */
/** A read-back the rules wrote: turn `index` ends with `text`, READ_BACK's wording of order `x` for `n`. */
export interface ReadBackPlan {
  index: number;
  x: string;
  n: number;
  text: string;
}

/** One candidate wording of a read-back: its text after the turn's head, slot, frame and normalised line. */
interface ReadBackCandidate {
  w: string;
  slot: string;
  f: string | undefined;
  normal: string;
}
/**
 * A read-back's candidate wordings other than its own, in READ_BACK's order (before an insertion
 * shuffles them), each with its frame and normalised line: a function of the read-back and its turn
 * alone, so worked out once per read-back, not for every insertion the dialogue sits in (evolve asks
 * some 26 wordings of every read-back of every insertion: ~7 s of a build). Kept by the plan object,
 * checked against the turn's text and the frame function it was made with.
 */
const candidateMemo = new WeakMap<ReadBackPlan, { content: string; frameOf: (text: string) => string | undefined; head: string; mine: string; others: readonly ReadBackCandidate[] }>();
function readBackCandidates(rb: ReadBackPlan, content: string, frameOf: (text: string) => string | undefined): { head: string; mine: string; others: readonly ReadBackCandidate[] } {
  const hit = candidateMemo.get(rb);
  if (hit && hit.content === content && hit.frameOf === frameOf) return hit;
  const head = content.slice(0, content.length - rb.text.length);
  const mine = readBackSlot(rb.n % READ_BACK.length, rb.n);
  const others = readBackWordings(rb.x, rb.n)
    .filter((o) => o.w !== rb.text && o.slot !== mine)
    .map(({ w, slot }) => {
      const f = frameOf(head + w);
      return { w, slot, f, normal: f ? normalizeLine(head + w) : '' };
    });
  const entry = { content, frameOf, head, mine, others };
  candidateMemo.set(rb, entry);
  return entry;
}

/**
 * The rules' read-backs of one insertion worded apart (evolve 60). Each dialogue read back in its
 * own frame (the hash of its id), so one insertion of some thirty orders said "Let me read that
 * back: …" or "To be sure I follow, that's …?" five times (long_context_readback_frame_repeats
 * 5.41 on f31). Here every read-back keeps its own wording while its frame is among the least used
 * of the insertion so far; otherwise it takes one of the least used frames of READ_BACK and
 * READ_BACK_MORE, in an order drawn for this insertion and turn, so no frame is favoured across
 * cases. `frameOf` names a reply's frame (the read-back's words without the order), `fixed` lists
 * the frames of the replies not rewritten here (the corpus's own read-backs), `lines` the
 * insertion's lines (normalised): no wording repeats one. Returns, per dialogue, the new last
 * sentence of each read-back turn (by turn index) when it changes.
 */
export function wordReadBacks(
  dialogues: readonly { readBacks?: readonly ReadBackPlan[]; turns: readonly Turn[] }[],
  key: string,
  frameOf: (text: string) => string | undefined,
  fixed: readonly string[],
  lines: ReadonlySet<string>,
): Map<string, string> {
  const out = new Map<string, string>();
  const uses = new Map<string, number>();
  const slots = new Map<string, number>();
  for (const f of fixed) uses.set(f, (uses.get(f) ?? 0) + 1);
  const said = new Set(lines);
  const seed = hash(key);
  dialogues.forEach((d, k) => {
    for (const rb of d.readBacks ?? []) {
      const content = d.turns[rb.index]?.content ?? '';
      const own = frameOf(content);
      if (!own) continue;
      // A read-back a later pass reworded (its case, its opener) is shown as it is.
      if (!content.endsWith(rb.text)) {
        uses.set(own, (uses.get(own) ?? 0) + 1);
        continue;
      }
      const { head, mine, others: listed } = readBackCandidates(rb, content, frameOf);
      // Candidates: its own wording first, then every other in a drawn order.
      const others = listed.slice();
      let r = hash(`${seed}:${k}:${rb.index}`);
      for (let j = others.length - 1; j > 0; j--) {
        r = Math.imul(r ^ (r >>> 15), 2246822519) >>> 0;
        const m = r % (j + 1);
        [others[j], others[m]] = [others[m], others[j]];
      }
      const all: { w: string; f: string; slot: string; normal?: string }[] = [{ w: rb.text, f: own, slot: mine }];
      for (const o of others) if (o.f && !said.has(o.normal)) all.push(o as ReadBackCandidate & { f: string });
      // Not the first word of the words kept before it: "That sounds great. That sounds like a decaf macchiato …?" says
      // "That sounds" twice in a row (teval_query_40_1-env-k1~mixed).
      const kept = head.trim().split(/(?<=[.!?])\s+(?=[A-Z"])/).pop() ?? '';
      const apart = all.filter((o) => !openerRepeated(kept, o.w));
      const options = apart.length ? apart : all;
      // The larger of the frame's uses and the slot's: a frame few orders have is no likelier for them.
      const cost = (o: { f: string; slot: string }) => Math.max(uses.get(o.f) ?? 0, slots.get(o.slot) ?? 0);
      const least = Math.min(...options.map(cost));
      const pick = options.find((o) => cost(o) === least) ?? options[0];
      uses.set(pick.f, (uses.get(pick.f) ?? 0) + 1);
      slots.set(pick.slot, (slots.get(pick.slot) ?? 0) + 1);
      if (pick.w !== rb.text) {
        out.set(`${k}:${rb.index}`, head + pick.w);
        said.add(pick.normal!);
      }
    }
  });
  return out;
}

export interface ClosingPlan {
  /** Index of the closing turn in the dialogue. */
  index: number;
  opener?: string;
  said: string[];
  leave: string[];
  phrase?: string;
  /** The phrase names the drink short, not every option confirmed ("the latte"): no wording may call it the order. */
  reference?: boolean;
}

// Each part a sentence of its own: a kept sentence the corpus left unstopped ("Thank you for being a loyal customer") gets its full stop.
/** A closing's own filler ("Fine.", "Good, …") after the reply's opener ("OK."): one is enough ("OK. Fine. Ordering …" -> "OK. Ordering …"). */
const unstack = (p: ClosingPlan, close: string) => (p.opener && !p.said.length ? close.replace(/^(?:good|fine|all clear, then|right)[.,]\s+(\w)/i, (_m, c: string) => c.toUpperCase()) : close);
const planText = (p: ClosingPlan, close: string) => withoutSlips(menuCase([p.opener, ...p.said, unstack(p, close), ...p.leave].filter(Boolean).map((x) => asHelper({ role: 'assistant', content: /[.!?]["')]?$/.test(x!.trim()) ? x! : `${x!.trim()}.` }).content).join(' ')));

/**
 * The closings of one insertion, in its order (undefined for a dialogue whose last reply was not
 * rewritten): the first says once that the assistant cannot order; each later one names the order
 * and where to give it in a wording the insertion has used least, never a shape of the closing just
 * before, ties broken by a hash of the insertion's key — the same closings for the same dialogues.
 */
/**
 * closingSentenceShapes remembered per customer list (the same list object for a dialogue in every
 * insertion: sources/dialogue/context.ts customerTurns) and text: a dialogue's fixed last reply and
 * its candidate closings are read again in every insertion it sits in. The shapes are only read.
 */
const NO_TURNS: readonly string[] = [];
const shapesMemo = new WeakMap<readonly string[], Map<string, readonly string[]>>();
function closingShapes(text: string, customer: readonly string[]): readonly string[] {
  let byText = shapesMemo.get(customer);
  if (!byText) shapesMemo.set(customer, (byText = new Map()));
  let shapes = byText.get(text);
  if (!shapes) {
    shapes = closingSentenceShapes(text, customer);
    if (byText.size >= 256) byText.clear();
    byText.set(text, shapes);
  }
  return shapes;
}

/**
 * Which wordings a closing can never take whatever the insertion said before (a filler after the
 * reply's own opener, "the one" for two drinks, …): a function of the wording list, the filler set
 * (module constants, kept by identity) and the closing's four flags alone, so worked out once per combination (at most 96),
 * not for every wording of every closing of every insertion (~10 M checks a build).
 */
const blockedMemo = new Map<readonly (readonly number[])[], Map<ReadonlySet<number>, Map<number, Uint8Array>>>();
function blockedWordings(options: readonly (readonly number[])[], filler: ReadonlySet<number>, flags: readonly boolean[], blocks: (i: number) => boolean): Uint8Array {
  let byFiller = blockedMemo.get(options);
  if (!byFiller) blockedMemo.set(options, (byFiller = new Map()));
  let byFlags = byFiller.get(filler);
  if (!byFlags) byFiller.set(filler, (byFlags = new Map()));
  const code = flags.reduce((c, f, k) => c | (f ? 1 << k : 0), 0);
  let mask = byFlags.get(code);
  if (!mask) {
    mask = new Uint8Array(options.length);
    for (let i = 0; i < options.length; i++) mask[i] = blocks(i) ? 1 : 0;
    byFlags.set(code, mask);
  }
  return mask;
}

export function closeInsertion(plans: (ClosingPlan | undefined)[], key: string, shown?: { customer: readonly (readonly string[])[]; fixed: readonly (string | undefined)[] }): (string | undefined)[] {
  // Shapes are numbered once (SHAPE_IDS); uses and the previous closing's shapes are kept by number.
  const used = new Int32Array(SHAPE_IDS.size);
  let previous: readonly number[] = [];
  let disclaimed = false;
  const said = new Set<string>();
  const seed = hash(key);
  // The sentence shapes the closing-shape measure reads (closingSentenceShapes), over every closing
  // shown, the corpus's kept sentences and the closings not rewritten ("The barista can tell you."
  // of a menu answer) included: none in two closings in a row, none in more than two.
  const shapeUses = new Map<string, number>();
  const shapesOf = (text: string | undefined, n: number) => (text && shown ? closingShapes(text, shown.customer[n] ?? NO_TURNS) : []);
  let lastShapes: readonly string[] = [];
  const clashes = (text: string, n: number) => {
    if (!shown) return false;
    const next = plans[n + 1] ? [] : shapesOf(shown.fixed[n + 1], n + 1);
    return shapesOf(text, n).some((x) => lastShapes.includes(x) || next.includes(x) || (shapeUses.get(x) ?? 0) >= 2);
  };
  const record = (text: string | undefined, n: number) => {
    lastShapes = shapesOf(text, n);
    for (const x of lastShapes) shapeUses.set(x, (shapeUses.get(x) ?? 0) + 1);
    return text;
  };
  return plans.map((plan, n) => {
    if (!plan) {
      record(shown?.fixed[n], n);
      return undefined;
    }
    // A kept sentence of the corpus's ("Thank you for being a loyal customer.") said in the closing
    // before, or twice already: left out here, the rewritten part still names the order.
    const fresh = (xs: string[]) => xs.filter((x) => !clashes(x, n));
    const kept = shown ? { ...plan, said: fresh(plan.said), leave: fresh(plan.leave) } : plan;
    // A reply that already reads the order back ("Okay, that's one lavender earl grey tea.") gets only
    // where to give it, not a second read-back of the same order.
    const p = kept.phrase && readsBack(kept.said, kept.phrase) ? { ...kept, phrase: undefined } : kept;
    if (!disclaimed) {
      disclaimed = true;
      const count = p.phrase ? CLOSING.length : CLOSING_PLAIN.length;
      let i = seed % count;
      // Two drinks are not "the one", nor "it is".
      const plural = !!p.phrase && PLURAL_ORDER.test(p.phrase);
      const textAt = (k: number) => planText(p, p.phrase ? CLOSING[k](p.phrase) : CLOSING_PLAIN[k]);
      const states = (k: number) => !!p.phrase && !!p.reference && statesOrder(CLOSING[k]('the latte'));
      // "A mocha, not too hot it is.": an order ending in an aside takes a wording that stops after it.
      const runs = (k: number) => !!p.phrase && aside(p.phrase) && CLOSING_RUNS_ON.has(k);
      for (let tries = 0; tries < count && ((plural && SINGULAR_WORDING.test(CLOSING[i]('x'))) || states(i) || runs(i) || clashes(textAt(i), n)); tries++) i = (i + 1) % count;
      if (plural || states(i) || runs(i)) while ((plural && SINGULAR_WORDING.test(CLOSING[i]('x'))) || states(i) || runs(i)) i = (i + 1) % CLOSING.length;
      // A disclaimer that opens the way a later confirmation does counts as that shape.
      const shapes = p.phrase ? (CLOSING_SHAPES[i] ?? []).map((s) => SHAPE_IDS.get(s)!) : [];
      for (const s of shapes) used[s]++;
      previous = shapes;
      return record(textAt(i), n);
    }
    const options = p.phrase ? PHRASE_SHAPES : PLAIN_SHAPES;
    // After the reply's own opener ("OK."), no wording that opens with a filler of its own ("OK. Good, the mocha.").
    const filler = p.opener && !p.said.length ? (p.phrase ? PHRASE_FILLER : PLAIN_FILLER) : NO_FILLER;
    // "The mochas sounds like the one": a wording for one drink, not for two; "That makes the latte": for an order not yet named.
    const plural = !!p.phrase && PLURAL_ORDER.test(p.phrase);
    const definite = !!p.phrase && /^the\b/i.test(p.phrase);
    const runs = !!p.phrase && aside(p.phrase);
    const unfit = (i: number) => (plural && PHRASE_SINGULAR.has(i)) || (definite && PHRASE_FRESH.has(i)) || PHRASE_TWICE.has(i) || (!!p.reference && PHRASE_STATES.has(i)) || (runs && PHRASE_RUNS_ON.has(i));
    const blocked = blockedWordings(options, filler, [plural, definite, !!p.reference, runs], (i) => filler.has(i) || unfit(i));
    // Each wording rendered and normalised once for this closing: pick scans them all, perhaps several times.
    const texts = new Map<number, string>();
    const normal = new Map<number, string>();
    const textOf = (i: number) => {
      let t = texts.get(i);
      if (t === undefined) texts.set(i, (t = planText(p, p.phrase ? wordingText(p.phrase, i) : PLAIN_WORDINGS[i].text())));
      return t;
    };
    // Compared without its opener: "OK. Noted, the mocha; …" and "Noted, the mocha; …" are one closing
    // once an insertion's openers are varied (./acknowledgements.ts may drop one).
    const normalOf = (i: number) => {
      let t = normal.get(i);
      if (t === undefined) normal.set(i, (t = normalizeLine(splitAcknowledgement(textOf(i))?.rest ?? textOf(i))));
      return t;
    };
    // Each wording's rank for this closing (its shapes' most uses, ties by a hash of the insertion,
    // the closing and the wording), or Infinity when it cannot be used here: `used` and `previous`
    // change only once this closing is chosen, so the ranks are worked out once per closing, not on
    // every scan of every pick (closeInsertion was ~3% of a fresh build).
    let ranks: Float64Array | undefined;
    const rankOf = () => {
      if (ranks) return ranks;
      ranks = new Float64Array(options.length);
      for (let i = 0; i < options.length; i++) {
        if (blocked[i]) {
          ranks[i] = Infinity;
          continue;
        }
        let uses = 0;
        let clash = false;
        for (const s of options[i]) {
          if (previous.includes(s)) clash = true;
          if (used[s] > uses) uses = used[s];
        }
        ranks[i] = clash ? Infinity : uses + mix(seed, n, i) / 2 ** 32;
      }
      return ranks;
    };
    const pick = (excluded: Set<number>) => {
      // Two dialogues of one order ("a latte to go") never get the same closing word for word: the
      // best wording is worded and looked up, and if an earlier closing said it, the next best (a
      // wording is worded only once it is the best left, not each time it leads the scan).
      const saidBefore = new Set<number>();
      const rank = rankOf();
      for (;;) {
        let best = -1;
        let bestKey = Infinity;
        for (let i = 0; i < rank.length; i++) {
          const k = rank[i];
          if (k < bestKey && !excluded.has(i) && !saidBefore.has(i)) {
            bestKey = k;
            best = i;
          }
        }
        if (best < 0 || !said.has(normalOf(best))) return best;
        saidBefore.add(best);
      }
    };
    // A wording whose sentences read, once the order's words are masked, as a closing next to it or
    // twice before does: the next best instead.
    const excluded = new Set<number>();
    let best = pick(excluded);
    while (best >= 0 && clashes(textOf(best), n)) {
      excluded.add(best);
      best = pick(excluded);
    }
    if (best < 0) best = pick(new Set());
    if (best < 0) best = 0;
    for (const s of options[best]) used[s]++;
    previous = options[best];
    const text = textOf(best);
    said.add(normalOf(best));
    return record(text, n);
  });
}

/** Whether a kept sentence of the reply already names the order (its words, whatever article it opens with). */
function readsBack(said: readonly string[], phrase: string): boolean {
  const core = normalizeLine(phrase).replace(/^(?:a|an|one|the|some) /, '');
  return core.length > 0 && said.some((s) => normalizeLine(s).includes(core));
}

/** Every wording the rewrite can use, for the tests: none may claim an act or read as a refusal. */
export function honestWordings(phrase: string): string[] {
  return [...READ_BACK.flatMap((f) => [0, 8, 16].map((n) => f(phrase, n))), ...READ_BACK_MORE.map((f) => f(phrase)), ...READ_BACK_PLAIN, ...CLOSING.map((f) => f(phrase)), ...CLOSING_PLAIN, ...wordings(phrase).map((w) => w.text()), ...CONFIRM_PLAIN];
}

/** A small stable hash: a dialogue's wording depends on its id, not on call order. */
export function hash(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The leading filler of a dropped claim ("Okay, your order will be ready" -> "Okay."), or undefined. */
function openerOf(sentence: string): string | undefined {
  const m = /^\W*(thank you|thanks|ok(?:ay)?|alright|all right|great|perfect|awesome|excellent|sure|wonderful|got it)\b/i.exec(sentence);
  return m ? `${cap(m[1].toLowerCase() === 'ok' ? 'OK' : m[1])}.` : undefined;
}

/**
 * A sentence saying the order ("Yes, one mocha.", "Okay, so it's a latte with oat milk and chocolate
 * sauce.", "I have the tea you requested."), not what cannot be checked ("I can't see if they have chai.").
 */
function statesOrderAgain(sentence: string): boolean {
  return DRINK.test(sentence) && !/\?\s*$/.test(sentence) && !/\b(?:can'?t|cannot|can not|don'?t|not sure|no access|menus?)\b/i.test(sentence);
}

/** A sentence's opening word of assent, as a sentence of its own ("Yes, one mocha." -> "Yes."), or undefined. */
function leadOf(sentence: string): string | undefined {
  const m = /^\W*(yes|yeah|yep|ok(?:ay)?|alright|all right|sure|great|perfect|got it)\b/i.exec(sentence);
  return m ? `${cap(m[1].toLowerCase() === 'ok' ? 'OK' : m[1])}.` : openerOf(sentence);
}

/** A user turn that asks something rather than orders or confirms. */
function asks(t: Turn | undefined): boolean {
  return !!t && t.role === 'user' && (/\?\s*$/.test(t.content.trim()) || /^(?:\W*(?:hi|hello|hey|so|ok(?:ay)?)\b[,.!]*\s*)*(?:what|which|how|do you|does|is there|are there|can you tell|tell me)\b/i.test(t.content.trim())) && !/^(?:\W*(?:hi|hello|hey)\b[,.!]*\s*)*(?:can|could|may) i (?:please )?(?:get|have|order)\b/i.test(t.content.trim());
}

/** "your mocha order", "the coffee order": the order pointed at, not said ("Alright please confirm that your mocha order is correct thank you."). */
const DRINK_ORDER = new RegExp(`${DRINK.source}\\s+order\\b`, 'gi');
/**
 * A sentence asking the user to check an order it does not name ("Does everything look correct?",
 * "Could you confirm your order please?", "Ok, now is everything right?").
 */
function bareCheck(s: string): boolean {
  const t = s.trim().replace(DRINK_ORDER, 'order');
  // "OK, how is the order now?", "Okay is that better?", "Could you please repeat your order to me?": the order, named nowhere.
  if (CHECKS_UNNAMED.test(t) && !DRINK.test(t)) return true;
  // "How about now, does it look right?" checks the change; "How would you like it?" asks a choice.
  if (DRINK.test(t) || /^\W*(?:(?:ok(?:ay)?|sure|great|and|so)[,.!]?\s+)?(?:what|which|how(?! about now\b| does (?:that|it|this|everything|the order|my order|your order) look\b)|would you like|do you want)\b/i.test(t)) return false;
  // "If it's right let me know.", "Let me know if that's correct": a check told, not asked.
  const asksOrTells = /\?\s*$/.test(t) || /\b(?:please|confirm|check|verify|review|make sure|let me know|tell me)\b/i.test(t);
  return asksOrTells && /\bhow (?:does|do) (?:that|it|this|everything|the order|my order|your order|they) look\b|\b(?:confirm\w*|correct|right|accurate|check\w*|verify|review|make sure|looks? (?:good|ok(?:ay)?|fine|alright|right|correct)|is (?:that|this|it) (?:good|it|all|everything|what you (?:want|wanted|ordered))|good to go|(?:everything|all) (?:good|ok(?:ay)?|set|fine))\b/i.test(t);
}

const ASKS_TO_CHECK = /\?\s*$|\b(?:confirm|correct|accurate|check|verify|make sure|review|look (?:over|at)|looks? (?:right|good|ok(?:ay)?|correct))\b/i;

/** A shop clerk's offer to fetch something, said as a question of what the user would like. */
const OFFERS: [RegExp, string][] = [
  [/\bwhat (?:else )?(?:can|may|shall|could) (?:i|we) (?:get|make|fix|bring) (?:for )?(?:you|ya)\b/gi, 'what would you like'],
  [/\b(?:is there )?(?:something|anything) (?:else )?(?:that )?(?:i|we) (?:can|could|may) (?:get|make) (?:for )?(?:you|ya)(?: instead)?\b/gi, "anything else you'd like"],
  [/\b(?:can|may|could|shall) (?:i|we) (?:get|make|bring) (?:for )?(?:you|ya)\b/gi, 'would you like'],
  [/\bif (?:i|we) can (?:get|make) (?:for )?you\b/gi, "if you'd like"],
  [/\bif (?:i|we) can (?:you )?get (?:you )?anything\b/gi, "if you'd like anything"],
];

function withoutOffers(sentence: string): string {
  let out = sentence;
  for (const [re, to] of OFFERS) out = out.replace(re, (m) => (/^[A-Z]/.test(m) ? cap(to) : to));
  return out;
}

/** The café's first person, said of the café ("we have" -> "they have", "our menu" -> "their menu"). */
const CAFE_PERSON: [RegExp, string][] = [
  [/\bwe(?:'| a)re\b/gi, "they're"],
  [/\bwe'?ve\b/gi, "they've"],
  [/\bwe'll\b/gi, "they'll"],
  [/\bwe'd\b/gi, "they'd"],
  [/\bwe\b/gi, 'they'],
  [/\bours\b/gi, 'theirs'],
  [/\bour\b/gi, 'their'],
  [/\blet us\b/gi, 'let them'],
];

/**
 * A reply of the coffee agent speaks as the café ("Yes, we have Bigelow and Twinings.", "nothing on
 * our menu"); the case's assistant is not the café, and elsewhere says it cannot reach it. The same
 * words said of the café, in the third person; the same turn when there is nothing to change.
 */
export function asHelper<T extends Turn>(t: T): T {
  if (!/\b(?:we|we're|we've|we'll|we'd|our|ours|let us)\b/i.test(t.content)) return t;
  let content = t.content;
  for (const [re, to] of CAFE_PERSON) content = content.replace(re, (m) => (/^[A-Z]/.test(m) ? cap(to) : to));
  return { ...t, content };
}

/**
 * What a customer's menu question asks about, as a clause for a reply: "what syrups they have"
 * ("What kind of syrup do you have?"), "whether they have honey" ("Do you serve honey here?"), or
 * "what they have" when the question names nothing the rules can take.
 */
export function menuClause(question: string): string {
  // "a cold, chocolate milk shake": one noun phrase, its comma dropped.
  const q = question.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').replace(/\b(cold|hot|iced|warm|sweet|large|small|creamy),\s+(?=[a-z])/gi, '$1 ');
  const clean = (x: string) =>
    menuCase(` ${x}`)
      .trim()
      .toLowerCase()
      .replace(/\b(?:here|today|now|currently|available|for (?:the |my )?(?:coffee|drink|drinks)|you guys|y'?all|guys|in stock|on the menu|at all)\b/g, '')
      .replace(/\bco0ffee\b/g, 'coffee')
      // What kind was asked for, not the asking words ("kids of coffee", "kinda of syrup", "kind's of herbal tea").
      .replace(/^(?:different |other )?(?:kind's|kinda|kids|kinds?|types?|sorts?|assortments?|varieties|selections?)(?: of)*\b/, '')
      .replace(/^of\b/, '')
      .replace(/^drink\s+/, '')
      .replace(/\b(?:please|exactly|thanks?)\b/g, '')
      .replace(/\bcoffe\b/g, 'coffee')
      .replace(/\bsweetners?\b/g, (w) => (w.endsWith('s') ? 'sweeteners' : 'sweetener'))
      // "Herbals in tea form": herbal teas, as a count noun is said.
      .replace(/^herbals?$/, 'herbal teas')
      .replace(/\s+/g, ' ')
      .trim();
  const ok = (x: string) => !!x && x.split(' ').length <= 4 && !/^(?:you|it|that|this|them|one|a|an|the|there|kind|kinds|type|types|is|are|of)$/.test(x) && !/\b(?:you|your|i|me|my|do|does)\b/.test(x);
  const which = /\b(?:what|which)\s+(?:different\s+|other\s+)?(?:kinds?|types?|sorts?|varieties|flavou?rs?|options)\s+(?:of\s+)?([a-z][\w' %-]*?)(?=\s+(?:do|does|can|could|are|is|you|they|would|available|that|for|to|on|there)\b|[?.!,]|$)/i.exec(q) ?? /\b(?:what|which|the)\s+(?:(?:are|is)\s+)?(?:the\s+)?(?:different\s+|other\s+)?([a-z][\w' %-]*?)\s+(?:(?:do|does|can|could|are|is)\s+)?(?:that\s+)?(?:you|they|there|y'?all|ya)(?:'re| are)?\s+(?:guys\s+|all\s+)?(?:have|offer|serve|carry|sell|stock|got|make|serving|offering|selling)\b/i.exec(q);
  // "What kind of sweetener comes with that?"
  const comes = /\bwhat (?:kinds? of |types? of )?([a-z][\w' -]*?) comes? with (?:that|it|this|them)\b/i.exec(q);
  if (comes && ok(clean(comes[1]))) return `what ${clean(comes[1])} comes with it`;
  // "What is the Cold Brew made of?": what goes into theirs.
  // "What's all in …", "what exactly is in …", "what's inside …", "what do you put in …": asked as "what's in …".
  const qc = q
    .replace(/\b(what(?:'s| is| are)?)\s+(?:all|exactly|actually)\b/gi, '$1')
    .replace(/\b(what(?:'s| is| are))\s+inside\b/gi, '$1 in')
    .replace(/\bwhat (?:do |did )?(?:you|they) (?:guys )?put in(?:to)?\b/gi, 'what goes in')
    // "What it's in the Cold Brew?": the slip read as "what's in".
    .replace(/\bwhat it'?s in\b/gi, "what's in");
  const made = /\bwhat(?:'s| is| are)\s+(?:the|a|an|your|their)\s+([a-z][\w' -]*?)\s+made\s+(?:of|with|from)\b/i.exec(qc) ??
    // "Can you tell me how the Chai Latte is made?", "What is a steamer": what goes into theirs all the same.
    /\bhow (?:is |are )?(?:the|a|an|your|their) ([a-z][\w' -]*?) (?:is |are )?(?:made|prepared|brewed)\b/i.exec(qc) ??
    /\bwhat(?:'s| is) (?:a|an) ((?:\w+ ){0,2}?(?:steamer|americano|cortado|macchiato|flat white|cold brew|chai|matcha|frappe|frappuccino|mocha|latte|cappuccino|espresso|drip coffee))s?\s*[.!?]?\s*$/i.exec(qc) ?? /\bwhat(?:'s| is| are| goes)\s+in\s+(?:the|a|an|your|their)\s+([a-z][\w' -]*?)(?=[?.!,]|$)/i.exec(qc) ?? /\bwhat (?:makes up|comes in|is in|are the (?:ingredients|contents) (?:of|in)) (?:the|a|an|your|their)\s+(?:drink\s+)?([a-z][\w' -]*?)(?=[?.!,]|$)/i.exec(qc) ?? /\bwhat(?:'s| is) (?:the|a|an|your) ([a-z][\w' -]*?) all about\b/i.exec(qc) ?? /\bwhat (?:does|do) (?:the|a|an|your|their) ([a-z][\w' -]*?) consists? of\b/i.exec(qc) ?? /\bwhat(?:'s| is) in (?:the|a|an) drink ([a-z][\w' -]*?)(?=[?.!,]|$)/i.exec(qc) ?? /\bwhat(?:'s| is) in ([a-z][\w' -]*?)(?=[?.!,]|$)/i.exec(qc);
  // "May I ask what a steamer is made of?", "How do you guys make your cold brews?": asked as a clause or of how they make it (h-evol25).
  const madeToo = made ?? /\bwhat (?:the|a|an|your|their) ([a-z][\w' -]*?) (?:is|are) (?:made (?:of|with|from)|made|in it)\b/i.exec(qc) ?? /\bhow (?:do|does) (?:you|they)(?: guys| all)? (?:make|prepare|brew) (?:the |a |an |your |their )?([a-z][\w' -]*?)(?=[?.!,]|$)/i.exec(qc);
  if (madeToo && ok(clean(madeToo[1]))) return `what goes into their ${oneOf(clean(madeToo[1]))}`;
  // "How much is it for an espresso drink?": what it costs, not what they have (h-evol25).
  const price = /\bhow much (?:is|are|does|do|would|will)\b(?: (?:it|that|one))?(?: (?:for|cost))? (?:a |an |the |your |one )?([a-z][\w' %-]*?)(?: cost)?(?=[?.!,]|$)/i.exec(q);
  if (price && ok(clean(price[1]))) return `what ${indefiniteFor(oneOf(clean(price[1])))} ${oneOf(clean(price[1]))} costs there`;
  if (/\bhow much\b|\bprices?\b|\bcost\b/i.test(q) && !/\bhave\b/i.test(q)) return 'what it costs there';
  // "What would you recommend for how cold it is outside?", "what is the best food at this coffee bar?": their pick.
  const best = /\bwhat(?:'s| is) (?:the |your )?(?:best|most popular) ([a-z][\w' %-]*?)(?=\s+(?:at|here|in|on|you)\b|[?.!,]|$)/i.exec(q);
  if (best && ok(clean(best[1]))) return `what ${clean(best[1])} they would recommend`;
  if (/\brecommend\w*|\bsuggest\w*/i.test(q) && !/\b(?:have|stock|carry|serve)\b/i.test(q)) return 'what they would recommend';
  // "Is it at all possible to make a decaf mocha?", "Do you guys do chocolate Americanos?": whether they can make it.
  const make = /\b(?:possible to|able to) (?:make|do|get|have) (?:me |us )?((?:a|an|some|any) )?([a-z][\w' %-]*?)(?=[?.!,]|\s+(?:for|if|at|today|please|so|since|because)\b|$)/i.exec(q) ?? /\b(?:do|does|can|could) (?:you|they)(?: guys| all)? (?:do|make) ((?:a|an|any|some) )?([a-z][\w' %-]*?)(?=[?.!,]|\s+(?:for|if|at|today|please)\b|$)/i.exec(q);
  if (make && ok(clean(make[2]))) {
    const x = clean(make[2]);
    return `whether they can make ${make[1] ? `${/^an?\s/i.test(make[1]) ? indefiniteFor(x) : make[1].trim().toLowerCase()} ` : ''}${x}`;
  }
  if (which && ok(clean(which[1]))) return `what ${clean(which[1])} they have`;
  // "I'd like an herbal tea. What varieties do you have?": the kinds of the drink the turn named (h-evol25).
  if (/\bwhat (?:different |other )?(?:varieties|kinds|types|sorts|options|flavou?rs)\s+(?:do|does|are|is|can)\b/i.test(q)) {
    const named = /\b((?:herbal |green |black |iced |hot |chai )?(?:tea|latte|coffee|syrup|milk|sweetener|cold brew|mocha|smoothie|frappuccino))s?\b/i.exec(q);
    if (named) return `what ${plural(named[1].toLowerCase())} they have`;
  }
  // "Are there matcha options available here?", "What are my choices for coffee drinks?", "Can you walk me through your coffee options please?", "What do you have in the way of black teas?".
  // "what are all of the kinds of black tea that you serve", "what choices do I have in the espresso drinks category".
  const kinds = /\b(?:choices|options|selections?|varieties)(?: do (?:i|we) have| are there| do you have)? (?:for|of|in) (?:the )?([a-z][\w' %-]*?)(?=[?.!,]|\s+(?:do|are|you|please|here|today|available|category|section)\b|$)/i.exec(q) ?? /\bin the way of ([a-z][\w' %-]*?)(?=[?.!,]|$)/i.exec(q) ?? /\b(?:kinds?|types?|sorts?|varieties) of ([a-z][\w' %-]*?)(?=\s+(?:that|do|you|are|is|available|here|on|they)\b|[?.!,]|$)/i.exec(q) ?? /\bwhat are (?:your|the|their) ([a-z][\w' %-]*?)(?=[?.!,]|$)/i.exec(q);
  if (kinds && ok(clean(kinds[1]))) return `what ${clean(kinds[1])} they have`;
  const optionsOf = /\b(?:the|your|their|any|some|there) ([a-z][\w' %-]*?) (?:options|choices|selections?|varieties)\b/i.exec(q);
  if (optionsOf && ok(clean(optionsOf[1]))) return `what ${clean(optionsOf[1])} options they have`;
  // "What syrups are available?", "What sweeteners can I get with that?".
  const avail = /\b(?:what|which) ([a-z][\w' %-]*?) (?:(?:are|is) (?:available|on offer|there)|can i (?:get|have|add|choose))\b/i.exec(q);
  if (avail && ok(clean(avail[1]))) return `what ${clean(avail[1])} they have`;
  const options = /\b(?:what|which) (?:are|is) (?:the |your |their )?([a-z][\w' %-]*?) (?:options|choices|selections?)\b/i.exec(q);
  if (options && ok(clean(options[1]))) return `what ${clean(options[1])} they have`;
  const there = /\b(?:are|is) there (any|some)\s+([a-z][\w' %-]*?)(?=\s+(?:available|here|today|for|on|in)\b|[?.!,]|$)/i.exec(q);
  if (there && ok(clean(there[2]))) return `whether they have ${there[1].toLowerCase()} ${clean(there[2])}`;
  // "what exactly do you have in terms of coffee drinks?"
  const terms = /\bin terms of\s+([a-z][\w' %-]*?)(?=[?.!,]|$)/i.exec(q);
  if (terms && ok(clean(terms[1]))) return `what ${clean(terms[1])} they have`;
  // "Do you have drip coffee by any chance?", "Do you have sweeteners I can add?", "Do you brew a black tea for hot tea?" (h-evol25: by, i, we; brew).
  const whether = [...q.matchAll(/\b(?:have|sell|serve|carry|offer|stock|got|make|brew|there(?= (?:is|are)\b))\s+(?:is\s+|are\s+)?(?:any\s+|some\s+|an?\s+)?([a-z][\w' %-]*?)(?=\s+(?:here|today|available|for|to|in|at|that|with|on|you|by|i|we|drinks? for)\b|[?.!,]|$)/gi)].find((m) => ok(clean(m[1])));
  if (whether) {
    const x = clean(whether[1]);
    const lead = q.slice(0, whether.index + whether[0].length - whether[1].length);
    const some = /\b(?:any|some)\s+$/i.test(lead);
    // "Do you guys have a Cappuccino …?": one of a kind asked about, with its article.
    const one = !some && /\ban?\s+$/i.test(lead) && !/s$/.test(x);
    return `whether they have ${some ? 'any ' : one ? `${indefiniteFor(x)} ` : ''}${x}`;
  }
  // "Can I get a specialty tea beverage?": asked of the menu, whether they have one (h-evol25).
  const get = /\b(?:can|could|may) (?:i|we) (?:please )?(?:get|have|order) (a|an|some|any) ([a-z][\w' %-]*?)(?=[?.!,]|\s+(?:please|today|here|for|to)\b|$)/i.exec(q);
  if (get && ok(clean(get[2]))) return `whether they have ${/^an?$/i.test(get[1]) ? indefiniteFor(clean(get[2])) : get[1].toLowerCase()} ${clean(get[2])}`;
  return 'what they have';
}

/** A drink asked of in the plural, as one of it ("cold brews" -> "cold brew"). */
const oneOf = (x: string) => x.replace(/\b(lattes|mochas|cappuccinos|macchiatos|americanos|cortados|steamers|brews|teas|coffees|chais|drinks|frappuccinos|smoothies)$/, (w) => w.slice(0, -1));
/** A kind asked about, in the plural ("herbal tea" -> "herbal teas"). */
const plural = (x: string) => (/s$/.test(x) ? x : `${x}s`);

/** Saying the café's menu is out of sight: the first sentence of a reply to a menu question. */
const NO_MENU_SAID: ((x: string) => string)[] = [
  (x) => `I can't see the café's menu from here, so I'm unable to check ${x}.`,
  (x) => `Looking up ${x} is beyond me; I can't see their menu.`,
  (x) => `That depends on the café, and I can't see its menu, so I can't check ${x}.`,
  (x) => `I have no access to their menu, so I can't check ${x}.`,
  (x) => `I can't check ${x}, since their menu isn't something I can see.`,
  (x) => `I can't see what the café stocks, so checking ${x} is beyond me.`,
];
/** Where the customer can find out: the second sentence. */
const ASK_STAFF = [
  'The barista can tell you.',
  'Ask at the counter and they can tell you.',
  'Whoever is at the counter will know.',
  "It's worth asking the staff there.",
  // Not "… will know what they carry": said after "what goes into their cold brew" or a price it answered another question (h-evol25).
  'The person at the till can say.',
  'Asking at the counter is the surest way to find out.',
  'The staff there can tell you.',
];
/**
 * A menu answer as one sentence: why the assistant cannot check, "but" where the customer can ask
 * ("I can't see the café's menu from here, so I'm unable to check whether they have honey, but the
 * barista can tell you."). The topic named once; "The barista can tell you about the honey." after
 * it named the honey twice, and "The barista can tell you." on its own was a stock line of most insertions.
 */
const menuAnswer = (clause: string, a: number, b: number) => `${NO_MENU_SAID[a](clause).replace(/[.!]$/, '')}, but ${ASK_STAFF[b].charAt(0).toLowerCase()}${ASK_STAFF[b].slice(1)}`;

/**
 * The corpus's coffee agent answered menu questions from its scenario's menu ("Do you serve honey
 * here?" -> "Yes they do. They have buckwheat and clover."); the case's assistant has no tool that
 * reads a café's menu, so it says it cannot see it and where the customer can ask. Worded by the
 * dialogue's hash and the turn.
 */
export function menuReply(question: string, n: number): string {
  const x = menuClause(question);
  return menuAnswer(x, n % NO_MENU_SAID.length, Math.floor(n / NO_MENU_SAID.length) % ASK_STAFF.length);
}

/**
 * The menu answers of one insertion, in order, worded anew: an insertion strings 20 to 50 dialogues
 * together, several of them asking what the café has, so each answer takes the sentences the
 * insertion has used least, never one of the answer just before, ties broken by a hash of the key.
 */
export function menuInsertion(questions: string[], key: string): string[] {
  const usedA = new Array<number>(NO_MENU_SAID.length).fill(0);
  const usedB = new Array<number>(ASK_STAFF.length).fill(0);
  let prev: [number, number] = [-1, -1];
  const seed = hash(key);
  const said = new Set<string>();
  // How often each pair of sentences was said: never a third time in one insertion, whatever the topic
  // ("I can't see what the café stocks, so checking … is beyond me, but the staff there can tell you" three
  // times in teval_query_363_2-parameters_key_error-k9~long_context: long_context_closing_shape on int29's m3).
  const usedPair = new Map<string, number>();
  return questions.map((q, n) => {
    const clause = menuClause(q);
    let best: [number, number] = [0, 0];
    let bestKey = Infinity;
    for (let a = 0; a < NO_MENU_SAID.length; a++)
      for (let b = 0; b < ASK_STAFF.length; b++) {
        if (a === prev[0] || b === prev[1]) continue;
        // Two questions asking alike ("What kinds of coffee…", "What kids of coffee…") never get one answer word for word.
        if (said.has(menuAnswer(clause, a, b))) continue;
        if ((usedPair.get(`${a},${b}`) ?? 0) >= 2) continue;
        const k = Math.max(usedA[a], usedB[b]) + mix(seed, n, a, b) / 2 ** 32;
        if (k < bestKey) {
          bestKey = k;
          best = [a, b];
        }
      }
    usedA[best[0]]++;
    usedB[best[1]]++;
    usedPair.set(`${best[0]},${best[1]}`, (usedPair.get(`${best[0]},${best[1]}`) ?? 0) + 1);
    prev = best;
    const text = menuAnswer(clause, best[0], best[1]);
    said.add(text);
    return text;
  });
}

/** A sign-off punning on the café's trade ("Have a Brew-tiful day!", "Thanks a latte!"). */
export const CAFE_PUN = /\bbrew-?tiful\b|\bespresso yourself\b|\bthanks a latte\b/i;
/** The reply without its café-pun sentences; "Thank you." when nothing else was said. */
/**
 * A reply of the café's server said as the helper's ("Hi what would you like" -> "Hi, what would
 * you like to order?", "Would you like anything else?" -> "Would you like to order anything
 * else?"), its slip "That's once cappuccino" as "That's one cappuccino". The helper asks what the
 * user wants to order; it serves nothing (dialogueRules speaksAsServer).
 */
function asOrderHelper(text: string): string {
  // "Sound good.", "So thats a …": the corpus's slips, not carried into the helper's words (UPSTREAM_SLIPS).
  return withoutSlips(text)
    .replace(/\b((?:that'?s|so) )once\b/gi, '$1one')
    .replace(/^(\W*(?:hi|hello|hey|good (?:morning|afternoon|evening))\b)[,.!]*\s*(?:there\b[,.!]*\s*)?what (?:would|will|can|do) (?:you|i) (?:like|have|get|want)\b(?!\s+(?:to order|to get|ordering))(?:\s+today)?\W*$/i, (_m, hi: string) => `${hi}, what would you like to order today?`)
    .replace(/\b(would you like|do you want) anything else\b(?!\s+(?:to order|from (?:the|their) menu))/gi, (_m, ask: string) => `${ask} to order anything else`);
}

function withoutCafePun(text: string): string {
  if (!CAFE_PUN.test(text) && !claimsHistory(text)) return text;
  // "Thank you for being a loyal customer.": the assistant has no history of this customer; left out too.
  const kept = text.trim().split(/(?<=[.!?])\s+/).filter((x) => !CAFE_PUN.test(x) && !claimsHistory(x));
  return kept.length ? kept.join(' ') : 'Thank you.';
}

/**
 * The dialogue with every claim undone, or undefined when a reply could not be made honest. Replies
 * that claim nothing are returned as they are (the same strings).
 */
export function honestTurns<T extends Turn>(turns: T[], key: string, plan?: { closing?: ClosingPlan; menu?: { index: number; question: string }[]; readBacks?: ReadBackPlan[] }): T[] | undefined {
  const out: T[] = [];
  let phrase: string | undefined;
  // The customer's turns since the one that named the drink: what they stated of the order.
  let orderTexts: string[] = [];
  // Whom the order was said to be for before the customer named its drink again to change it.
  let carriedName: string | undefined;
  const h = hash(key);
  // An order naming no drink the rules know ("I want a Jin Xuan."): only for a read-back to name.
  let guess: string | undefined;
  // The order the previous reply read back, and whether the customer then said it was right.
  let readBack: string | undefined;
  // Whether the customer's last turn confirmed the read-back by saying the order again ("Ice latte, almond milk, hazelnut. This all looks good to me.").
  let restated = false;
  // The closing's parts, when the rules rewrote it: the acknowledgements pass may drop its opener.
  let closingPlan: ClosingPlan | undefined;
  // The rules' read-back of turn i, noted in the plan: an insertion words its read-backs apart (wordReadBacks).
  const readBackOf = (x: string, i: number) => {
    const text = READ_BACK[(h + i) % READ_BACK.length](x, h + i);
    if (plan) (plan.readBacks ??= []).push({ index: i, x, n: h + i, text });
    return text;
  };
  for (const [i, turn] of turns.entries()) {
    // The assistant spells its drinks right ("A latter?", "an expresso diluted with warm water").
    // A join typed twice ("steamed with and added microfoam", "milk and and a bit of microfoam") once.
    // "Have a Brew-tiful day!": the café's own pun, from an assistant that says it is not the café; left out.
    const careful = turn.role === 'assistant' ? asOrderHelper(withoutCafePun(spellDrinks(turn.content).replace(/\b(with|and) (?:and|with)\b/gi, '$1'))) : turn.content;
    // "Can I have an Americano with chocolate?" -> "You sure can. …": the café's yes, which the assistant cannot give; the rest of the reply stays.
    const granted = turn.role === 'assistant' && turns[i - 1]?.role === 'user' ? withoutGrant(turns[i - 1].content, careful) : careful;
    let t = granted !== turn.content ? { ...turn, content: granted } : turn;
    // "Alright, I think we can do that.": the café's till said it could make the drink; the assistant cannot
    // see its menu, so the sentence is left out and the rest of the reply (its read-back) stays.
    // "OK! We will get that ready for you at the coffee bar shortly." as the dialogue's last reply: with the
    // sentence gone only "OK!" was left after the customer's yes (265 of 1,000 insertions held one); the
    // sentence is a claim like any other there, so the reply is rewritten as a closing naming the order.
    let canMake = false;
    if (t.role === 'assistant' && claimsCanMake(t.content)) {
      const rest = t.content.trim().split(/(?<=[.!?;])\s+/).filter((x) => x && !claimsCanMake(x));
      const lastReply = !turns.slice(i + 1).some((u) => u.role === 'assistant');
      if (lastReply && rest.every((x) => FILLER.test(x))) canMake = true;
      else t = { ...t, content: rest.length ? rest.join(' ') : (openerOf(t.content) ?? 'OK.') };
    }
    if (t.role === 'user') {
      // "Yes it does" to "Does this look right?", a question the rewrite replaced ("So that's a mocha?"): said as the question now asks.
      const asked = out[out.length - 1];
      if (i > 0 && asked?.role === 'assistant') {
        const fit = fitConfirmation(asked.content, t.content);
        if (fit !== t.content) t = { ...t, content: fit };
      }
      // "Yeah, I'll take a Cortado" opening the dialogue answered the café's question the corpus left
      // out; shown after another dialogue's closing it would agree to something never offered.
      if (i === 0) {
        const opening = withoutOpeningAnswer(t.content);
        if (opening !== t.content) t = { ...t, content: opening };
      }
      // The customer's words with their drinks spelt right ("a Machiatto", "an Almond Corado"): what a read-back names.
      // "I would like 2 coffees. 1 latte … and 1 Cappuccino …": the drinks named are the order, not two coffees more (long_context_order_count_misread).
      const spelt = withoutGenericCount(spellDrinks(t.content));
      // A question naming a drink ("what kind of syrups do you have for the coffee?") orders none: the order stays the one asked for before.
      const named = userAsks(t.content) && phrase ? undefined : orderPhrase(spelt);
      // "Ice latte, almond milk, hazelnut. This all looks good to me." after the read-back: the order
      // confirmed in the customer's short words, not a new one; the amounts said before it stay.
      restated = !!(named && readBack && phrase && sameDrink(named, phrase) && SAYS_RIGHT.test(t.content) && !/\b(?:no|not|but|change|instead)\b/i.test(t.content));
      if (restated) {
        out.push(t);
        continue;
      }
      if (named) {
        // "the Mocha for Yeo" then "No, … make that mocha decaffeinated": the same drink changed, still Yeo's.
        carriedName = phrase && sameDrink(named, phrase) ? (statedName(orderTexts) ?? carriedName) : undefined;
        phrase = named;
        orderTexts = [spelt];
        guess = undefined;
      } else {
        if (phrase) orderTexts.push(spelt);
        const item = userAsks(t.content) ? undefined : requestedItem(spelt);
        if (item) guess = item;
      }
      out.push(t);
      continue;
    }
    // "Do you serve honey here?" -> "Yes they do. They have buckwheat and clover.": a menu the assistant cannot see.
    const before = turns[i - 1];
    const stated = statesMenu(asHelper(t).content);
    // "What is a steamer" -> "It's a 12 oz cup of steamed milk with microfoam.": a size or recipe of this café's, which only its menu gives.
    const spec = statesSpec(t.content, turns.slice(0, i).filter((u) => u.role === 'user').map((u) => u.content).join(' '));
    if (before?.role === 'user' && ((spec && (userAsks(before.content) || /\?/.test(before.content))) || asksPossible(before.content) || (asksToSeeMenu(before.content) && !saysNoMenu(t.content)) || (asksMenu(before.content) && statesMenu(asHelper(t).content, true)) || describesRecipe(before.content, t.content) || (stated && (userAsks(before.content) || /\?/.test(before.content))))) {
      out.push({ ...t, content: menuReply(before.content, h + i) });
      if (plan) (plan.menu ??= []).push({ index: i, question: before.content });
      continue;
    }
    // "Vanilla please" -> "Okay, they have a vanilla mocha": the menu said unasked; the rest of the reply stays (a café's size or recipe said unasked too).
    if (stated || spec) {
      const rest = t.content.trim().split(/(?<=[.!?])\s+/).filter((s) => !statesMenu(asHelper({ ...t, content: s }).content) && !(spec && statesSpec(s, turns.slice(0, i).filter((u) => u.role === 'user').map((u) => u.content).join(' '))));
      t = { ...t, content: rest.length ? rest.join(' ') : (openerOf(t.content) ?? 'OK.') };
    }
    const last = !turns.slice(i + 1).some((u) => u.role === 'assistant');
    const order = phrase && restate(completeOrder(phrase, orderTexts, statedName(orderTexts) ?? carriedName));
    const confirmed = !!order && readBack === order && (AFFIRMED.test(turns[i - 1]?.content ?? '') || restated);
    readBack = undefined;
    // A check that would name nothing names what the customer asked for, if the rules can say what.
    const plainCheck = (n: number) => (guess ? readBackOf(restate(guess), i) : READ_BACK_PLAIN[n % READ_BACK_PLAIN.length]);
    // "Sure. Does everything look correct?" after an order: the till's screen asked about, nothing
    // named. The order read back instead, so the user has something to confirm.
    const parts = t.content.trim().split(/(?<=[.!?])\s+/).filter(Boolean);
    if ((order || guess) && !last && !(turns[i - 1]?.role === 'user' && userAsks(turns[i - 1].content)) && parts.every((s) => FILLER.test(s) || bareCheck(s) || !!claimsAction(s)) && parts.some(bareCheck)) {
      const opener = parts.find((s) => FILLER.test(s)) ?? openerOf(parts[0]);
      out.push({ ...t, content: [opener, order ? readBackOf(order, i) : plainCheck(h + i)].filter(Boolean).join(' ') });
      readBack = order;
      continue;
    }
    // "Will that be all for you?" after "I'd like a matcha latte", "Great so decaf" after "No I want it to be decaf": the
    // customer then says yes to an order no reply named (long_context_readback_unfaithful); the order read back in its place.
    const prior = turns[i - 1];
    if (order && !last && prior?.role === 'user' && !userAsks(prior.content) && !DRINK.test(t.content) && !claimsAction(t.content) && (ASKS_IF_ALL.test(t.content) || (TAKES_BACK.test(prior.content) && /^[^?]{1,30}$/.test(t.content.trim())))) {
      out.push({ ...t, content: [openerOf(t.content), readBackOf(order, i)].filter(Boolean).join(' ') });
      readBack = order;
      continue;
    }
    // "Decaf, sure. Is it correct now?", "Does your order look right": a check after an order or a change
    // that names nothing; the order read back in its place, the rest of the reply kept.
    const ask = parts[parts.length - 1];
    if ((order || guess) && !last && parts.length && !(turns[i - 1]?.role === 'user' && userAsks(turns[i - 1].content)) && !DRINK.test(t.content) && bareCheck(ask.endsWith('?') ? ask : `${ask}?`) && !claimsAction(t.content)) {
      const keep = parts.slice(0, -1).filter((s) => !bareCheck(s));
      out.push({ ...t, content: [...keep, order ? readBackOf(order, i) : plainCheck(h + i)].join(' ') });
      readBack = order;
      continue;
    }
    // The corpus's own read-back leaving out what the customer put in ("I'd like a Whole Milk Mocha and leave room for
    // cream" -> "You'd like a Whole Milk Mocha?"): the whole order read back in its place, its opener kept.
    // One that names an option in words the customer did not use ("just a regular mocha?", "caramel sauce" for caramel) or leaves out a request of theirs (REQUESTS) is replaced too.
    if (order && !last && !claimsAction(t.content) && (readsOrderBack(t.content) || SAYS_ORDER_BACK.test(t.content.trim())) && ([...new Set(orderTexts.flatMap(statedModifiers))].some((m) => !orderModifiers(t.content).includes(m)) || orderTexts.flatMap(saidModifierKeys).some((k) => !holdsKey(t.content, k)) || orderTexts.flatMap(orderQualifiers).some((q) => !holdsQualifier(t.content, q)) || lacksRequest(t.content, orderTexts) || namesUnsaid(t.content, orderTexts) || lacksName(t.content, statedName(orderTexts) ?? carriedName) || lacksName(t.content, teaNameOf(orderTexts)))) {
      out.push({ ...t, content: [parts.find((s) => FILLER.test(s)) ?? (parts.length > 1 ? openerOf(parts[0]) : undefined), readBackOf(order, i)].filter(Boolean).join(' ') });
      readBack = order;
      continue;
    }
    // "Great." or "Thank you." alone after the customer's yes, once a pun or a claim is gone ("Great. We got
    // your order, and it'll be right up!"): the closing names the order, as every other closing does.
    const bareLast = last && !!(order || guess) && parts.length > 0 && parts.every((s) => FILLER.test(s)) && (AFFIRMED.test(turns[i - 1]?.content ?? '') || SAYS_RIGHT.test(turns[i - 1]?.content ?? '') || /\b(?:looks? (?:great|good|right)|that'?s what i want)\b/i.test(turns[i - 1]?.content ?? ''));
    if (!canMake && !bareLast && !claimsAction(t.content)) {
      // The corpus's own read-back ("A Mocha? I want to make sure I heard you."): the closing after a "yes" need not repeat it.
      if (order && readsOrderBack(t.content)) readBack = order;
      out.push(t);
      continue;
    }
    const sentences = t.content.trim().split(/(?<=[.!?])\s+/).filter(Boolean).map(withoutOffers);
    const claim = (s: string) => !!claimsAction(s) || (canMake && !!claimsCanMake(s));
    const kept = sentences.filter((s) => !claim(s));
    const dropped = sentences.filter((s) => claim(s));
    const said = kept.filter((s) => !FILLER.test(s) && !takesLeave(s));
    const leave = kept.filter((s) => takesLeave(s) && !FILLER.test(s));
    const opener = kept.find((s) => FILLER.test(s)) ?? openerOf(dropped[0]);
    // A check left standing once the display it pointed at is gone ("Your order is shown here. Is it
    // correct?"): it names nothing to check, so the read-back takes its place.
    // A question left without its mark ("Is that correct") asks all the same.
    const bare = (s: string) => (/\?\s*$/.test(s) || /^\W*(?:is|does|do|are|can|could|would|did)\b[^.!]*$/i.test(s)) && ASKS_TO_CHECK.test(`${s.trim()}?`) && !DRINK.test(s);
    // A pointer to a menu the assistant does not have ("Take a look at their menu") asks nothing to be checked.
    const asked = dropped.some((s) => ASKS_TO_CHECK.test(s) && !/\bmenus?\b/i.test(s)) || (dropped.length > 0 && kept.some(bare));
    let text: string;
    if (!dropped.length && !bareLast) text = kept.join(' ');
    else if (asked && !last) {
      if (kept.some((s) => /\?\s*$/.test(s) || bare(s)) && !((order || guess) && kept.some(bare))) text = kept.join(' ');
      else {
        const q = order ? readBackOf(order, i) : plainCheck(h + i);
        if (order) readBack = order;
        // The read-back is the check: no other check before it ("If it's right let me know. A mocha…?").
        // The corpus's own saying of the order kept before it ("Yes, one mocha. Let me read that back: a mocha, …?"):
        // the read-back says the order, so the sentence keeps only its opening word (long_context_order_said_twice).
        const rest = said.filter((s) => !bare(s) && !bareCheck(s)).flatMap((s) => (order || guess) && statesOrderAgain(s) ? [leadOf(s)].filter((x): x is string => !!x) : [s]);
        text = [opener && !rest.length ? opener : undefined, ...rest, q].filter(Boolean).join(' ');
      }
    } else if (said.length && !last) text = kept.join(' ');
    else if (last && asks(turns[i - 1])) {
      // A question answered only with a claim ("Here's the menu, let me know when you're ready"): nothing honest is left to say.
      if (!said.length) return undefined;
      text = kept.join(' ');
    } else if (last) {
      // Once the customer has confirmed the read-back, the closing names the drinks, not the whole order again.
      // The corpus's own "Ok, that's a double cappuccino with whole milk to go." after the "yes": said once already.
      const again = confirmed ? said.filter((s) => !(DRINK.test(s) && /^\W*(?:(?:ok(?:ay)?|great|alright|perfect)[,.!]?\s*)?(?:that'?s|so|your order is|you(?:'ve| have) ordered|one|a|an|two)\b/i.test(s))) : said;
      // An item the rules do not know ("the Cloud and Mist") is named too, as its read-back named it.
      const named = order ?? (guess ? restate(guess) : undefined);
      const phrase = confirmed && order && normalizeLine(order).split(' ').length >= 4 ? shortOrder(order) ?? order : named;
      // A short reference ("the latte" for "a decaf latte with oat milk") is never worded as the order itself.
      const closing: ClosingPlan = { index: i, opener, said: again, leave, phrase, ...(phrase && order && orderCore(phrase) !== orderCore(order) ? { reference: true } : {}) };
      closingPlan = closing;
      text = planText(closing, confirmation(closing.phrase, h + i, closing.reference));
      if (plan) plan.closing = closing;
    } else {
      // A middle reply that only showed the order ("Ok. Here is your order."): read it back instead.
      const q = order ? readBackOf(order, i) : plainCheck(h + i);
      if (order) readBack = order;
      text = [opener, q].filter(Boolean).join(' ');
    }
    if (claimsAction(text)) return undefined;
    // A kept read-back of the corpus's own ("So that's a macchiato with almond milk? Please confirm and I'll put it in."): the closing after a "yes" need not repeat it.
    if (order && !readBack && !last && readsOrderBack(text)) readBack = order;
    out.push({ ...t, content: text });
  }
  // The claims are undone first: "we'll send that over" is a claim, "they'll send that over" would hide one.
  // Menu words inside a sentence in lower case ("Yes, they have a Latte" -> "a latte"), as in every rewritten line.
  const shown = out.map((t) => {
    if (t.role !== 'assistant') return t;
    const h = asHelper(t);
    const content = menuCase(asOrderHelper(h.content));
    return content === h.content ? h : { ...h, content };
  });
  return fewerAcknowledgements(shown, h, closingPlan, (c) => planText(c, confirmation(c.phrase, h + c.index, c.reference)));
}

/** A reply asking only whether the order is all ("Will that be all for you?", "Is that everything?"). */
const ASKS_IF_ALL = /^\W*(?:will (?:that|this) be all|is (?:that|this) all|is (?:that|this) everything)(?: for (?:you|today|now))?\s*\?\s*$/i;
/** A customer's turn taking back or changing what they said ("No, I actually want it decaf."): an "OK" answers it. */
const TAKES_BACK = /^\W*(?:no|nope|actually|sorry|oh|wait|oops)\b/i;

/**
 * The dialogue with fewer bare acknowledgements opening its replies. The corpus's coffee agent
 * opened most replies with one ("OK.", "Great.", "Sure."), and the rewrite kept them before its
 * read-backs and closings: 58.5% of inserted replies opened so. A barista does say "OK", but not
 * in six turns of ten: a dialogue keeps one on about half the dialogues (by its hash), on the reply
 * answering a confirmation or a change when it has one ("Yes, that's right." -> "Great. Ask for
 * …"); every other reply that reads as a whole sentence without it loses it ("OK. So that's a
 * latte?" -> "So that's a latte?"). A reply that is only "OK." stays as it is. A closing loses its
 * opener in its plan too, so the insertion's own wording of it (closeInsertion) has none.
 */
function fewerAcknowledgements<T extends Turn>(turns: T[], h: number, closing: ClosingPlan | undefined, reword: (c: ClosingPlan) => string): T[] {
  const candidates = turns.flatMap((t, i) => {
    if (t.role !== 'assistant') return [];
    const rest = splitAcknowledgement(t.content)?.rest;
    return rest !== undefined && standsAlone(rest) ? [{ i, rest }] : [];
  });
  if (!candidates.length) return turns;
  const answering = candidates.filter(({ i }) => turns[i - 1]?.role === 'user' && (AFFIRMED.test(turns[i - 1].content) || TAKES_BACK.test(turns[i - 1].content)));
  const pool = answering.length ? answering : candidates;
  const keep = (h >>> 7) & 1 ? pool[(h >>> 8) % pool.length].i : -1;
  return turns.map((t, i) => {
    const c = candidates.find((x) => x.i === i);
    if (!c || i === keep) return t;
    if (closing?.index === i && closing.opener && openingAcknowledgement(closing.opener)) {
      closing.opener = undefined;
      return { ...t, content: reword(closing) };
    }
    return { ...t, content: c.rest };
  });
}
