/**
 * A topic as the noun phrase a title or a summary can hold. A user types a search as a bare noun
 * ("statue", "job application", "tourist attractions New York City"); a paper is about statues, job
 * applications, tourist attractions in New York City. "Measuring the impact of statue" reads as a
 * template filled in; the simulator puts a bare singular count noun in the plural and a place glued
 * to its subject after "in", and the quality report (simulated_title_ungrammatical) flags titles and
 * summaries that still hold one after a frame.
 */
import { placesNamedIn } from './places.js';
import { escapeRegExp } from '../errors/vocabulary.js';

/**
 * Things people search for by a bare singular noun that are counted, not massed: "the impact of
 * statues", never "of statue". A list, not a tagger: taggers call "energy" and "architecture" plural
 * nouns and "film" a verb. Mass and field nouns (energy, tourism, architecture, history) are not here.
 */
const COUNT_NOUNS = [
  'statue', 'monument', 'museum', 'gallery', 'exhibition', 'beach', 'hotel', 'hostel', 'restaurant', 'cafe', 'café', 'coffee shop', 'bar', 'park', 'landmark',
  'attraction', 'building', 'bridge', 'temple', 'church', 'cathedral', 'castle', 'palace', 'tower', 'skyscraper', 'stadium', 'market', 'festival',
  'painting', 'sculpture', 'movie', 'novel', 'book', 'poem', 'song', 'album', 'video game', 'game', 'app', 'website', 'smartphone', 'phone',
  'robot', 'drone', 'car', 'electric vehicle', 'vehicle', 'bicycle', 'bike', 'train', 'airport', 'station', 'camera', 'computer', 'chatbot',
  'algorithm', 'neural network', 'network', 'language model', 'vaccine', 'drug', 'battery', 'satellite', 'rocket', 'planet', 'galaxy', 'black hole',
  'volcano', 'island', 'mountain', 'river', 'lake', 'forest', 'animal', 'dog', 'cat', 'bird', 'tree', 'plant', 'house', 'apartment',
  'company', 'startup', 'school', 'university', 'job application', 'application', 'job interview', 'interview', 'recipe', 'dish', 'neighborhood', 'neighbourhood',
];
const COUNT = new Set(COUNT_NOUNS);

/** A word that makes a noun phrase definite or counted already ("the statue", "a museum", "three hotels"). */
const DETERMINER = /^(the|a|an|this|that|these|those|my|our|your|their|its|his|her|one|two|three|four|five|some|any|each|every|no)$/i;

/** The plural of a count noun's last word: statues, galleries, beaches, cafés. */
export function pluralOf(noun: string): string {
  const words = noun.split(' ');
  const last = words.pop()!;
  const plural = /[^aeiou]y$/i.test(last) ? `${last.slice(0, -1)}ies` : /(s|sh|ch|x|z)$/i.test(last) ? `${last}es` : `${last}s`;
  return [...words, plural].join(' ');
}

/** The count noun a phrase ends in, bare and singular ("statue", "job application"); undefined when it does not. */
export function bareCountNoun(phrase: string): string | undefined {
  const words = phrase.trim().split(/\s+/);
  if (!words.length || DETERMINER.test(words[0])) return undefined;
  // "job application" before "application": the longest count noun the phrase ends in, lower case as typed.
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    const tail = words.slice(-n).join(' ');
    if (COUNT.has(tail.toLowerCase()) && tail === tail.toLowerCase()) return tail;
  }
  return undefined;
}

/** Words that may stand before a place: "in New York", "of Paris", "Tourism and heritage in Rome". */
const BEFORE_PLACE = /^(in|of|at|near|from|to|around|across|about|and|or|the|for|on|by|with|visiting|visitors|between)$/i;

/**
 * The topic as a title's or a summary's noun phrase: a bare singular count noun in the plural
 * ("statue" → "statues", "job application" → "job applications"), a place glued to its subject after
 * "in" ("tourist attractions New York City" → "tourist attractions in New York City"). Anything
 * else as it is.
 */
