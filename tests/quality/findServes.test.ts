// Assemble 76 (lead41): a ground truth walking folders toward a file the request asks to find by name, with `find`
// listed and nothing shown placing the file, has a second right answer: such a case is turned down.
import { describe, expect, it } from 'vitest';
import { findServesStep } from '../../pipeline/quality/findServes.js';
import type { ChatMessage, ToolDoc } from '../../pipeline/schemas.js';

const tools = ['ls', 'cd', 'find', 'mv'].map((n) => ({ name: `GorillaFileSystem.${n}`, description: n, required_parameters: [], optional_parameters: [], return_data: [] })) as unknown as ToolDoc[];
const ask = "Find analysis_report.csv and upon locating it, ensure you move it to the 'archive' directory in the same directory of analysis report for safekeeping.";
const user = (content: string): ChatMessage => ({ role: 'user', content }) as ChatMessage;
const call = (name: string, args: object): ChatMessage => ({ role: 'assistant', content: JSON.stringify({ name: `GorillaFileSystem.${name}`, args }) }) as ChatMessage;
const answer = (content: string): ChatMessage => ({ role: 'function', content }) as ChatMessage;

describe('findServesStep (bfcl_multi_turn_base_5 on lead41 m5)', () => {
  it('flags ls, then cd "project", toward a file nothing shown places', () => {
    expect(findServesStep([user(ask), call('du', {}), answer('{"disk_usage": "70 bytes"}')], { name: 'GorillaFileSystem.ls', args: {} }, tools)).toMatch(/find\(name="analysis_report\.csv"\)/);
    expect(findServesStep([user(ask), call('ls', {}), answer('{"current_directory_content": ["project"]}')], { name: 'GorillaFileSystem.cd', args: { folder: 'project' } }, tools)).toMatch(/as right/);
  });
  it('passes a walk the request puts first, a listing that shows the file, a find already made, and a toolkit with no find', () => {
    const first = "First cd within the 'ResearchDocs' directory and then locate any files titled 'report.csv'.";
    expect(findServesStep([user(first)], { name: 'GorillaFileSystem.cd', args: { folder: 'ResearchDocs' } }, tools)).toBeUndefined();
    expect(findServesStep([user(ask), call('ls', {}), answer('{"current_directory_content": ["analysis_report.csv", "archive"]}')], { name: 'GorillaFileSystem.mv', args: {} }, tools)).toBeUndefined();
    expect(findServesStep([user(ask), call('ls', {}), answer('{"current_directory_content": ["project", "analysis_report.csv"]}')], { name: 'GorillaFileSystem.cd', args: { folder: 'project' } }, tools)).toBeUndefined();
    expect(findServesStep([user(ask), call('find', { name: 'analysis_report.csv' }), answer('{"matches": ["./project/analysis_report.csv"]}')], { name: 'GorillaFileSystem.cd', args: { folder: 'project' } }, tools)).toBeUndefined();
    expect(findServesStep([user(ask)], { name: 'GorillaFileSystem.ls', args: {} }, tools.filter((t) => !t.name.endsWith('.find')))).toBeUndefined();
  });
});
