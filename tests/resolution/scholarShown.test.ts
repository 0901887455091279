import { describe, expect, it } from 'vitest';
import { papersKeepShownRecords, scholarPapersShown } from '../../pipeline/resolution/scholarShown.js';
import { scholarRecordRepeated } from '../../pipeline/quality/measures/simulatedScholar.js';

// teval_query_187_0 on g0: two drawn searches listed "Quantum computing: a review" under two ids, counts and venues.
const FIRST = "{'title': ['Emerging trends in quantum computing', 'Quantum computing: a review'], 'cited_by': [15571, 8336], 'organic_id': ['FqoeBg9m7uxT', 'vpqgLoqv6xAZ'], 'snippets': ['In this short course …', '… the uses of quantum computing in chemistry. Our results suggest that …'], 'pub_info': ['OL Chen, D Anderson, … - Science, 2023 - science.org', 'H Schmidt, K Patel, H Okafor, … - Reviews of Modern Physics, 2017 - APS']}";
const second = () => ({
  title: ['Lessons from two decades of quantum computing', 'Quantum computing: a review', 'Quantum computing: challenges and opportunities'],
  cited_by: [3162, 14734, 2735],
  organic_id: ['aRCT0jKYjgIJ', 'YH5jfPBH829m', 'Z6uoRspLxcBe'],
  snippets: ['… a systematic review of 160 studies …', 'Quantum computing has attracted growing attention …', '… we propose a framework …'],
  pub_info: ['W Anderson, N Patel, HW Haddad, … - Nature, 2021 - nature.com', 'W Zhang, F Patel - Science, 2007 - science.org', 'R Garcia, M Lopez, N Tanaka, … - npj Quantum Information, 2019 - nature.com'],
});
const asSteps = (answers: unknown[]) =>
  answers.map((a, i) => ({ action: { name: 'GoogleScholar.search_google_scholar', args: { query: `q${i}` } }, response: { content: typeof a === 'string' ? a : JSON.stringify(a), tier: 'simulated' as const } }));

describe('one paper, one record within a task (simulated_scholar_record_repeated)', () => {
  it('reads the papers an answer lists as parallel columns, the first listing winning', () => {
    const shown = scholarPapersShown([FIRST, undefined, "{'error': 'x'}"]);
    expect(shown.map((p) => p.title)).toEqual(['Emerging trends in quantum computing', 'Quantum computing: a review']);
    expect(shown[1].columns).toEqual({ cited_by: 8336, organic_id: 'vpqgLoqv6xAZ', snippets: '… the uses of quantum computing in chemistry. Our results suggest that …', pub_info: 'H Schmidt, K Patel, H Okafor, … - Reviews of Modern Physics, 2017 - APS' });
  });

  it("gives a title another answer listed that answer's id, count and line; the other papers stay as drawn", () => {
    const before = second();
    expect(scholarRecordRepeated(asSteps([FIRST, before]) as never)).toMatch(/as vpqgLoqv6xAZ cited by 8336 and as YH5jfPBH829m cited by 14734/);
    const after = papersKeepShownRecords(second(), scholarPapersShown([FIRST]), () => false) as ReturnType<typeof second>;
    expect(after.organic_id).toEqual(['aRCT0jKYjgIJ', 'vpqgLoqv6xAZ', 'Z6uoRspLxcBe']);
    expect(after.cited_by).toEqual([3162, 8336, 2735]);
    expect(after.pub_info[1]).toMatch(/Reviews of Modern Physics, 2017/);
    // The snippet stays this search's: Scholar shows the passage matching each query.
    expect(after.snippets[1]).toBe('Quantum computing has attracted growing attention …');
    expect(scholarRecordRepeated(asSteps([FIRST, after]) as never)).toBeNull();
  });

  it('leaves a paper a later step copies from this answer, and one whose shown id this answer lists for another title', () => {
    const carried = papersKeepShownRecords(second(), scholarPapersShown([FIRST]), (v) => v === 'YH5jfPBH829m') as ReturnType<typeof second>;
    expect(carried.organic_id[1]).toBe('YH5jfPBH829m');
    const clash = second();
    clash.organic_id[2] = 'vpqgLoqv6xAZ';
    const kept = papersKeepShownRecords(clash, scholarPapersShown([FIRST]), () => false) as ReturnType<typeof second>;
    expect(kept.organic_id).toEqual(['aRCT0jKYjgIJ', 'YH5jfPBH829m', 'vpqgLoqv6xAZ']);
  });
});
