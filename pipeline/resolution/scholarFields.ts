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
  /** How an arXiv abstract of the field says what was done and found (paperAbstract.ts). */
  abstract: AbstractVocab;
}

/**
 * The words of a field's abstracts: a paper on quantum mechanics rests on "precision measurements",
 * never "ablations over model size and training data"; customer behaviour turns on "pricing", not on
 * "the choice of materials". `style` picks the sentence forms (experiments and baselines, proofs,
 * measurements and their uncertainty, sources and the forces they show).
 */
export interface AbstractVocab {
  style: 'cs' | 'math' | 'physics' | 'science' | 'phenomenon' | 'social' | 'general';
  /** How the field's studies are done: "experiments on superconducting qubits", "visitor surveys". */
  evidence: readonly string[];
  /** What its findings weigh against each other ("gate fidelity", "class size"); in a phenomenon's style, what makes its estimates uncertain. */
  factors: readonly string[];
  /** cs style: what, once done, makes reported gains shrink ("classical baselines are tuned with the same care"). */
  caveats?: readonly string[];
  /** cs style: what a properly tuned comparison uses ("simple baselines", "classical methods"). */
  baselines?: string;
  /** The vocabulary of a topic that is a state of the world in this field ("quantum mechanics", "climate change"). */
  phenomenon?: AbstractVocab;
}

const NATURE: Venue = ['Nature', 'nature.com'];
const SCIENCE: Venue = ['Science', 'science.org'];
const PNAS: Venue = ['Proceedings of the National Academy of Sciences', 'pnas.org'];
const SCI_REPORTS: Venue = ['Scientific Reports', 'nature.com'];
const PLOS_ONE: Venue = ['PLOS ONE', 'journals.plos.org'];
const ARXIV: Venue = ['arXiv preprint', 'arxiv.org'];
/** Where film studies publish: a paper on "The Godfather" is in Film Quarterly, not Nature or The Lancet. */
export const FILM_VENUES: readonly Venue[] = [
  ['Film Quarterly', 'online.ucpress.edu'], ['Screen', 'academic.oup.com'], ['Cinema Journal', 'JSTOR'], ['Journal of Film and Video', 'JSTOR'],
  ['Film History', 'JSTOR'], ['Quarterly Review of Film and Video', 'Taylor & Francis'], ['Journal of Popular Film and Television', 'Taylor & Francis'], ['Literature/Film Quarterly', 'JSTOR'],
];

