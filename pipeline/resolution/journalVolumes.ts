/**
 * When each journal the simulator lists began, and which volumes it published in which year, so a
 * drawn Scholar line or MLA citation names a volume the journal really had that year: never
 * "Nature 18.4 (2021)" (Nature was at volumes 589-600 in 2021), "Nature Energy, 2010" (it began in
 * 2016) or "Scientific Reports 50.9 (2013)" (volume 3). One table, read by the simulator
 * (simulatedText.ts) and by the measure that checks its citations (simulated_citation_unlike_scholar),
 * as scholarFields.ts is: the facts are the world's, not a rule of the generator.
 *
 * Volumes are given as the first volume of a year at one or more anchor years; between anchors the
 * first volume grows evenly, after the last one by `perYear`. Elsevier's big journals publish many
 * volumes a year, so their anchors are several.
 */
export interface JournalVolumes {
  /** The first year the journal published under this name. */
  founded: number;
  /** The last year it did (Cinema Journal became JCMS in 2018); none, still published. */
  ended?: number;
  /** [year, first volume of that year], oldest first. */
  anchors: readonly (readonly [number, number])[];
  /** Volumes a year after the last anchor. */
  perYear: number;
  /** Issues a volume has (numbered 1…n); `running` numbers issues across volumes from [issue in the first week of 2021, issues a year]. */
  issues: number | { running: readonly [number, number] };
  /**
   * A journal that numbers its articles instead of paging them is cited by the article's number: Scientific
   * Reports "11 (2021): 12345", PLOS ONE "16.3 (2021): e0248731", never a page range "123-145".
   */
  articles?: { form: 'digits' | 'e0'; most: number };
  /** The most pages one of its papers runs (a Nature letter four to twelve), never "234-271". */
  maxPages?: number;
}

const annual = (founded: number, vol2021: number, issues = 12, ended?: number): JournalVolumes => ({ founded, ...(ended ? { ended } : {}), anchors: [[2021, vol2021]], perYear: 1, issues });

