/**
 * What the world knows about the real films and companies T-Eval's tasks name. T-Eval's tools were
 * real web APIs (TMDB, Douban, Polygon); an answer simulated for them that gives The Matrix a 2020
 * release and a vineyard plot, or Tesla the name "TSLA" and a packaged-food business, is data a
 * model under test knows to be false. The simulator (simulatorRules.ts worldAnswer) takes these
 * facts when a call is about such a film or company; the quality report checks that shown answers
 * agree (simulated_contradicts_world).
 *
 * Only facts we are sure of are written down; a field left out is drawn by the generator. A release
 * given as a bare year is sure only to the year. Premises and descriptions are our own words.
 */
import { escapeRegExp } from '../errors/vocabulary.js';

export interface FilmFact {
  title: string;
  /** The Chinese title Douban lists it under. */
  zh?: string;
  /** TMDB's id, where T-Eval's recorded answers or well-known URLs show it. */
  tmdb?: number;
  /** "YYYY-MM-DD" (TMDB's release date) or "YYYY" when only the year is sure. */
  release: string;
  /** TMDB's genre names, main first. */
  genres: string[];
  /** Minutes. */
  runtime?: number;
  director: string;
  /** Douban's region words: where it was made. */
  region: string;
  /** TMDB's rounded vote average, where well known. */
  vote?: number;
  premise: string;
}

