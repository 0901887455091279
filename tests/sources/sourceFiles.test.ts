/**
 * A whole-file source that is truncated or not JSON is an error naming the file (and where parsing
 * stopped), never a bare "Unexpected end of JSON input".
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTevalDocs } from '../../sources/teval/adapter.js';
import { readJsonFile, SourceFileError } from '../../sources/records.js';
import { sourceFiles } from '../../sources/paths.js';

describe('whole-file sources', () => {
  it('name the file when it is truncated, empty or missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-src-'));
    const docs = readFileSync(sourceFiles().teval.apis, 'utf8');
    const truncated = join(dir, 'api_descrip.json');
    writeFileSync(truncated, docs.slice(0, Math.floor(docs.length / 2)));
    expect(() => loadTevalDocs(truncated)).toThrow(SourceFileError);
    expect(() => loadTevalDocs(truncated)).toThrow(new RegExp(`source file ${truncated.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not valid JSON`));
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '');
    expect(() => readJsonFile(empty)).toThrow(/empty\.json is not valid JSON \(the file is empty\)/);
    expect(() => readJsonFile(join(dir, 'missing.json'))).toThrow(/cannot read source file .*missing\.json/);
    // The vendored file itself reads.
    expect(loadTevalDocs(sourceFiles().teval.apis).size).toBeGreaterThan(40);
  });
});
