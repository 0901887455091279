/**
 * A tool selection error never takes away what the request never asked to remove (errors/destructive.ts).
 * On f44 (error-injectors@51) 50 of 285 tool_select cases did: rmdir("documents") for cd("documents")
 * when the user asked for a file there, remove_stock_from_watchlist(MSFT) for get_stock_info(MSFT),
 * delete_message(USR007) for send_message(USR007).
 */
import { describe, expect, it } from 'vitest';
import { destroys, destroysUnasked } from '../../pipeline/errors/destructive.js';
import { toolSelectDestroysUnasked } from '../../pipeline/quality/measures/errors.js';
import { forEachToolSelectDraw } from './fixtures/toolSelectDraws.js';
import { bfclTrajectories } from './fixtures/vendored.js';

describe('destroysUnasked', () => {
  it('flags a removal for a step that removes nothing when the request asks no removal', () => {
    expect(destroys('GorillaFileSystem.rmdir')).toBe(true);
    expect(destroys('TradingBot.remove_stock_from_watchlist')).toBe(true);
    expect(destroys('GorillaFileSystem.cd')).toBe(false);
    expect(destroys('TravelAPI.get_credit_card_balance')).toBe(false);
    expect(destroysUnasked('GorillaFileSystem.cd', 'GorillaFileSystem.rmdir', "Kindly draft a document titled 'project_summary.txt' right here in documents directory.")).toMatch(/rmdir removes/);
    expect(destroysUnasked('TradingBot.get_stock_info', 'TradingBot.remove_stock_from_watchlist', "Could you give me a detailed update on Microsoft's current status?")).toMatch(/never asked/);
    expect(destroysUnasked('MessageAPI.send_message', 'MessageAPI.delete_message', "dispatch a message 'NVDA and QUAS.' to user ID 'USR007'")).toBeDefined();
  });

  it('keeps a removal for a removal, one the request asks for, and a non-removal', () => {
    expect(destroysUnasked('GorillaFileSystem.rm', 'GorillaFileSystem.rmdir', 'Get rid of the old draft.')).toBeUndefined();
    expect(destroysUnasked('TradingBot.get_watchlist', 'TradingBot.remove_stock_from_watchlist', 'Remove Zeta Corp from my watchlist, then show me the list.')).toBeUndefined();
    expect(destroysUnasked('GorillaFileSystem.cat', 'GorillaFileSystem.tail', 'Show me the file.')).toBeUndefined();
  });

  it('the measure reads the user turn of the step', () => {
    const tc = (request: string) =>
      ({ id: 'c', kind: 'internal', errorType: 'tool_select_error', cot: false, trajectoryId: 't', source: 'bfcl', k: 1, tools: [], groundTruth: { name: 'GorillaFileSystem.cd', args: { folder: 'documents' } }, erroneousAction: { name: 'GorillaFileSystem.rmdir', args: { dir_name: 'documents' } }, provenance: { methods: {}, parents: [] }, messages: [{ role: 'user', content: 'Remove the temp folder.' }, { role: 'user', content: request }] }) as never;
    expect(toolSelectDestroysUnasked.check(tc('Draft a document in the documents directory.'), {} as never)).toMatch(/rmdir/);
    expect(toolSelectDestroysUnasked.check(tc('Now delete the documents directory.'), {} as never)).toBeNull();
  });
});

describe('the rules injector', () => {
  it('never draws a tool that removes what the request never asked to remove (BFCL 3, 9, 36, 114, 117, 131, 145, 148)', () => {
    const made = forEachToolSelectDraw(bfclTrajectories([3, 9, 36, 114, 117, 131, 145, 148]), 4, ({ t, k, input, injection }) => {
      expect(destroysUnasked(input.correct.name, injection.action.name, input.query), `${t.id} k=${k}: ${injection.action.name} for ${input.correct.name}`).toBeUndefined();
    });
    expect(made).toBeGreaterThan(40);
  });
});
