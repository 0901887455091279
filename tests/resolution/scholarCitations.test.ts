/**
 * Google Scholar's MLA references as Scholar gives them (api-simulator-137): plain text, as every
 * working recording of get_citation_format is; initials with their full stops; the title as the search
 * listed it; a journal's real volume for the year and a year it published in (journalVolumes.ts).
 * On g0, 95 of 95 cases showing a simulated citation broke one of these (simulated_citation_unlike_scholar)
 * and 95 of 152 named a journal in a year or volume it never had (simulated_journal_volume_impossible).
 */
import { describe, expect, it } from 'vitest';
import { citation, pubInfo } from '../../pipeline/resolution/simulatedText.js';
import { inRecordedText } from '../../pipeline/resolution/answerForm.js';
import { JOURNAL_VOLUMES, journalOf, volumesOf, yearsOf } from '../../pipeline/resolution/journalVolumes.js';
import { citationUnlikeScholar, journalVolumeImpossible } from '../../pipeline/quality/measures/simulatedCitations.js';
import { Rng } from '../../pipeline/rng.js';

const RECORDED_CITATIONS = [
  'Zhou, Zhi-Hua. Machine learning. Springer Nature, 2021.',
  'Bullock, Joseph, et al. "Mapping the landscape of artificial intelligence applications against COVID-19." Journal of Artificial Intelligence Research 69 (2020): 807-845.',
  'Ramesh, A. N., et al. "Artificial intelligence in medicine." Annals of the Royal College of Surgeons of England 86.5 (2004): 334.',
];

const cite = (title: string, publication: string, seed: number) => citation({ rng: new Rng(seed, 'cite'), args: { q: 'selJwfIN0t8J' }, subject: '', hint: 'GoogleScholar.get_citation_format citation', title, publication });
const step = (content: string) => ({ action: { name: 'GoogleScholar.get_citation_format', args: { q: 'selJwfIN0t8J' } }, response: { content, tier: 'simulated' as const } }) as never;

describe('journal volumes', () => {
  it('gives the volumes a journal really had in a year, and the years it published', () => {
    expect(volumesOf(JOURNAL_VOLUMES.Nature, 2021)).toEqual([589, 600]);
    expect(volumesOf(JOURNAL_VOLUMES.Science, 2013)[0]).toBe(339);
    expect(volumesOf(JOURNAL_VOLUMES['Scientific Reports'], 2013)).toEqual([3, 3]);
    expect(volumesOf(JOURNAL_VOLUMES['Proceedings of the National Academy of Sciences'], 2022)).toEqual([119, 119]);
    const jcp = volumesOf(JOURNAL_VOLUMES['Journal of Cleaner Production'], 2021);
    expect(jcp[0]).toBe(279);
    expect(jcp[1]).toBe(329);
    expect(yearsOf(JOURNAL_VOLUMES['Nature Energy'], 2005, 2023)).toEqual([2016, 2023]);
    expect(yearsOf(JOURNAL_VOLUMES['Cinema Journal'], 2019, 2023)).toBeUndefined();
    expect(journalOf('Scientific reports')).toBe(JOURNAL_VOLUMES['Scientific Reports']);
  });
});

describe('a drawn citation reads as Scholar\'s MLA', () => {
  it('keeps the listed title\'s own case, an initial\'s full stop, and a real volume of the year', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const text = cite('Lessons from two decades of climate change', 'MJ Dubois, HT Lopez, H Haddad - Journal of Cleaner Production, 2021 - Elsevier', seed);
      expect(text.startsWith('Dubois, M. J., et al. "Lessons from two decades of climate change." Journal of Cleaner Production ')).toBe(true);
      // An Elsevier journal of one issue a volume is cited by volume alone, one of 2021's.
      const volume = Number(/Production (\d+) \(2021\)/.exec(text)?.[1]);
      expect(volume).toBeGreaterThanOrEqual(279);
      expect(volume).toBeLessThanOrEqual(329);
      expect(citationUnlikeScholar(step(text), ['Lessons from two decades of climate change'])).toBeNull();
      expect(journalVolumeImpossible(text)).toBeNull();
    }
  });

  it('two authors: each initial keeps its stop; a title\'s own question mark takes no full stop after it', () => {
    const text = cite('A decade of conference planning: what have we learned?', 'N Anderson, OA Müller - Nature, 2021 - nature.com', 3);
    expect(text).toMatch(/^Anderson, N\., and O\. A\. Müller\. "A decade of conference planning: what have we learned\?" Nature 5(89|9\d|600)\.78\d\d \(2021\): \d+-\d+\.$/);
    expect(citationUnlikeScholar(step(text), [])).toBeNull();
  });

  it('a publication line names a year its venue published in', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const line = pubInfo({ rng: new Rng(seed, 'pub'), args: { query: 'sustainable architecture' }, subject: 'sustainable architecture', hint: 'GoogleScholar' });
      expect(journalVolumeImpossible(` - ${line.split(' - ').slice(1).join(' - ')} - `) ?? null).toBeNull();
    }
  });

  it('an answer of one text field is written as that text where the API answers plain text', () => {
    expect(inRecordedText('{"citation": "Dubois, M. J., et al. \\"A survey.\\" Nature 589.7841 (2021): 1-9."}', RECORDED_CITATIONS)).toBe('Dubois, M. J., et al. "A survey." Nature 589.7841 (2021): 1-9.');
    // Scholar's "Fully empty" record is a failure, not the form a working answer takes.
    expect(inRecordedText("{'citation': 'X. Y. Z, 2020.'}", [...RECORDED_CITATIONS, "{'text': \"{'search_information': {'citations_results_state': 'Fully empty'}}\"}"])).toBe('X. Y. Z, 2020.');
    // An API that answers records, or a record of more than one field, is left as it is.
    expect(inRecordedText('{"citation": "X"}', ["{'citation': 'Y'}"])).toBe('{"citation": "X"}');
    expect(inRecordedText('{"citation": "X", "year": "2020"}', RECORDED_CITATIONS)).toBe('{"citation": "X", "year": "2020"}');
    expect(inRecordedText('{"citation": "X"}', [])).toBe('{"citation": "X"}');
  });
});

