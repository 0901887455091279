import { describe, expect, it } from 'vitest';
import type { ChatMessage, TestCase } from '../../pipeline/schemas.js';
import type { QualityContext } from '../../pipeline/quality/types.js';
import {
  noiseAgainWithoutHistory,
  noiseAsideForeign,
  noiseHedgesRequest,
  noiseClash,
  noiseGreetingMidConversation,
  noiseFrameTop,
  noiseLowercaseI,
  noiseProofreadBesideTypos,
  noiseSkeletonOnly,
  skeletonDefect,
  noiseTypoInCountWord,
  noiseTypoInTaskWord,
  noiseTypoGarbled,
  noiseTyposAdjacent,
  noisePronounUnbound,
} from '../../pipeline/quality/measures/noise.js';
import { noiseClashes, skeletonOnly, typosOf } from '../../pipeline/quality/noiseShape.js';
import { noisyRules } from '../../stages/evolve/roles/noisyQuery.js';
import { noiseGrammarSlip, noiseSplitsSentence } from '../../pipeline/quality/measures/text.js';
import { Rng } from '../../pipeline/rng.js';

const NONE: QualityContext = { trajectory: () => undefined, baseCase: () => undefined };

function noisy(original: string, text: string, opts: { history?: boolean; args?: Record<string, unknown> } = {}): TestCase {
  const messages: ChatMessage[] = [{ role: 'system', content: 'You can call tools.\nTo use a tool' }];
  if (opts.history) messages.push({ role: 'user', content: 'First, list my files.' }, { role: 'assistant', content: '{"name": "ls", "args": {}}' }, { role: 'function', content: '{"files": []}' });
  messages.push({ role: 'user', content: text });
  return {
    id: 'n1',
    kind: 'internal',
    errorType: '',
    cot: false,
    trajectoryId: 't1',
    source: 'teval',
    k: 1,
    messages,
    tools: [],
    groundTruth: { name: 'News.search', args: opts.args ?? { query: 'lentil soup', count: 3 } },
    provenance: { methods: {}, parents: [] },
    evolution: { strategy: 'noisy_query', baseCaseId: 'b', applied: ['noisy_query'], details: { noisyQuery: { originalQuery: original } } },
  } as unknown as TestCase;
}

const Q = 'Please retrieve three articles about lentil soup and show the first one.';

