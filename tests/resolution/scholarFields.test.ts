/**
 * A simulated Scholar answer is in its topic's field (scholarFields.ts; simulated_scholar_off_field):
 * quantum mechanics in physics journals, never Energy Policy; no "role of quantum mechanics in urban
 * planning", no "sales strategies can reduce emissions", no "climate change can reduce costs".
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { scholarField, venueOffField } from '../../pipeline/resolution/scholarFields.js';
import { scholarOffField } from '../../pipeline/quality/measures/simulatedAbout.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';

// T-Eval's own Scholar doc, as the vendored plan 78_1 lists it.
const [plan] = tevalTrajectories(['query_78_1']);
const SCHOLAR = plan.tools.find((t) => t.name === 'GoogleScholar.search_google_scholar')!;

const search = (query: string, seed: number) => simulateOffline({ name: SCHOLAR.name, args: { query }, tools: plan.tools }, new Rng(seed, 'scholar-field', query)).response;

describe('Scholar fields', () => {
  it('places a topic by its words, the first field that fits', () => {
    expect(scholarField('quantum mechanics').name).toBe('quantum');
    expect(scholarField('recent scholarly articles about quantum computing').name).toBe('quantum');
    expect(scholarField('machine learning in healthcare').name).toBe('computing');
    expect(scholarField('climate change').name).toBe('energy');
    expect(scholarField('Sales Strategies').name).toBe('business');
    expect(scholarField('role and impact of academic libraries in modern education').name).toBe('education');
    expect(scholarField('The Impact of Social Media on Society').name).toBe('society');
    expect(scholarField('number theory').name).toBe('mathematics');
    expect(scholarField('mathematics education').name).toBe('education');
    expect(scholarField('film theory').name).toBe('film');
    expect(scholarField('sustainable tourism').name).toBe('tourism');
    expect(scholarField('Liberty').name).toBe('general');
  });

  it("calls another field's own journal off-field, and a journal of every science never", () => {
    expect(venueOffField('Energy Policy', 'quantum mechanics')).toBe('energy');
    expect(venueOffField('Physical Review Letters', 'quantum mechanics')).toBeUndefined();
    expect(venueOffField('Nature', 'Sales Strategies')).toBeUndefined();
    expect(venueOffField('The Lancet', 'Sales Strategies')).toBe('health');
  });

  it('answers every topic in its own field, whatever the draw', () => {
    const topics = ['quantum mechanics', 'artificial intelligence', 'climate change', 'Sales Strategies', 'The Impact of Social Media on Society', 'role and impact of academic libraries in modern education', 'renewable energy', 'deep learning', 'Job Application', 'number theory'];
    let answers = 0;
    for (const topic of topics) {
      for (let seed = 1; seed <= 25; seed++) {
        const response = search(topic, seed);
        expect(scholarOffField({ name: SCHOLAR.name, args: { query: topic } }, response), response).toBeNull();
        answers++;
      }
    }
    expect(answers).toBe(250);
    expect(search('quantum mechanics', 3)).not.toMatch(/Energy Policy|Cleaner Production|urban planning|emissions/);
  });

  it('flags the answers the pooled venues and snippets gave', () => {
    const old = (snippet: string, venue: string) => JSON.stringify({ title: ['Quantum mechanics revisited'], snipets: [snippet], pub_info: [`L Anderson - ${venue}, 2020 - Elsevier`] });
    expect(scholarOffField({ name: SCHOLAR.name, args: { query: 'quantum mechanics' } }, old('… a systematic review of 40 studies on quantum mechanics …', 'Energy Policy'))).toMatch(/Energy Policy, a journal of energy/);
    expect(scholarOffField({ name: SCHOLAR.name, args: { query: 'quantum mechanics' } }, old('… the role of quantum mechanics in urban planning. We find that …', 'Nature'))).toMatch(/another field's words/);
    expect(scholarOffField({ name: SCHOLAR.name, args: { query: 'climate change' } }, old('… results indicate that climate change can reduce costs by up to 30% when …', 'Nature'))).toMatch(/state of the world/);
    expect(scholarOffField({ name: SCHOLAR.name, args: { query: 'quantum mechanics' } }, old('… the role of quantum mechanics in chemistry. We find that …', 'Physical Review Letters'))).toBeNull();
  });
});
