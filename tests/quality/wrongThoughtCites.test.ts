/**
 * A wrong call's thought says where a value comes from as a correct thought does. Before (626d0a5)
 * the correct thoughts cited the user's words around a value ("The request says "if 'AMZN' appears
 * promising", so the stock is "AMZN".") while the wrong call's thought, given the request but not
 * passing it to the frame, said it plainly ("The request names "AMZN" as the stocks."): 167 of 2,186
 * CoT cases (thought_request_uncited), a tell of the injected step. Also: the partial-failure opener
 * and the error response are each read by the one definition the writer uses.
 */
import { describe, expect, it } from 'vitest';
import type { Action, TestCase } from '../../pipeline/schemas.js';
import type { QualityContext } from '../../pipeline/quality/types.js';
import { erroneousThought } from '../../pipeline/errors/injectors/thoughts.js';
import { thoughtFrameTopShareWrong, thoughtRequestUncited, uncitedRequests } from '../../pipeline/quality/measures/thoughtContent.js';
import { openerTasks, stateToldAfterChange } from '../../pipeline/quality/measures/answerCraft.js';
import { NAMED_PARTIAL_OPENERS } from '../../pipeline/partialOpeners.js';

const NONE: QualityContext = { trajectory: () => undefined, baseCase: () => undefined };
const QUERY = 'Based on the insights gathered, if \'AMZN\' appears promising, coordinate its addition to my watchlist.';
const TOOLS = [
  { name: 'TradingBot.add_to_watchlist', description: 'Add a stock to the watchlist.', required_parameters: [{ name: 'stock', type: 'string' as const, description: 'the stock symbol' }], optional_parameters: [], return_data: [] },
];
const correct: Action = {
  thought: 'The request says "if \'AMZN\' appears promising", so the stock is "AMZN". This request calls for `add_to_watchlist`: it lets me add a stock to the watchlist, and I will pass stock "AMZN".',
  name: 'TradingBot.add_to_watchlist',
  args: { stock: 'AMZN' },
};

/** A CoT key-error case showing `wrongThought` for the wrong call, and the correct call as ground truth. */
const keyErrorCase = (wrongThought: string): TestCase =>
  ({
    id: 'c',
    cot: true,
    kind: 'internal',
    errorType: 'parameters_key_error',
    tools: TOOLS,
    messages: [
      { role: 'system', content: 's' },
      { role: 'user', content: QUERY },
      { role: 'assistant', content: JSON.stringify({ thought: wrongThought, name: 'TradingBot.add_to_watchlist', args: { stocks: 'AMZN' } }) },
      { role: 'function', content: '{"error": "missing stock"}' },
    ],
    erroneousAction: { thought: wrongThought, name: 'TradingBot.add_to_watchlist', args: { stocks: 'AMZN' } },
    groundTruth: correct,
  }) as unknown as TestCase;

