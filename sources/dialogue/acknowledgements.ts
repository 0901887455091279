/**
 * The bare acknowledgements opening the replies of one insertion ("OK. So that's a latte?", "Great.
 * Ask for it at the counter."), said the way a person varies them. Each inserted dialogue keeps at
 * most one of the corpus's openers (honest.ts fewerAcknowledgements), but an insertion strings
 * twenty to fifty dialogues together, and the corpus's coffee agent says "OK." in most of them: one
 * café visit read "OK." sixteen times, ten of them on the opened reply just before (61% of all the
 * openers shown were "OK."). Here no acknowledgement opens two opened replies in a row, nor more
 * than MOST replies of an insertion; one said too often takes another that fits what the customer
 * just said, or is left out when none is left; never so that the reply reads word for word as
 * another of the insertion's (long_context_repeated_line). An opener before words that open with a
 * filler of their own ("Okay, cool. Noted, the cortado; …") goes: one filler a reply.
 */
import { AFFIRMED } from './honest.js';
import { ACKNOWLEDGEMENT_MOST as MOST, OPENS_WITH_FILLER, acknowledgementWord, normalizeLine, splitAcknowledgement, standsAlone, userAsks } from '../../pipeline/dialogueRules.js';

/** After the customer's yes to a read-back ("Yes, that's right." -> "Great. Ask for it at the counter."). */
const AFTER_YES = ['Great.', 'Perfect.', 'Thanks.', 'OK.', 'Alright.', 'Wonderful.', 'Excellent.'];
/**
 * After an order or a change ("No, make it decaf." -> "Got it. So that's a decaf latte?"). No "Sure.",
 * "Certainly." or "Of course.": to "Can I get a mocha?" they say yes for a café the assistant cannot
 * reach (long_context_grants_for_cafe).
 */
const AFTER_ASK = ['OK.', 'Alright.', 'Got it.'];
/** After an order, once AFTER_ASK is used up and the reply cannot go without one. */
const LAST_AFTER_ASK = ['Understood.', 'Noted.'];

/** A reply's rest opening with any filler word, with or without a comma after it ("Thanks for waiting", "Sure thing"): a new opener would stack on it ("Great. Got it: the latte"), so none is given. */
const FILLER_WORD_FIRST = /^\W*(?:ok(?:ay)?|alright|all right|great|good|fine|sure|perfect|awesome|cool|thanks?|thank you|got it|noted|wonderful|excellent|certainly|of course|no problem|right)\b/i;

type Turn = { role: 'user' | 'assistant'; content: string };

/**
 * The replies whose opener changes, by their index in `turns` (the insertion as shown, in order):
 * the new text of each. `seed` breaks ties between equally used acknowledgements, so the same
 * insertion always reads the same.
 */
export function variedAcknowledgements(turns: readonly Turn[], seed: number): Map<number, string> {
  const uses = new Map<string, number>();
  const usesOf = (word: string) => uses.get(word) ?? 0;
  const changed = new Map<number, string>();
  let previous: string | undefined;
  const shown = new Set(turns.filter((t) => t.role === 'assistant').map((t) => normalizeLine(t.content)));
  const fresh = (text: string) => !shown.has(normalizeLine(text));
  // A reply's new text, remembered so that no later one reads word for word the same.
  const say = (i: number, text: string) => {
    changed.set(i, text);
    shown.add(normalizeLine(text));
  };
  // An acknowledgement a reply opens with as shown: counted, and the one the next opened reply may not repeat.
  const opens = (word: string) => {
    uses.set(word, usesOf(word) + 1);
    previous = word;
  };
  turns.forEach((t, i) => {
    if (t.role !== 'assistant') return;
    const opened = splitAcknowledgement(t.content);
    if (!opened) return;
    const { rest } = opened;
    const word = acknowledgementWord(opened.ack);
    // One filler a reply: "Okay, cool. Noted, the cortado; …" -> "Noted, the cortado; …" (long_context_filler_stacked).
    if (OPENS_WITH_FILLER.test(rest) && fresh(rest)) return say(i, rest);
    if (word !== previous && usesOf(word) < MOST) return opens(word);
    const prior = turns[i - 1]?.role === 'user' ? turns[i - 1].content : undefined;
    // A question's answer opens with no "Sure." (it would say yes), a thank-you's with no "Great.".
    const options = !prior ? [] : AFFIRMED.test(prior) ? AFTER_YES : userAsks(prior) || /^\W*(?:thanks?|thank you)\b/i.test(prior) ? [] : AFTER_ASK;
    // One not said just before, nor more than MOST times, and reading as no other reply.
    const usable = (o: string) => acknowledgementWord(o) !== previous && usesOf(acknowledgementWord(o)) < MOST && fresh(`${o} ${rest}`);
    const fits = FILLER_WORD_FIRST.test(rest) ? [] : options.filter(usable);
    if (fits.length) {
      const least = Math.min(...fits.map((o) => usesOf(acknowledgementWord(o))));
      const pool = fits.filter((o) => usesOf(acknowledgementWord(o)) === least);
      const pick = pool[(seed + i * 7919) % pool.length];
      opens(acknowledgementWord(pick));
      return say(i, rest ? `${pick} ${rest}` : pick);
    }
    // No fitting acknowledgement left: the reply without one, when the rest reads as a whole sentence.
    if (standsAlone(rest) && fresh(rest)) return say(i, rest);
    // Left bare it would read word for word as another reply (two orders of one drink read back alike): a rarer
    // acknowledgement after an order, never a fifth "OK." (long_context_acknowledgement_repeated,
    // bfcl_multi_turn_base_121-parameters_value_error-k3-cot~mixed on lead39 m12).
    const rarer = options === AFTER_ASK ? LAST_AFTER_ASK.find(usable) : undefined;
    if (rarer) {
      opens(acknowledgementWord(rarer));
      return say(i, `${rarer} ${rest}`);
    }
    opens(word);
  });
  return changed;
}
