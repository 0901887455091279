import { describe, expect, it } from 'vitest';
import { followedArguments, repairStandIn, standInKind, standInWrite } from '../../pipeline/standIns.js';
import { shownPlaceholderArgument } from '../../pipeline/quality/measures/solvable.js';
import { nounVerbDisagreement } from '../../pipeline/quality/measures/thoughts.js';
import { SOURCE_FRAMES, isPlural } from '../../pipeline/thoughtPhrases.js';
import type { TestCase } from '../../pipeline/schemas.js';

const USER = "Please read the file 'data_v2/template_data/hotel.txt'. Add a text page with the title 'Introduction' and the bullet items from the first three lines of the read text.";
const READ = JSON.stringify({ text: 'Hotel\n\nPrepared by Priya Zhang.\n\n1. Background\n2. Current status' });

function tc(bullets: string, write = 'Hotel notes'): TestCase {
  return {
    id: 'x', kind: 'internal', errorType: '', cot: false, k: 3, tools: [], trajectoryId: 't', provenance: {},
    messages: [
      { role: 'system', content: 'tools' },
      { role: 'user', content: USER },
      { role: 'assistant', content: JSON.stringify({ name: 'FileOperation.read_file', args: { file_path: 'data_v2/template_data/hotel.txt' } }) },
      { role: 'function', content: READ },
      { role: 'assistant', content: JSON.stringify({ name: 'FileOperation.write_file', args: { file_path: 'a.txt', text: write } }) },
      { role: 'function', content: '{"status": "ok"}' },
    ],
    groundTruth: { name: 'PPT.add_text_page', args: { title: 'Introduction', bullet_items: bullets } },
  } as unknown as TestCase;
}

describe('stand-in content in shown calls', () => {
  it('names T-Eval stand-ins and passes content', () => {
    expect(standInKind('Line 1\nLine 2\nLine 3')).toBe('numbered filler');
    expect(standInKind("{'text': 'Updated content of the file.'}")).toBeDefined();
    expect(standInKind('1. Date: [SPAN]2. Time: [SPAN]3. Location: ')).toBe('an outline with every field empty');
    expect(standInKind('Check out my latest blog post: [LINK_TO_BLOG_POST]')).toBe('a slot left to fill');
    expect(standInKind('Variables[SPAN]Loops[SPAN]Functions')).toBeUndefined();
    expect(standInKind('Date and Time: [SPAN]2023-10-22 22:53')).toBeUndefined();
  });
  it('flags a shown stand-in write and bullets that are not the first lines read', () => {
    expect(shownPlaceholderArgument.check(tc('Hotel[SPAN]Prepared by Priya Zhang.[SPAN]1. Background', "{'text': 'Updated content of the file.'}"), {} as never)).toMatch(/write_file text/);
    expect(shownPlaceholderArgument.check(tc('Line 1\nLine 2\nLine 3'), {} as never)).toMatch(/numbered filler/);
    expect(shownPlaceholderArgument.check(tc('Welcome[SPAN]Rooms[SPAN]Rates'), {} as never)).toMatch(/not the first 3 lines/);
    expect(shownPlaceholderArgument.check(tc('Hotel[SPAN]Prepared by Priya Zhang.[SPAN]1. Background'), {} as never)).toBeNull();
  });
  it('repairs: outline points, slot lines, filler turned down, imagined write left out', () => {
    expect(repairStandIn('The purpose of the research: \n\nMethodologies used: ', '')).toBe('- The purpose of the research\n- Methodologies used');
    expect(repairStandIn('Details:\n- Deadline: [INSERT SUBMISSION DEADLINE]\nThanks.', '')).toBe('Details:\nThanks.');
    expect(repairStandIn('Check out my latest blog post: [LINK_TO_BLOG_POST]', '')).toBeNull();
    expect(repairStandIn('Lorem ipsum dolor sit amet', '')).toBeNull();
    expect(standInWrite({ name: 'FileOperation.write_file', args: { text: "{'text': 'Updated content of the file.'}" } }, USER)).toBe('text');
  });
  it('fills bullets from the answer the request points to, thought included', () => {
    const out = followedArguments({ title: 'Introduction', bullet_items: 'Line 1\nLine 2\nLine 3' }, 'with bullet items "Line 1\\nLine 2\\nLine 3".', USER, [READ]);
    expect(out?.args.bullet_items).toBe('Hotel[SPAN]Prepared by Priya Zhang.[SPAN]1. Background');
    expect(out?.thought).toContain('Hotel[SPAN]Prepared by Priya Zhang.');
    const titles = followedArguments({ bullet_items: 'Bullet item 1.[SPAN]Bullet item 2.' }, undefined, 'Find papers and add a slide.', ['{"content": "Published: 2022\\nTitle: A\\nAuthors: X\\n\\nPublished: 2021\\nTitle: B\\n"}']);
    expect(titles?.args.bullet_items).toBe('A[SPAN]B');
  });
});

describe('thought noun agreement', () => {
  it('a plural key noun takes a plural verb', () => {
    expect(isPlural('places')).toBe(true);
    expect(isPlural('address')).toBe(false);
    const say = SOURCE_FRAMES.find((f) => f.say('k', 'v').includes('which'))!.say;
    // thought-writer-51: one value of a plural key takes the singular noun and verb; a list said whole keeps the plural.
    expect(say('places', '123 Main St')).toContain('which is the place here');
    expect(say('places', '123 Main St and 456 Broad St')).toContain('which are the places here');
    expect(nounVerbDisagreement('The user mentioned "123 Main St", which is the places here.')).toBeDefined();
    expect(nounVerbDisagreement('The user mentioned "123 Main St", which are the places here.')).toBeUndefined();
    expect(nounVerbDisagreement('The user mentioned "x.txt", which is the file path here.')).toBeUndefined();
  });
});
