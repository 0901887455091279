/**
 * Paper titles and the arXiv abstracts that go with them. Each title frame carries the first
 * sentence of its abstract, so an abstract always knows which words of its title are the frame and
 * which the subject: before api-simulator-80 a title the abstract writer did not know was read whole
 * as its subject ("This paper is about beyond the hype: artificial intelligence in context", "The
 * gains reported for beyond the hype shrink …", "We address what do we know about art exhibitions?.").
 * The rest of an abstract is in its field's words (scholarFields.ts AbstractVocab): quantum mechanics
 * rests on precision measurements, not on "ablations over model size and training data".
 */
import type { Rng } from '../rng.js';
import { escapeRegExp } from '../errors/vocabulary.js';
import { SCHOLAR_FIELDS, abstractVocab, type AbstractVocab } from './scholarFields.js';
import { agree, cap, headAgree } from './topicPhrase.js';

export interface TitleFrame {
  /** The title on a topic (`t`, as it reads mid-sentence). */
  title: (t: string) => string;
  /** The abstract's first sentence: what a paper with this title does, about `s`. */
  opens: (s: string, r: Rng) => string;
  /** What the rest of the abstract is about, when more than the subject slot ("air quality in Times Square", not "Times Square"). */
  about?: (s: string) => string;
  /** The field whose words the rest of the abstract takes, when the subject's own words do not place it (a place's air quality, a film's reception). */
  field?: string;
}

const CASE_STUDY_COUNTS = ['three', 'four', 'five', 'twelve'];
/** "neural networks and their applications", "deep learning and its applications". */
const its = (s: string) => agree(s, 'its', 'their');

/**
 * Frames of a paper title about a topic, as journals and arXiv write them: forty-eight, drawn per
 * answer without repeats, so no frame makes much over a twentieth of the titles a reader meets.
 */
