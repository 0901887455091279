/**
 * verify stores its verdict beside evolve's case (a VerifyRecord), not the case a second time;
 * pipeline/verified.ts joins the two back into the evolved case with its verification for every
 * reader (export, review, release, the reports).
 */
import { describe, expect, it } from 'vitest';
import { buildFixture, evolvedCase, baseCase } from '../review/fixtures.js';
import { readVerified, verifiedContent, VerifiedCaseError } from '../../pipeline/verified.js';
import { TestCase, VerifyRecord } from '../../pipeline/schemas.js';

describe('verify output: the verdict beside the evolved case', () => {
  it('stores a VerifyRecord naming the evolve artifact by content hash, and reads back as the evolved case with its verification', async () => {
    const { store } = await buildFixture({ n: 7 });
    const raw = store.readStage<unknown>('verify');
    expect(raw).toHaveLength(7);
    for (const a of raw) {
      const record = VerifyRecord.parse(a.content);
      expect(Object.keys(a.content as object).sort()).toEqual(['evolvedHash', 'id', 'verification']);
      expect(store.getArtifact(a.parents[0])!.contentHash).toBe(record.evolvedHash);
    }
    const joined = readVerified<TestCase>(store);
    joined.forEach((a, i) => {
      const expected = evolvedCase(baseCase(i, 42), i, 42);
      // provenance.parents as the store holds the evolve artifact's parents now (pipeline/currentParents.ts).
      const evolvedParents = store.getArtifact(raw[i].parents[0])!.parents;
      expect(evolvedParents.length).toBeGreaterThan(0);
      expect(TestCase.parse(a.content)).toEqual(TestCase.parse({ ...expected, provenance: { ...expected.provenance, parents: evolvedParents } }));
      // The artifact stays verify's own: key, status and the hash a review decision is bound to.
      expect(a.key).toBe(raw[i].key);
      expect(a.contentHash).toBe(raw[i].contentHash);
    });
    store.close();
  });

  it('changes the verify content hash when the evolved case changes, and refuses a verdict whose case changed since', async () => {
    const a = await buildFixture({ n: 3 });
    const b = await buildFixture({ n: 3, mutate: new Set(['evol-1']) });
    const hashes = (s: typeof a.store) => s.readStage('verify').map((x) => x.contentHash);
    const [ha, hb] = [hashes(a.store), hashes(b.store)];
    expect(ha[0]).toBe(hb[0]);
    expect(ha[1]).not.toBe(hb[1]);

    const victim = a.store.readStage('verify')[1];
    a.store.db.prepare('UPDATE artifacts SET content_hash = ? WHERE key = ?').run('0'.repeat(64), victim.parents[0]);
    expect(() => verifiedContent(a.store, victim)).toThrow(VerifiedCaseError);
    expect(() => verifiedContent(a.store, victim)).toThrow(/changed since it was verified/);
    a.store.close();
    b.store.close();
  });
});
