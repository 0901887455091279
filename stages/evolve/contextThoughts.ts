/**
 * The thought an inserted reply carries in CoT variants. Every other assistant turn of a CoT case
 * says why it does what it does; an inserted reply with an empty thought would mark the insertion.
 * Like the closing FinishAction thoughts (pipeline/prompts/standard.ts finishThought: "This needs
 * no tool call, so I can answer directly."), a short first-person note of what the reply is for.
 *
 * A thought says only what its reply does, read from the reply itself (replyAct): a read-back that
 * names the order ("So that's a decaf Latte with oat milk?") is introduced as one; a check that
 * names nothing ("Is that everything you want?") is not promised as a read-back; a question about a
 * detail ("What size would you like?") is said to ask about that detail; the closing that names
 * the order and where to give it, and the one that says the assistant cannot order, are said to do
 * that. A thought calls the user's turn a question only when it is one: an order put as a request
 * ("Can I get an oat milk Macchiato?") is an order (pipeline/dialogueRules.ts userAsks).
 *
 * An insertion strings 20 to 50 dialogues together, so each act has many wordings (a lead and a
 * reason, combined), and within one insertion the least-used wording and parts come first, ties
 * broken by a hash of the reply: the same thoughts for the same insertion.
 */
import { menuClause } from '../../sources/dialogue/honest.js';
import { NAMED_DRINKS as DRINKS, thoughtDeniesSaid, endsOnQuestion, menuItems, readsOrderBack, replyDrinks, saysCannotOrder, saysNoMenu, userAsks } from '../../pipeline/dialogueRules.js';


/** What a reply does: read the order back, check without naming it, ask a detail, answer, close, or say it cannot order. */
export type ReplyAct = 'readback' | 'check' | 'ask' | 'answer' | 'answer_ask' | 'settle' | 'disclaim' | 'nomenu' | 'plain';

/** Where to give the order: a closing that names it and sends the user to the counter. */
const WHERE_TO_ORDER = /\b(?:counter|barista|till|register|at the front|reach the front|when you (?:get there|arrive)|in person|ask for|order (?:it|that|this)|you know what to ask|settles what to ask|your order for)\b/i;
const CHECKS = /\b(?:confirm|correct|right|accurate|check|verify|is that (?:it|all|everything)|heard you|i follow|read that back|understood|anything you would change|did i get|all you want|everything you want)\b/i;

export function replyAct(user: string, reply: string): ReplyAct {
  if (saysCannotOrder(reply)) return 'disclaim';
  // "I can't see the café's menu from here, so I'm unable to check whether they have honey.": no answer is made up.
  if (saysNoMenu(reply)) return 'nomenu';
  if (readsOrderBack(reply)) return 'readback';
  const asks = endsOnQuestion(reply);
  if (asks && CHECKS.test(reply.split(/(?<=[.!])\s+/).pop() ?? reply)) return 'check';
  if (!asks && WHERE_TO_ORDER.test(reply)) return 'settle';
  const question = userAsks(user);
  // "Will that be all?" or "Is that better?" right after the order: a check, not a detail they have not said.
  if (asks && !question && thoughtDeniesSaid(user, `They have not said ${detailOf(reply)}.`)) return 'check';
  if (asks) return question ? 'answer_ask' : 'ask';
  return question ? 'answer' : 'plain';
}

/** What a detail question asks about, as a clause ("which size they want"). */
function detailOf(reply: string): string {
  const q = reply.split(/(?<=[.!])\s+/).pop() ?? reply;
  if (/\b(?:size|small|medium|large|tall|grande|venti|oz|ounces?)\b/i.test(q)) return 'which size they want';
  if (/\b(?:iced|hot|cold)\b/i.test(q)) return 'whether they want it hot or iced';
  if (/\bmilk\b/i.test(q)) return 'which milk they want';
  if (/\b(?:syrup|flavou?r|vanilla|caramel|hazelnut|sweet\w*|sugar)\b/i.test(q)) return 'how they want it flavoured or sweetened';
  if (/\b(?:whip(?:ped)?|cream|topping)\b/i.test(q)) return 'whether they want a topping';
  if (/\b(?:shot|decaf|caffeine)\b/i.test(q)) return 'how strong they want it';
  if (/\b(?:anything else|something else|else)\b/i.test(q)) return 'whether they want anything else';
  if (/\b(?:for here|to go)\b/i.test(q)) return 'whether it is for here or to go';
  if (/\bname\b/i.test(q)) return 'what name to use';
  if (/\b(?:what|which) (?:would you|can|kind|type|drink|do you)\b|\bwhat would\b|\blike to (?:have|order|try)\b/i.test(q)) return 'what they would like';
  return 'what they prefer';
}

