/**
 * BFCL's ground truth skips the lookups its own "path" names: get_stock_info(symbol="OMEG") for
 * "Omega Industries" with no get_symbol_by_name, cd("documents") for "the file is somewhere in the
 * file system" with no ls. The rule that finds it (grounding.ts tickerNeeds / pathNeeds, and an
 * internal case's wrong call whose own answer echoes the value), the measures that count it
 * (gt_value_unshown, history_value_unshown) and the generator that puts the missing lookups in
 * (stages/standardize/lookups.ts), each on the defect and on a grounded twin.
 */
import { describe, expect, it } from 'vitest';
import type { Action, ChatMessage, RawTrajectory, TestCase } from '../../pipeline/schemas.js';
import { ungroundedHistory, ungroundedValues } from '../../pipeline/quality/grounding.js';
import { unshownGroundTruth, unshownHistoryValue } from '../../pipeline/quality/measures/solvable.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';
import { loadBfcl } from '../../sources/bfcl/adapter.js';
import { sourceFiles } from '../../sources/paths.js';
import { createSession, parseBfclJson } from '../../sources/bfcl/backends/index.js';
import { insertLookups } from '../../stages/standardize/lookups.js';
import type { QualityContext } from '../../pipeline/quality/types.js';

function chat(user: string, steps: [Action, string][] = []): ChatMessage[] {
  return [
    { role: 'system', content: 'You can call TradingBot.get_stock_info, TradingBot.get_symbol_by_name, GorillaFileSystem.ls, GorillaFileSystem.cd, GorillaFileSystem.tail.' },
    { role: 'user', content: user },
    ...steps.flatMap(([a, r]): ChatMessage[] => [
      { role: 'assistant', content: JSON.stringify(a) },
      { role: 'function', content: r },
    ]),
  ];
}

const info = (symbol: string): Action => ({ name: 'TradingBot.get_stock_info', args: { symbol } });
const lookup = (name: string): Action => ({ name: 'TradingBot.get_symbol_by_name', args: { name } });
const ls: Action = { name: 'GorillaFileSystem.ls', args: {} };
const cd = (folder: string): Action => ({ name: 'GorillaFileSystem.cd', args: { folder } });
const tail = (file_name: string): Action => ({ name: 'GorillaFileSystem.tail', args: { file_name, lines: 1 } });

function tc(messages: ChatMessage[], groundTruth: Action, errorType = 'parameters_value_error'): TestCase {
  return { id: 'x', kind: 'internal', errorType, cot: false, k: 1, trajectoryId: 't', source: 'bfcl', tools: [], messages, groundTruth, provenance: { methods: {}, origin: 'test', parents: [] } } as unknown as TestCase;
}
const NONE = { trajectory: () => undefined } as unknown as QualityContext;

const OMEGA = 'What is the current price of Omega Industries?';

describe('a ticker must be shown, or be a real company\'s the user names', () => {
  it('OMEG for "Omega Industries" is unshown; get_symbol_by_name\'s answer shows it', () => {
    expect(ungroundedValues({ messages: chat(OMEGA), groundTruth: info('OMEG') }).map((u) => u.value)).toEqual(['OMEG']);
    const looked = chat(OMEGA, [[lookup('Omega Industries'), '{"symbol": "OMEG"}']]);
    expect(ungroundedValues({ messages: looked, groundTruth: info('OMEG') })).toEqual([]);
  });

  it('NVDA for "Nvidia" is known; a made-up ticker in a list argument is not', () => {
    expect(ungroundedValues({ messages: chat('How is Nvidia doing?'), groundTruth: info('NVDA') })).toEqual([]);
    const watch: Action = { name: 'TradingBot.notify_price_change', args: { stocks: ['NVDA', 'QUAS'], threshold: 2.0 } };
    expect(ungroundedValues({ messages: chat('Alert me when Nvidia or Quasar Ltd. move by 2%.'), groundTruth: watch }).map((u) => u.value)).toEqual(['QUAS']);
  });

  it('history_value_unshown flags a shown call taking QUAS nothing before it shows, and passes the looked-up twin', () => {
    const bad = chat('Tell me about Quasar Ltd.', [[info('QUAS'), '{"price": 725.89}']]);
    expect(ungroundedHistory(bad)?.values.map((v) => v.value)).toEqual(['QUAS']);
    const control = (m: ChatMessage[]) => tc(m, { name: 'FinishAction', args: 'done' }, '');
    expect(unshownHistoryValue.check(control(bad), NONE)).toMatch(/symbol="QUAS"/);
    const good = chat('Tell me about Quasar Ltd.', [[lookup('Quasar Ltd.'), '{"symbol": "QUAS"}'], [info('QUAS'), '{"price": 725.89}']]);
    expect(unshownHistoryValue.check(control(good), NONE)).toBeNull();
  });
});

