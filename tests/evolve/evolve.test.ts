import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../pipeline/hash.js';
import { toolListFromSystemPrompt } from '../../pipeline/prompts/standard.js';
import { Rng } from '../../pipeline/rng.js';
import type { TestCase } from '../../pipeline/schemas.js';
import { countTokens } from '../../pipeline/tokens.js';
import { firstUserIndex, protectedValues, queryIndex, usedToolDocs } from '../../stages/evolve/caseParts.js';
import { conflictWith } from '../../pipeline/quality/sameFunction.js';
import { addTypos, noisyRules } from '../../stages/evolve/roles/noisyQuery.js';
import { signature } from '../../stages/verify/invariants.js';
import { evenSplit } from '../../stages/evolve/index.js';
import { HARDER_VARIANTS, mergeDescriptions } from '../../stages/evolve/roles/harderTools.js';
import { harderToolsFidelity, insertedSentences, isOneSided, nonDescriptionChanges, topInsertedSentences, distinctN, insertedText } from '../../pipeline/quality/text.js';
import { CONTEXT_MEASURES, contextSplitsTask, spokenTurns } from '../../pipeline/quality/measures/context.js';
import { fixtureCases } from './fixtures/cases.js';
import { runEvolveVerify, type EvolveRun } from './fixtures/harness.js';

const cases = fixtureCases();
const byId = new Map(cases.map((c) => [c.id, c]));
const CONFIG = { evolve: { internal: 20, external: 8 } };
let run: EvolveRun;

beforeAll(async () => {
  run = await runEvolveVerify(cases, { target: 'evolve', config: CONFIG });
}, 60_000);

function ofStrategy(s: string): TestCase[] {
  return run.evolved.filter((a) => a.status === 'ok' && a.content.evolution!.strategy === s).map((a) => a.content);
}

