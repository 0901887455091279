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
 * The wording is chosen by the dialogue's id, so a dialogue reads the same in every case; the pool's
 * line rules (sources/dialogue/context.ts) then keep two dialogues of one insertion from sharing a
 * line and spread the lines across cases. A dialogue whose claim the rules cannot undo (a reply
 * mid-dialogue that only claims) is left out of the pool.
 */
import { claimsAction, menuItems, takesLeave } from '../../pipeline/dialogueRules.js';

type Turn = { role: 'user' | 'assistant'; content: string };

/** A sentence that carries no content of its own ("OK.", "Great!", "Thank you."). */
const FILLER = /^\W*(?:ok(?:ay)?|k|alright|all right|great|sure(?: thing)?|perfect|awesome|excellent|wonderful|fantastic|cool|no problem|certainly|of course|absolutely|yes|yep|yeah|yes (?:sir|ma'?am)|got it|sounds good|thanks?|thank you(?: so much| very much)?|well|right on|very well|you got it|will do|good|nice|great choice|good choice|excellent choice|awesome choice|wonderful choice|alrighty|okie dokie|gotcha|understood|wonderful)(?:[,.!\s]+(?:ok(?:ay)?|great|sure|thanks?|thank you|perfect|sir|ma'?am|then))*\W*$/i;

