import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../pipeline/hash.js';
import { toolListFromSystemPrompt } from '../../pipeline/prompts/standard.js';
import { Rng } from '../../pipeline/rng.js';
import type { TestCase } from '../../pipeline/schemas.js';
import { countTokens } from '../../pipeline/tokens.js';
import { protectedValues, queryIndex, usedToolDocs } from '../../stages/evolve/caseParts.js';
import { conflictWith } from '../../stages/evolve/similarity.js';
import { addTypos, noisyRules } from '../../stages/evolve/roles/noisyQuery.js';
import { signature } from '../../stages/verify/invariants.js';
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
  it('makes the mixed set and the per-strategy subsets with <base>~<strategy> ids, the ground truth unchanged', () => {
    expect(run.evolved.every((a) => a.status === 'ok')).toBe(true);
    const mixed = ofStrategy('mixed');
    expect(mixed.filter((c) => c.kind === 'internal')).toHaveLength(20);
    expect(mixed.filter((c) => c.kind === 'external')).toHaveLength(8);
    for (const s of ['long_context', 'extra_tools', 'noisy_query', 'harder_tools']) expect(ofStrategy(s)).toHaveLength(12);
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

  it('keeps the base error-type distribution in the mixed internal set', () => {
    const internal = cases.filter((c) => c.kind === 'internal');
    const mixed = ofStrategy('mixed').filter((c) => c.kind === 'internal');
    const share = (list: TestCase[], t: string) => list.filter((c) => c.errorType === t).length / list.length;
    for (const t of ['', 'tool_select_error', 'tool_hallucination_error', 'parameters_key_error', 'parameters_value_error']) {
      // Largest-remainder allocation over (cot, error type) strata: within 2 cases of proportional.
      expect(Math.abs(share(mixed, t) * 20 - share(internal, t) * 20)).toBeLessThanOrEqual(2);
    }
  });

  it('long_context inserts 1k-3k tokens of pure dialogue right before the query', () => {
    for (const e of ofStrategy('long_context')) {
      const base = byId.get(e.evolution!.baseCaseId)!;
      const d = e.evolution!.details.longContext as { insertedAt: number; messages: number; tokens: number };
      const qb = queryIndex(base.messages);
      expect(d.insertedAt).toBe(qb);
      const inserted = e.messages.slice(qb, qb + d.messages);
      const tokens = inserted.reduce((n, m) => n + countTokens(m.content), 0);
      expect(tokens).toBeGreaterThanOrEqual(1000);
      expect(tokens).toBeLessThanOrEqual(3000);
      expect(inserted.every((m) => m.role === 'user')).toBe(true);
      expect(e.messages.slice(qb + d.messages)).toEqual(base.messages.slice(qb));
      expect(e.messages.slice(0, qb)).toEqual(base.messages.slice(0, qb));
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

  it('harder_tools rewrites descriptions only', () => {
    for (const e of ofStrategy('harder_tools')) {
      const base = byId.get(e.evolution!.baseCaseId)!;
      expect(e.tools.map(signature)).toEqual(base.tools.map(signature));
      e.tools.forEach((t, i) => {
        expect(t.description.length).toBeGreaterThan(base.tools[i].description.length);
        expect(t.description).toContain(base.tools[i].description.trim().replace(/\.$/, ''));
      });
      expect(toolListFromSystemPrompt(e.messages[0].content)).toEqual(JSON.parse(JSON.stringify(e.tools)));
    }
  });

  it('a tool reads the same in every case it was made harder in', () => {
    const seen = new Map<string, string>();
    for (const e of [...ofStrategy('harder_tools'), ...ofStrategy('mixed')]) {
      for (const t of e.tools) {
        const doc = JSON.stringify(t);
        expect(seen.get(t.name) ?? doc).toBe(doc);
        seen.set(t.name, doc);
      }
    }
    expect(seen.size).toBeGreaterThan(20);
  });

  it('noisy_query rewrites the query noisier and keeps every protected value verbatim', () => {
    for (const e of ofStrategy('noisy_query')) {
      const base = byId.get(e.evolution!.baseCaseId)!;
      const q = queryIndex(base.messages);
      const original = base.messages[q].content;
      expect(e.messages[q].content).not.toBe(original);
      expect(e.messages[q].content.length).toBeGreaterThan(original.length);
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
    expect(lc).toHaveLength(3);
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

  it('adds no typos when every long word is protected', () => {
    const out = addTypos('Documents', ['Documents'], new Rng(1, 'x'));
    expect(out).toEqual({ text: 'Documents', typos: [] });
  });
});

describe('noisy-query rules keep value-like text intact', () => {
  it('never types a typo into quoted text, paths, numbers or names, even unprotected', () => {
    const query = "Can you check whether the 'quarterly summary' in /home/alice/reports is older than 2023-05-01, and tell Margaret whether the upload finished?";
    for (let i = 0; i < 200; i++) {
      const out = noisyRules({ query, protected: [] }, new Rng(3, `v${i}`, 'noisy'));
      for (const v of ["'quarterly summary'", '/home/alice/reports', '2023-05-01', 'Margaret']) expect(out.query).toContain(v);
      expect(out.typos.length).toBeGreaterThan(0);
    }
  });

  it('lower-cases a common first word after an opener that runs on, never a name', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      seen.add(noisyRules({ query: 'Also, create a file.', protected: [] }, new Rng(1, `o${i}`)).query);
      expect(noisyRules({ query: 'Berlin is where I want to stay.', protected: [] }, new Rng(1, `o${i}`)).query).toContain(' Berlin is ');
    }
    expect([...seen].some((q) => q.includes('so also, cr'))).toBe(true);
  });
});
