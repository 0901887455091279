/**
 * A long-context sentence naming one milk twice where the customer said it once: "Hi, I'd like a non
 * fat single shot latte please." -> "So that's a non fat single shot latte with non-fat milk?"; "a
 * chai latte with non fat milk and a latte with oat milk, plus non-fat milk" (the read-back writer
 * took the customer's "non fat", spaced, for a milk it had not named yet); "a not-fat milk cortado with
 * caramel as the sugar substitute and non-fat milk" (the corpus's slip "not-fat" read as no milk yet).
 * A careful barista says each part of the order once.
 */
import type { CaseMeasure } from '../types.js';
import { dialogueSegments, spokenTurns } from './context.js';

/** Milks a reply may name, as "<kind> milk" or "<kind>" before a drink ("a non fat latte"). */
const MILKS = ['non fat', 'skim', 'oat', 'almond', 'soy', 'coconut', 'whole', '2%', 'lactose free'];

const normal = (text: string) => text.toLowerCase().replace(/-/g, ' ').replace(/\bno[nt] ?fat\b/g, 'non fat').replace(/\bskimmed\b/g, 'skim');
const count = (text: string, milk: string) => (text.match(new RegExp(`(?<![\\w%])${milk.replace('%', '\\%')}(?![\\w])`, 'g')) ?? []).length;

/**
 * The milks one sentence of `reply` names more often than the customer's turns of that dialogue
 * (`said`) do. Per sentence: a reply saying the order in an acknowledgement and again in a read-back
 * ("Okay, so it's a latte with oat milk and chocolate sauce. Let me read that back: a latte with oat
 * milk and chocolate?") repeats the order, not a part of it — another class, left open.
 */
export function milksSaidTwice(reply: string, said: string): string[] {
  const s = normal(said);
  const out = new Set<string>();
  for (const sentence of normal(reply).split(/(?<=[.!?])\s+/)) for (const m of MILKS) if (count(sentence, m) >= 2 && count(sentence, m) > count(s, m)) out.add(m);
  return [...out];
}

export const contextMilkTwice: CaseMeasure = {
  kind: 'case',
  id: 'long_context_milk_twice',
  group: 'text',
  title: 'long context: a reply names one milk twice where the customer said it once ("a non fat single shot latte with non-fat milk")',
  population: 'evolved cases with a long-context insertion',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    // Each source dialogue on its own: what its customer said before the reply.
    for (const dialogue of dialogueSegments(tc, turns) ?? [turns]) {
      const said: string[] = [];
      for (const t of dialogue) {
        if (t.role === 'user') {
          said.push(t.text);
          continue;
        }
        const twice = milksSaidTwice(t.text, said.join(' '));
        if (twice.length) return `"${t.text.slice(0, 100)}" names ${twice[0]} twice after "${said.join(' / ').slice(0, 100)}"`;
      }
    }
    return null;
  },
};