describe("a wrong call's thought cites the request as the correct one does", () => {
  it('says "The request says "…"" of the wrong call\'s value, not "The request names"', () => {
    const thought = erroneousThought('parameters_key_error', correct, { name: correct.name, args: { stocks: 'AMZN' } }, { tools: TOOLS, query: QUERY, earlierRequests: [], earlier: [] });
    // "so" or "which means", and the quote or the request first, fixed per quote and value since h-text32 (thought_frame_top_share, thought_link_top_share).
    expect(thought).toMatch(/^(?:The request says "if 'AMZN' appears promising",|"if 'AMZN' appears promising," the request says,) (?:so|which means) the stock is "AMZN"\./);
    expect(thought).not.toContain('The request names');
  });
  it('an earlier turn\'s value is said in a frame true of an earlier turn, citing what the user asked for', () => {
    const earlierCorrect: Action = { thought: 'The user asks for papers on "quantum computing", which is the query. I need to search, so I will call `search` with query "quantum computing".', name: 'Arxiv.search', args: { query: 'quantum computing' } };
    const tools = [{ name: 'Arxiv.search', description: 'Search papers on Arxiv.', required_parameters: [{ name: 'query', type: 'string' as const, description: 'the search terms' }], optional_parameters: [], return_data: [] }];
    const t = erroneousThought('tool_hallucination_error', earlierCorrect, { name: 'Arxiv.find_papers', args: { query: 'quantum computing' } }, { tools, query: 'Now the next one.', earlierRequests: ['Find me papers on quantum computing'], earlier: [] });
    expect(t).toMatch(/^The user asks for papers on "quantum computing", which is the query\./);
  });
  it('thought_request_uncited flags the plain frame and passes the cited one', () => {
    expect(thoughtRequestUncited.check(keyErrorCase('The request names "AMZN" as the stocks. I will pass stocks "AMZN".'), NONE)).toMatch(/The request names/);
    expect(uncitedRequests(keyErrorCase('The request says "if \'AMZN\' appears promising", so the stocks are "AMZN". I will pass stocks "AMZN".'))).toEqual([]);
    // A value the request states alone in its clause has nothing to cite: the plain frame is right.
    const alone = keyErrorCase('The request names "AMZN" as the stocks.');
    alone.messages[1].content = 'AMZN';
    expect(thoughtRequestUncited.check(alone, NONE)).toBeNull();
  });
  it('a wrong tool\'s thought stays plain where the user\'s words name the correct tool (teval_query_40_0, m20)', () => {
    // "I need to send an email …" cited beside a made-up `post` for `send` would say the right tool's name.
    const request = "I need to send an email to my colleague at colleague@example.com with the subject 'Research Proposal'.";
    const args = { address: 'colleague@example.com', title: 'Research Proposal' };
    const tc = {
      ...keyErrorCase(''),
      errorType: 'tool_hallucination_error',
      messages: [
        { role: 'system', content: 's' },
        { role: 'user', content: request },
        { role: 'assistant', content: JSON.stringify({ thought: '"colleague@example.com" comes straight from the request as the address.', name: 'Email.post', args }) },
        { role: 'function', content: '{"error": "API Email.post does not exist"}' },
      ],
      erroneousAction: { thought: '"colleague@example.com" comes straight from the request as the address.', name: 'Email.post', args },
      groundTruth: { name: 'Email.send', args },
    } as unknown as TestCase;
    expect(uncitedRequests(tc)).toEqual([]);
    // The same thought beside a made-up name for another tool is still held to citing.
    const other = { ...tc, groundTruth: { name: 'Email.dispatch_mail', args } } as unknown as TestCase;
    expect(uncitedRequests(other)).toHaveLength(1);
  });
  it('thought_frame_top_share_wrong scores the wrong calls\' thoughts alone', () => {
    const same = Array.from({ length: 10 }, (_, i) => ({ ...keyErrorCase(`The user gave the stocks as "S${i}".`), id: `c${i}` }));
    expect(thoughtFrameTopShareWrong.score(same, NONE)?.value).toBe(1);
    const varied = same.map((c, i) => ({ ...c, erroneousAction: { ...c.erroneousAction!, thought: `Thought number ${'x'.repeat(i)} here.` } }));
    expect(thoughtFrameTopShareWrong.score(varied, NONE)?.value).toBe(0.1);
  });
});

describe('the answer measures read the shared definitions', () => {
  it('openerTasks reads back every named partial opener the writer says', () => {
    for (const form of NAMED_PARTIAL_OPENERS) {
      expect(openerTasks(`${form('getting the movies and searching Google Scholar', 'searching Google Scholar')} Next.`)).toEqual({ done: ['getting the movies', 'searching google scholar'], undone: ['searching google scholar'] });
    }
  });
  it('a failed move is any response the errors module reads as an error (a single-quoted error object too)', () => {
    const calls = [
      { name: 'GorillaFileSystem.ls', args: {}, response: '{"current_directory_content": ["documents"]}' },
      { name: 'GorillaFileSystem.cd', args: { folder: 'documents' }, response: "{'error': 'cd: documents: No such directory'}" },
    ];
    // The move failed: the listing before it is still the present.
    expect(stateToldAfterChange({ calls, answer: 'I could not move. The current directory holds "documents".' })).toBeUndefined();
  });
});
