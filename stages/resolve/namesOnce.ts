/**
 * A name said once where "it" would do (answer_name_said_again). The deeds a chain joins and the
 * sentence after a name's own each name their thing in full; read together, the second naming is what
 * a careful writer leaves out: "I created the file "a.md" and then wrote the text to it.", "I moved
 * "notes.txt" to "archives", went into it, then renamed the file to "notes_2024.txt".", "The text of
 * "S" is "…". It has 36 characters."
 */
import { answerSentences, quotedNames, QUOTED_FILE, renamedAfterCarry, savedAgain } from '../../pipeline/answerFacts.js';
import { escapeRegExp } from '../../pipeline/errors/vocabulary.js';
import { searchFrameParts } from '../../pipeline/searchFrames.js';

const QUOTE = /"(?:[^"\\]|\\.)*"/g;

/** The names of a sentence with where each stands. */
function namesAt(s: string): { q: string; at: number }[] {
  const names = new Set(quotedNames(s));
  return [...s.matchAll(QUOTE)].filter((m) => names.has(m[0])).map((m) => ({ q: m[0], at: m.index! }));
}

/**
 * One sentence's name said again as a later deed's object, said as what it is there: "it" right after
 * its own naming ("went into it", "wrote the text to it"), "that folder", "the file" where another name
 * stands between and no other file is named, "into it" for the directory a move went into, "the movie"
 * after "the movie "Inception"". A comparison ("… differ by one line: "a" has … where "b" has …") and a
 * question keep their names.
 */
function withinSentence(s: string): string {
  if (/\?$/.test(s) || /\bdiffer\b/.test(s)) return s;
  const names = namesAt(s);
  let out = s;
  for (let k = names.length - 1; k > 0; k--) {
    const { q, at } = names[k];
    if (!names.slice(0, k).some((n) => n.q === q)) continue;
    const head = s.slice(0, at);
    const tail = s.slice(at + q.length);
    const right = names[k - 1].q === q;
    // The text a write quotes stands between the file and its second naming: "created "a.md" and then wrote "Notes." to it".
    const writtenRight = names[k - 2]?.q === q && /\bwrote "(?:[^"\\]|\\.)*" to $/.test(head);
    // Another file named before it ("created "a.txt" … saved "b.txt"") would make "the file" unclear.
    const onlyFile = QUOTED_FILE.test(q) && !names.slice(0, k).some((n) => n.q !== q && QUOTED_FILE.test(n.q));
    const put = (from: number, to: number, words: string) => (out = out.slice(0, from) + words + out.slice(to));
    const thing = new RegExp(`\\bthe (movie|film|paper|book) ${escapeRegExp(q)}`).exec(head);
    if (/\b(?:went|moved) into $/.test(head) && right) put(at, at + q.length, 'it');
    else if (/\bchanged to the folder $/.test(head) && right) put(at - 'the folder '.length, at + q.length, 'that folder');
    else if (/\b(?:wrote (?:the [\w' ]+|"(?:[^"\\]|\\.)*") to|saved) $/.test(head) && (right || writtenRight || onlyFile)) put(at, at + q.length, right || writtenRight ? 'it' : 'the file');
    else if (/\brenamed $/.test(head) && tail.startsWith(' to ') && (right || onlyFile)) put(at, at + q.length, right ? 'it' : 'the file');
    else if (/\bmoved "(?:[^"\\]|\\.)*" to $/.test(head) && names[k - 2]?.q === q) put(at - ' to '.length, at + q.length, ' into it');
    else if (thing && /\b(?:of|for) $/.test(head)) put(at, at + q.length, `the ${thing[1]}`);
    // A page titled as something named before it in the sentence (the deck's theme, the page before): "added a text page
    // titled "Global Warming", then added a page of the same name with text and an image" (teval_query_101_2-env-k5).
    else if (/\btitled $/.test(head)) put(at - 'titled '.length, at + q.length, 'of the same name');
  }
  return out;
}

/** What a count sentence of a named thing counts: "There is one line in "a.txt"." -> "one line". */
function countIn(sentence: string, name: string): string | undefined {
  return new RegExp(`^There (?:is|are) (.+) in ${escapeRegExp(name)}\\.$`).exec(sentence)?.[1];
}

/**
 * A sentence right after one about the same name, naming it again: its subject again (""Paris" has id 8279.
 * It is a drama …"), a count of its file ("The text of "S" is "…". It has 36 characters."), the folder the
 * listing before held and the move went into ("The directory I started in held "tmp". I went into it.").
 */
function afterItsOwn(prev: string, s: string): string {
  // The folder the sentence before ended on, now the current one: "… to "archives". That folder is now the current one."
  const current = /^("(?:[^"\\]|\\.)*") is now the current folder\.$/.exec(s);
  if (current && prev.endsWith(`${current[1]}.`)) return 'That folder is now the current one.';
  const before = quotedNames(prev);
  const names = quotedNames(s);
  if (new Set(before).size !== 1 || new Set(names).size !== 1 || names[0] !== before[0] || /\?$/.test(s)) return s;
  const q = escapeRegExp(names[0]);
  // "It" for the name or its text; after its last line, "it" would be that line: "the file".
  const subject = new RegExp(`^(?:The text of )?${q} `).test(prev) ? 'It' : new RegExp(`^The last line of ${q} `).test(prev) ? 'The file' : undefined;
  if (subject && new RegExp(`^${q} (?=(?:is|has|reads)\\b)`).test(s)) return s.replace(new RegExp(`^${q} `), `${subject} `);
  const count = countIn(s, names[0]);
  if (subject && count) return `${subject} has ${count}.`;
  if (!prev.endsWith(`${names[0]}.`)) return s;
  const into = new RegExp(`^I ((?:have )?(?:went|moved) into) ${q}\\.$`).exec(s);
  if (into) return `I ${into[1]} it.`;
  if (new RegExp(`^I'm now in ${q}\\.$`).test(s) || new RegExp(`^I changed to the folder ${q}\\.$`).test(s)) return s.replace(new RegExp(`(?:the folder )?${q}\\.$`), 'that folder.');
  return s;
}