describe('a file or folder name must be shown by the user or an answer', () => {
  const SOMEWHERE = "Fill 'annual_report.txt' with the figures. The file is somewhere inside the file system.";
  it('cd("documents") nothing shows is unshown; an ls answer listing it shows it', () => {
    expect(ungroundedValues({ messages: chat(SOMEWHERE), groundTruth: cd('documents') }).map((u) => u.value)).toEqual(['documents']);
    const listed = chat(SOMEWHERE, [[ls, '{"current_directory_content": ["documents", "archive"]}']]);
    expect(ungroundedValues({ messages: listed, groundTruth: cd('documents') })).toEqual([]);
  });

  it('diff\'s file_name1 is a file name too', () => {
    const diff: Action = { name: 'GorillaFileSystem.diff', args: { file_name1: 'report_draft.txt', file_name2: 'report_final.txt' } };
    expect(ungroundedValues({ messages: chat('Compare the final report with its draft.'), groundTruth: diff }).map((u) => u.value)).toEqual(['report_draft.txt', 'report_final.txt']);
  });

  it('a name a call makes may be composed from a shown stem ("file3.docx" after "file3.txt"); a file it reads may not', () => {
    const made = chat('Create a docx file with the same name as the previous file.', [[{ name: 'GorillaFileSystem.ls', args: {} }, '{"current_directory_content": ["file3.txt"]}']]);
    expect(ungroundedValues({ messages: made, groundTruth: { name: 'GorillaFileSystem.touch', args: { file_name: 'file3.docx' } } })).toEqual([]);
    expect(ungroundedValues({ messages: made, groundTruth: { name: 'GorillaFileSystem.cat', args: { file_name: 'file3.docx' } } }).map((u) => u.value)).toEqual(['file3.docx']);
  });

  it('a value only the wrong call\'s own answer echoes is not shown (gt_value_unshown)', () => {
    const FIRST = "In documents there's a file; it's the alphabetically first one. Show me its last line.";
    const wrong: [Action, string] = [{ name: 'GorillaFileSystem.touch', args: { file_name: 'report.txt' } }, `{"error": "touch: cannot touch 'report.txt': File exists"}`];
    const bad = tc(chat(FIRST, [[cd('documents'), '{"current_working_directory": "documents"}'], wrong]), tail('report.txt'), 'tool_select_error');
    expect(unshownGroundTruth.check(bad, NONE)).toMatch(/file_name="report.txt"/);
    // Not an error case: the same last answer is part of what the task showed.
    expect(ungroundedValues({ messages: bad.messages, groundTruth: tail('report.txt') })).toEqual([]);
    const good = tc(chat(FIRST, [[cd('documents'), '{"current_working_directory": "documents"}'], [ls, '{"current_directory_content": ["report.txt", "summary.txt"]}'], wrong]), tail('report.txt'), 'tool_select_error');
    expect(unshownGroundTruth.check(good, NONE)).toBeNull();
    expect(DEFAULT_QUALITY_THRESHOLDS.gt_value_unshown).toBe(0);
    expect(DEFAULT_QUALITY_THRESHOLDS.history_value_unshown).toBe(0);
  });
});

describe('standardize puts in the lookups BFCL\'s ground truth leaves out', () => {
  const all = loadBfcl(sourceFiles()).filter((it): it is RawTrajectory => 'kind' in it && it.kind === 'trajectory');
  const byId = new Map(all.map((t) => [t.id, t]));
  const run = (id: string) => {
    const t = byId.get(id)!;
    return { t, r: insertLookups(t.turns, t.tools.map((d) => d.name), t.meta) };
  };
  const calls = (turns: RawTrajectory['turns']) => turns.flatMap((t) => t.steps.map((s) => `${s.action.name.split('.')[1]}(${Object.values(s.action.args as object).map((v) => JSON.stringify(v)).join(', ')})`));

  it('get_symbol_by_name before the call taking a made-up ticker (base_104: "Quasar Ltd." → QUAS)', () => {
    const { r } = run('bfcl_multi_turn_base_104');
    expect(r.inserted.map((l) => [l.name, l.args, l.shows])).toContainEqual(['TradingBot.get_symbol_by_name', { name: 'Quasar Ltd.' }, 'QUAS']);
    const at = calls(r.turns).indexOf('get_symbol_by_name("Quasar Ltd.")');
    expect(calls(r.turns)[at + 1]).toMatch(/"QUAS"/);
  });

  it('ls before a folder or file nothing named (base_41 cd "initial_directory", base_44 cd "documents", base_13 the first file)', () => {
    expect(calls(run('bfcl_multi_turn_base_41').r.turns).slice(0, 2)).toEqual(['ls()', 'cd("initial_directory")']);
    expect(calls(run('bfcl_multi_turn_base_44').r.turns).slice(0, 2)).toEqual(['ls()', 'cd("documents")']);
    const c13 = calls(run('bfcl_multi_turn_base_13').r.turns);
    expect(c13.slice(c13.indexOf('cd("documents")'), c13.indexOf('cd("documents")') + 3)).toEqual(['cd("documents")', 'ls()', 'tail("report.txt", 1)']);
  });

  it('every trajectory: no ticker or file name left unshown that a lookup could show, and every original step answers as BFCL recorded', () => {
    let inserted = 0;
    for (const t of all) {
      const { r } = run(t.id);
      inserted += r.inserted.length;
      // The original steps, in order, untouched; only lookups put in.
      const original = t.turns.flatMap((x) => x.steps);
      const now = r.turns.flatMap((x) => x.steps);
      expect(now.filter((s) => original.includes(s))).toEqual(original);
      expect(now.filter((s) => !original.includes(s)).every((s) => /\.(get_symbol_by_name|ls|find)$/.test(s.action.name))).toBe(true);
      // Replayed with the lookups in, each original step gets BFCL's recorded answer byte for byte.
      const session = createSession(parseBfclJson(String(t.meta.initialConfigJson)) as Record<string, unknown>, t.meta.involvedClasses as string[]);
      for (const s of now) {
        const answer = session.execute(s.action.name, s.action.args as Record<string, unknown>);
        if (original.includes(s) && s.response?.tier === 'recorded' && !/[0-9]\.[0-9]/.test(s.response.content)) expect(answer.response).toBe(s.response.content);
      }
      // What is still unshown is a name the user never gives and that exists nowhere yet (a file a call creates).
      expect(r.unshown).toEqual([]);
    }
    expect(inserted).toBeGreaterThan(30);
  });
});