export const TITLE_FRAMES: readonly TitleFrame[] = [
  { title: (t) => `${cap(t)}: a review`, opens: (s) => `We review the literature on ${s}.` },
  { title: (t) => `${cap(t)}: trends, perspectives, and prospects`, opens: (s) => `We trace the main trends in ${s} and the prospects they open.` },
  { title: (t) => `Advances in ${t}`, opens: (s, r) => r.pick([`We review recent advances in ${s}.`, `This paper takes stock of recent progress in ${s}.`]) },
  { title: (t) => `A survey of ${t}`, opens: (s, r) => r.pick([`We survey ${s}.`, `This survey covers ${s}.`]) },
  { title: (t) => `${cap(t)} in practice: evidence from ${CASE_STUDY_COUNTS[t.length % 4]} case studies`, opens: (s) => `We look at how ${s} ${agree(s, 'works', 'work')} in practice, drawing on ${CASE_STUDY_COUNTS[s.length % 4]} case studies.` },
  { title: (t) => `Rethinking ${t}`, opens: (s) => `We revisit the usual assumptions behind ${s}.` },
  { title: (t) => `The limits of ${t}`, opens: (s) => `We examine where ${s} ${agree(s, 'falls', 'fall')} short.` },
  { title: (t) => `Toward a theory of ${t}`, opens: (s) => `We develop a theoretical account of ${s}.` },
  { title: (t) => `${cap(t)} and its applications`, opens: (s) => `We describe ${s} and ${its(s)} main applications.` },
  { title: (t) => `Measuring the impact of ${t}`, opens: (s) => `We measure the impact of ${s}.` },
  { title: (t) => `Open problems in ${t}`, opens: (s) => `We set out the open problems in ${s}.` },
  { title: (t) => `${cap(t)}: challenges and opportunities`, opens: (s) => `We discuss the challenges and opportunities of ${s}.` },
  { title: (t) => `On the foundations of ${t}`, opens: (s) => `We examine the foundations of ${s}.` },
  { title: (t) => `An empirical study of ${t}`, opens: (s) => `We report an empirical study of ${s}.` },
  { title: (t) => `Lessons from two decades of ${t}`, opens: (s) => `We draw lessons from two decades of work on ${s}.` },
  { title: (t) => `${cap(t)} revisited`, opens: (s) => `We revisit ${s} in the light of recent work.` },
  { title: (t) => `${cap(t)}: a primer`, opens: (s) => `This primer introduces ${s}.` },
  { title: (t) => `New directions in ${t}`, opens: (s) => `We outline new directions in ${s}.` },
  { title: (t) => `A critical look at ${t}`, opens: (s) => `We take a critical look at ${s}.` },
  { title: (t) => `${cap(t)}: state of the art and open questions`, opens: (s) => `We review the state of the art in ${s} and the open questions.` },
  { title: (t) => `Understanding ${t}: a data-driven perspective`, opens: (s) => `We take a data-driven look at ${s}.` },
  { title: (t) => `Interdisciplinary perspectives on ${t}`, opens: (s) => `We bring interdisciplinary perspectives to bear on ${s}.` },
  { title: (t) => `Reproducibility in ${t} research`, opens: (s) => `We assess how well published results on ${s} can be reproduced.` },
  { title: (t) => `${cap(t)}: methods, data and evidence`, opens: (s) => `We review the methods and data used to study ${s}, and the evidence they give.` },
  { title: (t) => `Public understanding of ${t}`, opens: (s) => `We study the public understanding of ${s}.` },
  { title: (t) => `Common misconceptions about ${t}`, opens: (s) => `We discuss common misconceptions about ${s}.` },
  { title: (t) => `A short history of ${t}`, opens: (s) => `We give a short history of ${s}.` },
  { title: (t) => `${cap(t)} at scale: a case for simpler methods`, opens: (s) => `We argue that simpler methods serve ${s} better at scale.` },
  { title: (t) => `Benchmarks for ${t}: what they measure and what they miss`, opens: (s) => `We examine the benchmarks used for ${s} and what they measure.` },
  { title: (t) => `Policy lessons from ${t}`, opens: (s) => `We draw policy lessons from ${s}.` },
  { title: (t) => `${cap(t)}: a systematic literature review`, opens: (s) => `We review the literature on ${s} systematically.` },
  { title: (t) => `What do we know about ${t}?`, opens: (s) => `We set out what is known about ${s}, and what is not.` },
  { title: (t) => `${cap(t)}: past, present and future`, opens: (s) => `We trace the development of ${s} and consider where the field is heading.` },
  { title: (t) => `Recent developments in ${t}`, opens: (s) => `We review recent developments in ${s}.` },
  { title: (t) => `${cap(t)}: a comparative analysis`, opens: (s) => `We compare the main approaches to ${s}.` },
  { title: (t) => `Evaluating ${t}: a meta-analysis`, opens: (s) => `We pool the published evaluations of ${s} in a meta-analysis.` },
  { title: (t) => `${cap(t)}: an overview`, opens: (s) => `We give an overview of ${s}.` },
  { title: (t) => `Emerging trends in ${t}`, opens: (s) => `We identify emerging trends in ${s}.` },
  { title: (t) => `${cap(t)}: a bibliometric analysis`, opens: (s) => `We map the published literature on ${s} with bibliometric methods.` },
  { title: (t) => `Key debates in ${t}`, opens: (s) => `We set out the key debates in ${s}.` },
  { title: (t) => `${cap(t)}: from theory to practice`, opens: (s) => `We follow ${s} from theory to practice.` },
  { title: (t) => `A decade of ${t}: what have we learned?`, opens: (s) => `We look back at a decade of work on ${s} and what it has taught us.` },
  { title: (t) => `Mapping the field of ${t}`, opens: (s) => `We map the field of ${s}.` },
  { title: (t) => `Reconsidering ${t}`, opens: (s) => `We reconsider the standard account of ${s}.` },
  { title: (t) => `${cap(t)}: concepts, methods and applications`, opens: (s) => `We set out the main concepts and methods of ${s}, and where they are applied.` },
  { title: (t) => `Beyond the hype: ${t} in context`, opens: (s) => `We set ${s} in ${its(s)} wider context, beyond the hype.` },
  { title: (t) => `Teaching ${t}: approaches and evidence`, opens: (s) => `We review approaches to teaching ${s} and the evidence for them.` },
  { title: (t) => `Where next for ${t}?`, opens: (s) => `We ask where ${s} should go next.` },
];