describe('evolve (offline rules, real runner)', () => {
  it('makes the paper\'s composition: per base variant, internal + external cases spread evenly over the five strategies, ids <base>~<strategy>, the ground truth unchanged', () => {
    expect(run.evolved.every((a) => a.status === 'ok')).toBe(true);
    for (const kind of ['internal', 'external'] as const) {
      for (const cot of [false, true]) {
        const pool = cases.filter((c) => c.kind === kind && c.cot === cot).length;
        const quota = evenSplit(kind === 'internal' ? 20 : 8, 5);
        ['long_context', 'extra_tools', 'noisy_query', 'harder_tools', 'mixed'].forEach((s, i) => {
          expect(ofStrategy(s).filter((c) => c.kind === kind && c.cot === cot)).toHaveLength(Math.min(quota[i], pool));
        });
      }
    }
    for (const a of run.evolved) {
      const e = a.content;
      const base = byId.get(e.evolution!.baseCaseId)!;
      expect(e.id).toBe(`${base.id}~${e.evolution!.strategy}`);
      expect(canonicalJson(e.groundTruth)).toBe(canonicalJson(base.groundTruth));
      expect(canonicalJson(e.erroneousAction ?? null)).toBe(canonicalJson(base.erroneousAction ?? null));
      expect(e.evolution!.applied).toEqual(e.evolution!.strategy === 'mixed' ? ['extra_tools', 'harder_tools', 'noisy_query', 'long_context'] : [e.evolution!.strategy]);
      expect(a.parents).toEqual([run.store.readStage('assemble').find((b) => b.itemId === base.id)!.key]);
      expect(e.provenance.methods.evolve).toMatch(/^rules:/);
    }
  });

  it('splits a total evenly over the strategies', () => {
    expect(evenSplit(1000, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(evenSplit(126, 5)).toEqual([26, 25, 25, 25, 25]);
  });

  it('keeps the base error-type distribution in each strategy\'s internal share', () => {
    const internal = cases.filter((c) => c.kind === 'internal' && !c.cot);
    const share = (list: TestCase[], t: string) => list.filter((c) => c.errorType === t).length / list.length;
    for (const s of ['long_context', 'mixed']) {
      const evolved = ofStrategy(s).filter((c) => c.kind === 'internal' && !c.cot);
      for (const t of ['', 'tool_select_error', 'tool_hallucination_error', 'parameters_key_error', 'parameters_value_error']) {
        // Largest-remainder allocation over error-type strata: within 1 case of proportional.
        expect(Math.abs(share(evolved, t) * evolved.length - share(internal, t) * evolved.length)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('long_context inserts 1k-3k tokens of pure dialogue before the task\'s first user turn, never between its turns', () => {
    for (const e of ofStrategy('long_context')) {
      const base = byId.get(e.evolution!.baseCaseId)!;
      const d = e.evolution!.details.longContext as { insertedAt: number; messages: number; tokens: number };
      const qb = firstUserIndex(base.messages);
      expect(d.insertedAt).toBe(qb);
      expect(contextSplitsTask.check(e, { trajectory: () => undefined, baseCase: () => undefined })).toBeNull();
      const inserted = e.messages.slice(qb, qb + d.messages);
      // The slice's own text is inside the bounds (assistant turns are then wrapped as FinishAction messages).
      expect(d.tokens).toBeGreaterThanOrEqual(1000);
      expect(d.tokens).toBeLessThanOrEqual(3000);
      // Two-sided: the user's turns and the assistant's replies (as FinishAction messages).
      expect(isOneSided(inserted)).toBe(false);
      expect(e.messages.slice(qb + d.messages)).toEqual(base.messages.slice(qb));
      expect(e.messages.slice(0, qb)).toEqual(base.messages.slice(0, qb));
    }
  });

  it('long_context inserts whole dialogues that read as one visit: no repeated reply, no dangling question, no refusal, a thought on every CoT reply', () => {
    const withContext = [...ofStrategy('long_context'), ...ofStrategy('mixed')];
    expect(withContext.some((c) => c.cot)).toBe(true);
    // Reported, not yet driven to 0 (the corpus's own checks after a misspelt order, e.g. "a Machiatto"): not asserted here.
    const reported = new Set(['long_context_confirms_nothing', 'long_context_readback_repeated']);
    const gated = CONTEXT_MEASURES.filter((m) => m.kind === 'case').filter((m) => !reported.has(m.id));
    for (const e of withContext) {
      for (const m of gated) expect(m.check(e, { trajectory: () => undefined, baseCase: () => undefined }), `${m.id} on ${e.id}`).toBeFalsy();
      const d = e.evolution!.details.longContext as { from: string[]; messages: number };
      // Whole dialogues: the insertion holds every turn of each dialogue it names.
      expect(d.from.length).toBeGreaterThan(1);
      if (e.cot) for (const t of spokenTurns(e)!) if (t.role === 'assistant') expect(t.thought!.length).toBeGreaterThan(20);
    }
  });

  it('extra_tools adds 3-8 pool tools, none the same function as a used tool, and the tool list still parses', () => {
    for (const e of ofStrategy('extra_tools')) {
      const base = byId.get(e.evolution!.baseCaseId)!;
      const baseNames = new Set(base.tools.map((t) => t.name));
      const added = e.tools.filter((t) => !baseNames.has(t.name));
      expect(added.length).toBeGreaterThanOrEqual(3);
      expect(added.length).toBeLessThanOrEqual(8);
      expect(added.map((t) => t.name).sort()).toEqual([...(e.evolution!.details.extraTools as { added: string[] }).added].sort());
      for (const t of added) expect(conflictWith(t, usedToolDocs(base))).toBeUndefined();
      expect(toolListFromSystemPrompt(e.messages[0].content)).toEqual(JSON.parse(JSON.stringify(e.tools)));
      expect(e.messages.slice(1)).toEqual(base.messages.slice(1));
    }
  });

  it('harder_tools changes tool descriptions only, and never wraps the original', () => {
    for (const e of ofStrategy('harder_tools')) {
      const base = byId.get(e.evolution!.baseCaseId)!;
      expect(e.tools.map(signature)).toEqual(base.tools.map(signature));
      e.tools.forEach((t, i) => {
        // Names, parameters, parameter descriptions, types, return docs: byte-identical.
        expect(nonDescriptionChanges(base.tools[i], t)).toEqual([]);
        expect(t.description).not.toBe(base.tools[i].description);
        expect(t.description).not.toContain(base.tools[i].description.trim());
      });
      expect(toolListFromSystemPrompt(e.messages[0].content)).toEqual(JSON.parse(JSON.stringify(e.tools)));
    }
  });

  it('the fidelity measure catches a changed parameter description', () => {
    const e = ofStrategy('harder_tools')[0];
    const base = byId.get(e.evolution!.baseCaseId)!;
    const withParams = e.tools.findIndex((t) => t.required_parameters.length > 0);
    const tampered = e.tools.map((t, i) => (i === withParams ? { ...t, required_parameters: t.required_parameters.map((p, j) => (j === 0 ? { ...p, description: `${p.description} Please be careful.` } : p)) } : t));
    expect(harderToolsFidelity([{ before: base.tools, after: e.tools }]).otherPartsChanged).toBe(0);
    expect(harderToolsFidelity([{ before: base.tools, after: tampered }]).otherPartsChanged).toBe(1);
    // And mergeDescriptions never lets a rewrite's parameter text through.
    const merged = mergeDescriptions(base.tools, { tools: [{ name: base.tools[withParams].name, description: 'vaguer', parameters: [{ name: base.tools[withParams].required_parameters[0].name, description: 'changed' }] }] });
    expect(nonDescriptionChanges(base.tools[withParams], merged.tools[withParams])).toEqual([]);
  });

  it('a tool reads in one of a few wordings across the cases it was made harder in, never one stock line for all (h-evo11)', () => {
    const seen = new Map<string, Set<string>>();
    for (const e of [...ofStrategy('harder_tools'), ...ofStrategy('mixed')]) {
      for (const t of e.tools) {
        const forms = seen.get(t.name) ?? new Set<string>();
        forms.add(JSON.stringify(t));
        seen.set(t.name, forms);
      }
    }
    expect(seen.size).toBeGreaterThan(20);
    // The rules draw one of HARDER_VARIANTS per case; a few sibling fallbacks (the tool's next variant, its own doc) may add one more.
    for (const [name, forms] of seen) expect(forms.size, name).toBeLessThanOrEqual(HARDER_VARIANTS + 1);
    expect([...seen.values()].filter((f) => f.size > 1).length).toBeGreaterThan(0);
  });

  it('noisy_query rewrites the query noisier and keeps every protected value verbatim', () => {
    for (const e of ofStrategy('noisy_query')) {
      const base = byId.get(e.evolution!.baseCaseId)!;
      const q = queryIndex(base.messages);
      const original = base.messages[q].content;
      // Some users only make typos, so the rewrite may be no longer; it always differs.
      expect(e.messages[q].content).not.toBe(original);
      for (const v of protectedValues(base, original)) expect(e.messages[q].content).toContain(v);
      expect((e.evolution!.details.noisyQuery as { protected: string[] }).protected).toEqual(protectedValues(base, original));
    }
  });

  it('is deterministic: the same seed gives identical artifacts at concurrency 1 and 8', async () => {
    const one = await runEvolveVerify(cases, { target: 'evolve', config: CONFIG, concurrency: 1 });
    const eight = await runEvolveVerify(cases, { target: 'evolve', config: CONFIG, concurrency: 8 });
    const dump = (r: EvolveRun) => r.evolved.map((a) => [a.itemId, a.key, a.status, canonicalJson(a.content)]).sort((x, y) => (x[0] < y[0] ? -1 : 1));
    expect(dump(one)).toEqual(dump(eight));
    expect(dump(one)).toEqual(dump(run));
    const other = await runEvolveVerify(cases, { target: 'evolve', config: { ...CONFIG, seed: 43 } });
    expect(dump(other)).not.toEqual(dump(run));
  }, 60_000);

  it('uses a user corpus from config.evolve.longContext.corpus, and names file and line when it is bad', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'd-evolve-'));
    const good = join(dir, 'chat.jsonl');
    const sentence = 'The orchestra rehearsed the second movement again because the violas kept rushing the tempo. ';
    writeFileSync(good, Array.from({ length: 30 }, (_, i) => JSON.stringify({ role: i % 2 ? 'assistant' : 'user', content: sentence.repeat(6) })).join('\n'));
    const r = await runEvolveVerify(cases.slice(0, 6), { target: 'verify', config: { evolve: { internal: 15, external: 0, longContext: { corpus: good } } } });
    const lc = r.verified.filter((a) => a.content?.evolution?.strategy === 'long_context');
    expect(lc.length).toBeGreaterThan(0);
    for (const a of lc) {
      expect(a.status).toBe('ok');
      const roles = a.content.messages.filter((m) => m.content.includes('violas') || m.content.includes('FinishAction')).map((m) => m.role);
      expect(roles).toContain('assistant');
    }
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, `${JSON.stringify({ role: 'user', content: 'ok' })}\n{"role": "user"}\n`);
    await expect(runEvolveVerify(cases.slice(0, 6), { target: 'evolve', config: { evolve: { internal: 15, external: 0, longContext: { corpus: bad } } } })).rejects.toThrow(
      /bad\.jsonl:2: expected \{role, content\}/,
    );
  }, 60_000);
});

describe('similarity rule', () => {
  const doc = (name: string, description: string) => ({ name, description });
  it('excludes same name, same api, same toolkit + similar name, and overlapping descriptions', () => {
    expect(conflictWith(doc('A.b', 'x'), [doc('A.b', 'y')])).toMatch(/same name/);
    expect(conflictWith(doc('Other.getWeather', 'x'), [doc('Weather.get_weather', 'y')])).toMatch(/same api name/);
    expect(conflictWith(doc('TravelAPI.book_flight_ticket', 'x'), [doc('TravelAPI.book_flight', 'y')])).toMatch(/same toolkit/);
    expect(
      conflictWith(doc('Files.copy_item', 'Copy a file from one directory to another directory on disk.'), [doc('Disk.duplicate', 'Copy a file from one directory into another directory.')]),
    ).toMatch(/description overlaps/);
    expect(conflictWith(doc('MathAPI.mean', 'Calculate the mean of a list of numbers.'), [doc('TravelAPI.book_flight', 'Book a flight given the travel details.')])).toBeUndefined();
  });
});

describe('noisy-query rules', () => {
  it('never puts a typo inside a protected value, over many seeds', () => {
    const query = 'Please move the file named quarterly_report_final.docx into the Documents folder, then email Jonathan Richardson about the meeting at 15:30.';
    const keep = ['quarterly_report_final.docx', 'Documents', 'Jonathan Richardson', '15:30'];
    let typos = 0;
    for (let i = 0; i < 200; i++) {
      const out = noisyRules({ query, protected: keep }, new Rng(1, `q${i}`, 'noisy'));
      for (const v of keep) expect(out.query).toContain(v);
      typos += out.typos.length;
      for (const t of out.typos) for (const v of keep) expect(v.includes(t.from)).toBe(false);
    }
    expect(typos).toBeGreaterThan(200);
  });

  it('inserts varied text: no inserted sentence in more than 1% of 1,000 queries, distinct-4 of the insertions >= 0.5', () => {
    // As many rewrites as a default build makes, over requests on different topics.
    const queries = ['Find available accommodations in New York City. Once a property is selected, determine the cost of staying there for three days.', 'Move the report to the temp folder and show me its size.', 'What is the weather in Oslo today? Also book a table for two.', 'Send a message to my colleague saying the meeting moved.', 'Show me the latest price of the stock on my watchlist.', 'Find a vegetarian recipe for dinner tonight.', 'Search for articles about climate policy and summarise the first one.', 'Post a tweet about my new blog.', 'Calculate the average of these numbers.', 'Check the tyre pressure of my car before the drive.', 'Play some jazz songs from my playlist.', 'Give me directions to the nearest pharmacy.'];
    const perCase: string[][] = [];
    const runs: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const query = queries[i % queries.length];
      const out = noisyRules({ query, protected: [] }, new Rng(5, `cap${i}`, 'noisy')).query;
      perCase.push(insertedSentences(query, out));
      runs.push(...insertedText(query, out));
    }
    expect(topInsertedSentences(perCase, 1)[0].share).toBeLessThanOrEqual(0.01);
    expect(distinctN(runs, 4)).toBeGreaterThanOrEqual(0.5);
    // The measure catches a canned sentence reused past the cap.
    const canned = perCase.map((s, i) => (i % 50 === 0 ? [...s, 'My cat just walked across the keyboard, sorry.'] : s));
    expect(topInsertedSentences(canned, 1)[0]).toMatchObject({ sentence: 'my cat just walked across the keyboard, sorry.', share: 0.02 });
  });

  it('never puts a digression inside a sentence', () => {
    const query = 'Please move the file to the archive folder right now. Then tell me how many files are left there.';
    for (let i = 0; i < 300; i++) {
      const out = noisyRules({ query, protected: ['archive folder', 'files are left'] }, new Rng(9, `split${i}`)).query;
      // Each original sentence runs on to its own end (a typo may land in "right" or "there", nothing else between).
      // A hedge may close the sentence (", if possible."), and a casual message may drop its last stop.
      expect(out).toMatch(/archive folder [a-z]{4,7} [a-z]{2,4}[.,]/);
      expect(out).toMatch(/files are left [a-z]{4,7}(?:[.,]|$)/);
    }
  });

  it('adds no typos when every long word is protected', () => {
    const out = addTypos('Documents', ['Documents'], new Rng(1, 'x'));
    expect(out).toEqual({ text: 'Documents', typos: [] });
  });
});

describe('noisy-query rules keep value-like text intact', () => {
  it('never types a typo into quoted text, paths, numbers or names, even unprotected', () => {
    const query = "Can you check whether the 'quarterly summary' in /home/alice/reports is older than 2023-05-01, and tell Margaret whether the upload finished?";
    let typos = 0;
    for (let i = 0; i < 200; i++) {
      const out = noisyRules({ query, protected: [] }, new Rng(3, `v${i}`, 'noisy'));
      for (const v of ["'quarterly summary'", '/home/alice/reports', '2023-05-01', 'Margaret']) expect(out.query).toContain(v);
      typos += out.typos.length;
    }
    // Most rewrites have a typo or two; some have none.
    expect(typos).toBeGreaterThan(150);
  });

  it('lower-cases a common first word after an opener that runs on, never a name', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      seen.add(noisyRules({ query: 'Also, create a file.', protected: [] }, new Rng(1, `o${i}`)).query);
      expect(noisyRules({ query: 'Berlin is where I want to stay.', protected: [] }, new Rng(1, `o${i}`)).query).toMatch(/(^|[.!?:)] )Berlin is /);
    }
    expect([...seen].some((q) => /[a-z,] also, create/.test(q))).toBe(true);
  });
});
