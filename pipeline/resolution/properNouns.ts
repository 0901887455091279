/**
 * Names a careful writer capitalises wherever they stand: "the Amazon rainforest", "hotels of
 * Paris", "Tesla's results", "English breakfast". A title or a passage the simulator builds from the
 * user's words ("amazon rainforest biodiversity") writes them so, whatever case the user typed.
 */
import { placesNamedIn } from './places.js';
import { COMPANIES } from './worldFacts.js';
import { escapeRegExp } from '../errors/vocabulary.js';

/** Countries, continents, seas, regions, peoples and languages: a word or two, written as the world writes them. */
const WORDS = [
  'Africa', 'African', 'America', 'American', 'Americas', 'Antarctic', 'Antarctica', 'Arctic', 'Asia', 'Asian', 'Atlantic', 'Australia', 'Australian', 'Europe', 'European',
  'Pacific', 'Indian Ocean', 'Mediterranean', 'Caribbean', 'Sahara', 'Amazon', 'Himalaya', 'Himalayas', 'Alps', 'Andes', 'Nile', 'Yangtze', 'Mars', 'Jupiter', 'Venus', 'Saturn',
  'China', 'Chinese', 'Japan', 'Japanese', 'Korea', 'Korean', 'India', 'Indian', 'France', 'French', 'Germany', 'German', 'Italy', 'Italian', 'Spain', 'Spanish', 'Britain', 'British',
  'England', 'English', 'Scotland', 'Scottish', 'Ireland', 'Irish', 'Canada', 'Canadian', 'Mexico', 'Mexican', 'Brazil', 'Brazilian', 'Russia', 'Russian', 'Indonesia', 'Indonesian',
  'Thailand', 'Thai', 'Vietnam', 'Vietnamese', 'Greece', 'Greek', 'Egypt', 'Egyptian', 'Turkey', 'Turkish', 'Portugal', 'Portuguese', 'Netherlands', 'Dutch', 'Sweden', 'Swedish',
  'Norway', 'Norwegian', 'Switzerland', 'Swiss', 'Africa', 'Kenya', 'Nigeria', 'Argentina', 'Chile', 'Peru', 'Iceland', 'Hawaii', 'California', 'Texas', 'Florida', 'Alaska',
  'Latin', 'Arabic', 'Hindi', 'Mandarin', 'Cantonese', 'Renaissance', 'Baroque', 'Victorian', 'Ming', 'Qing', 'Tang', 'Roman', 'Byzantine', 'Islamic', 'Buddhist', 'Christian',
  'Python', 'JavaScript', 'TypeScript', 'Java', 'Linux', 'Windows', 'Android', 'iOS', 'Bitcoin', 'Ethereum', 'Internet', 'Covid-19', 'COVID-19', 'Shakespeare', 'Einstein', 'Darwin',
];

/** Company names by the one word people write for them ("tesla" → "Tesla"); words that are also common nouns ("apple", "shell") stay as written. */
const COMMON = /^(apple|amazon|meta|target|visa|shell|oracle|square|block|gap|ford)$/;
const COMPANY_WORDS = COMPANIES.flatMap((c) => c.aliases.filter((a) => /^[a-z][a-z-]+$/.test(a) && !COMMON.test(a)).map((a) => [a, c.name.split(/[\s,]/)[0]] as const)).filter(([a, n]) => a === n.toLowerCase());

const BY_LOWER = new Map<string, string>([...WORDS.map((w) => [w.toLowerCase(), w] as const), ...COMPANY_WORDS.map(([a, n]) => [a, n] as const)]);
const NAME_RE = new RegExp(`(?<![\\w./@-])(${[...BY_LOWER.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|')})(?![\\w/@-]|\\.\\w)`, 'gi');

/** The capitalised names a text writes in lower case, each as [as written, as it should be]. */
export function lowercasedNames(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const m of text.matchAll(NAME_RE)) {
    const right = BY_LOWER.get(m[1].toLowerCase())!;
    if (m[1] !== right && m[1] === m[1].toLowerCase()) out.push([m[1], right]);
  }
  for (const place of placesNamedIn(text)) {
    if (!/^\p{Lu}/u.test(place.name)) continue;
    const name = place.name.replace(/^The\s+/, '');
    for (const m of text.matchAll(new RegExp(`(?<![\\w/@.-])${escapeRegExp(name)}(?![\\w/@-])`, 'gi'))) {
      if (m[0] !== name && m[0] === m[0].toLowerCase()) out.push([m[0], name]);
    }
  }
  return out;
}

/** `text` with every known name in lower case given its capitals: "amazon rainforest" → "Amazon rainforest", "tesla's" → "Tesla's". */
export function properCase(text: string): string {
  let out = text;
  for (const [wrong, right] of lowercasedNames(text)) out = out.replace(new RegExp(`(?<![\\w/@.-])${escapeRegExp(wrong)}(?![\\w/@-])`, 'g'), right);
  return out;
}
