/**
 * Words the injectors use to make errors a model would plausibly make: the names models invent
 * for tools, the synonyms they use for parameter keys, number words. Tables are small on purpose:
 * each entry is a confusion seen in tool-use logs (shell names spelled out, snake/camel case
 * swapped, get/fetch/retrieve), not a thesaurus.
 */

/** `text` matched literally inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Split an identifier into lower-case words: `getPropertyDetails`, `get_property_details` → get, property, details. */
export function words(identifier: string): string[] {
  let split = identifierWords.get(identifier);
  if (!split) {
    split = identifier
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
      .split(/[_\s-]+/)
      .filter(Boolean)
      .map((w) => w.toLowerCase());
    if (identifierWords.size >= 20_000) identifierWords.clear();
    identifierWords.set(identifier, split);
  }
  // A list of the caller's own.
  return split.slice();
}

/** words per identifier: the same few hundred tool and parameter names are split for every step of every case. */
const identifierWords = new Map<string, string[]>();

export type NameStyle = 'snake' | 'camel' | 'lower';

export function styleOf(identifier: string): NameStyle {
  if (identifier.includes('_')) return 'snake';
  if (/[a-z][A-Z]/.test(identifier)) return 'camel';
  return 'lower';
}

export function join(parts: string[], style: NameStyle): string {
  if (style === 'camel') return parts.map((p, i) => (i === 0 ? p : p[0].toUpperCase() + p.slice(1))).join('');
  return parts.join('_');
}

/** Spelled-out names for terse (shell-like) API names, as models write them. */
export const SPELLED_OUT: Record<string, string[]> = {
  ls: ['list_files', 'list_directory'],
  cd: ['change_directory', 'chdir'],
  mv: ['move_file', 'move'],
  cp: ['copy_file', 'copy'],
  rm: ['remove_file', 'delete_file'],
  rmdir: ['remove_directory', 'delete_directory'],
  mkdir: ['make_directory', 'create_directory', 'create_folder'],
  cat: ['read_file', 'view_file'],
  touch: ['create_file', 'new_file'],
  echo: ['write_file', 'write_to_file'],
  grep: ['search_file', 'search_in_file'],
  find: ['find_file', 'search_files'],
  wc: ['word_count', 'count_words'],
  sort: ['sort_file', 'sort_lines'],
  diff: ['compare_files', 'diff_files'],
  tail: ['tail_file', 'read_last_lines'],
  head: ['head_file', 'read_first_lines'],
  pwd: ['get_current_directory', 'current_directory'],
  du: ['disk_usage', 'get_disk_usage'],
  mean: ['calculate_mean', 'average'],
  add: ['add_numbers', 'sum'],
  sum_values: ['sum', 'add_values'],
  divide: ['division', 'divide_numbers'],
  multiply: ['multiplication', 'multiply_numbers'],
  subtract: ['subtraction', 'subtract_numbers'],
  power: ['exponent', 'pow'],
  logarithm: ['log', 'calculate_log'],
  square_root: ['sqrt', 'calculate_square_root'],
  percentage: ['calculate_percentage', 'percent'],
  round_number: ['round', 'round_value'],
  absolute_value: ['abs', 'get_absolute_value'],
  standard_deviation: ['std_dev', 'stdev'],
  min_value: ['minimum', 'get_min'],
  max_value: ['maximum', 'get_max'],
};

export const VERB_SYNONYMS: Record<string, string[]> = {
  get: ['fetch', 'retrieve', 'query'],
  fetch: ['get', 'retrieve'],
  retrieve: ['get', 'fetch'],
  search: ['find', 'lookup', 'query'],
  find: ['search', 'lookup'],
  list: ['get_all', 'show'],
  create: ['make', 'add', 'new'],
  add: ['create', 'insert'],
  delete: ['remove', 'cancel'],
  remove: ['delete'],
  send: ['post', 'deliver'],
  post: ['send', 'publish', 'create'],
  update: ['edit', 'modify', 'set'],
  set: ['update', 'change'],
  check: ['verify', 'get'],
  cancel: ['revoke', 'delete'],
  book: ['reserve', 'create'],
  compute: ['calculate', 'get'],
  calculate: ['compute', 'get'],
  print: ['show', 'get'],
  view: ['show', 'get'],
  display: ['show', 'print'],
  start: ['begin', 'launch'],
  activate: ['enable', 'turn_on'],
  lock: ['secure'],
  place: ['submit', 'create'],
  make: ['create', 'place'],
  contact: ['message', 'call'],
  estimate: ['calculate', 'compute'],
  convert: ['transform', 'change'],
  close: ['resolve', 'end'],
  edit: ['update', 'modify'],
  comment: ['reply', 'add_comment'],
  follow: ['subscribe'],
  login: ['sign_in', 'authenticate'],
  logout: ['sign_out'],
  authenticate: ['login', 'auth'],
  register: ['sign_up', 'create'],
  fill: ['refill', 'top_up'],
  display_car_status: ['get_car_status'],
};