/** The details a read-back names after its drink ("So that's a latte with oat milk and vanilla?" -> "oat milk and vanilla"), if short and plain. */
export function readBackDetails(reply: string): string | undefined {
  // "sugar free vanilla" is the vanilla, sugar-free: never "the sugar" (h-evol25).
  const m = /\b(?:with|and) ((?:[a-z%0-9-]+ ){0,4}?(?:milk|syrup|vanilla|caramel|hazelnut|chocolate|cinnamon|foam|cream|shots?|ice|sugar(?!-free)|sweetener|sauce|water|decaf))(?: and ((?:[a-z%0-9-]+ ){0,4}?(?:milk|syrup|vanilla|caramel|hazelnut|chocolate|cinnamon|foam|cream|shots?|ice|sugar(?!-free)|sweetener|sauce|water)))?\b/i.exec(reply.replace(/\bsugar free\b/gi, 'sugar-free'));
  if (!m) return undefined;
  // "with almond milk and one with oat milk" reads back two drinks' milks: the details are "almond milk and oat milk".
  const second = m[2]?.replace(/^(?:one|another|the other)\s+(?:with\s+)?/i, '');
  const said = second ? `${m[1]} and ${second}` : m[1];
  return /\b(?:the|a|an|you|your|is|that|it)\b/i.test(said) || said.length > 40 ? undefined : said.toLowerCase();
}

interface Option {
  text: string;
  /** Parts whose use counts too (a lead or reason shared by several wordings). */
  parts: string[];
}

const combos = (leads: string[], reasons: string[], tag: string): Option[] =>
  leads.flatMap((l, i) => reasons.map((r, j) => ({ text: `${l}${r}`, parts: [`${tag}l${i}`, `${tag}r${j}`] })));
const singles = (xs: string[], tag: string): Option[] => xs.map((text, i) => ({ text, parts: [`${tag}${i}`] }));

