/**
 * Where a field publishes and what its papers study: a simulated Scholar answer about quantum
 * mechanics lists Physical Review Letters and Nature Physics, not Energy Policy or the Journal of
 * Cleaner Production, and its snippets never find "the role of quantum mechanics in urban planning"
 * or that it "can reduce emissions". One table, read by the simulator (simulatedText.ts) and by the
 * quality measure that checks it (simulated_scholar_off_field), so the gate and the check agree.
 */

export type Venue = readonly [name: string, host: string];

export interface ScholarField {
  name: string;
  /** Words of a topic that place it in this field; the first field whose test fits wins. */
  test: RegExp;
  /** Journals and proceedings of the field, with the host Scholar shows after the year. */
  venues: readonly Venue[];
  /** "the role of X in …": settings the field's papers study their subject in; none, no such snippet. */
  roles: readonly string[];
  /** "a framework for X that combines A with B": the field's data (A) and methods (B); none, no such snippet. */
  inputs: readonly string[];
  methods: readonly string[];
  /** What the field's studies rest on, '#' a count ("experiments on # datasets", "case studies in # regions"). */
  trials?: readonly string[];
  /** "results indicate that X can reduce …": what the field's work claims to reduce; none, no such claim. */
  gains: readonly string[];
}

const NATURE: Venue = ['Nature', 'nature.com'];
const SCIENCE: Venue = ['Science', 'science.org'];
const PNAS: Venue = ['Proceedings of the National Academy of Sciences', 'pnas.org'];
const SCI_REPORTS: Venue = ['Scientific Reports', 'nature.com'];
const PLOS_ONE: Venue = ['PLOS ONE', 'journals.plos.org'];
const ARXIV: Venue = ['arXiv preprint', 'arxiv.org'];

/** Venues named here as one field's own: a paper of another field placed in one reads as made up. */
export const SCHOLAR_FIELDS: readonly ScholarField[] = [
  {
    name: 'quantum',
    test: /\bquantum\b/i,
    venues: [['Physical Review Letters', 'APS'], ['Reviews of Modern Physics', 'APS'], ['Nature Physics', 'nature.com'], ['npj Quantum Information', 'nature.com'], ['PRX Quantum', 'APS'], ['Quantum', 'quantum-journal.org'], ARXIV, NATURE, SCIENCE],
    roles: ['chemistry', 'materials science', 'cryptography', 'drug discovery', 'optimization', 'sensing and metrology', 'secure communication', 'molecular simulation'],
    // Quantum computing builds things (quantum mechanics is a state of the world: isPhenomenon keeps it from a framework).
    inputs: ['numerical simulation', 'experiments on superconducting qubits', 'trapped-ion experiments'],
    methods: ['tensor-network methods', 'variational algorithms', 'error-mitigation techniques'],
    trials: ['runs on # devices', 'benchmarks on # circuit families'],
    gains: [],
  },
  {
    name: 'computing',
    test: /\b(learning|neural|networks?|AI|artificial intelligence|language models?|computing|computer|algorithms?|software|robot\w*|vision|NLP|blockchain|cyber\w*|recommend\w*|transformers?|data science|big data|programming|internet of things|IoT)\b/i,
    venues: [['IEEE Access', 'ieeexplore.ieee.org'], ['ACM Computing Surveys', 'dl.acm.org'], ['Communications of the ACM', 'dl.acm.org'], ['Nature Machine Intelligence', 'nature.com'], ['Neural Computing and Applications', 'Springer'], ['IEEE Transactions on Pattern Analysis and Machine Intelligence', 'ieeexplore.ieee.org'], ['AI & Society', 'Springer'], ARXIV, SCI_REPORTS],
    roles: ['healthcare', 'software engineering', 'higher education', 'scientific discovery', 'small firms'],
    inputs: ['benchmark data', 'simulation', 'user studies', 'large-scale logs'],
    methods: ['deep learning', 'statistical models', 'probabilistic models', 'formal verification'],
    trials: ['experiments on # datasets', 'experiments on # benchmarks'],
    gains: ['errors', 'latency', 'training costs', 'memory use'],
  },
  {
    name: 'physics',
    test: /\b(physics|relativity|particles?|astrophysic\w*|cosmolog\w*|optics|thermodynamic\w*|astronom\w*|gravit\w*)\b/i,
    venues: [['Physical Review Letters', 'APS'], ['Reviews of Modern Physics', 'APS'], ['Nature Physics', 'nature.com'], ['New Journal of Physics', 'iopscience.iop.org'], ['American Journal of Physics', 'pubs.aip.org'], ARXIV, NATURE, SCIENCE],
    roles: ['modern technology', 'materials science', 'chemistry', 'astronomy', 'engineering', 'medical imaging'],
    inputs: [],
    methods: [],
    gains: [],
  },
  {
    name: 'energy',
    test: /\b(energy|solar|climate|carbon|emissions?|renewable|sustainab\w*|wind power|wind energy|environment\w*|pollution|recycl\w*|green|electric vehicles?|batter\w*)\b/i,
    venues: [['Journal of Cleaner Production', 'Elsevier'], ['Renewable and Sustainable Energy Reviews', 'Elsevier'], ['Energy Policy', 'Elsevier'], ['Applied Energy', 'Elsevier'], ['Sustainability', 'mdpi.com'], ['Nature Energy', 'nature.com'], ['Nature Climate Change', 'nature.com'], NATURE, PNAS],
    roles: ['developing economies', 'urban planning', 'energy policy', 'small firms'],
    inputs: ['field data', 'simulation', 'public records', 'expert interviews'],
    methods: ['statistical models', 'a life-cycle analysis', 'cost modelling'],
    trials: ['case studies in # regions', 'measurements at # sites'],
    gains: ['costs', 'emissions', 'energy use'],
  },
  {
    name: 'health',
    test: /\b(health\w*|medic\w*|clinical|disease|cancer|vaccin\w*|patients?|nursing|mental|covid\w*|epidemi\w*|hospital\w*|diet|nutrition)\b/i,
    venues: [['The Lancet', 'thelancet.com'], ['BMJ', 'bmj.com'], ['JAMA', 'jamanetwork.com'], ['New England Journal of Medicine', 'NEJM'], ['BMC Public Health', 'Springer'], PLOS_ONE, SCI_REPORTS],
    roles: ['clinical practice', 'primary care', 'public health policy'],
    inputs: ['patient records', 'trial data', 'survey data'],
    methods: ['statistical models', 'machine learning', 'a cost-effectiveness analysis'],
    trials: ['data from # hospitals', 'records from # clinics'],
    gains: ['readmissions', 'costs', 'waiting times'],
  },
  {
    name: 'business',
    test: /\b(sales|marketing|business\w*|management|jobs?|employ\w*|careers?|recruit\w*|hiring|firms?|compan(?:y|ies)|entrepreneur\w*|finance|financial|investment|stock market|customers?|retail|leadership)\b/i,
    venues: [['Journal of Business Research', 'Elsevier'], ['Journal of Marketing', 'journals.sagepub.com'], ['Industrial Marketing Management', 'Elsevier'], ['Harvard Business Review', 'hbr.org'], ['Journal of Vocational Behavior', 'Elsevier'], ['Personnel Psychology', 'Wiley'], ['Strategic Management Journal', 'Wiley']],
    roles: ['small firms', 'developing economies', 'the public sector', 'start-ups'],
    inputs: ['survey data', 'interviews', 'company records', 'field data'],
    methods: ['statistical models', 'qualitative coding', 'a panel regression'],
    trials: ['data from # firms', 'case studies of # companies'],
    gains: ['costs', 'turnover', 'delays'],
  },
  {
    name: 'education',
    test: /\b(education\w*|librar\w*|schools?|teach\w*|students?|universit\w*|academic|learners?|curricul\w*|literacy)\b/i,
    venues: [['Computers & Education', 'Elsevier'], ['The Journal of Academic Librarianship', 'Elsevier'], ['College & Research Libraries', 'crl.acrl.org'], ['Review of Educational Research', 'journals.sagepub.com'], ['Studies in Higher Education', 'Taylor & Francis'], ['Educational Researcher', 'journals.sagepub.com']],
    roles: ['higher education', 'primary schools', 'lifelong learning', 'rural communities'],
    inputs: ['survey data', 'interviews', 'classroom observation', 'usage records'],
    methods: ['statistical models', 'qualitative coding', 'a mixed-methods design'],
    trials: ['data from # schools', 'case studies of # institutions'],
    gains: [],
  },
  {
    name: 'society',
    test: /\b(social|societ\w*|media|politic\w*|histor\w*|cultur\w*|tourism|tourists?|migration|urban|cit(?:y|ies)|heritage|religio\w*|language|art|arts|music|literature|museums?|communit\w*|public opinion|democra\w*)\b/i,
    venues: [['New Media & Society', 'journals.sagepub.com'], ['Computers in Human Behavior', 'Elsevier'], ['Annual Review of Sociology', 'annualreviews.org'], ['Journal of Communication', 'academic.oup.com'], ['American Sociological Review', 'journals.sagepub.com'], ['Information, Communication & Society', 'Taylor & Francis'], PNAS, PLOS_ONE],
    roles: ['young people\'s lives', 'public life', 'local communities', 'everyday life'],
    inputs: ['survey data', 'interviews', 'archival sources', 'public records'],
    methods: ['statistical models', 'qualitative coding', 'network analysis'],
    trials: ['data from # countries', 'fieldwork in # communities'],
    gains: [],
  },
];

