/**
 * The `noisy-query` role (paper Fig. 18): the user's query rewritten verbose and vague, with
 * irrelevant detail and typos, still stating the task without ambiguity. Whatever writes it, every
 * protected value (an argument value of the ground truth or of an earlier action that the query
 * states) must survive verbatim; verify re-checks that as an invariant.
 *
 * Offline rules: a few kinds of noise drawn per case from many (a reason for asking, a sentence
 * tied to the request's topic, filler and hedges, a restatement, a casual register, a note on the
 * typing, a word on whether the assistant can help, a personal aside, an interruption, a doubting
 * opener, a greeting, a sign-off), sometimes only typos; each sentence assembled from slots so
 * none recurs often, the parts agreeing with each other and with the case (see the grammar's
 * comment). Typos are 1–3 real misspellings from cspell's common-misspellings list or
 * keyboard-adjacent slips, in plain lower-case words that touch no protected span, no value-like
 * span (quotes, paths, numbers, names: see lookalikeSpans), no number word, ordinal or time word,
 * and no word of the task's argument values.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { RoleSpec } from '../../../pipeline/llm/types.js';
import type { Rng } from '../../../pipeline/rng.js';
import { missingValues, protectedSpans } from '../caseParts.js';
import { toJson } from '../../../pipeline/pyValues.js';
import { ABBREVIATION_END, unclosedQuote } from '../../../pipeline/quality/noiseShape.js';
import fg from 'fast-glob';
import { SOURCES_DIR } from '../../../sources/paths.js';

export interface NoisyQueryInput {
  query: string;
  /** Values that must appear verbatim in the rewrite. */
  protected: string[];
  /** Words of the task's argument values (any case): no typo goes into them. */
  avoid?: string[];
  /** Whether the user spoke earlier in the conversation. */
  followUp?: boolean;
  /** Whether the only earlier turns are an unrelated conversation (a café order): a new ask, not the task's next step. */
  afterChat?: boolean;
}

export const NoisyQueryOutput = z.object({ query: z.string().min(1) });
export type NoisyQueryOutput = z.infer<typeof NoisyQueryOutput>;

export const NOISY_RULES_VERSION = 'noisy-query-46'; // 46 (lead36): the turn to a new ask after a café talk said more ways ("On a different note:" opened 9 of 1,000 noisy queries, noise_sentence_top_share 0.009 against 0.01 on m15). 45 (h-lead34): a reason opened with "So" never ends ", so go easy on me" (4/1,000 said "so" twice); a car's or a room's temperature ("the AC temperature") is no weather topic ("Main thing is the car stuff and the weather", bfcl_multi_turn_base_81~mixed). 44 (h-lead33): no slip in a word that says which end of a trip or span is which ("from", "into", "between", "until"…: "frok the first hotel" left teval_query_266_0's route undecided, value_error_swap_undecided). 43 (int32): a reason for asking never opens "Long story short,", a summing-up's opener (noise_summary_narrows 1/763 on m6, teval_query_413_0). 42: (a reason for asking stands in for a summary the request's parts do not allow) a summary by subjects ("Basically, it's the location stuff I'm asking about.") only where every sentence of the request names one of them: "Plan an event at '123 Main St' … Create a presentation …" summed up as its location says the request is about less than it is (noise_summary_narrows, new, 115/790 on g0 -> see README, teval_query_313_2-parameters_value_error-k8-recorded-teval-review_238-cot~mixed). 41: a draw whose kinds came to no sentence of substance (typos only beyond the 8% meant so: a reason skipped beside the request's own, no time-free line, a casual edit or a greeting too short to count) or to the old skeleton's parts only (a doubting opener, a relative's call, a self-check) adds a sentence of what the request is about from the subjects it names (restate, else a context line): noise_frame_top_share 0.159 ("typos only") -> 0.128 ("other"), noise_skeleton_share 0.195 -> 0.101, g0 -> h-evol31 b2. 40: a request giving its reason as "I'm doing a study on trendy films" gets no reason of the noise's beside it ("Bit of background: we're planning a movie night"; noise_reason_beside_own 1/303 on int30's m1, teval_query_475_2-control-k1~mixed). 39: h-lead30's 38 and h-evol30's 38 merged. 38: a "search engine" is no car ("So yeah, the articles and the car stuff, please." after a Google Scholar request: noise_aside_foreign widened, 1/1,000 on b3, teval_query_225_2-tool_hallucination_error-k4-cot~noisy_query); an aside goes between two sentences of the request only where the second does not point back at the first, by its first word or a phrase leading into it ("Among them, …"; "… fuel tank is running low. I'm doing too many things at once right now haha. It would be great if you could top it up": noise_aside_splits_reference, new, 6/1,000 on g0, bfcl_multi_turn_base_75-parameters_key_error-k1-cot~mixed); a request that gives its own reason ("I'm working on a research project about …", "As an event organizer, I'm planning a conference …") gets no second reason from the noise, nor a topic context line that gives one ("I'm trying to get up to speed before a meeting") ("Honestly, I'm researching a subject for a project." echoed it, "I'm trying to get my finances in order" contradicted it; noise_reason_beside_own, new, 39/274 on g0, teval_query_163_1-control-k6-cot~noisy_query 38 (h-lead30): the noise is drawn again while it says a two-word phrase twice, short nouns too ("the car has been making me a little nervous … Main thing is the car stuff.", bfcl_multi_turn_base_54-parameters_key_error-k1~noisy_query on l3: noise_repeats_itself 1/1,000). 37: a typo never lands on a word of the vendored sources' own text either ("rate" -> "rare": noise_typo_real_word 1/1,000 on int29's m3, bfcl_multi_turn_base_136-tool_hallucination_error-k2~noisy_query). 36: no typo that spells another real word ("ensure" -> "endure", "tire" -> "tore", "stock" -> "stick"; noise_typo_real_word, new, 5/1,000 on g0). 35: the noise is drawn again while it says a word of its own or a plea for pardon twice ("… - anyway. … but anyway.", "long story short" in two sentences, "Forgive me, …, so forgive me if this is scattered.", "Apologies for the typos … sorry for going on"; noise_repeats_itself, new, 30/1,000 on g0); an interruption that "will not stop" is never "on and off" or "every few minutes" (noise_grammar_slip widened, 3/1,000 on g0). 34: a request that says when (a day, a date, a clock time) gets no other day or time from a reason, context or personal aside ("the team need somewhere to sit down together today" before "10:00 AM to 12:00 PM tomorrow"; noise_time_beside_request_time, new, 14/219 on g0). 33: the lead's 32 and h-evol25's 32 merged (lead: ", so I am finally asking" / "so this is overdue" only after a reason that says the ask was put off; no maths aside for a field named "average temperature" or a route to "calculate" (noise_aside_foreign, widened: teval_query_314_1 "So yeah, it's the distance, the weather and the maths I'm asking about."). h-evol25: a doubting opener ends on "covers everything", not "covers it" with nothing yet named for "it" (noise_pronoun_unbound 10/1,000 on f52).) 31: no typos in two neighbouring words (noise_typos_adjacent). 30: the lead's 29 and h-thoughts12's 29 merged. Earlier versions: docs/method-versions.md.

/**
 * What real users add to a request, as separate kinds (any case gets a few of them, often just one,
 * sometimes only typos): a lead-in saying why they need it, a sentence of context tied to the
 * request's own topic, filler and hedges, a restatement, a casual register, a note on their typing,
 * a word on whether the assistant can do it, a personal aside, an interruption, a doubting opener,
 * a greeting and a sign-off. Each sentence is put together from short slots so none recurs often,
 * and the parts of one case agree: one part of the day for every time said (a "Good morning" never
 * meets "this evening"), visits only from people who visit, a trade only about its trade, an
 * appliance only at home and only now, "again" only where the user spoke before, a claim to have
 * checked the message only where it holds no typo. No sentence holds a number, a name or a value,
 * so none can change what is asked.
 */
type Part = 'morning' | 'afternoon' | 'evening' | 'any';

