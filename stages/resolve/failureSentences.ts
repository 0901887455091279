/**
 * How the closing answer tells a FAILED call (the answer-writer's failure branch, answerWriter.ts
 * calls in here): the sentence that reports the failure, the opener of an answer where some call
 * failed, and the question that asks the user what to do next.
 */
import type { AnswerInput } from './answerWriter.js';
import { parseToolResponse } from '../../pipeline/prompts/parseAction.js';
import { apiOf, isPlainObject } from '../../pipeline/errors/values.js';
import type { Rng } from '../../pipeline/rng.js';
import { classifyEnvironmentMessage, saysItPasses } from '../../pipeline/errors/environment.js';
import { escapeRegExp } from '../../pipeline/errors/vocabulary.js';
import { joinAnd } from '../../pipeline/quality/grammar.js';
import { NAMED_PARTIAL_OPENERS } from '../../pipeline/partialOpeners.js';
import { conditionalTask } from '../../pipeline/afterFailure.js';
import { callChangesState } from '../../pipeline/errors/sideEffects.js';
import { titlesById, writtenWhat } from '../../pipeline/answerFacts.js';
import { filmById, filmsQuotedIn } from '../../pipeline/resolution/worldFacts.js';
import { lastSentenceOf, taskSaidAgain, tellsFailure } from '../../pipeline/failureQuestion.js';

type Step = AnswerInput['steps'][number];
type Waiting = NonNullable<AnswerInput['waiting']>[number];

/**
 * The opener of an answer where some calls went through and some did not: what was done and what
 * was not, from the turn's own calls ("Sending the email and getting the author information went
 * through, but not getting the ticker news."), not one canned sentence ("I got part of the way." opened
 * 28 T-Eval answers; answer_opener_top_share). Often none at all: the sentences after it say the same.
 */