export const FILMS: FilmFact[] = [
  { title: 'The Godfather', tmdb: 238, release: '1972-03-14', genres: ['Drama', 'Crime'], runtime: 175, director: 'Francis Ford Coppola', region: 'United States', vote: 8.7, premise: 'The ageing head of a New York Mafia family hands his empire to his reluctant youngest son, Michael, who is drawn ever deeper into its violence.' },
  { title: 'The Shawshank Redemption', tmdb: 278, release: '1994-09-23', genres: ['Drama', 'Crime'], runtime: 142, director: 'Frank Darabont', region: 'United States', vote: 8.7, premise: 'A banker sentenced to life for a murder he says he did not commit keeps his hope alive over two decades in Shawshank prison, helped by his friendship with a fellow inmate, Red.' },
  { title: 'The Godfather Part II', tmdb: 240, release: '1974-12-20', genres: ['Drama', 'Crime'], runtime: 202, director: 'Francis Ford Coppola', region: 'United States', vote: 8.6, premise: "Michael Corleone tightens his hold on the family business as the story of his father Vito's rise from Sicilian orphan to New York boss unfolds alongside." },
  { title: "Schindler's List", tmdb: 424, release: '1993-12-15', genres: ['Drama', 'History', 'War'], runtime: 195, director: 'Steven Spielberg', region: 'United States', vote: 8.6, premise: 'A German industrialist in occupied Poland comes to use his factory and his fortune to save more than a thousand Jewish workers from the Holocaust.' },
  { title: 'Dilwale Dulhania Le Jayenge', tmdb: 19404, release: '1995-10-20', genres: ['Comedy', 'Drama', 'Romance'], runtime: 190, director: 'Aditya Chopra', region: 'India', vote: 8.6, premise: 'Two young Indians raised in London fall in love on a trip across Europe, and he follows her to Punjab to win over the father who has promised her to another man.' },
  { title: 'Chef', tmdb: 212778, release: '2014-05-08', genres: ['Comedy', 'Drama'], runtime: 115, director: 'Jon Favreau', region: 'United States', premise: 'A head chef who quits a Los Angeles restaurant after a public row with a critic starts over with a food truck, driving it across the country with his son and his old line cook.' },
  { title: 'Inception', zh: '盗梦空间', tmdb: 27205, release: '2010-07-15', genres: ['Action', 'Science Fiction', 'Adventure'], runtime: 148, director: 'Christopher Nolan', region: 'United States', vote: 8.4, premise: "A thief who steals secrets from people's dreams is offered his old life back if his team can plant an idea in a target's mind instead." },
  { title: 'The Dark Knight', zh: '黑暗骑士', tmdb: 155, release: '2008-07-16', genres: ['Drama', 'Action', 'Crime', 'Thriller'], runtime: 152, director: 'Christopher Nolan', region: 'United States', vote: 8.5, premise: 'Batman, Lieutenant Gordon and the new district attorney Harvey Dent set out to break organised crime in Gotham, until the Joker plunges the city into chaos.' },
  { title: 'Batman Begins', tmdb: 272, release: '2005-06-10', genres: ['Action', 'Crime', 'Drama'], runtime: 140, director: 'Christopher Nolan', region: 'United States', vote: 7.7, premise: 'After years abroad learning to fight, Bruce Wayne returns to a corrupt Gotham City and takes up the mask of Batman.' },
  { title: 'Interstellar', zh: '星际穿越', tmdb: 157336, release: '2014-11-05', genres: ['Adventure', 'Drama', 'Science Fiction'], runtime: 169, director: 'Christopher Nolan', region: 'United States', vote: 8.4, premise: 'With crops failing on Earth, a former pilot leads a crew through a wormhole in search of a planet humanity could move to.' },
  { title: 'The Matrix', tmdb: 603, release: '1999-03-30', genres: ['Action', 'Science Fiction'], runtime: 136, director: 'Lana Wachowski and Lilly Wachowski', region: 'United States', vote: 8.2, premise: 'A hacker learns that the world he lives in is a simulation run by machines, and joins the rebels fighting to free humanity from it.' },
  { title: 'Fight Club', tmdb: 550, release: '1999-10-15', genres: ['Drama'], runtime: 139, director: 'David Fincher', region: 'United States', vote: 8.4, premise: 'A sleepless office worker and a reckless soap salesman start an underground fight club that grows into something far more dangerous.' },
  { title: 'Titanic', tmdb: 597, release: '1997', genres: ['Drama', 'Romance'], runtime: 194, director: 'James Cameron', region: 'United States', vote: 7.9, premise: 'A young aristocrat and a penniless artist fall in love aboard the Titanic on its doomed maiden voyage in 1912.' },
  { title: 'Joker', zh: '小丑', tmdb: 475557, release: '2019-10-01', genres: ['Crime', 'Thriller', 'Drama'], runtime: 122, director: 'Todd Phillips', region: 'United States', vote: 8.2, premise: 'A failed stand-up comedian pushed aside by Gotham City in 1981 slides into madness and violence, and becomes the Joker.' },
  { title: 'Dune', zh: '沙丘', tmdb: 438631, release: '2021-09-15', genres: ['Science Fiction', 'Adventure'], runtime: 155, director: 'Denis Villeneuve', region: 'United States', vote: 7.8, premise: 'Paul Atreides, heir of a noble house, is sent with his family to the desert planet Arrakis, the only source of the most valuable substance in the universe.' },
  { title: 'Avengers: Endgame', zh: '复仇者联盟4：终局之战', tmdb: 299534, release: '2019-04-24', genres: ['Adventure', 'Science Fiction', 'Action'], runtime: 181, director: 'Anthony Russo and Joe Russo', region: 'United States', vote: 8.3, premise: "After Thanos wiped out half of all life, the surviving Avengers gather for one last attempt to undo what he did." },
  { title: 'Spider-Man: No Way Home', tmdb: 634649, release: '2021-12-15', genres: ['Action', 'Adventure', 'Science Fiction'], runtime: 148, director: 'Jon Watts', region: 'United States', vote: 8.0, premise: "With his identity revealed, Peter Parker asks Doctor Strange for help, and a spell gone wrong brings in villains from other universes." },
  { title: 'Shang-Chi and the Legend of the Ten Rings', tmdb: 566525, release: '2021-09-01', genres: ['Action', 'Adventure', 'Fantasy'], runtime: 132, director: 'Destin Daniel Cretton', region: 'United States', vote: 7.6, premise: 'A martial artist living quietly in San Francisco is forced to confront the past he fled and his father, leader of the Ten Rings organisation.' },
  { title: 'The Princess Bride', tmdb: 2493, release: '1987-09-25', genres: ['Adventure', 'Family', 'Fantasy', 'Comedy', 'Romance'], runtime: 99, director: 'Rob Reiner', region: 'United States', vote: 7.7, premise: 'A grandfather reads his grandson the tale of Westley and Buttercup, true loves kept apart by pirates, princes, giants and a six-fingered swordsman.' },
  { title: 'The Bourne Identity', tmdb: 2501, release: '2002', genres: ['Action', 'Drama', 'Mystery', 'Thriller'], runtime: 119, director: 'Doug Liman', region: 'United States', premise: 'A man pulled from the Mediterranean with bullet wounds and no memory finds he has the skills of an assassin, and that people are trying to kill him.' },
  { title: 'The Bourne Ultimatum', tmdb: 2503, release: '2007', genres: ['Action', 'Drama', 'Mystery', 'Thriller'], runtime: 115, director: 'Paul Greengrass', region: 'United States', premise: 'Jason Bourne goes after the CIA programme that made him an assassin, as the agency sends its own killers after him.' },
  { title: 'Expend4bles', tmdb: 299054, release: '2023-09-15', genres: ['Action', 'Adventure', 'Thriller'], runtime: 103, director: 'Scott Waugh', region: 'United States', vote: 6.3, premise: 'The veteran mercenaries of the Expendables, joined by new recruits, try to stop an arms dealer from starting a war between nuclear powers.' },
  { title: 'The Equalizer 3', tmdb: 926393, release: '2023-08-30', genres: ['Action', 'Thriller', 'Crime'], runtime: 109, director: 'Antoine Fuqua', region: 'United States', vote: 7.2, premise: 'Robert McCall, settling into a quiet life in a southern Italian town, takes on the Mafia when it threatens his new friends.' },
  { title: 'The Nun II', tmdb: 968051, release: '2023-09-06', genres: ['Horror', 'Mystery', 'Thriller'], runtime: 110, director: 'Michael Chaves', region: 'United States', vote: 7.0, premise: 'In 1956 France, Sister Irene is sent to investigate a priest\'s murder and comes face to face again with the demon Valak.' },
  { title: 'Sound of Freedom', tmdb: 678512, release: '2023-07-03', genres: ['Action', 'Drama'], runtime: 131, director: 'Alejandro Monteverde', region: 'United States', vote: 8.1, premise: 'A US federal agent quits his job to rescue a girl taken by child traffickers in Colombia.' },
  { title: 'Talk to Me', tmdb: 1008042, release: '2023-07-26', genres: ['Horror', 'Thriller'], runtime: 95, director: 'Danny Philippou and Michael Philippou', region: 'Australia', vote: 7.2, premise: 'Teenagers who get high on conjuring spirits with an embalmed hand go one step too far.' },
  { title: 'Mission: Impossible - Dead Reckoning Part One', tmdb: 575264, release: '2023-07-08', genres: ['Action', 'Thriller'], runtime: 164, director: 'Christopher McQuarrie', region: 'United States', vote: 7.7, premise: 'Ethan Hunt and his team race to find a key that controls a rogue artificial intelligence before it falls into the wrong hands.' },
  { title: 'Oppenheimer', zh: '奥本海默', tmdb: 872585, release: '2023-07-19', genres: ['Drama', 'History'], runtime: 181, director: 'Christopher Nolan', region: 'United States, United Kingdom', vote: 8.1, premise: 'The story of J. Robert Oppenheimer, who led the Manhattan Project that built the first atomic bomb, and of what it cost him afterwards.' },
  { title: 'Porco Rosso', zh: '红猪', release: '1992', genres: ['Animation', 'Adventure', 'Comedy'], runtime: 94, director: 'Hayao Miyazaki', region: 'Japan', premise: 'In 1920s Italy, a First World War flying ace cursed with the face of a pig hunts air pirates over the Adriatic.' },
  { title: 'How to Train Your Dragon', zh: '驯龙高手', release: '2010', genres: ['Animation', 'Fantasy', 'Adventure', 'Family'], runtime: 98, director: 'Dean DeBlois and Chris Sanders', region: 'United States', premise: 'A Viking boy meant to become a dragon slayer befriends an injured dragon, and changes how his village sees dragons.' },
  { title: 'Jurassic Park', zh: '侏罗纪公园', tmdb: 329, release: '1993-06-11', genres: ['Adventure', 'Science Fiction', 'Thriller'], runtime: 127, director: 'Steven Spielberg', region: 'United States', premise: 'Scientists invited to an island theme park of cloned dinosaurs fight to survive when its security systems fail.' },
  { title: 'Kung Fu Panda', zh: '功夫熊猫', release: '2008', genres: ['Animation', 'Action', 'Comedy', 'Family'], runtime: 92, director: 'Mark Osborne and John Stevenson', region: 'United States', premise: 'A clumsy panda who works in his father\'s noodle shop is chosen as the Dragon Warrior, to defend his valley from a vengeful snow leopard.' },
  { title: 'Jane', zh: '珍·古道尔的传奇一生', release: '2017', genres: ['Documentary'], runtime: 90, director: 'Brett Morgen', region: 'United States', premise: "A portrait of primatologist Jane Goodall, told through long-lost footage of her early years studying chimpanzees in Tanzania's Gombe." },
  { title: 'The Marvels', zh: '惊奇队长2', release: '2023-11-08', genres: ['Action', 'Fantasy', 'Adventure', 'Science Fiction'], runtime: 105, director: 'Nia DaCosta', region: 'United States', premise: 'Carol Danvers, Monica Rambeau and Kamala Khan find their powers entangled, so that they swap places whenever they use them.' },
  { title: 'Across the Furious Sea', zh: '涉过愤怒的海', release: '2023', genres: ['Crime', 'Drama'], director: 'Cao Baoping', region: 'China', premise: 'A fisherman whose daughter is found dead in Japan sets out to avenge her, and the families of both sides are torn apart.' },
  { title: 'Twinkle Twinkle Little Star', zh: '一闪一闪亮星星', release: '2023', genres: ['Romance', 'Fantasy'], director: 'Zhang Pan', region: 'China', premise: 'A young man goes back in time to his high-school years to save the girl he loved, who once went back in time for him.' },
  { title: 'The Goldfinger', zh: '金手指', release: '2023', genres: ['Crime', 'Drama'], director: 'Felix Chong', region: 'Hong Kong', premise: 'A fifteen-year investigation pits an anti-corruption officer against a tycoon whose company rose from nothing in 1980s Hong Kong.' },
  { title: 'Only the River Flows', zh: '河边的错误', release: '2023', genres: ['Crime', 'Mystery', 'Drama'], director: 'Wei Shujun', region: 'China', premise: 'In a small town in the 1990s, a police captain investigating a series of murders by the river finds the case unravelling his own mind.' },
  { title: 'Fire of Love', zh: '火山挚恋', release: '2022', genres: ['Documentary'], runtime: 93, director: 'Sara Dosa', region: 'United States', premise: 'The story of French volcanologists Katia and Maurice Krafft, told through the footage they shot at erupting volcanoes until their deaths in 1991.' },
  { title: "Chang'an", zh: '长安三万里', release: '2023', genres: ['Animation', 'History'], runtime: 168, director: 'Xie Junwei and Zou Jing', region: 'China', premise: 'The poet Gao Shi looks back on his lifelong friendship with Li Bai, against the rise and fall of the Tang dynasty.' },
  { title: 'Elemental', zh: '疯狂元素城', release: '2023-06-14', genres: ['Animation', 'Comedy', 'Fantasy', 'Romance'], runtime: 101, director: 'Peter Sohn', region: 'United States', premise: 'In a city where fire, water, land and air residents live together, a fiery young woman and an easy-going water man discover how much they have in common.' },
  { title: 'The Lost City', zh: '迷失之城', release: '2022', genres: ['Action', 'Adventure', 'Comedy', 'Romance'], runtime: 112, director: 'Aaron Nee and Adam Nee', region: 'United States', premise: 'A reclusive romance novelist is kidnapped by a billionaire who thinks she can find a lost city, and her cover model sets out to rescue her.' },
  { title: 'The Big Short', zh: '大空头', release: '2015-12-11', genres: ['Comedy', 'Drama'], runtime: 130, director: 'Adam McKay', region: 'United States', premise: 'A handful of investors foresee the collapse of the US housing market in the mid-2000s and bet against it.' },
  { title: 'The Wandering Earth', zh: '流浪地球', release: '2019-02-05', genres: ['Science Fiction', 'Action', 'Drama'], runtime: 125, director: 'Frant Gwo', region: 'China', premise: 'As the dying Sun threatens to swallow it, humanity fits the Earth with giant engines to push it out of the solar system.' },
  { title: 'Parasite', zh: '寄生虫', tmdb: 496243, release: '2019-05-30', genres: ['Comedy', 'Thriller', 'Drama'], runtime: 133, director: 'Bong Joon-ho', region: 'South Korea', premise: 'A poor family talks its way, one member at a time, into jobs in the household of a wealthy one, until an unexpected discovery.' },
  { title: 'Avatar', zh: '阿凡达', tmdb: 19995, release: '2009-12-15', genres: ['Action', 'Adventure', 'Fantasy', 'Science Fiction'], runtime: 162, director: 'James Cameron', region: 'United States', premise: 'A paraplegic marine sent to the moon Pandora in a Na\'vi body comes to side with its people against the company mining their home.' },
  { title: 'Farewell My Concubine', zh: '霸王别姬', release: '1993', genres: ['Drama', 'Romance'], runtime: 171, director: 'Chen Kaige', region: 'China, Hong Kong', premise: 'Two Peking opera actors who trained together as boys see their lifelong bond tested through fifty years of Chinese history.' },
  { title: 'Hi, Mom', zh: '你好，李焕英', release: '2021', genres: ['Comedy', 'Drama', 'Fantasy'], director: 'Jia Ling', region: 'China', premise: 'After her mother is badly hurt in an accident, a young woman finds herself back in 1981, where she befriends her mother as a young woman and tries to make her happy.' },
  { title: "A Writer's Odyssey", zh: '刺杀小说家', release: '2021', genres: ['Fantasy', 'Action', 'Adventure'], director: 'Lu Yang', region: 'China', premise: 'A father searching for his abducted daughter is hired to kill a young novelist, whose fantasy story turns out to be bound up with the real world.' },
  { title: 'Uri: The Surgical Strike', tmdb: 554600, release: '2019-01-11', genres: ['Action', 'Drama', 'War'], runtime: 138, director: 'Aditya Dhar', region: 'India', premise: 'An Indian army officer leads a covert cross-border strike in retaliation for the 2016 attack on the army base at Uri.' },
  { title: 'Nowhere', tmdb: 1151534, release: '2023-09-29', genres: ['Thriller', 'Drama'], runtime: 109, director: 'Albert Pintó', region: 'Spain', premise: 'A pregnant woman fleeing a totalitarian Spain is separated from her husband and left adrift at sea alone in a shipping container.' },
  { title: 'The Lord of the Rings: The Fellowship of the Ring', tmdb: 120, release: '2001-12-18', genres: ['Adventure', 'Fantasy', 'Action'], runtime: 179, director: 'Peter Jackson', region: 'New Zealand, United States', premise: 'The hobbit Frodo sets out with eight companions to destroy the One Ring before the Dark Lord Sauron can reclaim it.' },
  { title: 'The Lord of the Rings: The Two Towers', tmdb: 121, release: '2002-12-18', genres: ['Adventure', 'Fantasy', 'Action'], runtime: 179, director: 'Peter Jackson', region: 'New Zealand, United States', premise: 'With the Fellowship broken, Frodo and Sam go on towards Mordor while their friends stand with Rohan against Saruman.' },
  { title: 'Shrek 2', tmdb: 809, release: '2004-05-19', genres: ['Animation', 'Family', 'Comedy', 'Fantasy', 'Adventure'], runtime: 93, director: 'Andrew Adamson, Kelly Asbury and Conrad Vernon', region: 'United States', premise: 'Shrek and Fiona visit her parents in the kingdom of Far Far Away, where the king is not pleased with his new son-in-law.' },
  { title: 'Home Alone 2: Lost in New York', tmdb: 772, release: '1992-11-19', genres: ['Comedy', 'Family', 'Adventure'], runtime: 120, director: 'Chris Columbus', region: 'United States', premise: 'Kevin McCallister boards the wrong plane and ends up alone in New York City, where he meets the burglars he foiled once before.' },
];