function options(act: ReplyAct, d: string | undefined, topic: string | undefined, detail: string, plural = false, ctx: { user: string; reply: string } = { user: '', reply: '' }): Option[] {
  // "The mocha and the cortado are settled", "The cortados are what they want"; and "them", not "it".
  const be = plural ? 'are' : 'is';
  const it = plural ? 'them' : 'it';
  switch (act) {
    case 'readback': {
      const x = d ? `the ${d}` : 'the order';
      // What the read-back has to get right, in the customer's words ("oat milk and vanilla"): a reason
      // about this order, not only one of seven about read-backs in general (long_context_thought_frame_share).
      const mods = readBackDetails(ctx.reply);
      const own: Option[] = mods
        ? [`Reading ${x} back`, `Saying ${x} back to them`, `Going over ${x} once more`].flatMap((l, i) =>
            [` makes sure I have the ${mods} right.`, ` checks the ${mods} before anything else.`, ` lets them confirm the ${mods}.`].map((r, j) => ({ text: `${l}${r}`, parts: [`rbl${i}`, `rbd${j}`] })),
          )
        : [];
      return [...own, ...combos(
        // Twelve leads by eleven reasons (evolve 53): with eight by seven, one frame sat in 44% of the CoT insertions (long_context_thought_frame_share).
        [`Reading ${x} back`, `Saying ${x} back to them`, `Repeating ${x} as I understood ${d ? it : 'it'}`, `A quick read-back of ${x}`, `Going over ${x} once more`, `Naming ${x} back to them`, `Echoing ${x} as they gave ${d ? it : 'it'}`, `Putting ${x} into my own words`, `Checking ${x} with them`, `Running through ${x} again`, `Reading ${x} out to them`, `Spelling out ${x} as I have ${d ? it : 'it'}`],
        [' lets them catch anything I got wrong.', ` is the surest way to know I heard ${d ? it : 'it'} right.`, ' now saves a mix-up later.', ' gives them a chance to correct me.', ' shows whether the details match what they said.', ' is worth a moment before going on.', ' means nothing gets lost along the way.', ' leaves no doubt about what they want.', ' makes sure we agree before they order.', ' costs a second and spares them a wrong drink.', ' tells me whether I missed a detail.'],
        'rb',
      )];
    }
    case 'check':
      return singles(
        [
          'I should check that I have understood them before going on.',
          'A quick question will tell me whether that is all they want.',
          'Better to ask whether anything needs changing.',
          'I want to make sure nothing is missing from what they want.',
          'They may want something more, so I will ask.',
          'Asking is the quickest way to be sure I understood.',
          'Before going on, I should ask whether that covers it.',
          'One question will tell me if I missed anything.',
          'I will check with them rather than assume.',
          'It is worth asking whether that is everything.',
        ],
        'ck',
      );
    case 'ask':
      return singles(
        [
          `They have not said ${detail} yet, so I will ask.`,
          `I do not know ${detail} yet; asking is the way to find out.`,
          `Before going further I should ask ${detail}.`,
          `It is not clear ${detail}, so a question comes next.`,
          `I will ask ${detail}, since they have not said.`,
          `Nothing they said tells me ${detail}.`,
          `To go on I need to know ${detail}.`,
          `Best to ask ${detail} rather than guess.`,
          `I should not guess ${detail}; I will ask.`,
          `Asking ${detail} is the next step.`,
        ],
        'ak',
      );
    case 'answer_ask': {
      const x = topic ? `the ${topic}` : 'the drinks';
      return singles(
        [
          `They asked about ${x}; I can answer and then ask ${detail}.`,
          `A question about ${x}: I will answer it, then ask ${detail}.`,
          `I can tell them about ${x} and ask ${detail}.`,
          `Their question is about ${x}; after answering I need to know ${detail}.`,
          `Answering about ${x} first, then asking ${detail}.`,
          `I know enough about ${x} to answer, and then I will ask ${detail}.`,
        ],
        'aa',
      );
    }
    case 'answer': {
      if (!topic)
        return singles(
          [
            'This is a question about the drinks, which I can answer directly.',
            'I can answer this straight away from what I know.',
            'They asked something I can answer without a tool.',
            'A short answer from what I know will do here.',
            'No tool is needed to answer this question.',
            'Their question needs only a direct answer.',
            'I know the answer to this, so I will just say it.',
            'This question is easy to answer directly.',
          ],
          'an',
        );
      return combos(
        [`They asked about the ${topic}`, `A question about the ${topic}`, `They want to know about the ${topic}`, `Their question is about the ${topic}`, `They are curious about the ${topic}`],
        ['; I can answer that directly.', ', which needs no tool to answer.', '; a short answer will do.', '; I can say what I know about it.', ', and I know enough to answer.'],
        'an',
      );
    }
    case 'settle': {
      if (d) return settleOptions(d, plural, ctx);
      if (!d)
        return singles(
          [
            'Their order is settled; they will give it at the counter.',
            'Nothing is left to decide, so I will point them to the counter.',
            'That settles it; ordering it is theirs to do.',
            'The choice is made, and they will order it in person.',
            'All that is left is where to give the order.',
            'They know what they want now; the counter is where to ask for it.',
          ],
          'sp',
        );
      return combos(
        [`The ${d} ${be} settled`, `They have decided on the ${d}`, `The ${d} ${be} what they want`, `They have chosen the ${d}`, `They want the ${d}`, `Their choice is the ${d}`],
        [`; I will name ${it} and say where to order ${it}.`, `, so I will tell them where to ask for ${it}.`, `; all that is left is where to order ${it}.`, ', and they will give the order at the counter.', `; I will say ${plural ? 'the order' : 'it'} once more and point them to the counter.`, `, so naming ${it} for the counter is enough.`],
        'st',
      );
    }
    case 'disclaim':
      return singles(
        [
          d ? `They settled on the ${d}, but I have no tool that orders ${it}, so I must say so plainly.` : 'They confirmed, yet none of my tools places an order; I should say that and leave the ordering to them.',
          d ? `The ${d} ${be} decided; placing ${it} is beyond what I can do here, and they should know that.` : 'None of my tools sends an order anywhere, so I should be clear that they need to order it themselves.',
          d ? `I cannot order the ${d} for them, so I will tell them what to ask for at the counter.` : 'Their choice is settled; I can only tell them what to ask for, not order it.',
        ],
        'dc',
      );
    case 'nomenu': {
      // The thought asks what the reply answers (h-evol25): "What is in the Cold Brew?" is about what goes into
      // it, not what cold brew they carry; a price is a price, a recommendation a recommendation.
      const clause = ctx.user ? menuClause(ctx.user) : '';
      const said = !!clause && ctx.reply.includes(clause);
      const into = said ? /^what goes into their (.+)$/.exec(clause) : null;
      if (into) {
        const y = into[1];
        return combos(
          [`What goes into their ${y} is down to the café's own recipe`, `How they make the ${y} is up to the café's recipe`, `The café's recipe decides what is in its ${y}`, `Only the café's recipe says what is in its ${y}`],
          ['; I cannot see it, so the staff should tell them.', ', and no tool of mine reads it, so I will point them to the counter.', '; I have no way to look it up and would only be guessing.', ', and I cannot see it; the barista will know.', '; making up an answer would mislead them, so the counter is the place to find out.'],
          'nc',
        );
      }
      const costs = said ? /^what (.+) costs there$/.exec(clause) : null;
      if (costs) {
        const y = costs[1] === 'it' ? 'it' : costs[1];
        return combos(
          [`What ${y} costs is on the café's price list`, `Only the café's price list says what ${y} costs`, 'The price is the café\'s to set', 'They want a price, and only the café can give it'],
          ['; I cannot see that list, so the staff should tell them.', ', and no tool of mine reads it, so I will point them to the counter.', '; I have no way to look it up and would only be guessing.', ', and I cannot see it; the barista will know.'],
          'np',
        );
      }
      if (said && / they would recommend$/.test(clause))
        return combos(
          ['What to recommend depends on the café\'s menu', 'A recommendation needs the café\'s menu', 'Picking something for them needs the café\'s menu', 'Only the café\'s menu could ground a recommendation'],
          ['; I cannot see that menu, so the staff should tell them.', ', and no tool of mine reads it, so I will point them to the counter.', '; I have no way to look it up and would only be guessing.', ', which I cannot see; the barista will know.'],
          'nr',
        );
      const x = topic ?? 'drinks';
      // A drink one orders by the cup takes its article or "kind of" ("the question about the steamer", "what
      // kind of americano they carry"), a plural "there are": never "the question about steamer" or "what drinks
      // there is" (h-evol24's reading: 152 and 108 of 1,000 long-context cases on f46).
      const cup = /\b(?:steamer|americano|latte|cappuccino|mocha|macchiato|cortado|frappuccino|flat white)$/i.test(x);
      const many = /s$/.test(x);
      const kind = cup ? `kind of ${x}` : x;
      return combos(
        [`The question about ${cup ? `the ${x}` : x} is one for the café's menu`, `What ${kind} they carry depends on the café`, `Only the café's menu says what ${kind} there ${many ? 'are' : 'is'}`, `The café decides what ${kind} to offer`],
        ['; I cannot see that menu, so the staff should tell them.', ', and no tool of mine reads it, so I will point them to the counter.', '; I have no way to look it up and would only be guessing.', ', which I cannot see; the barista will know.', '; making up an answer would mislead them, so the counter is the place to find out.'],
        'nm',
      );
    }
    case 'plain': {
      // What the plain reply answers, read from the customer's turn and the drink: "Nothing here calls for
      // a tool; I can reply straight away." on a bare "OK!" said nothing of the turn (184 of 500 CoT insertions held one).
      const x = d ? `the ${d}` : undefined;
      const own = !!replyDrinks(ctx.reply);
      if (x && own)
        return singles(
          [`My reply names ${x} so they know I have ${it}.`, `${cap(x)} ${be} what they want; naming ${it} in my reply is enough.`, `Naming ${x} in my answer shows I took ${it} down.`, `A word naming ${x} is all this turn needs.`, `I answer with ${x} named, so they know I followed.`, `Mentioning ${x} tells them I have ${it}.`],
          'po',
        );
      if (TAKES_BACK.test(ctx.user))
        return singles(
          [x ? `They changed their mind about ${x}; a short reply shows I follow.` : 'They changed their mind; a short reply shows I follow.', x ? `The change to ${x} needs only a word to say I have it.` : 'The change needs only a word to say I have it.', 'They took back what they said, so I acknowledge the change.', x ? `Noting their change to ${x} is enough here.` : 'Noting their change is enough here.'],
          'pc',
        );
      if (SAID_YES.test(ctx.user))
        return singles(
          [x ? `They said yes to ${x}; a short reply acknowledges it.` : 'They said yes; a short reply acknowledges it.', x ? `${cap(x)} ${be} confirmed, so a word back is enough.` : 'They confirmed, so a word back is enough.', x ? `With ${x} confirmed, I only need to acknowledge it.` : 'With that confirmed, I only need to acknowledge it.'],
          'py',
        );
      if (/\b(?:thanks?|thank you|bye|goodbye|have a (?:good|nice|great))\b/i.test(ctx.user))
        return singles(['They are thanking me; a short reply is enough.', 'A friendly word back answers their thanks.', 'They are wrapping up; a short reply is polite.'], 'pt');
      return singles(
        [
          x ? `What they said about ${x} needs only a word back.` : 'What they said needs only a word back from me.',
          x ? `I can answer their turn about ${x} directly.` : 'I can answer their turn directly.',
          x ? `Their words on ${x} call for a short reply.` : 'Their words call for a short reply.',
          'A short reply to what they just said is enough.',
          'I answer what they said in a sentence.',
        ],
        'pl',
      );
    }
  }
}