describe('noise measures flag the old skeleton and its clashes, and pass real variety', () => {
  it('skeleton share: only opener, aside, self-check and sign-off vs a reason tied to the topic', () => {
    const skeleton = `Hello again, unclear if everything below is complete, but ${Q.charAt(0).toLowerCase()}${Q.slice(1)} My brother rang this evening about a wedding, so I'm behind. (Ah, I confirmed, yep, it reads right.) Thanks a lot, take care!`;
    expect(skeletonDefect(noisy(Q, skeleton))).toMatch(/only/);
    expect(noiseSkeletonOnly.score([noisy(Q, skeleton), noisy(Q, `For context, I'm reading up on soups. ${Q}`)], NONE)!.value).toBe(0.5);
    expect(skeletonDefect(noisy(Q, `I'm putting together some reading for a class on cooking. ${Q}`))).toBeNull();
    // Typos alone are no skeleton.
    expect(skeletonDefect(noisy(Q, Q.replace('retrieve', 'retreive')))).toBeNull();
    expect(skeletonOnly(Q, skeleton).kinds).toEqual(expect.arrayContaining(['doubt', 'relative', 'self-check', 'sign-off']));
  });

  it('clash: an appliance on the commute, a morning greeting beside "this evening", a trade off its trade', () => {
    expect(noiseClashes('Side note: the fridge broke during my commute.')).toHaveLength(1);
    expect(noiseClashes('Good morning. My brother rang this evening about a wedding.')[0]).toMatch(/morning/);
    // teval_query_272_1~mixed: "tonight" is the user's own plan, which a morning greeting does not contradict.
    const plan = "I'm craving Italian food tonight. Find out how far the first Italian restaurant is.";
    expect(noiseClashes(`Good morning. ${plan}`, plan)).toEqual([]);
    expect(noiseClashes(`Good morning. ${plan} My brother rang this evening.`, plan)[0]).toMatch(/morning/);
    expect(noiseClashes('My accountant came round at dawn to discuss lentil soup, so I am behind.').length).toBeGreaterThanOrEqual(2);
    expect(noiseClash.check(noisy(Q, `Good afternoon! ${Q} My brother rang this evening about the football, so I'm behind.`), NONE)).toMatch(/afternoon/);
    expect(noiseClash.check(noisy(Q, `Good evening! ${Q} My brother rang this afternoon about the football, so I'm behind.`), NONE)).toBeNull();
    expect(noiseClash.check(noisy(Q, `${Q} My accountant emailed earlier about some receipts.`), NONE)).toBeNull();
    // A typo in the topic is still the topic (teval_query_288_2~noisy_query: "a missing paecel").
    expect(noiseClashes('The courier emailed at lunchtime about a missing paecel, so I am behind.')).toEqual([]);
    expect(noiseClashes('The courier emailed at lunchtime about a missing pancake, so I am behind.')).toHaveLength(1);
    // Two letters swapped in a plural is still the topic (teval_query_96_1~noisy_query: "the invocies").
    expect(noiseClashes('My accountant phoned earlier to moan about the invocies, so I am frazzled.')).toEqual([]);
    expect(noiseClashes('My accountant phoned earlier to moan about the invasion, so I am frazzled.')).toHaveLength(1);
  });

  it('proofreading claim beside typos; "again" without history; spliced lower-case "i\'m"', () => {
    const typoed = Q.replace('retrieve', 'retreive').replace('articles', 'artcles');
    expect(typosOf(Q, typoed).map((t) => t.from)).toEqual(['retrieve', 'articles']);
    expect(noiseProofreadBesideTypos.check(noisy(Q, `${typoed} (Sorry, I double-checked and nothing needs changing.)`), NONE)).toMatch(/retreive/);
    expect(noiseProofreadBesideTypos.check(noisy(Q, `${Q} (Sorry, I double-checked and nothing needs changing.)`), NONE)).toBeNull();
    expect(noiseAgainWithoutHistory.check(noisy(Q, `Hello again. ${Q}`), NONE)).toMatch(/opens the conversation/);
    expect(noiseAgainWithoutHistory.check(noisy(Q, `Hello again. ${Q}`, { history: true }), NONE)).toBeNull();
    const own = "I'm after three articles about lentil soup.";
    expect(noiseLowercaseI.check(noisy(own, `Not sure this is clear, so i'm after three articles about lentil soup.`), NONE)).not.toBeNull();
    expect(noiseLowercaseI.check(noisy(own, `Not sure this is clear. I'm after three articles about lentil soup.`), NONE)).toBeNull();
  });

  it('a fresh greeting on a later turn; an aside about a subject the request does not have; "Looked it back", "will not stop non-stop", "Hi all."', () => {
    expect(noiseGreetingMidConversation.check(noisy(Q, `Hi! Also, ${Q}`, { history: true }), NONE)).toMatch(/"Hi!" opens user turn 2/);
    expect(noiseGreetingMidConversation.check(noisy(Q, `Hi again! ${Q}`, { history: true }), NONE)).toBeNull();
    expect(noiseGreetingMidConversation.check(noisy(Q, `Hi! ${Q}`), NONE)).toBeNull();
    const room = 'Could you please book a meeting room for today from 14:00 to 16:00? Also show the current booking status of all rooms.';
    expect(noiseAsideForeign.check(noisy(room, `${room} Honestly, I'm not the most efficient traveller.`), NONE)).toMatch(/travel aside "traveller"/);
    expect(noiseAsideForeign.check(noisy(room, `${room} Main thing is the booking, as above.`), NONE)).toBeNull();
    const blog = 'Being a travel blogger, find the three top-rated properties in Tokyo and show their reviews.';
    expect(noiseAsideForeign.check(noisy(blog, `${blog} What matters most is the booking, as above.`), NONE)).toMatch(/no booking/);
    expect(noiseAsideForeign.check(noisy(blog, `${blog} I'm not the most organised traveller.`), NONE)).toBeNull();
    // "the numbers" names maths or money: a request with either backs it.
    expect(noiseAsideForeign.check(noisy('Calculate the average of twelve values.', 'Calculate the average of twelve values. Main thing is the numbers, as above.'), NONE)).toBeNull();
    for (const slip of ['(Looked it back, it should all be there.)', 'Sorry, the dog next door will not stop non-stop.', 'Hi all.']) {
      expect(noiseGrammarSlip.check(noisy(Q, `${slip} ${Q}`), NONE), slip).not.toBeNull();
    }
    expect(noiseGrammarSlip.check(noisy(Q, `(I looked it over, it should all be there.) ${Q}`), NONE)).toBeNull();
  });

  it('typos in a count word or in a word the call uses', () => {
    expect(noiseTypoInCountWord.check(noisy(Q, Q.replace('three', 'threee')), NONE)).toMatch(/three/);
    expect(noiseTypoInCountWord.check(noisy(Q, Q.replace('first', 'fiorst')), NONE)).toMatch(/first/);
    expect(noiseTypoInCountWord.check(noisy(Q, Q.replace('retrieve', 'retreive')), NONE)).toBeNull();
    expect(noiseTypoInTaskWord.check(noisy(Q, Q.replace('lentil', 'lentl')), NONE)).toMatch(/lentil/);
    expect(noiseTypoInTaskWord.check(noisy(Q, Q.replace('articles', 'artcles')), NONE)).toBeNull();
  });
});

