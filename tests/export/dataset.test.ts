import { describe, expect, it } from 'vitest';
import { INJECTORS_VERSION } from '../../pipeline/errors/injectors/index.js';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestCase, type Action } from '../../pipeline/schemas.js';
import { clearTokenMemo, countChatTokens, countTokensUncached } from '../../pipeline/tokens.js';
import { classifyAction } from '../../pipeline/errors/index.js';
import { DATASET_SECTIONS, PAPER_AVG_TOKENS, datasetReport, registerDatasetSection, tokenSummary } from '../../scripts/report/dataset.js';
import { datasetChart, niceStep } from '../../scripts/report/datasetChart.js';
import { realRun } from './fixtures/realRun.js';

const tmp = (p: string) => mkdtempSync(join(tmpdir(), `forge-dataset-${p}-`));

describe('pnpm report dataset on a real run', async () => {
  const run = await realRun(8);
  const cases = run.store.readStage<unknown>('assemble', ['ok']).map((a) => TestCase.parse(a.content));

  it('the label checker agrees with the claimed type on 100% of kept internal error cases', () => {
    const internal = cases.filter((c) => c.kind === 'internal' && c.errorType !== '');
    expect(internal.length).toBeGreaterThan(10);
    const disagree = internal.filter((c) => classifyAction(c.erroneousAction!, { tools: c.tools, groundTruth: c.groundTruth as Action }).label !== c.errorType);
    expect(disagree.map((c) => c.id)).toEqual([]);
  });

  it('counts by type, source and k, and measures tokens as countChatTokens does', () => {
    const out = tmp('chart');
    const { text, chartPath, data } = datasetReport(run.store, { out });
    expect(data.base).toHaveLength(cases.length);
    for (const [i, c] of cases.slice(0, 20).entries()) expect(data.base[i].tokens).toBe(countChatTokens(c.messages));
    const plain = cases.filter((c) => !c.cot);
    const controls = plain.filter((c) => c.kind === 'internal' && c.errorType === '').length;
    expect(text).toMatch(new RegExp(`internal\\s+control\\s+\\d+\\s+\\d+\\s+${controls}\\s`));
    const mean = Math.round(tokenSummary(data.base.map((c) => c.tokens)).mean);
    expect(text).toContain(`ours: ${mean} tokens per base case on average; the paper: 1,291`);
    expect(text).toContain('plain base cases by step k');
    expect(text).toContain(`rules:${INJECTORS_VERSION}`);
    expect(chartPath).toBe(join(out, 'dataset.svg'));
    const svg = readFileSync(chartPath!, 'utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain(`paper ${PAPER_AVG_TOKENS}`);
    expect(svg).toContain('tool_select_error');
    // Same store, same bytes.
    const again = datasetReport(run.store, { out: tmp('again') });
    expect(readFileSync(again.chartPath!, 'utf8')).toBe(svg);
  });

  it('takes sections registered by other parts (the evolved set)', () => {
    registerDatasetSection({ title: 'evolved per strategy (test)', text: (d) => `evolved ${d.evolved.length}, first tokens ${d.evolved[0] ? d.tokensOf(d.evolved[0]) : 0}` });
    try {
      const { text } = datasetReport(run.store, { out: tmp('ext') });
      expect(text).toMatch(/evolved per strategy \(test\)\nevolved \d+, first tokens \d+/);
    } finally {
      DATASET_SECTIONS.pop();
    }
  });

  it('runs from the CLI with --db and --out (a real child process)', () => {
    run.store.close();
    const out = tmp('cli');
    const r = spawnSync('npx', ['tsx', 'scripts/cli.ts', 'report', 'dataset', '--db', run.dbPath, '--out', out], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('base cases by kind and type');
    expect(existsSync(join(out, 'dataset.svg'))).toBe(true);
  });
});

describe('token counting and chart helpers', () => {
  it('the memoised counter equals encoding every time', () => {
    clearTokenMemo();
    const count = (m: { content: string }[]) => countChatTokens(m);
    const messages = [
      { role: 'system', content: 'You can call tools: [{"name": "A.b"}]' },
      { role: 'user', content: 'héllo wörld, 5.0 + 3' },
      { role: 'user', content: 'héllo wörld, 5.0 + 3' },
    ];
    expect(count(messages)).toBe(countChatTokens(messages, countTokensUncached));
    expect(count(messages)).toBe(countChatTokens(messages, countTokensUncached)); // now from the memo
  });

  it('picks round steps and draws an empty chart without failing', () => {
    expect(niceStep(6106, 40)).toBe(200);
    expect(niceStep(0)).toBe(1);
    expect(datasetChart([])).toContain('</svg>');
    expect(datasetChart([{ kind: 'histogram', title: 'none', values: [] }])).toContain('bins of');
  });
});