/** How the customer came to the order a closing names: said yes to a read-back, said it again, or chose it. */
const SAID_YES = /^\W*(?:(?:um+|oh|ah+)[,.]?\s*)?(?:yes|yep|yeah|yup|ya|correct|that'?s (?:right|correct|it)|it is|it'?s (?:right|correct)|looks (?:good|right|great|correct|perfect)|sounds (?:good|great|right|perfect)|perfect|right|sure|absolutely|exactly|you got it)\b/i;

/** Where a closing sends the customer, as a thought says it: the reply's own place, so the thought follows what it says. */
const PLACES: [RegExp, string][] = [
  [/\bregister\b/i, 'at the register'],
  [/\btill\b/i, 'at the till'],
  [/\bbarista\b/i, 'to the barista'],
  [/\b(?:reach the front|at the front)\b/i, 'when they reach the front'],
  [/\bturn in line\b|\bin line\b/i, 'when their turn in line comes'],
  [/\bwhen you (?:get there|arrive)\b|\bonce (?:you're|you are) there\b/i, 'once they get there'],
  [/\bcounter\b/i, 'at the counter'],
  [/\bstaff\b/i, 'to the staff'],
];
/** What the reply tells them to do with the order, as the thought says it ("ask for it", "say it"). */
const VERBS: [RegExp, (it: string) => string][] = [
  [/\bask (?:for|them for)\b/i, (it) => `ask for ${it}`],
  [/\bask the\b/i, (it) => `ask for ${it}`],
  [/\btell\b/i, (it) => `name ${it}`],
  [/\bsay\b/i, (it) => `say ${it}`],
  [/\bmention\b/i, (it) => `mention ${it}`],
  [/\bgive\b/i, () => 'give the order'],
  [/\border\b/i, (it) => `order ${it}`],
];

/**
 * The thought of a closing that names the order: how the customer came to it (a yes to the
 * read-back, the order said again, a choice) and what the reply tells them to do and where (ask for
 * it at the register, name it to the barista, say it when their turn comes), read from the turn
 * before and the reply itself. Six leads by six reasons made one grid of 36 frames, each in half of
 * the CoT insertions; these follow what each closing says.
 */
function settleOptions(d: string, plural: boolean, ctx: { user: string; reply: string }): Option[] {
  const be = plural ? 'are' : 'is';
  const it = plural ? 'them' : 'it';
  // "Sure I would like a cortado": the order said, not a yes to a read-back.
  const again = new RegExp(`\\b${d.split(' ')[0]}`, 'i').test(ctx.user);
  const yes = !again && SAID_YES.test(ctx.user);
  const leads = yes
    ? [`They said yes to the ${d}`, `They confirmed the ${d}`, `The ${d} ${be} right, they say`, `With their yes, the ${d} ${be} settled`]
    : again
      ? [`They named the ${d} themselves`, `They picked the ${d}`, `The ${d} ${be} their order`, `They have settled on the ${d}`]
      : [`They have decided on the ${d}`, `Their choice is the ${d}`, `The ${d} ${be} what they want`, `They have chosen the ${d}`];
  const place = PLACES.find(([re]) => re.test(ctx.reply))?.[1] ?? 'in person';
  const verb = (VERBS.find(([re]) => re.test(ctx.reply))?.[1] ?? ((x: string) => `ask for ${x}`))(it);
  // A person is told, asked or given the order: "tell the barista", "ask the barista for it".
  const person = /^to (the \w+)$/.exec(place)?.[1];
  const act = !person ? `${verb} ${place}` : verb.startsWith('ask') ? `ask ${person} for ${it}` : verb.startsWith('give') ? `give the order to ${person}` : verb.startsWith('order') ? `order ${it} from ${person}` : `tell ${person}`;
  const reasons = [`; they will ${act}.`, `, so what is left is to ${act}.`, `; all I need say is that they can ${act}.`];
  const tag = yes ? 'sy' : again ? 'sa' : 'sc';
  return leads.flatMap((l, i) => reasons.map((r, j) => ({ text: `${l}${r}`, parts: [`${tag}l${i}`, `swr${j}`] })));
}

/** A customer's turn taking back or changing what they said ("No, I actually want it decaf."). */
const TAKES_BACK = /^\W*(?:no|nope|actually|sorry|wait|oops|never ?mind|change|instead)\b/i;
const cap = (x: string) => x.charAt(0).toUpperCase() + x.slice(1);

/** A small stable hash: which wording a reply gets depends on its text, not on call order. */
function hash(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The drink a customer's turn names, if any (menuItems' first that is a drink). */
const namedMemo = new Map<string, string | null>();
function namedDrink(text: string): string | undefined {
  let named = namedMemo.get(text);
  if (named === undefined) {
    named = menuItems(text).find((m) => DRINKS.has(m)) ?? null;
    if (namedMemo.size >= MEMO_LIMIT) namedMemo.clear();
    namedMemo.set(text, named);
  }
  return named ?? undefined;
}

/**
 * What a reply's thought reads of the reply and the customer's turn before it: its act, the drinks
 * it names, the menu topic asked and the detail it asks for, and its tie-break hash. The same corpus
 * replies recur in many insertions, so each pair is read once (a few short strings kept; the options
 * built from them are not kept: a read-back has some 140).
 */
const MEMO_LIMIT = 50_000;
interface ReplyReading {
  act: ReplyAct;
  own: ReturnType<typeof replyDrinks>;
  topic: string | undefined;
  detail: string;
  h: number;
}
const readingMemo = new Map<string, ReplyReading>();
function readReply(user: string, reply: string): ReplyReading {
  const key = `${user}\u0000${reply}`;
  let hit = readingMemo.get(key);
  if (!hit) {
    // Every drink the reply names, not only the first: "the mocha and the cortado", "the cortados".
    hit = { act: replyAct(user, reply), own: replyDrinks(reply), topic: menuItems(user).find((m) => !['coffee', 'cup', 'cups', 'size', 'sizes', 'ice'].includes(m)), detail: detailOf(reply), h: hash(reply) };
    if (readingMemo.size >= MEMO_LIMIT) readingMemo.clear();
    readingMemo.set(key, hit);
  }
  return hit;
}

/**
 * Thoughts for the replies of one insertion, in order. `turns` is the inserted conversation; each
 * reply's thought reads the reply, the user turn before it and the drink the reply (else the
 * conversation) last named.
 */
export function contextThoughts(turns: { role: 'user' | 'assistant'; content: string }[], dialogueStarts: Set<number>): string[] {
  const used = new Map<string, number>();
  const out: string[] = [];
  let drink: string | undefined;
  turns.forEach((t, i) => {
    if (dialogueStarts.has(i)) drink = undefined;
    if (t.role === 'user') {
      const named = namedDrink(t.content);
      if (named) drink = named;
      return;
    }
    const user = turns[i - 1]?.role === 'user' ? turns[i - 1].content : '';
    const { act, own, topic, detail, h } = readReply(user, t.content);
    const opts = own
      ? options(act, own.phrase, topic, detail, own.plural, { user, reply: t.content })
      : options(act, act === 'readback' || act === 'settle' ? undefined : drink, topic, detail, false, { user, reply: t.content });
    let best = opts[0];
    let bestKey = Infinity;
    opts.forEach((o, k) => {
      const textUses = used.get(o.text) ?? 0;
      let uses = textUses;
      for (const p of o.parts) {
        const n = used.get(p) ?? 0;
        if (n > uses) uses = n;
      }
      const key = uses * 2 + textUses * 4 + (((h ^ Math.imul(k + 1, 2654435761)) >>> 0) % 1000) / 1000;
      if (key < bestKey) {
        bestKey = key;
        best = o;
      }
    });
    for (const p of [best.text, ...best.parts]) used.set(p, (used.get(p) ?? 0) + 1);
    out.push(best.text);
  });
  return out;
}