/** A topic no field word places: venues of every science, and settings and claims any study could make. */
export const GENERAL_FIELD: ScholarField = {
  name: 'general',
  test: /$^/,
  venues: [NATURE, SCIENCE, PNAS, SCI_REPORTS, PLOS_ONE, ['Springer', 'Springer']],
  roles: [],
  inputs: ['field data', 'public records', 'survey data'],
  methods: ['statistical models', 'case studies'],
  trials: ['data from # sites', 'case studies in # settings'],
  gains: [],
};

/**
 * A topic that names a state of the world, not something people do or build ("climate change",
 * "the impact of social media", "AI ethics"): it reduces nothing and has no framework of its own.
 */
export function isPhenomenon(topic: string): boolean {
  return /\b(change|crisis|warming|disease|cancer|covid\w*|pandemic|impacts?|effects?|ethics|history|society|poverty|inequality|mechanics|physics)\b/i.test(topic);
}

/** The field a topic's words place it in ("quantum mechanics" → quantum, "sales strategies" → business). */
export function scholarField(topic: string): ScholarField {
  return SCHOLAR_FIELDS.find((f) => f.test.test(topic)) ?? GENERAL_FIELD;
}

/**
 * The fields whose own venue a name is, when it belongs to no field of `topic`'s: "Energy Policy"
 * for quantum mechanics is off its field; Nature, Science and PLOS ONE publish every field.
 */
export function venueOffField(venue: string, topic: string): string | undefined {
  const field = scholarField(topic);
  const v = venue.trim().toLowerCase();
  if (field.venues.some(([name]) => name.toLowerCase() === v) || GENERAL_FIELD.venues.some(([name]) => name.toLowerCase() === v)) return undefined;
  const owners = SCHOLAR_FIELDS.filter((f) => f.venues.some(([name]) => name.toLowerCase() === v));
  return owners.length ? owners.map((f) => f.name).join('/') : undefined;
}
