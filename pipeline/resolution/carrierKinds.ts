/**
 * What kind of thing a value is, and what kind of thing an answer's field holds: a carried value
 * (grounded.ts) may only sit where the tool could truly hold it. A film a later step looks up
 * (print_detail's film_name) is in a film list, never an arXiv paper's title; a Google Scholar
 * result id (get_citation_format's q) is in a search's organic_id, never among meeting-room ids; an
 * author id comes from get_author_id, not from a paper's organic id.
 *
 * The kind is read from words: for a value, the argument's name, its description and the tool's
 * name; for a carrier, the record sub-field, the field's name and description, and the tool's name,
 * the first kind word found winning (so arXiv's `authors` sub-field of "a list of papers" holds
 * people, its `title` papers). An unknown kind on either side fits anything.
 */
import type { ToolDoc } from '../schemas.js';

export type ThingKind = 'film' | 'paper' | 'author' | 'room' | 'property' | 'place' | 'stock' | 'review' | 'news';

const KIND_WORDS: [ThingKind, RegExp][] = [
  ['review', /\breviews?\b|\bcomments?\b/],
  ['author', /m?authors?(?:_?ids?)?\b|\bpub_?info\b|\bpublication info/],
  ['news', /\bnews\b/],
  ['film', /film|movie|cinema/],
  ['paper', /papers?\b|articles?\b|arxiv|scholar|organic|publications?\b|citations?\b/],
  ['room', /\brooms?\b|meeting/],
  ['property', /propert(?:y|ies)|airbnb|listings?\b/],
  ['stock', /ticker|\bstocks?\b|\bassets?\b|equity|\bcompany\b/],
  ['place', /\bplaces?\b|\blocations?\b|\baddress(?:es)?\b|restaurant|\bstations?\b|\bhotels?\b|caterer|catering/],
];

const spaced = (s: string) => s.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** The first kind word in `text` (earliest position), or undefined. */
export function kindIn(text: string): ThingKind | undefined {
  const t = spaced(text);
  let best: { kind: ThingKind; at: number } | undefined;
  for (const [kind, re] of KIND_WORDS) {
    const m = re.exec(t);
    if (m && (!best || m.index < best.at)) best = { kind, at: m.index };
  }
  return best?.kind;
}

/** What the value an argument `key` of `doc` takes is (print_detail's film_name: a film). */
export function argumentKind(doc: ToolDoc | undefined, key: string): ThingKind | undefined {
  const param = doc && [...doc.required_parameters, ...doc.optional_parameters].find((p) => p.name === key);
  // The key first (movie_id), then its description ("ID of an individual Google Scholar organic search result"), then the tool.
  return kindIn(key) ?? kindIn(param?.description ?? '') ?? (doc ? kindIn(doc.name.split('.').pop() ?? '') ?? kindIn(doc.name) : undefined);
}

/** What the answer of `doc` holds in `field` (in `sub` of each of its records). */
export function carrierKind(doc: ToolDoc, field: string, sub?: string): ThingKind | undefined {
  const f = doc.return_data.find((r) => r.name === field);
  return kindIn(sub ?? '') ?? kindIn(field) ?? kindIn(f?.description ?? '') ?? kindIn(doc.name.split('.').pop() ?? '') ?? kindIn(doc.name);
}

/** A property is a place (a route can end at one); every other kind fits only itself. */
export function kindsFit(need: ThingKind | undefined, carrier: ThingKind | undefined): boolean {
  if (!need || !carrier || need === carrier) return true;
  const pair = new Set([need, carrier]);
  return pair.has('place') && pair.has('property');
}