export const JOURNAL_VOLUMES: Readonly<Record<string, JournalVolumes>> = {
  Nature: { founded: 1869, anchors: [[2021, 589]], perYear: 12, issues: { running: [7841, 51] }, maxPages: 12 },
  Science: { founded: 1880, anchors: [[2021, 371]], perYear: 4, issues: { running: [6524, 51] }, maxPages: 10 },
  'Proceedings of the National Academy of Sciences': annual(1915, 118, 52),
  'Scientific Reports': { ...annual(2011, 11, 1), articles: { form: 'digits', most: 24_999 } },
  'PLOS ONE': { ...annual(2006, 16, 12), articles: { form: 'e0', most: 299_999 } },
  'Physical Review Letters': { founded: 1958, anchors: [[2021, 126]], perYear: 2, issues: 26, articles: { form: 'digits', most: 269_999 } },
  'Reviews of Modern Physics': annual(1929, 93, 4),
  'Nature Physics': { ...annual(2005, 17), maxPages: 12 },
  'npj Quantum Information': { ...annual(2015, 7, 1), articles: { form: 'digits', most: 199 } },
  'PRX Quantum': { ...annual(2020, 2, 4), articles: { form: 'digits', most: 40_999 } },
  Quantum: { ...annual(2017, 5, 1), articles: { form: 'digits', most: 999 } },
  'New Journal of Physics': annual(1998, 23, 12),
  'American Journal of Physics': annual(1933, 89, 12),
  'IEEE Access': annual(2013, 9, 1),
  'ACM Computing Surveys': annual(1969, 54, 12),
  'Communications of the ACM': annual(1958, 64, 12),
  'Nature Machine Intelligence': { ...annual(2019, 3, 12), maxPages: 14 },
  'Neural Computing and Applications': annual(1993, 33, 24),
  'IEEE Transactions on Pattern Analysis and Machine Intelligence': annual(1979, 43, 12),
  'AI & Society': annual(1987, 36, 4),
  'Journal of Cleaner Production': { founded: 1993, anchors: [[1993, 1], [2010, 18], [2015, 87], [2020, 242], [2021, 279], [2022, 330]], perYear: 52, issues: 1 },
  'Renewable and Sustainable Energy Reviews': { founded: 1997, anchors: [[1997, 1], [2010, 14], [2015, 41], [2020, 117], [2021, 135]], perYear: 18, issues: 1 },
  'Energy Policy': { founded: 1973, anchors: [[1973, 1], [2010, 38], [2015, 76], [2020, 136], [2021, 148]], perYear: 12, issues: 1 },
  'Applied Energy': { founded: 1975, anchors: [[1975, 1], [2010, 87], [2015, 137], [2020, 257], [2021, 281]], perYear: 24, issues: 1 },
  Sustainability: { ...annual(2009, 13, 24), articles: { form: 'digits', most: 14_999 } },
  'Nature Energy': { ...annual(2016, 6), maxPages: 12 },
  'Nature Climate Change': { ...annual(2011, 11), maxPages: 12 },
  'The Lancet': { founded: 1823, anchors: [[2021, 397]], perYear: 2, issues: { running: [10269, 52] } },
  BMJ: { founded: 1840, anchors: [[2021, 372]], perYear: 4, issues: { running: [8274, 52] } },
  JAMA: { founded: 1883, anchors: [[2021, 325]], perYear: 2, issues: 24 },
  'New England Journal of Medicine': { founded: 1812, anchors: [[2021, 384]], perYear: 2, issues: 26 },
  'BMC Public Health': { ...annual(2001, 21, 1), articles: { form: 'digits', most: 2_499 } },
  'Tourism Management': { founded: 1980, anchors: [[1980, 1], [2010, 31], [2015, 46], [2020, 76], [2021, 82]], perYear: 6, issues: 1 },
  'Annals of Tourism Research': { founded: 1973, anchors: [[1973, 1], [2010, 37], [2015, 50], [2020, 80], [2021, 86]], perYear: 6, issues: 1 },
  'International Journal of Hospitality Management': { founded: 1982, anchors: [[1982, 1], [2010, 29], [2015, 44], [2020, 84], [2021, 92]], perYear: 8, issues: 1 },
  'Journal of Sustainable Tourism': annual(1993, 29, 12),
  'Current Issues in Tourism': annual(1998, 24, 24),
  'Journal of Travel Research': annual(1962, 60, 8),
  'Journal of Business Research': { founded: 1973, anchors: [[1973, 1], [2010, 63], [2015, 68], [2020, 106], [2021, 122]], perYear: 16, issues: 1 },
  'Journal of Marketing': annual(1936, 85, 6),
  'Industrial Marketing Management': { founded: 1971, anchors: [[1971, 1], [2010, 39], [2015, 44], [2020, 84], [2021, 92]], perYear: 8, issues: 1 },
  'Harvard Business Review': annual(1922, 99, 6),
  'Journal of Vocational Behavior': { founded: 1971, anchors: [[1971, 1], [2010, 76], [2015, 86], [2020, 116], [2021, 124]], perYear: 8, issues: 1 },
  'Personnel Psychology': annual(1948, 74, 4),
  'Strategic Management Journal': annual(1980, 42, 12),
  'Computers & Education': { founded: 1976, anchors: [[1976, 1], [2010, 54], [2015, 80], [2020, 143], [2021, 160]], perYear: 16, issues: 1 },
  'Computers in Human Behavior': { founded: 1985, anchors: [[1985, 1], [2010, 26], [2015, 42], [2020, 102], [2021, 114]], perYear: 12, issues: 1 },
  'The Journal of Academic Librarianship': annual(1975, 47, 6),
  'College & Research Libraries': annual(1939, 82, 7),
  'Review of Educational Research': annual(1931, 91, 6),
  'Studies in Higher Education': annual(1976, 46, 12),
  'Educational Researcher': annual(1972, 50, 9),
  'Film Quarterly': annual(1958, 75, 4),
  Screen: annual(1969, 62, 4),
  'Cinema Journal': annual(1961, 61, 4, 2018),
  'Journal of Film and Video': annual(1984, 73, 4),
  'Film History': annual(1987, 33, 4),
  'Quarterly Review of Film and Video': annual(1989, 38, 8),
  'Journal of Popular Film and Television': annual(1972, 49, 4),
  'Literature/Film Quarterly': annual(1973, 49, 4),
  'American Sociological Review': annual(1936, 86, 6),
  'Annual Review of Sociology': annual(1975, 47, 1),
  'Information, Communication & Society': annual(1998, 24, 16),
  'New Media & Society': annual(1999, 23, 12),
  'Journal of Communication': annual(1951, 71, 6),
  'Annals of Mathematics': { founded: 1884, anchors: [[2021, 193]], perYear: 2, issues: 3 },
  'Duke Mathematical Journal': annual(1935, 170, 18),
  'Inventiones mathematicae': { founded: 1966, anchors: [[2021, 223]], perYear: 4, issues: 3 },
  'Journal of the American Mathematical Society': annual(1988, 34, 4),
  'Journal of Number Theory': { founded: 1969, anchors: [[1969, 1], [2010, 130], [2015, 146], [2020, 206], [2021, 218]], perYear: 12, issues: 1 },
  'Advances in Mathematics': { founded: 1961, anchors: [[1961, 1], [2010, 223], [2015, 268], [2020, 360], [2021, 376]], perYear: 18, issues: 1 },
};