/** Frames for a place ("Times Square", "New York"): what people study about a place, not "Rethinking Times Square". */
export const PLACE_TITLE_FRAMES: readonly TitleFrame[] = [
  { title: (t) => `Urban change in ${t}: evidence from open data`, opens: (s) => `We trace urban change in ${s} using open data.`, field: 'society', about: (s) => `urban change in ${s}` },
  { title: (t) => `Tourism and heritage in ${t}`, opens: (s) => `We study tourism and heritage in ${s}.`, field: 'tourism', about: (s) => `tourism and heritage in ${s}` },
  { title: (t) => `Pedestrian flows around ${t}`, opens: (s) => `We measure pedestrian flows around ${s}.`, field: 'society', about: (s) => `pedestrian flows around ${s}` },
  { title: (t) => `Housing and land use in ${t} over two decades`, opens: (s) => `We follow housing and land use in ${s} over two decades.`, field: 'society', about: (s) => `housing and land use in ${s}` },
  { title: (t) => `Air quality in ${t}: a long-term record`, opens: (s) => `We present a long-term record of air quality in ${s}.`, field: 'energy', about: (s) => `air quality in ${s}` },
  { title: (t) => `Mapping public space in ${t}`, opens: (s) => `We map public space in ${s}.`, field: 'society', about: (s) => `public space in ${s}` },
  { title: (t) => `Transport access in ${t} and its neighbourhoods`, opens: (s) => `We study transport access in ${s} and its neighbourhoods.`, field: 'society', about: (s) => `transport access in ${s}` },
  { title: (t) => `Visitors to ${t}: a study of travel reviews`, opens: (s) => `We study what visitors to ${s} write in travel reviews.`, field: 'tourism', about: (s) => `visits to ${s}` },
  { title: (t) => `The economic geography of ${t}`, opens: (s) => `We describe the economic geography of ${s}.`, field: 'society', about: (s) => `the economy of ${s}` },
  { title: (t) => `Heat and green space in ${t}`, opens: (s) => `We study heat and green space in ${s}.`, field: 'energy', about: (s) => `heat and green space in ${s}` },
];

/**
 * Frames for a film searched as if it were a research topic (Scholar's "Interstellar", "The
 * Godfather"): what film studies write about a film, its title kept as written, never "Recent
 * advances in Spider-Man: No Way Home".
 */
export const FILM_STUDY_FRAMES: readonly TitleFrame[] = [
  { title: (t) => `Narrative and time in ${t}`, opens: (s) => `We study narrative and time in ${s}.`, field: 'film' },
  { title: (t) => `Genre, style and reception in ${t}`, opens: (s) => `We study genre, style and reception in ${s}.`, field: 'film' },
  { title: (t) => `The critical reception of ${t}`, opens: (s) => `We trace the critical reception of ${s}.`, field: 'film' },
  { title: (t) => `Sound and image in ${t}`, opens: (s) => `We study how sound and image work together in ${s}.`, field: 'film' },
  { title: (t) => `${t} and the politics of the blockbuster`, opens: (s) => `We read ${s} against the politics of the blockbuster.`, field: 'film' },
  { title: (t) => `Performance and character in ${t}`, opens: (s) => `We study performance and character in ${s}.`, field: 'film' },
  { title: (t) => `Audiences and fandom around ${t}`, opens: (s) => `We study the audiences and fandom around ${s}.`, field: 'film' },
  { title: (t) => `The production and release of ${t}`, opens: (s) => `We trace the production and release of ${s}.`, field: 'film' },
];

