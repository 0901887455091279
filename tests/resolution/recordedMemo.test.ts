/**
 * The recorded-answer readers parse each recorded text once and share the value (recordedAnswer.ts);
 * a list of recordings gives its block shape once (recordedBlocks.ts recordedBlockShape). The memos
 * are keyed by the texts themselves, so another text is never answered from them, and a shared value
 * cannot be changed by one reader under another.
 */
import { describe, expect, it } from 'vitest';
import { recordedAnswer } from '../../pipeline/resolution/recordedAnswer.js';
import { parseToolResponse } from '../../pipeline/prompts/parseAction.js';
import { recordedBlockShape } from '../../pipeline/resolution/recordedBlocks.js';
import { recordedKeys } from '../../pipeline/resolution/recordedKeys.js';
import { recordedIds } from '../../pipeline/resolution/recordedIds.js';
import { recordedLists } from '../../pipeline/resolution/simulatorRules.js';

const ROOMS = "{'room_ids': [101, 102, 103], 'detail': {'floor': 1}}";

describe('recordedAnswer', () => {
  it('gives the value parseToolResponse gives, one shared frozen object per text', () => {
    const a = recordedAnswer(ROOMS);
    expect(a).toEqual(parseToolResponse(ROOMS));
    expect(recordedAnswer(ROOMS)).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen((a as { room_ids: number[] }).room_ids)).toBe(true);
    expect(Object.isFrozen((a as { detail: object }).detail)).toBe(true);
    expect(() => {
      (a as { room_ids: number[] }).room_ids.push(104);
    }).toThrow(TypeError);
    expect(recordedAnswer(ROOMS)).toEqual({ room_ids: [101, 102, 103], detail: { floor: 1 } });
    // Another text is read on its own.
    expect(recordedAnswer("{'room_ids': [201]}")).toEqual({ room_ids: [201] });
    expect(recordedAnswer('not a literal')).toBeUndefined();
  });

  it('readers over shared values answer as over fresh ones, again and again', () => {
    const examples = [{ response: ROOMS }, { response: "{'room_ids': [104], 'detail': {'floor': 1}}" }];
    for (let i = 0; i < 2; i++) {
      expect([...recordedKeys(examples)]).toEqual(['room_ids', 'detail']);
      expect([...recordedLists(examples)]).toEqual(['room_ids']);
      expect(recordedIds(examples).get('room_ids[]')).toEqual([101, 102, 103, 104]);
    }
  });
});

describe('recordedBlockShape memo', () => {
  const block = (label: string) => `{'content': "${label}: 2022-08-01\\nTitle: A paper\\nAuthors: A. Author"}`;
  it('keys by every text of the list, so a changed or reordered list is read again', () => {
    expect(recordedBlockShape([block('Published')])).toEqual({ field: 'content', labels: ['Published', 'Title', 'Authors'] });
    expect(recordedBlockShape([block('Published')])).toBe(recordedBlockShape([block('Published')]));
    expect(recordedBlockShape([block('Updated')])).toEqual({ field: 'content', labels: ['Updated', 'Title', 'Authors'] });
    expect(recordedBlockShape(["{'x': 1}", block('Updated')])?.labels).toEqual(['Updated', 'Title', 'Authors']);
    expect(recordedBlockShape(["{'x': 1}"])).toBeUndefined();
    // Lists whose texts join alike are still told apart.
    expect(recordedBlockShape([`${block('Published')}`, "{'x': 1}"])?.labels[0]).toBe('Published');
  });
});
