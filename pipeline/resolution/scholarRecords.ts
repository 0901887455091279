/**
 * Real Google Scholar records: every paper, MLA citation and author profile T-Eval's recorded
 * GoogleScholar answers give, across all of sources/teval/data (review_str_v1.json holds every
 * recorded answer; plan_json_v1.json holds calls only), exactly as recorded. The machine is offline,
 * so these are the only Scholar records the simulator can show as real: a search answers with the
 * recorded papers whose words match its query, a citation or an author profile only for an id a
 * recording answers, never records written for the call ("Quantum computing: a review" by made-up
 * authors in Nature, twice in one answer with two citation counts, teval_query_187_0).
 * tests/resolution/scholarRecords.test.ts checks each entry against the vendored recordings.
 */
import { paperWords, queryTerms } from './arxivPapers.js';

export interface ScholarPaper {
  title: string;
  /** As recorded: a count, or '' where Scholar showed none. */
  citedBy: number | string;
  organicId: string;
  snippet: string;
  /** The recorded query that listed it. */
  query: string;
}

/** Recorded order; one entry per title (a paper two recordings list is one paper, its first recording kept). */
export const SCHOLAR_PAPERS: readonly ScholarPaper[] = [
  { title: "Artificial intelligence in medicine", citedBy: 1607, organicId: "efZZXguoqq8J", snippet: "… artificial intelligence” (AI) in 1955, defining it as “the science and engineering of making intelligent … at a Dartmouth College conference on artificial intelligence. The conference gave birth …", query: "artificial intelligence" },
  { title: "Artificial intelligence in medicine.", citedBy: 836, organicId: "6HqcEiwmoJIJ", snippet: "… of what is commonly called intelligent behaviour, and with the … people seem intelligent are called artificial intelligent systems. … An overview of different artificial intelligent techniques is …", query: "artificial intelligence" },
  { title: "Causability and explainability of artificial intelligence in medicine", citedBy: 975, organicId: "aTI2DQaQV8gJ", snippet: "Explainable artificial intelligence (AI) is attracting much interest in medicine. Technically, the problem of explainability is as old as AI itself and classic AI represented comprehensible …", query: "artificial intelligence" },
  { title: "Machine learning", citedBy: 1805, organicId: "EQ8shYj8Ai8J", snippet: "… machine learning. The second part includes Chapters 4–10, which presents some classic and popular machine learning … cover the core topics of machine learning in one semester, and …", query: "machine learning" },
  { title: "Machine learning: Trends, perspectives, and prospects", citedBy: 7004, organicId: "pdcI9r5sCJcJ", snippet: "… Machine learning addresses the question of how to build computers that improve … Recent progress in machine learning has been driven both by the development of new learning …", query: "machine learning" },
  { title: "Machine learning algorithms-a review", citedBy: 1794, organicId: "sR_ChBn63tIJ", snippet: "… Here‟sa quick look at some of the commonly used algorithms in machine learning (ML) Supervised Learning Supervised learning is the machine learning task of learning a function …", query: "machine learning" },
  { title: "“Decadent” Aesthetics, Irony and Parody: Eileen Chang and Qian Zhongshu's Fiction in Occupied Shanghai (1937–1945)", citedBy: "", organicId: "pz-n3cEp-xoJ", snippet: "… the social system in occupied Shanghai. Qian Zhongshu excelled at providing a God-like … These four novellas were all written by Qian Zhongshu in occupied Shanghai. The four pieces …", query: "Qian Zhongshu Shanghai" },
  { title: "Fortress besieged", citedBy: 34, organicId: "ebEP-E6qleUJ", snippet: "… But like Fang, Qian Zhongshu taught for a time early in the war in the interior, joining a group of refugee scholars from Shanghai and Peking who had set up a university-in-exile in the …", query: "Qian Zhongshu Shanghai" },
  { title: "Qian Zhongshu as comparatist", citedBy: 9, organicId: "RLsSuZKsEQUJ", snippet: "… very little critical assessment of Qian's scholarship to give it … a great comparatist and humanist Qian Zhongshu was and how … and occupied Shanghai and much of the northern territories. …", query: "Qian Zhongshu Shanghai" },
  { title: "Are we adapting to climate change?", citedBy: 1104, organicId: "-jKcSxGaARwJ", snippet: "… , has not been extensively applied to environmental and climate change studies but offers … on climate change approximately every 5 years, yet with 1000s of climate change articles …", query: "climate change" },
  { title: "Climate change 2007: The physical science basis", citedBy: 1288, organicId: "selJwfIN0t8J", snippet: "… of the human and natural drivers of climate change1, observed climate change, climate processes and attribution, and estimates of projected future climate change. It builds upon past …", query: "climate change" },
  { title: "Ground water and climate change", citedBy: 1953, organicId: "MgNQRO9ui2YJ", snippet: "… -fed irrigation — is required to advance our understanding of both the influence of ground water on climate and the impact of climate change on global freshwater resources. …", query: "climate change" },
  { title: "Primer on artificial intelligence and robotics", citedBy: 141, organicId: "LgoTNyB5W3kJ", snippet: "… an introduction to artificial intelligence, robotics, and research … nascent research on artificial intelligence and robotics in the … We discuss the implications of artificial intelligence, robotics, …", query: "Artificial Intelligence in Robotics" },
  { title: "Artificial intelligence and robotics", citedBy: 300, organicId: "IICf2FjSGYoJ", snippet: "… of reasoning or problem-solving abilities we would like to endow robots with and that we believe are worthy goals of both Robotics and Artificial Intelligence, being within reach of both. …", query: "Artificial Intelligence in Robotics" },
  { title: "Artificial intelligence and robotics and their impact on the workplace", citedBy: 312, organicId: "hikj7_lj9MQJ", snippet: "… and the advent of machines powered by artificial intelligence (AI) have already strongly … Artificial intelligence describes the work processes of machines that would require intelligence …", query: "Artificial Intelligence in Robotics" },
  { title: "Machine learning in healthcare: A review", citedBy: 297, organicId: "I9ke4-WO9y8J", snippet: "… Machine learning is used to discover patterns from medical data sources and provide … various machine learning algorithms used for developing efficient decision support for healthcare …", query: "machine learning in healthcare" },
  { title: "Interpretable machine learning in healthcare", citedBy: 584, organicId: "0-gwNu8O3TQJ", snippet: "… from the perspective of a healthcare domain expert. In the later half of the tutorial, we focus … on machine learning systems in healthcare eg, A landmark study on a machine learning …", query: "machine learning in healthcare" },
  { title: "Machine learning in healthcare communication", citedBy: 70, organicId: "-nPLdV9umrEJ", snippet: "… Machine learning can simultaneously observe and … to healthcare supported by clinical data’s extensive availability and recent advancement in analytics systems. Machine learning …", query: "machine learning in healthcare" },
];