/** Frames for a subject in a place ("tourist attractions" in New York City): the subject studied there, `t` being "subject in place". */
export const PLACE_SUBJECT_FRAMES: readonly { title: (s: string, p: string) => string; opens: (s: string, p: string) => string }[] = [
  { title: (s, p) => `${cap(s)} in ${p}: a review`, opens: (s, p) => `We review the literature on ${s} in ${p}.` },
  { title: (s, p) => `Mapping ${s} in ${p}`, opens: (s, p) => `We map ${s} in ${p}.` },
  { title: (s, p) => `${cap(s)} in ${p} since 1990`, opens: (s, p) => `We trace ${s} in ${p} since 1990.` },
  { title: (s, p) => `Visitors, residents and ${s} in ${p}`, opens: (s, p) => `We study how visitors and residents use ${s} in ${p}.` },
  { title: (s, p) => `${cap(s)} in ${p}: sources and methods`, opens: (s, p) => `We review the sources and methods for studying ${s} in ${p}.` },
];

const SLOT = '\u0001';
const SLOT2 = '\u0002';
/** A frame's title as a pattern: its own words fixed, the subject (and a place) anything; a case-study count any of its words. */
function framePattern(rendered: string): RegExp {
  const body = escapeRegExp(rendered)
    .replace(new RegExp(`\\b(?:${CASE_STUDY_COUNTS.join('|')})\\b`), `(?:${CASE_STUDY_COUNTS.join('|')})`)
    .replace(SLOT, '(.+)')
    .replace(SLOT2, '(.+)');
  return new RegExp(`^${body}$`, 'iu');
}

interface KnownFrame {
  re: RegExp;
  /** Letters of the frame's own words: of two frames that fit, the one with more is the title's. */
  fixed: number;
  opens: (groups: string[], r: Rng) => string;
  subject: (groups: string[]) => string;
  field?: string;
  /** A film's title stays as written ("The Godfather"), never put in prose's lower case. */
  asWritten?: boolean;
  /** The frame's words are part of what the paper studies ("air quality in Times Square"): the abstract may say them. */
  studied?: boolean;
}

const KNOWN_FRAMES: readonly KnownFrame[] = [
  ...[...TITLE_FRAMES, ...PLACE_TITLE_FRAMES, ...FILM_STUDY_FRAMES].map((f) => {
    const rendered = f.title(SLOT);
    return { re: framePattern(rendered), fixed: rendered.length, opens: ([s]: string[], r: Rng) => f.opens(s, r), subject: ([s]: string[]) => f.about?.(s) ?? s, field: f.field, asWritten: f.field === 'film', studied: !!f.about };
  }),
  ...PLACE_SUBJECT_FRAMES.map((f) => {
    const rendered = f.title(SLOT, SLOT2);
    return { re: framePattern(rendered), fixed: rendered.length, opens: ([s, p]: string[]) => f.opens(s, p), subject: ([s, p]: string[]) => `${s} in ${p}` };
  }),
];

export interface TitleReading {
  /** The abstract's first sentence. */
  first: string;
  /** What the rest of the abstract is about: the title's subject, its frame's words left out. */
  subject: string;
  /** The field a frame names for its subject ("film" for a film's reception). */
  field?: string;
}

/** How real papers' titles lead into their subject ("An Introduction to MM Algorithms …"): the abstract says what the title says. */
const REAL_TITLE_LEADS: [RegExp, (s: string, r: Rng) => string][] = [
  [/^(?:an?\s+)?(?:gentle\s+|brief\s+|short\s+)?introduction\s+to\s+/i, (s, r) => r.pick([`This paper gives an introduction to ${s}.`, `We give a self-contained introduction to ${s}.`])],
  [/^(?:an?\s+)?(?:systematic\s+|comprehensive\s+|brief\s+)?(?:survey|overview)\s+(?:of|on)\s+/i, (s, r) => r.pick([`We survey ${s}.`, `This survey covers ${s}.`])],
  [/^(?:an?\s+)?(?:systematic\s+|critical\s+)?review\s+(?:of|on)\s+/i, (s) => `We review ${s}.`],
  [/^towards?\s+/i, (s) => `We take a step toward ${s}.`],
  [/^on\s+(?:the\s+)?/i, (s, r) => r.pick([`We study ${s}.`, `This note is concerned with ${s}.`])],
];

