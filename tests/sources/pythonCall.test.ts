import { describe, expect, it } from 'vitest';
import { bindArguments, parsePythonCall, PythonSyntaxError } from '../../sources/pythonCall.js';

describe('BFCL Python call parser', () => {
  it('reads keyword and positional arguments of every literal kind', () => {
    const c = parsePythonCall(`f('a\\'b', 2, x=-3.5, y=[1, "two", None], z={'k': (True, False)}, w=1e3)`);
    expect(c.name).toBe('f');
    expect(c.positional).toEqual(["a'b", 2]);
    expect(c.keywords).toEqual({ x: -3.5, y: [1, 'two', null], z: { k: [true, false] }, w: 1000 });
    expect(c.floatKeywords.sort()).toEqual(['w', 'x']);
  });

  it('keeps escapes and unicode inside strings', () => {
    expect(parsePythonCall(`echo(content='line1\\nline2 \\u00e9', file_name="a.txt")`).keywords).toEqual({ content: 'line1\nline2 é', file_name: 'a.txt' });
  });

  it('names positional arguments from the function doc order and rejects wrong arity', () => {
    expect(bindArguments(parsePythonCall("sort('final_report.pdf')"), ['file_name'])).toEqual({ file_name: 'final_report.pdf' });
    expect(() => bindArguments(parsePythonCall("sort('a', 'b')"), ['file_name'])).toThrow(/takes 1 positional arguments but 2 were given/);
    expect(() => bindArguments(parsePythonCall("mv('a', source='b')"), ['source', 'destination'])).toThrow(/multiple values for argument 'source'/);
  });

  it('rejects what is not a plain call', () => {
    expect(() => parsePythonCall('cd(folder=os.getcwd())')).toThrow(PythonSyntaxError);
    expect(() => parsePythonCall("cd(folder='x'")).toThrow(/expected "\)"/);
    expect(() => parsePythonCall("cd(folder='x') + 1")).toThrow(/unexpected text after the call/);
    expect(() => parsePythonCall("f(a=1, 'b')")).toThrow(/positional argument follows keyword argument/);
  });
});