describe('the offline noisy-query rules make none of it (1,000 seeds)', () => {
  const queries = [
    'Please retrieve three articles about lentil soup and show the first one.',
    "I'm planning a trip to Rome. Find two hotels near the Colosseum for the second week of May.",
    'Move the report to the temp folder, then list the last five files in it.',
    'Calculate the average of twelve numbers and send the result to my manager.',
    'Could you please book a meeting room for a team meeting today from 14:00 to 16:00? Also, show the current booking status of all meeting rooms.',
  ];
  it('a hedge the noise adds doubts the value before it (teval_query_348_2: "3PM to 5PM, I think."): flagged; one the user wrote is theirs', () => {
    const q = 'Find an empty room within the time frame of 3PM to 5PM.';
    expect(noiseHedgesRequest.check(noisy(q, 'Find an empty room within the time frame of 3PM to 5PM, I think.'), NONE)).toMatch(/3PM to 5PM, I think\./);
    expect(noiseHedgesRequest.check(noisy(q, 'Find an empty room within the time frame of 3PM to 5PM, if possible.'), NONE)).toBeNull();
    const own = 'Book a room for tomorrow, I guess.';
    expect(noiseHedgesRequest.check(noisy(own, `Hi! ${own}`), NONE)).toBeNull();
    // An aside about the request, sharing only function words with it (bfcl_multi_turn_base_104~mixed).
    const fuel = 'Can you check how much fuel is left and fill the tank to one full tank?';
    expect(noiseHedgesRequest.check(noisy(fuel, `${fuel} Bit of an odd one, maybe.`), NONE)).toBeNull();
    expect(noiseHedgesRequest.check(noisy(fuel, 'Can you check how much fuel is left and fill the tank, maybe?'), NONE)).toMatch(/fill the tank, maybe/);
  });

  it('no clash, no proofreading claim beside typos, no "again" opening a conversation, no lower-case "i", no typo in a count or task word; varied frames', () => {
    const frames = new Map<string, number>();
    let skeleton = 0;
    for (let i = 0; i < 1000; i++) {
      const query = queries[i % queries.length];
      const history = i % 3 === 0;
      const args = { query: query.includes('lentil') ? 'lentil soup' : query.includes('Rome') ? 'Rome' : query.includes('meeting') ? 'meeting room' : 'report', count: 3 };
      const out = noisyRules({ query, protected: [], avoid: Object.values(args).map(String), followUp: history }, new Rng(11, `s${i}`, 'noise')).query;
      const tc = noisy(query, out, { history, args });
      for (const m of [noiseClash, noiseProofreadBesideTypos, noiseAgainWithoutHistory, noiseLowercaseI, noiseTypoInCountWord, noiseTypoInTaskWord, noiseGreetingMidConversation, noiseAsideForeign, noiseGrammarSlip, noiseHedgesRequest]) {
        expect(m.check(tc, NONE), `${m.id}: ${out}`).toBeNull();
      }
      if (skeletonDefect(tc)) skeleton++;
    }
    expect(skeleton / 1000).toBeLessThan(0.25);
    const all = queries.flatMap((query, q) => Array.from({ length: 100 }, (_, i) => noisy(query, noisyRules({ query, protected: [] }, new Rng(12, `f${q}-${i}`)).query)));
    const top = noiseFrameTop.score(all, NONE)!;
    expect(top.value).toBeLessThan(0.2);
    void frames;
  });
});

/** A mixed case: a café conversation inserted before the noisy task turn. */
function afterContext(original: string, text: string): TestCase {
  const tc = noisy(original, text);
  const cafe: ChatMessage[] = [
    { role: 'user', content: "Hi, could I get a large latte with oat milk?" },
    { role: 'assistant', content: 'Sure, a large oat latte. Anything else?' },
    { role: 'user', content: "That's all, thanks." },
    { role: 'assistant', content: 'Coming right up.' },
  ];
  tc.messages = [tc.messages[0], ...cafe, tc.messages[1]];
  (tc.evolution!.details as Record<string, unknown>).longContext = { insertedAt: 1, messages: cafe.length };
  return tc;
}

