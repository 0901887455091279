import { describe, expect, it } from 'vitest';
import { parseReply, pythonLiteralToJson } from '../../pipeline/prompts/parseAction.js';

describe('parseReply (the evaluator-style reading of a model reply)', () => {
  it('reads a plain JSON action', () => {
    expect(parseReply('{"name": "MathAPI.add", "args": {"a": 1, "b": 2.5}}')).toEqual({ action: { name: 'MathAPI.add', args: { a: 1, b: 2.5 } } });
  });

  it('unwraps a ```json fence and ignores surrounding prose', () => {
    const raw = 'Sure! Here is the call:\n```json\n{"thought": "add them", "name": "MathAPI.add", "args": {"a": 1}}\n```\nDone.';
    expect(parseReply(raw).action).toEqual({ thought: 'add them', name: 'MathAPI.add', args: { a: 1 } });
  });

  it('reads Python literals: single quotes, True/False/None, tuples, trailing commas', () => {
    const raw = "{'name': 'TwitterAPI.post_tweet', 'args': {'content': \"it's done\", 'tags': ('#a', '#b',), 'draft': False, 'reply_to': None}}";
    expect(parseReply(raw).action).toEqual({
      name: 'TwitterAPI.post_tweet',
      args: { content: "it's done", tags: ['#a', '#b'], draft: false, reply_to: null },
    });
  });

  it('keeps the critique error field', () => {
    expect(parseReply('{"error": "parameters_key_error", "name": "A.b", "args": {}}').error).toBe('parameters_key_error');
  });

  it('reads args sent as a JSON string, and keeps FinishAction args as the answer string', () => {
    expect(parseReply('{"name": "A.b", "args": "{\\"x\\": 1}"}').action?.args).toEqual({ x: 1 });
    expect(parseReply('{"name": "FinishAction", "args": "{not json} the answer"}').action?.args).toBe('{not json} the answer');
  });

  it('reports what is wrong with a malformed reply', () => {
    expect(parseReply('I would call the add tool.').problem).toBe('no JSON object in the reply');
    expect(parseReply('{"args": {}}').problem).toBe('the reply has no "name"');
    expect(parseReply('{"name": "A.b", "args": [1, 2]}').problem).toMatch(/neither an object nor a string/);
    expect(parseReply("{'name': 'A.b', 'args': {'x': open('f')}}").problem).toMatch(/unparsable action/);
  });

  it('pythonLiteralToJson handles escapes inside strings', () => {
    expect(JSON.parse(pythonLiteralToJson("{'a': 'line\\nnext', 'b': 'say \\'hi\\''}"))).toEqual({ a: 'line\nnext', b: "say 'hi'" });
  });
});