/** Topics a request can be about, recognised by its words, with what a person says about each. */
const TOPICS: { re: RegExp; noun: string[]; why: string[]; context: string[]; fallback?: boolean }[] = [
  {
    re: /\b(?:files?|folders?|director(?:y|ies)|documents?|workspace|txt|pdf|csv|report)\b/i,
    noun: ['the files', 'my folders', 'the file stuff', 'the documents'],
    why: ["I'm {tidying up|sorting out|cleaning up|reorganising} my {work|project|old} {folders|files|directories} {before a deadline|before the week is out|while it's quiet|at last}", "my {files|folders|documents} have {turned into|become} a {total|complete|bit of a} mess {lately|over the past month|since the last project}", "I'm {cleaning up|going through} a {shared drive|project folder|work directory} nobody has {touched|looked at} in {ages|months|forever}", "I'm handing my {work|project|files} over to {a colleague|someone on my team|a new starter} {soon|next week|shortly}", "I'm trying to get my {documents|files|paperwork} in order before I {go on leave|take a break|forget what is where}"],
    context: ["{Everything|Half of everything} on this {machine|laptop|computer} is {a bit|rather|pretty} {disorganised|chaotic|messy} {at the moment|right now|these days}", "I keep losing track of where {things are|stuff is|I put things} {saved|stored|kept}", "The folder {structure|layout|setup} {isn't mine|wasn't my idea}, I {inherited|took over} it", "{Someone else|A former colleague|My predecessor} set up these {directories|folders} {and I'm still learning them|and never explained them|years ago}"],
  },
  {
    // A travel blogger's request is about the blog.
    re: /\b(?:flights?|hotels?|trip|travel(?! (?:blog\w*|writer|vlog\w*|influencer|agent))|airport|accommodations?|vacation|holiday|itinerary|airline)\b/i,
    noun: ['the travel bits', 'the trip', 'the travel plans'],
    why: ["I'm {finally|at last} sorting out a trip I've been {putting off|avoiding|meaning to book}", "we're trying to {lock in|settle|pin down} {travel plans|the trip} before {prices go up|everything books up|it gets too late}", "I'm {planning|organising} {some travel|a getaway|time away} and want the {boring|admin|fiddly} parts {done|out of the way}", "{my family keeps|my partner keeps|my friends keep} asking {me|} whether {the trip|everything} is {booked|sorted} yet"],
    context: ["Travel {planning|admin} always takes me {longer than it should|ages|forever}", "I'm not the most {organised|relaxed|efficient} traveller", "It's been {ages|a long time|far too long} since I {last went anywhere|had a proper break|travelled}", "I always leave {the bookings|this stuff|travel admin} to the last minute"],
  },
  {
    re: /\b(?:messages?|email|e-mail|inbox|contacts?|send|sms|chat)\b/i,
    noun: ['the message', 'the messaging part', 'the messages'],
    why: ["I'm catching up on {messages|emails|replies} I've been {ignoring|putting off|sitting on}", "I need to get back to people before they think I {vanished|forgot them|fell off the planet}", "I'm trying to {clear|tame|get through} my inbox before {the weekend|the end of the day|I log off}", "I {promised|said I would} {get in touch|reply|follow up} and {haven't yet|keep forgetting}"],
    context: ["I'm {terrible|hopeless|not great} at replying to people {on time|quickly|promptly}", "My inbox has been {out of control|a nightmare|overflowing} {lately|this week|for days}", "I keep forgetting to follow up with {people|colleagues|friends}"],
  },
  {
    // An order is a trade's only as one ("a buy order", "order ID"): "in working order", "bring some order", "place an order" for a latte are not.
    re: /\b(?:stocks?|shares|portfolio|trading|watchlist|invest(?:ment|ing)?|(?<!flea |farmers' )market|ticker|(?:buy|sell|limit|stop|market|trade) orders?|orders? (?:id|ids|details|status|history))\b/i,
    noun: ['the stock stuff', 'the trading part', 'my portfolio', 'the order'],
    why: ["I'm trying to keep a {closer|better|proper} eye on my {investments|money|savings}", "I've been meaning to {review|look over|check on} my {portfolio|investments|holdings} for {a while|weeks|ages}", "I'm {new to managing|still getting used to managing|only starting to manage} {this|my money|investments} myself", "the market has been {jumpy|all over the place|nervy} and I want to stay on top of it"],
    context: ["I'm still learning how {all this|this whole} {trading|investing|market} {stuff|thing} works", "I check the markets far too often {these days|lately|at the moment}", "I'm trying not to make {rash|hasty|emotional} decisions with my money"],
  },
  {
    // A car's or a room's temperature ("the AC temperature") is no weather: "Main thing is the car stuff and the weather" added a subject the request never asks about.
    re: /\b(?:weather|forecast|(?<!\b(?:ac|a\/c|air[- ]conditioning|air[- ]conditioner|cabin|engine|coolant|oil|tyre|tire|battery|water|room|body|cpu|core|oven|fridge|freezer|thermostat) )temperature|rain|snow|sunny|humidity|wind)\b/i,
    noun: ['the weather', 'the forecast'],
    why: ["I'm trying to plan {around the weather|my week around the weather|what to wear}", "I don't want to get caught in the {rain|cold|heat} {again|like last time|unprepared}", "we have plans {outdoors|outside|for a walk} and I want to know what to expect"],
    context: ["The weather has been {all over the place|unpredictable|strange} {lately|this week|recently}", "I never {quite|really|fully} trust the forecast on my phone", "I always {pack|wear} the wrong {clothes|jacket|shoes}"],
  },
  {
    re: /\b(?:movies?|films?|cinema|theaters?|theatres?|showtimes?|actors?|directors?|tv|series|episodes?)\b/i,
    noun: ['the film stuff', 'the movies', 'the film bit'],
    why: ["we're planning a {film night|movie night|cosy night in}", "I'm trying to pick something to {watch|see} {tonight|this weekend|with friends}", "I've been meaning to catch up on {films|movies|new releases} for {ages|months|a while}", "a {friend|colleague|cousin} keeps recommending {things|films|titles} and I want to {check them out|see what the fuss is about}"],
    context: ["I can never decide what to watch{| without help| on my own}", "I've fallen {way|hopelessly|a bit} behind on new releases", "{Film|Movie} night at ours is a bit of a {tradition|ritual|thing}"],
  },
  {
    re: /\b(?:restaurants?|recipes?|food|cook(?:ing)?|meals?|dinner|lunch|breakfast|cuisine|ingredients?|menu)\b/i,
    noun: ['the food question', 'the recipe stuff', 'the food bit'],
    why: ["I'm trying to figure out what to {eat|cook|make}{| tonight| this week}", "I'm cooking for {people|friends|family} and want to get it right", "I'm bored of eating the same {things|meals|food} every week", "we are {hosting|having people over} {soon|at the weekend} and I need ideas"],
    context: ["I'm not much of a cook, {honestly|to be fair|if I'm honest}", "Deciding where to eat always takes us {forever|ages|far too long}", "My fridge is looking a bit {sad|empty|bare} right now"],
  },
  {
    // "Good news!" is no reading.
    re: /\b(?:articles?|(?<!(?:good|bad|great|some) )news|papers?|research|arxiv|journals?|publications?|headlines?|blog)\b/i,
    noun: ['the articles', 'the reading', 'the research bit'],
    why: ["I'm researching a {topic|subject|question} for {work|a class|a project}", "I'm trying to catch up on what's been {written|published|said} {lately|recently|about it}", "I'm putting together some reading for {a project|a talk|my team}", "I need {background|some} reading for something I am {writing|preparing|working on}"],
    context: ["I've got a {pile|stack|backlog} of reading I keep putting off", "I learn best from reading {a few|several|different} sources side by side", "I'm trying to get up to speed {quickly|fast|before a meeting}"],
  },
  {
    // "Post-execution" is no post.
    re: /\b(?:tweets?|posts?(?![-\w])|twitter|followers?|comments?|social media|retweets?)\b/i,
    noun: ['the posting stuff', 'the social media bit', 'the post'],
    why: ["I'm trying to be more active {online|on social media}", "I have been neglecting my {social media|accounts|online presence}", "I'm helping out with a small {account|page|community}"],
    context: ["I'm not really a social media person{|, honestly}", "Posting things {always|still} makes me a {little|bit} nervous"],
  },
  {
    // "Drive website traffic" and a shared drive are no car.
    re: /\b(?:cars?|vehicles?|(?<!search )engine|fuel|tyres?|tires?|driving|(?<!(?:hard|shared|flash|usb|google|external|network) )drive(?! (?:(?:website|web|site|more) )?(?:traffic|sales|growth|engagement|innovation|more|up))|parking|gas)\b/i,
    noun: ['the car stuff', 'the car', 'the driving bit'],
    why: ["I'm about to head off on a {drive|road trip|long drive}", "I want to make sure the car is ready before I {set off|head out|leave}", "I {hate|really dislike} surprises on the road"],
    context: ["I'm not much of a car person{|, sadly|, honestly}", "The car has been making me a {little|bit} nervous {lately|recently}"],
  },
  {
    // A conversion or an exchange is money only with a currency or a rate ("convert 10 gallons to litres" is not finances).
    re: /\b(?:tax(?:es)?|loans?|payments?|invoices?|budget|salary|bank|currenc(?:y|ies)|exchange rates?|mortgage|price|prices|cost|costs|dollars?|euros?)\b/i,
    noun: ['the money stuff', 'the numbers', 'the cost question'],
    why: ["I'm trying to get my finances {straight|in order|sorted}", "I'm budgeting for the {coming months|rest of the year|next while}", "I'd rather know the money side before I {commit|decide|sign anything}"],
    context: ["Money admin is my least favourite {thing|job|chore}", "I'm trying to be more careful with {spending|money|my budget}"],
  },
  {
    // A figure the user wants worked out, not a field named so ("vote average", "average temperature"), a place ("in the area") or a route looked up ("calculate the route").
    re: /\b(?:calculate(?! (?:the |a |my )?(?:best |fastest |shortest |quickest )?(?:route|directions|path|way)\b)|compute|(?:the )?sum of|(?<!vote )average(?! (?:rating|votes?|score|temperature|temp|humidity|weather|high|low)\b)|equation|formula|math|maths|(?:the )?area of|volume of|probability)\b/i,
    noun: ['the maths', 'the calculation', 'the numbers'],
    why: ["I'm checking some working for {a project|a report|a friend}", "maths was never my {strong point|thing|best subject} and I'd rather be sure", "I'm helping my {kid|niece|nephew} with homework and want to {double check|be sure|get it right}"],
    context: ["I don't {trust|quite trust} my own arithmetic", "It has been {years|ages|a long time} since I did any of this by hand"],
  },
  {
    // Around one place (what is near, an address): the lines of someone finding their way locally.
    // "in the near future" is time, not place (teval_query_142_0~mixed: "help with … the location stuff" for a film release date).
    // An email or IP address is no place.
    re: /\b(?:maps?|nearby|near(?! (?:future|term)\b)|(?<!(?:e-?mail|ip|web|mac|sender's|recipient's) )address|neighbou?rhood|around here|in the area)\b/i,
    noun: ['the location stuff', 'the place question'],
    why: ["I'm {new to|still new to|unfamiliar with} the area", "I'm trying to find my way around{| town| the city}", "I'm planning a day out and want to know where things are"],
    context: ["My sense of direction is {terrible|hopeless|not great}", "I don't know this part of town at all"],
  },
  {
    // Between places (a route, a distance, directions from one city to another): no "finding my way around town".
    // Only a route or a distance asked: "place an order", "the parking brake's in place" and "New York City" alone ask neither.
    re: /\b(?:routes?|distances?|directions|how far|far (?:from|away|is it)|(?:best|shortest|quickest|fastest) (?:path|way) (?:to|from|there)|how (?:to|do I) get (?:to|from|there))\b/i,
    noun: ['the route question', 'the directions', 'the distance', 'the route'],
    why: ["I'm working out {the distances|how far apart the places are|the route} before I {plan anything else|commit to anything|set off}", "I want to know what I'm in for {on the road|before the journey|distance-wise}", "I'm {mapping out|planning} a few stops and {want|need} the {distances|route} straight"],
    context: ["I always underestimate how far apart {places|things|the stops} are", "My sense of direction is {terrible|hopeless|not great}", "Journeys always take me longer than I {plan|expect|think}"],
  },
  {
    // "Keep track of" is no song.
    re: /\b(?:songs?|music|playlists?|albums?|artists?|(?<!(?:keep|keeping|kept|lose|losing|lost|on|off|back on|fast) )tracks?(?! (?:of|down|record))|podcasts?|lyrics)\b/i,
    noun: ['the music stuff', 'the playlist', 'the music bit'],
    why: ["I'm putting together music for a {get-together|party|long drive}", "I'm in a bit of a music rut{| lately| at the moment}", "a friend got me into this and I want to hear more"],
    context: ["I listen to the same songs on repeat far too {much|often}", "Music is what keeps me going {at work|during the day|when I'm busy}"],
  },
  {
    // A booking of anything (a meeting room, a table): only where no subject above names what is
    // booked, so a room booking never hears about "the trip".
    re: /\b(?:book(?:ing)?|reserv(?:e|ation)s?)\b/i,
    fallback: true,
    noun: ['the booking', 'the reservation'],
    why: ["I'm trying to {grab|get|secure} {a slot|a time|one} before {someone else does|it fills up|the afternoon gets busy}", "{the team|my group|a few of us} {needs|need} somewhere to {meet|sit down together} {today|this afternoon|soon}", "the last time I left it {too late|to the last minute} {everything was taken|we ended up with nothing|we had to improvise}"],
    context: ["{Rooms|Slots|Good times} {always|tend to} go {fast|quickly} {around here|these days}", "I'm {always|usually} the one who ends up {sorting the bookings|booking things} for everyone"],
  },
];

const GENERIC = {
  noun: ['this', 'the request', 'the whole thing', 'this job'],
  why: ["{I've been putting this off|I kept postponing this|I've been dodging this|this got pushed back} {all week|for days|far too long|since Monday|again and again}", "{my|our} {manager|boss|team lead|director|supervisor} {asked|wants|needs} me to {sort this out|deal with this|get this done|look at this|handle this}{| today| soon| by tomorrow| this week}", "I'm trying to clear my {to-do list|backlog|list of chores}{| before the weekend| today}", "this has been on my {list|mind|to-do list} for {a while|days|ages}", "I'd like to get this done before I {forget|get distracted|lose track}", "I'm juggling {a few|several|too many} things and this is {next|the next one|up now}", "someone asked me about it and I realised I never {did it|got round to it}", "I {need|want} this {sorted|out of the way|done} before {a meeting|the end of the day|I head off|lunch}", "a {friend|colleague|neighbour} {asked|nudged} me {about it|to do this} and I {said yes|agreed|couldn't say no}", "I {forgot|completely forgot|nearly forgot} about this {until now|until someone reminded me|yesterday}", "{work|life|the week} has been {hectic|chaotic|a blur} and I'm {catching up|behind|trying to keep up}", "I'm {setting things up|getting organised|sorting a few things} for {next week|a project|the team}", "I {promised|told} {someone|my team|a friend} I'd {look into this|handle this|check this}", "I'm {covering for|helping out|filling in for} a colleague {this week|today|while they're away}", "my {notes|to-do app|calendar} {reminded me|flagged this|popped up} {this morning|just now|earlier}", "I'm {new to|still getting used to|only learning} {this kind of thing|these tools|doing this myself}"],
  context: ["{It's been|It has been|Honestly it's been} {one of those weeks|one of those days|a long week|a long day|a strange week|a busy day|a hectic week|a hectic day}", "What a {long|strange|busy|hectic} {week|day} it has been", "I'm doing {several|a few|too many} things at once {today|right now|this week}", "I keep getting pulled into other {stuff|things|meetings}", "I've been meaning to get to this for {ages|a while|days}", "My {head|brain} is {a bit|rather|totally} {all over the place|fried|elsewhere} {today|this week}", "I'm {running on|living on|surviving on} {coffee|very little sleep|tea} {today|at the moment}", "{Nothing|Not much} has gone to plan {today|this week|so far}", "I {tend to|always} leave {these things|little jobs like this|admin} {until the last minute|too late|for later}", "I'm {usually|normally} better organised than this{, honestly|, I promise|}", "My {desk|inbox|calendar} is {a disaster|a mess|overflowing} {right now|at the moment|this week}", "I {should|could} have done this {ages|days|weeks} ago{, to be fair|, honestly|}"],
};

// No "Long story short,": it opens a summing-up (RESTATE_OPEN), and a reason after it reads as the request summed up as less than it is (noise_summary_narrows, teval_query_413_0).
const WHY_OPEN = ['Okay so', 'So', 'Right, so', 'Bit of background:', 'For context,', 'Quick background:', 'Basically', 'Context:', '{Background|Some background|A bit of context}, in case it {helps|matters|is useful}:', 'Some context:', 'Honestly,'];
/** A reason that says the ask was put off, which "so this is overdue" can follow. */
const DELAYED = /\b(?:meaning to|putting off|put off|for (?:ages|weeks|months|a while)|haven't yet|keep forgetting|at last|finally|avoiding|sitting on|ignoring|in ages|forever)\b|\{?(?:ages|months|forever)\b/i;
const WHY_END = ['.', '.', ', hence this message.', ', so here goes.', ' - anyway.', ', so {bear with me|be patient with me|go easy on me|forgive the rush}.', ", so {here I am|here we are|I'm asking now}.", '.', ', so {this is overdue|I am finally asking}.'];
const CONTEXT_OPEN = ['', '', '', '{Honestly|Truthfully|Frankly}, ', '{For what it is worth|Fwiw|For the record}, ', 'Not that it {matters|changes anything}, but ', 'To be {fair|honest}, ', 'Admittedly, ', 'Side note: '];
const CONTEXT_END = ['.', '.', '.', ', to be honest.', ', if that explains {anything|a lot|the mess}.', ' lol.', ', but anyway.', '!', ' haha.'];

/** Run-on openers: the request follows them in lower case ("So basically, move …"). */
const FILLER_LEAD = ['So basically,', 'Um, so', 'Okay so', 'So yeah,', 'Right, so basically', 'I guess what I need is:', 'Hmm, okay, so', 'Alright, so', 'Ok so like,', 'Basically,', 'So, um,', 'What I need, I think:'];
/** Hedges put before the request's last stop. */
// No ", I think" / ", I guess" / ", ideally": at the end of a request they doubt its last value ("from 3PM to 5PM, I think."), which the ground truth takes as said.
const FILLER_TAIL = [", if {that's|it's} {possible|doable|okay|alright|fine}", ', if you {can|could|would}', ", if {it is|it's|that's} {not too much|no} {trouble|bother|hassle}", ', when you {get|have} a {chance|minute|sec|moment|spare minute}', ', if that {makes sense|works|is ok|is alright|sounds reasonable|suits you|works for you}', ', if you {don\'t|do not|wouldn\'t} mind{| me asking| too much| terribly}', ', if possible', ', please', ", {whenever|as soon as} {you can|you're able|it suits}", ', {no pressure|no stress}', ', {cheers|ta}'];

/** Summing-up tags: what follows them restates the ask (restate), never "see above". */
const RESTATE_OPEN = ['So yeah,', 'To sum up,', 'In short,', 'TL;DR:', 'Short version:', 'Bottom line:', 'Just to be clear,', 'Basically,', 'Recap:', 'Anyway,', 'Long story short,', 'So, in a nutshell,'];

const TYPING_SORRY = ['{Sorry|Apologies} for {the|any} typos', '{Excuse|Forgive|Pardon} the {typos|spelling|typing}', '{Sorry|Apologies} if {the|my} spelling is {off|all over the place|a mess|wonky|dodgy}', 'Excuse any spelling {mistakes|slips}', 'Typos are {mine|all mine}, sorry'];
const TYPING_WHY = ["I'm on my {phone|old phone|tablet}", "I'm typing {one-handed|with one thumb|lying down}", "I'm on a {tiny|sticky|cramped} keyboard", 'autocorrect {hates me|is fighting me|keeps "helping"}', "I'm typing {in a hurry|fast|on the go}", "I'm typing with a {sleeping baby|cat|laptop tray} on me", "I'm on the {bus|train|sofa}", 'I typed this {fast|quickly|in a rush}', "I'm {between meetings|on a break|half asleep}"];

const ABILITY_FRESH = ['{Not sure|No idea|Unsure} if {this is something|this is a thing} you can {do|help with|handle}, but {here goes|worth a try|let me ask}.', 'First time asking {for something like this|you for this kind of thing|this sort of thing}, so {bear with me|go easy on me|be patient}.', '{Hoping|I hope|Fingers crossed} {this is|this falls} {within|in} your {wheelhouse|range|remit}.', "{Not sure|Unsure|No idea if} you're the right {place|one|person to ask|tool} for this, but {let's see|here goes|worth asking|I'll try}.", '{Possibly|Maybe|Probably} a {weird|slightly odd|boring|simple} one{| for you}, but {here goes|bear with me|let me try}.', '{Hope|Hopefully} this is {the kind of|the sort of} {thing|request|job} you {do|can help with|handle}.', 'Bit of {an odd|an unusual|a dull|a fiddly} {request|ask|one}, {maybe|perhaps|I know}.', '{Can|Could} you {even|actually} {do this|help with this}? {Let us see|Here goes|Worth a shot}.'];
const ABILITY_AGAIN = ['One more {thing|question|request}{| for you| if that is okay}.', 'Okay, {next bit|next part|next step}.', 'Following on from {before|earlier|what I said}:', 'Another one for you{| if you have a minute}.', 'Next up:', 'Right, moving on{| to the next bit}.', '{Same|Still the same} {conversation|thread}, new ask.', 'Okay, {continuing|carrying on}.', 'Back again with the next {part|bit|step}.'];
/** A new ask after an unrelated conversation (a café order): "another one", never "the next step" of a task there was none of. */
const ABILITY_ANOTHER = ['One more {thing|question|request}{| for you| if that is okay}.', 'Another one for you{| if you have a minute}.', '{Different|Unrelated|Separate} {question|request|thing} now.', 'Something else{| now}{| if you have a minute}.', 'Changing the subject{| completely| a bit}:', 'While I {have you|\'ve got you}:', 'On a {different|separate|completely different} note:'];

/** Greetings by the part of the day they fit. */
const GREET: Record<Part, string[]> = {
  // One assistant reads the message: no "Hi all." to a room.
  any: ['Hi!', 'Hey.', 'Hello!', 'Hi there.', 'Hiya!', 'Hey there!', 'Hello.', 'Hi.', 'Hey!', 'Heya.', 'Howdy!'],
  morning: ['Morning!', 'Good morning.', 'Good morning!'],
  afternoon: ['Good afternoon.', 'Afternoon!', 'Good afternoon!'],
  evening: ['Good evening.', 'Evening!'],
};
const GREET_AGAIN = ['Hi again!', 'Hello again.', 'Hey again!', 'Me again!', 'Okay, me again.'];
/** A greeting the user's own request opens with ("Hey there, I need…", "Hi, can you…"). */
const OPENING_GREETING = /^(?:(?:hey|hi|hello)(?: there)?|good (?:morning|afternoon|evening)|greetings|howdy)\b[,!.]?\s+(?=\S)/i;

/** Times of a past event that fit a part of the day ("this evening" is never before a morning greeting). */
const PAST_WHEN: Record<Part, string[]> = {
  morning: ['this morning', 'first thing', 'an hour ago', 'last night', 'just now', 'earlier', 'a moment ago', 'yesterday'],
  afternoon: ['this morning', 'over lunch', 'earlier today', 'an hour ago', 'at lunchtime', 'just now', 'yesterday', 'a moment ago'],
  evening: ['this evening', 'after dinner', 'this afternoon', 'earlier today', 'over lunch', 'just now', 'an hour ago', 'yesterday'],
  any: ['earlier', 'yesterday', 'an hour ago', 'the other day', 'last night', 'just now', 'earlier today', 'a moment ago'],
};

/** People, each with what they talk about and whether they would drop by. */
const PEOPLE: { who: string[]; topics: string[]; visits: boolean }[] = [
  { who: ['my sister', 'my brother', 'my mum', 'my dad', 'my cousin', 'my aunt', 'my uncle', 'my grandma', 'my best friend', 'an old friend', 'my old flatmate', 'my neighbour', 'my partner'], topics: ['the weekend', 'a birthday', 'the holidays', 'a wedding', 'their new puppy', 'a surprise party', 'a board game night', 'a recipe', 'the football', 'their house move', 'a family dinner'], visits: true },
  { who: ['my boss', 'my manager', 'a coworker', 'a colleague', 'our team lead', 'a client', 'my mentor'], topics: ['a deadline', 'the quarterly review', 'a project update', 'a client meeting', 'the team offsite', 'a budget question', 'a presentation', 'next week'], visits: false },
  { who: ['the plumber'], topics: ['the boiler', 'a leaking tap', 'the pipes'], visits: true },
  { who: ['the mechanic'], topics: ['the car service', 'the brakes', 'a new tyre'], visits: false },
  { who: ['my landlord', 'the landlady'], topics: ['the rent', 'the boiler', 'the fence', 'an inspection'], visits: true },
  { who: ['my accountant'], topics: ['tax forms', 'some receipts', 'the invoices'], visits: false },
  { who: ['the dentist'], topics: ['an appointment', 'a checkup'], visits: false },
  { who: ['the vet'], topics: ["the cat's checkup", "our dog's jabs"], visits: false },
  { who: ['the courier'], topics: ['a missing parcel', 'a delivery slot'], visits: false },
];
const CALL = ['called', 'rang', 'phoned', 'texted', 'messaged', 'emailed'];
const VISIT = ['stopped by', 'dropped in', 'came round', 'popped over'];
const CALL_ABOUT = ['about', 'to talk about', 'to ask about', 'to moan about', 'about'];
const SO = ['so', 'and now', 'which means', 'and honestly', 'so yeah,', 'long story short,', 'so now', 'which is why', 'so basically'];
const MOOD = ["I'm scattered", "I'm distracted", "I'm behind", "I'm frazzled", "I'm all over the place", "I'm half here", "I'm rushed", "I'm sidetracked", "I'm running late", "I'm juggling things", "I'm playing catch-up", "I'm short on time", "I'm swamped", "I'm a bit behind"];

/** Interruptions at home, happening now. */
const THING: { name: string; act: string[] }[] = [
  { name: 'the printer', act: ['keeps beeping', 'is acting up', 'is blinking at me'] },
  { name: 'my laptop fan', act: ['keeps whining', 'is humming loudly', 'sounds like a jet'] },
  { name: 'my phone', act: ['keeps buzzing', 'will not stop pinging'] },
  { name: 'the smoke alarm', act: ['keeps chirping', 'needs a new battery and keeps chirping about it'] },
  { name: 'the upstairs drill', act: ['will not stop', 'is going again'] },
  { name: 'the dog next door', act: ['keeps barking', 'will not stop'] },
  { name: 'the cat', act: ['keeps walking across my keyboard', 'is yowling for food', 'is sitting on my notes'] },
  { name: 'my toddler', act: ['is singing at full volume', 'keeps asking for snacks', 'is climbing on me'] },
  { name: 'the washing machine', act: ['is thumping away', 'keeps beeping'] },
  { name: 'the wifi', act: ['keeps dropping', 'is acting up', 'is crawling'] },
  { name: "the neighbour's lawnmower", act: ['will not stop', 'is going again'] },
  { name: 'the radiator', act: ['keeps clicking', 'is banging'] },
];
const THING_OPEN = ['Sorry,', 'Ugh,', 'Also', 'Bear with me,', 'Apologies,', 'Fair warning,', 'Excuse me if I am slow,', 'Forgive me,'];
const THING_WHEN = ['right now', 'as I type', 'non-stop', 'on and off', 'every few minutes', 'as we speak', ''];

/** A doubting opener (the old rules' one frame, now one kind among many). */
const DOUBT_STANCE = ['Not sure', 'Unsure', 'No idea', 'Wondering', 'Not certain', "Can't tell", "I'm not sure", 'Not quite sure', 'I wonder'];
const DOUBT_WHO = ['this', 'my request', 'what I need', 'my question', 'my wording', 'my message', 'the request', 'my phrasing'];
const DOUBT_TAIL = ['makes sense', 'is clear', 'reads right', 'is specific enough', 'is detailed enough', 'is easy to follow', 'covers everything'];

const THANKS: { say: string[]; tail: string[] }[] = [
  { say: ['Thanks', 'Thx'], tail: ['a lot', 'in advance', 'for this', 'for helping', 'for your time', 'loads', 'so much', 'for the help', 'for sorting this'] },
  { say: ['Thank you'], tail: ['in advance', 'for this', 'for helping', 'for your time', 'so much', 'for the help'] },
  { say: ['Cheers'], tail: ['in advance', 'for this', 'for helping', 'for the help'] },
  { say: ['Many thanks', 'Ta', 'Much appreciated', 'Big thanks', 'Appreciate it', 'Thanks a ton'], tail: [''] },
];
const CLOSE_TAIL = ['', '', '', "sorry if it's {messy|long|a bit much|rambly}", 'no {rush|hurry|pressure}', 'you {rock|are a star|are a lifesaver}', 'have a {good one|nice day|good week|good evening}', '{talk|speak|chat} {soon|later}', 'sorry for {rambling|the essay|going on}', "that's {all|it}{| for now}", 'fingers crossed', 'take care', 'all the best', '{much|really} appreciated'];
const SIGN = ['!', '.', '!!', ' :)', '.', ' :D'];

/** A self-check, said only when the message holds no typo. */
const CHECKED = ['(I {read it back|looked it over}, it should all be there.)', '(I {reread|re-read} it and it {seems|looks} complete.)', '(Checked it over, I think that is {everything|all of it}.)', '(Went over it {once|again}, it looks right to me.)'];

const cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/** Each {a|b|c} of a generated line replaced by one of its options (an option may be empty). */
function fill(rng: Rng, line: string): string {
  return line
    .replace(/\{([^{}]*)\}/g, (_, alts: string) => rng.pick(alts.split('|')))
    .replace(/ {2,}/g, ' ')
    .replace(/ ([,.!?:])/g, '$1');
}

/** One line of a list, its options filled. */
function pk(rng: Rng, items: readonly string[]): string {
  return fill(rng, rng.pick(items));
}

const FILL_WORDS = new Set(['the', 'my', 'stuff', 'bit', 'bits', 'part', 'question', 'plans']);
/** A topic noun's head word ("the travel bits" -> "travel"). */
const nounHead = (noun: string) => noun.split(' ').filter((w) => !FILL_WORDS.has(w)).pop() ?? '';

function topicOf(query: string): { noun: string[]; why: string[]; context: string[] } {
  const named = TOPICS.filter((t) => t.re.test(query));
  const hit = named.some((t) => !t.fallback) ? named.filter((t) => !t.fallback) : named;
  // The first topic the request names; generic lines stay possible too.
  const first = hit.sort((a, b) => query.search(a.re) - query.search(b.re))[0];
  const t = first ? { noun: [...first.noun], why: [...first.why], context: [...first.context] } : GENERIC;
  // A line that says what the request already says ("I'm planning a trip" twice) reads as an echo.
  const q = ` ${query.toLowerCase().replace(/[^a-z' ]+/g, ' ').replace(/\s+/g, ' ')} `;
  const fresh = (line: string) => {
    const w = line.toLowerCase().replace(/\{[^}]*\}/g, ' ').replace(/[^a-z' ]+/g, ' ').split(/\s+/).filter(Boolean);
    for (let i = 0; i + 3 <= w.length; i++) if (q.includes(` ${w.slice(i, i + 3).join(' ')} `)) return false;
    return true;
  };
  const keep = (lines: string[], fallback: string[]) => (lines.filter(fresh).length ? lines.filter(fresh) : fallback);
  // "Main thing is the order" only where the request has an order: a noun whose head word the request
  // lacks names a part it does not have (the topic's first, general noun always fits).
  const head = nounHead;
  const nouns = t.noun.filter((noun, i) => i === 0 || t === GENERIC || q.includes(` ${head(noun).replace(/(?:ing|s)$/, '')}`));
  return { noun: nouns, why: keep(t.why, GENERIC.why), context: keep(t.context, GENERIC.context) };
}

/** A request that says why the user asks: who they are or what they are doing it for ("As a student, …", "I'm planning a movie night for …", "I am conducting research on …"). */
const STATES_OWN_REASON = /^(?:[^.?!]{0,40}?\b)?(?:I'm|I am|We're|We are|I've been|I have been) (?:planning|organi[sz]ing|researching|preparing|working on|writing|putting together|about to|hosting|trying to|going on|doing|conducting|studying|interested in|looking (?:for|into)|an? )|^(?:As|Being) an? [\w -]+,|^I (?:have|need to (?:plan|prepare|research|write|organi[sz]e)) (?:an? |my )?(?:presentation|project|meeting|trip|report|paper|talk|class)/i;

function reason(rng: Rng, topic: ReturnType<typeof topicOf>, after = false): string {
  // After the request a reason just ends ("…, so here goes." only leads into it).
  const open = rng.pick(after ? ['For context,', '{Background|Some background|A bit of context}, in case it {helps|matters|is useful}:', 'Context:', 'Why I ask:', 'In case it matters,'] : WHY_OPEN);
  const why = pk(rng, rng.chance(0.25) ? GENERIC.why : topic.why);
  // "…, so I am finally asking" follows a reason that speaks of waiting ("I've been meaning to review my portfolio for ages"), never "I'm helping my kid with homework".
  // "So I need this done before I head off, so go easy on me.": an opener that says "so" takes an ending that does not say it again.
  const ends = (DELAYED.test(why) ? WHY_END : WHY_END.filter((e) => !/overdue|finally asking/.test(e))).filter((e) => !/\bso\b/i.test(open) || !/^, so\b/.test(e));
  return cap(fill(rng, `${open} ${why}${after ? '.' : pk(rng, ends)}`));
}

/** Words that hedge a sentence: one is candour, two in one sentence ("To be honest, … honestly, to be honest") a stammer. */
const HEDGE = /\b(?:to be honest|honestly|to be fair|if I'm honest|frankly|truthfully|admittedly)\b/i;
/** A template slot that can fill to a hedge ("To be {fair|honest}, "). */
const HEDGE_SLOT = /honest|fair|frank|truth|admitted/i;

function contextLine(rng: Rng, topic: ReturnType<typeof topicOf>, ownReason = false): string {
  // A topic's context gives a reason too ("I'm trying to get up to speed before a meeting"): none beside the request's own.
  const body = pk(rng, ownReason || rng.chance(0.25) ? GENERIC.context : topic.context);
  // The opener and the ending hedge only when nothing else in the sentence does.
  const open = pk(rng, HEDGE.test(body) ? CONTEXT_OPEN.filter((o) => !HEDGE_SLOT.test(o)) : CONTEXT_OPEN);
  const end = pk(rng, HEDGE.test(`${open} ${body}`) ? CONTEXT_END.filter((e) => !HEDGE_SLOT.test(e)) : CONTEXT_END);
  return `${open}${open ? (/^I\b/.test(body) ? body : body.charAt(0).toLowerCase() + body.slice(1)) : body}${end}`;
}

/**
 * A summing-up sentence restates the ask by its subjects ("TL;DR: I need the trip and the forecast
 * sorted."), never points back at it ("TL;DR: it's all in the bit above.", "Bottom line, just what I
 * wrote above."): a person's TL;DR says what they want. Undefined when the request names no subject
 * the rules know (a restatement would have nothing to say) or more than three (it would be a list).
 */
function restate(rng: Rng, query: string): string | undefined {
  const subjects = topicsOf(query);
  if (!subjects.length || subjects.length > 3 || !subjectsCoverEveryPart(query)) return undefined;
  const nouns = subjects.map((t) => pk(rng, t.noun));
  const said = nouns.length === 1 ? nouns[0] : `${nouns.slice(0, -1).join(', ')} and ${nouns[nouns.length - 1]}`;
  if (rng.chance(0.15)) return `${rng.pick(['Main thing is', 'The important part is', 'What matters most is'])} ${said}.`;
  const frame = fill(rng, rng.pick(["I need @SAID@ {sorted|dealt with|handled|looked at}", "it's @SAID@ I'm {after|asking about|stuck on}", '@SAID@, {please|if you can}', 'help with @SAID@, please', "I'd like @SAID@ {sorted|taken care of|done}"]));
  return `${pk(rng, RESTATE_OPEN)} ${frame.replace('@SAID@', said)}.`;
}

/**
 * Whether each sentence of the request (each part a semicolon sets off) names a subject the rules know:
 * a summary by subjects of "Plan an event at '123 Main St'. … Create a presentation …" would say
 * "it's the location stuff I'm asking about", the request about less than it is, and a reader could
 * take it for the real request (noise_summary_narrows). Sentences of two words or fewer say no part.
 */
function subjectsCoverEveryPart(query: string): boolean {
  const named = namedTopics(query);
  const parts = query.split(/(?<=[A-Za-z0-9'")\]][.!?])\s+(?=[A-Z'"(])|;\s+/).filter((p) => (p.match(/[A-Za-z']+/g) ?? []).length > 2);
  return parts.every((p) => named.some((t) => t.re.test(p)));
}

/** The topics a request names (a booking only where nothing else says what is booked). */
function namedTopics(query: string): typeof TOPICS {
  const named = TOPICS.filter((t) => t.re.test(query));
  return named.some((t) => !t.fallback) ? named.filter((t) => !t.fallback) : named;
}

/** Every subject the request names, in the order it names them (a booking only where nothing else says what is booked), each with the nouns that fit it. */
function topicsOf(query: string): { noun: string[] }[] {
  const hit = namedTopics(query);
  const q = ` ${query.toLowerCase().replace(/[^a-z' ]+/g, ' ').replace(/\s+/g, ' ')} `;
  return hit
    .sort((a, b) => query.search(a.re) - query.search(b.re))
    .map((t) => ({ noun: t.noun.filter((noun, i) => i === 0 || q.includes(` ${nounHead(noun).replace(/(?:ing|s)$/, '')}`)) }));
}

function typingNote(rng: Rng): string {
  const s = `${pk(rng, TYPING_SORRY)}, ${pk(rng, TYPING_WHY)}`;
  return rng.chance(0.3) ? `(${s}.)` : `${s}.`;
}

function personal(rng: Rng, part: Part): string {
  const p = rng.pick(PEOPLE);
  const visit = p.visits && rng.chance(0.4);
  const did = visit ? pk(rng, VISIT) : pk(rng, CALL);
  const about = visit ? rng.pick(['to talk about', 'about', 'to ask about', 'to chat about']) : pk(rng, CALL_ABOUT);
  return cap(`${rng.pick(p.who)} ${did} ${pk(rng, PAST_WHEN[part])} ${about} ${rng.pick(p.topics)}, ${pk(rng, SO)} ${pk(rng, MOOD)}.`);
}

function interruption(rng: Rng): string {
  const t = rng.pick(THING);
  const act = rng.pick(t.act);
  // "will not stop non-stop" says it twice; "will not stop on and off" takes it back.
  const when = pk(rng, /\bstop\b/.test(act) ? THING_WHEN.filter((w) => !STOPS_NOW_AND_THEN.has(w)) : THING_WHEN);
  const open = pk(rng, THING_OPEN);
  // An opener that already asks pardon ("Forgive me,", "Excuse me if I am slow,") takes no second plea at the end
  // ("Forgive me, the dog … keeps barking, so forgive me if this is scattered."; noise_repeats_itself).
  const ends = PLEA.test(open) ? ['.', '.', '!'] : ['.', '.', '!', ', so if I seem distracted, that is why.', ', so forgive me if this is scattered.'];
  return `${open} ${t.name} ${act}${when ? ` ${when}` : ''}${rng.pick(ends)}`;
}

/** When an interruption happens that says it comes and goes: never after "will not stop". */
const STOPS_NOW_AND_THEN = new Set(['non-stop', 'on and off', 'every few minutes']);
/** An opener or closing that asks the reader's pardon or patience. */
const PLEA = /\b(?:sorry|apologies|forgive|excuse|pardon|bear with me)\b/i;

function doubt(rng: Rng): string {
  return `${pk(rng, DOUBT_STANCE)} ${rng.pick(['if', 'whether'])} ${pk(rng, DOUBT_WHO)} ${pk(rng, DOUBT_TAIL)}${rng.pick([', but here goes.', '.', ', so bear with me.', ', but let me try.'])}`;
}

function signOff(rng: Rng): string {
  const t = rng.pick(THANKS);
  const tail = rng.pick(t.tail);
  const close = pk(rng, CLOSE_TAIL);
  return `${rng.pick(t.say)}${tail ? ` ${tail}` : ''}${close ? `, ${close}` : ''}${pk(rng, SIGN)}`.replace(/\{([^{}]*)\}/g, (_, alts: string) => rng.pick(alts.split('|')));
}

/** Sentence-initial words safe to lower-case after an opener (not names). */
const COMMON_STARTS = new Set(
  'also after then please can could would will i\'d i\'m now next first finally additionally moreover furthermore and but so what how find get show display list create make move copy delete remove send post book check set update add search look give tell help retrieve calculate compute open close turn start stop'.split(
    ' ',
  ),
);

function overlaps(start: number, end: number, spans: [number, number][]): boolean {
  return spans.some(([s, e]) => start < e && end > s);
}

/** Keys next to each other on a QWERTY keyboard: the slips of a fast typist. */
const NEIGHBOURS: Record<string, string> = {
  a: 'qswz', b: 'vghn', c: 'xdfv', d: 'serfcx', e: 'wsdr', f: 'drtgvc', g: 'ftyhbv', h: 'gyujnb', i: 'ujko', j: 'huikmn', k: 'jiolm', l: 'kop',
  m: 'njk', n: 'bhjm', o: 'iklp', p: 'ol', q: 'wa', r: 'edft', s: 'awedxz', t: 'rfgy', u: 'yhji', v: 'cfgb', w: 'qase', x: 'zsdc', y: 'tghu', z: 'asx',
};

let misspellings: Map<string, string[]> | undefined;

/**
 * Real misspellings people make, from cspell's common-misspellings dictionary (CC BY-SA 4.0):
 * correct word -> the misspellings that map only to it.
 */
export function commonMisspellings(): Map<string, string[]> {
  if (misspellings) return misspellings;
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('@cspell/dict-en-common-misspellings/cspell-ext.json'));
  const json = JSON.parse(readFileSync(join(dir, 'dict', 'dict-en.json'), 'utf8')) as { dictionaryDefinitions: { flagWords?: string[]; suggestWords?: string[] }[] };
  const map = new Map<string, string[]>();
  for (const def of json.dictionaryDefinitions) {
    for (const entry of [...(def.flagWords ?? []), ...(def.suggestWords ?? [])]) {
      const [wrong, right] = entry.split('->');
      if (!wrong || !right || right.includes(',') || !/^[a-z]+$/.test(wrong) || !/^[a-z]+$/.test(right.trim())) continue;
      const key = right.trim();
      // A slip adds or drops a letter or two; the list's garbles ("idaeidae" for "idea", "availailable") read as no typo anyone makes.
      if (Math.abs(wrong.length - key.length) > 2) continue;
      if (!map.has(key)) map.set(key, []);
      map.get(key)!.push(wrong);
    }
  }
  misspellings = map;
  return map;
}

function keyboardSlip(word: string, rng: Rng): string {
  // Never the first letter (people rarely miss it) nor the last (a slip there reads as another
  // inflection: "note" -> "nots").
  const positions = [...word].map((c, i) => i).filter((i) => i > 0 && i < word.length - 1 && NEIGHBOURS[word[i].toLowerCase()]);
  if (positions.length === 0) return word;
  const i = rng.pick(positions);
  return word.slice(0, i) + rng.pick([...NEIGHBOURS[word[i].toLowerCase()]]) + word.slice(i + 1);
}

let rightSpellings: Set<string> | undefined;

/** Every word cspell's common-misspellings list gives as a right spelling (about 19,000 real words), and every word of the vendored sources. */
function realWords(): Set<string> {
  if (rightSpellings) return rightSpellings;
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('@cspell/dict-en-common-misspellings/cspell-ext.json'));
  const json = JSON.parse(readFileSync(join(dir, 'dict', 'dict-en.json'), 'utf8')) as { dictionaryDefinitions: { flagWords?: string[]; suggestWords?: string[] }[] };
  const words = new Set<string>();
  for (const def of json.dictionaryDefinitions) for (const entry of [...(def.flagWords ?? []), ...(def.suggestWords ?? [])]) for (const w of entry.split('->')[1]?.split(',') ?? []) words.add(w.trim().toLowerCase());
  // The words of the vendored sources' own text too (requests, docs, recorded answers): "rate" -> "rare" is a slip
  // into a word the tasks use that the misspellings list never gives as a right spelling (noise_typo_real_word 1/1,000
  // on int29's m3, bfcl_multi_turn_base_136-tool_hallucination_error-k2~noisy_query).
  for (const file of fg.sync('{teval,bfcl}/data/**/*.json', { cwd: SOURCES_DIR, absolute: true }).sort()) {
    for (const w of readFileSync(file, 'utf8').toLowerCase().match(/[a-z]{3,}/g) ?? []) words.add(w);
  }
  return (rightSpellings = words);
}

/** Draws of a keyboard slip before a word that only slips into other words ("tire" -> "tore", "ensure" -> "endure") is left as it is. */
const SLIP_DRAWS = 6;

/**
 * A real misspelling of the word when one is known, else a keyboard-adjacent slip — never one that spells
 * another word ("ensure" -> "endure", "tire pressure" -> "tore pressure", "stock" -> "stick": the request
 * would say something else; noise_typo_real_word). The word itself back when every draw does.
 */
function typo(word: string, rng: Rng, own: Set<string> = new Set()): string {
  const isWord = (w: string) => realWords().has(w.toLowerCase()) || own.has(w.toLowerCase());
  const known = commonMisspellings().get(word.toLowerCase())?.filter((w) => !isWord(w));
  if (known?.length && word === word.toLowerCase() && rng.chance(0.8)) return rng.pick(known);
  for (let i = 0; i < SLIP_DRAWS; i++) {
    const slip = keyboardSlip(word, rng);
    if (slip === word || !isWord(slip)) return slip;
  }
  return word;
}

/**
 * Spans the rules leave alone besides the protected values: quoted text, anything with a digit,
 * slash, underscore, @ or inner dot (paths, file names, ids, amounts), and capitalised words
 * (names, places) — values a later step may need even when no action before step k used them.
 */
export function lookalikeSpans(text: string): [number, number][] {
  const re = /'[^'\n]+'|"[^"\n]+"|`[^`\n]+`|\S*[\d/_@\\]\S*|\S+\.\S+|\b[A-Z][A-Za-z]*\b/g;
  return [...text.matchAll(re)].map((m) => [m.index!, m.index! + m[0].length] as [number, number]);
}

export function addTypos(text: string, keep: string[], rng: Rng, most = 3, avoid: string[] = []): { text: string; typos: { from: string; to: string }[] } {
  const spans = [...protectedSpans(text, keep), ...lookalikeSpans(text)];
  const avoided = new Set(avoid.flatMap((v) => v.toLowerCase().match(/[a-z']+/g) ?? []));
  // Never a number word, ordinal, time word or a word the task's values use, nor the word after a
  // number (its unit: "5 kilometers").
  const words = [...text.matchAll(/[A-Za-z]{4,}/g)].filter(
    (m) => !overlaps(m.index!, m.index! + m[0].length, spans) && !NEVER_TYPO.has(m[0].toLowerCase()) && !avoided.has(m[0].toLowerCase()) && !/\d[^\s]*\s+$/.test(text.slice(Math.max(0, m.index! - 12), m.index!)),
  );
  if (words.length === 0) return { text, typos: [] };
  const n = rng.int(1, Math.min(most, words.length));
  // No two slips in words side by side ("withh accees tolen" for "with access token", "currnet rqte"):
  // a reader mends one slip from the words around it, two in a row hide the phrase (45 of 1,000
  // noisy queries on f31). The later of two neighbours drawn keeps its spelling.
  const chosen = rng
    .sample(words, n)
    .sort((a, b) => a.index! - b.index!)
    .filter((m, i, all) => i === 0 || !/^[^A-Za-z]*$/.test(text.slice(all[i - 1].index! + all[i - 1][0].length, m.index!)))
    .sort((a, b) => b.index! - a.index!);
  let out = text;
  const typos: { from: string; to: string }[] = [];
  // The request's own words are real words too, whatever the list knows ("stick" beside "stock").
  const own = new Set((text.toLowerCase().match(/[a-z]+/g) ?? []));
  for (const m of chosen) {
    const changed = typo(m[0], rng, own);
    if (changed === m[0]) continue;
    out = out.slice(0, m.index!) + changed + out.slice(m.index! + m[0].length);
    typos.push({ from: m[0], to: changed });
  }
  return { text: out, typos: typos.reverse() };
}

/** Insert a sentence at a sentence boundary outside every protected span, or append it. */
/** A sentence opening on a word that points back at the sentence before it, or on a phrase leading into one ("Among them, …"). */
const POINTS_BACK = /^["'(]?(?:(?:among|of|from|for|with|in|on|using|based on|out of|(?:for )?(?:each|all|both|one|any|some|none|most) of)\s+)?(?:it|its|it's|it’s|it'd|it'll|this|that|these|those|they|their|them|he|she|his|her|such)\b/i;

function insertAside(text: string, aside: string, keep: string[], rng: Rng): string {
  const spans = protectedSpans(text, keep);
  // A sentence ends at a stop followed by a capital, not at an abbreviation's ("Apple Inc. stock"), nor inside a quote left open.
  const boundaries = [...text.matchAll(/[.!?](\s+)(?=["'(]?[A-Z0-9])/g)]
    .map((m) => m.index! + 1)
    .filter((p) => !overlaps(p - 1, p + 1, spans) && !ABBREVIATION_END.test(text.slice(0, p)) && !unclosedQuote(text.slice(0, p)))
    // Never before a sentence that points back at the one before it ("… fuel tank is running low. It would be
    // great if you could top it up"): after an aside the pronoun would read as the aside's (noise_aside_splits_reference).
    .filter((p) => !POINTS_BACK.test(text.slice(p).trimStart()));
  if (boundaries.length === 0) {
    // After the request, as a sentence of its own: the request gets its stop if it has none.
    const t = text.trimEnd();
    return `${/[.!?]["')\]]?$/.test(t) ? t : `${t}.`} ${aside}`;
  }
  const at = rng.pick(boundaries);
  return `${text.slice(0, at)} ${aside}${text.slice(at)}`;
}

/** Words a typo must never touch: a slip in one can change how many, which one or when. */
const NEVER_TYPO = new Set(
  (
    'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million billion ' +
    'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth twentieth hundredth once twice thrice dozen dozens half quarter single double triple couple pair both ' +
    'last latest top next previous few several each every all most least recent earliest newest oldest highest lowest many ' +
    'today tomorrow tonight yesterday morning afternoon evening night week weekend month year hour hours minute minutes second seconds daily weekly monthly yearly annual ' +
    'january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday ' +
    'not never without except only no none ' +
    // Words that say which end of a trip or a span is which: "frok the first hotel" left 266_0's route undecided (value_error_swap_undecided).
    'from into onto toward towards between before after until since'
  ).split(' '),
);

export interface NoisyOptions {
  /** Words of the task's argument values (any case): no typo goes into them. */
  avoid?: string[];
  /** Whether the user spoke earlier in the conversation ("Hi again" needs that). */
  followUp?: boolean;
  /** The request's own greeting was taken off and goes first: the rules add none. */
  greeted?: boolean;
}

type Kind = 'reason' | 'context' | 'filler' | 'restate' | 'casual' | 'personal' | 'interruption' | 'typing' | 'ability' | 'doubt' | 'checked';
const KIND_WEIGHTS: [Kind, number][] = [
  ['reason', 16],
  ['context', 14],
  ['filler', 14],
  ['casual', 10],
  ['restate', 8],
  ['ability', 8],
  ['typing', 8],
  ['personal', 7],
  ['interruption', 5],
  ['doubt', 4],
  ['checked', 3],
];

function weighted<T>(rng: Rng, items: [T, number][]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rng.float() * total;
  for (const [item, w] of items) if ((r -= w) < 0) return item;
  return items[items.length - 1][0];
}

/** Casual register in the request itself: "pls", "u", "thx", no final stop — never inside a value. */
function casual(text: string, keep: string[], rng: Rng): string {
  const spans = [...protectedSpans(text, keep), ...lookalikeSpans(text)];
  const swaps: [RegExp, string[]][] = [
    [/\bplease\b/g, ['pls', 'plz', 'pls']],
    [/\byou\b/g, ['u', 'you', 'u']],
    [/\bthanks\b/g, ['thx']],
    [/\bbecause\b/g, ['cuz', 'bc']],
    [/\band\b/g, ['and', 'and', '&']],
  ];
  let out = text;
  for (const [re, subs] of swaps) {
    const hits = [...out.matchAll(re)].filter((m) => !overlaps(m.index!, m.index! + m[0].length, [...protectedSpans(out, keep), ...lookalikeSpans(out)]));
    // Right to left, so earlier offsets stay valid.
    for (const m of hits.reverse()) if (rng.chance(0.6)) out = out.slice(0, m.index!) + rng.pick(subs) + out.slice(m.index! + m[0].length);
  }
  void spans;
  return out;
}

/** A hedge before the request's last stop: "…into 'archive', if that's possible." */
function hedgeTail(text: string, keep: string[], rng: Rng): string {
  const m = /([.?!]+)(\s*)$/.exec(text);
  const at = m ? m.index : text.trimEnd().length;
  if (overlaps(at - 1, at + 1, protectedSpans(text, keep))) return text;
  // A question takes only hedges that fit one ("Could you…, if you can?", never "…, I think?").
  const fits = m?.[1].startsWith('?') ? FILLER_TAIL.filter((h) => /if|when|please/.test(h)) : FILLER_TAIL;
  return `${text.slice(0, at)}${pk(rng, fits)}${text.slice(at)}`;
}

/** The first word, lower-cased so a filler runs on into it, or undefined when it must keep its capital. */
function runOn(text: string, keep: string[]): string | undefined {
  const first = text.match(/^[A-Za-z']+/)?.[0] ?? '';
  if (!/^[A-Z][a-z']*$/.test(first) || /^I('|$)/.test(first)) return undefined;
  if (!COMMON_STARTS.has(first.toLowerCase()) || keep.some((v) => text.startsWith(v))) return undefined;
  return first.toLowerCase() + text.slice(first.length);
}

/** A day or part of one the noise may say ("today", "this afternoon", "by tomorrow", "yesterday", "last night"). */
const NOISE_WHEN = /\b(?:today|tonight|tomorrow|yesterday|this (?:morning|afternoon|evening|week|weekend)|(?:at|before|by|over|for) the weekend|next week|last (?:night|week)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/i;
/** A request that says when: a day in words, a date ("October 20, 2023", "2023-10-20", "09/10", "the 18th") or a clock time ("10:00 AM", "2pm"). */
const NAMES_WHEN = new RegExp(`${NOISE_WHEN.source}|\\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.? \\d{1,2}\\b|\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b\\d{1,2}/\\d{1,2}\\b|\\b\\d{1,2}(?:st|nd|rd|th)\\b|\\b\\d{1,2}(?::\\d{2})?\\s*(?:am|pm)\\b|\\b\\d{1,2}:\\d{2}\\b`, 'i');

/** Draws of a whole noisy query before one that says nothing twice is given up on (the last draw is kept). */
const REPEAT_DRAWS = 8;
/** Short words any sentence has: one of these twice is no repeat. */
const GLUE = new Set("this that with have your what when then them they there their from just been were will would could should about into some more very much also it's i've i'll i'd that's don't does done make made like want need please thing things".split(' '));

/** Words a two-word phrase of any sentence is made of ("it is", "to the", "I am"): such a pair twice is no repeat. */
const PAIR_STOP = new Set("a an the i i'm i've i'd me my we our you your it it's its is are was be been am to of in on at for with and or but so if as that this just not no do".split(' '));

/** Short words that head a stock phrase ("a bit of", "but let me try"): twice is the phrase twice. */
const PHRASE_SHORT = new Set(['bit', 'let', 'lol', 'sec']);

/**
 * Whether the noise says something twice: the same word of its own in two parts ("… catching up - anyway.
 * … but anyway.", "long story short" twice, "so here goes" twice, "a bit of context … a bit of a mess"), or two
 * pleas for pardon ("Apologies for the typos … sorry for going on!"). Parts are drawn each on its own, so
 * the whole is checked: words the request has as often are not the noise's.
 */
function saysTwice(query: string, noisy: string): boolean {
  const words = (t: string) => t.toLowerCase().replace(/\b([a-z]+) (?:by|and|after|to) \1\b/g, ' ').match(/[a-z]+(?:'[a-z]+)?/g) ?? [];
  const had = new Map<string, number>();
  for (const w of words(query)) had.set(w, (had.get(w) ?? 0) + 1);
  const added = new Map<string, number>();
  for (const w of words(noisy)) added.set(w, (added.get(w) ?? 0) + 1);
  // A phrase of two words, one of them no stock word, said twice by the noise ("the car has been making me
  // nervous … Main thing is the car stuff", bfcl_multi_turn_base_54 on h-lead30's l3): short nouns too.
  const pairs = (t: string) => {
    const w = words(t);
    const out = new Map<string, number>();
    for (let i = 0; i + 1 < w.length; i++) if (!(PAIR_STOP.has(w[i]) && PAIR_STOP.has(w[i + 1]))) out.set(`${w[i]} ${w[i + 1]}`, (out.get(`${w[i]} ${w[i + 1]}`) ?? 0) + 1);
    return out;
  };
  const hadPairs = pairs(query);
  for (const [p, n] of pairs(noisy)) if (n - (hadPairs.get(p) ?? 0) > 1) return true;
  let pleas = 0;
  for (const [w, n] of added) {
    const extra = n - (had.get(w) ?? 0);
    if (extra <= 0) continue;
    if (PLEA.test(w)) pleas += extra;
    if (extra > 1 && (w.length >= 4 || PHRASE_SHORT.has(w)) && !GLUE.has(w)) return true;
  }
  return pleas > 1;
}

export function noisyRules(input: NoisyQueryInput, rng: Rng, options: NoisyOptions = {}): NoisyQueryOutput & { typos: { from: string; to: string }[] } {
  // Drawn again while the noise says a word or a plea twice (noise_repeats_itself, 30/1,000 on g0).
  let out = drawNoisy(input, rng, options);
  for (let i = 1; i < REPEAT_DRAWS && saysTwice(input.query, out.query); i++) out = drawNoisy(input, rng, options);
  return out;
}

function drawNoisy(input: NoisyQueryInput, rng: Rng, options: NoisyOptions = {}): NoisyQueryOutput & { typos: { from: string; to: string }[] } {
  // A request that opens with its own greeting keeps it first, whole: no "Ugh, the wifi is crawling as
  // we speak! Hey there, I need…", no typo in it ("Hey tehere").
  const own = options.greeted ? null : OPENING_GREETING.exec(input.query);
  const rest = own ? input.query.slice(own[0].length).replace(/^[a-z]+\b(?![._\d'])/, (w) => w.charAt(0).toUpperCase() + w.slice(1)) : '';
  // A value the rewrite must keep verbatim that takes in the greeting (a quoted clause "Hey there, I need…") keeps it where it is.
  if (own && rest.trim() && input.protected.every((v) => rest.includes(v))) {
    const inner = drawNoisy({ ...input, query: rest }, rng, { ...options, greeted: true });
    const greeting = own[0].trim();
    return { ...inner, query: `${/[,.]$/.test(greeting) ? greeting.slice(0, -1) : greeting}${/!$/.test(greeting) ? '' : '!'} ${inner.query}` };
  }
  const avoid = [...(options.avoid ?? []), ...(input.avoid ?? [])];
  const followUp = options.followUp ?? input.followUp ?? false;
  const topic = topicOf(input.query);
  const part: Part = rng.pick(['morning', 'afternoon', 'evening', 'any', 'any']);
  // How many kinds of noise: sometimes none but typos, mostly one or two.
  const n = weighted(rng, [
    [0, 8],
    [1, 47],
    [2, 35],
    [3, 10],
  ] as [number, number][]);
  const { text: typoed, typos } = n === 0 || rng.chance(0.7) ? addTypos(input.query, input.protected, rng, input.query.length > 160 ? 3 : 2, avoid) : { text: input.query, typos: [] };
  const kinds = new Set<Kind>();
  const allowed = KIND_WEIGHTS.filter(([k]) => (k !== 'typing' || typos.length > 0) && (k !== 'checked' || typos.length === 0));
  for (let i = 0; i < Math.max(n, typos.length ? 0 : 1) && kinds.size < allowed.length; i++) {
    const k = weighted(rng, allowed.filter(([x]) => !kinds.has(x)));
    if (k === 'checked' && kinds.has('casual')) continue;
    if (k === 'casual' && kinds.has('checked')) continue;
    kinds.add(k);
  }
  // Small slips in the added text too, now and then, never in a number (it has none).
  const sloppy = (t: string) => (typos.length && rng.chance(0.15) ? addTypos(t, [], rng, 1, avoid).text : t);

  let body = typoed;
  if (kinds.has('casual')) body = casual(body, input.protected, rng);
  if (kinds.has('filler') && rng.chance(0.5)) body = hedgeTail(body, input.protected, rng);
  else if (kinds.has('filler')) {
    const ran = runOn(body, input.protected);
    body = ran ? `${pk(rng, FILLER_LEAD)} ${ran}` : hedgeTail(body, input.protected, rng);
  }
  const lead: string[] = [];
  const tail: string[] = [];
  // A request that leaves a quote open ("password is 'SecurePass123") takes nothing after it: the quote would swallow it.
  const open = unclosedQuote(input.query);
  const between = (s: string) => {
    // Between two sentences of the request, or after it.
    if (open) lead.push(sloppy(s));
    else if (rng.chance(0.5)) body = insertAside(body, sloppy(s), input.protected, rng);
    else tail.push(sloppy(s));
  };
  if (kinds.has('ability')) lead.push(followUp ? pk(rng, input.afterChat ? ABILITY_ANOTHER : ABILITY_AGAIN) : pk(rng, ABILITY_FRESH));
  // Sentences of the old skeleton's parts pushed to lead or tail (a doubting opener, a relative's call, a self-check).
  let skeletal = 0;
  if (kinds.has('doubt')) {
    lead.push(doubt(rng));
    skeletal++;
  }
  // A request that says when ("rooms free from 10:00 AM to 12:00 PM tomorrow") gets no other day or
  // time from the noise ("the team need somewhere to meet today"): the model could take that one. A
  // sentence is drawn again until it names none; one that always does is left out.
  const when = NAMES_WHEN.test(input.query);
  const timeless = (make: () => string): string | undefined => {
    if (!when) return make();
    for (let i = 0; i < 12; i++) {
      const s = make();
      if (!NOISE_WHEN.test(s)) return s;
    }
    return undefined;
  };
  // A request that gives its own reason ("I'm working on a research project about …", "As an event
  // organizer, I'm planning a conference") gets no second one: "I'm researching a subject for a
  // project" beside it echoes it, "I'm trying to get my finances in order" contradicts it
  // (noise_reason_beside_own).
  const ownReason = STATES_OWN_REASON.test(input.query);
  if (kinds.has('reason') && !ownReason) {
    const after = !rng.chance(0.75);
    const s = timeless(() => reason(rng, topic, after));
    if (s) (after ? tail : lead).push(sloppy(s));
  }
  const context = kinds.has('context') ? timeless(() => contextLine(rng, topic, ownReason)) : undefined;
  if (context) between(context);
  const aside = kinds.has('personal') ? timeless(() => personal(rng, part)) : undefined;
  if (aside) {
    const before = lead.length + tail.length;
    between(aside);
    skeletal += lead.length + tail.length - before;
  }
  if (kinds.has('interruption')) (rng.chance(0.5) ? lead : tail).push(sloppy(interruption(rng)));
  if (kinds.has('typing')) (rng.chance(0.4) ? lead : tail).push(typingNote(rng));
  if (kinds.has('restate')) {
    const said = restate(rng, input.query);
    if (said) tail.push(said);
    // A request of more parts than its subjects name gets no summary (noise_summary_narrows): a reason for
    // asking takes its place, so the noise's frames stay as varied as before (noise_frame_top_share).
    else if (!kinds.has('reason') && !ownReason) {
      const s = timeless(() => reason(rng, topic, true));
      if (s) tail.push(sloppy(s));
    }
  }
  if (kinds.has('checked')) {
    tail.push(pk(rng, CHECKED));
    skeletal++;
  }
  // A greeting fits the part of the day; "again" only where the user spoke before, and a later turn of
  // a conversation under way is never greeted afresh ("Hi! Also, create a file…").
  if (rng.chance(kinds.has('casual') ? 0.15 : 0.3) && !(followUp && kinds.has('ability'))) {
    const greeting = followUp ? pk(rng, GREET_AGAIN) : rng.pick([...GREET.any, ...GREET[part]]);
    // A request greeting in its own words is greeted once, by the user.
    if (!options.greeted) lead.unshift(greeting);
  }
  // A draw whose kinds came to no sentence of substance — only typos beyond the few meant so (a reason
  // skipped beside the request's own, no time-free line found, a casual edit or a short greeting that
  // adds no sentence), or only the old skeleton's parts (a doubting opener, a relative's call, a
  // self-check) — says what the request is about, from the subjects it names: noise_frame_top_share
  // ("typos only", 159) and noise_skeleton_share (0.195) had risen on g0.
  const grounded = lead.length + tail.length - skeletal > 0 || !!context;
  if (n > 0 && !grounded) {
    const said = restate(rng, input.query);
    const line = said ? undefined : timeless(() => contextLine(rng, topic, ownReason));
    if (said) tail.push(said);
    else if (line) between(line);
  }
  if (rng.chance(0.35)) tail.push(sloppy(signOff(rng)));
  body = body.trim();
  // Nothing after a quote left open: the sign-off or aside would read as the quoted value.
  if (open) tail.length = 0;
  // In a casual message the last full stop often goes (a question mark stays: it says what is asked).
  if (kinds.has('casual') && tail.length === 0 && /[a-z0-9'")]\.$/.test(body) && !overlaps(body.length - 1, body.length, protectedSpans(body, input.protected)) && rng.chance(0.7)) body = body.slice(0, -1);
  // Text after a request that ends without a stop starts a new sentence: the request gets its stop.
  if (tail.length && /[A-Za-z0-9'"`)\]]$/.test(body)) body = `${body}.`;
  let query = [...lead, body, ...tail].join(' ');
  // Casual touches that found nothing to change: say why the user asks instead.
  // (A doubting opener says no time, where every reason drawn would.)
  if (query === input.query) query = `${(ownReason ? undefined : timeless(() => reason(rng, topic))) ?? doubt(rng)} ${query}`;
  const lost = missingValues(query, input.protected);
  // Cannot happen with the spans respected; if it does, the rules are wrong and must not ship a broken case.
  if (lost.length) throw new Error(`noisy-query rules lost protected values ${toJson(lost)}`);
  return { query, typos };
}

export const noisyQueryRole: RoleSpec<NoisyQueryInput, NoisyQueryOutput> = {
  role: 'noisy-query',
  schemaName: 'noisy_query',
  schema: NoisyQueryOutput,
  template: {
    id: 'noisy-query/fig18',
    version: '3',
    render: (input) => [
      {
        role: 'system',
        content:
          'You are a data engineer who makes tool-use benchmark queries harder while keeping them solvable. ' +
          'Rewrite the user query below so that it sounds like a real, imperfect user: make it more verbose and vague, ' +
          'add irrelevant details and small talk, and introduce a few typos. The rewritten query must still contain the ' +
          'complete task, with every requirement and every concrete value, so that it can be completed without ambiguity. ' +
          'Never add new requirements or change what is asked. ' +
          'Reply in JSON: {"query": string}.',
      },
      {
        role: 'user',
        content:
          `Original query:\n${input.query}\n\n` +
          (input.protected.length
            ? `These values must appear in the rewritten query exactly as written (no typos inside them, same spelling, case and format):\n${input.protected.map((v) => `- ${toJson(v)}`).join('\n')}\n`
            : 'The query states no argument values that must be kept verbatim.\n') +
          'Also keep every quoted string, file or path name, number, date and proper name of the original exactly as it is, ' +
          'and put no typo in a number word or ordinal ("three", "first") or in a word the task needs.\n' +
          'Vary the noise as a real user would (a reason for asking, filler, a casual tone, an aside about the topic) and keep its parts consistent with each other. ' +
          (input.afterChat ? 'The user has written earlier in this conversation, about something unrelated: this is a new request, not the next step of an earlier one.\n' : input.followUp ? 'The user has written earlier in this conversation.\n' : 'This is the first message of the conversation: do not greet as if returning.\n'),
      },
    ],
  },
  offline: {
    version: NOISY_RULES_VERSION,
    run: (input, rng) => ({ query: noisyRules(input, rng).query }),
  },
};
