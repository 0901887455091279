/**
 * compromise (part-of-speech tagging), loaded when first called: loading it builds its lexicon,
 * a quarter of a second that every command paid at start-up whether it tagged a word or not.
 */
import { createRequire } from 'node:module';
import type Compromise from 'compromise';

type Nlp = typeof Compromise;
let loaded: Nlp | undefined;

export function nlp(text: string): ReturnType<Nlp> {
  loaded ??= createRequire(import.meta.url)('compromise') as Nlp;
  return loaded(text);
}
