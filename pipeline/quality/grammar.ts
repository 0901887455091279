/**
 * A small rule-based grammar check for generated English (thoughts, answers), on compromise's
 * part-of-speech tags. It looks for the slips template filling makes, not for style: a verb after
 * "need to" / a modal that is not in its base form ("I need to gets", "I need to a search"), a
 * first-person subject with a third-person verb ("I needs"), a doubled word, "a"/"an" before the
 * wrong sound, and a sentence that does not start with a capital or end with punctuation.
 * Code-like tokens (snake_case, dotted names, `quoted`, key=value) are read as nouns.
 */
import { nlp } from '../nlp.js';

export interface GrammarIssue {
  rule: 'verb-after-to' | 'verb-after-modal' | 'subject-verb' | 'doubled-word' | 'article' | 'number-agreement' | 'capital' | 'end-punctuation';
  at: string;
}

/** Verbs that take "to" + base form ("I need to check"). */
const TO_VERBS = new Set(['need', 'needs', 'want', 'wants', 'have', 'has', 'going', 'try', 'trying', 'able', 'plan', 'planning', 'intend', 'wish', 'decide', 'ought', 'used']);
const MODALS = new Set(['will', 'would', 'can', 'could', 'should', 'must', 'shall', 'might', "i'll", "we'll", "let's"]);
/** Words that may stand between a modal or "to" and its verb. */
const SKIPPABLE = new Set(['not', 'also', 'then', 'first', 'now', 'just', 'still', 'simply', 'quickly', 'only', 'now,', 'next']);
/** Base-form verbs compromise sometimes tags otherwise (as nouns when they start a clause). */
const BASE_FORMS = new Set(['be', 'have', 'do', 'check', 'look', 'list', 'call', 'find', 'fetch', 'use', 'get', 'set', 'send', 'post', 'open', 'move', 'copy', 'search', 'sort', 'report', 'book', 'ask', 'show', 'run', 'read', 'work', 'pull', 'add', 'make', 'put', 'try', 'tell', 'view', 'log', 'note', 'record', 'query', 'filter', 'convert', 'start', 'finish', 'cancel', 'update', 'order', 'quote', 'contact', 'display', 'purchase', 'touch', 'reply', 'message', 'answer', 'end', 'confirm', 'reset', 'close', 'lock', 'unlock', 'fill', 'place', 'sell', 'buy']);

