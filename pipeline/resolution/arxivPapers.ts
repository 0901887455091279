/**
 * Real arXiv papers: every paper T-Eval's recorded ArxivSearch answers list, across all of
 * sources/teval/data (plan_json_v1.json and review_str_v1.json, trajectories the filter turns down
 * included), with its published date, title, authors and summary exactly as recorded (the summary's
 * line breaks are arXiv's own wrapping). The machine is offline, so these are the only papers the
 * simulator can show as arXiv's answer: a simulated search answers with the ones whose words match
 * its query (arXiv searches by words), never with papers written for the query (a "number theory"
 * search listed "Key debates in number theory" by "Keiko Jensen", which no one can find).
 * tests/resolution/arxivPapers.test.ts checks each entry against the vendored recordings.
 */

export interface ArxivPaper {
  published: string;
  title: string;
  authors: string;
  summary: string;
}

/** Recorded order; one entry per paper (a title recorded in two casings is one paper, its first recording kept). */
export const ARXIV_PAPERS: readonly ArxivPaper[] = [
  {
    published: "2022-08-01",
    title: "The Rise of Quantum Internet Computing",
    authors: "Seng W. Loke",
    summary: "This article highlights quantum Internet computing as referring to\ndistributed quantum computing over the quantum Internet, analogous to\n(classical) Internet computing involving (classical) distributed computing over\nthe (classical) Internet. Relevant to quantum Internet computing would be areas\nof study such as quantum protocols for distributed nodes using quantum\ninformation for computations, quantum cloud computing, delegated verifiable\nblind or private computing, non-local gates, and distributed quantum\napplications, over Internet-scale distances.",
  },
  {
    published: "2019-09-08",
    title: "Lecture Notes: Optimization for Machine Learning",
    authors: "Elad Hazan",
    summary: "Lecture notes on optimization for machine learning, derived from a course at\nPrinceton University and tutorials given in MLSS, Buenos Aires, as well as\nSimons Foundation, Berkeley.",
  },
  {
    published: "2018-11-11",
    title: "An Optimal Control View of Adversarial Machine Learning",
    authors: "Xiaojin Zhu",
    summary: "I describe an optimal control view of adversarial machine learning, where the\ndynamical system is the machine learner, the input are adversarial actions, and\nthe control costs are defined by the adversary's goals to do harm and be hard\nto detect. This view encompasses many types of adversarial machine learning,\nincluding test-item attacks, training-data poisoning, and adversarial reward\nshaping. The view encourages adversarial machine learning researcher to utilize\nadvances in control theory and reinforcement learning.",
  },
  {
    published: "2017-07-16",
    title: "Minimax deviation strategies for machine learning and recognition with short learning samples",
    authors: "Michail Schlesinger, Evgeniy Vodolazskiy",
    summary: "The article is devoted to the problem of small learning samples in machine\nlearning. The flaws of maximum likelihood learning and minimax learning are\nlooked into and the concept of minimax deviation learning is introduced that is\nfree of those flaws.",
  },
  {
    published: "2000-03-31",
    title: "Unconventional Quantum Computing Devices",
    authors: "Seth Lloyd",
    summary: "This paper investigates a variety of unconventional quantum computation\ndevices, including fermionic quantum computers and computers that exploit\nnonlinear quantum mechanics. It is shown that unconventional quantum computing\ndevices can in principle compute some quantities more rapidly than\n`conventional' quantum computers.",
  },
  {
    published: "2013-11-20",
    title: "Geometrical perspective on quantum states and quantum computation",
    authors: "Zeqian Chen",
    summary: "We interpret quantum computing as a geometric evolution process by\nreformulating finite quantum systems via Connes' noncommutative geometry. In\nthis formulation, quantum states are represented as noncommutative connections,\nwhile gauge transformations on the connections play a role of unitary quantum\noperations. Thereby, a geometrical model for quantum computation is presented,\nwhich is equivalent to the quantum circuit model. This result shows a geometric\nway of realizing quantum computing and as such, provides an alternative\nproposal of building a quantum computer.",
  },
  {
    published: "2023-04-13",
    title: "Parallelization of Machine Learning Algorithms Respectively on Single Machine and Spark",
    authors: "Jiajun Shen",
    summary: "With the rapid development of big data technologies, how to dig out useful information from massive data becomes an essential problem. However, using machine learning algorithms to analyze large data may be time-consuming and inefficient on the traditional single machine. To solve these problems, this paper has made some research on the parallelization of several classic machine learning algorithms respectively on the single machine and the big data platform Spark. We compare the runtime and efficiency of traditional machine learning algorithms with parallelized machine learning algorithms respectively on the single machine and Spark platform. The research results have shown significant improvement in runtime and efficiency of parallelized machine learning algorithms.",
  },
  {
    published: "2016-11-12",
    title: "An Introduction to MM Algorithms for Machine Learning and Statistical",
    authors: "Hien D. Nguyen",
    summary: "MM (majorization--minimization) algorithms are an increasingly popular tool for solving optimization problems in machine learning and statistical estimation. This article introduces the MM algorithm framework in general and via three popular example applications: Gaussian mixture regressions, multinomial logistic regressions, and support vector machines. Specific algorithms for the three examples are derived and numerical demonstrations are presented. Theoretical and practical aspects of MM algorithm design are discussed.",
  },
  {
    published: "2019-09-19",
    title: "Machine Learning for Clinical Predictive Analytics",
    authors: "Wei-Hung Weng",
    summary: "In this chapter, we provide a brief overview of applying machine learning techniques for clinical prediction tasks. We begin with a quick introduction to the concepts of machine learning and outline some of the most common machine learning algorithms. Next, we demonstrate how to apply the algorithms with appropriate toolkits to conduct machine learning experiments for clinical prediction tasks. The objectives of this chapter are to (1) understand the basics of machine learning techniques and the reasons behind why they are useful for solving clinical prediction problems, (2) understand the intuition behind some machine learning models, including regression, decision trees, and support vector machines, and (3) understand how to apply these models to clinical prediction problems using publicly available datasets via case studies.",
  },
  {
    published: "2023-04-05",
    title: "A Survey on Federated Learning for the Healthcare Metaverse: Concepts, Applications, Challenges, and Future Directions",
    authors: "Ali Kashif Bashir, Nancy Victor, Sweta Bhattacharya, Thien Huynh-The, Rajeswari Chengoden, Gokul Yenduri, Praveen Kumar Reddy Maddikunta, Quoc-Viet Pham, Thippa Reddy Gadekallu, Madhusanka Liyanage",
    summary: "Recent technological advancements have considerately improved healthcare systems to provide various intelligent healthcare services and improve the quality of life. Federated learning (FL), a new branch of artificial intelligence (AI), opens opportunities to deal with privacy issues in healthcare systems and exploit data and computing resources available at distributed devices. Additionally, the Metaverse, through integrating emerging technologies, such as AI, cloud edge computing, Internet of Things (IoT), blockchain, and semantic communications, has transformed many vertical domains in general and the healthcare sector in particular. Obviously, FL shows many benefits and provides new opportunities for conventional and Metaverse healthcare, motivating us to provide a survey on the usage of FL for Metaverse healthcare systems. First, we present preliminaries to IoT-based healthcare systems, FL in conventional healthcare, and Metaverse healthcare. The benefits of FL in Metaverse healthcare are then discussed, from improved privacy and scalability, better interoperability, better data management, and extra security to automation and low-latency healthcare services. Subsequently, we discuss several applications pertaining to FL-enabled Metaverse healthcare, including medical diagnosis, patient monitoring, medical education, infectious disease, and drug discovery. Finally, we highlight significant challenges and potential solutions toward the realization of FL in Metaverse health",
  },
  {
    published: "2022-08-16",
    title: "Fair Machine Learning in Healthcare: A Review",
    authors: "Qizhang Feng, Mengnan Du, Na Zou, Xia Hu",
    summary: "Benefiting from the digitization of healthcare data and the development of computing power, machine learning methods are increasingly used in the healthcare domain. Fairness problems have been identified in machine learning for healthcare, resulting in an unfair allocation of limited healthcare resources or excessive health risks for certain groups. Therefore, addressing the fairness problems has recently attracted increasing attention from the healthcare community. However, the intersection of machine learning for healthcare and fairness in machine learning remains understudied. In this review, we build the bridge by exposing fairness problems, summarizing possible biases, sorting out mitigation methods and pointing out challenges along with opportunities for the future.",
  },
  {
    published: "2022-09-06",
    title: "Autonomous Mobile Clinics: Empowering Affordable Anywhere Anytime Healthcare Access",
    authors: "Shaoshan Liu, Yuzhang Huang, Leiyu Shi",
    summary: "We are facing a global healthcare crisis today as the healthcare cost is ever climbing, but with the aging population, government fiscal revenue is ever dropping. To create a more efficient and effective healthcare system, three technical challenges immediately present themselves: healthcare access, healthcare equity, and healthcare efficiency. An autonomous mobile clinic solves the healthcare access problem by bringing healthcare services to the patient by the order of the patient's fingertips. Nevertheless, to enable a universal autonomous mobile clinic network, a three-stage technical roadmap needs to be achieved: In stage one, we focus on solving the inequity challenge in the existing healthcare system by combining autonomous mobility and telemedicine. In stage two, we develop an AI doctor for primary care, which we foster from infancy to adulthood with clean healthcare data. With the AI doctor, we can solve the inefficiency problem. In stage three, after we have proven that the autonomous mobile clinic network can truly solve the target clinical use cases, we shall open up the platform for all medical verticals, thus enabling universal healthcare through this whole new system.",
  },
  {
    published: "2016-03-25",
    title: "A movie genre prediction based on Multivariate Bernoulli model and genre correlations",
    authors: "Eric Makita, Artem Lenskiy",
    summary: "Movie ratings play an important role both in determining the likelihood of a\npotential viewer to watch the movie and in reflecting the current viewer\nsatisfaction with the movie. They are available in several sources like the\ntelevision guide, best-selling reference books, newspaper columns, and\ntelevision programs. Furthermore, movie ratings are crucial for recommendation\nengines that track the behavior of all users and utilize the information to\nsuggest items they might like. Movie ratings in most cases, thus, provide\ninformation that might be more important than movie feature-based data. It is\nintuitively appealing that information about the viewing preferences in movie\ngenres is sufficient for predicting a genre of an unlabeled movie. In order to\npredict movie genres, we treat ratings as a feature vector, apply the Bernoulli\nevent model to estimate the likelihood of a movies given genre, and evaluate\nthe posterior probability of the genre of a given movie using the Bayes rule.\nThe goal of the proposed technique is to efficiently use the movie ratings for\nthe task of predicting movie genres. In our approach we attempted to answer the\nquestion: \"Given the set of users who watched a movie, is it possible to\npredict the genre of a movie based on its ratings?\" Our simulation results with\nMovieLens 100k data demonstrated the efficiency and accuracy of our proposed\ntechnique, achieving 59% prediction rate for exact prediction and 69% when\nincluding correlated genres.",
  },
  {
    published: "2019-10-24",
    title: "A Graph-Based Framework to Bridge Movies and Synopses",
    authors: "Yu Xiong, Qingqiu Huang, Lingfeng Guo, Hang Zhou, Bolei Zhou, Dahua Lin",
    summary: "Inspired by the remarkable advances in video analytics, research teams are\nstepping towards a greater ambition -- movie understanding. However, compared\nto those activity videos in conventional datasets, movies are significantly\ndifferent. Generally, movies are much longer and consist of much richer\ntemporal structures. More importantly, the interactions among characters play a\ncentral role in expressing the underlying story. To facilitate the efforts\nalong this direction, we construct a dataset called Movie Synopses Associations\n(MSA) over 327 movies, which provides a synopsis for each movie, together with\nannotated associations between synopsis paragraphs and movie segments. On top\nof this dataset, we develop a framework to perform matching between movie\nsegments and synopsis paragraphs. This framework integrates different aspects\nof a movie, including event dynamics and character interactions, and allows\nthem to be matched with parsed paragraphs, based on a graph-based formulation.\nOur study shows that the proposed framework remarkably improves the matching\naccuracy over conventional feature-based methods. It also reveals the\nimportance of narrative structures and character interactions in movie\nunderstanding.",
  },
  {
    published: "2018-11-27",
    title: "Movie Recommendation System using Sentiment Analysis from Microblogging Data",
    authors: "Sudhanshu Kumar, Shirsendu Sukanta Halder, Kanjar De, Partha Pratim Roy",
    summary: "Recommendation systems are important intelligent systems that play a vital\nrole in providing selective information to users. Traditional approaches in\nrecommendation systems include collaborative filtering and content-based\nfiltering. However, these approaches have certain limitations like the\nnecessity of prior user history and habits for performing the task of\nrecommendation. In order to reduce the effect of such dependencies, this paper\nproposes a hybrid recommendation system which combines the collaborative\nfiltering, content-based filtering with sentiment analysis of movie tweets. The\nmovie tweets have been collected from microblogging websites to understand the\ncurrent trends and user response of the movie. Experiments conducted on public\ndatabase produce promising results.",
  },
  {
    published: "2023-04-06",
    title: "The Governance of Physical Artificial Intelligence",
    authors: "Yingbo Li, Anamaria-Beatrice Spulber, Yucong Duan",
    summary: "Physical artificial intelligence can prove to be one of the most important\nchallenges of the artificial intelligence. The governance of physical\nartificial intelligence would define its responsible intelligent application in\nthe society.",
  },
  {
    published: "2020-05-21",
    title: "Does an artificial intelligence perform market manipulation with its own discretion? -- A genetic algorithm learns in an artificial market simulation",
    authors: "Takanobu Mizuta",
    summary: "Who should be charged with responsibility for an artificial intelligence\nperforming market manipulation have been discussed. In this study, I\nconstructed an artificial intelligence using a genetic algorithm that learns in\nan artificial market simulation, and investigated whether the artificial\nintelligence discovers market manipulation through learning with an artificial\nmarket simulation despite a builder of artificial intelligence has no intention\nof market manipulation. As a result, the artificial intelligence discovered\nmarket manipulation as an optimal investment strategy. This result suggests\nnecessity of regulation, such as obligating builders of artificial intelligence\nto prevent artificial intelligence from performing market manipulation.",
  },
  {
    published: "2015-07-01",
    title: "Impact of Artificial Intelligence on Economic Theory",
    authors: "Tshilidzi Marwala",
    summary: "Artificial intelligence has impacted many aspects of human life. This paper\nstudies the impact of artificial intelligence on economic theory. In particular\nwe study the impact of artificial intelligence on the theory of bounded\nrationality, efficient market hypothesis and prospect theory.",
  },
  {
    published: "2020-03-31",
    title: "Financial Market Trend Forecasting and Performance Analysis Using LSTM",
    authors: "Jonghyeon Min",
    summary: "The financial market trend forecasting method is emerging as a hot topic in\nfinancial markets today. Many challenges still currently remain, and various\nresearches related thereto have been actively conducted. Especially, recent\nresearch of neural network-based financial market trend prediction has\nattracted much attention. However, previous researches do not deal with the\nfinancial market forecasting method based on LSTM which has good performance in\ntime series data. There is also a lack of comparative analysis in the\nperformance of neural network-based prediction techniques and traditional\nprediction techniques. In this paper, we propose a financial market trend\nforecasting method using LSTM and analyze the performance with existing\nfinancial market trend forecasting methods through experiments. This method\nprepares the input data set through the data preprocessing process so as to\nreflect all the fundamental data, technical data and qualitative data used in\nthe financial data analysis, and makes comprehensive financial market analysis\nthrough LSTM. In this paper, we experiment and compare performances of existing\nfinancial market trend forecasting models, and performance according to the\nfinancial market environment. In addition, we implement the proposed method\nusing open sources and platform and forecast financial market trends using\nvarious financial data indicators.",
  },
  {
    published: "2014-02-14",
    title: "News Cohesiveness: an Indicator of Systemic Risk in Financial Markets",
    authors: "Matija Piškorec, Nino Antulov-Fantulin, Petra Kralj Novak, Igor Mozetič, Miha Grčar, Irena Vodenska, Tomislav Šmuc",
    summary: "Motivated by recent financial crises significant research efforts have been\nput into studying contagion effects and herding behaviour in financial markets.\nMuch less has been said about influence of financial news on financial markets.\nWe propose a novel measure of collective behaviour in financial news on the\nWeb, News Cohesiveness Index (NCI), and show that it can be used as a systemic\nrisk indicator. We evaluate the NCI on financial documents from large Web news\nsources on a daily basis from October 2011 to July 2013 and analyse the\ninterplay between financial markets and financially related news. We\nhypothesized that strong cohesion in financial news reflects movements in the\nfinancial markets. Cohesiveness is more general and robust measure of systemic\nrisk expressed in news, than measures based on simple occurrences of specific\nterms. Our results indicate that cohesiveness in the financial news is highly\ncorrelated with and driven by volatility on the financial markets.",
  },
  {
    published: "2015-03-03",
    title: "Understanding Financial Market States Using Artificial Double Auction Market",
    authors: "Kyubin Yim, Gabjin Oh, Seunghwan Kim",
    summary: "The ultimate value of theories of the fundamental mechanisms comprising the\nasset price in financial systems will be reflected in the capacity of such\ntheories to understand these systems. Although the models that explain the\nvarious states of financial markets offer substantial evidences from the fields\nof finance, mathematics, and even physics to explain states observed in the\nreal financial markets, previous theories that attempt to fully explain the\ncomplexities of financial markets have been inadequate. In this study, we\npropose an artificial double auction market as an agent-based model approach to\nstudy the origin of complex states in the financial markets, characterizing\nimportant parameters with an investment strategy that can cover the dynamics of\nthe financial market. The investment strategy of chartist traders after market\ninformation arrives should reduce market stability originating in the price\nfluctuations of risky assets. However, fundamentalist traders strategically\nsubmit orders with a fundamental value and, thereby stabilize the market. We\nconstruct a continuous double auction market and find that the market is\ncontrolled by a fraction of chartists, P_{c}. We show that mimicking real\nfinancial markets state, which emerges in real financial systems, is given\nbetween approximately P_{c} = 0.40 and P_{c} = 0.85, but that mimicking the\nefficient market hypothesis state can be generated in a range of less than\nP_{c} = 0.40. In particular, we observe that the mi",
  },
  {
    published: "2019-05-20",
    title: "Implications of Computer Vision Driven Assistive Technologies Towards Individuals with Visual Impairment",
    authors: "Linda Wang, Alexander Wong",
    summary: "Computer vision based technology is becoming ubiquitous in society. One\napplication area that has seen an increase in computer vision is assistive\ntechnologies, specifically for those with visual impairment. Research has shown\nthe ability of computer vision models to achieve tasks such provide scene\ncaptions, detect objects and recognize faces. Although assisting individuals\nwith visual impairment with these tasks increases their independence and\nautonomy, concerns over bias, privacy and potential usefulness arise. This\npaper addresses the positive and negative implications computer vision based\nassistive technologies have on individuals with visual impairment, as well as\nconsiderations for computer vision researchers and developers in order to\nmitigate the amount of negative implications.",
  },
  {
    published: "2013-11-03",
    title: "Second Croatian Computer Vision Workshop (CCVW 2013)",
    authors: "Sven Lončarić, Siniša Šegvić",
    summary: "Proceedings of the Second Croatian Computer Vision Workshop (CCVW 2013,\nhttp://www.fer.unizg.hr/crv/ccvw2013) held September 19, 2013, in Zagreb,\nCroatia. Workshop was organized by the Center of Excellence for Computer Vision\nof the University of Zagreb.",
  },
  {
    published: "2017-05-28",
    title: "Multiband NFC for High-Throughput Wireless Computer Vision Sensor Network",
    authors: "F. Li, J. Du",
    summary: "Vision sensors lie in the heart of computer vision. In many computer vision\napplications, such as AR/VR, non-contacting near-field communication (NFC) with\nhigh throughput is required to transfer information to algorithms. In this\nwork, we proposed a novel NFC system which utilizes multiple frequency bands to\nachieve high throughput.",
  },
  {
    published: "2017-03-02",
    title: "Towards A Rigorous Science of Interpretable Machine Learning",
    authors: "Finale Doshi-Velez, Been Kim",
    summary: "As machine learning systems become ubiquitous, there has been a surge of\ninterest in interpretable machine learning: systems that provide explanation\nfor their outputs. These explanations are often used to qualitatively assess\nother criteria such as safety or non-discrimination. However, despite the\ninterest in interpretability, there is very little consensus on what\ninterpretable machine learning is and how it should be measured. In this\nposition paper, we first define interpretability and describe when\ninterpretability is needed (and when it is not). Next, we suggest a taxonomy\nfor rigorous evaluation and expose open questions towards a more rigorous\nscience of interpretable machine learning.",
  },
  {
    published: "2018-07-25",
    title: "Machine Learning Interpretability: A Science rather than a tool",
    authors: "Abdul Karim, Avinash Mishra, MA Hakim Newton, Abdul Sattar",
    summary: "The term \"interpretability\" is oftenly used by machine learning researchers\neach with their own intuitive understanding of it. There is no universal well\nagreed upon definition of interpretability in machine learning. As any type of\nscience discipline is mainly driven by the set of formulated questions rather\nthan by different tools in that discipline, e.g. astrophysics is the discipline\nthat learns the composition of stars, not as the discipline that use the\nspectroscopes. Similarly, we propose that machine learning interpretability\nshould be a discipline that answers specific questions related to\ninterpretability. These questions can be of statistical, causal and\ncounterfactual nature. Therefore, there is a need to look into the\ninterpretability problem of machine learning in the context of questions that\nneed to be addressed rather than different tools. We discuss about a\nhypothetical interpretability framework driven by a question based scientific\napproach rather than some specific machine learning model. Using a question\nbased notion of interpretability, we can step towards understanding the science\nof machine learning rather than its engineering. This notion will also help us\nunderstanding any specific problem more in depth rather than relying solely on\nmachine learning methods.",
  },
  {
    published: "2019-05-19",
    title: "Techniques for Interpretable Machine Learning",
    authors: "Mengnan Du, Ninghao Liu, Xia Hu",
    summary: "Interpretable machine learning tackles the important problem that humans\ncannot understand the behaviors of complex machine learning models and how\nthese models arrive at a particular decision. Although many approaches have\nbeen proposed, a comprehensive understanding of the achievements and challenges\nis still lacking. We provide a survey covering existing techniques to increase\nthe interpretability of machine learning models. We also discuss crucial issues\nthat the community should consider in future work such as designing\nuser-friendly explanations and developing comprehensive evaluation metrics to\nfurther push forward the area of interpretable machine learning.",
  },
];

