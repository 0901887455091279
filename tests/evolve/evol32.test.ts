/**
 * h-evol32's findings over the evolved cases of g0:
 * - a noisy summary narrowing a request of several parts to one of its subjects ("Basically, it's the
 *   location stuff I'm asking about." after "Plan an event at … Create a presentation …";
 *   noise_summary_narrows 115/790);
 * - a long-context customer saying "Yes." ten times in one café visit (long_context_customer_line_repeats
 *   968/1,000) and "That will be no problem." granting an order for the café (18 cases);
 * - a harder-tools list whose rewrites open in two moods ("Cancels an order." beside "Fund the account.";
 *   harder_tools_list_mood_mixed 559/1,000).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import type { TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { asksOf, noiseSummaryNarrows, summaryNarrows } from '../../pipeline/quality/measures/noise.js';
import { noisyRules } from '../../stages/evolve/roles/noisyQuery.js';
import { contextCustomerLineRepeats, customerLineRepeated } from '../../pipeline/quality/measures/longContextCustomerRepeats.js';
import { speaksForCafe } from '../../pipeline/quality/measures/longContextCafeVoice.js';
import { confirmationFits, confirmationMisfits, fitConfirmation, withoutGrant } from '../../pipeline/dialogueRules.js';
import { contextPool, dialoguesAt, LineUsage, MAX_SAID, pickDialogues } from '../../sources/dialogue/context.js';
import { loadCorpus } from '../../sources/dialogue/corpus.js';
import { harderToolsListMoodMixed, openingMood } from '../../pipeline/quality/measures/harderMeaning.js';
import { inListMood } from '../../stages/evolve/roles/harderTools.js';

const NONE = { trajectory: () => undefined, baseCase: () => undefined };
const EVENT = "Plan an event at '123 Main St, New York'. Discover nearby catering services and the top 3 catering services in the area. Create a presentation titled 'Event Planning' with a text and image page for each catering service. Save the presentation as 'outputs/event_planning.pptx'.";
const MAIL = "I'd like to view the emails in my inbox first. Subsequently, send an email titled 'Urgent' to john.doe@example.com. Lastly, can you tell me the current time?";

describe('noise_summary_narrows', () => {
  it('flags a summary naming some of the asks, passes one naming every ask or a one-ask request', () => {
    expect(asksOf(EVENT).length).toBe(4);
    expect(summaryNarrows(EVENT, `${EVENT} Basically, it's the location stuff I'm asking about.`)).toMatch(/names place only, where the request also asks/);
    expect(summaryNarrows(MAIL, `${MAIL} Just to be clear, help with the message and the location stuff, please.`)).toMatch(/current time/);
    expect(summaryNarrows(MAIL, `${MAIL} Main thing is the messages.`)).toBeDefined();
    const WEATHER = 'What is the weather forecast for Paris tomorrow? Also tell me the humidity there.';
    expect(summaryNarrows(WEATHER, `${WEATHER} So yeah, it's the weather I'm after.`)).toBeUndefined();
    expect(summaryNarrows('Find the weather in Paris.', 'Find the weather in Paris. Main thing is the weather.')).toBeUndefined();
    const tc = { id: 'x~noisy_query', messages: [{ role: 'system', content: 's' }, { role: 'user', content: `${EVENT} Recap: I'd like the location stuff sorted.` }], tools: [], evolution: { strategy: 'noisy_query', baseCaseId: 'b', applied: [], details: { noisyQuery: { originalQuery: EVENT } } } } as unknown as TestCase;
    expect(noiseSummaryNarrows.check(tc, NONE)).toBeTruthy();
  });
  it('the rules sum up by subjects only a request whose every sentence names one (noisy-query-41 did not)', () => {
    let summaries = 0;
    for (const query of [EVENT, MAIL]) {
      for (let i = 0; i < 400; i++) {
        const out = noisyRules({ query, protected: [] }, new Rng(3, `evol32-${i}`)).query;
        expect(summaryNarrows(query, out), out).toBeUndefined();
        if (/\b(?:the location stuff|the place question|the message|the messages|the messaging part)\b/.test(out.slice(query.length - 20))) summaries++;
      }
    }
    expect(summaries).toBe(0);
    // int32: a reason for asking never opens "Long story short," (a summing-up's opener), on 413_0's request of two subjects either.
    const FILES = "Read the content of the file at `data_v2/template_data/movies.txt`. Based on the content, find information about the movie director's biography. After that, write a short summary of the director's life and works to the file at `outputs/director_summary.txt`.";
    for (let i = 0; i < 2000; i++) {
      const out = noisyRules({ query: FILES, protected: [] }, new Rng(3, `files-${i}`)).query;
      expect(summaryNarrows(FILES, out), out).toBeUndefined();
    }
    // A request whose sentences all name its subjects is still summed up now and then.
    const TRIP = 'Find me flights from Boston to Paris. Also check the weather forecast in Paris for next week.';
    const outs = Array.from({ length: 300 }, (_, i) => noisyRules({ query: TRIP, protected: [] }, new Rng(3, `trip-${i}`)).query);
    expect(outs.some((o) => /(?:the trip|the travel (?:bits|plans)).*(?:weather|forecast)/.test(o))).toBe(true);
  });
});

describe('long context: a customer who does not loop, an assistant that does not grant', () => {
  it('long_context_customer_line_repeats flags a line said three times, not twice', () => {
    expect(customerLineRepeated(['Yes.', 'I want a latte.', 'Yes', 'yes!'])).toMatch(/3 times: "yes"/);
    expect(customerLineRepeated(['Yes.', 'Yes it is.', 'Yes', "That's right."])).toBeUndefined();
    const tc = (lines: string[]) => ({ id: 'e', messages: [{ role: 'system', content: 's' }, ...lines.flatMap((l) => [{ role: 'user', content: l }, { role: 'assistant', content: JSON.stringify({ name: 'FinishAction', args: 'OK.' }) }]), { role: 'user', content: 'task' }], groundTruth: [], evolution: { baseCaseId: 'b', details: { longContext: { insertedAt: 1, messages: lines.length * 2, starts: [0] } } } }) as unknown as TestCase;
    expect(contextCustomerLineRepeats.check(tc(['Yes', 'Yes.', 'yes']), NONE)).toMatch(/3 times/);
    expect(contextCustomerLineRepeats.check(tc(['Yes', 'Yes it is.', 'yes']), NONE)).toBeNull();
  });
  it('the picker and the fitted answers keep every customer line to MAX_SAID (evolve 89 said "Yes." up to 13 times)', () => {
    const corpus = loadCorpus();
    const pool = contextPool(corpus, 1000);
    const usage = new LineUsage();
    for (let i = 0; i < 25; i++) {
      const rng = new Rng(11, `said-${i}`);
      const target = rng.int(2000, 4000);
      const ids = pickDialogues(pool, usage, rng, { target, minTokens: 2000, maxTokens: 4000, values: [] })!;
      expect(ids.length).toBeGreaterThan(5);
      const turns = dialoguesAt(corpus, ids, target).turns;
      expect(customerLineRepeated(turns.filter((t) => t.role === 'user').map((t) => t.content)), ids.join(' ')).toBeUndefined();
    }
    expect(MAX_SAID).toBe(2);
  });
  it('a fitted confirmation has another of the corpus\'s wordings for an insertion that said the first twice', () => {
    const asked = "So that's a latte with oat milk?";
    expect(fitConfirmation(asked, 'Yes it does.')).toBe("Yes, that's right.");
    expect(fitConfirmation(asked, 'Yes it does.', 1)).toBe("Yes, that's correct.");
    // Four since evolve 95 ("Yes, exactly." too): the echoes refitted since evolve 94 made three too few.
    expect(confirmationFits(asked, 'Yes it does.')).toBe(4);
    expect(fitConfirmation('Did I get that right?', 'Yes it is.', 1)).toBe('Yes, you got it.');
    for (let i = 0; i < 4; i++) expect(confirmationMisfits(asked, fitConfirmation(asked, 'Yes it does.', i))).toBeUndefined();
  });
  it('"That will be no problem." to an order is a promise for the café: flagged, and dropped by the rewrite', () => {
    expect(speaksForCafe("I'd love to get a decaffeinated Latte please.", "That will be no problem. So that's a decaffeinated latte?")).toMatch(/no problem/);
    expect(speaksForCafe("I'd love to get a decaffeinated Latte please.", "So that's a decaffeinated latte?")).toBeUndefined();
    expect(withoutGrant("I'd love to get a decaffeinated Latte please.", "That will be no problem. So that's a decaffeinated latte?")).toBe("So that's a decaffeinated latte?");
    expect(withoutGrant('Okay, thanks.', 'That will be no problem.')).toBe('That will be no problem.');
  });
});

describe('harder_tools_list_mood_mixed', () => {
  const tool = (name: string, description: string) => ({ name, description, required_parameters: [], optional_parameters: [], return_data: [] }) as unknown as ToolDoc;
  it('reads the opening mood', () => {
    expect(openingMood('Cancels an order.')).toBe('third');
    expect(openingMood('Fund the account.')).toBe('imperative');
    expect(openingMood('Like `X.get`, but ordered by rating.')).toBeUndefined();
  });
  it('flags a list rewritten in two moods whose original was in one', () => {
    const base = [tool('T.cancel', 'Cancel an order.'), tool('T.fund', 'Fund the account.'), tool('T.get', 'Get the watchlist.'), tool('T.place', 'Place an order.')];
    const ctx = { trajectory: () => undefined, baseCase: () => ({ tools: base }) as unknown as TestCase };
    const tc = (docs: string[]) => ({ id: 'x~harder_tools', tools: base.map((t, i) => ({ ...t, description: docs[i] })), evolution: { strategy: 'harder_tools', baseCaseId: 'b', applied: [], details: { harderTools: { changed: [] } } } }) as unknown as TestCase;
    expect(harderToolsListMoodMixed.check(tc(['Cancels an order.', 'Fund the account.', 'Gets the watchlist.', 'Place an order.']), ctx)).toMatch(/2 docs in the third person/);
    expect(harderToolsListMoodMixed.check(tc(['Cancels an order.', 'Funds the account.', 'Gets the watchlist.', 'Place an order.']), ctx)).toBeNull();
  });
  it('inListMood puts every rewrite in the mood most docs open in, untouched docs as they were', () => {
    const doc = (name: string, description: string) => ({ name, description, required_parameters: [], optional_parameters: [], return_data: [] });
    const docs = [
      { original: doc('T.cancel_order', 'Cancel an order of the user.'), after: 'Cancels an order.' },
      { original: doc('T.add_to_watchlist', 'Add a stock to the watchlist.'), after: 'Add a stock to the watchlist.' },
      { original: doc('T.get_watchlist', 'Get the watchlist of the user.'), after: 'Get the watchlist.' },
      { original: doc('T.create_ticket', 'Make a ticket in the system and queue it.'), after: 'Makes a ticket and queues it.' },
    ];
    expect(inListMood(docs, false)).toEqual(['Cancel an order.', 'Add a stock to the watchlist.', 'Get the watchlist.', 'Make a ticket and queue it.']);
    const third = [{ original: doc('T.get_x', 'Get x.'), after: 'Gets the x.' }, { original: doc('T.fetch_y', 'Fetch y.'), after: 'Fetches the y.' }, { original: doc('T.cancel_z', 'Cancel z.'), after: 'Cancel the z.' }];
    // A swap the draw checks refuse stays as drawn: "Notifies if …" loses the source's "Notify if …" condition.
    const notify = { original: doc('T.notify_price_change', 'Notify if there is a significant price change in the stocks.'), after: 'Notify if there is a significant price change.' };
    expect(inListMood([...third, notify], false)[3]).toBe('Notify if there is a significant price change.');
    expect(inListMood(third, false)).toEqual(['Gets the x.', 'Fetches the y.', 'Cancels the z.']);
    // The untouched "Add …" cannot change, so the imperative wins whatever the case's draw; without it, a tie goes to the draw.
    expect(inListMood(docs, true)).toEqual(inListMood(docs, false));
    const tie = docs.filter((_, i) => i !== 1);
    expect(inListMood(tie.slice(0, 2), true)).toEqual(['Cancels an order.', 'Gets the watchlist.']);
    expect(inListMood(tie.slice(0, 2), false)).toEqual(['Cancel an order.', 'Get the watchlist.']);
  });
});
