// harder-tools-22 (lead40): a doc may say what its tool is for ("Used to cancel an order.", "Lets you …"), a third form beside the two moods.
import { describe, expect, it } from 'vitest';
import { degradeDescription } from '../../stages/evolve/roles/harderTools.js';
import { moodMismatches } from '../../pipeline/quality/measures/harderMeaning.js';
import { Rng } from '../../pipeline/rng.js';

const draws = (description: string, tool: Parameters<typeof degradeDescription>[2], n = 60) => new Set(Array.from({ length: n }, (_, i) => degradeDescription(description, new Rng(i, 'purpose'), tool)));

describe('a short doc in more than one wording', () => {
  it('"Cancels an order." had one rewrite; now the purpose frames too, every word of it kept', () => {
    const out = draws('Cancels an order.', { name: 'TradingBot.cancel_order', required_parameters: [{ name: 'order_id', description: 'ID of the order to cancel.' }], optional_parameters: [], return_data: [] });
    expect(out).toEqual(new Set(['Cancel an order.', 'Used to cancel an order.', 'Lets you cancel an order.']));
  });
  it('a second verb of the subject takes the base form after the frame, and the measure reads the frame', () => {
    const tool = { name: 'GorillaFileSystem.echo', required_parameters: [{ name: 'content', description: 'The content to write or display.' }], optional_parameters: [{ name: 'file_name', description: 'The name of the file at current directory to write the content to. Defaults to None.' }], return_data: [] };
    const out = [...draws('Write content to a file at current directory or display it in the terminal.', tool)];
    expect(out.some((t) => /^(?:Used to|Lets you) write content to a file at current directory or display it in the terminal\.$/.test(t))).toBe(true);
    for (const t of out) expect(moodMismatches(t), t).toEqual([]);
    // The frame read as such: a third-person second verb after it disagrees (lead40 m11's first try).
    expect(moodMismatches('Lets you write content to a file at current directory or displays it in the terminal.')).toEqual([['write', 'displays']]);
  });
});
