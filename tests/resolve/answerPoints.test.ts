/**
 * A text whose lines are points is quoted point by point, never run into one line. Before (g0,
 * answer-writer-93): 12 of 1,644 cases with a closing answer said '"data_v2/template_data/hotel.txt"
 * reads "Notes: hotel - 8 items reviewed - open questions sent to the team - …"' (teval_query_53_2,
 * 417_1, 420_1; answer_points_run_together).
 */
import { describe, expect, it } from 'vitest';
import { offlineAnswer, type AnswerInput } from '../../stages/resolve/answerWriter.js';
import { Rng } from '../../pipeline/rng.js';
import { pointsRunTogether } from '../../pipeline/quality/measures/answerFlow.js';

const NOTES = 'Notes: hotel\n- 8 items reviewed\n- open questions sent to the team\n- follow-up scheduled for next week';
const read: AnswerInput = { request: "Please read the content of the file 'data_v2/template_data/hotel.txt' and provide me with the text.", steps: [{ name: 'FileOperation.read_file', args: { file_path: 'data_v2/template_data/hotel.txt' }, response: JSON.stringify({ text: NOTES }) }] };

describe('answer_points_run_together', () => {
  const calls = [{ name: 'FileOperation.read_file', args: { file_path: 'x' }, response: JSON.stringify({ text: NOTES }) }];
  it('flags the lines run into one and a [SPAN] left in', () => {
    expect(pointsRunTogether({ request: '', calls, answer: '"x" reads "Notes: hotel - 8 items reviewed - open questions sent to the team - follow-up scheduled for next week".' })).toMatch(/runs the line "Notes: hotel" into the point "- 8 items reviewed"/);
    expect(pointsRunTogether({ request: '', calls: [], answer: 'I added the bullets "- BP[SPAN]- Shell".' })).toMatch(/\[SPAN\]/);
    // A page's bullets passed with [SPAN] read as lines too.
    const page = [{ name: 'PPT.add_text_page', args: { bullet_items: 'Stations:[SPAN]- BP[SPAN]- Shell' }, response: "{'status': 'added page'}" }];
    expect(pointsRunTogether({ request: '', calls: page, answer: 'The page reads "Stations: - BP - Shell".' })).toBeDefined();
  });
  it('passes the points quoted one by one, and prose lines wrapped into one', () => {
    expect(pointsRunTogether({ request: '', calls, answer: '"x" reads "Notes: hotel" and then, point by point, "8 items reviewed", "open questions sent to the team" and "follow-up scheduled for next week".' })).toBeUndefined();
    const wrapped = [{ name: 'ArxivSearch.get_arxiv_article_information', args: {}, response: JSON.stringify({ summary: 'This article highlights quantum computing\nover the quantum Internet.' }) }];
    expect(pointsRunTogether({ request: '', calls: wrapped, answer: 'It opens "This article highlights quantum computing over the quantum Internet."' })).toBeUndefined();
  });
});

describe('the answer writer quotes points one by one', () => {
  it('says the heading, then each point without its marker, on every seed', () => {
    for (let seed = 0; seed < 12; seed++) {
      const a = offlineAnswer(read, new Rng(seed, 'answer-writer'));
      expect(pointsRunTogether({ request: read.request, calls: read.steps, answer: a })).toBeUndefined();
      expect(a).toContain('"Notes: hotel" and then, point by point, "8 items reviewed", "open questions sent to the team" and "follow-up scheduled for next week"');
    }
  });
  it('says a list of points without a heading point by point, and a plain text on one line', () => {
    const bare = { ...read, steps: [{ ...read.steps[0], response: JSON.stringify({ text: '1. Rising temperatures\n2. Melting ice caps' }) }] };
    expect(offlineAnswer(bare, new Rng(1, 'answer-writer'))).toContain('point by point "Rising temperatures" and "Melting ice caps"');
    const plain = { ...read, steps: [{ ...read.steps[0], response: JSON.stringify({ text: 'Dear team,\nthe meeting moves to Friday.' }) }] };
    expect(offlineAnswer(plain, new Rng(1, 'answer-writer'))).toContain('"Dear team, the meeting moves to Friday."');
  });
});
