/**
 * A simulated arXiv abstract reads its title through the frame the title was written in, and is in
 * its field's words (paperAbstract.ts, scholarFields.ts AbstractVocab; simulated_abstract_misread).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { abstract, paperTitles, type TextCtx } from '../../pipeline/resolution/simulatedText.js';
import { TITLE_FRAMES, readTitle, titleParts } from '../../pipeline/resolution/paperAbstract.js';
import { abstractMisread, abstractMisreadsTitle, offFieldPhrase } from '../../pipeline/quality/measures/simulatedAbstracts.js';

const TOPICS = ['quantum mechanics', 'quantum computing research', 'customer behavior', 'data analysis', 'film theory', 'hotels', 'tourist attractions New York City', 'climate change', 'number theory', 'mathematics education', 'Artificial Intelligence', 'Times Square', 'Inception', 'sustainable tourism', 'art exhibitions', 'finance economics', 'neural networks'];

/** Three papers on `topic` as the simulator writes an arXiv answer: titles, then a summary for each. */
function papers(topic: string, seed: number): { title: string; summary: string }[] {
  const c: TextCtx = { rng: new Rng(seed, 'paper-abstract', topic), args: { query: topic }, subject: topic, hint: 'arxiv article summary', used: new Set() };
  return paperTitles(c, 3).map((title) => ({ title, summary: abstract(c, title) }));
}

describe('paper abstracts', () => {
  it('finds the subject of every title frame, not the frame', () => {
    for (const f of TITLE_FRAMES) {
      for (const topic of ['neural networks', 'customer behavior', 'climate change']) {
        const read = readTitle(f.title(topic), new Rng(1, 'frame'), (s) => s.toLowerCase());
        expect(read.subject, f.title(topic)).toBe(topic);
        expect(read.first).toContain(topic);
        expect(read.first).not.toMatch(/\?\./);
      }
    }
    expect(titleParts('Beyond the hype: neural networks in context')).toMatchObject({ lead: 'Beyond the hype: ', subject: 'neural networks', tail: ' in context' });
    expect(titleParts('Machine Learning for Clinical Predictive Analytics')).toBeUndefined();
  });

  it('writes every abstract about its subject in its own field, whatever the draw', () => {
    let n = 0;
    for (const topic of TOPICS) {
      for (let seed = 1; seed <= 12; seed++) {
        const answer = JSON.stringify({ content: papers(topic, seed).map(({ title, summary }) => ({ published_date: '2023-01-01', title, authors: 'A Author', summary })) });
        expect(abstractMisread({ name: 'ArxivSearch.get_arxiv_article_information', args: { query: topic } }, answer), answer).toBeNull();
        for (const { summary } of papers(topic, seed)) {
          n++;
          // Subject and verb agree ("local institutions matter"); no item holds a conjunction of its own beside another.
          expect(summary).not.toMatch(/\b(?:institutions|conditions|decisions|settings|attitudes|prices|audiences|stars|reviewers|corrections|effects|records) matters\b/);
          expect(summary).not.toMatch(/\band\b[^.,]*\band\b[^.,]*\band\b/);
          expect(summary).not.toMatch(/\bwith\b(?:(?!\band\b)[^.,])*\bwith\b/);
        }
      }
    }
    expect(n).toBe(TOPICS.length * 12 * 3);
  });

  it('flags a title read whole or by its frame, and another field\'s words', () => {
    expect(abstractMisreadsTitle('Beyond the hype: neural networks in context', 'This paper is about beyond the hype: neural networks in context. We test the ideas.')).toMatch(/whole title/);
    expect(abstractMisreadsTitle('What do we know about art exhibitions?', 'We address what do we know about art exhibitions?. We combine interviews.')).toMatch(/question title/);
    expect(abstractMisreadsTitle('Evaluating quantum computing: a meta-analysis', 'We pool the evaluations. Our results suggest that progress in evaluating quantum computing depends less on model size.')).toMatch(/frame "Evaluating"/);
    expect(abstractMisreadsTitle('Beyond the hype: neural networks in context', 'We set neural networks in their wider context, beyond the hype. The gains reported for neural networks shrink.')).toBeNull();
    expect(offFieldPhrase('The analysis rests on ablations over model size and training data.', ['quantum mechanics'])).toBe('ablations over model size and training data');
    expect(offFieldPhrase('We find that local institutions matters more for customer behavior than economic change.', ['customer behavior'])).toBe('local institutions');
    expect(offFieldPhrase('We argue that mathematics education has been shaped as much by feedback as by teacher training.', ['mathematics education'])).toBeUndefined();
    expect(offFieldPhrase('The study draws on numerical simulation of noisy circuits.', ['quantum computing'])).toBeUndefined();
  });
});