export const SCHOLAR_CITATIONS: Readonly<Record<string, string>> = {
  "EQ8shYj8Ai8J": "Zhou, Zhi-Hua. Machine learning. Springer Nature, 2021.",
  "sR_ChBn63tIJ": "Mahesh, Batta. \"Machine learning algorithms-a review.\" International Journal of Science and Research (IJSR).[Internet] 9.1 (2020): 381-386.",
  "fCb2Qh0657MJ": "Bullock, Joseph, et al. \"Mapping the landscape of artificial intelligence applications against COVID-19.\" Journal of Artificial Intelligence Research 69 (2020): 807-845.",
  "yt_vFfMib7MJ": "Bryant, Donald T., and Richard J. Niehaus. Manpower planning and organization design. Vol. 7. Springer Science & Business Media, 2013.",
  "6HqcEiwmoJIJ": "Ramesh, A. N., et al. \"Artificial intelligence in medicine.\" Annals of the Royal College of Surgeons of England 86.5 (2004): 334.",
  "DQ2vUWaq85YJ": "Nadikattu, Rahul Reddy. \"The emerging role of artificial intelligence in modern society.\" International Journal of Creative Research Thoughts (2016).",
  "pw00iBU50qkJ": "Nichols, James A., Hsien W. Herbert Chan, and Matthew AB Baker. \"Machine learning: applications of artificial intelligence to imaging and diagnosis.\" Biophysical reviews 11 (2019): 111-118.",
};