/** Genres that read as one family: a "sci-fi" answer agrees with "Science Fiction". */
const GENRE_WORDS: [RegExp, string][] = [
  [/sci(?:ence)?[\s-]?fi(?:ction)?/i, 'Science Fiction'],
  [/biograph/i, 'History'],
  [/histor/i, 'History'],
  [/animat|cartoon/i, 'Animation'],
  [/documentar/i, 'Documentary'],
  [/horror/i, 'Horror'],
  [/thriller|suspense/i, 'Thriller'],
  [/myster/i, 'Mystery'],
  [/crime|gangster/i, 'Crime'],
  [/romanc|romantic/i, 'Romance'],
  [/comed/i, 'Comedy'],
  [/action/i, 'Action'],
  [/adventure/i, 'Adventure'],
  [/fantas/i, 'Fantasy'],
  [/family/i, 'Family'],
  [/\bwar\b/i, 'War'],
  [/drama/i, 'Drama'],
];

/**
 * Television series Douban lists that T-Eval's tasks name as if they were films: 大明风华 is a 2019
 * series, not a film. Only what we are sure of; Douban's own words (Chinese) for its details.
 */
export interface SeriesFact {
  zh: string;
  title: string;
  year: string;
  /** Douban's genre words, main first. */
  genresZh: string[];
  regionZh: string;
  directorZh: string;
  castZh: string[];
  premiseZh: string;
}