/** A token that is code or a value, not English: snake_case, dotted, quoted, with digits or `=`. */
function isCodeLike(text: string): boolean {
  return /[_=`"'()\[\]{}\d/\\@]|\.\w/.test(text) || /^[a-z]+[A-Z]/.test(text);
}

const VOWEL_SOUND_EXCEPTIONS_A = /^(uni|use|usu|usa|user|uten|utili|eu|one|once|ur)/i; // "a user", "a usage limit", "a one-way"
const VOWEL_SOUND_EXCEPTIONS_AN = /^(hour|honest|honou?r|heir)/i;

/** A number as it is read: "8…" (eight, eighty), "11" / "18" leading a group (eleven, eighteen thousand) open with a vowel. */
function numberStartsWithVowelSound(token: string): boolean {
  const digits = /^\d[\d,]*/.exec(token)![0].replace(/,/g, '');
  if (digits.startsWith('8')) return true;
  const lead = digits.length % 3 === 2;
  return lead && (digits.startsWith('11') || digits.startsWith('18'));
}

function startsWithVowelSound(word: string): boolean {
  if (/^\d/.test(word)) return numberStartsWithVowelSound(word);
  return /^[aeiou]/i.test(word) ? !VOWEL_SOUND_EXCEPTIONS_A.test(word) : VOWEL_SOUND_EXCEPTIONS_AN.test(word);
}

function articleWrong(article: string, next: string): boolean {
  // "a 11-word text" reads "a eleven": a number is checked by how it is said.
  if (/^\d/.test(next)) return article === 'a' ? numberStartsWithVowelSound(next) : !numberStartsWithVowelSound(next);
  const word = next.replace(/^[^A-Za-z]+/, '');
  if (!word || isCodeLike(next)) return false;
  // Acronyms read letter by letter: "an API", "an SMS", "a URL"; leave them alone.
  if (/^[A-Z]{2,}/.test(word)) return false;
  const vowel = startsWithVowelSound(word);
  return article === 'a' ? vowel : !vowel;
}

/**
 * Quoted text, escaped quotes inside it included: `text.replace(QUOTED_TEXT, '""')` reads a sentence with its quotes
 * emptied, so a name's or a value's own words and full stops are never read as the sentence's.
 */
export const QUOTED_TEXT = /"(?:[^"\\]|\\.)*"/g;

/** Items as a list in a sentence: "a", "a and b", "a, b and c". */
export function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "a drama", "an adventure", "an hour", "a user", "an 11-word": the word with the indefinite article it takes. */
export function withArticle(word: string): string {
  return `${startsWithVowelSound(word) ? 'an' : 'a'} ${word}`;
}

interface Term {
  text: string;
  lower: string;
  tags: string[];
  /** What follows the word before the next: its punctuation and space ("." after "(2022" in "(2022)." Shall"). */
  post?: string;
  /** What comes before the word: an opening quote ("\"" before "could" in says "could we …"). */
  pre?: string;
}

function termsOf(sentence: string): Term[] {
  const json = nlp(sentence).json() as { terms: { text: string; tags: string[]; post?: string; pre?: string }[] }[];
  return json.flatMap((s) => s.terms.map((t) => ({ text: t.text, lower: t.text.toLowerCase(), tags: t.tags, post: t.post ?? '', pre: t.pre ?? '' })));
}

/**
 * Whether a word cannot start the verb phrase after "to" or a modal: a determiner, preposition,
 * pronoun or conjunction ("need to a search"), or a verb not in its base form ("need to gets",
 * "will called", "should getting"). An unknown word (a coined verb like "retweet") passes.
 */
function notBaseVerb(t: Term): boolean {
  if (isCodeLike(t.text) || BASE_FORMS.has(t.lower)) return false;
  if (t.tags.includes('Infinitive') || t.tags.includes('Imperative')) return false;
  if (['Determiner', 'Preposition', 'Pronoun', 'Conjunction'].some((tag) => t.tags.includes(tag))) return true;
  if (t.tags.includes('Gerund') || t.tags.includes('PastTense')) return true;
  return t.tags.includes('PresentTense') && /s$/.test(t.lower);
}

/** The sentences of a text (split after . ! ? followed by a space and a capital or a quote). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z"'(`])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function grammarIssues(text: string): GrammarIssue[] {
  const issues: GrammarIssue[] = [];
  for (const sentence of sentencesOf(text)) {
    if (/^[a-z]/.test(sentence) && !isCodeLike(sentence.split(/\s/)[0])) issues.push({ rule: 'capital', at: sentence.slice(0, 40) });
    if (!/[.!?]["')`]?$/.test(sentence)) issues.push({ rule: 'end-punctuation', at: sentence.slice(-40) });
    // A doubled word in the raw text (not across code: `send` after "send" is a name, not a slip).
    for (const m of sentence.matchAll(/(?<![`\w])([A-Za-z]+)\s+\1(?![`\w])/gi)) issues.push({ rule: 'doubled-word', at: m[0] });
    // "There are 1 line", "there is 3 files": the verb agrees with the count.
    for (const m of sentence.matchAll(/\bthere (?:are|were) (?:1|one) (?!of\b)\w+|\bthere (?:is|was) (?:[2-9]|[1-9]\d+) \w+/gi)) issues.push({ rule: 'number-agreement', at: m[0] });
    const terms = termsOf(sentence);
    for (let i = 0; i < terms.length; i++) {
      const t = terms[i];
      const next = terms[i + 1];
      if (!next) continue;
      // A capital "A" inside a sentence is a label ("city A", "option A"), not an article.
      const label = t.text === 'A' && i > 0;
      if ((t.lower === 'a' || t.lower === 'an') && !label && articleWrong(t.lower, next.text)) issues.push({ rule: 'article', at: `${t.text} ${next.text}` });
      if (t.lower === 'i' && next.tags.includes('PresentTense') && !next.tags.includes('Infinitive') && /s$/.test(next.lower) && !isCodeLike(next.text) && !['was', 'is', 'has'].includes(next.lower)) {
        issues.push({ rule: 'subject-verb', at: `${t.text} ${next.text}` });
      }
      const afterTo = TO_VERBS.has(t.lower) && next.lower === 'to';
      const afterModal = MODALS.has(t.lower.replace(/[’]/g, "'"));
      if (!afterTo && !afterModal) continue;
      // A question puts the modal before its subject: "Should I try again?", "…, or shall we leave it?".
      // So does one after a quote that closes the sentence before it ("… (2022)." Shall I …?"), which sentencesOf leaves joined.
      // A question quoted from the user opens its quote the same way: says "could we dive into …".
      if (afterModal && (i === 0 || /["“]\s*$/.test(t.pre ?? '') || /[,;:]$/.test(terms[i - 1].text) || /^[)]*[.!?]["”')]+\s*$/.test(terms[i - 1].post ?? '') || terms[i - 1].lower === 'or') && /^(?:i|you|we|they|he|she|it)$/.test(next.lower)) continue;
      let j = afterTo ? i + 2 : i + 1;
      while (j < terms.length && (SKIPPABLE.has(terms[j].lower) || terms[j].tags.includes('Adverb'))) j++;
      const verb = terms[j];
      if (!verb) continue;
      // "will" as a noun ("the user's will") is too rare here to special-case; "to" after "have"
      // may be "have to" + verb only when "have" is the main verb, which the list assumes.
      if (notBaseVerb(verb)) issues.push({ rule: afterTo ? 'verb-after-to' : 'verb-after-modal', at: terms.slice(i, j + 1).map((x) => x.text).join(' ') });
    }
  }
  return issues;
}

/**
 * A key as prose words: "frontLeftTirePressure" -> "front left tire pressure", "checkIn" -> "check
 * in", "file_name1" -> "file name 1"; acronyms ("ID", "URL") kept. The writers of thoughts and closing
 * answers name fields with it, so neither shows a key's camel case.
 */
/** Chinese, Japanese or Korean text, which runs on without spaces: sized in characters, not words. */
export function isCjkText(text: string): boolean {
  return (text.match(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/g) ?? []).length > text.length / 3;
}

export function keyAsWords(k: string): string {
  return k
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([a-z])(\d)/gi, '$1 $2')
    .replace(/_+/g, ' ')
    .trim()
    .replace(/\b([A-Z])([a-z]+)\b/g, (_m, a: string, b: string) => a.toLowerCase() + b)
    .replace(/\b[a-z]+\b/g, (w) => MISSPELT_KEYS[w] ?? w);
}

/** Short words a key may hold that prose reads as English ("travel to", "date of birth", "order id"). */
const SHORT_KEY_WORDS = new Set(['to', 'in', 'of', 'on', 'at', 'by', 'for', 'id', 'ids', 'max', 'min', 'url']);

/**
 * The words of a key (keyAsWords) that are no English word a person would write as a noun: an
 * abbreviation or run-together name the API made up (`mauthors`, `q`, `dir`, `num`, `abs`, a lone
 * letter `a`, `b`). A word counts as English when the docs of the case use it (`vocabulary`, lower
 * case), or when it is a short function word or a common abbreviation (SHORT_KEY_WORDS).
 */
export function rawKeyWords(key: string, vocabulary: ReadonlySet<string>): string[] {
  return keyAsWords(key)
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w && isRawKeyWord(w, vocabulary));
}

/**
 * A key's word no person writes as a noun: a lone letter (`a`, `q`), an abbreviation the docs spell
 * out (`dir` for "directory", `num`, `abs`), or a doc word run together with a stray letter or two
 * (`mauthors`). A word the docs use, or any other whole word ("amount"), is English.
 */
function isRawKeyWord(w: string, vocabulary: ReadonlySet<string>): boolean {
  if (/^\d+$/.test(w) || SHORT_KEY_WORDS.has(w) || Object.values(MISSPELT_KEYS).includes(w)) return false;
  if (w.length <= 2) return true;
  if (vocabulary.has(w) || vocabulary.has(w.replace(/s$/, '')) || vocabulary.has(`${w}s`)) return false;
  const words = [...vocabulary];
  if (w.length <= 4 && words.some((v) => v.startsWith(w) && v.length >= w.length + 3)) return true;
  const stem = w.replace(/s$/, '');
  return [w, stem].some((x) => words.some((v) => {
    if (v.length < 4 || v.length >= x.length) return false;
    const w = x;
    const before = w.endsWith(v) ? w.slice(0, -v.length) : undefined;
    const after = w.startsWith(v) ? w.slice(v.length) : undefined;
    return (before !== undefined && before.length <= 2 && !['un', 're'].includes(before)) || (after !== undefined && after.length <= 2 && !['s', 'es', 'ed', 'er', 'ly', 'y'].includes(after));
  }));
}

/** The lower-case words of a text (a tool doc), for rawKeyWords. */
export function docVocabulary(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[a-z]+/g) ?? []);
}

/** A tool doc as keyNoun reads it: its parameters' descriptions, and the words of all its docs. */
export interface KeyDoc {
  description?: string;
  required_parameters?: readonly { name: string; description?: string }[];
  optional_parameters?: readonly { name: string; description?: string }[];
  return_data?: readonly { name: string; description?: string }[];
}

const docWordsMemo = new WeakMap<object, Set<string>>();
function docWords(doc: KeyDoc): Set<string> {
  let words = docWordsMemo.get(doc);
  if (!words) {
    const texts = [doc.description ?? '', ...[...(doc.required_parameters ?? []), ...(doc.optional_parameters ?? []), ...(doc.return_data ?? [])].map((p) => p.description ?? '')];
    words = docVocabulary(texts.join(' '));
    docWordsMemo.set(doc, words);
  }
  return words;
}

/**
 * Keys too bare to stand as nouns in prose ("the end is \"Miami\"", "`search_stock_ticker` with search
 * \"Apple Inc.\"", "the places are \"Times Square\""), each with the noun its parameter's doc gives it
 * when the doc says what it holds: a route's end location is its destination, a ticker search's terms
 * are search terms, an aggregate's from/to are the window's start and end dates.
 */
export const BARE_KEYS: Record<string, [RegExp, string][]> = {
  end: [[/\bend location\b/i, 'destination']],
  start: [[/\bstart location\b/i, 'starting point']],
  places: [[/\bname of the location\b/i, 'place']],
  search: [[/\bsearch for terms\b/i, 'search terms']],
  from: [[/\bstart of the [\w ]*window\b.*YYYY-MM-DD/i, 'start date']],
  to: [[/\bend of the [\w ]*window\b.*YYYY-MM-DD/i, 'end date']],
  // Scholar's `q`, "ID of an individual Google Scholar organic search result": the organic id its listing gave
  // ("with organic id "O89oBDOtbPMJ""), never "with organic search result's ID" beside "has organic id" (lead38).
  q: [[/\borganic search result\b/i, 'organic id']],
  // Airbnb's dates: "with check-in date "2023-12-01"", never "with check in "2023-12-01"".
  checkIn: [[/\bdate\b/i, 'check-in date']],
  checkOut: [[/\bdate\b/i, 'check-out date']],
  // BFCL's diff: "with first file \"config.py\" and second file \"real_config.py\"", never "file name 1" (lead39).
  file_name1: [[/\bfirst file\b/i, 'first file']],
  file_name2: [[/\bsecond file\b/i, 'second file']],
};

/** Keys that are a unit of measure and nothing else. */
const UNIT_KEY = /^(liter|litre|gallon|mile|kilometer|kilometre)s?$/i;

/**
 * A key as prose names it: its words (keyAsWords) when they are English (the tool's docs use them),
 * else what its own doc says it is: T-Eval's `mauthors`, "the name of the author", reads "author's
 * name"; `q`, "ID of an individual Google Scholar organic search result", "organic search result's
 * ID"; `dir_name` "directory name"; MathAPI's `b`, "Second number.", "second number". "The user gave
 * the mauthors as …" reads as a careless writer. Without the tool's doc, the key's words.
 */
export function keyNoun(key: string, doc?: KeyDoc): string {
  // A key that is a unit ("gallon", "liter") names no thing: its value is an amount in it ("which is the amount in gallons
  // here", "with 13.2 gallons"), never "which is the gallon here" (thought_unit_as_noun).
  const unit = UNIT_KEY.exec(key)?.[1];
  if (unit) return `amount in ${unit.toLowerCase()}s`;
  const words = keyAsWords(key);
  if (!doc) return words;
  const bare = BARE_KEYS[key];
  if (bare) {
    const param = [...(doc.required_parameters ?? []), ...(doc.optional_parameters ?? [])].find((p) => p.name === key);
    const said = bare.find(([re]) => re.test(param?.description ?? ''))?.[1];
    if (said) return said;
  }
  const vocab = docWords(doc);
  const raw = rawKeyWords(key, vocab);
  if (raw.length === 0) return words;
  const param = [...(doc.required_parameters ?? []), ...(doc.optional_parameters ?? [])].find((p) => p.name === key);
  const desc = (param?.description ?? '').replace(/\[Required\]\s*/g, '').trim();
  // An abbreviation the docs spell out ("dir" → "directory", "num" → "number", "abs" → "absolute").
  const spelled = words
    .toLowerCase()
    .split(/\s+/)
    .map((w) => (raw.includes(w) && w.length >= 3 ? ([...docVocabulary(desc)].filter((v) => v.startsWith(w) && v.length > w.length).sort((a, b) => a.length - b.length)[0] ?? w) : w));
  if (rawKeyWords(spelled.join('_'), vocab).length === 0) return spelled.join(' ');
  if (!desc) return words;
  // Else the doc's own first phrase: "name of the author" → "author's name", "Second number." → "second number".
  const first = desc.split(/[.;:(]|,\s/)[0].trim().replace(/^(?:the|a|an)\s+/i, '');
  const phrase = /^[A-Z][a-z]/.test(first) ? first.charAt(0).toLowerCase() + first.slice(1) : first;
  const of = /^(name|id|ID|title|zipcode|code|coordinate|date|path|address)\s+of\s+(?:the\s+|an?\s+)?(.+)$/.exec(phrase);
  if (of) return `${of[2].split(/\s+/).slice(-3).join(' ')}'s ${of[1]}`;
  // A doc that says what to do ("Show hidden files and directories") names a setting.
  if (/^(?:show|include|return|use)\b/i.test(phrase)) return `setting to ${phrase}`;
  return phrase && phrase.split(/\s+/).length <= 6 ? phrase : words;
}

/**
 * Words the sources misspell in their field names (T-Eval's `affliation`, `snipets`, `get_daliy_open_close`):
 * the key stays as the API spells it, prose says the word. "The affliation is" reads as a careless writer.
 */
const MISSPELT_KEYS: Record<string, string> = { affliation: 'affiliation', snipets: 'snippets', snipet: 'snippet', daliy: 'daily', curr: 'current', descripton: 'description', adress: 'address', recieve: 'receive', seperate: 'separate', occured: 'occurred' };