const DRINK = /\b(?:hot chocolate|chai lattes?|cold brews?|iced coffees?|drip coffees?|flat whites?|matcha lattes?|green teas?|black teas?|herbal teas?|earl gr[ae]y(?: teas?)?|cappuccinos?|macchiatos?|americanos?|espressos?|frappuccinos?|frappes?|cortados?|steamers?|mochas?|lattes?|chais?|matchas?|smoothies?|teas?|coffees?|caps?)(?:'s)?\b/i;
const DETERMINER = /^(?:a|an|one|two|three|four|five|six|\d+|some|the)$/i;
const STOP = /^(?:i|me|my|you|your|we|us|our|get|have|like|want|take|order|for|of|to|please|can|could|would|may|will|and|with|just|go|think|try|need|also|another|it|is|this|that|today|or|in|on|at|be|some|make|made|grab|gimme|give|id|ill|im|i'd|i'll|i'm|love|really|actually|gonna|going|mood|craving)$/i;
/** Words after the drink that carry on the order ("with oat milk", ", iced", "to go"). */
const CARRY = /^(?:,?\s+(?:with|in|to go|no|extra|without|iced|hot|decaf|made with|that has|that'?s made with|along with|topped with|light|easy|half|double|triple|and (?:a |an |some |extra |no )?(?:[\w%-]+ ){0,2}(?:milk|syrup|sweetener|sugar|foam|cream|shot|shots|sauce|ice|cinnamon|honey|vanilla|hazelnut|caramel))\b[^.,!?;]*?)(?=[.,!?;]|\s+(?:and\s+)?(?:i|i'd|i'll|i'm|id|ill|please|thanks?|thank you|for me|today)\b|$)/i;

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
    if (DETERMINER.test(bare)) {
      lead.unshift(/^(?:the|an?)$/i.test(bare) ? 'a' : bare.toLowerCase());
      break;
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
  if (tail.split(' ').length > 12) tail = '';
  const core = [...lead, m[0]].join(' ');
  let phrase = `${core}${tail}`.replace(/\s+,/g, ',').trim();
  if (/^a /.test(phrase)) phrase = phrase.slice(2);
  if (!DETERMINER.test(phrase.split(' ')[0])) phrase = `${/^[aeiou]/i.test(phrase) && !/^(?:one|uni|eu)/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
  if (/\b(?:s|es)$/i.test(m[0]) && /^(?:a|an) /i.test(phrase) && !/(?:ss|chais|teas|coffees)$/i.test(m[0]) && /(?:s)$/i.test(m[0]) && !/(?:espresso|americano|cappuccino|macchiato|cortado)$/i.test(m[0])) phrase = phrase.replace(/^(?:a|an) /i, 'some ');
  return swapPerson(phrase);
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const READ_BACK: ((x: string) => string)[] = [
  (x) => `${cap(x)}, is that right?`,
  (x) => `So that's ${x}?`,
  (x) => `Just to check: ${x}, correct?`,
  (x) => `${cap(x)}. Have I got that right?`,
  (x) => `You'd like ${x}, is that it?`,
  (x) => `Let me read that back: ${x}. Is that right?`,
  (x) => `${cap(x)}? I want to make sure I heard you.`,
  (x) => `To be sure I follow, that's ${x}?`,
];
const READ_BACK_PLAIN = ['Is that everything you want?', 'Have I understood what you want?', 'Anything you would change about that?', 'Is that all you want in it?', 'Did I get all of that?'];

const CLOSING: ((x: string) => string)[] = [
  (x) => `I can't place orders from here, so you'll need to ask for ${x} at the counter yourself.`,
  (x) => `Just so you know, I have no way to send an order to the café, so order ${x} when you get there.`,
  (x) => `That's ${x}, then. I can't put the order through for you, so ask for it at the counter.`,
  (x) => `You know what to ask for now: ${x}. I can't order it for you from here.`,
  (x) => `${cap(x)} it is. Ordering is up to you, though; I can't reach the shop from here.`,
  (x) => `Then ${x} is your order. I have no way to place it myself, so tell the barista when you get there.`,
  (x) => `Write down ${x} if it helps; I can't send orders anywhere from here.`,
  (x) => `So ${x}. I can't contact the café for you, so give that order at the counter.`,
  (x) => `${cap(x)} sounds like the one. I have no ordering tool here, so you'll have to ask for it in person.`,
  (x) => `I can't place it for you, but ${x} is what to ask for at the counter.`,
];
const CLOSING_PLAIN = [
  "Good. I can't place the order from here, so you'll need to give it at the counter.",
  "Then you know what to ask for. I have no way to send orders to the café myself.",
  "That settles it. I can't put orders through from here, so ask the barista when you get there.",
  "Fine. Ordering it is up to you; I can't reach the shop from here.",
];

/**
 * How a dialogue ends once the assistant has said it cannot order: the order named, and where to
 * give it. An insertion of many dialogues says "I can't place orders from here" once, on its first
 * closing (withDisclaimer); every dialogue ends this way in the pool, so the picker counts the
 * shorter ending and the one disclaimer only adds to an insertion.
 */
const CONFIRM: ((x: string) => string)[] = [
  (x) => `That's ${x}, then.`,
  (x) => `${cap(x)} it is.`,
  (x) => `So, ${x}.`,
  (x) => `Then ${x} is your order.`,
  (x) => `${cap(x)} sounds like the one.`,
  (x) => `Got it: ${x}.`,
];
const INSTRUCT = ['Ask for it at the counter.', 'Tell the barista when you get there.', 'Order it in person when you arrive.', 'Give that order at the counter.', 'Mention it when you reach the front.', 'You can order it at the counter.', 'The barista can make it for you there.'];
const CONFIRM_PLAIN = ['Then you know what to ask for at the counter.', 'Good, that is settled; tell the barista when you get there.', 'Fine, give that order when you arrive.', 'That settles what to ask for.'];
const shapeOf = (f: (x: string) => string) => {
  const [pre, post] = f('\u0000').split('\u0000');
  return new RegExp(`${pre.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^.!?]+?)${post.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
};
const CONFIRM_SHAPES = CONFIRM.map(shapeOf);

/** A dialogue's last reply: the order confirmed with where to give it (6 × 7 wordings by the dialogue's hash). */
function confirmation(phrase: string | undefined, h: number): string {
  return phrase ? `${CONFIRM[h % CONFIRM.length](phrase)} ${INSTRUCT[Math.floor(h / CONFIRM.length) % INSTRUCT.length]}` : CONFIRM_PLAIN[h % CONFIRM_PLAIN.length];
}

/**
 * A closing reply with the one disclaimer of its insertion: "A latte it is. Ask for it at the
 * counter." becomes "I can't place orders from here, so you'll need to ask for a latte at the
 * counter yourself."; undefined when the reply is no closing.
 */
export function withDisclaimer(text: string, h: number): string | undefined {
  for (const [i, re] of CONFIRM_SHAPES.entries()) {
    const instruct = INSTRUCT.find((x) => text.includes(x));
    const m = instruct ? re.exec(text) : null;
    if (!m || !instruct || !text.includes(`${m[0]} ${instruct}`)) continue;
    const phrase = CONFIRM[i]('\u0000').startsWith('\u0000') && !/^\p{Lu}{2}/u.test(m[1]) ? m[1].charAt(0).toLowerCase() + m[1].slice(1) : m[1];
    return text.replace(`${m[0]} ${instruct}`, CLOSING[h % CLOSING.length](phrase));
  }
  const j = CONFIRM_PLAIN.findIndex((c) => text.includes(c));
  return j >= 0 ? text.replace(CONFIRM_PLAIN[j], CLOSING_PLAIN[j % CLOSING_PLAIN.length]) : undefined;
}

/** Every wording the rewrite can use, for the tests: none may claim an act or read as a refusal. */
export function honestWordings(phrase: string): string[] {
  return [...READ_BACK.map((f) => f(phrase)), ...READ_BACK_PLAIN, ...CLOSING.map((f) => f(phrase)), ...CLOSING_PLAIN, ...CONFIRM.flatMap((f) => INSTRUCT.map((x) => `${f(phrase)} ${x}`)), ...CONFIRM_PLAIN];
}

/** A small stable hash: a dialogue's wording depends on its id, not on call order. */
function hash(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The leading filler of a dropped claim ("Okay, your order will be ready" -> "Okay."), or undefined. */
function openerOf(sentence: string): string | undefined {
  const m = /^\W*(thank you|thanks|ok(?:ay)?|alright|all right|great|perfect|awesome|excellent|sure|wonderful|got it)\b/i.exec(sentence);
  return m ? `${cap(m[1].toLowerCase() === 'ok' ? 'OK' : m[1])}.` : undefined;
}

/** A user turn that asks something rather than orders or confirms. */
function asks(t: Turn | undefined): boolean {
  return !!t && t.role === 'user' && (/\?\s*$/.test(t.content.trim()) || /^(?:\W*(?:hi|hello|hey|so|ok(?:ay)?)\b[,.!]*\s*)*(?:what|which|how|do you|does|is there|are there|can you tell|tell me)\b/i.test(t.content.trim())) && !/^(?:\W*(?:hi|hello|hey)\b[,.!]*\s*)*(?:can|could|may) i (?:please )?(?:get|have|order)\b/i.test(t.content.trim());
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

/**
 * The dialogue with every claim undone, or undefined when a reply could not be made honest. Replies
 * that claim nothing are returned as they are (the same strings).
 */
export function honestTurns<T extends Turn>(turns: T[], key: string): T[] | undefined {
  const out: T[] = [];
  let phrase: string | undefined;
  const h = hash(key);
  for (const [i, t] of turns.entries()) {
    if (t.role === 'user') {
      phrase = orderPhrase(t.content) ?? (menuItems(t.content).length ? phrase : phrase);
      out.push(t);
      continue;
    }
    if (!claimsAction(t.content)) {
      out.push(t);
      continue;
    }
    const sentences = t.content.trim().split(/(?<=[.!?])\s+/).filter(Boolean).map(withoutOffers);
    const kept = sentences.filter((s) => !claimsAction(s));
    const dropped = sentences.filter((s) => claimsAction(s));
    const said = kept.filter((s) => !FILLER.test(s) && !takesLeave(s));
    const leave = kept.filter((s) => takesLeave(s) && !FILLER.test(s));
    const opener = kept.find((s) => FILLER.test(s)) ?? openerOf(dropped[0]);
    const asked = dropped.some((s) => ASKS_TO_CHECK.test(s));
    const last = !turns.slice(i + 1).some((u) => u.role === 'assistant');
    let text: string;
    if (!dropped.length) text = kept.join(' ');
    else if (asked && !last) {
      if (kept.some((s) => /\?\s*$/.test(s))) text = kept.join(' ');
      else {
        const q = phrase ? READ_BACK[(h + i) % READ_BACK.length](phrase) : READ_BACK_PLAIN[(h + i) % READ_BACK_PLAIN.length];
        text = [opener && !said.length ? opener : undefined, ...said, q].filter(Boolean).join(' ');
      }
    } else if (said.length && !last) text = kept.join(' ');
    else if (last && asks(turns[i - 1])) {
      // A question answered only with a claim ("Here's the menu, let me know when you're ready"): nothing honest is left to say.
      if (!said.length) return undefined;
      text = kept.join(' ');
    } else if (last) {
      const close = confirmation(phrase, h + i);
      text = [opener, ...said, close, ...leave].filter(Boolean).join(' ');
    } else {
      // A middle reply that only showed the order ("Ok. Here is your order."): read it back instead.
      const q = phrase ? READ_BACK[(h + i) % READ_BACK.length](phrase) : READ_BACK_PLAIN[(h + i) % READ_BACK_PLAIN.length];
      text = [opener, q].filter(Boolean).join(' ');
    }
    if (claimsAction(text)) return undefined;
    out.push({ ...t, content: text });
  }
  return out;
}