describe('the measures', () => {
  it('simulated_citation_unlike_scholar flags a record, a bare initial, a re-cased title and "?."; passes the recorded references', () => {
    expect(citationUnlikeScholar(step('{"citation": "Smith, J. \\"A survey.\\" Nature 589 (2021)."}'), [])).toMatch(/a record/);
    expect(citationUnlikeScholar(step('Dubois, M. J, et al. "A survey of climate change." Nature 589.7841 (2021): 672-711.'), [])).toMatch(/initial "J"/);
    expect(citationUnlikeScholar(step('Anderson, N, and O. A. Müller. "A survey." Nature 589 (2021).'), [])).toMatch(/initial "N"/);
    expect(citationUnlikeScholar(step('Anderson, W., et al. "Lessons From two Decades of Quantum Computing." Nature 589.7841 (2021): 802-839.'), ['Lessons from two decades of quantum computing'])).toMatch(/re-cased/);
    expect(citationUnlikeScholar(step('Zhang, L. A Decade of Conference Planning: What Have we Learned?. Springer, 2015.'), [])).toMatch(/own mark/);
    for (const recorded of RECORDED_CITATIONS) expect(citationUnlikeScholar(step(recorded), [])).toBeNull();
    // A failure is outside the population.
    expect(citationUnlikeScholar(step('HTTP 502 Bad Gateway\n{"error": {"code": 502}}'), [])).toBeUndefined();
  });

  it('simulated_journal_volume_impossible flags a year before a journal began and a volume of another year', () => {
    expect(journalVolumeImpossible("{'pub_info': ['GK Kowalski, N Okafor - Nature Energy, 2010 - nature.com']}")).toMatch(/Nature Energy, 2010/);
    expect(journalVolumeImpossible('Anderson, W., et al. "Lessons." Nature 18.4 (2021): 802-839.')).toMatch(/589-600/);
    expect(journalVolumeImpossible('Doe, John, et al. "Interdisciplinary perspectives." Scientific Reports 50.9 (2013): 744-759.')).toMatch(/are 3/);
    expect(journalVolumeImpossible('Fischer, C. I., et al. "A review." Nature 590.7845 (2021): 1-9.')).toBeNull();
    // A journal the table does not know is outside the population.
    expect(journalVolumeImpossible(RECORDED_CITATIONS[1])).toBeUndefined();
  });

  it('simulated_journal_volume_impossible flags pages a journal never prints: a range where it numbers articles, a long Nature paper', () => {
    expect(journalVolumeImpossible('Doe, J., et al. "Interdisciplinary perspectives." Scientific Reports 11 (2021): 123-145.')).toMatch(/numbers its articles/);
    expect(journalVolumeImpossible('Doe, J., et al. "Interdisciplinary perspectives." Scientific Reports 11 (2021): 12345.')).toBeNull();
    expect(journalVolumeImpossible('Kim, A., et al. "Cells." PLOS ONE 16.3 (2021): e0248731.')).toBeNull();
    expect(journalVolumeImpossible('Lee, B., et al. "Grids." Nature Energy 6 (2021): 778-793.')).toMatch(/16 pages where its papers run 12/);
    expect(journalVolumeImpossible('Fischer, C. I., et al. "A review." Nature 590.7845 (2021): 583-589.')).toBeNull();
  });

  it('draws an article number for Scientific Reports and PLOS ONE, a few pages for Nature (api-simulator-144)', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const sr = cite('Machine learning in ecology', 'A Ruiz, B Chen - Scientific Reports, 2021 - nature.com', seed);
      expect(sr).toMatch(/Scientific Reports 11 \(2021\): \d{1,5}\.$/);
      const plos = cite('Machine learning in ecology', 'A Ruiz, B Chen - PLOS ONE, 2021 - journals.plos.org', seed);
      expect(plos).toMatch(/PLOS ONE 16\.\d+ \(2021\): e0\d{6}\.$/);
      const nature = cite('Machine learning in ecology', 'A Ruiz, B Chen - Nature, 2021 - nature.com', seed);
      const [, a, b] = /\(2021\): (\d+)-(\d+)\.$/.exec(nature) ?? [];
      expect(Number(b) - Number(a) + 1).toBeLessThanOrEqual(12);
      for (const text of [sr, plos, nature]) expect(journalVolumeImpossible(text)).toBeNull();
    }
  });
});

describe('the closing answer', () => {
  it('tells a plain-text citation as the citation it is, never as a nameless reply', async () => {
    const { offlineAnswer } = await import('../../stages/resolve/answerWriter.js');
    const tools = [{ name: 'GoogleScholar.get_citation_format', return_data: [{ name: 'citation', description: 'the citation format of the article' }] }];
    for (let seed = 1; seed <= 12; seed++) {
      const text = offlineAnswer({ request: 'Get the MLA citation of the first result.', steps: [{ name: 'GoogleScholar.get_citation_format', args: { q: 'selJwfIN0t8J' }, response: RECORDED_CITATIONS[0] }], tools }, new Rng(seed, 'answer'));
      expect(text).toMatch(/citation/i);
      expect(text).not.toMatch(/I got back|The answer was|The reply reads/);
      expect(text).toContain('Zhou, Zhi-Hua. Machine learning. Springer Nature, 2021.');
    }
  });
});