/** What Lagent's ArxivSearch answers when arXiv lists nothing (lagent/actions/arxiv_search.py). */
export const ARXIV_NOTHING_FOUND = 'No good Arxiv Result was found';

/** Words of a request that frame it rather than name its subject ("recent publications on …", "… research"). */
const FRAME_WORDS = new Set(['a', 'an', 'the', 'of', 'in', 'on', 'for', 'and', 'or', 'to', 'with', 'about', 'by', 'from', 'at', 'as', 'is', 'are', 'research', 'paper', 'article', 'study', 'publication', 'latest', 'recent', 'new', 'newest', 'current', 'find', 'search']);

/** A word as the index holds it: lower case, a plural's "s" off ("networks" → "network", not "analysis"). */
function stem(w: string): string {
  return w.length > 3 && w.endsWith('s') && !/(?:ss|is|us)$/.test(w) ? w.slice(0, -1) : w;
}

export function paperWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(stem);
}

/** The words of a query a paper must hold to be found by it. */
export function queryTerms(query: string): string[] {
  return [...new Set(paperWords(query).filter((w) => !FRAME_WORDS.has(w)))];
}

/**
 * The recorded papers a search for `query` finds: those holding every word of its subject in their
 * title or summary, published on or before `today` when the task has one, ranked as a word search
 * ranks (more of the query's words in the title first, then more mentions in title and summary),
 * at most `cap` of them. Empty when no recorded paper holds the words.
 */