export function partialOpener(steps: Step[], rng: Rng, waiting: Waiting[] = [], request = ''): string {
  // An article a Scholar search of the turn listed is named by its title ("getting the citation for "Quantum computing: a review""), never "the article" among several.
  // Only those: a film's title would stand where shortTask cuts ("finding films similar" for "… to "Inception"").
  const cited = new Set(steps.filter((s) => apiOf(s.name) === 'get_citation_format').map((s) => String(arg(s.args, /^q$/) ?? '')));
  const titles = new Map([...titlesById(steps)].filter(([id]) => cited.has(id)));
  const names = (list: Pick<Step, 'name' | 'args'>[]) => tasksCounted(list, (t) => gerund(shortTask(t)), titles);
  // A deed that went through is told after the failure in its own sentence ("I sent the email to smith@example.com."):
  // named in the opener too, it is said twice ("Searching arXiv and sending the email … went through, but … I sent
  // the email …", answer_done_said_twice). The opener names the look-ups done; with none, it names nothing.
  const done = tasksOnOneThing(names(steps.filter((s) => !s.error && !callChangesState(s.name))));
  // Only what was tried and failed is named as not done: a step never tried beside it ("…, but not getting the
  // daily open and close and searching the stock ticker", the ticker search never run) reads as tried and
  // failed; the steps still waiting are said after the failure, as still to do (answer_opener_untried).
  // A failed look-up of one of several films the user asked for by number leaves them all to do
  // ("getting the details of the three films", not "… of the film" for "the first three movies": answer_pending_singular).
  // Not a film a look-up of its own named alone: the reviews of "Inception", found by its title, are not "the reviews
  // of the five films" where the request also asks for the top five (answer_failed_film_counted, teval_query_17_1-env-k3).
  // Only where the turn plans that look-up for several films: 217_1's plan reads one film's details (the list already
  // gave the first three's), so its failure is that film's, never "getting the details of the three films" (answer_failed_task_overcounted).
  const planned = (name: string) => steps.filter((s) => s.name === name).length + waiting.filter((w) => w.name === name).length;
  const several = steps.some((s) => s.error && planned(s.name) > 1) ? severalFilms(request) : undefined;
  const alone = filmsNamedAlone(steps);
  const titleOf = (s: Step) => alone.get(String(arg(s.args, /^movie_id$/)));
  const undone = names(steps.filter((s) => s.error && !titleOf(s))).map((t) => (several ? t.replace(/\b(of|for) the (?:film|movie)$/, (_, p: string) => `${p} the ${NUMBER[several] ?? several} films`) : t));
  // Said by its title, as the look-up named it: "getting the reviews of "Inception"".
  for (const s of steps.filter((x) => x.error && titleOf(x))) {
    const t = names([s])[0].replace(/\b(of|for) the (?:film|movie)$/, (_, p: string) => `${p} ${q(titleOf(s))}`);
    if (!undone.includes(t)) undone.push(t);
  }
  if (done.length === 0 || undone.length === 0) return '';
  const ok = steps.filter((s) => !s.error).length;
  // Out of every step the request holds, not only those tried: "one of the two steps" of a request
  // with five (the failure stopped the other three) is false (answer_step_count_false).
  const total = steps.length + waiting.length;
  const count = `${NUMBER[ok] ?? ok} of the ${NUMBER[total] ?? total} steps`;
  const forms: string[] = [''];
  // Two calls told alike, one done and one not ("searching Google Scholar, but not searching Google
  // Scholar"), say nothing true by name: only the count tells them apart.
  // Told apart by the task itself, not by how many things it was done for ("the details of the three films" done, "the details of the film" not).
  const once = (list: Pick<Step, 'name' | 'args'>[]) => new Set(list.map((s) => gerund(shortTask(taskOf(s)))));
  const doneOnce = once(steps.filter((s) => !s.error));
  const toldApart = ![...once([...steps.filter((s) => s.error), ...waiting])].some((u) => doneOnce.has(u));
  if (toldApart && done.length <= 3 && undone.length <= 2) {
    forms.push(...NAMED_PARTIAL_OPENERS.map((f) => f(joinAnd(done), joinAnd(undone))));
  }
  // A count ("One of the two steps went through.") tells the user nothing the names do not, and opened 59
  // answers word for word: said only where the names cannot tell the steps apart.
  if (forms.length === 1) forms.push(`${cap(count)} went through.`, `I got through ${count}.`);
  return rng.pick(forms);
}
/** A noun's plural: "properties", "movies", "places" (as it is when it ends in s). */
const pluralOf = (noun: string) => (/s$/.test(noun) ? noun : /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`);

/**
 * Tasks as phrases, each once: one task done for several things (the details of three films) said
 * once, for all of them ("getting the details of the three films"), never as if for one ("getting the
 * details of the film" where the user asked for the first three: answer_pending_singular).
 */
export function tasksCounted(list: Pick<Step, 'name' | 'args'>[], form: (task: string) => string, titles?: ReadonlyMap<string, string>): string[] {
  const groups = new Map<string, Set<string>>();
  for (const s of list) {
    const phrase = form(taskOf(s, titles));
    // Counted by the values the steps really take: three films whose ids nothing shown gives are still three (markUnshown).
    const own = 'counted' in s ? (s as { counted: unknown }).counted : s.args;
    groups.set(phrase, (groups.get(phrase) ?? new Set()).add(JSON.stringify(own, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))));
  }
  return [...groups].map(([phrase, args]) => {
    const n = args.size;
    // An id nothing shown gives, after its noun ("the movie <unshown id>"), goes with the count: "the three movies".
    // After a preposition the marker is the thing itself, said by its key: "near the three places", never "the three nears".
    const count = NUMBER[n] ?? n;
    if (n > 1) {
      const after = new RegExp(`\\b(near|for|of|in|at|to|from|on|about) "?${UNSHOWN}([A-Za-z_]+)"?$`).exec(phrase);
      if (after) return `${phrase.slice(0, after.index)}${after[1]} the ${count} ${pluralOf(after[2].replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase())}`;
    }
    if (n > 1 && new RegExp(`\\b[a-z]+ "?${UNSHOWN}[A-Za-z_]+"?$`).test(phrase)) return phrase.replace(new RegExp(`\\b(?:the )?([a-z]+) "?${UNSHOWN}[A-Za-z_]+"?$`), (_m, noun: string) => `the ${count} ${pluralOf(noun)}`);
    // Copies or moves of files nothing shown names yet, one to a file: "copying the files to "Archived_Quarter1"", never "the
    // source" once, nor "the four files" (how many, only the listing nothing has shown yet would tell).
    const source = new RegExp(`"?${UNSHOWN}(?:source|src)"?`);
    if (n > 1 && source.test(phrase)) return phrase.replace(source, 'the files');
    if (n < 2) return phrase;
    // Pages added one by one, counted: "adding three text pages", "adding two pages with text and an image", never one page said for several.
    if (/\bthe (?:text )?page\b/.test(phrase)) return phrase.replace(/\bthe (text )?page\b/, (_m, kind: string | undefined) => `${count} ${kind ?? ''}pages`);
    return phrase.replace(/\bthe ([a-z]+)$/, (m, noun: string) => (/s$/.test(noun) ? m : `the ${count} ${pluralOf(noun)}`)).replace(/\bthe citation for the (\w+) articles$/, 'the citations for the $1 articles');
  });
}

/**
 * The films a look-up that went through gave alone (a title search's one film: {"id": 27205, "title":
 * "Inception"}), not in a list, id to title: a failed step for one of them is about that film, never one of several.
 */
function filmsNamedAlone(steps: Step[]): Map<string, string> {
  const titles = new Map<string, string>();
  for (const s of steps) {
    if (s.error) continue;
    const value = parseToolResponse(s.response);
    if (isPlainObject(value) && (typeof value.id === 'number' || typeof value.id === 'string') && typeof value.title === 'string' && value.title.trim()) titles.set(String(value.id), value.title.trim());
  }
  return titles;
}

/**
 * How many films the request asks for by number ("retrieve the details of the first three movies" -> 3),
 * unless it singles one out ("choose one of these movies"); undefined when it asks for none by number.
 */
export function severalFilms(request: string): number | undefined {
  const m = /\b(?:first|top|the|these|those|all) (two|three|four|five|six|seven|eight|nine|ten|[2-9]|10)\b[\w\s'-]{0,30}?\b(?:movies|films)\b/i.exec(request);
  if (!m || /\b(?:one of (?:these|those|them|the)|a single) (?:movies|films)?\b/i.test(request)) return undefined;
  // "Identify the top three films … Obtain detailed information about the first movie" counts films only to list them and
  // singles one out for the look-up: its details are that film's, not "the three films" (answer_singled_film_counted,
  // teval_query_441_0-env-k2). "retrieve the details of the first three movies" counts the look-ups themselves (217_1).
  const lookedUp = /\b(?:details?|information|info|reviews?|descriptions?|ratings?|genres?|overviews?)\b[\w\s'-]{0,20}$/i.test(request.slice(0, m.index));
  if (!lookedUp && /\bthe (?:first|second|third|last|top) (?:movie|film)(?! *s\b)/i.test(request)) return undefined;
  return /^\d+$/.test(m[1]) ? Number(m[1]) : NUMBER.indexOf(m[1].toLowerCase());
}

const NUMBER = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'].map((w) => w);

/** Openers of an answer where every call failed; often none at all (an answer where some failed opens with partialOpener). */
export const FAILURE_OPENERS = {
  // The failure sentence says what could not be done; an opener only says sorry, never restates it ("I was not able to do this. I couldn't …").
  failed: ['', '', '', '', 'Sorry.', "I'm sorry."],
};

const q = (v: unknown) => JSON.stringify(String(v));
/** A short text or number argument, by its key. */
function arg(args: Step['args'], keys: RegExp, max = 40): string | number | undefined {
  if (!isPlainObject(args)) return undefined;
  const hit = Object.entries(args).find(([k, v]) => keys.test(k) && ((typeof v === 'string' && v.trim() !== '' && v.length <= max) || typeof v === 'number'));
  return hit?.[1] as string | number | undefined;
}
const said = (v: string | number | undefined) => (v === undefined ? undefined : typeof v === 'number' ? String(v) : q(v));
const fileOf = (a: Step['args']) => said(arg(a, /^(?:file_?name|file_?path|name|path)$/i));

/** What a step was for, said by its API where the name alone would say it badly. */
const TASKS: Record<string, (a: Step['args'], kit: string) => string | undefined> = {
  cd: (a) => (arg(a, /^folder$/) === '..' ? 'go up to the parent folder' : arg(a, /^folder$/) ? `move into the folder ${said(arg(a, /^folder$/))}` : 'change the folder'),
  ls: () => 'list the files in the folder',
  pwd: () => 'find out the current folder',
  find: (a) => (arg(a, /^name$/) ? `search for files named ${said(arg(a, /^name$/))}` : 'search for the files'),
  sort: (a) => `sort the lines of ${fileOf(a) ?? 'the file'}`,
  tail: (a) => `show the last lines of ${fileOf(a) ?? 'the file'}`,
  head: (a) => `show the first lines of ${fileOf(a) ?? 'the file'}`,
  cat: (a) => `read ${fileOf(a) ?? 'the file'}`,
  // What it was to write, as the deed that goes through says it (answerFacts writtenWhat): "write "quantum computing" to "summary.txt"".
  echo: (a) => `write ${writtenWhat(a)} to ${fileOf(a) ?? 'the file'}`,
  touch: (a) => `create the file ${fileOf(a) ?? ''}`.trim(),
  mkdir: (a) => `create the folder ${said(arg(a, /^dir_?name$/)) ?? ''}`.trim(),
  rm: (a) => `remove ${fileOf(a) ?? 'the file'}`,
  rmdir: (a) => `remove the folder ${said(arg(a, /^dir_?name$/)) ?? ''}`.trim(),
  // A move to a file's name in the same folder ("notes_2024.txt", no path) renames, as the writer says of one done (renames).
  mv: (a) => (arg(a, /^source$/) && arg(a, /^destination$/) ? `${/^[^/]+\.[A-Za-z0-9]{1,5}$/.test(String(arg(a, /^destination$/))) ? 'rename' : 'move'} ${said(arg(a, /^source$/))} to ${said(arg(a, /^destination$/))}` : 'move the file'),
  cp: (a) => (arg(a, /^source$/) && arg(a, /^destination$/) ? `copy ${said(arg(a, /^source$/))} to ${said(arg(a, /^destination$/))}` : 'copy the file'),
  grep: (a) => `search ${fileOf(a) ?? 'the file'}${arg(a, /^pattern$/) ? ` for ${said(arg(a, /^pattern$/))}` : ''}`,
  wc: (a) => `count the ${({ l: 'lines', w: 'words', c: 'characters' } as Record<string, string>)[String(arg(a, /^mode$/))] ?? 'lines'} in ${fileOf(a) ?? 'the file'}`,
  diff: (a) => `compare ${said(arg(a, /^file_name1$/)) ?? 'the files'}${arg(a, /^file_name2$/) ? ` with ${said(arg(a, /^file_name2$/))}` : ''}`,
  du: () => 'measure the disk usage',
  mean: () => 'work out the mean',
  add: () => 'work out the sum',
  subtract: () => 'work out the difference',
  multiply: () => 'work out the product',
  divide: () => 'work out the quotient',
  standard_deviation: () => 'work out the standard deviation',
  place_order: (a) => {
    const type = arg(a, /^order_type$/);
    const amount = arg(a, /^amount$/);
    const symbol = arg(a, /^symbol$/);
    return `place the ${type ? `${String(type).toLowerCase()} ` : ''}order${amount !== undefined ? ` for ${amount} shares` : ''}${symbol ? ` of ${said(symbol)}` : ''}`;
  },
  fund_account: (a) => `fund the account${arg(a, /^amount$/) !== undefined ? ` with ${arg(a, /^amount$/)}` : ''}`,
  // Dates and times stay out of the phrase: the call's arguments are no words the user or a response said ("14:00" for "2 PM"; answer_unsupported).
  // Nor "over those dates": a recorded plan passes dates its request never gave (teval_query_231_2), and then "those" points at nothing.
  aggregate_stock_with_time: (a) => `get the stock bars${arg(a, /^ticker$/) ? ` for ${said(arg(a, /^ticker$/))}` : ''}`,
  get_daliy_open_close: (a) => `get the daily open and close${arg(a, /^ticker$/) ? ` for ${said(arg(a, /^ticker$/))}` : ''}`,
  coming_out_filter: () => 'look up the films coming out',
  get_now_playing: () => 'look up the films now playing',
  now_playing_out_filter: () => 'look up the films now playing',
  get_top_rated_movies: () => 'get the top-rated movies',
  // Not "get the movie reviews for the movie" (the name's noun said twice once its id is shortened).
  get_movie_reviews: (a) => `get the reviews of ${arg(a, /^movie_id$/) !== undefined ? `movie ${arg(a, /^movie_id$/)}` : 'the movie'}`,
  get_similar_movies: (a) => `find films similar to ${arg(a, /^movie_id$/) !== undefined ? `movie ${arg(a, /^movie_id$/)}` : 'the movie'}`,
  get_movie_details: (a) => `get the details of ${arg(a, /^movie_id$/) !== undefined ? `movie ${arg(a, /^movie_id$/)}` : 'the movie'}`,
  // Airbnb's look-ups by a listing's id, said as the movie ones are: "get the reviews of property 36339325", never
  // "get the property reviews for property …", cut short to "… for property" (teval_query_1_0-env-k1).
  search_property_by_place: (a) => `search for properties${arg(a, /^place$/) ? ` in ${said(arg(a, /^place$/))}` : ''}`,
  get_property_details: (a) => `get the details of ${arg(a, /^propertyId$/) !== undefined ? `property ${arg(a, /^propertyId$/)}` : 'the property'}`,
  get_property_reviews: (a) => `get the reviews of ${arg(a, /^propertyId$/) !== undefined ? `property ${arg(a, /^propertyId$/)}` : 'the property'}`,
  list_all_airports: () => 'list the airports',
  get_popular_movies: () => 'get the popular movies',
  print_detail: (a) => `get the details of the film ${said(arg(a, /^film_name$/)) ?? ''}`.trim(),
  get_empty_room_with_time: (a) => `find an empty meeting room${arg(a, /^start_time$/) && arg(a, /^end_time$/) ? ' for that time' : ''}`,
  reserve: (a, kit) => (kit === 'ReserveMeeting' ? `reserve the meeting room${arg(a, /^room_id$/) ? ` ${said(arg(a, /^room_id$/))}` : ''}` : undefined),
  serper_search: (a) => `run the Google search${arg(a, /^query$/, 80) ? ` for ${said(arg(a, /^query$/, 80))}` : ''}`,
  get_arxiv_article_information: (a) => `search arXiv${arg(a, /^query$/, 80) ? ` for ${said(arg(a, /^query$/, 80))}` : ''}`,
  search_google_scholar: (a) => `search Google Scholar${arg(a, /^query$/, 80) ? ` for ${said(arg(a, /^query$/, 80))}` : ''}`,
  // "the article", so that several are counted ("getting the citations for the three articles", never one "that article" for three).
  get_citation_format: () => 'get the citation for the article',
  // "look up the stock ticker for Apple Inc", never "search the stock ticker for …" read off the API's name; a
  // company said as the bare name it is, as "getting the symbol for Quasar Ltd." says one.
  search_stock_ticker: (a) => `look up the stock ticker${arg(a, /^search$/) ? ` for ${arg(a, /^search$/)}` : ''}`,
  // "get the news about "AAPL"", never "get the ticker news" read off the API's name; with no ticker, the market's
  // news ("the latest news articles about the stock market", teval_query_377_0), never "about the stock" of no stock.
  get_ticker_news: (a) => (arg(a, /^ticker$/) ? `get the news about ${said(arg(a, /^ticker$/))}` : 'get the latest stock market news'),
  get_author_id: (a) => `look up the author id${arg(a, /^mauthors$/) ? ` of ${said(arg(a, /^mauthors$/))}` : ''}`,
  get_author_information: () => 'get the author information',
  search_nearby: (a) => {
    const what = arg(a, /^(?:search_term|keywords)$/);
    const near = arg(a, /^(?:places|location)$/);
    return `search for ${what ? said(what) : 'places'} nearby${near ? ` ${said(near)}` : ''}`.replace(/nearby (")/, 'near $1');
  },
  show: (a, kit) => (kit === 'Email' ? (a && isPlainObject(a) && a.only_unread === true ? 'check your unread emails' : 'check the emails in your inbox') : undefined),
  send: (a, kit) => (kit === 'Email' ? `send the email${arg(a, /^address$/) ? ` to ${arg(a, /^address$/)}` : ''}` : undefined),
  save_file: (_a, kit) => (kit === 'PPT' ? 'save the presentation file' : undefined),
  create_file: (_a, kit) => (kit === 'PPT' ? 'create the presentation file' : undefined),
  add_text_page: () => 'add the text page',
  add_text_image_page: () => 'add the page with text and an image',
  // A distance nothing shown gives (markUnshown) is left out, and no bare "make the drive" (what drive? answer_argument_as_name):
  // "check whether the car's fuel covers the distance".
  estimate_drive_feasibility_by_mileage: (a) => (typeof arg(a, /^distance$/) === 'number' ? `check whether the car can make the ${arg(a, /^distance$/)}-mile drive` : "check whether the car's fuel covers the distance"),
  estimate_distance: () => 'estimate the distance between the two places',
  compute_exchange_rate: (a) => (arg(a, /^value$/) !== undefined && arg(a, /^base_currency$/) && arg(a, /^target_currency$/) ? `convert ${arg(a, /^value$/)} ${arg(a, /^base_currency$/)} to ${arg(a, /^target_currency$/)}` : 'work out the exchange rate'),
  get_weekday: () => 'find out the weekday',
  get_curr_time: () => 'get the current time',
  forecast_weather: (a) => `get the weather forecast${arg(a, /^location$/) ? ` for ${said(arg(a, /^location$/))}` : ''}`,
  get_current_weather: (a) => `get the current weather${arg(a, /^location$/) ? ` for ${said(arg(a, /^location$/))}` : ''}`,
  authenticate_twitter: () => 'sign in to Twitter',
  authenticate_travel: () => 'sign in to the travel service',
  retweet: (a) => (arg(a, /^tweet_id$/) !== undefined ? `retweet tweet ${arg(a, /^tweet_id$/)}` : 'retweet the tweet'),
  set_navigation: (a) => `set the navigation${arg(a, /^destination$/, 80) ? ` to ${said(arg(a, /^destination$/, 80))}` : ''}`,
  search_movie: (a) => `search for the movie${arg(a, /^query$/, 80) ? ` ${said(arg(a, /^query$/, 80))}` : ''}`,
  post_tweet: () => 'post the tweet',
  comment: () => 'post the comment',
  startEngine: () => 'start the engine',
  lockDoors: (a) => (isPlainObject(a) && a.unlock === true ? 'unlock the doors' : 'lock the doors'),
  // Names that are no verb phrase ("trading_logout", "write_file", "sum_values"): said as the act their doc describes.
  // T-Eval's read_file reads a file: "reading \"data_v2/template_data/hotel.txt\"", never "getting the file" (answer_read_told_as_got).
  read_file: (a) => `read ${said(arg(a, /^(?:file_?path|file_?name|path)$/, 120)) ?? 'the file'}`,
  write_file: (a) => `write the file${arg(a, /^(?:file_?path|file_?name|path)$/, 120) ? ` ${said(arg(a, /^(?:file_?path|file_?name|path)$/, 120))}` : ''}`,
  gallon_to_liter: (a) => `convert ${arg(a, /^gallon/) !== undefined ? `${arg(a, /^gallon/)} gallons` : 'the gallons'} to liters`,
  liter_to_gallon: (a) => `convert ${arg(a, /^liter/) !== undefined ? `${arg(a, /^liter/)} liters` : 'the liters'} to gallons`,
  imperial_si_conversion: () => 'convert between imperial and SI units',
  si_unit_conversion: () => 'convert between the SI units',
  sum_values: () => 'work out the sum',
  max_value: () => 'find the largest value',
  min_value: () => 'find the smallest value',
  power: () => 'raise the number to the power',
  filter_stocks_by_price: () => 'filter the stocks by price',
  unfollow_user: (a) => `unfollow ${arg(a, /^username$/) ? said(arg(a, /^username$/)) : 'the user'}`,
};

/** The service a toolkit is, for signing in and out of it: "the trading account", "the ticket system". */
const SERVICE: Record<string, string> = { TradingBot: 'the trading account', TicketAPI: 'the ticket system', MessageAPI: 'the message app', TwitterAPI: 'Twitter', TravelAPI: 'the travel service' };
/** Acts a name says as a noun ("logout", "login"): the verb phrase a person says for them, given the service. */
const NOUN_ACTS: Record<string, (service: string) => string> = {
  logout: (s) => `log out of ${s}`,
  login: (s) => `log in to ${s}`,
  signin: (s) => `sign in to ${s}`,
  signout: (s) => `sign out of ${s}`,
  authentication: (s) => `sign in to ${s}`,
};
/** A toolkit's own word opening its functions' names ("trading_logout", "ticket_login"): no part of the act. */
const KIT_WORD = /^(?:trading|ticket|message|posting|travel|twitter|vehicle|math|file)$/;

/** Verbs of looking up: the rest of the name is what was looked up. */
const LOOKUP = new Set(['get', 'fetch', 'retrieve', 'query', 'lookup', 'view', 'display', 'show', 'read']);
/** Verbs a name may open with that say what the step did (the rest of the name is what it acted on). */
const VERBS = new Set(['add', 'book', 'buy', 'calculate', 'cancel', 'change', 'check', 'close', 'compute', 'convert', 'create', 'delete', 'edit', 'estimate', 'fill', 'find', 'follow', 'list', 'lock', 'log', 'make', 'mention', 'modify', 'open', 'pay', 'place', 'post', 'press', 'purchase', 'raise', 'register', 'release', 'remove', 'rename', 'reply', 'request', 'reserve', 'reset', 'resolve', 'search', 'sell', 'send', 'set', 'share', 'start', 'stop', 'submit', 'toggle', 'turn', 'unlock', 'update', 'upload', 'verify', 'activate', 'adjust', 'display', 'contact', 'notify', 'translate', 'transfer', 'withdraw', 'deposit', 'sort', 'count', 'compare', 'generate', 'save', 'load', 'play', 'pause', 'record', 'write', 'round', 'filter', 'unfollow', 'multiply', 'divide', 'subtract', 'authenticate']);
const PREPOSITIONS = new Set(['to', 'from', 'in', 'into', 'on', 'with', 'for', 'of', 'by', 'at', 'based']);
/** Arguments that name no subject a person would say: credentials, flags, sizes. */
const NOT_A_SUBJECT = /token|password|secret|api_?key|auth|card|limit|count|num|page|radius|days|unread|theme|mode|class/i;

/** The one short argument a step is about, as a phrase: "for "Los Angeles, California"", "for order 12446". */
function subjectOf(args: Step['args'], titles?: ReadonlyMap<string, string>): string | undefined {
  if (!isPlainObject(args)) return undefined;
  const named = Object.entries(args).filter(([k, v]) => !NOT_A_SUBJECT.test(k) && ((typeof v === 'string' && v.trim() !== '' && v.length <= 60) || typeof v === 'number'));
  if (named.length !== 1) return undefined;
  const [key, value] = named[0];
  const id = /^([a-z]+)_?id$/i.exec(key)?.[1];
  // A film an earlier call named: by its title ("the details of "A Year of Action""), not "movie 137599" (answer_id_for_title).
  const title = id && /^(?:movie|film)$/i.test(id) ? titles?.get(String(value)) : undefined;
  if (title) return q(title);
  if (id && id.toLowerCase() !== 'q') return `${id.toLowerCase()} ${typeof value === 'number' ? value : q(value)}`;
  return typeof value === 'number' ? undefined : q(value);
}

/** What the failed step was for, as a base-form verb phrase in the user's terms: "book the flight", "get the coordinates for "Manaus"". */
export function taskOf(step: Pick<Step, 'name' | 'args'>, titles?: ReadonlyMap<string, string>): string {
  const dot = step.name.indexOf('.');
  const kit = dot > 0 ? step.name.slice(0, dot) : '';
  const api = apiOf(step.name);
  // The article a citation is for, by the title a listing gave its id: "get the citation for "Quantum computing: a review"".
  const article = api === 'get_citation_format' ? titles?.get(String(arg(step.args, /^q$/) ?? '')) : undefined;
  if (article) return `get the citation for ${q(article)}`;
  const special = TASKS[api]?.(step.args, kit);
  // A film an earlier call named: by its title ("get the details of "The Godfather""), not "movie 238" (answer_id_for_title).
  if (special) return special.replace(/\bmovie (\d+)\b/, (m, id: string) => (titles?.has(id) ? q(titles.get(id)) : m));
  const words = api.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split('_').filter(Boolean).map((w) => (w === 'curr' ? 'current' : w === 'info' ? 'details' : w === 'daliy' ? 'daily' : w));
  while (words.length > 1 && KIT_WORD.test(words[0])) words.shift();
  const service = SERVICE[kit] ?? (kit ? `the ${kit.replace(/API$|Bot$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()} service` : 'the service');
  if (words.length === 1 && NOUN_ACTS[words[0]]) return NOUN_ACTS[words[0]](service);
  const [verb, ...rest] = words;
  const subject = subjectOf(step.args, titles);
  // A maths function named by what it yields ("absolute_value", "logarithm"): work it out.
  if (kit === 'MathAPI' && !VERBS.has(verb)) return `work out the ${words.join(' ')}`;
  // Qualifiers of how the call is keyed ("based on city", "by id", "with time") are said by its subject.
  const cut = rest.findIndex((w, i) => i > 0 && PREPOSITIONS.has(w));
  const thing = (cut > 0 ? rest.slice(0, cut) : rest).join(' ');
  const toolkit = kit.replace(/API$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  if (!verb) return 'finish that step';
  if (LOOKUP.has(verb) || (!VERBS.has(verb) && rest.length === 0)) {
    const what = (thing || verb).replace(/\bdetail$/, 'details');
    // "get the details of order 12446", not "the order details of order 12446".
    // A stock's by its kind first ("get the details of the stock "ZETA""): said short, it stays "the details of the stock",
    // never the symbol only a look-up handed on (answer_means_told) nor "the details" of nothing (answer_details_of_nothing).
    const stock = isPlainObject(step.args) && Object.keys(step.args).some((k) => /^(?:symbol|ticker|stock_?symbol)$/i.test(k));
    if (subject && /details$/.test(what)) return `get the details of ${stock ? 'the stock ' : ''}${subject}`;
    return `get the ${what}${subject ? ` for ${subject}` : ''}`;
  }
  if (!VERBS.has(verb)) return `get the ${words.join(' ')}${subject ? ` for ${subject}` : ''}`;
  if (rest.length === 0) return `${verb} ${toolkit ? `the ${toolkit.split(' ').pop()}` : 'it'}${subject ? ` ${subject}` : ''}`;
  // "add to watchlist" -> "add "QUAS" to the watchlist"; "remove stock from watchlist" -> "remove "NVDA" from the watchlist".
  const out: string[] = [verb];
  let i = 0;
  const objectWords: string[] = [];
  while (i < rest.length && !PREPOSITIONS.has(rest[i])) objectWords.push(rest[i++]);
  const object = objectWords.join(' ');
  const idOf = object && isPlainObject(step.args) ? step.args[`${objectWords[objectWords.length - 1]}_id`] : undefined;
  if (idOf !== undefined && (typeof idOf === 'number' || typeof idOf === 'string') && String(idOf).length <= 20) out.push(`${object} ${typeof idOf === 'number' ? idOf : q(idOf)}`);
  else if (subject && (!object || /^(?:stock|item|symbol|ticker)$/.test(object))) out.push(subject);
  else out.push(`the ${object}`);
  while (i < rest.length) {
    const prep = rest[i++];
    const obj: string[] = [];
    while (i < rest.length && !PREPOSITIONS.has(rest[i])) obj.push(rest[i++]);
    if (obj.length && prep !== 'based' && prep !== 'by' && prep !== 'with') out.push(`${prep} the ${obj.join(' ')}`);
  }
  const phrase = out.join(' ');
  return subject && !phrase.includes(subject) && !/ to | from /.test(phrase) && /^(?:set|fill|check|estimate|calculate|compute|convert|verify|search|find|list|count)$/.test(verb) ? `${phrase} for ${subject}` : phrase;
}

/**
 * The task said short, for the question after the sentence that said it whole: its quoted values,
 * ids and times dropped ("cancel order 12446" -> "cancel the order", "get the stock bars for "TSLA"
 * from 2023-09-17 to 2023-10-17" -> "get the stock bars").
 */
export function shortTask(task: string): string {
  const short = task
    .replace(/(\bthe (?:[a-z]+ )?)?\b(order|ticket|tweet|movie|booking|room|article|property) (?:\d+|"[^"]*")/g, (_, the: string | undefined, noun: string) => `${the ?? 'the '}${noun}`)
    .replace(/\s+(?:for|of|near|named|from|to|with|on|in|at|into|about|under|by)\s+(?:"[^"]*"|\d[\d.:,-]*(?:\s+(?:shares|[A-Z]{3}))?)(?:\s+(?:to|and)\s+(?:"[^"]*"|[\d:.-]+))?/g, '')
    .replace(/\s+"[^"]*"/g, '')
    .replace(/\s+\S+@\S+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // "add "QUAS" to the watchlist" keeps what it adds: "add to the watchlist" says nothing of it.
  // Never one ending on a preposition whose object went ("count the words in").
  // Nor "get the details" of nothing ("Getting the details came through": of what? answer_details_of_nothing, h-envbase26):
  // the details keep whose they are ("get the details of "OMEG"", or of the stock when nothing shown names it).
  // A write said short by where it writes: "retry writing to "annual_report.txt"", never the text it writes again in the question.
  const written = /^write (?:"(?:[^"\\]|\\.)*"|the [a-z' ]+) to ("(?:[^"\\]|\\.)*")$/.exec(task);
  if (written) return `write to ${written[1]}`;
  // A nearby search keeps what it searches for ("searching for "movie theater" nearby worked"), never a bare
  // "search nearby" that names nothing found or sought (answer_search_told_bare); where it searches may go.
  // A search near a place keeps the whole task, as before: its place is what tasksCounted counts ("near the three places").
  if (/^search for (?:"(?:[^"\\]|\\.)*"|[a-z]+) nearby$/.test(task)) return task;
  const whose = /\bthe details (of "[^"]*")/.exec(task)?.[1];
  if (whose && /\bthe details$/.test(short)) return `${short} ${whose}`;
  return short.split(' ').length >= 2 && !/^[a-z]+ (?:to|from|into|on|for)\b/.test(short) && !/\b(?:to|from|into|on|for|in|at|of|with|by|about|under|near)$/.test(short) ? short : task;
}

/** "book the flight" -> "booking the flight": the verb's -ing form. */
export function gerund(phrase: string): string {
  return phrase.replace(/^([a-z]+)/, (v) => {
    if (/^(?:set|get|put|run|stop|plan|ship|submit|drop|log|tag|pin|cut|cancel|label)$/.test(v)) return `${v}${v.slice(-1)}ing`;
    if (/[^e]e$/.test(v) && v !== 'see') return `${v.slice(0, -1)}ing`;
    return `${v}ing`;
  });
}

const plural = (n: string, unit: string) => `${n} ${unit}${n === '1' ? '' : 's'}`;

/**
 * Why the call failed, as a clause a person would write, keeping what an expert needs (the HTTP
 * status, "connection refused", how long it waited, how long it asks to wait) and never changing
 * the kind of failure, in the past as the frames around it are: "the service was temporarily unavailable (HTTP 503 Service Unavailable) and
 * asked me to wait 30 seconds before trying again".
 */
export function causeOf(raw: string, api = ''): string {
  // A captured client failure wrapped as {'text': "…"}: the text itself.
  const wrapped = /^\s*\{\s*'text'\s*:\s*"(.*)"\s*\}\s*$/s.exec(raw)?.[1];
  const error = (wrapped ?? raw).trim();
  const self = api ? new RegExp(`\\b(?:[A-Za-z]+\\.)?${escapeRegExp(api)}\\b`, 'g') : undefined;
  const status = /^HTTP\s+(\d{3})\s+([A-Za-z][A-Za-z -]*?)\s*(?:\n|$|\{)/.exec(error);
  const retry = /Retry-After:\s*(\d+)/i.exec(error)?.[1];
  const waitFor = retry ? rngFree([` and asked me to wait ${plural(retry, 'second')} before trying again`, `, with a request to retry after ${plural(retry, 'second')}`], retry) : '';
  if (status) {
    const code = `HTTP ${status[1]} ${status[2].trim()}`;
    const body = parseToolResponse(error.slice(error.indexOf('{')));
    const inner = isPlainObject(body) ? (isPlainObject(body.error) ? body.error : body) : {};
    const message = [inner.message, inner.detail, inner.error_description].find((m): m is string => typeof m === 'string') ?? '';
    const reset = /(?:resets? in|replenished in)\s+([\d:]+(?: ?s(?:econds?)?)?)/i.exec(message)?.[1];
    const perMinute = /per minute|per-minute/i.test(message) ? 'per-minute ' : '';
    let clause: string;
    const resets = /resets? in/i.test(message) ? 'resets' : 'is replenished';
    if (/quota/i.test(message)) clause = `the ${perMinute}${/call volume/i.test(message) ? 'call' : 'query'} quota ran out (${code})${reset ? ` and ${resets} in ${reset.replace(/ ?s$/, ' s')}` : ''}`;
    else if (/rate limit/i.test(message)) {
      const allowed = /(\d+ requests? per (?:second|minute|hour|day))/i.exec(message)?.[1];
      clause = `it hit the rate limit${allowed ? ` of ${allowed}` : ''} (${code})`;
    } else if (/token .*could not be verified/i.test(message)) clause = `the access token could not be verified just then (${code})`;
    else if (/permission check .*could not be completed/i.test(message)) clause = `the permission check could not be completed, as the authorization service did not respond (${code})`;
    else if (status[1] === '500') clause = `the service ran into an internal error (${code})`;
    else if (status[1] === '502') clause = `the server behind the gateway sent back an invalid answer (${code})`;
    else if (status[1] === '503') clause = `the service was temporarily unavailable (${code})`;
    else if (status[1] === '504') clause = `the service did not answer in time (${code})`;
    else if (status[1] === '429') clause = `too many requests went out and it hit a limit (${code})`;
    // A key rotated mid-request is no refusal of rights: the message says so, and that a retry goes through (answer_failure_cause_generic).
    else if (/signed with a key that was rotated while it was in flight/i.test(message)) clause = `the key the request was signed with was rotated while it was in flight (${code})`;
    else if (status[1] === '401' || status[1] === '403') clause = `access was refused (${code})`;
    else {
      const plain = message.replace(self ?? /$^/, 'it').replace(/\.$/, '');
      clause = `it failed with ${code}${plain && plain.length <= 120 ? ` ("${plain}")` : ''}`;
    }
    // A wait the message already gives ("resets in 14 s" with Retry-After: 14) is said once.
    return `${clause}${reset && retry && reset.startsWith(retry) ? '' : waitFor}`;
  }
  // An error given as a JSON body ({"error": {"code": 403, "status": "QUOTA_EXCEEDED", "message": …}}): its kind in words, with its codes.
  const body = /^\s*\{/.test(error) && !wrapped ? parseToolResponse(error) : undefined;
  if (isPlainObject(body)) {
    const inner = isPlainObject(body.error) ? body.error : body;
    const codes = [inner.code, inner.status, body.infocode].filter((c) => typeof c === 'string' || typeof c === 'number').map(String).filter((c) => c !== '0');
    const kind = classifyEnvironmentMessage(error)?.kind;
    const said = codes.length ? ` (${codes.join(' ')})` : '';
    // A message that says what happened is told (MESSAGE_SAYS), never only the kind: a token that lapsed mid-request is no refusal of rights (answer_failure_cause_generic).
    const message = typeof inner.message === 'string' ? inner.message : '';
    for (const [re, say] of MESSAGE_SAYS) {
      const m = re.exec(message);
      if (m) return `${say(m)}${said}`;
    }
    const daily = /\bdaily\b/i.test(error) && kind === 'quota_exceeded' ? 'daily ' : '';
    if (kind) return `${KIND_SAYS[kind].replace('the quota', `the ${daily}quota`)}${said}`;
  }
  const seconds = (n: string) => plural(n, 'second');
  const rules: [RegExp, (m: RegExpExecArray) => string][] = [
    [/(\d{3}) Client Error: Too Many Requests.*?x-ratelimit-reset:\s*(\d+)/i, (m) => `it hit the rate limit (${m[1]} Too Many Requests), which resets in ${seconds(m[2])}`],
    [/tunnel connection .*failed:?\s*(\d{3} [A-Za-z ]+)?/i, (m) => `the proxy's tunnel connection failed${m[1] ? ` (${m[1].trim()})` : ''}`],
    [/Connection refused:? the worker for \S+ was restarting/i, () => 'the worker handling it was restarting and would not take the call (connection refused)'],
    [/Transport endpoint is not connected/i, () => 'the network share holding the files was not connected (transport endpoint is not connected)'],
    [/Host is down/i, () => 'the server of the network share did not answer (host is down)'],
    // A local throttle under other programs' load (env-wording-10), told in the past: "it was throttled while other programs kept the disk busy".
    [/throttled(?: \(EAGAIN\))?:? (while other programs[^;]*|every slot the [\w ]+ runs at once is held by other programs' calls)/i, (m) => `it was throttled${m[1].startsWith('while') ? ' ' : ': '}${m[1].replace(/ is held by /, ' was held by ')}`],
    [/throttled after too many operations in the last second \(limit (\d+)\)/i, (m) => `it was throttled after too many operations in the last second (limit ${m[1]})`],
    [/Permission denied while running \S+: the session's credentials expired and are being renewed/i, () => "permission was denied while the session's credentials were being renewed"],
    [/Connection refused:? the local service behind \S+ is not running/i, () => 'the local service behind it was not running (connection refused)'],
    [/Max retries exceeded.*Connection refused/i, () => 'the service would not take the connection, even after several retries (connection refused)'],
    [/Connection refused/i, () => 'the service would not take the connection (connection refused)'],
    [/Connection reset by peer|Connection aborted/i, () => 'the connection was reset by the server (connection reset by peer)'],
    [/Broken pipe.*the connection to the (\w+) dropped/i, (m) => `the connection to the ${m[1]} dropped (broken pipe)`],
    [/Broken pipe.*the worker running \S+ exited before answering/i, () => 'the worker handling it exited before answering (broken pipe)'],
    [/Broken pipe/i, () => 'the connection broke off (broken pipe)'],
    [/ConnectTimeoutError\('Connection timed out\. \(connect timeout=(\d+)\)/i, (m) => `the connection to the service timed out after ${seconds(m[1])}, before the request was sent`],
    [/HTTPSConnectionPool\(host='([^']+)'.*Read timed out\. \(read timeout=(\d+)\)/i, (m) => `the request to ${m[1]} timed out after ${seconds(m[2])}`],
    [/timed out \(read timeout=(\d+)\)/i, (m) => `the request timed out after ${seconds(m[1])}`],
    [/Request to \S+ timed out after (\d+) seconds?/i, (m) => `the request timed out after ${seconds(m[1])}`],
    [/Operation timed out after (\d+) s\b/i, (m) => `the operation timed out after ${m[1]} s`],
    [/timed out after (\d+ ?ms) waiting for the device to acknowledge/i, (m) => `it timed out after ${m[1]} waiting for the device to acknowledge`],
    [/timed out waiting for the lock on the device/i, () => 'it timed out waiting for the lock on the device'],
    // Told in the past, as the frame around it is: the lock was held then (answer_tense_slip).
    [/timed out after (\d+ ?m?s) waiting for a lock another operation holds on the (\w+)/i, (m) => `the operation timed out after ${m[1]} waiting for a lock another operation held on the ${m[2]}`],
    [/device not ready;? the controller did not respond/i, () => 'the controller did not respond (device not ready)'],
    [/device not ready/i, () => 'the device did not respond (device not ready)'],
    [/I\/O error \(EIO\) (reading from|writing to) the (device|disk)/i, (m) => `there was an I/O error ${m[1].toLowerCase()} the ${m[2].toLowerCase()}`],
    [/internal fault in the ([a-z]+(?: [a-z]+)?) \(I\/O error\);? the operation was aborted/i, (m) => `an internal fault in the ${m[1]} aborted the operation (I/O error)`],
    [/Input\/output error opening the (file|device) for \S+;? nothing was written/i, (m) => `there was an input/output error opening the ${m[1]}, before anything was written`],
    [/Input\/output error/i, () => 'there was an input/output error on the device'],
    [/the device is not connected/i, () => 'the device was not connected'],
    [/Device or resource busy/i, () => 'the device was in use (device or resource busy)'],
    [/Resource temporarily unavailable while running \S+: too many calls at once \(limit (\d+)\)/i, (m) => `too many calls were running at once (limit ${m[1]}; resource temporarily unavailable)`],
    [/resource temporarily unavailable(?: \(EAGAIN\))?;? (\d+) calls are already running/i, (m) => `it was overloaded, with ${m[1]} calls already running (resource temporarily unavailable)`],
    [/resource temporarily unavailable(?: \(EAGAIN\))?;? another operation holds the lock/i, () => 'another operation was holding the lock on it (resource temporarily unavailable)'],
    [/access denied \(EACCES\) while the privilege check was pending/i, () => 'the policy service did not answer the privilege check, so access was refused (access denied)'],
    [/Permission denied while starting the worker.*credentials were being renewed/i, () => 'permission was denied while the worker started, as its credentials were being renewed'],
    [/Permission denied.*another process \(pid (\d+)\) holds it open/i, (m) => `another process (pid ${m[1]}) was holding it open (permission denied)`],
    [/worker process crashed with an internal error;? try again later/i, () => 'the worker process crashed with an internal error and asked to try again later'],
    [/internal error \(exit status (\d+)\) in the worker;? try again later/i, (m) => `the worker hit an internal error (exit status ${m[1]}) and asked to try again later`],
  ];
  for (const [re, say] of rules) {
    const m = re.exec(error);
    if (m) return say(m);
  }
  // Anything else: its message with the exception's class, its errno and the API's own name taken out.
  const plain = error
    .replace(/^(?:[A-Za-z.]*(?:Error|Exception|Timeout)|\w+ failed):\s*/, '')
    .replace(/\[Errno \d+\]\s*/g, '')
    // Only the function's name: "while running get_curr_time: too many calls" keeps its colon.
    .replace(/\s+while (?:running|calling) [^\s:;,]+/g, '')
    // "Monthly quota exceeded for Weather.get_weather_today": the message without the function it names.
    .replace(api ? new RegExp(`\\s+(?:for|of|in|by|to|behind)\\s+(?:[A-Za-z]+\\.)?${escapeRegExp(api)}\\b`, 'g') : /$^/, '')
    .replace(self ?? /$^/, 'it')
    .replace(/\s+/g, ' ')
    .replace(/[.\s]+$/, '')
    .trim();
  // A clause of its own is told in the past, as the frames around it are (answer_tense_slip): "the disk is full" -> "the disk was full".
  const past = (t: string) => t.replace(/^((?:[A-Za-z'-]+ ){0,4}?)(is|are)\b/, (_m, pre: string, v: string) => `${pre}${v === 'is' ? 'was' : 'were'}`);
  if (plain && plain.length <= 160 && !/[{}[\]<>]|\w\(|\w_\w/.test(plain)) return /^(?:the|it|there|a|an|[a-z]+ (?:is|was|were|are|did|could))\b/i.test(plain) ? past(plain.charAt(0).toLowerCase() + plain.slice(1)) : `it reported "${plain}"`;
  const kind = classifyEnvironmentMessage(error)?.kind;
  return kind ? KIND_SAYS[kind] : `it reported an error it did not explain (${plain.split(/\s+/).slice(0, 12).join(' ')}${plain.split(/\s+/).length > 12 ? ' and more' : ''})`;
}

/**
 * An error body's message in plain words that keep its kind, so no failure is told by its kind alone
 * when its message says what happened ("permission was denied" for a token that lapsed mid-request:
 * answer_failure_cause_generic). The API's own name is matched loosely: the clause says "it".
 */
const MESSAGE_SAYS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/access token\b.*\bexpired while the request was in flight/i, () => 'the access token expired while the request was in flight'],
  [/^Too many requests to \S+;? retry in (\d+) ?s\b/i, (m) => `too many requests went out, and it asked me to retry in ${m[1]} s`],
  [/^Too many requests per (second|minute) to \S+/i, (m) => `too many requests per ${m[1]} went out`],
  [/^\S+ is called too often;? slow down/i, () => 'it was called too often and asked me to slow down'],
  [/^The engine behind \S+ returned no usable data/i, () => 'the engine behind it returned no usable data, an internal server error'],
  [/^\S+ failed on the server;? try again later/i, () => 'it failed on the server, which asked me to try again later'],
];

/** A failure of a known kind, in words that keep its kind (classifyEnvironmentMessage reads them as the error). */
const KIND_SAYS: Record<string, string> = { timeout: 'the request timed out', rate_limit: 'it hit a rate limit', quota_exceeded: 'the quota ran out', permission_denied: 'permission was denied', connection_error: 'a connection error stopped it', server_error: 'the service reported an internal server error' };

/** One wording of a cause's wait, chosen by the wait itself so the same error reads the same wherever it is told. */
function rngFree<T>(options: T[], key: string): T {
  let h = 0;
  for (const c of key) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return options[h % options.length];
}

const cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/**
 * The sentence that reports a failed step: what could not be done in the user's words, and why in
 * brief plain words. Many frames, so no one of them carries the failures (answer_failure_frame_top_share).
 */
type FailedFrame = (task: string, doing: string, cause: string) => string;
const CAUSE_SO: FailedFrame = (t, _g, c) => `${cap(c)}, so I couldn't ${t}.`;
const CAUSE_SINCE: FailedFrame = (t, _g, c) => `Since ${c}, I could not ${t}.`;
const WHEN_TRIED: FailedFrame = (t, _g, c) => `When I tried to ${t}, ${c}.`;
/** The frames that say the cause before the task. */
const CAUSE_FIRST = new Set([CAUSE_SO, CAUSE_SINCE]);

const FAILED: FailedFrame[] = [
  (t, _g, c) => `I couldn't ${t}: ${c}.`,
  (t, _g, c) => `I wasn't able to ${t}, because ${c}.`,
  (t, _g, c) => `I tried to ${t}, but ${c}.`,
  CAUSE_SO,
  (_t, g, c) => `${cap(g)} didn't work: ${c}.`,
  (t, _g, c) => `My attempt to ${t} failed, as ${c}.`,
  (_t, g, c) => `Unfortunately, ${g} failed; ${c}.`,
  (_t, g, c) => `${cap(g)} didn't go through because ${c}.`,
  WHEN_TRIED,
  (t, _g, c) => `I was unable to ${t}; ${c}.`,
  (_t, g, c) => `There was a problem with ${g}: ${c}.`,
  CAUSE_SINCE,
];

/** The sentence that reports a failed step (`_api` is how the rest of the answer names it; a failure is told by its task). */
export function failedSentence(s: Step, rng: Rng, _api: string, titles?: ReadonlyMap<string, string>): string {
  const task = taskOf(s, titles);
  const cause = causeOf(s.error ?? '', apiOf(s.name));
  const frame = rng.pick(FAILED);
  // A cause whose subject is "it" (the call: "it hit the rate limit", "it was throttled") never comes before its task:
  // "It was throttled …, so I couldn't start the engine." after "I logged in as USR001." has "it" ahead of anything it
  // could be but what came before (answer_failure_pronoun_unclear); "When I tried to start the engine, it was throttled …".
  const said = CAUSE_FIRST.has(frame) && /^it\b/.test(cause) ? WHEN_TRIED : frame;
  return said(task, gerund(task), cause);
}

/**
 * After a failure the user decides what comes next (CRITICTOOL's protocol: "report the error to the
 * user and ask the user for next action"): a question fitted to what failed, about the task in the
 * user's words, never a function's name. A limit or a quota resets later, access is the user's to
 * grant (unless the denial says it passes), anything else may work on another try.
 *
 * The way to leave the step is to stop, never to go on without it: an answer is written after a
 * failure only when nothing the request still holds can run without the failed call (or nothing is
 * left), so "or carry on without it?" offers what the assistant itself just found it cannot do
 * (answer_failure_offers_going_on).
 */
const NEXT_STEP: { when: RegExp; unless?: (error: string) => boolean; ask: [named: (doing: string, task: string) => string, bare: string][] }[] = [
  {
    // "QUOTA_EXCEEDED" and "USER_DAILY_QUERY_OVER_LIMIT" are limits too, whatever status code came with them.
    when: /\b429\b|rate.?limit|too many requests|quota|over.?limit|limit (?:exceeded|reached)|daily limit/i,
    ask: [
      [(g) => `Should I try ${g} again once the limit resets, or leave it there?`, 'Should I try again once the limit resets, or leave it there?'],
      [(g) => `Would you like me to retry ${g} later, or leave it for now?`, 'Would you like me to retry later, or leave it for now?'],
      [(_g, t) => `The limit should reset before long; do you want me to wait and then ${t}, or stop here?`, 'The limit should reset before long; do you want me to wait and then try again, or stop here?'],
      [(g) => `Do you want me to come back to ${g} after the limit resets, or leave it?`, 'Do you want me to come back to it after the limit resets, or leave it?'],
      [(_g, t) => `Shall I wait for the limit to reset and ${t} then, or drop it for now?`, 'Shall I wait for the limit to reset and try again then, or drop it for now?'],
    ],
  },
  {
    // A denial that says it passes (the authorization service did not answer, another process holds
    // the file open) is no access to grant: it takes another try, as any other failure.
    when: /\b(401|403|permission|denied|forbidden|unauthori[sz]ed|not allowed|EACCES|EPERM)\b/i,
    unless: saysItPasses,
    ask: [
      [(_g, t) => `Could you check that I have access to ${t}, or should I leave it there?`, 'Could you check that I have the access it needs, or should I leave it there?'],
      [(g) => `Do you want to grant access and have me try ${g} again, or leave it for now?`, 'Do you want to grant access and have me try again, or leave it for now?'],
      [(g) => `If you can sort out the permissions for ${g}, I can try again; or should I stop here?`, 'If you can sort out the permissions, I can try again; or should I stop here?'],
      [(_g, t) => `Is there an account with the access to ${t} that I should use, or shall we drop it?`, 'Is there an account with that access I should use, or shall we drop it?'],
    ],
  },
  {
    when: /./,
    ask: [
      [(g) => `Shall I try ${g} again in a moment, or leave it for now?`, 'Shall I try again in a moment, or leave it for now?'],
      [(g) => `Would you like me to try ${g} again, or leave it there?`, 'Would you like me to try again, or leave it there?'],
      [(g) => `Should I give ${g} another go, or stop here?`, 'Should I give it another go, or stop here?'],
      [(g) => `Do you want me to retry ${g}, or hold off for now?`, 'Do you want me to retry, or hold off for now?'],
      [(_g, t) => `Would you like me to try once more to ${t}, or shall we stop here?`, 'Would you like me to try once more, or shall we stop here?'],
      [(_g, t) => `Shall I ${t} later, or leave it?`, 'Shall I try again later, or leave it?'],
      [(g) => `Do you want me to have another go at ${g} later, or leave it for now?`, 'Do you want me to have another go later, or leave it for now?'],
      [(_g, t) => `Shall I make another attempt to ${t}, or set it aside?`, 'Shall I make another attempt, or set it aside?'],
      // Not "retry looking up the films now playing now" (answer_now_twice).
      [(g) => `Would you rather I retry ${g}${/\bnow\b/.test(g) ? '' : ' now'}, or hold off on it?`, 'Would you rather I retry now, or hold off on it?'],
      [(_g, t) => `Should I try again to ${t} in a little while, or leave it there?`, 'Should I try again in a little while, or leave it there?'],
      [(g) => `Is it worth another try at ${g}, or shall we leave it for now?`, 'Is it worth another try, or shall we leave it for now?'],
      [(g) => `Do you want another attempt at ${g}, or should I drop it?`, 'Do you want another attempt, or should I drop it?'],
      [(_g, t) => `Want me to ${t} again shortly, or hold off?`, 'Want me to try again shortly, or hold off?'],
      // Four more (answer-writer-119): with thirteen, "Shall I make another attempt to …, or set it aside?" closed 13
      // of 115 distinct failure answers (answer_failure_frame_top_share 0.113 against 0.12 on lead36 m12).
      [(_g, t) => `Would you like me to try again to ${t}, or is that enough for now?`, 'Would you like me to try again, or is that enough for now?'],
      [(g) => `Should I retry ${g} in a bit, or drop it?`, 'Should I retry in a bit, or drop it?'],
      [(_g, t) => `Do you want me to wait a moment and ${t} again, or leave it?`, 'Do you want me to wait a moment and try again, or leave it?'],
      [(g) => `Shall I have another go at ${g}, or leave it there?`, 'Shall I have another go, or leave it there?'],
    ],
  },
];

/**
 * Tasks that do one thing to parts of one thing said as one task: "getting the details of the movie" and "getting the
 * reviews of the movie" -> "getting the details and the reviews of the movie"; any other task stays as it is, in its place.
 */
export function tasksOnOneThing(tasks: readonly string[]): string[] {
  // Searches of one kind at one place said once too: "searching for "restaurant" and "landmark" near "Central Park"", never
  // "searching for "restaurant" near "Central Park" and searching for "landmark" near "Central Park"" (answer_name_said_again,
  // teval_query_305_0-env-k4), nearby ones too ("searching for "school" and "supermarket" nearby", teval_query_285_1-env-k4).
  return similarOnce(mergedOn(mergedOn(tasks, /^(\S+) (the [a-z]+(?: [a-z]+)?) (of .+)$/), /^(\S+(?: for)?) ("(?:[^"\\]|\\.)*") ((?:near|in|around|at|on) .+|nearby)$/));
}

/**
 * Films like the one an earlier task of the list named, said without it again: "getting the details of the movie and
 * finding similar films", never "… and finding films similar to the movie" (teval_query_478_1-env-k1).
 */
function similarOnce(tasks: string[]): string[] {
  return tasks.map((t, i) => {
    const m = /^(\S+) films similar to (.+)$/.exec(t);
    return m && tasks.slice(0, i).some((e) => e.endsWith(` ${m[2]}`)) ? `${m[1]} similar films` : t;
  });
}

/** Tasks whose three words-groups (`shape`, space-separated) differ only in the second said once, the seconds joined: "getting the details and the reviews of the movie". */
function mergedOn(tasks: readonly string[], shape: RegExp): string[] {
  const parts = tasks.map((t) => shape.exec(t));
  const out: string[] = [];
  const merged = new Set<number>();
  tasks.forEach((t, i) => {
    if (merged.has(i)) return;
    const p = parts[i];
    const same = p ? parts.flatMap((q, k) => (k > i && q && q[1] === p[1] && q[3] === p[3] ? [k] : [])) : [];
    if (!p || same.length === 0) return void out.push(t);
    for (const k of same) merged.add(k);
    out.push(`${p[1]} ${joinAnd([p[2], ...same.map((k) => parts[k]![2])])} ${p[3]}`);
  });
  return out;
}

/**
 * A task said as another of its kind: "adding another page with text and an image"; a plural one "again" ("listing the
 * files in the folder again", never "listing another files"). Undefined for a task with no "the" to turn.
 */
function anotherOf(t: string): string | undefined {
  if (!/\bthe\b/.test(t)) return undefined;
  const noun = /\bthe ([a-z]+)\b/.exec(t)?.[1];
  return noun && /[^su]s$/.test(noun) ? `${t} again` : t.replace(/\bthe\b/, 'another');
}

/**
 * What still waits on the failed step, said before the question: the request's later steps, which
 * could not run without it ("Cancelling the booking and posting the tweet need it first."), so the
 * user decides knowing what stopping leaves undone.
 */
function waitingSentence(all: Waiting[], rng: Rng, failedTask = '', shown?: string, request = '', failedNamed?: string): string {
  const titles = filmsAskedByTitle(all, request, failedTask);
  const waiting = shown === undefined ? all : all.map((w) => markUnshown(w, shown, titles));
  const needing = waiting.filter((w) => w.needsFailed);
  // The rest is held up too, but not by this failure (a film look-up by an id nothing gave): it is
  // said to be still to do, never to wait on the failed step (answer_failure_blames_unrelated).
  const rest = waiting.filter((w) => !w.needsFailed);
  // A later step told in the failed one's words is another of its kind: "adding another text page … is still
  // to do" after "adding the text page did not", never the failed step again as if untried (answer_opener_untried).
  // Not "another" before a plural ("listing another files in the folder"): the same task again.
  const another = (t: string) => (!failedTask || (t !== failedTask && t !== gerund(failedTask)) ? t : (anotherOf(t) ?? t));
  const allTasks = tasksCounted(needing, (t) => gerund(shortTask(t))).map(another);
  const bases = tasksCounted(needing, shortTask).map(another);
  // A step the request asks for only on a condition the failed step was to settle ("If it falls under 37.5 PSI,
  // perhaps we could swing by the nearest tire shop?") may never come: whether it does depends on it, never
  // "Without it I can't go on to find the nearest tire shop." (answer_conditional_as_planned, h-envbase26).
  const conditional = new Set(request && bases.length === allTasks.length ? allTasks.filter((t, i) => conditionalTask(request, t) || conditionalTask(request, bases[i])) : []);
  const tasks = allTasks.filter((t) => !conditional.has(t));
  const ifs = bases.filter((_b, i) => conditional.has(allTasks[i]));
  // A later step of the kind a waiting one is, not waiting itself, is another of that kind: "Adding the page with text and an image
  // waits on it. Still to do: getting another image, adding another page with text and an image …", never dropped as if told
  // (answer_failure_repeat_dropped, teval_query_431_2-env-k12).
  // Tasks of one verb on one thing still to do said once too: "Getting the details and the reviews of the movie is still to do"
  // (answer_waiting_tasks_unmerged, teval_query_297_0-env-k1).
  const others = tasksOnOneThing(tasksCounted(rest, (t) => gerund(shortTask(t))).map(another).map((t) => (allTasks.includes(t) ? (anotherOf(t) ?? `${t} again`) : t)));
  const out: string[] = [];
  if (tasks.length > 3) out.push(rng.pick(others.length ? ['Most of what follows needs it first.', 'Most of the rest depends on it.'] : ['The rest of the request needs it first.', 'Everything after it in the request depends on it.']));
  else if (tasks.length) {
    // Tasks of one verb on one thing said once: "Getting the details and the reviews of the movie waits on it.", never
    // "Getting the details of the movie and getting the reviews of the movie wait on it." (answer_waiting_tasks_unmerged).
    const said = tasksOnOneThing(tasks);
    const many = said.length > 1;
    out.push(rng.pick([`${cap(joinAnd(said))} ${many ? 'need' : 'needs'} it first.`, `${cap(joinAnd(said))} ${many ? 'wait' : 'waits'} on it.`, `Without it I can't go on to ${joinAnd(tasksOnOneThing(bases.filter((_b, i) => !conditional.has(allTasks[i]))))}.`]));
  }
  if (ifs.length) out.push(`Whether to ${joinAnd(ifs)} depends on it.`);
  if (others.length > 3 || (others.length && tasks.length > 3)) out.push(tasks.length ? '' : 'The rest of the request is still to do.');
  else if (others.length) out.push(rng.pick([`${cap(joinAnd(others))} ${others.length > 1 ? 'are' : 'is'} still to do.`, `Still to do: ${joinAnd(others)}.`]));
  const said = out.filter(Boolean);
  if (failedNamed && said.length) said[0] = failureNamed(said[0], failedNamed);
  return unmark(said.join(' '), shown, [...titles.values()]);
}

/**
 * A waiting sentence's "it" said as the failed task, for a sentence that does not come right after the failure's own:
 * after "The first-class flight from SFO to LAX on 25 December 2026 costs 2000 USD.", "Cancelling the booking waits
 * on it." reads as waiting on the flight's cost (answer_failure_it_far); "… waits on getting the booking details."
 */
export function failureNamed(sentence: string, failed: string): string {
  return sentence
    .replace(/^(.+) (need|needs) it first\.$/, (_m, what: string, v: string) => `${what} ${v === 'need' ? 'wait' : 'waits'} on ${failed}.`)
    .replace(/^(.+) (waits?) on it\.$/, `$1 $2 on ${failed}.`)
    .replace(/^Without it I can't go on to /, `Without ${failed}, I can't go on to `)
    .replace(/^Everything after it in the request depends on it\.$/, `Everything after ${failed} in the request depends on it.`)
    .replace(/^(?!Everything after )(.+) depends on it\.$/, `$1 depends on ${failed}.`);
}

/** Marks a string value nothing the case shows holds: its task then names the kind of thing, not the value. */
const UNSHOWN = '¤¤'; // printable: taskOf quotes a value with JSON.stringify, which escapes control characters
/** Marks a film's id whose title the request names, by its place among the titles: its task then names the film by title. */
const TITLED = '¦¦';

/**
 * A waiting step with every string argument the case never shows marked: "ZETA", the symbol only the
 * failed get_symbol_by_name would have told, or "tmp", the folder only the failed ls would have listed.
 * "Adding "ZETA" to the watchlist needs it first." states what no one has seen (bfcl_multi_turn_base_140-env-k1, h-env24).
 */
function markUnshown(w: Waiting, shown: string, titles: ReadonlyMap<string, string> = new Map()): Waiting {
  if (!isPlainObject(w.args)) return w;
  // A number too: the 980 miles only the failed estimate_distance would have given (bfcl_multi_turn_base_63-env-k9; answer_unsupported).
  const unshownNumber = (v: unknown) => typeof v === 'number' && !new RegExp(`(?<![\\d.])${String(v).replace('.', '\\.')}(?:\\.0+)?(?![\\d])`).test(shown);
  // A film the request names is marked to be said by its title (filmsAskedByTitle), by its place among the titles.
  const titled = [...titles.keys()];
  const args = Object.fromEntries(Object.entries(w.args).map(([k, v]) => [k, titles.has(String(v)) ? `${TITLED}${titled.indexOf(String(v))}` : (typeof v === 'string' && v.trim() !== '' && !shown.includes(v)) || unshownNumber(v) ? `${UNSHOWN}${k}` : v]));
  return { ...w, args, counted: w.args } as Waiting;
}

/**
 * The films waiting steps pass by id whose title the request quotes ('Inception'), id to title, so a task on one is said
 * by its title: "Getting the details and the reviews of "Inception" is still to do.", never "of the movie" of the one film
 * the user asked about by name (answer_film_left_unnamed, teval_query_297_0-env-k1). Not where the failed task named it
 * just before ("searching for the movie "Inception""): "the movie" after it is that film.
 */
function filmsAskedByTitle(all: Waiting[], request: string, failedTask: string): Map<string, string> {
  const asked = new Set(filmsQuotedIn(request).map((f) => f.title));
  const titles = new Map<string, string>();
  for (const w of all) {
    if (!isPlainObject(w.args)) continue;
    for (const [k, v] of Object.entries(w.args)) {
      const film = /^(?:movie|film)_?id$/i.test(k) ? filmById(v) : undefined;
      if (film && asked.has(film.title) && !failedTask.includes(film.title)) titles.set(String(v), film.title);
    }
  }
  return titles;
}

/** A marked value said by its kind: 'the folder "<tmp>"' → "the folder", '"<ZETA>"' (a stock) → "the stock". */
function unmark(text: string, shown = '', titles: readonly string[] = []): string {
  text = text.replace(new RegExp(`(?:\\b(?:the )?(?:movie|film) )?"?${TITLED}(\\d+)"?`, 'g'), (_m, i: string) => JSON.stringify(titles[Number(i)]));
  if (!text.includes(UNSHOWN)) return text;
  // A symbol or ticker is a stock's ("the details of the stock", not "of the symbol").
  // A copy's or a move's source is the file it takes ("Copying the file to "Archived_Quarter1""), never "the source", a parameter's name.
  const kind = (k: string) => (/^(?:symbol|ticker|stock_?symbol)$/i.test(k) ? 'stock' : /^(?:source|src)$/i.test(k) ? 'file' : k.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase());
  // A folder nothing shown names is said in the request's words where it gives them ("the temporary
  // directory"), so the answer still says the task as the user put it (answer_failure_task_unsaid: bfcl_multi_turn_base_26-env-k1).
  const asked = /\bthe ((?:(?!current\b|same\b|this\b|that\b|parent\b)[a-z]+ ){1,2})(directory|folder)\b/i.exec(shown.split('\n')[0] ?? '');
  if (asked) text = text.replace(new RegExp(`\\bthe folder "${UNSHOWN}(?:folder|dir_?name)"`, 'g'), `the ${asked[1]}${asked[2]}`);
  return text
    .replace(new RegExp(`\\b(the [a-z]+) "${UNSHOWN}[A-Za-z_]+"`, 'g'), '$1')
    // An id said after its noun ("cancel order <id>"): the thing by its noun alone.
    .replace(new RegExp(`\\b(?:the )?(order|movie|ticket|booking|room|article|tweet|message|property) ${UNSHOWN}[A-Za-z_]+`, 'g'), 'the $1')
    .replace(new RegExp(`"?${UNSHOWN}([A-Za-z_]+)"?`, 'g'), (_m, k: string) => `the ${kind(k)}`);
}

/** What a failure answer's reader has seen: the request, and every call made and what it returned. */
export function shownInAnswer(input: Pick<AnswerInput, 'request' | 'steps'>): string {
  return [input.request, ...input.steps.flatMap((s) => [JSON.stringify(s.args, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)), typeof s.args === 'string' ? s.args : '', s.response ?? ''])].join('\n');
}

/**
 * `before`: the sentence the question comes right after, where it is the only failure's. A question asking about
 * the task that sentence just told says it bare ("Shall I have another go, or leave it there?"), never in the
 * same words again (answer_failure_task_twice); after a sentence of what waits on it, the task is named.
 */
export function nextStepQuestion(step: Step, rng: Rng, _api: string, waiting: Waiting[] = [], shown?: string, request = '', before?: string): string {
  const error = step.error ?? '';
  const { ask } = NEXT_STEP.find((n) => n.when.test(error) && !n.unless?.(error))!;
  const task = shortTask(taskOf(step));
  const [named, bare] = rng.pick(ask);
  // A waiting sentence after a finding, not after the failure's own sentence, names the failed task; the question after it then asks bare.
  const far = before !== undefined && !tellsFailure(before);
  const waits = waitingSentence(waiting, rng, task, shown, request, far ? gerund(task) : undefined);
  const question = named(gerund(task), task);
  // Only where the sentence naming it comes right before: after "… are still to do.", "another try" would be at those.
  const asksBare = waits ? far && lastSentenceOf(waits) === waits : before !== undefined && taskSaidAgain(before, question) !== undefined;
  return [waits, asksBare ? bare : question].filter(Boolean).join(' ');
}
