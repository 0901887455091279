/**
 * An added tool framed unlike every listed doc: a T-Eval plain line ("get the open, close and
 * afterhours prices of a stock symbol on a certain date") among BFCL's "This tool belongs to …
 * Tool description: …" docs (extra_tools_doc_frame_foreign, 960/1,000 on g0).
 */
import { describe, expect, it } from 'vitest';
import { docFrame, framedAsListed } from '../../stages/evolve/index.js';
import { framedLikeListed, reframed } from '../../stages/evolve/docFrame.js';
import { extraToolsDocFrameForeign } from '../../pipeline/quality/measures/extraToolsFrame.js';
import type { TestCase, ToolDoc } from '../../pipeline/schemas.js';

const bfcl = (name: string): ToolDoc => ({ name, description: `This tool belongs to the trading system, which allows users to trade stocks. Tool description: ${name}.`, required_parameters: [], optional_parameters: [], return_data: [] });
const teval = (name: string): ToolDoc => ({ name, description: `get ${name} of a stock symbol`, required_parameters: [], optional_parameters: [], return_data: [] });

describe('extra_tools_doc_frame_foreign', () => {
  it('flags an added doc in the other frame, passes one in the listed frame', () => {
    const listed = [bfcl('TradingBot.get_stock_info'), bfcl('TradingBot.place_order')];
    const tc = (added: ToolDoc) => ({ id: 'e~extra_tools', tools: [...listed, added], evolution: { baseCaseId: 'b', details: { extraTools: { added: [added.name] } } } }) as unknown as TestCase;
    const ctx = { baseCase: () => ({ tools: listed }) as unknown as TestCase, trajectory: () => undefined };
    expect(extraToolsDocFrameForeign.check(tc(teval('PolygonFinance.get_daliy_open_close')), ctx)).toMatch(/plain line where every listed doc has a toolkit preamble/);
    expect(extraToolsDocFrameForeign.check(tc(bfcl('TradingBot.cancel_order')), ctx)).toBeNull();
  });

  it('draws distractors framed as the listed docs when enough are left and one is related (evolve 80 drew from both frames)', () => {
    expect(docFrame(bfcl('x').description)).toBe('toolkit');
    expect(docFrame(teval('x').description)).toBe('plain');
    const candidates = [...Array.from({ length: 10 }, (_, i) => bfcl(`TradingBot.t${i}`)), ...Array.from({ length: 10 }, (_, i) => teval(`PolygonFinance.p${i}`))];
    const listed = [bfcl('TradingBot.get_stock_info')];
    expect(framedAsListed(candidates, listed, 8, () => true).every((t) => docFrame(t.description) === 'toolkit')).toBe(true);
    // Too few of the listed frame, or none of them related: every candidate stays.
    expect(framedAsListed(candidates.slice(3), listed, 8, () => true)).toHaveLength(17);
    expect(framedAsListed(candidates, listed, 8, () => false)).toHaveLength(20);
  });
});

describe('an added tool re-framed as the listed docs are (evolve 83)', () => {
  it("puts a T-Eval plain line into BFCL's frame, its own text kept, and takes BFCL's preamble off among T-Eval docs", () => {
    const listedBfcl = [bfcl('TradingBot.get_stock_info')];
    const ppt: ToolDoc = { ...teval('x'), name: 'PPT.create_file', description: 'Create a pptx file with specific themes' };
    const [framed] = framedLikeListed([ppt], listedBfcl);
    expect(framed.description).toBe('This tool belongs to the PPT toolkit, which allows users to create presentation files, add pages of text and images to them, and save them. Tool description: Create a pptx file with specific themes.');
    expect(docFrame(framed.description)).toBe('toolkit');
    // The measure passes the re-framed doc (it flagged the plain line before).
    const tc = (added: ToolDoc) => ({ id: 'e~extra_tools', tools: [...listedBfcl, added], evolution: { baseCaseId: 'b', details: { extraTools: { added: [added.name] } } } }) as unknown as TestCase;
    const ctx = { baseCase: () => ({ tools: listedBfcl }) as unknown as TestCase, trajectory: () => undefined };
    expect(extraToolsDocFrameForeign.check(tc(ppt), ctx)).toMatch(/plain line/);
    expect(extraToolsDocFrameForeign.check(tc(framed), ctx)).toBeNull();

    const listedTeval = [teval('PolygonFinance.get_ticker_news')];
    const [plain] = framedLikeListed([bfcl('TradingBot.cancel_order')], listedTeval);
    expect(plain.description).toBe('TradingBot.cancel_order.');
    expect(docFrame(plain.description)).toBe('plain');
  });

  it('names a toolkit the table does not know by its class, and leaves a list of both frames as it is', () => {
    const own: ToolDoc = { ...teval('x'), name: 'MyHomeLights.turn_on', description: 'turn on a light' };
    expect(reframed(own, 'toolkit').description).toBe('This tool belongs to the My Home Lights toolkit. Tool description: Turn on a light.');
    const both = [bfcl('TradingBot.get_stock_info'), teval('PolygonFinance.get_ticker_news')];
    expect(framedLikeListed([own], both)).toEqual([own]);
  });
});