export const SCHOLAR_AUTHORS: Readonly<Record<string, string>> = {
  "TXdHj3MAAAAJ": "{'name': 'Sophie Berger', 'affiliations': 'Intergovernmental Panel on Climate Change (IPCC) - Working Group I, Technical Support Unit', 'website': 'https://www.ipcc.ch/people/sophie-berger/', 'articles': [{'title': 'Climate change 2021: the physical science basis', 'authors': 'V Masson-Delmotte, P Zhai, A Pirani, SL Connors, C Péan, S Berger, ...'}, {'title': 'Climate Change 2021: the physical science basis. Contribution of Working Group I to the Sixth Assessment Report of the Intergovernmental Panel on Climate Change; technical summary', 'authors': 'P Arias, N Bellouin, E Coppola, R Jones, G Krinner, J Marotzke, V Naik, ...'}, {'title': 'Cambridge University Press: Cambridge', 'authors': 'V Masson-Delmotte, P Zhai, A Pirani, SL Connors, C Péan, S Berger, ...'}]}",
  "idq1Ms8AAAAJ": "{'name': 'BTT Tours and Travel', 'affiliations': 'Tourism, Travel, Wildlife Safari, A tour is a great way to see more of your holiday destination.', 'website': 'http://www.toursandtravel.com/', 'articles': [{'title': 'Tourism in China', 'authors': 'AA Lew'}, {'title': \"China's tourism since 1978: Policies, experiences, and lessons learned\", 'authors': 'Z Guangrui'}, {'title': 'Ten years of Chinese tourism: profile and assessment', 'authors': 'Z Guangrui'}]}",
  "NhWonoUAAAAJ": "{'name': 'James E. Hansen', 'affiliations': 'Columbia University Earth Institute, Adjunct Professor, former-GISS, former-NASA', 'website': 'http://www.columbia.edu/~jeh1/', 'articles': [{'title': 'A safe operating space for humanity', 'authors': 'J Rockström, W Steffen, K Noone, Å Persson, FS Chapin III, EF Lambin, ...'}, {'title': 'Planetary boundaries: exploring the safe operating space for humanity', 'authors': 'J Rockström, W Steffen, K Noone, Å Persson, FS Chapin III, E Lambin, ...'}, {'title': 'Climate Forcing by Anthropogenic Aerosols', 'authors': 'RJ Charlson, SE Schwartz, JM Hales, RD Cess, JA'}]}",
};

/** What SerpAPI answers (and T-Eval recorded) when Scholar lists nothing: the search's own "Fully empty" state. */
export function scholarNothingFound(state: 'organic' | 'citations' | 'profiles'): string {
  return `{'text': '{\\'search_information\\': {\\'${state}_results_state\\': \\'Fully empty\\'}, \\'error\\': "Google hasn\\'t returned any results for this query."}'}`;
}

/** What T-Eval recorded for an author id no profile answers. */
export const SCHOLAR_NO_AUTHOR = "{'text': '{}'}";

/**
 * The recorded papers a Scholar search for `query` finds: the recording's own answer to that query,
 * else those holding every word of its subject in their title or snippet, ranked as arXivPapersFor ranks (more of the query's words in the title first,
 * then more mentions), at most `cap`. Empty when no recorded paper holds the words.
 */
export function scholarPapersFor(query: string, cap: number): ScholarPaper[] {
  // A query a recording asked is answered as it was: its papers in Scholar's own order.
  const asked = SCHOLAR_PAPERS.filter((p) => p.query.trim().toLowerCase() === query.trim().toLowerCase());
  if (asked.length) return asked.slice(0, cap);
  const terms = queryTerms(query);
  if (!terms.length) return [];
  // Papers holding `held` of the query's words, ranked as a word search ranks (more of them in the title, then more mentions).
  const holding = (held: number) =>
    SCHOLAR_PAPERS.map((paper, at) => {
      const title = paperWords(paper.title);
      const all = [...title, ...paperWords(paper.snippet)];
      return { paper, held: terms.filter((t) => all.includes(t)).length, inTitle: terms.filter((t) => title.includes(t)).length, mentions: all.filter((w) => terms.includes(w)).length, at };
    })
      .filter((x) => x.held === held)
      .sort((a, b) => b.inTitle - a.inTitle || b.mentions - a.mentions || a.at - b.at)
      .map((x) => x.paper);
  const found = holding(terms.length);
  // Fewer than the cap hold every word: Scholar goes on with papers holding all but one ("machine learning algorithms" → the
  // recorded "Machine learning" papers after "Machine learning algorithms-a review"), so a list asked for three is not cut at two
  // (simulated_list_short, teval_query_239_0).
  if (found.length > 0 && found.length < cap && terms.length >= 2) found.push(...holding(terms.length - 1));
  return found.slice(0, cap);
}

const TITLES = new Map(SCHOLAR_PAPERS.map((p) => [p.title, p]));
const AUTHOR_ARTICLES = new Set(Object.values(SCHOLAR_AUTHORS).flatMap((a) => [...a.matchAll(/'title': (?:'((?:[^'\\]|\\.)*)'|"([^"]*)")/g)].map((m) => (m[1] ?? m[2]).replace(/\\'/g, "'"))));

/** The recorded Scholar paper of this title (exactly as recorded), if any. */
export function recordedScholarPaper(title: string): ScholarPaper | undefined {
  return TITLES.get(title);
}

/** Whether a title is one a recorded Scholar answer lists (a search's paper or an author's article). */
export function isRecordedScholarTitle(title: string): boolean {
  return TITLES.has(title) || AUTHOR_ARTICLES.has(title);
}

/** Whether a citation text is one a recorded get_citation_format answer gives. */
export function isRecordedCitation(text: string): boolean {
  return Object.values(SCHOLAR_CITATIONS).includes(text.trim());
}
