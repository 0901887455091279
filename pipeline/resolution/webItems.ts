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
  // Searches for what something is or what is new about it: pages saying it, real facts (simulated_search_says_nothing).
  {
    asks: /^Kuta Beach(?: information| info| details)?$/i,
    pages: [{ title: 'Kuta - Wikipedia', link: 'https://en.wikipedia.org/wiki/Kuta', snippet: 'Kuta is a tourist area in the south of Bali, Indonesia. A former fishing village, it was one of the first places on Bali to see large-scale tourist development; its long sandy beach is known for surfing and sunsets.' }],
  },
  {
    asks: /^Seminyak Beach(?: information| info| details)?$/i,
    pages: [{ title: 'Seminyak - Wikipedia', link: 'https://en.wikipedia.org/wiki/Seminyak', snippet: 'Seminyak is a mixed residential and tourist area on the west coast of Bali, Indonesia, north of Kuta and Legian, known for its upmarket resorts, restaurants and beach clubs.' }],
  },
  {
    asks: /^Nusa Dua Beach(?: information| info| details)?$/i,
    pages: [{ title: 'Nusa Dua - Wikipedia', link: 'https://en.wikipedia.org/wiki/Nusa_Dua', snippet: 'Nusa Dua is an enclave of large resort hotels on the Bukit Peninsula in the south of Bali, Indonesia, developed as a planned tourist area from the 1970s; its beaches are sheltered by a reef.' }],
  },
  {
    // A meal's recipes (teval_query_82_1: "find recipes for breakfast, lunch, and dinner") find the recipe collections that name
    // dishes, not search pages of recipe sites that say only that they hold recipes (simulated_search_says_nothing 9/79 on g1).
    asks: /^(?:easy\s+|healthy\s+)?breakfast (?:recipes|ideas)$/i,
    pages: [
      { title: 'Breakfast recipes | BBC Good Food', link: 'https://www.bbcgoodfood.com/recipes/collection/breakfast-recipes', snippet: 'Start the day with pancakes, overnight oats, shakshuka, eggs Benedict or a breakfast burrito.' },
      { title: 'Breakfast and Brunch Recipes | Allrecipes', link: 'https://www.allrecipes.com/recipes/78/breakfast-and-brunch/', snippet: 'Find recipes for French toast, omelets, waffles, breakfast casseroles and muffins, with ratings and reviews from home cooks.' },
      { title: 'Breakfast Recipes - NYT Cooking', link: 'https://cooking.nytimes.com/topics/breakfast', snippet: 'Shakshuka, Dutch baby pancakes, breakfast tacos, granola and frittatas for slow weekends and quick weekdays.' },
    ],
  },
  {
    asks: /^(?:easy\s+|healthy\s+)?lunch (?:recipes|ideas)$/i,
    pages: [
      { title: 'Lunch recipes | BBC Good Food', link: 'https://www.bbcgoodfood.com/recipes/collection/lunch-recipes', snippet: 'Make-ahead salads, soups, wraps, frittatas and sandwiches to take to work or eat at home.' },
      { title: 'Lunch Recipes | Allrecipes', link: 'https://www.allrecipes.com/recipes/17561/lunch/', snippet: 'Find recipes for sandwiches, soups, salads, wraps and quesadillas, with ratings and reviews from home cooks.' },
      { title: 'Lunch - Wikipedia', link: 'https://en.wikipedia.org/wiki/Lunch', snippet: 'Lunch is a meal typically eaten around midday, smaller than dinner in many countries; sandwiches, salads and soups are common.' },
    ],
  },
  {
    asks: /^(?:easy\s+|healthy\s+)?dinner (?:recipes|ideas)$/i,
    pages: [
      { title: 'Dinner recipes | BBC Good Food', link: 'https://www.bbcgoodfood.com/recipes/collection/dinner-recipes', snippet: 'Weeknight curries, pasta bakes, stir-fries, roast chicken and one-pot stews for the evening meal.' },
      { title: 'Dinner Recipes | Allrecipes', link: 'https://www.allrecipes.com/recipes/17562/dinner/', snippet: 'Find recipes for chicken, pasta, casseroles, tacos and slow-cooker dinners, with ratings and reviews from home cooks.' },
      { title: 'Dinner - Wikipedia', link: 'https://en.wikipedia.org/wiki/Dinner', snippet: 'Dinner usually refers to what is in many Western cultures the largest and most formal meal of the day, eaten in the evening.' },
    ],
  },
  {
    // A bare "landmark" (teval_query_305_0's plan) finds what the word means, not made-up guide pages "to landmarks" (simulated_search_says_nothing).
    asks: /^landmarks?$/i,
    pages: [
      { title: 'Landmark - Wikipedia', link: 'https://en.wikipedia.org/wiki/Landmark', snippet: 'A landmark is a recognizable natural or artificial feature used for navigation, a feature that stands out from its near environment and is often visible from long distances.' },
      { title: 'National Historic Landmark - Wikipedia', link: 'https://en.wikipedia.org/wiki/National_Historic_Landmark', snippet: 'A National Historic Landmark (NHL) is a building, district, object, site, or structure that is officially recognized by the United States government for its outstanding historical significance.' },
      { title: 'LANDMARK Definition & Meaning - Merriam-Webster', link: 'https://www.merriam-webster.com/dictionary/landmark', snippet: 'The meaning of LANDMARK is an object (such as a stone or tree) that marks the boundary of land.' },
    ],
  },
  {
    // "Quantum Computing | Britannica" under a general form said only that it was about it (simulated_search_says_nothing, teval_query_226_0).
    asks: /^(?:what is\s+)?quantum computing$/i,
    pages: [
      { title: 'Quantum computing - Wikipedia', link: 'https://en.wikipedia.org/wiki/Quantum_computing', snippet: 'A quantum computer is a computer that exploits quantum mechanical phenomena. On small scales, physical matter exhibits properties of both particles and waves, and quantum computing takes advantage of this behavior using specialized hardware.' },
      { title: 'Qubit - Wikipedia', link: 'https://en.wikipedia.org/wiki/Qubit', snippet: 'In quantum computing, a qubit or quantum bit is a basic unit of quantum information, the quantum version of the classic binary bit physically realized with a two-state device.' },
      { title: 'Quantum algorithm - Wikipedia', link: 'https://en.wikipedia.org/wiki/Quantum_algorithm', snippet: 'In quantum computing, a quantum algorithm is an algorithm that runs on a realistic model of quantum computation, the most commonly used model being the quantum circuit model of computation.' },
    ],
  },
  {
    asks: /^(?:latest\s+)?(?:quantum computing news|news (?:about|on) quantum computing)$/i,
    pages: [
      { title: 'Quantum supremacy using a programmable superconducting processor | Nature', link: 'https://www.nature.com/articles/s41586-019-1666-5', snippet: 'by F Arute · 2019 — Here we report the use of a processor with programmable superconducting qubits to create quantum states on 53 qubits.' },
      { title: 'Sycamore processor - Wikipedia', link: 'https://en.wikipedia.org/wiki/Sycamore_processor', snippet: "Sycamore is a superconducting quantum processor created by Google's Artificial Intelligence division. It has 53 qubits. In 2019, Sycamore completed a task in 200 seconds that Google claimed would take a state-of-the-art supercomputer 10,000 years." },
      { title: 'Quantum supremacy - Wikipedia', link: 'https://en.wikipedia.org/wiki/Quantum_supremacy', snippet: 'In quantum computing, quantum supremacy is the goal of demonstrating that a programmable quantum computer can solve a problem that no classical computer can solve in any feasible amount of time.' },
    ],
  },
  {
    asks: /^(?:the\s+)?history of (?:artificial intelligence|AI)$/i,
    pages: [
      { title: 'History of artificial intelligence - Wikipedia', link: 'https://en.wikipedia.org/wiki/History_of_artificial_intelligence', snippet: 'The field of AI research was founded at a workshop held on the campus of Dartmouth College in the summer of 1956.' },
      { title: 'Dartmouth workshop - Wikipedia', link: 'https://en.wikipedia.org/wiki/Dartmouth_workshop', snippet: 'The Dartmouth Summer Research Project on Artificial Intelligence was a 1956 summer workshop widely considered to be the founding event of artificial intelligence as a field.' },
      { title: 'AI winter - Wikipedia', link: 'https://en.wikipedia.org/wiki/AI_winter', snippet: 'In the history of artificial intelligence, an AI winter is a period of reduced funding and interest in artificial intelligence research, as in the 1970s and the late 1980s.' },
    ],
  },
  {
    asks: /^quantum (?:physics|mechanics)(?: details| information| basics)?$/i,
    pages: [
      { title: 'Quantum mechanics - Wikipedia', link: 'https://en.wikipedia.org/wiki/Quantum_mechanics', snippet: 'Quantum mechanics is a fundamental theory in physics that describes the behavior of nature at and below the scale of atoms.' },
      { title: 'Uncertainty principle - Wikipedia', link: 'https://en.wikipedia.org/wiki/Uncertainty_principle', snippet: "The uncertainty principle, also known as Heisenberg's indeterminacy principle, states that there is a limit to the precision with which certain pairs of physical quantities, such as position and momentum, can be known at once." },
      { title: 'Wave–particle duality - Wikipedia', link: 'https://en.wikipedia.org/wiki/Wave%E2%80%93particle_duality', snippet: 'Wave–particle duality is the concept in quantum mechanics that entities such as photons and electrons show particle or wave properties according to the experimental circumstances.' },
    ],
  },
  {
    asks: /^machine learning$/i,
    pages: [
      { title: 'Machine learning - Wikipedia', link: 'https://en.wikipedia.org/wiki/Machine_learning', snippet: 'Machine learning (ML) is a field of study in artificial intelligence concerned with the development and study of statistical algorithms that can learn from data and generalize to unseen data.' },
      { title: 'What is Machine Learning? | IBM', link: 'https://www.ibm.com/topics/machine-learning', snippet: 'Machine learning is a branch of artificial intelligence (AI) and computer science which focuses on the use of data and algorithms to imitate the way that humans learn, gradually improving its accuracy.' },
      { title: 'Supervised learning - Wikipedia', link: 'https://en.wikipedia.org/wiki/Supervised_learning', snippet: 'Supervised learning is a paradigm in machine learning where a model is trained on input objects paired with the desired output values.' },
    ],
  },
  {
    asks: /^(?:artificial intelligence|AI) ethics$|^ethics of (?:artificial intelligence|AI)$/i,
    pages: [
      { title: 'Ethics of artificial intelligence - Wikipedia', link: 'https://en.wikipedia.org/wiki/Ethics_of_artificial_intelligence', snippet: 'The ethics of artificial intelligence covers topics considered to have particular ethical stakes, including algorithmic biases, fairness, automated decision-making, accountability, privacy, and regulation.' },
      { title: "Ethics guidelines for trustworthy AI | Shaping Europe's digital future", link: 'https://digital-strategy.ec.europa.eu/en/library/ethics-guidelines-trustworthy-ai', snippet: 'On 8 April 2019, the High-Level Expert Group on AI presented Ethics Guidelines for Trustworthy Artificial Intelligence.' },
      { title: 'Ethics of Artificial Intelligence and Robotics (Stanford Encyclopedia of Philosophy)', link: 'https://plato.stanford.edu/entries/ethics-ai/', snippet: 'by VC Müller · 2020 — Artificial intelligence (AI) and robotics are digital technologies that will have significant impact on the development of humanity in the near future.' },
    ],
  },
  {
    asks: /^(?:best\s+)?upper[- ]body (?:workouts?|exercises?)(?: routines?)?$/i,
    pages: [
      { title: 'Push-up - Wikipedia', link: 'https://en.wikipedia.org/wiki/Push-up', snippet: 'A push-up (sometimes called a press-up in British English) is a common calisthenics exercise beginning from the prone position. By raising and lowering the body using the arms, push-ups exercise the pectoral muscles, triceps, and anterior deltoids.' },
      { title: 'Pull-up (exercise) - Wikipedia', link: 'https://en.wikipedia.org/wiki/Pull-up_(exercise)', snippet: 'A pull-up is an upper-body strength exercise. The pull-up is a closed-chain movement where the body is suspended by the hands, gripping a bar, and pulled up.' },
      { title: 'Bench press - Wikipedia', link: 'https://en.wikipedia.org/wiki/Bench_press', snippet: 'The bench press, or chest press, is a weight training exercise where a person presses a weight upwards while lying horizontally on a weight training bench.' },
    ],
  },
  {
    asks: /^restaurants?$/i,
    pages: [{ title: 'Restaurant - Wikipedia', link: 'https://en.wikipedia.org/wiki/Restaurant', snippet: 'A restaurant is a business that prepares and serves food and drinks to customers. Meals are generally served and eaten on the premises, but many restaurants also offer take-out and food delivery services.' }],
  },
  {
    asks: /^breaking news(?: story| stories)?$/i,
    pages: [{ title: 'Breaking news - Wikipedia', link: 'https://en.wikipedia.org/wiki/Breaking_news', snippet: 'Breaking news, also known as late-breaking news or a special report, is a current issue that broadcasters feel warrants the interruption of scheduled programming in order to report its details.' }],
  },
  {
    asks: /^Inception$/,
    pages: [
      { title: 'Inception - Wikipedia', link: 'https://en.wikipedia.org/wiki/Inception', snippet: 'Inception is a 2010 science fiction action film written and directed by Christopher Nolan, who also produced it with Emma Thomas, his wife.' },
      { title: 'Inception (2010) - IMDb', link: 'https://www.imdb.com/title/tt1375666/', snippet: 'A thief who steals corporate secrets through the use of dream-sharing technology is given the inverse task of planting an idea into the mind of a C.E.O.' },
      { title: 'Inception | Rotten Tomatoes', link: 'https://www.rottentomatoes.com/m/inception', snippet: 'Dom Cobb (Leonardo DiCaprio) is a thief with the rare ability to enter people\'s dreams and steal their secrets from their subconscious.' },
    ],
  },
  // T-Eval's plans search The Godfather three ways ("The Godfather", "… movie information", "… cast"); the film forms
  // drew a Reddit thread and a Guardian review at made-up links for them (teval_query_477_1, simulated_search_made_up_page).
  {
    asks: /^The Godfather(?: (?:movie|film))?(?: (?:information|info|details|cast))?$/i,
    pages: [
      { title: 'The Godfather - Wikipedia', link: 'https://en.wikipedia.org/wiki/The_Godfather', snippet: "The Godfather is a 1972 American epic gangster film directed by Francis Ford Coppola, who co-wrote the screenplay with Mario Puzo, based on Puzo's best-selling 1969 novel of the same title. The film stars Marlon Brando, Al Pacino, James Caan, Richard Castellano, Robert Duvall, Sterling Hayden, John Marley, Richard Conte, and Diane Keaton." },
      { title: 'The Godfather (1972) - IMDb', link: 'https://www.imdb.com/title/tt0068646/', snippet: 'The aging patriarch of an organized crime dynasty transfers control of his clandestine empire to his reluctant son.' },
      { title: 'The Godfather | Rotten Tomatoes', link: 'https://www.rottentomatoes.com/m/the_godfather', snippet: "Critics Consensus: One of Hollywood's greatest critical and commercial successes, The Godfather gets everything right; not only did the movie transcend expectations, it established new benchmarks for American cinema." },
    ],
  },
  // T-Eval's plan looks for news of 'The Lost City' (teval_query_58_1); the film-news forms drew tag pages of Variety and
  // The Hollywood Reporter at made-up links (simulated_search_made_up_page 2/66 on h-solv28's b3). Its IMDb pages report on it.
  {
    asks: /^'?The Lost City'?(?: (?:movie|film))?(?: (?:news|information|info|details))?$/i,
    pages: [
      { title: 'The Lost City (2022) - News - IMDb', link: 'https://www.imdb.com/title/tt13320622/news/', snippet: "News on The Lost City, Aaron and Adam Nee's adventure comedy starring Sandra Bullock, Channing Tatum, Daniel Radcliffe and Brad Pitt, released by Paramount on March 25, 2022." },
      { title: 'The Lost City (2022) - IMDb', link: 'https://www.imdb.com/title/tt13320622/', snippet: 'A reclusive romance novelist on a book tour with her cover model gets swept up in a kidnapping attempt that lands them both in a cutthroat jungle adventure.' },
      { title: 'The Lost City | Rotten Tomatoes', link: 'https://www.rottentomatoes.com/m/the_lost_city_2022', snippet: 'Reclusive author Loretta Sage writes about exotic places in her popular adventure-romance novels featuring a handsome cover model named Alan.' },
    ],
  },
  // A search for reviews of films in general (teval_query_477_1's wrong call searches its deck's title "Movie Review") finds the review sites.
  {
    asks: /^(?:movie|film)s? reviews?$/i,
    pages: [
      { title: 'Rotten Tomatoes: Movies | TV Shows | Movie Trailers | Reviews', link: 'https://www.rottentomatoes.com/', snippet: 'Rotten Tomatoes, home of the Tomatometer, is the most trusted measurement of quality for Movies & TV. The definitive site for Reviews, Trailers, Showtimes, and Tickets.' },
      { title: 'Movie Reviews | Roger Ebert', link: 'https://www.rogerebert.com/reviews', snippet: 'Movie reviews and ratings by film critics Roger Ebert and the RogerEbert.com staff.' },
      { title: 'Movie Reviews - The New York Times', link: 'https://www.nytimes.com/reviews/movies', snippet: 'Read the latest movie reviews from The New York Times critics, with ratings and recommendations for what to watch.' },
    ],
  },
  {
    // Also as T-Eval's plans ask it, "红猪 电影简介" (teval_query_448_2 drew a Douban review page at a made-up link).
    asks: /^红猪(?:\s*(?:电影)?\s*(?:简介|介绍|信息))?$/,
    pages: [
      { title: '红猪 (豆瓣)', link: 'https://movie.douban.com/subject/1291838/', snippet: '导演: 宫崎骏 类型: 喜剧 / 动画 / 冒险 制片国家/地区: 日本 上映日期: 1992-07-18(日本)' },
      { title: '红猪 - 维基百科，自由的百科全书', link: 'https://zh.wikipedia.org/wiki/%E7%BA%A2%E7%8C%AA', snippet: '《红猪》是一部1992年上映的日本动画电影，由吉卜力工作室制作，宫崎骏执导。' },
      { title: '红猪 - 百度百科', link: 'https://baike.baidu.com/item/%E7%BA%A2%E7%8C%AA', snippet: '《红猪》是吉卜力工作室制作、宫崎骏执导的动画电影，于1992年7月18日在日本上映。' },
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