describe('noise after an inserted conversation, inside a sentence or quote, and grown words (reader m7, evo10)', () => {
  it('a fresh greeting right after an inserted conversation is flagged; "again" after it is not', () => {
    expect(noiseGreetingMidConversation.check(afterContext(Q, `Hiya! ${Q}`), NONE)).toMatch(/"Hiya!" opens user turn 3 \(after 2 of an inserted conversation\)/);
    expect(noiseGreetingMidConversation.check(afterContext(Q, `Hi again! ${Q}`), NONE)).toBeNull();
    expect(noiseAgainWithoutHistory.check(afterContext(Q, `Hi again! ${Q}`), NONE)).toBeNull();
  });

  it('an aside after "Inc." or inside an open quote splits the request; one between sentences does not', () => {
    const apple = 'What were the opening and closing prices of Apple Inc. stock on October 1, 2023?';
    expect(noiseSplitsSentence.check(noisy(apple, "What were the opening and closing prices of Apple Inc. Honestly, I'm usually better organised than this, I promise lol. stock on October 1, 2023?"), NONE)).toMatch(/abbreviation/);
    const login = "Log me in with username 'mthompson' and password is 'SecurePass123";
    expect(noiseSplitsSentence.check(noisy(login, `${login}. My boss messaged a moment ago to talk about the quarterly review. Thank you for helping, talk later`), NONE)).toMatch(/unclosed quote/);
    expect(noiseSplitsSentence.check(noisy(login, `My boss messaged a moment ago, so I'm frazzled. ${login}`), NONE)).toBeNull();
    expect(noiseSplitsSentence.check(noisy(apple, `${apple} Honestly, I'm usually better organised than this, I promise lol.`), NONE)).toBeNull();
  });

  it('a word grown by three letters is a garble, a slip is not', () => {
    const idea = 'I have an idea for the launch: initiate a call if rooms are available.';
    expect(noiseTypoGarbled.check(noisy(idea, idea.replace('idea', 'idaeidae')), NONE)).toMatch(/"idea" -> "idaeidae"/);
    expect(noiseTypoGarbled.check(noisy(idea, idea.replace('available', 'availailable')), NONE)).toMatch(/availailable/);
    expect(noiseTypoGarbled.check(noisy(idea, idea.replace('available', 'avialable').replace('initiate', 'intiate')), NONE)).toBeNull();
  });

  it('the rules put nothing after an abbreviation or an open quote, greet no conversation afresh, and grow no word (500 seeds)', () => {
    const apple = 'What were the opening and closing prices of Apple Inc. stock on October 1, 2023? Then tell me which was higher.';
    const login = "Log me in with username 'mthompson' and password is 'SecurePass123";
    const idea = 'I have an idea: initiate the check of which rooms are available. Please also list the available rooms.';
    for (let i = 0; i < 500; i++) {
      for (const [query, keep] of [[apple, ['Apple Inc.', 'October 1, 2023']], [login, ['mthompson', 'SecurePass123']], [idea, []]] as [string, string[]][]) {
        const out = noisyRules({ query, protected: keep, followUp: true }, new Rng(21, `e${i}`, 'noise')).query;
        const tc = afterContext(query, out);
        for (const m of [noiseSplitsSentence, noiseTypoGarbled, noiseGreetingMidConversation, noiseAgainWithoutHistory]) expect(m.check(tc, NONE), `${m.id}: ${out}`).toBeNull();
      }
    }
  });

  it('two slips side by side hide a phrase; slips apart do not, and the rules never make two (500 seeds)', () => {
    const q = 'Book it with access token abc123 and tell me the current rate of the market before you place the order.';
    expect(noiseTyposAdjacent.check(noisy(q, q.replace('with access token', 'withh accees tolen')), NONE)).toMatch(/"withh accees", "accees tolen"/);
    expect(noiseTyposAdjacent.check(noisy(q, q.replace('current rate', 'currnet rqte')), NONE)).toMatch(/currnet rqte/);
    expect(noiseTyposAdjacent.check(noisy(q, q.replace('access', 'accees').replace('market', 'makret')), NONE)).toBeNull();
    for (let i = 0; i < 500; i++) {
      const out = noisyRules({ query: q, protected: ['abc123'] }, new Rng(31, `a${i}`, 'noise')).query;
      expect(noiseTyposAdjacent.check(noisy(q, out), NONE), out).toBeNull();
    }
  });

  it('an opener before the request ends on no pronoun pointing at nothing; the rules never write one (500 seeds)', () => {
    const q = 'Book the 9am train to Leeds for tomorrow.';
    expect(noisePronounUnbound.check(noisy(q, `Can't tell whether the request covers it. ${q}`), NONE)).toMatch(/covers it/);
    expect(noisePronounUnbound.check(noisy(q, `Not sure whether the request covers everything. ${q}`), NONE)).toBeNull();
    // After the request "it" has the request to point at.
    expect(noisePronounUnbound.check(noisy(q, `${q} Hope that covers it.`), NONE)).toBeNull();
    for (let i = 0; i < 500; i++) {
      const out = noisyRules({ query: q, protected: [] }, new Rng(32, `u${i}`, 'noise')).query;
      expect(noisePronounUnbound.check(noisy(q, out), NONE), out).toBeNull();
    }
  });
});
