/**
 * What a web search for named things finds: the pages Google lists for "top tourist attractions in
 * Paris", "recent research papers on deep learning" or "latest instruments and techniques in big
 * data analytics", each naming real, well-known things of the kind asked for, in the form the
 * recordings write such a result ("THE 10 BEST New York City Sights & Landmarks to Visit -
 * Tripadvisor" over "… · St. Patrick's Old Cathedral · West Village · Woolworth Building ...").
 * The simulator drew pages about the topic whose snippets named nothing ("What we would see first
 * of tourist attractions in Paris, updated for the season."), so a request for "three top-ranked
 * attractions" had none to give (teval_query_188_1). The table holds the searches T-Eval's plans
 * make for named things (sources/teval/data/plan_json_v1.json), each with pages whose titles,
 * links and snippets are those of real pages, things named as those pages name them, nothing dated
 * after mid-2020 (a T-Eval task may be on a day of 2020: teval_query_246_0 is on 29 September 2020). A search for named things the table does not
 * know is left to the general forms (and the quality report's simulated_search_names_none).
 */

export interface ItemPage {
  title: string;
  link: string;
  snippet: string;
}

interface ItemSearch {
  /** The query asks for this (its kind of thing and what they are of). */
  asks: RegExp;
  pages: ItemPage[];
}

const PARIS: ItemPage[] = [
  { title: 'THE 15 BEST Things to Do in Paris - Tripadvisor', link: 'https://www.tripadvisor.com/Attractions-g187147-Activities-Paris_Ile_de_France.html', snippet: "Things to Do in Paris · 1. Eiffel Tower · 2. Louvre Museum · 3. Musée d'Orsay · 4. Arc de Triomphe · 5. Sainte-Chapelle ..." },
  { title: 'The 20 best attractions in Paris - Time Out', link: 'https://www.timeout.com/paris/en/attractions/best-attractions-in-paris', snippet: 'Eiffel Tower · Louvre Museum · Notre-Dame Cathedral · Sacré-Cœur · Centre Pompidou ...' },
  { title: 'Must-see attractions in Paris | Lonely Planet', link: 'https://www.lonelyplanet.com/france/paris/attractions', snippet: "Discover the best attractions in Paris including Musée du Louvre, Cathédrale Notre Dame de Paris, and Musée d'Orsay." },
];
const NEW_YORK: ItemPage[] = [
  { title: 'THE 15 BEST Things to Do in New York City - Tripadvisor', link: 'https://www.tripadvisor.com/Attractions-g60763-Activities-New_York_City_New_York.html', snippet: 'Things to Do in New York City · 1. Central Park · 2. The Metropolitan Museum of Art · 3. Empire State Building · 4. Top of the Rock · 5. Statue of Liberty ...' },
  { title: 'The best attractions in New York - Time Out', link: 'https://www.timeout.com/newyork/attractions/new-york-attractions', snippet: 'Statue of Liberty · Empire State Building · Central Park · Brooklyn Bridge · The Metropolitan Museum of Art ...' },
  { title: 'Must-see attractions in New York City | Lonely Planet', link: 'https://www.lonelyplanet.com/usa/new-york-city/attractions', snippet: 'Discover the best attractions in New York City including Central Park, the Metropolitan Museum of Art, and the Statue of Liberty.' },
];