/**
 * A search told in the words the sentence before opened on: "Searching for "attractions" near "Eiffel Tower" and
 * getting the route worked, but …. Searching for "attractions" near "Eiffel Tower" turned up 5 places: …" is
 * "The search turned up 5 places: …" (answer_subject_repeated, teval_query_185_2-env-k3).
 */
function searchAfterItsOwn(prev: string, s: string): string {
  const parts = searchFrameParts(s);
  if (!parts || parts.link) return s;
  if (s.startsWith('Searching for ') && prev.startsWith(`Searching for ${parts.query} `)) return `The search turned up ${parts.found}.`;
  // The sentence before named the search by its term ("Getting the coordinates, searching for "research facilities" nearby and
  // … worked, but …"): the finding is "The search near "Manaus, Brazil" turned up 3 places", never the term again (teval_query_30_1-env-k4).
  const term = /^"(?:[^"\\]|\\.)*"/.exec(parts.query)?.[0];
  if (term && new RegExp(`\\bsearching for ${escapeRegExp(term)} nearby\\b`, 'i').test(prev)) {
    const place = parts.query.slice(term.length).trim();
    return `The search${place ? ` ${place}` : ''} turned up ${parts.found}.`;
  }
  return s;
}

/**
 * A file saved by its name again after a sentence before named it, no other file between: "I created the file
 * "a.pptx" …. Next, I added a page … and then saved the file." (teval_query_88_2, 61_2).
 */
function savedOnce(earlier: readonly string[], s: string): string {
  const saved = savedAgain(earlier, s);
  return saved ? s.replace(`saved ${saved}`, 'saved the file') : s;
}

/**
 * A listing right after the move into its folder, opening on the name the move ended on: 'I moved into
 * "projects". "projects" held "deep_folder".' is 'I moved into "projects", which held "deep_folder".'
 * (answer_name_said_again, bfcl_multi_turn_base_35, 46).
 */
function joinHeld(sentences: string[]): string[] {
  const out: string[] = [];
  let joined = -1;
  for (const s of sentences) {
    const prev = out[out.length - 1];
    // The move on into the one thing the folder held, right after: 'I moved into "projects", which held "deep_folder", and then
    // went into it.', never a second sentence opening "I moved …" (answer_deed_run).
    const only = joined === out.length - 1 ? /, which held ("(?:[^"\\]|\\.)*")\.$/.exec(prev ?? '') : null;
    if (only && new RegExp(`^I (?:moved|went) into ${escapeRegExp(only[1])}\\.$`).test(s)) {
      out[out.length - 1] = `${prev.slice(0, -1)}, and then went into it.`;
      continue;
    }
    // A listing of one thing, then a sentence about that thing: 'The current directory holds "dev_summary.txt", which has one
    // line.', never its name said again to open the next sentence (bfcl_multi_turn_base_37).
    const held = prev && /^(.*\b(?:holds|held)) ("(?:[^"\\]|\\.)*")\.$/.exec(prev);
    if (held && new RegExp(`^${escapeRegExp(held[2])} (?:has|is|reads) `).test(s)) {
      out[out.length - 1] = `${prev.slice(0, -1)}, which ${s.slice(held[2].length + 1)}`;
      continue;
    }
    const count = held ? countIn(s, held[2]) : undefined;
    if (count) {
      out[out.length - 1] = `${prev.slice(0, -1)}, which has ${count}.`;
      continue;
    }
    const into = prev && /^I (?:(?:moved|went) into|changed to the folder) ("(?:[^"\\]|\\.)*")\.$/.exec(prev);
    if (into && s.startsWith(`${into[1]} held `)) {
      out[out.length - 1] = `${prev.slice(0, -1)}, which held ${s.slice(`${into[1]} held `.length)}`;
      joined = out.length - 1;
      continue;
    }
    out.push(s);
  }
  return out;
}

/**
 * A file renamed right after the sentence before copied or moved it, said as that file: 'I … copied "notes.txt" to
 * "archives". After that, I changed to the folder "archives", then renamed the copy to "backup.txt".' (bfcl_multi_turn_base_16).
 */
function renamedAfterItsOwn(earlier: readonly string[], s: string): string {
  const carried = renamedAfterCarry(earlier, s);
  return carried ? s.replace(`renamed ${carried.name} to "`, `renamed the ${carried.kind === 'copied' ? 'copy' : 'file'} to "`) : s;
}

/** The answer with every name said once where "it", "that folder" or "the file" would do (answer_name_said_again), and a search the sentence before named said as "the search". */
export function namesOnce(answer: string): string {
  const sentences = answerSentences(answer);
  const out = sentences.map(withinSentence);
  const changed = joinHeld(out.map((s, i) => (i > 0 ? savedOnce(sentences.slice(0, i), renamedAfterItsOwn(sentences.slice(0, i), searchAfterItsOwn(sentences[i - 1], afterItsOwn(sentences[i - 1], s)))) : s)));
  return changed.length !== sentences.length || changed.some((s, i) => s !== sentences[i]) ? changed.join(' ') : answer;
}
