/**
 * No case stops at a call the case already shows answered: T-Eval's plans call
 * get_arxiv_article_information("solar energy") twice, and a case whose ground truth is the second
 * call has two right next steps (call again, or use the answer shown). gt_repeats_answered_call
 * was 0.7% (33/4,642) on the build of 795e93d.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase, Trajectory } from '../../pipeline/schemas.js';
import { repeatsAnsweredCall, toolSteps } from '../../pipeline/steps.js';
import { externalEligibleIn, internalEligibleIn } from '../../stages/diversify-internal/eligibility.js';
import { gtRepeatsAnsweredCall } from '../../pipeline/quality/measures/solvable.js';

const call = (name: string, args: Record<string, unknown>, content = '{"content": []}') => ({ action: { name, args }, response: { content, tier: 'simulated' as const } });
const trajectory = (steps: ReturnType<typeof call>[]) =>
  ({ id: 't', source: 'teval', tools: [], meta: {}, turns: [{ user: 'Find papers on solar energy.', steps }] }) as unknown as Trajectory;

describe('a call already answered is no step to stop at', () => {
  const t = trajectory([
    call('ArxivSearch.get_arxiv_article_information', { query: 'solar energy' }),
    call('GoogleSearch.serper_search', { query: 'solar' }),
    call('ArxivSearch.get_arxiv_article_information', { query: 'solar energy' }),
  ]);
  const steps = toolSteps(t);

  it('finds the repeat, and only when nothing changed and the first answer was no error', () => {
    expect(steps.map((s) => repeatsAnsweredCall(t, s))).toEqual([false, false, true]);
    const changed = trajectory([call('Email.show', { only_unread: false }), call('Email.send', { to: 'a@b.c' }), call('Email.show', { only_unread: false })]);
    expect(repeatsAnsweredCall(changed, toolSteps(changed)[2])).toBe(false);
    const failed = trajectory([call('ArxivSearch.get_arxiv_article_information', { query: 'x' }, '{"error": "timeout"}'), call('ArxivSearch.get_arxiv_article_information', { query: 'x' })]);
    expect(repeatsAnsweredCall(failed, toolSteps(failed)[1])).toBe(false);
  });

  it('internal cases skip the repeat; environment cases skip it and the step before it', () => {
    expect(steps.filter(internalEligibleIn(t)).map((s) => s.k)).toEqual([1, 2]);
    expect(steps.filter(externalEligibleIn(t)).map((s) => s.k)).toEqual([1]);
  });

  it('the measure flags a ground truth the case shows answered and passes a new one', () => {
    const tc = (query: string) =>
      ({
        id: 'c', kind: 'internal', errorType: '', groundTruth: { name: 'ArxivSearch.get_arxiv_article_information', args: { query } },
        messages: [
          { role: 'user', content: 'Find papers on solar energy.' },
          { role: 'assistant', content: '{"name":"ArxivSearch.get_arxiv_article_information","args":{"query":"solar energy"}}' },
          { role: 'function', content: '{"content": []}' },
        ],
      }) as unknown as TestCase;
    expect(gtRepeatsAnsweredCall.check(tc('solar energy'), {} as never)).toMatch(/already answered/);
    expect(gtRepeatsAnsweredCall.check(tc('wind energy'), {} as never)).toBeNull();
  });
});