const TABLE: ItemSearch[] = [
  { asks: /\b(?:attractions?|landmarks?|sights?|things to do|places to visit)\b.*\bParis\b|\bParis\b.*\b(?:attractions|landmarks|sights)\b/i, pages: PARIS },
  { asks: /\b(?:attractions?|landmarks?|sights?|things to do|places to visit)\b.*\b(?:New York|NYC)\b|\b(?:New York|NYC)\b.*\b(?:attractions|landmarks|sights)\b/i, pages: NEW_YORK },
  {
    asks: /\bpapers?\b.*\bdeep learning\b|\bdeep learning\b.*\bpapers\b/i,
    pages: [
      { title: 'Deep learning | Nature', link: 'https://www.nature.com/articles/nature14539', snippet: 'by Y LeCun · 2015 — Deep learning allows computational models that are composed of multiple processing layers to learn representations of data with multiple levels of abstraction.' },
      { title: '[1706.03762] Attention Is All You Need - arXiv', link: 'https://arxiv.org/abs/1706.03762', snippet: 'by A Vaswani · 2017 — The dominant sequence transduction models are based on complex recurrent or convolutional neural networks in an encoder-decoder configuration.' },
      { title: '[1512.03385] Deep Residual Learning for Image Recognition - arXiv', link: 'https://arxiv.org/abs/1512.03385', snippet: 'by K He · 2015 — Deeper neural networks are more difficult to train. We present a residual learning framework to ease the training of networks that are substantially deeper than those used previously.' },
    ],
  },
  {
    asks: /\bpapers?\b.*\bgraph neural networks?\b|\bgraph neural networks?\b.*\bpapers\b/i,
    pages: [
      { title: '[1609.02907] Semi-Supervised Classification with Graph Convolutional Networks - arXiv', link: 'https://arxiv.org/abs/1609.02907', snippet: 'by TN Kipf · 2016 — We present a scalable approach for semi-supervised learning on graph-structured data that is based on an efficient variant of convolutional neural networks which operate directly on graphs.' },
      { title: '[1710.10903] Graph Attention Networks - arXiv', link: 'https://arxiv.org/abs/1710.10903', snippet: 'by P Veličković · 2017 — We present graph attention networks (GATs), novel neural network architectures that operate on graph-structured data, leveraging masked self-attentional layers.' },
      { title: '[1810.00826] How Powerful are Graph Neural Networks? - arXiv', link: 'https://arxiv.org/abs/1810.00826', snippet: 'by K Xu · 2018 — Graph Neural Networks (GNNs) are an effective framework for representation learning of graphs.' },
    ],
  },
  {
    asks: /\b(?:instruments|tools|techniques|technologies|frameworks|platforms)\b.*\bbig data\b/i,
    pages: [
      { title: 'Apache Hadoop - Wikipedia', link: 'https://en.wikipedia.org/wiki/Apache_Hadoop', snippet: 'Apache Hadoop is a collection of open-source software utilities for reliable, scalable, distributed computing, using a network of many computers to solve problems involving massive amounts of data and computation.' },
      { title: 'Apache Spark - Wikipedia', link: 'https://en.wikipedia.org/wiki/Apache_Spark', snippet: 'Apache Spark is an open-source unified analytics engine for large-scale data processing. Spark provides an interface for programming clusters with implicit data parallelism and fault tolerance.' },
      { title: 'Apache Kafka - Wikipedia', link: 'https://en.wikipedia.org/wiki/Apache_Kafka', snippet: 'Apache Kafka is a distributed event store and stream-processing platform, developed by the Apache Software Foundation and written in Java and Scala.' },
    ],
  },
  {
    asks: /\b(?:breakthroughs|advances|advancements|milestones)\b.*\b(?:artificial intelligence|AI)\b/i,
    pages: [
      { title: 'AlphaGo - Wikipedia', link: 'https://en.wikipedia.org/wiki/AlphaGo', snippet: 'AlphaGo is a computer program that plays the board game Go. It was developed by DeepMind; in March 2016 it beat Lee Sedol, one of the best players in the world, 4 games to 1.' },
      { title: 'GPT-3 - Wikipedia', link: 'https://en.wikipedia.org/wiki/GPT-3', snippet: 'Generative Pre-trained Transformer 3 (GPT-3) is a large language model released by OpenAI in 2020.' },
      { title: 'AlphaFold - Wikipedia', link: 'https://en.wikipedia.org/wiki/AlphaFold', snippet: 'AlphaFold is an artificial intelligence (AI) program developed by DeepMind, a subsidiary of Alphabet, which performs predictions of protein structure.' },
    ],
  },
  {
    asks: /\b(?:methods|techniques)\b.*\bdata analysis\b|\bdata analysis\b.*\b(?:methods|techniques)\b/i,
    pages: [
      { title: 'Regression analysis - Wikipedia', link: 'https://en.wikipedia.org/wiki/Regression_analysis', snippet: 'In statistical modeling, regression analysis is a set of statistical processes for estimating the relationships between a dependent variable and one or more independent variables.' },
      { title: 'Cluster analysis - Wikipedia', link: 'https://en.wikipedia.org/wiki/Cluster_analysis', snippet: 'Cluster analysis or clustering is the task of grouping a set of objects in such a way that objects in the same group (called a cluster) are more similar to each other than to those in other groups.' },
      { title: 'Factor analysis - Wikipedia', link: 'https://en.wikipedia.org/wiki/Factor_analysis', snippet: 'Factor analysis is a statistical method used to describe variability among observed, correlated variables in terms of a potentially lower number of unobserved variables called factors.' },
    ],
  },
  {
    asks: /\bapplications\b.*\bquantum mechanics\b/i,
    pages: [
      { title: 'Quantum mechanics - Wikipedia', link: 'https://en.wikipedia.org/wiki/Quantum_mechanics', snippet: 'Important applications of quantum theory include quantum chemistry, quantum optics, quantum computing, superconducting magnets, light-emitting diodes, the laser, the transistor and magnetic resonance imaging.' },
      { title: 'Laser - Wikipedia', link: 'https://en.wikipedia.org/wiki/Laser', snippet: 'A laser is a device that emits light through a process of optical amplification based on the stimulated emission of electromagnetic radiation.' },
      { title: 'Transistor - Wikipedia', link: 'https://en.wikipedia.org/wiki/Transistor', snippet: 'A transistor is a semiconductor device used to amplify or switch electrical signals and power. It is one of the basic building blocks of modern electronics.' },
    ],
  },
  {
    asks: /^(?:popular\s+|common\s+|top\s+|best\s+)?machine learning algorithms$/i,
    pages: [
      { title: 'Random forest - Wikipedia', link: 'https://en.wikipedia.org/wiki/Random_forest', snippet: 'Random forests or random decision forests is an ensemble learning method for classification, regression and other tasks that works by creating a multitude of decision trees during training.' },
      { title: 'Support vector machine - Wikipedia', link: 'https://en.wikipedia.org/wiki/Support_vector_machine', snippet: 'In machine learning, support vector machines (SVMs) are supervised max-margin models with associated learning algorithms that analyze data for classification and regression analysis.' },
      { title: 'K-means clustering - Wikipedia', link: 'https://en.wikipedia.org/wiki/K-means_clustering', snippet: 'K-means clustering is a method of vector quantization that aims to partition n observations into k clusters in which each observation belongs to the cluster with the nearest mean.' },
    ],
  },
];

/** The pages a search for named things finds (real pages naming real things), or undefined when the table does not know the search. */
export function itemPages(query: string): readonly ItemPage[] | undefined {
  return TABLE.find((e) => e.asks.test(query.trim()))?.pages;
}

const BY_TITLE = new Map(TABLE.flatMap((e) => e.pages.map((p) => [p.title, p.link] as const)));
/** The link of a page the table holds, by its title. */
export function itemPageLink(title: string): string | undefined {
  return BY_TITLE.get(title);
}

/** Whether a title is one of the table's pages (a real page naming real things, never a made-up one). */
export const isItemPage = (title: string) => BY_TITLE.has(title);
