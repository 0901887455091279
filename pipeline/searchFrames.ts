/**
 * The ways a closing answer says what a search found ("A search for "q" found 3 results: …"): the answer
 * writer picks among them and answer_search_frame_twice reads them back, from this one definition.
 */
import { answerSentences } from './answerFacts.js';

export const SEARCH_FOUND: ((query: string, found: string) => string)[] = [
  (q, found) => `A search for ${q} found ${found}.`,
  (q, found) => `Searching for ${q} turned up ${found}.`,
  (q, found) => `I searched for ${q} and found ${found}.`,
  // "The search for Q …", never "For Q, the search came back with …": the term is what was searched, not a name the finding is about.
  (q, found) => `The search for ${q} came back with ${found}.`,
];

/**
 * The service each toolkit searches, as a person names it: a finding says whose search it was where another service
 * was searched for the same words in the turn ("The search for "quantum mechanics" on arXiv came back with …"), and
 * answer_search_service_unsaid reads the names back from here.
 */
export const SEARCH_SERVICES: Readonly<Record<string, string>> = { ArxivSearch: 'arXiv', GoogleScholar: 'Google Scholar', GoogleSearch: 'Google', FilmTMDB: 'TMDB', FilmDouban: 'Douban', AirbnbSearch: 'Airbnb', BINGMap: 'Bing Maps', GaodeMap: 'Gaode Maps' };

/** A linking word a later search's sentence may open with ("Next, I searched for …"). */
const LINK = /^((?:Next|Then|After that|Also|Finally), )/;

const FORMS = SEARCH_FOUND.map((form) => {
  const escaped = form('\u0000', '\u0001').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace('\u0000', '(".+?"(?: (?:near|on) .+?)?)').replace('\u0001', '(.+)')}$`);
});

/** Which SEARCH_FOUND form a sentence is, with its query, what it found and the linking word before it; undefined for any other sentence. */
export function searchFrameParts(sentence: string): { form: number; link: string; query: string; found: string } | undefined {
  const link = LINK.exec(sentence)?.[1] ?? '';
  const rest = link ? sentence.slice(link.length).replace(/^[a-z]/, (c) => c.toUpperCase()) : sentence;
  for (const [form, re] of FORMS.entries()) {
    const m = re.exec(rest);
    if (m) return { form, link, query: m[1], found: m[2] };
  }
  return undefined;
}

/**
 * The frames an answer tells two of its searches in alike while another frame goes unused ("The search for
 * "history of artificial intelligence" came back with 3 results: …. The search for "AI ethics" came back with
 * …"): the repeated form's opening words, or undefined.
 */
export function searchFrameTwice(answer: string): string | undefined {
  const used = answerSentences(answer).map(searchFrameParts).filter((p) => p !== undefined);
  const forms = used.map((p) => p.form);
  const twice = forms.find((f, i) => forms.indexOf(f) !== i);
  if (twice === undefined || new Set(forms).size >= SEARCH_FOUND.length) return undefined;
  return SEARCH_FOUND[twice]('Q', 'X').replace(/ X\.$/, '');
}

/**
 * Each search of an answer told in a frame the answer has not used yet, where one is left: two searches
 * said in the same words read as a form filled in twice (answer_search_frame_twice). The frame given
 * instead is the next unused one, so a rebuild says the same.
 */
export function searchFramesVaried(answer: string): string {
  const sentences = answerSentences(answer);
  const used = new Set<number>();
  let changed = false;
  const out = sentences.map((s) => {
    const p = searchFrameParts(s);
    if (!p) return s;
    if (!used.has(p.form)) {
      used.add(p.form);
      return s;
    }
    const free = SEARCH_FOUND.map((_f, k) => (p.form + k + 1) % SEARCH_FOUND.length).find((f) => !used.has(f));
    if (free === undefined) return s;
    used.add(free);
    changed = true;
    const said = SEARCH_FOUND[free](p.query, p.found);
    // "Next, I searched for …" keeps its "I"; any other frame goes lower-case after the linking word.
    return p.link ? `${p.link}${/^I /.test(said) ? said : said.charAt(0).toLowerCase() + said.slice(1)}` : said;
  });
  return changed ? out.join(' ') : answer;
}