export function topicAsNounPhrase(topic: string): string {
  let t = topic.trim();
  for (const place of placesNamedIn(t)) {
    const m = new RegExp(`^(.*\\b([\\p{Ll}]+))\\s+(${escapeRegExp(place.name)})\\b`, 'u').exec(t);
    if (m && !BEFORE_PLACE.test(m[2])) t = `${m[1]} in ${m[3]}${t.slice(m[0].length)}`;
  }
  // The subject before a place, or the whole topic, in the plural when it is a bare count noun.
  const at = / in \p{Lu}/u.exec(t);
  const [subject, rest] = at ? [t.slice(0, at.index), t.slice(at.index)] : [t, ''];
  const noun = bareCountNoun(subject);
  return noun ? `${subject.slice(0, subject.length - noun.length)}${pluralOf(noun)}${rest}` : t;
}

/**
 * Frames a title or a summary puts a topic into ("Measuring the impact of X", "A survey of X", "We
 * review recent advances in X"): the noun phrase after each is read.
 */
const FRAMES = /\b(?:impact of|decades of|survey of|limits of|theory of|foundations of|study of|history of|understanding of|perspectives on|misconceptions about|advances in|progress in|problems in|directions in|look at|introduction to|review of|literature on|studies on|concepts of|framework for|role of|benchmarks for|lessons from|research on|rethinking|understanding|mapping)\s+(?=([\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*){0,5}))/giu;

/** Words that end the noun phrase a frame takes ("of statues in Rome", "of X: a review", "of X and Y"). */
const PHRASE_END = /^(in|of|at|on|for|from|to|and|or|with|that|which|is|are|has|have|can|we|by|as|a|the|over|since|between|across|around|near|published|from)$/i;

/**
 * A topic a title or a summary holds ungrammatically after one of its frames: a bare singular count
 * noun ("Measuring the impact of statue"), or a place glued to its subject without a preposition
 * ("Lessons from two decades of tourist attractions New York City"). Undefined when none.
 */
export function ungrammaticalTopic(text: string): string | undefined {
  for (const m of text.matchAll(FRAMES)) {
    const words = m[1].split(/\s+/);
    const end = words.findIndex((w, i) => i > 0 && PHRASE_END.test(w));
    const phrase = (end < 0 ? words : words.slice(0, end)).join(' ').replace(/[.,:;!?]+$/, '');
    const glued = placesNamedIn(phrase).find((p) => {
      const before = new RegExp(`(\\p{Ll}+)\\s+${escapeRegExp(p.name)}\\b`, 'u').exec(phrase);
      return before !== null && !BEFORE_PLACE.test(before[1]);
    });
    if (glued) return `"${m[0].trim()} ${phrase}": ${glued.name} glued to its subject without "in"`;
    // The phrase's head is its last word: "of statue" and "of statue in Rome" are bare, "of statue design" is not.
    const noun = phrase === phrase.toLowerCase() ? bareCountNoun(phrase) : undefined;
    if (noun) return `"${m[0].trim()} ${phrase}": the bare singular "${noun}" where the frame takes a plural or an article`;
  }
  return undefined;
}

export const cap = (s: string) => s.replace(/^./, (ch) => ch.toUpperCase());

/**
 * The verb a topic takes as a subject: "neural networks are", "machine learning is". A topic is
 * plural when its last word is a plural noun ("algorithms", "exhibitions"), not a singular in -s
 * ("analysis", "economics", "news", "bus").
 */
export function agree(topic: string, singular: string, plural: string): string {
  const last = topic.trim().split(/\s+/).pop()!.toLowerCase();
  const isPlural = /[^s]s$/.test(last) && !/(ics|ss|us|is|news|series|species|ways)$/.test(last);
  return isPlural ? plural : singular;
}

/** The verb of a subject whose head comes first: "the impact of statues is", "history and culture in Berlin has", "the choice of materials matters". */
export function headAgree(subject: string, singular: string, plural: string): string {
  return agree(subject.split(/\s+(?:of|in|for|on|at|since|from|and|across|among)\s+/i)[0], singular, plural);
}