export const NOUN_SYNONYMS: Record<string, string[]> = {
  details: ['info', 'information'],
  detail: ['info', 'details'],
  info: ['details', 'information'],
  information: ['info', 'details'],
  property: ['listing', 'home'],
  reviews: ['comments', 'ratings'],
  review: ['comment', 'rating'],
  tweet: ['post', 'status'],
  tweets: ['posts'],
  message: ['msg', 'text'],
  messages: ['msgs', 'inbox'],
  file: ['document'],
  files: ['documents'],
  directory: ['folder', 'dir'],
  folder: ['directory'],
  stock: ['share', 'equity'],
  ticker: ['symbol'],
  order: ['trade'],
  orders: ['trades'],
  price: ['quote', 'cost'],
  booking: ['reservation'],
  flight: ['trip'],
  ticket: ['issue', 'case'],
  user: ['account', 'profile'],
  weather: ['forecast'],
  article: ['paper'],
  movie: ['film'],
  film: ['movie'],
  distance: ['route_length'],
  route: ['directions'],
  coordinate: ['location', 'coordinates'],
  location: ['position', 'coordinates'],
  balance: ['funds'],
  account: ['profile'],
  status: ['state'],
  page: ['slide'],
  email: ['mail'],
  watchlist: ['watch_list', 'favorites'],
  transaction: ['payment'],
  budget: ['spending_limit'],
  time: ['datetime', 'clock'],
};

/** Verbs that start API names but have no synonym worth inventing: they are not nouns to put a verb before. */
export const OTHER_VERBS = new Set([
  'verify', 'retweet', 'press', 'release', 'unlock', 'mention', 'purchase', 'reply', 'resolve', 'toggle', 'adjust', 'turn',
  'stop', 'open', 'move', 'copy', 'sort', 'count', 'read', 'write', 'unfollow', 'invoice', 'refund', 'pay', 'transfer',
  'exchange', 'search', 'trade', 'buy', 'sell', 'notify', 'share', 'upload', 'download', 'translate', 'subscribe', 'generate',
  'divide', 'multiply', 'subtract', 'round', 'fill', 'estimate', 'display', 'list',
]);

/** Plausible wrong spellings of parameter keys (besides the snake/camel swap, which is automatic). */
export const KEY_SYNONYMS: Record<string, string[]> = {
  file_name: ['filename', 'file', 'name'],
  folder: ['directory', 'dir', 'folder_name', 'path'],
  dir_name: ['directory_name', 'folder_name', 'name'],
  source: ['src', 'source_file', 'from'],
  destination: ['dest', 'target', 'to'],
  pattern: ['search_term', 'keyword', 'query'],
  query: ['keyword', 'search_query', 'q'],
  keyword: ['query', 'keywords'],
  keywords: ['keyword', 'query'],
  place: ['location', 'city'],
  location: ['place', 'city', 'address'],
  address: ['location', 'addr'],
  start: ['origin', 'from'],
  end: ['destination', 'to'],
  origin: ['start', 'from'],
  origins: ['origin', 'start'],
  content: ['text', 'body', 'message'],
  message: ['text', 'content', 'msg'],
  title: ['subject', 'name'],
  body: ['content', 'text'],
  username: ['user', 'user_name', 'handle'],
  user_id: ['user', 'uid', 'userid'],
  receiver_id: ['recipient_id', 'to', 'receiver'],
  amount: ['quantity', 'value', 'sum'],
  quantity: ['amount', 'qty', 'count'],
  price: ['cost', 'amount'],
  symbol: ['ticker', 'stock'],
  stock: ['symbol', 'ticker'],
  ticker: ['symbol', 'stock_symbol'],
  date: ['day', 'on_date'],
  lines: ['num_lines', 'n', 'count'],
  numbers: ['values', 'nums', 'list'],
  number: ['value', 'num', 'x'],
  value: ['number', 'amount'],
  base: ['log_base'],
  precision: ['decimals', 'digits'],
  film_name: ['movie_name', 'title', 'name'],
  city: ['location', 'place'],
  propertyId: ['id', 'listing_id'],
  checkIn: ['check_in_date', 'start_date'],
  checkOut: ['check_out_date', 'end_date'],
  access_token: ['token', 'auth_token'],
  booking_id: ['reservation_id', 'id'],
  travel_from: ['from', 'origin'],
  travel_to: ['to', 'destination'],
  travel_date: ['date', 'departure_date'],
  card_id: ['credit_card_id', 'card'],
  ticket_id: ['id', 'issue_id'],
  order_id: ['id', 'trade_id'],
  search_term: ['query', 'keyword'],
  radius: ['distance', 'range'],
  days: ['num_days', 'day_count'],
  tags: ['hashtags', 'labels'],
  mentions: ['users', 'tagged_users'],
  tweet_id: ['id', 'post_id'],
  bullet_items: ['bullets', 'content', 'items'],
  image: ['image_path', 'picture'],
  theme: ['template', 'style'],
  abs_location: ['path', 'file_path', 'location'],
  file_name1: ['file1', 'first_file'],
  file_name2: ['file2', 'second_file'],
  new_name: ['name', 'rename_to'],
  doorLocation: ['door', 'doors'],
  lockState: ['state', 'lock'],
};

/** Undeclared keys models add out of habit, with a value of the shape they usually send. */
export const HABITUAL_EXTRA_KEYS: { key: string; value: unknown }[] = [
  { key: 'verbose', value: true },
  { key: 'limit', value: 10 },
  { key: 'format', value: 'json' },
  { key: 'language', value: 'en' },
  { key: 'recursive', value: true },
  { key: 'page', value: 1 },
  { key: 'timeout', value: 30 },
];

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** English words for 0–999 999 (how a model writes "20" when it spells numbers out). */
export function numberToWords(n: number): string | undefined {
  if (!Number.isInteger(n) || n < 0 || n > 999_999) return undefined;
  if (n < 20) return ONES[n];
  if (n < 100) return TENS[Math.floor(n / 10)] + (n % 10 ? `-${ONES[n % 10]}` : '');
  if (n < 1000) return `${ONES[Math.floor(n / 100)]} hundred` + (n % 100 ? ` ${numberToWords(n % 100)}` : '');
  return `${numberToWords(Math.floor(n / 1000))} thousand` + (n % 1000 ? ` ${numberToWords(n % 1000)}` : '');
}

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
