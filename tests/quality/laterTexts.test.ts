/**
 * A record's own text a later step copies under its label ("Overview: Cobb, a skilled thief…" on
 * the slide, a slide titled "Summary") is what the simulated details gave (grounded.ts textsLater),
 * and simulated_fact_contradicted_later counts the answers that give another (teval_query_477_2,
 * teval_query_431_2: "A thief who steals secrets from people's dreams…" before the slide's "Cobb…").
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../pipeline/schemas.js';
import { describedTexts, sameText } from '../../pipeline/quality/copiedFields.js';
import { simulatedFactContradicted, simulatedFactContradictedLater } from '../../pipeline/quality/measures/simulated.js';
import { toolSteps } from '../../pipeline/steps.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { contextOf, controlCaseAt, simulateTrajectory } from '../support/simulatedCases.js';

const COBB = "Cobb, a skilled thief who commits corporate espionage by infiltrating the subconscious of his targets is offered a chance to regain his old life as payment for a task considered to be impossible: 'inception', the implantation of another person's idea into a target's subconscious.";
const DREAMS = "A thief who steals secrets from people's dreams is offered his old life back if his team can plant an idea in a target's mind instead.";

describe('a record\'s text a later call copies under its label', () => {
  it('reads an "Overview:" line and a slide titled "Summary", not a short value or a writer\'s heading', () => {
    expect(describedTexts({ name: 'PPT.add_text_page', args: { title: 'Inception', bullet_items: `Genres: Action\nOverview: ${COBB}\nVote Average: 8.365` } })).toEqual([{ key: 'bullet_items', label: 'Overview', value: COBB }]);
    expect(describedTexts({ name: 'PPT.add_text_page', args: { title: 'Summary', bullet_items: COBB } })).toEqual([{ key: 'bullet_items', label: 'Summary', value: COBB }]);
    expect(describedTexts({ name: 'PPT.add_text_page', args: { title: 'Summary', bullet_items: 'Overview: Good film' } })).toEqual([]);
    expect(describedTexts({ name: 'PPT.add_text_page', args: { title: 'Premiere Date', bullet_items: 'July 15, 2010' } })).toEqual([]);
    // A title the text happens to contain ("inception") does not show it.
    expect(sameText(COBB, 'Inception')).toBe(false);
    expect(sameText(COBB, COBB.replace(/'/g, '"'))).toBe(true);
  });

  const messages = (overview: string): ChatMessage[] => [
    { role: 'system', content: 'tools' },
    { role: 'user', content: 'Make a slide about Inception with its overview.' },
    { role: 'assistant', content: JSON.stringify({ name: 'FilmTMDB.get_movie_details', args: { movie_id: 27205 } }) },
    { role: 'function', content: JSON.stringify({ id: 27205, title: 'Inception', overview, vote_average: 8.365 }) },
  ];
  const slide = { name: 'PPT.add_text_page', args: { title: 'Inception', bullet_items: `Overview: ${COBB}\nVote Average: 8.365` } };

  it('the measure flags a simulated overview the slide writes otherwise, and passes the one it copies', () => {
    const bad = messages(DREAMS);
    expect(simulatedFactContradicted(bad, slide, new Set([bad[3].content]))).toMatch(/answers overview "A thief who steals.*Overview: Cobb/);
    const good = messages(COBB.replace(/'/g, '"'));
    expect(simulatedFactContradicted(good, slide, new Set([good[3].content]))).toBeNull();
    // A recorded answer is the source's own.
    expect(simulatedFactContradicted(bad, slide, new Set())).toBeNull();
  });

  it('query_477_2: the simulated details give the overview the slide copies', () => {
    const [raw] = tevalTrajectories(['query_477_2']);
    const without = simulateTrajectory(structuredClone(raw), { carried: false });
    const t = simulateTrajectory(raw);
    const details = (x: typeof t) => JSON.parse(toolSteps(x).find((s) => s.step.action.name === 'FilmTMDB.get_movie_details')!.step.response!.content);
    const k = toolSteps(t).findIndex((s) => s.step.action.name === 'PPT.add_text_page') + 1;
    // The fact table alone gives its own premise, which the slide contradicts.
    expect(details(without).overview).not.toMatch(/^Cobb/);
    expect(simulatedFactContradictedLater.check(controlCaseAt(without, k), contextOf(without))).toMatch(/FilmTMDB.get_movie_details answers/);
    expect(details(t).overview).toMatch(/^Cobb, a skilled thief/);
    expect(simulatedFactContradictedLater.check(controlCaseAt(t, k), contextOf(t))).toBeNull();
  });
});