const CS_VOCAB: AbstractVocab = {
  style: 'cs',
  evidence: ['controlled experiments on public benchmarks', 'ablations over model size and training data', 'a reimplementation of the main published baselines', 'experiments on synthetic and real-world data', 'an evaluation across several tasks and languages', 'a theoretical analysis checked against experiments', 'a user study with practitioners', 'an analysis of failure cases', 'a comparison with the strongest published systems', 'experiments under a fixed compute budget', 'a study of how results vary with random seeds', 'tests on data collected after training', 'a qualitative review of model outputs', 'an error analysis by input length'],
  factors: ['the quality of the training data', 'model size', 'careful tuning', 'longer training', 'the choice of evaluation metric', 'more diverse data', 'the way inputs are represented', 'the amount of labelled data'],
  caveats: ['test data are kept strictly apart from training data', 'baselines are tuned with the same care', 'results are averaged over several runs', 'the evaluation includes out-of-distribution data', 'compute budgets are matched'],
  baselines: 'simple baselines',
};
const PHYSICS_VOCAB: AbstractVocab = {
  style: 'physics',
  evidence: ['exactly solvable models', 'perturbation theory', 'numerical simulation', 'precision measurements', 'interferometry experiments', 'a semiclassical analysis', 'published experimental data', 'symmetry arguments'],
  factors: ['finite temperature', 'decoherence', 'strong coupling', 'relativistic corrections', 'boundary effects', 'measurement back-action'],
};
const QUANTUM_VOCAB: AbstractVocab = {
  style: 'cs',
  evidence: ['numerical simulation of noisy circuits', 'experiments on superconducting qubits', 'trapped-ion experiments', 'resource estimates for fault-tolerant hardware', 'benchmarks on random circuits', 'a comparison with the best classical algorithms', 'an analytical noise model checked against simulation'],
  factors: ['gate fidelity', 'qubit connectivity', 'circuit depth', 'the choice of encoding', 'error-correction overhead', 'readout error'],
  caveats: ['classical baselines are tuned with the same care', 'noise is modelled realistically', 'the cost of error correction is counted', 'the time to load the input data is included'],
  baselines: 'classical methods',
  phenomenon: PHYSICS_VOCAB,
};
const SCIENCE_EVIDENCE = ['field measurements', 'laboratory experiments', 'numerical simulations', 'long-term monitoring data', 'a meta-analysis of published studies', 'satellite and ground observations', 'a life-cycle assessment', 'a comparison of several regions', 'a pilot installation', 'records from national agencies', 'a sensitivity analysis of the main model', 'samples taken over two seasons'];
const ENERGY_VOCAB: AbstractVocab = {
  style: 'science',
  evidence: SCIENCE_EVIDENCE,
  factors: ['local conditions', 'seasonal variation', 'the choice of materials', 'operating conditions', 'scale', 'policy settings', 'maintenance and upkeep', 'the cost of storage'],
  // Climate change depends on no "maintenance and upkeep": a state of the world is estimated, and its estimates are uncertain.
  phenomenon: { style: 'phenomenon', evidence: SCIENCE_EVIDENCE.filter((e) => !/life-cycle|pilot/.test(e)), factors: ['measurement error', 'variation between sites', 'the choice of model parameters', 'gaps in the long-term record', 'differences in how studies define their outcomes'] },
};
const SOCIETY_VOCAB: AbstractVocab = {
  style: 'social',
  evidence: ['archival sources', 'interviews', 'a survey of residents', 'oral histories', 'newspaper records', 'official statistics', 'fieldwork', 'policy documents', 'maps and planning records', 'parliamentary debates', 'photographs and film', 'local museum collections'],
  factors: ['local institutions', 'migration', 'economic change', 'public debate', 'everyday practice', 'political decisions', 'the built environment', 'education', 'the media'],
};

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
    abstract: QUANTUM_VOCAB,
  },
  {
    name: 'computing',
    test: /\b(learning|neural|networks?|AI|artificial intelligence|language models?|computing|computer|algorithms?|software|robot\w*|vision|NLP|blockchain|cyber\w*|recommend\w*|transformers?|data science|data analy\w*|analytics|statistical learning|big data|programming|internet of things|IoT)\b/i,
    venues: [['IEEE Access', 'ieeexplore.ieee.org'], ['ACM Computing Surveys', 'dl.acm.org'], ['Communications of the ACM', 'dl.acm.org'], ['Nature Machine Intelligence', 'nature.com'], ['Neural Computing and Applications', 'Springer'], ['IEEE Transactions on Pattern Analysis and Machine Intelligence', 'ieeexplore.ieee.org'], ['AI & Society', 'Springer'], ARXIV, SCI_REPORTS],
    roles: ['healthcare', 'software engineering', 'higher education', 'scientific discovery', 'small firms'],
    inputs: ['benchmark data', 'simulation', 'user studies', 'large-scale logs'],
    methods: ['deep learning', 'statistical models', 'probabilistic models', 'formal verification'],
    trials: ['experiments on # datasets', 'experiments on # benchmarks'],
    gains: ['errors', 'latency', 'training costs', 'memory use'],
    abstract: CS_VOCAB,
  },
  {
    name: 'film',
    test: /\b(films?|cinema\w*|movies?|screenwrit\w*|filmmak\w*)\b/i,
    venues: FILM_VENUES,
    roles: [],
    inputs: [],
    methods: [],
    gains: [],
    abstract: {
      style: 'social',
      evidence: ['close readings of key films', 'studio and production records', 'reviews and the trade press', 'audience surveys', 'box-office records', 'interviews with filmmakers'],
      factors: ['genre conventions', 'the studio system', 'censorship', 'audiences', 'new technology', 'reviewers', 'stars'],
    },
  },
  {
    name: 'physics',
    test: /\b(physics|relativity|particles?|astrophysic\w*|cosmolog\w*|optics|thermodynamic\w*|astronom\w*|gravit\w*)\b/i,
    venues: [['Physical Review Letters', 'APS'], ['Reviews of Modern Physics', 'APS'], ['Nature Physics', 'nature.com'], ['New Journal of Physics', 'iopscience.iop.org'], ['American Journal of Physics', 'pubs.aip.org'], ARXIV, NATURE, SCIENCE],
    roles: ['modern technology', 'materials science', 'chemistry', 'astronomy', 'engineering', 'medical imaging'],
    inputs: [],
    methods: [],
    gains: [],
    abstract: PHYSICS_VOCAB,
  },
  {
    name: 'tourism',
    test: /\b(touris\w*|hotels?|hospitality|travel\w*|destinations?|attractions?|sightseeing|resorts?)\b/i,
    venues: [['Tourism Management', 'Elsevier'], ['Annals of Tourism Research', 'Elsevier'], ['International Journal of Hospitality Management', 'Elsevier'], ['Journal of Sustainable Tourism', 'Taylor & Francis'], ['Current Issues in Tourism', 'Taylor & Francis'], ['Journal of Travel Research', 'journals.sagepub.com']],
    roles: ['local communities', 'heritage sites', 'coastal regions', 'city centres'],
    inputs: ['visitor surveys', 'online reviews', 'booking data'],
    methods: ['statistical models', 'qualitative coding', 'sentiment analysis'],
    trials: ['data from # destinations', 'case studies of # destinations'],
    gains: [],
    abstract: {
      style: 'social',
      evidence: ['visitor surveys', 'online reviews', 'booking data', 'interviews with residents', 'official tourism statistics', 'case studies of destinations', 'interviews with hotel managers'],
      factors: ['seasonality', 'prices', 'accessibility', "residents' attitudes", 'the quality of service', 'online reviews', 'marketing'],
    },
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
    abstract: ENERGY_VOCAB,
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
    abstract: {
      style: 'science',
      evidence: ['patient records', 'a randomised controlled trial', 'a cohort study', 'a systematic review and meta-analysis', 'registry data', 'a cross-sectional survey'],
      factors: ['age', 'access to care', 'adherence to treatment', 'socioeconomic status', 'comorbidities'],
      phenomenon: { style: 'phenomenon', evidence: ['registry data', 'a cohort study', 'a systematic review and meta-analysis', 'surveillance data'], factors: ['small sample sizes', 'loss to follow-up', 'differences in how studies define their outcomes', 'confounding'] },
    },
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
    abstract: {
      style: 'social',
      evidence: ['survey data from managers', 'company records', 'a panel of listed firms', 'interviews with practitioners', 'a field experiment', 'transaction data'],
      factors: ['market conditions', 'firm size', 'pricing', 'customer trust', 'management practices', 'the quality of information', 'regulation'],
    },
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
    abstract: {
      style: 'social',
      evidence: ['classroom observation', 'surveys of students', 'interviews with teachers', 'test scores', 'usage records', 'a randomised trial in schools'],
      factors: ['teacher training', 'class size', 'feedback', 'student motivation', 'the curriculum', 'family background'],
    },
  },
  {
    name: 'mathematics',
    test: /\b((?:number|graph|set|group|category|knot|representation|probability|measure|ergodic) theory|algebra\w*|geometr\w*|topolog\w*|primes?|prime numbers|combinatori\w*|differential equations|calculus|mathemat\w*|manifolds?)\b/i,
    venues: [['Annals of Mathematics', 'annals.math.princeton.edu'], ['Inventiones mathematicae', 'Springer'], ['Duke Mathematical Journal', 'projecteuclid.org'], ['Advances in Mathematics', 'Elsevier'], ['Journal of the American Mathematical Society', 'ams.org'], ['Journal of Number Theory', 'Elsevier'], ARXIV],
    roles: [],
    inputs: [],
    methods: [],
    gains: [],
    abstract: {
      style: 'math',
      evidence: ['elementary methods', 'a new combinatorial argument', 'tools from harmonic analysis', 'a compactness argument', 'an explicit construction', 'a reduction to a classical case', 'a careful analysis of the extremal cases', 'generating functions', 'probabilistic arguments'],
      factors: ['recover several known results with shorter proofs', 'settle a special case of a long-standing conjecture', 'obtain sharper bounds than were previously known', 'give explicit examples showing that the conditions cannot be weakened', 'extend the main estimates to a wider class of objects'],
    },
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
    abstract: SOCIETY_VOCAB,
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
  abstract: { style: 'general', evidence: ['new data', 'published case studies', 'a review of the literature', 'a comparison across settings', 'interviews', 'official statistics'], factors: [] },
};

/**
 * A topic that names a state of the world, not something people do or build ("climate change",
 * "the impact of social media", "AI ethics"): it reduces nothing and has no framework of its own.
 */
export function isPhenomenon(topic: string): boolean {
  return /\b(change|crisis|warming|disease|cancer|covid\w*|pandemic|impacts?|effects?|ethics|history|society|poverty|inequality|mechanics|physics)\b/i.test(topic);
}

/** The words an abstract on `topic` is written in: its field's, or its field's for a state of the world ("quantum mechanics" in physics' words). */
export function abstractVocab(topic: string): AbstractVocab {
  const vocab = scholarField(topic).abstract;
  return isPhenomenon(topic) && vocab.phenomenon ? vocab.phenomenon : vocab;
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
