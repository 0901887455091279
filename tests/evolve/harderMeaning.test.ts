/**
 * Harder docs that are harder, not only reworded, and that still say what their tool acts on
 * (h-evol27). The docs are real T-Eval and BFCL docs from the default build: GorillaFileSystem.echo,
 * whose rewrite "Write content at current directory or display it in the terminal." had lost "to a
 * file" (harder_tools_object_dropped, 129/1,000 on g0); TimeTool's docs, whose every rewrite only
 * rewords; FilmTMDB.get_movie_reviews, one of whose six variants at seed 42 only rewords
 * (harder_tools_wording_only, 20/1,000 on g0).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import type { TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { leftToFieldDocs } from '../../pipeline/quality/toolDocs.js';
import { droppedActionObjects, harderToolsMoodMismatch, harderToolsObjectDropped, moodMismatches } from '../../pipeline/quality/measures/harderMeaning.js';
import { harderToolsWordingOnly } from '../../pipeline/quality/measures/text.js';
import { HARDER_VARIANTS, harderInput, harderRules, harderVariants } from '../../stages/evolve/roles/harderTools.js';
import { fixtureCases } from './fixtures/cases.js';
import { runEvolveVerify, type EvolveRun } from './fixtures/harness.js';

const DOCS: ToolDoc[] = JSON.parse(readFileSync(new URL('./fixtures/harderMeaningDocs.json', import.meta.url), 'utf8'));
const doc = (name: string) => DOCS.find((d) => d.name === name)!;
const OTHER_DOCS: ToolDoc[] = JSON.parse(readFileSync(new URL('./fixtures/harderDocs.json', import.meta.url), 'utf8'));

describe('harder_tools_object_dropped', () => {
  it('flags a rewrite that no longer says what the tool acts on', () => {
    expect(droppedActionObjects(doc('GorillaFileSystem.echo'), 'Write content at current directory or display it in the terminal.').map((o) => o.phrase)).toEqual(['to file']);
    // "Search Google Scholar.": what is searched for (scholarly articles) is said by no required parameter.
    expect(droppedActionObjects(doc('GoogleScholar.search_google_scholar'), 'Search Google Scholar.').map((o) => o.head)).toEqual(['articles']);
    expect(droppedActionObjects(doc('AirbnbSearch.search_property_by_place'), 'Takes params to search on Airbnb.').map((o) => o.head)).toEqual(['properties']);
  });

  it('passes terser or vaguer docs that keep it, or leave it to a required parameter or, for a later "and get …", to the return fields', () => {
    expect(droppedActionObjects(doc('GorillaFileSystem.echo'), 'Writes content to a file at current directory or displays it in the terminal.')).toEqual([]);
    expect(droppedActionObjects(doc('GoogleScholar.search_google_scholar'), 'Look up scholarly articles on Google Scholar.')).toEqual([]);
    expect(droppedActionObjects(doc('TwitterAPI.authenticate_twitter'), 'Authenticate a user.')).toEqual([]);
    // The folder is the required parameter `folder`.
    expect(droppedActionObjects(doc('GorillaFileSystem.cd'), 'Change the current working directory.')).toEqual([]);
    expect(droppedActionObjects(doc('ArxivSearch.get_arxiv_article_information'), 'Run Arxiv search.')).toEqual([]);
    // "the user reviews": the tagger reads "reviews" as a verb; the object is still the reviews.
    expect(droppedActionObjects(doc('FilmTMDB.get_movie_reviews'), 'Get the reviews for a movie.')).toEqual([]);
  });

  it('is a case measure over harder-doc cases, a mixed case\'s distractors read against their own originals', () => {
    const echo = doc('GorillaFileSystem.echo');
    const base = { id: 'b', tools: [echo] } as unknown as TestCase;
    const evolved = (description: string) => ({ id: 'e', tools: [{ ...echo, description }], evolution: { baseCaseId: 'b', details: { harderTools: {} } } }) as unknown as TestCase;
    const ctx = { baseCase: (id: string) => (id === 'b' ? base : undefined), trajectory: () => undefined };
    expect(harderToolsObjectDropped.check(evolved('Write content at current directory or display it in the terminal.'), ctx)).toMatch(/drops "to file"/);
    expect(harderToolsObjectDropped.check(evolved('Writes content to a file at current directory or displays it in the terminal.'), ctx)).toBeNull();
    expect(harderToolsObjectDropped.check({ ...evolved('x'), evolution: { baseCaseId: 'b', details: {} } } as unknown as TestCase, ctx)).toBeUndefined();
  });
});

describe('harder_tools_mood_mismatch', () => {
  it('flags two verbs of one subject in two moods, not the original\'s own, not a doc opening with no verb', () => {
    expect(moodMismatches('Write content to a file at current directory or displays it in the terminal.')).toEqual([['Write', 'displays']]);
    expect(moodMismatches('Makes a ticket in the system and queue it.')).toEqual([['Makes', 'queue']]);
    expect(moodMismatches('Runs Arxiv search and get the article meta information.')).toEqual([['Runs', 'get']]);
    expect(moodMismatches('Creates a ticket in the system and queues it.')).toEqual([]);
    expect(moodMismatches('Search for places nearby a location, within a given radius, and return the results into a list.')).toEqual([]);
    expect(moodMismatches('This function retrieves the reviews and returns them.')).toEqual([]);
    const ticket = OTHER_DOCS.find((d) => d.name === 'TicketAPI.create_ticket')!;
    const base = { id: 'b', tools: [ticket] } as unknown as TestCase;
    const evolved = (description: string) => ({ id: 'e', tools: [{ ...ticket, description }], evolution: { baseCaseId: 'b', details: { harderTools: {} } } }) as unknown as TestCase;
    const ctx = { baseCase: () => base, trajectory: () => undefined };
    expect(harderToolsMoodMismatch.check(evolved('Makes a ticket in the system and queue it.'), ctx)).toMatch(/"Makes" … "queue"/);
    expect(harderToolsMoodMismatch.check(evolved('Makes a ticket in the system and queues it.'), ctx)).toBeNull();
  });

  it('the rules give a second verb the opening verb\'s mood (harder-tools-18 wrote "… or displays it" after "Write" in 63 and "Makes … and queue it" in 10 of 1,000 cases on b2)', () => {
    for (const tool of [doc('GorillaFileSystem.echo'), OTHER_DOCS.find((d) => d.name === 'TicketAPI.create_ticket')!]) {
      const outs = new Set<string>();
      for (let seed = 0; seed < 20; seed++) for (let v = 0; v < HARDER_VARIANTS; v++) outs.add(harderRules(harderInput([tool]), new Rng(seed, `tool:${tool.name}`, 'harder-tools', String(v))).tools[0].description);
      for (const out of outs) expect(moodMismatches(out), out).toEqual([]);
      // Both moods still occur: the fix agrees the verbs, it does not freeze one wording.
      expect([...outs].some((o) => /^[A-Z][a-z]*s\b/.test(o)) && [...outs].some((o) => /^[A-Z][a-z]*[^s]\b/.test(o))).toBe(true);
    }
  });
});

describe('harder-tools rules', () => {
  it('never leave echo\'s "to a file" to its optional file_name (harder-tools-17 did in 129 of 1,000 cases on g0)', () => {
    const echo = doc('GorillaFileSystem.echo');
    for (let seed = 0; seed < 20; seed++) {
      for (let v = 0; v < HARDER_VARIANTS; v++) {
        const out = harderRules(harderInput([echo]), new Rng(seed, `tool:${echo.name}`, 'harder-tools', String(v))).tools[0].description;
        expect(out).toMatch(/\bto a file\b/);
        expect(droppedActionObjects(echo, out)).toEqual([]);
      }
    }
  });

  it('say which variants can be made harder: none of TimeTool\'s, every one of Email-like docs with a fact a field states', () => {
    expect(harderVariants(doc('TimeTool.get_weekday'), 1)).toEqual([]);
    expect(harderVariants(doc('TimeTool.get_curr_time'), 1)).toEqual([]);
    const reviews = doc('FilmTMDB.get_movie_reviews');
    // A seed whose six variants are not all harder (harder-tools-22's purpose frames moved the draws: 42's six all are now).
    const some = harderVariants(reviews, 83);
    expect(some.length).toBeGreaterThan(0);
    expect(some.length).toBeLessThan(HARDER_VARIANTS);
    for (const v of some) expect(leftToFieldDocs(reviews, harderRules(harderInput([reviews]), new Rng(83, `tool:${reviews.name}`, 'harder-tools', String(v))).tools[0].description).length).toBeGreaterThan(0);
  });
});

describe('evolve: harder docs only where a doc can be made harder', () => {
  const template = fixtureCases().find((c) => c.kind === 'external')!;
  const clone = (i: number, tools: ToolDoc[]): TestCase => ({ ...template, id: `${template.id}-c${i}`, tools });
  const timeOnly = [0, 1, 2].map((i) => clone(i, [doc('TimeTool.get_curr_time'), doc('TimeTool.get_weekday')]));
  const reviews = Array.from({ length: 14 }, (_, i) => clone(10 + i, [doc('TimeTool.get_curr_time'), doc('FilmTMDB.get_movie_reviews')]));
  const bases = new Map([...timeOnly, ...reviews].map((c) => [c.id, c]));
  let run: EvolveRun;
  beforeAll(async () => {
    run = await runEvolveVerify([...timeOnly, ...reviews], { target: 'evolve', config: { evolve: { internal: 0, external: 200 } } });
  }, 120_000);
  const harder = () => run.evolved.map((a) => a.content).filter((c) => c && c.evolution!.details!.harderTools !== undefined);

  it('takes no base case whose every listed doc can only be reworded', () => {
    expect(harder().length).toBeGreaterThan(10);
    expect(harder().filter((c) => c.evolution!.baseCaseId.match(/-c[012]$/))).toEqual([]);
    expect(run.logs.join('\n')).toMatch(/no harder tools or mixed item takes .*external\/\w+: [1-3]/);
  });

  it('leaves a fact to a field doc in every case, taking another variant where the case\'s drew only rewording', () => {
    const ctx = { baseCase: (id: string) => bases.get(id), trajectory: () => undefined };
    for (const c of harder()) expect(harderToolsWordingOnly.check(c, ctx), c.id).toBeNull();
  });
});
