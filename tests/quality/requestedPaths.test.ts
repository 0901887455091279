import { describe, expect, it } from 'vitest';
import { pathMismatch, requestedPaths } from '../../pipeline/quality/planFollows.js';
import { gtPathDropsNamedFolder } from '../../pipeline/quality/measures/plans.js';
import { cutQuotes, thoughtQuoteCutShort } from '../../pipeline/quality/measures/thoughtContent.js';
import { endsDangling, requestClause } from '../../pipeline/thoughtPhrases.js';
import type { TestCase, ToolDoc } from '../../pipeline/schemas.js';

// T-Eval 275_1: the user names the folder; the upstream plan writes the bare name.
const DELIVERY = 'As a delivery driver, I need to know the distance between 221B Baker Street, London, and 10 Downing Street, London. Once the distance is calculated, could you save this information in a file named \'Delivery_Distance.txt\' in the path "outputs"?';
const WEATHER = "Document today's weather in Paris, including overall conditions and the average temperature, in a file titled 'weather.txt',save it to outputs location. Then, open the 'weather.txt' file and read its contents to ensure the information has been properly stored.";
const WRITE: ToolDoc = { name: 'FileOperation.write_file', description: 'write file to disk', required_parameters: [{ name: 'file_path', type: 'string', description: '[Required] The path of the file.' }, { name: 'text', type: 'string', description: '[Required] The text needed to write.' }], optional_parameters: [], return_data: [] } as unknown as ToolDoc;

function caseOf(user: string, groundTruth: unknown, cot = false, shownThought?: string): TestCase {
  const messages = [{ role: 'system', content: 'tools' }, { role: 'user', content: user }];
  if (shownThought) messages.push({ role: 'assistant', content: JSON.stringify({ thought: shownThought, name: 'BINGMap.get_distance', args: {} }) }, { role: 'function', content: "{'distance': 5.5}" });
  return { id: 'c', kind: 'internal', errorType: '', cot, k: 2, tools: [WRITE], trajectoryId: 't', source: 'teval', provenance: {}, messages, groundTruth } as unknown as TestCase;
}

describe('a file path keeps the folder the request gives the file (planFollows.ts requestedPaths)', () => {
  it('reads the folder from "in the path", "in \'outputs\' location", "save it to outputs location" and a whole path', () => {
    expect(requestedPaths(DELIVERY).get('delivery_distance.txt')?.path).toBe('outputs/Delivery_Distance.txt');
    expect(requestedPaths("write the directions to a file named 'route.txt' in 'outputs' location.").get('route.txt')?.path).toBe('outputs/route.txt');
    expect(requestedPaths(WEATHER).get('weather.txt')?.path).toBe('outputs/weather.txt');
    expect(requestedPaths("Record it in 'a.txt'. Then form a new file named 'b.txt'. All documents should be saved to outputs location.").get('b.txt')?.path).toBe('outputs/b.txt');
    expect(requestedPaths("Generate a file titled 'event_weather.txt'. Save it to /outputs/event_weather.txt.").get('event_weather.txt')?.path).toBe('/outputs/event_weather.txt');
    expect(requestedPaths('Save the presentation as research_findings.ppt in the outputs folder.').get('research_findings.ppt')?.path).toBe('outputs/research_findings.ppt');
  });

  it('flags the bare name 275_1 writes and 54_0 reads back, and passes the joined path', () => {
    expect(pathMismatch(DELIVERY, 'Delivery_Distance.txt')).toMatchObject({ requested: 'outputs/Delivery_Distance.txt', how: 'drops' });
    expect(pathMismatch(DELIVERY, 'outputs/Delivery_Distance.txt')).toBeUndefined();
    expect(pathMismatch(WEATHER, 'weather.txt')?.how).toBe('drops');
    expect(pathMismatch("write the text to a file located at '/outputs/agenda.txt'", '/home/documents/agenda.txt')?.how).toBe('other');
    // A file the request names without a folder, under a folder it never names.
    expect(pathMismatch("create a new text file named 'sample.txt'", 'docs/sample.txt')?.how).toBe('adds');
    // A name the request does not give, and a whole path it writes out, are not judged.
    expect(pathMismatch('keep a record of the chosen property details', 'chosen_property.txt')).toBeUndefined();
    expect(pathMismatch("read the file at 'data_v2/template_data/hotel.txt'", 'data_v2/template_data/hotel.txt')).toBeUndefined();
  });

  it('gt_path_drops_named_folder flags 275_1\'s ground truth and passes the repaired one', () => {
    const bad = caseOf(DELIVERY, { name: 'FileOperation.write_file', args: { file_path: 'Delivery_Distance.txt', text: 'The distance is 5.5 km.' } });
    const good = caseOf(DELIVERY, { name: 'FileOperation.write_file', args: { file_path: 'outputs/Delivery_Distance.txt', text: 'The distance is 5.5 km.' } });
    expect(gtPathDropsNamedFolder.check(bad, {} as never)).toMatch(/leaves out the folder of "outputs\/Delivery_Distance.txt"/);
    expect(gtPathDropsNamedFolder.check(good, {} as never)).toBeNull();
  });
});

describe('a thought quotes the request up to the value, never to "in the path" (thoughtPhrases requestClause)', () => {
  it('ends 275_1\'s clause on the file name', () => {
    expect(requestClause(DELIVERY, 'Delivery_Distance.txt')).toBe("save this information in a file named 'Delivery_Distance.txt'");
    expect(endsDangling('save this information in a file named \'Delivery_Distance.txt\' in the path')).toBe(true);
    expect(endsDangling('a file named')).toBe(true);
    expect(endsDangling('save it in the outputs folder')).toBe(false);
    expect(endsDangling('Go to documents')).toBe(false);
  });

  it('thought_quote_cut_short flags the upstream thought and passes the one the writer now says', () => {
    const cut = 'The request says "save this information in a file named \'Delivery_Distance.txt\' in the path", so the file path is "Delivery_Distance.txt".';
    const whole = 'The request says "save this information in a file named \'Delivery_Distance.txt\'", so the file name is "Delivery_Distance.txt".';
    const gt = (thought: string) => ({ name: 'FileOperation.write_file', thought, args: { file_path: 'outputs/Delivery_Distance.txt', text: 'x' } });
    expect(cutQuotes(caseOf(DELIVERY, gt(cut), true))).toHaveLength(1);
    expect(thoughtQuoteCutShort.check(caseOf(DELIVERY, gt(cut), true), {} as never)).toMatch(/in the path/);
    expect(thoughtQuoteCutShort.check(caseOf(DELIVERY, gt(whole), true), {} as never)).toBeNull();
    expect(thoughtQuoteCutShort.check(caseOf(DELIVERY, gt(cut), false), {} as never)).toBeUndefined();
  });
});

describe('the repaired path is said as the user\'s folder and name put together', () => {
  it('composedFrom splits a joined path into the folder and the name the request gives', async () => {
    const { composedFrom } = await import('../../pipeline/thoughtPhrases.js');
    expect(composedFrom(DELIVERY, 'outputs/Delivery_Distance.txt')).toEqual(['outputs', 'Delivery_Distance.txt']);
    expect(composedFrom("Save it to /outputs/event_weather.txt.", '/outputs/event_weather.txt')).toBeUndefined();
  });
});