/** The frame a title was written in, with its slots filled as the title fills them; undefined for a title in no frame (a real paper's). */
function frameOf(title: string): { f: KnownFrame; groups: string[] } | undefined {
  const t = title.trim().replace(/[.\s]+$/, '');
  const fits = KNOWN_FRAMES.map((f) => ({ f, m: f.re.exec(t) })).filter((x) => x.m && x.m.slice(1).every((g) => g.trim()));
  const best = fits.sort((a, b) => b.f.fixed - a.f.fixed)[0];
  return best ? { f: best.f, groups: best.m!.slice(1).map((g) => g.trim()) } : undefined;
}

/**
 * A title's frame words and its subject, as the title writes them ("Beyond the hype: " + "neural
 * networks" + " in context"): what the quality report looks for in an abstract that took the frame
 * for the subject. Undefined for a title in no frame.
 */
export function titleParts(title: string): { lead: string; subject: string; tail: string; field?: string; studied?: boolean } | undefined {
  const found = frameOf(title);
  if (!found) return undefined;
  const t = title.trim().replace(/[.\s]+$/, '');
  // A subject and its place ("tourist attractions" in "New York City") are one span of the title.
  const first = found.groups[0];
  const last = found.groups[found.groups.length - 1];
  const at = t.toLowerCase().indexOf(first.toLowerCase());
  const end = t.toLowerCase().lastIndexOf(last.toLowerCase()) + last.length;
  return { lead: t.slice(0, at), subject: t.slice(at, end), tail: t.slice(end), field: found.f.field, studied: found.f.studied };
}

/**
 * What a title says its paper does, and what about: the frame it was written in gives both
 * ("Beyond the hype: neural networks in context" → "We set neural networks in their wider context,
 * beyond the hype.", about neural networks). `prose` puts a subject as it reads mid-sentence. A
 * title in no frame (a real paper's) is studied whole, its subtitle left out.
 */
export function readTitle(title: string, r: Rng, prose: (s: string) => string): TitleReading {
  const found = frameOf(title);
  if (found) {
    const groups = found.groups.map((g, i) => (i === 0 && !found.f.asWritten ? prose(g) : g));
    return { first: found.f.opens(groups, r), subject: found.f.subject(groups), field: found.f.field };
  }
  const whole = title.trim().replace(/[.\s]+$/, '').split(/:\s+/)[0].trim();
  for (const [re, say] of REAL_TITLE_LEADS) {
    const subject = re.test(whole) ? prose(whole.replace(re, '').trim()) : '';
    if (subject) return { first: say(subject, r), subject };
  }
  const subject = prose(whole);
  return { first: r.pick([`This paper studies ${subject}.`, `We study ${subject}.`, `This work is concerned with ${subject}.`]), subject };
}

type Pick = (kind: string, forms: readonly ((it: string, r: Rng, v: AbstractVocab) => string)[]) => (it: string, r: Rng, v: AbstractVocab) => string;
type Form = (it: string, r: Rng, v: AbstractVocab) => string;

/** Two different picks of one pool, none the subject already names ("tourist attractions … shaped by tourism" says nothing). */
function twoOf(r: Rng, pool: readonly string[], subject = ''): [string, string] {
  const s = subject.toLowerCase();
  const fit = pool.filter((x) => !x.split(/\s+/).some((w) => w.length > 4 && s.includes(w.slice(0, 5).toLowerCase())));
  const from = fit.length >= 2 ? fit : pool;
  const a = r.pick(from);
  return [a, r.pick(from.filter((x) => x !== a))];
}
const matters = (a: string) => headAgree(a, 'matters', 'matter');
/**
 * Two of the evidence, joined by `word`, neither holding a conjunction of its own: no "photographs
 * and film and fieldwork", no "interviews with teachers with test scores", no "interviews with
 * photographs and film". A pool with no such pair gives one item.
 */