export const SERIES: SeriesFact[] = [
  { zh: '大明风华', title: 'Ming Dynasty', year: '2019', genresZh: ['剧情', '历史'], regionZh: '中国大陆', directorZh: '张挺', castZh: ['汤唯', '朱亚文', '邓家佳'], premiseZh: '以明朝永乐至宣德年间为背景，讲述了孙若微（汤唯 饰）与朱瞻基（朱亚文 饰）卷入宫廷与朝堂风云的故事。' },
];

/** The series a title names, Chinese or English. */
export function seriesByTitle(title: unknown): SeriesFact | undefined {
  if (typeof title !== 'string' || !title.trim()) return undefined;
  const k = key(title);
  return SERIES.find((s) => key(s.zh) === k || key(s.title) === k);
}

/** TMDB's genre name for a word an answer uses ("sci-fi" → "Science Fiction"), if any. */
export function genreName(word: string): string | undefined {
  return GENRE_WORDS.find(([re]) => re.test(word))?.[1];
}

const key = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[\s:：·.,'’!-]+/g, '');

/** The film a title names, English or Chinese, in any case. */
export function filmByTitle(title: unknown): FilmFact | undefined {
  if (typeof title !== 'string' || !title.trim()) return undefined;
  const k = key(title);
  return FILMS.find((f) => key(f.title) === k || (f.zh !== undefined && key(f.zh) === k));
}

/**
 * The English title a request names for a film a call passes by its Chinese one ("Joker" for 小丑, Douban taking
 * only Chinese names), or undefined: the value's link to what the user asked for, which a thought must say.
 */
export function englishTitleAsked(value: string, request: string): string | undefined {
  const film = /[\u4e00-\u9fff]/.test(value) ? filmByTitle(value) : undefined;
  if (!film || film.zh !== value.trim()) return undefined;
  const named = new RegExp(`(?<![\\w])${escapeRegExp(film.title)}(?![\\w])`, 'i').test(request);
  return named ? film.title : undefined;
}

/** The known films a request names in quotes ('Inception', "The Godfather"), each once, in order. */
export function filmsQuotedIn(request: string): FilmFact[] {
  const out: FilmFact[] = [];
  for (const m of request.matchAll(/(['"‘“])([^'"’”]{2,60})['"’”]/g)) {
    const film = filmByTitle(m[2]);
    if (film && !out.includes(film)) out.push(film);
  }
  return out;
}

/** The film TMDB knows under `id`. */
export function filmById(id: unknown): FilmFact | undefined {
  const n = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id.trim()) ? Number(id) : undefined;
  return n === undefined ? undefined : FILMS.find((f) => f.tmdb === n);
}

/** Films most like `film`: the most genres in common first, TMDB-listed ones only (they have ids). */
export function similarFilms(film: FilmFact, n: number): FilmFact[] {
  const shared = (f: FilmFact) => f.genres.filter((g) => film.genres.includes(g)).length;
  return FILMS.filter((f) => f !== film && f.tmdb !== undefined && shared(f) > 0)
    .sort((a, b) => shared(b) - shared(a) || (b.vote ?? 0) - (a.vote ?? 0))
    .slice(0, n);
}

export interface CompanyFact {
  ticker: string;
  /** The asset's name as Polygon lists it. */
  name: string;
  /** What a search for the company is likely to say: "Apple", "Apple Inc.". */
  aliases: string[];
  address?: string;
  homepage?: string;
  /** What the company does, in our words. */
  description?: string;
  /** The day the symbol was first listed, where sure. */
  listDate?: string;
  /** About where the share traded in October 2023, in US dollars. */
  price: number;
}

export const COMPANIES: CompanyFact[] = [
  { ticker: 'AAPL', name: 'Apple Inc.', aliases: ['apple', 'apple inc'], address: 'One Apple Park Way, Cupertino, CA 95014', homepage: 'https://www.apple.com', listDate: '1980-12-12', price: 178, description: 'Apple designs and sells consumer electronics (iPhone, iPad, Mac, Apple Watch, AirPods) together with the software and services that run on them, such as the App Store, Apple Music, iCloud and Apple Pay.' },
  { ticker: 'TSLA', name: 'Tesla, Inc.', aliases: ['tesla', 'tesla inc', 'tesla motors'], address: '1 Tesla Road, Austin, TX 78725', homepage: 'https://www.tesla.com', listDate: '2010-06-29', price: 255, description: 'Tesla designs and makes electric cars (Model S, 3, X and Y), battery storage systems and solar products, and runs a network of Supercharger stations.' },
  { ticker: 'AMZN', name: 'Amazon.com, Inc.', aliases: ['amazon', 'amazon.com', 'amazon inc'], address: '410 Terry Avenue North, Seattle, WA 98109', homepage: 'https://www.amazon.com', listDate: '1997-05-15', price: 128, description: 'Amazon runs one of the largest online retail marketplaces and, through Amazon Web Services, one of the largest cloud computing platforms; it also sells devices such as Kindle and Echo and the Prime subscription.' },
  { ticker: 'MSFT', name: 'Microsoft Corporation', aliases: ['microsoft', 'microsoft corp'], address: 'One Microsoft Way, Redmond, WA 98052', homepage: 'https://www.microsoft.com', listDate: '1986-03-13', price: 328, description: 'Microsoft makes software and cloud services, including Windows, Office and Microsoft 365, the Azure cloud platform, LinkedIn and the Xbox gaming business.' },
  { ticker: 'GOOGL', name: 'Alphabet Inc. Class A Common Stock', aliases: ['google', 'alphabet', 'alphabet inc'], address: '1600 Amphitheatre Parkway, Mountain View, CA 94043', homepage: 'https://abc.xyz', listDate: '2004-08-19', price: 138, description: 'Alphabet is the parent company of Google, whose search, advertising, YouTube, Android, Chrome and Google Cloud businesses bring in most of its revenue.' },
  { ticker: 'IBM', name: 'International Business Machines Corporation', aliases: ['ibm', 'international business machines'], address: '1 New Orchard Road, Armonk, NY 10504', homepage: 'https://www.ibm.com', price: 140, description: 'IBM sells hybrid cloud software, consulting and IT infrastructure, including its mainframe computers, to large businesses and governments.' },
  { ticker: 'ABNB', name: 'Airbnb, Inc. Class A Common Stock', aliases: ['airbnb', 'airbnb inc'], address: '888 Brannan Street, San Francisco, CA 94103', homepage: 'https://www.airbnb.com', listDate: '2020-12-10', price: 132, description: 'Airbnb runs an online marketplace where hosts rent out homes, rooms and experiences to travellers, taking a fee on each booking.' },
  { ticker: 'WB', name: 'Weibo Corporation American Depositary Shares', aliases: ['weibo', 'weibo corp', 'weibo corporation'], address: 'Beijing, China', homepage: 'https://www.weibo.com', listDate: '2014-04-17', price: 12, description: 'Weibo runs a Chinese social media platform for posting and sharing short messages, pictures and videos, and earns most of its revenue from advertising.' },
  { ticker: 'MCD', name: "McDonald's Corporation", aliases: ['mcdonalds', "mcdonald's", 'mcdonalds corp'], address: '110 North Carpenter Street, Chicago, IL 60607', homepage: 'https://corporate.mcdonalds.com', price: 258, description: "McDonald's runs and franchises the world's largest chain of fast-food restaurants, with around 40,000 locations in more than 100 countries." },
  { ticker: 'FOX', name: 'Fox Corporation Class B Common Stock', aliases: ['fox', 'fox corporation', 'fox corp', '21st century fox', '20th century fox'], address: '1211 Avenue of the Americas, New York, NY 10036', homepage: 'https://www.foxcorporation.com', listDate: '2019-03-19', price: 29, description: 'Fox Corporation owns news, sports and entertainment broadcasting in the United States, including Fox News, Fox Sports, the Fox television network and the Tubi streaming service.' },
  { ticker: 'ESRT', name: 'Empire State Realty Trust, Inc. Class A Common Stock', aliases: ['empire state realty trust', 'empire state realty'], address: '111 West 33rd Street, New York, NY 10120', listDate: '2013-10-02', price: 8.3, description: 'Empire State Realty Trust is a real estate investment trust that owns and manages office and retail buildings in Manhattan and the New York area, among them the Empire State Building.' },
  { ticker: 'LEN', name: 'Lennar Corporation Class A Common Stock', aliases: ['lennar', 'lennar corp', 'lennar corporation'], address: 'Miami, FL', homepage: 'https://www.lennar.com', price: 110, description: 'Lennar is one of the largest homebuilders in the United States, building and selling single-family homes and offering mortgage and title services to its buyers.' },
  { ticker: 'LEN.B', name: 'Lennar Corporation Class B Common Stock', aliases: [], address: 'Miami, FL', homepage: 'https://www.lennar.com', price: 102, description: 'Lennar is one of the largest homebuilders in the United States, building and selling single-family homes and offering mortgage and title services to its buyers.' },
  { ticker: 'SPG', name: 'Simon Property Group, Inc.', aliases: ['simon property group', 'simon property'], address: '225 West Washington Street, Indianapolis, IN 46204', homepage: 'https://www.simon.com', price: 108, description: 'Simon Property Group is a real estate investment trust that owns shopping malls, premium outlets and mixed-use properties in North America, Europe and Asia.' },
  { ticker: 'ZG', name: 'Zillow Group, Inc. Class A Common Stock', aliases: ['zillow', 'zillow group'], address: '1301 Second Avenue, Floor 31, Seattle, WA 98101', homepage: 'https://www.zillowgroup.com', price: 44, description: 'Zillow Group runs Zillow, the US real estate website and apps where people search homes for sale and rent, and earns from the agents, landlords and lenders who advertise on them.' },
  { ticker: 'REAL', name: 'The RealReal, Inc. Common Stock', aliases: ['the realreal', 'realreal'], homepage: 'https://www.therealreal.com', listDate: '2019-06-28', price: 2.2, description: 'The RealReal runs an online marketplace for authenticated second-hand luxury goods, such as designer clothing, handbags, jewellery and watches, sold on consignment.' },
  { ticker: 'TECH', name: 'Bio-Techne Corp Common Stock', aliases: ['bio-techne', 'bio techne', 'biotechne'], address: '614 McKinley Place NE, Minneapolis, MN 55413', homepage: 'https://www.bio-techne.com', price: 63, description: 'Bio-Techne makes reagents, instruments and diagnostic products for life-science research and clinical labs, such as antibodies, proteins and analysis systems.' },
  { ticker: 'TSLZ', name: 'T-Rex 2X Inverse Tesla Daily Target ETF', aliases: [], price: 20, description: 'An exchange-traded fund that seeks twice the inverse of the daily return of Tesla shares; it is meant for short-term trading, not for holding.' },
];

/** The company traded under `ticker` (exact symbol, upper case as exchanges write it). */
export function companyByTicker(ticker: unknown): CompanyFact | undefined {
  return typeof ticker === 'string' ? COMPANIES.find((c) => c.ticker === ticker.trim()) : undefined;
}

/** The company a search names ("Apple Inc.", "Lennar Corporation"), by its name or a common alias. */
export function companyBySearch(search: unknown): CompanyFact | undefined {
  if (typeof search !== 'string' || !search.trim()) return undefined;
  const k = search.trim().toLowerCase().replace(/[.,]/g, '').replace(/\s+/g, ' ');
  return COMPANIES.find((c) => c.aliases.includes(k) || c.name.toLowerCase().replace(/[.,]/g, '') === k);
}

/** A small deterministic number in [0, 1) from a text, so one ticker on one day prices the same in every answer. */
function unit(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return (h % 100_000) / 100_000;
}

/** About where a ticker trades: the table's level, else a level drawn from the symbol itself (5-300 dollars). */
export function priceLevel(ticker: string): number {
  return companyByTicker(ticker)?.price ?? Math.round(5 + unit(`level:${ticker}`) * 295);
}

/**
 * A day's open and close for a ticker: within about 4% of its level, the close within about 2% of
 * the open, the same for one ticker and day in every answer. `day` is "YYYY-MM-DD" or a unix ms time.
 */
export function dayPrices(ticker: string, day: string | number): { open: number; close: number; high: number; low: number } {
  const level = priceLevel(ticker);
  const d = typeof day === 'number' ? new Date(day).toISOString().slice(0, 10) : day;
  const open = level * (1 + (unit(`${ticker}:${d}:o`) - 0.5) * 0.08);
  const close = open * (1 + (unit(`${ticker}:${d}:c`) - 0.5) * 0.04);
  const high = Math.max(open, close) * (1 + unit(`${ticker}:${d}:h`) * 0.01);
  const low = Math.min(open, close) * (1 - unit(`${ticker}:${d}:l`) * 0.01);
  const r = (x: number) => Math.round(x * 100) / 100;
  return { open: r(open), close: r(close), high: r(high), low: r(low) };
}

/** A homepage for a company the table does not know, from its name: "Northwind Traders Inc." → https://www.northwindtraders.com. */
export function homepageFor(name: string): string {
  const core = name.replace(/\b(inc|corp|corporation|co|ltd|plc|group|holdings?|company|common stock|class [a-c])\b\.?/gi, '').normalize('NFKD').toLowerCase().replace(/[^a-z0-9]/g, '');
  return `https://www.${core || 'investors'}.com`;
}

/**
 * What Douban says of a film, in Douban's own words (Chinese): its region and genre words, and the
 * director and cast where we are sure of Douban's spelling (T-Eval's recorded Douban answers give
 * them for the films they list; a few directors are household names). A field we are not sure of
 * is left out, never made up: the description then says less. The premise is our own words.
 * `playing`: in T-Eval's recorded now-playing list (its score and cast as recorded); `coming`: in its
 * recorded coming list (the day as Douban wrote it, without a year, and how many want to see it).
 */
export interface DoubanFact {
  zh: string;
  /** Douban's region words ("美国", "中国香港 / 中国大陆"). */
  regionZh: string;
  /** Douban's genre words, main first. */
  genresZh: string[];
  directorZh?: string;
  castZh?: string[];
  premiseZh: string;
  /** Douban's subject id (movie.douban.com/subject/<id>/), where a recording shows it. */
  subject?: number;
  /** In Chinese cinemas in autumn 2023; `score` as T-Eval's recorded now-playing list gives it (none when no recording shows it). */
  playing?: { score?: number };
  /** `at`: its place in the recorded list. */
  coming?: { date: string; want: number; at: number };
}

export const DOUBAN: DoubanFact[] = [
  { zh: '珍·古道尔的传奇一生', regionZh: '美国', genresZh: ['纪录片', '传记'], directorZh: '布莱特·摩根', castZh: ['简·古道尔', '雨果·凡·拉维克', '雨果·埃里克·路易斯·凡·拉维克'], subject: 27115563, playing: { score: 9.2 }, premiseZh: '影片用尘封多年的影像资料，讲述动物学家珍·古道尔年轻时在坦桑尼亚贡贝的森林里观察黑猩猩的岁月。' },
  { zh: '河边的错误', regionZh: '中国大陆', genresZh: ['剧情', '犯罪'], directorZh: '魏书钧', castZh: ['朱一龙', '曾美慧孜', '侯天来'], subject: 35256092, playing: { score: 7.6 }, coming: { date: '10月21日', want: 50822, at: 3 }, premiseZh: '上世纪九十年代的南方小城，河边接连发生命案，刑警队长马哲越查越深，案情与他自己的精神世界纠缠在一起。' },
  { zh: '汪汪队立大功大电影2：超能大冒险', regionZh: '美国 加拿大', genresZh: ['动画', '冒险', '家庭'], directorZh: '卡尔·布伦克尔', castZh: ['麦肯娜·格瑞丝', '塔拉吉·P·汉森', '马尔赛·马丁'], subject: 35712771, playing: { score: 7.5 }, premiseZh: '一颗魔法陨石让汪汪队的狗狗们获得了超能力，他们要用新本领保卫冒险城。' },
  { zh: '贝肯熊：火星任务', regionZh: '中国大陆', genresZh: ['动画', '喜剧', '冒险'], directorZh: '王超', castZh: ['梁晓强', '巴赫', '张东'], subject: 35622477, playing: { score: 7.2 }, premiseZh: '贝肯熊和伙伴们接下一项前往火星的任务，在火星上展开一场冒险。' },
  { zh: '志愿军：雄兵出击', regionZh: '中国大陆', genresZh: ['剧情', '历史', '战争'], directorZh: '陈凯歌', castZh: ['唐国强', '王砚辉', '刘劲'], subject: 35496350, playing: { score: 7.1 }, premiseZh: '1950年，中国人民志愿军跨过鸭绿江入朝作战，影片讲述前线将士与后方决策者在抗美援朝第一阶段的经历。' },
  { zh: '坚如磐石', regionZh: '中国大陆', genresZh: ['剧情', '犯罪'], directorZh: '张艺谋', castZh: ['雷佳音', '张国立', '于和伟'], playing: {}, premiseZh: '一桩命案把年轻警察苏见明卷进一张由权力与财富织成的网，追查越深，牵连的人离他越近。' },
  { zh: '莫斯科行动', regionZh: '中国大陆 / 中国香港', genresZh: ['动作', '犯罪'], directorZh: '邱礼涛', playing: {}, premiseZh: '上世纪九十年代，往返北京与莫斯科的国际列车上接连发生劫案，中国警方远赴异国追捕劫匪。' },
  { zh: '前任4：英年早婚', regionZh: '中国大陆', genresZh: ['喜剧', '爱情'], directorZh: '田羽生', playing: {}, premiseZh: '一对年轻人在婚姻与过往感情之间兜兜转转，重新思考什么才是适合自己的生活。' },
  { zh: '红猪', regionZh: '日本', genresZh: ['喜剧', '动画', '冒险'], directorZh: '宫崎骏', subject: 1291838, coming: { date: '11月17日', want: 144830, at: 0 }, premiseZh: '二十世纪二十年代的意大利，一位被诅咒变成猪的一战王牌飞行员，在亚得里亚海上空与空中海盗周旋。' },
  { zh: '涉过愤怒的海', regionZh: '中国大陆', genresZh: ['剧情', '犯罪', '悬疑'], directorZh: '曹保平', subject: 33456512, coming: { date: '11月25日', want: 78210, at: 1 }, premiseZh: '渔民老金的女儿在日本身亡，他远渡重洋追查真相、誓要复仇，两个家庭都被卷入其中。' },
  { zh: '惊奇队长2', regionZh: '美国', genresZh: ['动作', '奇幻', '冒险'], directorZh: '尼娅·达科斯塔', castZh: ['布丽·拉尔森', '泰柔娜·派丽丝', '伊曼·韦拉尼'], subject: 34678231, coming: { date: '11月10日', want: 65365, at: 2 }, premiseZh: '卡罗尔·丹弗斯、莫妮卡·兰博与卡玛拉·克汗的能力纠缠在一起，每当使用能力就会互换位置，三人只能联手拯救宇宙。' },
  { zh: '金手指', regionZh: '中国香港 / 中国大陆', genresZh: ['剧情', '犯罪'], directorZh: '庄文强', castZh: ['梁朝伟', '刘德华', '蔡卓妍'], subject: 35074609, coming: { date: '12月30日', want: 29966, at: 4 }, premiseZh: '一场横跨十五年的较量：廉政调查主任锲而不舍地追查一家从无名到风光再到清盘的上市公司和它的幕后老板。' },
  { zh: '侏罗纪公园', regionZh: '美国', genresZh: ['科幻', '惊悚', '冒险'], directorZh: '史蒂文·斯皮尔伯格', castZh: ['山姆·尼尔', '劳拉·邓恩', '杰夫·高布伦'], premiseZh: '富豪哈蒙德在小岛上用克隆恐龙建起主题公园，受邀前来的科学家们在安保系统失灵后陷入求生之战。' },
  { zh: '盗梦空间', regionZh: '美国', genresZh: ['剧情', '科幻', '悬疑', '冒险'], directorZh: '克里斯托弗·诺兰', premiseZh: '一名潜入他人梦境窃取秘密的盗贼接到最后一单：不是偷走想法，而是把一个想法植入目标的脑中。' },
  { zh: '黑暗骑士', regionZh: '美国', genresZh: ['剧情', '动作', '犯罪', '惊悚'], directorZh: '克里斯托弗·诺兰', premiseZh: '蝙蝠侠与戈登警长、检察官哈维·登特联手打击哥谭的犯罪，小丑的出现却把整座城市拖入混乱。' },
  { zh: '星际穿越', regionZh: '美国', genresZh: ['剧情', '科幻', '冒险'], directorZh: '克里斯托弗·诺兰', premiseZh: '地球粮食枯竭，一位前宇航员带领团队穿越虫洞，为人类寻找可以移居的新家园。' },
  { zh: '奥本海默', regionZh: '美国 / 英国', genresZh: ['剧情', '传记', '历史'], directorZh: '克里斯托弗·诺兰', playing: {}, premiseZh: '讲述领导曼哈顿计划、主持研制第一颗原子弹的物理学家J·罗伯特·奥本海默，以及此后他为此付出的代价。' },
  { zh: '小丑', regionZh: '美国', genresZh: ['剧情', '惊悚', '犯罪'], directorZh: '托德·菲利普斯', premiseZh: '1981年的哥谭，一个屡屡受挫的喜剧演员被社会一再推开，一步步滑向疯狂与暴力，成为小丑。' },
  { zh: '沙丘', regionZh: '美国', genresZh: ['科幻', '冒险'], directorZh: '丹尼斯·维伦纽瓦', premiseZh: '贵族继承人保罗·厄崔迪随家族来到沙漠星球厄拉科斯，那里出产全宇宙最珍贵的资源。' },
  { zh: '复仇者联盟4：终局之战', regionZh: '美国', genresZh: ['动作', '科幻', '冒险'], directorZh: '安东尼·罗素 / 乔·罗素', premiseZh: '灭霸抹去了宇宙一半的生命，幸存的复仇者们集结起来，做最后一搏以挽回一切。' },
  { zh: '驯龙高手', regionZh: '美国', genresZh: ['动画', '奇幻', '冒险'], directorZh: '迪恩·德布洛斯 / 克里斯·桑德斯', premiseZh: '本该成为屠龙勇士的维京少年救下一条受伤的龙，和它成了朋友，也改变了整个村子对龙的看法。' },
  { zh: '功夫熊猫', regionZh: '美国', genresZh: ['喜剧', '动作', '动画', '冒险'], premiseZh: '在面馆帮忙的笨拙熊猫阿宝意外被选为神龙大侠，要保卫和平谷，对抗复仇而来的雪豹。' },
  { zh: '一闪一闪亮星星', regionZh: '中国大陆', genresZh: ['爱情', '奇幻'], premiseZh: '男孩穿越回高中时代，想要拯救曾经为他穿越时空的女孩。' },
  { zh: '火山挚恋', regionZh: '美国', genresZh: ['纪录片'], premiseZh: '法国火山学家卡蒂亚与莫里斯·克拉夫特夫妇的故事，由他们在喷发的火山旁拍下的影像讲述，直到两人1991年罹难。' },
  { zh: '长安三万里', regionZh: '中国大陆', genresZh: ['动画', '历史'], directorZh: '谢君伟 / 邹靖', playing: {}, premiseZh: '诗人高适回望自己与李白一生的交情，背景是大唐由盛转衰的岁月。' },
  { zh: '疯狂元素城', regionZh: '美国', genresZh: ['喜剧', '动画', '奇幻', '爱情'], directorZh: '彼得·孙', premiseZh: '在火、水、土、气四种元素居民共处的城市里，火爆的火元素女孩与随和的水元素男孩发现彼此竟有许多共同点。' },
  { zh: '迷失之城', regionZh: '美国', genresZh: ['动作', '喜剧', '爱情', '冒险'], premiseZh: '一位深居简出的言情小说家被相信她能找到失落古城的富豪绑架，她书封上的模特决定前去营救。' },
  { zh: '大空头', regionZh: '美国', genresZh: ['剧情', '喜剧'], directorZh: '亚当·麦凯', premiseZh: '几位投资人预见到美国房地产市场即将崩盘，并押注做空。' },
  { zh: '流浪地球', regionZh: '中国大陆', genresZh: ['科幻', '灾难'], directorZh: '郭帆', premiseZh: '太阳即将膨胀吞没地球，人类在地球表面建起上万座行星发动机，推动地球逃离太阳系。' },
  { zh: '寄生虫', regionZh: '韩国', genresZh: ['剧情', '喜剧'], directorZh: '奉俊昊', premiseZh: '贫穷的一家人一个接一个地混进富裕人家做事，直到一个意外的发现打破了一切。' },
  { zh: '阿凡达', regionZh: '美国', genresZh: ['动作', '科幻', '冒险'], directorZh: '詹姆斯·卡梅隆', premiseZh: '双腿瘫痪的前海军陆战队员以纳美人的身体来到潘多拉星球，最终站到了当地人一边，对抗前来开采的公司。' },
  { zh: '霸王别姬', regionZh: '中国大陆 / 中国香港', genresZh: ['剧情', '爱情', '同性'], directorZh: '陈凯歌', premiseZh: '两个自幼一同学戏的京剧演员，半个世纪的情谊在中国历史的风云变幻中经受考验。' },
  { zh: '你好，李焕英', regionZh: '中国大陆', genresZh: ['喜剧', '奇幻'], directorZh: '贾玲', premiseZh: '母亲意外受了重伤，女儿晓玲却回到了1981年，与年轻时的母亲成了朋友，想让她过得开心。' },
  { zh: '刺杀小说家', regionZh: '中国大陆', genresZh: ['剧情', '奇幻', '动作'], directorZh: '路阳', premiseZh: '寻找被拐女儿的父亲受雇去刺杀一位年轻的小说家，却发现小说里的奇幻世界与现实紧紧相连。' },
];

/** What Douban says of the film a title names (Chinese, or the English title of a film the facts table knows). */
export function doubanFact(title: unknown): DoubanFact | undefined {
  if (typeof title !== 'string' || !title.trim()) return undefined;
  const k = key(title);
  const zh = FILMS.find((f) => key(f.title) === k)?.zh;
  return DOUBAN.find((d) => key(d.zh) === k || (zh !== undefined && d.zh === zh));
}

/** Douban's details of a film it knows, in Douban's words: 「X是一部美国的科幻、惊悚、冒险电影，由…导演，…等人主演.\n剧情简介：…」; only what is sure. */
export function doubanDescription(d: DoubanFact): string {
  // A foreign director with the name the credits give ("布莱特·摩根（Brett Morgen）"), as Douban writes foreign names beside their Chinese ones.
  const film = FILMS.find((f) => f.zh === d.zh);
  const original = film && !/China|Hong Kong/.test(film.region) && d.directorZh && !d.directorZh.includes(' / ') ? `（${film.director}）` : '';
  const by = d.directorZh ? `，由${d.directorZh.split(' / ').join('、')}${original}导演` : '';
  const cast = d.castZh?.length ? `，${d.castZh.join('、')}等人主演` : '';
  return `${d.zh}是一部${d.regionZh}的${d.genresZh.join('、')}电影${by}${cast}.\n剧情简介：${d.premiseZh}`;
}

/**
 * TMDB's own genre ids (its /genre/movie/list): a details answer lists genres as TMDB does,
 * {'id': 28, 'name': 'Action'}, as T-Eval's recorded get_movie_details answers do.
 */
export const TMDB_GENRE_IDS: Record<string, number> = {
  Action: 28, Adventure: 12, Animation: 16, Comedy: 35, Crime: 80, Documentary: 99, Drama: 18, Family: 10751, Fantasy: 14, History: 36,
  Horror: 27, Music: 10402, Mystery: 9648, Romance: 10749, 'Science Fiction': 878, 'TV Movie': 10770, Thriller: 53, War: 10752, Western: 37,
};

/** Genre names as TMDB's details answer writes them: records of its id and name; a name TMDB has no id for is left out. */
export function tmdbGenres(names: readonly string[]): { id: number; name: string }[] {
  return names.flatMap((n) => (TMDB_GENRE_IDS[n] !== undefined ? [{ id: TMDB_GENRE_IDS[n], name: n }] : []));
}

/**
 * Researchers T-Eval's recordings name (arXiv authors its tasks look up on Google Scholar), with the
 * affiliation their own Scholar profiles give (2023). A simulated author record of a real person says
 * only this, never a drawn university; one not listed here gets Scholar's own "Unknown affiliation".
 */
export const RESEARCHERS: { name: string; affiliation: string }[] = [
  { name: 'Seth Lloyd', affiliation: 'Massachusetts Institute of Technology' },
  { name: 'Seng W. Loke', affiliation: 'Deakin University' },
  { name: 'Richard S. J. Tol', affiliation: 'University of Sussex' },
  { name: 'James E. Hansen', affiliation: 'Columbia University Earth Institute' },
];

/** The affiliation the table gives a named researcher (spacing and dots aside), else undefined. */
export function researcherAffiliation(name: string): string | undefined {
  const key = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  return RESEARCHERS.find((r) => key(r.name) === key(name))?.affiliation;
}