export function arxivPapersFor(query: string, cap: number, today?: string): ArxivPaper[] {
  const terms = queryTerms(query);
  if (!terms.length) return [];
  const day = today?.slice(0, 10);
  const scored: { paper: ArxivPaper; inTitle: number; mentions: number; at: number }[] = [];
  ARXIV_PAPERS.forEach((paper, at) => {
    if (day && /^\d{4}-\d\d-\d\d$/.test(day) && paper.published > day) return;
    const title = paperWords(paper.title);
    const all = [...title, ...paperWords(paper.summary)];
    if (!terms.every((t) => all.includes(t))) return;
    const inTitle = terms.filter((t) => title.includes(t)).length;
    const mentions = all.filter((w) => terms.includes(w)).length;
    scored.push({ paper, inTitle, mentions, at });
  });
  scored.sort((a, b) => b.inTitle - a.inTitle || b.mentions - a.mentions || a.at - b.at);
  return scored.slice(0, cap).map((s) => s.paper);
}

/** The papers as Lagent prints arXiv's answer: labelled blocks, a blank line between papers. */
export function arxivContent(papers: readonly ArxivPaper[]): string {
  if (!papers.length) return ARXIV_NOTHING_FOUND;
  return papers.map((p) => `Published: ${p.published}\nTitle: ${p.title}\nAuthors: ${p.authors}\nSummary: ${p.summary}`).join('\n\n');
}

const TITLES = new Set(ARXIV_PAPERS.map((p) => p.title.toLowerCase()));

/** Whether a paper title is one arXiv really lists (a recorded one). */
export function isRecordedArxivTitle(title: string): boolean {
  return TITLES.has(title.trim().toLowerCase());
}
