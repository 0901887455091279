/**
 * A list passed one item per line where the parameter's doc separates items with [SPAN] (h-solv27).
 *
 * PPT.add_text_page's bullet_items reads "for multiple bullet items, please use [SPAN] to separate
 * them". On g0 (main 6262b35) 93 of 220 cases showing or expecting such a call passed T-Eval's own
 * lines instead (254_1's "1. Introduction to computer vision\n2. Applications of computer vision\n3.
 * Computer vision algorithms", 34_0's "- BP\n- Shell\n…", 169_2's "Property Type: …\nCapacity: …"):
 * one bullet of several lines, where a model following the doc writes several bullets and is scored
 * against a ground truth the doc rules out. standardize now joins such lines by [SPAN].
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spanListLines } from '../../pipeline/standIns.js';
import { shownListUnlikeDoc } from '../../pipeline/quality/measures/solvable.js';
import { copiedTitles, spanAsLines } from '../../pipeline/quality/grounding.js';
import { labelledBlocks, listedNames } from '../../pipeline/quality/copiedFields.js';

const DOC = '[Required] bullet_items should be string, for multiple bullet items, please use [SPAN] to separate them.';

describe('spanListLines', () => {
  it('joins numbered, marked and field lines by [SPAN] (254_1, 34_0, 169_2, 61_2)', () => {
    expect(spanListLines('1. Introduction to computer vision\n2. Applications of computer vision\n3. Computer vision algorithms', DOC)).toBe('1. Introduction to computer vision[SPAN]2. Applications of computer vision[SPAN]3. Computer vision algorithms');
    expect(spanListLines('- BP\n- Shell\n- Exxon', DOC)).toBe('- BP[SPAN]- Shell[SPAN]- Exxon');
    expect(spanListLines('Property Type: Private room\nCapacity: 1 person\nRating: 4.71', DOC)).toBe('Property Type: Private room[SPAN]Capacity: 1 person[SPAN]Rating: 4.71');
    expect(spanListLines('导演：布莱特·摩根\n主演：简·古道尔', DOC)).toBe('导演：布莱特·摩根[SPAN]主演：简·古道尔');
    // A blank line between records is no item.
    expect(spanListLines('Title: A\nAuthors: B\n\nTitle: C\nAuthors: D', DOC)).toBe('Title: A[SPAN]Authors: B[SPAN]Title: C[SPAN]Authors: D');
  });
  it('leaves one item, a paragraph, a wrapped line, a [SPAN] list and a doc without [SPAN] alone', () => {
    expect(spanListLines('New Employee Benefits', DOC)).toBeUndefined();
    expect(spanListLines('Summary: Lecture notes on optimization for machine learning, derived from a course\nat Princeton University.', DOC)).toBeUndefined();
    expect(spanListLines('这是一部纪录片。\n\n剧情简介：暂无。', DOC)).toBeUndefined();
    expect(spanListLines('Variables[SPAN]Loops[SPAN]Functions', DOC)).toBeUndefined();
    expect(spanListLines('1. Apples\n2. Pears', 'the body of the email')).toBeUndefined();
  });
  it('leaves no T-Eval bullet list the measure would flag', () => {
    const plans = JSON.parse(readFileSync(new URL('../../sources/teval/data/plan_json_v1.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    const lists: string[] = [];
    JSON.stringify(plans, (key, value) => {
      if (key === 'bullet_items' && typeof value === 'string') lists.push(value);
      return value;
    });
    expect(lists.length).toBeGreaterThan(100);
    let joined = 0;
    for (const v of lists) {
      const after = spanListLines(v, DOC) ?? v;
      if (after !== v) joined++;
      const tc = caseWith(after);
      expect(shownListUnlikeDoc.check(tc, {} as never), v.slice(0, 80)).toBeNull();
    }
    expect(joined).toBeGreaterThan(5);
  });
});

const addTextPage = { name: 'PPT.add_text_page', description: 'Add text page of ppt', required_parameters: [{ name: 'title', type: 'string', description: 'title of the page' }, { name: 'bullet_items', type: 'string', description: DOC }], optional_parameters: [] };

function caseWith(bullets: string, doc = addTextPage) {
  return {
    id: 'teval_query_254_1-control-k6',
    kind: 'internal',
    errorType: '',
    cot: false,
    trajectoryId: 't',
    source: 'teval',
    k: 1,
    tools: [doc],
    groundTruth: { name: 'PPT.add_text_page', args: { title: 'Computer Vision in Action', bullet_items: bullets } },
    provenance: { origin: 'error-free control', methods: {}, parents: [] },
    messages: [
      { role: 'system', content: 'docs' },
      { role: 'user', content: 'Make a slide on computer vision.' },
    ],
  } as never;
}

describe('shown_list_unlike_doc', () => {
  it('flags 254_1 as shipped: three numbered lines for a [SPAN] doc', () => {
    expect(shownListUnlikeDoc.check(caseWith('1. Introduction to computer vision\n2. Applications of computer vision\n3. Computer vision algorithms'), {} as never)).toMatch(/puts 3 items on lines/);
    expect(shownListUnlikeDoc.check(caseWith('- BP\n- Shell'), {} as never)).toMatch(/puts 2 items/);
  });
  it('passes the [SPAN] list, one item, a paragraph, and a doc that names no separator', () => {
    expect(shownListUnlikeDoc.check(caseWith('1. Introduction to computer vision[SPAN]2. Applications of computer vision'), {} as never)).toBeNull();
    expect(shownListUnlikeDoc.check(caseWith('New Employee Benefits'), {} as never)).toBeNull();
    expect(shownListUnlikeDoc.check(caseWith('The film is a documentary.\nIt was shot in Tanzania.'), {} as never)).toBeNull();
    const plain = { ...addTextPage, required_parameters: [{ name: 'bullet_items', type: 'string', description: 'the bullets' }] };
    expect(shownListUnlikeDoc.check(caseWith('1. A\n2. B', plain), {} as never)).toBeUndefined();
  });
});

describe('a [SPAN]-separated text is read line by line', () => {
  // 472_2's slide after standardize 23: read as one line, "Expend4bles[SPAN]Release Date: …" was carried whole into a simulated film title.
  const slide = 'Title: Expend4bles[SPAN]Release Date: 2023-09-15[SPAN]Popularity: 2085.194[SPAN]Title: The Equalizer 3[SPAN]Release Date: 2023-08-30';
  it('splits at [SPAN], except right after a label (a split bullet)', () => {
    expect(spanAsLines(slide).split('\n')).toHaveLength(5);
    expect(spanAsLines('Date and Time: [SPAN]2023-10-22 22:53')).toBe('Date and Time: 2023-10-22 22:53');
  });
  it('gives the titles, records and listed names a one-per-line text gave', () => {
    const page = (bullets: string) => ({ name: 'PPT.add_text_page', args: { title: 'Gas Stations Along the Route', bullet_items: bullets } });
    expect(copiedTitles(page(slide), '').map((t) => t.value)).toEqual(['Expend4bles', 'The Equalizer 3']);
    expect(labelledBlocks(slide)).toEqual(labelledBlocks(slide.replace(/\[SPAN\]/g, '\n')));
    expect(listedNames(page('- BP[SPAN]- Shell[SPAN]- Exxon'))).toEqual(listedNames(page('- BP\n- Shell\n- Exxon')));
    expect(listedNames(page('- BP[SPAN]- Shell[SPAN]- Exxon'))[0]?.names).toEqual(['BP', 'Shell', 'Exxon']);
  });
});
