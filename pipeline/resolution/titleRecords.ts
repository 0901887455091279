/**
 * Google Scholar's author profile lists articles as records: T-Eval recorded {'articles':
 * [{'title': 'A safe operating space for humanity', 'authors': 'J Rockström, W Steffen, …'}]}. The
 * simulator drew bare titles ({'articles': ['An empirical study of climate change', …]}), a shape
 * the API never answers in (27 cases on f31). Titles drawn for a field every recording writes as
 * {title, authors} records are written as those records, the profile's own author among each
 * article's authors, as Scholar lists them (initials and surname).
 */
import { recordedAnswer } from './recordedAnswer.js';
import { isPlainObject } from '../errors/values.js';
import { publicationParts } from './knownFacts.js';
import type { Rng } from '../rng.js';


/** The fields every recording writes as a list of records holding a title and an authors line, and nothing else. */
export function recordedTitleRecords(examples: readonly { response: string }[]): Set<string> {
  const shapes = new Map<string, boolean>();
  for (const e of examples) {
    const answer = recordedAnswer(e.response);
    if (!isPlainObject(answer) || 'error' in answer) continue;
    for (const [field, list] of Object.entries(answer)) {
      const fits = Array.isArray(list) && list.length > 0 && list.every((r) => isPlainObject(r) && Object.keys(r).sort().join(',') === 'authors,title' && typeof r.title === 'string' && typeof r.authors === 'string');
      shapes.set(field, (shapes.get(field) ?? true) && fits);
    }
  }
  return new Set([...shapes].filter(([, fits]) => fits).map(([field]) => field));
}

/** "Richard S. J. Tol" → "RSJ Tol", "Grace Chen" → "G Chen": a name as Scholar's author lines write it. */
export function scholarInitials(name: string): string {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return name.trim();
  const surname = words.pop()!;
  return `${words.map((w) => w.replace(/[^\p{L}]/gu, '').charAt(0).toUpperCase()).join('')} ${surname}`;
}

/**
 * `answer` with each list of bare titles in a {title, authors} field written as records: an article
 * an earlier answer listed keeps its own authors line; another gets the profile's author among one
 * to three co-authors drawn by `coauthor`. Anything else is left as it is.
 */
export function titlesAsRecords(answer: Record<string, unknown>, fields: ReadonlySet<string>, listed: readonly { title: string; publication: string }[], coauthor: (rng: Rng) => string, rng: Rng): Record<string, unknown> {
  const person = typeof answer.name === 'string' ? answer.name : undefined;
  const out = { ...answer };
  for (const field of fields) {
    const titles = answer[field];
    if (!Array.isArray(titles) || !titles.every((t): t is string => typeof t === 'string')) continue;
    out[field] = titles.map((title) => {
      const known = listed.find((p) => p.title.trim().toLowerCase() === title.trim().toLowerCase());
      const own = known ? publicationParts(known.publication)?.authors : undefined;
      if (own?.length) return { title, authors: own.join(', ') };
      const names = new Set<string>();
      const me = person ? scholarInitials(person) : undefined;
      const others = rng.int(1, 3);
      for (let i = 0; i < others * 3 && names.size < others; i++) {
        const n = coauthor(rng);
        if (n !== me && ![...names].some((x) => x.split(' ').pop() === n.split(' ').pop())) names.add(n);
      }
      const list = [...names];
      if (me) list.splice(rng.int(0, list.length), 0, me);
      return { title, authors: list.join(', ') };
    });
  }
  return out;
}