/** The journal a venue name is, however Scholar cases it ("Scientific reports", "Nature"). */
export function journalOf(venue: string): JournalVolumes | undefined {
  const exact = JOURNAL_VOLUMES[venue];
  if (exact) return exact;
  const lower = venue.toLowerCase();
  const key = Object.keys(JOURNAL_VOLUMES).find((k) => k.toLowerCase() === lower);
  return key ? JOURNAL_VOLUMES[key] : undefined;
}

/** The first volume a journal published in a year (its volumes that year run up to the next year's first, less one). */
export function firstVolumeOf(j: JournalVolumes, year: number): number {
  const a = j.anchors;
  if (year <= a[0][0]) return Math.max(1, a[0][1] - Math.round(((a[1]?.[1] ?? a[0][1] + j.perYear) - a[0][1]) / ((a[1]?.[0] ?? a[0][0] + 1) - a[0][0])) * (a[0][0] - year));
  for (let i = 1; i < a.length; i++) {
    const [y0, v0] = a[i - 1];
    const [y1, v1] = a[i];
    if (year <= y1) return v0 + Math.floor(((v1 - v0) * (year - y0)) / (y1 - y0));
  }
  const [yl, vl] = a[a.length - 1];
  return vl + j.perYear * (year - yl);
}

/** The volumes a journal published in a year: [first, last]. */
export function volumesOf(j: JournalVolumes, year: number): [number, number] {
  const first = firstVolumeOf(j, year);
  return [first, Math.max(first, firstVolumeOf(j, year + 1) - 1)];
}

/** The years a journal published in, clipped to [from, to]; undefined when it published in none of them. */
export function yearsOf(j: JournalVolumes, from: number, to: number): [number, number] | undefined {
  const lo = Math.max(from, j.founded);
  const hi = Math.min(to, j.ended ?? to);
  return lo <= hi ? [lo, hi] : undefined;
}

/** Why `pages` ("123-145", "12345", "e0248731") is no way to cite a paper of journal `j`; undefined when it is one. */
export function pagesUnlikeJournal(j: JournalVolumes, pages: string): string | undefined {
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(pages.trim());
  if (j.articles && range) return `a page range "${pages.trim()}" where the journal numbers its articles`;
  if (j.maxPages && range && Number(range[2]) - Number(range[1]) + 1 > j.maxPages) return `${Number(range[2]) - Number(range[1]) + 1} pages where its papers run ${j.maxPages} at most`;
  return undefined;
}