function joined(r: Rng, pool: readonly string[], word: 'and' | 'with'): string {
  const bars = word === 'and' ? /\band\b/ : /\b(?:and|with)\b/;
  for (let i = 0; i < 12; i++) {
    const [a, b] = twoOf(r, pool);
    if (!bars.test(`${a} ${b}`)) return `${a} ${word} ${b}`;
  }
  return twoOf(r, pool)[0];
}

/** How the work was done and what it found, per style, each naming its subject. */
const STYLES: Record<AbstractVocab['style'], { how: Form[]; found: Form[] }> = {
  cs: {
    how: [
      (_, r, v) => `We test the ideas through ${joined(r, v.evidence, 'and')}.`,
      (_, r, v) => `The analysis rests on ${joined(r, v.evidence, 'and')}.`,
      (_, r, v) => `To do so, we combine ${joined(r, v.evidence, 'with')}.`,
      (_, r, v) => `Our claims are checked first through ${twoOf(r, v.evidence).join(', then through ')}.`,
    ],
    found: [
      (it, r, v) => {
        const [a, b] = twoOf(r, v.factors, it);
        return `We find that ${a} ${matters(a)} more for ${it} than ${b}.`;
      },
      (it, r, v) => `The gains reported for ${it} shrink markedly once ${r.pick(v.caveats ?? [])}.`,
      (it, r, v) => `Properly tuned, ${v.baselines ?? 'simple baselines'} come closer to the best published results on ${it} than is usually reported, and ${r.pick(v.factors)} explains most of the remaining gap.`,
      (it, r, v) => {
        const [a, b] = twoOf(r, v.factors, it);
        return `Our results suggest that progress in ${it} depends less on ${a} than on ${b}.`;
      },
    ],
  },
  math: {
    how: [
      (_, r, v) => `Our approach is based on ${twoOf(r, v.evidence).join(', combined with ')}.`,
      (_, r, v) => `The proofs rely on ${joined(r, v.evidence, 'and')}, and are self-contained.`,
      (_, r, v) => {
        const [a, b] = twoOf(r, v.evidence);
        return `We use ${a} where earlier work used ${b}, which also gives ${r.pick(['explicit constants', 'shorter proofs', 'effective bounds'])}.`;
      },
    ],
    // A mathematician's "factors" are what the results achieve.
    found: [
      (it, r, v) => `As applications to ${it}, we ${r.pick(v.factors)}.`,
      (it, r, v) => `We show that the main results on ${it} hold under weaker assumptions than previously required, and ${r.pick(v.factors)}.`,
      (it, r, v) => `In particular, we ${r.pick(v.factors)} in ${it}.`,
    ],
  },
  physics: {
    how: [
      (_, r, v) => `We combine ${joined(r, v.evidence, 'with')}.`,
      (_, r, v) => `Our treatment rests on ${r.pick(v.evidence)}, checked against ${r.pick(['published experimental data', 'precision measurements', 'numerical simulation', 'exactly solvable models'])}.`,
    ],
    found: [
      (it, r) => `We show that several standard results of ${it} follow from ${r.pick(['symmetry arguments alone', 'conservation laws alone', 'a single variational principle', 'a few exact results'])}.`,
      (_, r, v) => {
        const f = r.pick(v.factors);
        return `The predictions agree with published measurements within their uncertainties, except where ${f} ${matters(f)}.`;
      },
      (it, r, v) => `We identify ${r.pick(v.factors)} as the main limit on how far the usual treatment of ${it} can be trusted.`,
    ],
  },
  science: {
    how: [
      (_, r, v) => `We combine ${joined(r, v.evidence, 'with')}.`,
      (_, r, v) => `The study draws on ${r.pick(v.evidence)}, checked against ${r.pick(['earlier estimates', 'independent observations', 'a simple physical model', 'published benchmarks', 'a second, independent data set', 'results from other regions'])}.`,
      (_, r, v) => `Our evidence comes from ${joined(r, v.evidence, 'and')}.`,
    ],
    found: [
      (it, r, v) => {
        const [a, b] = twoOf(r, v.factors, it);
        return `The results show that ${it} ${headAgree(it, 'depends', 'depend')} more on ${a} than on ${b}.`;
      },
      (it, r, v) => `Differences in ${r.pick(v.factors.filter((f) => !it.toLowerCase().includes(f)))} account for much of the variation in ${it} between studies.`,
      (it, r, v) => {
        const [a, b] = twoOf(r, v.factors, it);
        return `We find that ${a} ${matters(a)} more for ${it} than ${b}.`;
      },
    ],
  },
  // A state of the world is estimated, not engineered: what the study finds is how sure its estimates are.
  phenomenon: {
    how: [
      (_, r, v) => `We combine ${joined(r, v.evidence, 'with')}.`,
      (_, r, v) => `Our evidence comes from ${joined(r, v.evidence, 'and')}.`,
    ],
    found: [
      (it, r, v) => `We identify ${r.pick(v.factors)} as the main source of uncertainty in estimates of ${it}.`,
      (it, r, v) => `Estimates of ${it} differ between studies mainly because of ${r.pick(v.factors)}.`,
      (it, r, v) => {
        const u = r.pick(v.factors);
        return `Once ${u} ${headAgree(u, 'is', 'are')} accounted for, the published estimates of ${it} agree more closely than they seem to.`;
      },
    ],
  },
  social: {
    how: [
      (_, r, v) => `The study draws on ${joined(r, v.evidence, 'and')}.`,
      (_, r, v) => `We combine ${joined(r, v.evidence, 'with')}.`,
      (_, r, v) => {
        const [a, b] = twoOf(r, v.evidence);
        return `Our account rests on ${a}, read alongside ${b}.`;
      },
    ],
    found: [
      (it, r, v) => {
        const [a, b] = twoOf(r, v.factors, it);
        return `We argue that ${it} ${headAgree(it, 'has been', 'have been')} shaped as much by ${a} as by ${b}.`;
      },
      (it, r, v) => `The evidence gives ${twoOf(r, v.factors, it)[0]} a larger part in ${it} than most accounts allow.`,
      (it, r, v) => {
        const [a, b] = twoOf(r, v.factors, it);
        return `Accounts of ${it} that stress ${a} alone miss the part played by ${b}.`;
      },
      (it, r, v) => {
        const [a, b] = twoOf(r, v.factors, it);
        return `We find that ${a} ${matters(a)} more for ${it} than ${b}.`;
      },
    ],
  },
  general: {
    how: [
      (_, r, v) => `The study draws on ${joined(r, v.evidence, 'and')}.`,
      (_, r, v) => `We combine ${joined(r, v.evidence, 'with')}.`,
    ],
    found: [
      (it, r) => `Much of what is said about ${it} rests on ${r.pick(['a few well-known cases', 'short-term evidence', 'data from a small number of places'])}, and we show where it does not carry over.`,
      (it) => `We set out what the evidence on ${it} does and does not support.`,
    ],
  },
};

/** The words an abstract about `subject` (asked as `asked`) is written in: a frame's field, the subject's, else the query's. */
export function vocabFor(subject: string, asked: string, field?: string): AbstractVocab {
  const named = field ? SCHOLAR_FIELDS.find((f) => f.name === field) : undefined;
  if (named) return named.abstract;
  const own = abstractVocab(subject);
  return own.style === 'general' && asked ? abstractVocab(asked) : own;
}

/** The abstract's sentences after its first: how the work was done, then what it found, in the field's words. */
export function abstractBody(it: string, vocab: AbstractVocab, r: Rng, pick: Pick): string {
  const style = STYLES[vocab.style];
  const how = pick(`how:${vocab.style}`, style.how)(it, r, vocab);
  const found = pick(`found:${vocab.style}`, style.found)(it, r, vocab);
  return `${how} ${found}`;
}
