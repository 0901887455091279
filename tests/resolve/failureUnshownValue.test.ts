/**
 * A closing answer after a failure says what waits on the failed call without a value only that call
 * would have shown. answer-writer-76 wrote "Adding "ZETA" to the watchlist needs it first." after
 * get_symbol_by_name("Zeta Corp") failed (bfcl_multi_turn_base_140-env-k1) and "Moving into the folder
 * "tmp" needs it first." after ls failed (base_26-env-k1): 13 of 519 closing answers on the h-env24 build
 * (answer_failure_unshown_value).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { causeOf, nextStepQuestion, shownInAnswer } from '../../stages/resolve/failureSentences.js';
import { answerFailureUnshownValue } from '../../pipeline/quality/measures/failureAnswers.js';
import type { TestCase } from '../../pipeline/schemas.js';

describe('a waiting step said without a value no one has seen (answer-writer-77)', () => {
  const failed = { name: 'TradingBot.get_symbol_by_name', args: { name: 'Zeta Corp' }, response: 'ReadTimeout: the request to get_symbol_by_name timed out (read timeout=30)', error: 'ReadTimeout: the request to get_symbol_by_name timed out (read timeout=30)' };
  const shown = shownInAnswer({ request: "Could you add Zeta Corp's stock to my watchlist?", steps: [failed] } as never);

  it('names the stock by its kind, never "ZETA"', () => {
    for (let seed = 0; seed < 30; seed++) {
      const out = nextStepQuestion(failed, new Rng(seed), 'get_symbol_by_name', [{ name: 'TradingBot.add_to_watchlist', args: { stock: 'ZETA' }, needsFailed: true }], shown);
      expect(out, out).not.toContain('ZETA');
      expect(out, out).not.toContain('¤');
      expect(out).toMatch(/the stock/);
    }
  });

  it('keeps a value the request or an answer shows', () => {
    const out = nextStepQuestion(failed, new Rng(1), 'get_symbol_by_name', [{ name: 'GorillaFileSystem.cd', args: { folder: 'Zeta Corp' }, needsFailed: true }], shown);
    expect(out).toContain('"Zeta Corp"');
    const ls = { name: 'GorillaFileSystem.ls', args: {}, response: 'x', error: 'OSError: [Errno 107] Transport endpoint is not connected while running ls on the network share that holds the files' };
    const lsShown = shownInAnswer({ request: 'Navigate to the temporary directory and list all the files there.', steps: [ls] } as never);
    for (let seed = 0; seed < 30; seed++) {
      const said = nextStepQuestion(ls, new Rng(seed), 'ls', [{ name: 'GorillaFileSystem.cd', args: { folder: 'tmp' }, needsFailed: true }, { name: 'GorillaFileSystem.ls', args: { a: true } }], lsShown);
      expect(said, said).not.toContain('"tmp"');
      // The same listing again, never "listing another files".
      expect(said, said).not.toMatch(/another files/);
      // The folder in the request's words (answer_failure_task_unsaid on the h-env24 build).
      if (/Moving into|move into/.test(said)) expect(said, said).toMatch(/the temporary directory/);
    }
  });

  it('leaves out a number only the failed call would have given (bfcl_multi_turn_base_63-env-k9: answer_unsupported)', () => {
    const distance = { name: 'VehicleControlAPI.estimate_distance', args: { cityA: '94016', cityB: '83214' }, response: 'x', error: 'HTTP 503 Service Unavailable' };
    const shown = shownInAnswer({ request: 'How far is it from San Francisco to Rivermist, and can my car make it?', steps: [distance] } as never);
    for (let seed = 0; seed < 20; seed++) {
      const said = nextStepQuestion(distance, new Rng(seed), 'estimate_distance', [{ name: 'VehicleControlAPI.estimate_drive_feasibility_by_mileage', args: { distance: 980 }, needsFailed: true }], shown);
      expect(said, said).not.toMatch(/980|¤/);
      // Nor a bare "make the drive" (answer_argument_as_name).
      expect(said, said).not.toMatch(/make the drive/);
    }
    // A distance the user gave stays.
    const given = shownInAnswer({ request: 'Can my car make the 980-mile drive?', steps: [distance] } as never);
    const kept = nextStepQuestion(distance, new Rng(1), 'estimate_distance', [{ name: 'VehicleControlAPI.estimate_drive_feasibility_by_mileage', args: { distance: 980 }, needsFailed: true }], given);
    expect(kept).toMatch(/980-mile/);
  });

  it('the measure finds the old sentence', () => {
    const tc = { kind: 'external', messages: [{ role: 'user', content: "Add Zeta Corp's stock to my watchlist." }, { role: 'function', content: 'timed out' }], groundTruth: [{ name: 'TradingBot.get_symbol_by_name', args: {} }, { name: 'FinishAction', args: 'It timed out. Adding "ZETA" to the watchlist needs it first. Shall I try again?' }] } as unknown as TestCase;
    expect(answerFailureUnshownValue.check(tc, {} as never)).toMatch(/ZETA/);
    const fixed = { ...tc, groundTruth: [(tc.groundTruth as unknown as unknown[])[0], { name: 'FinishAction', args: 'It timed out. Adding the stock to the watchlist needs it first. Shall I try again?' }] } as unknown as TestCase;
    expect(answerFailureUnshownValue.check(fixed, {} as never)).toBeNull();
  });

  it('tells a cap on calls at once whole', () => {
    expect(causeOf('BlockingIOError: [Errno 11] Resource temporarily unavailable while running get_curr_time: too many calls at once (limit 4)', 'get_curr_time')).toBe('too many calls were running at once (limit 4; resource temporarily unavailable)');
  });
});

describe('what an answer shows', () => {
  it('reads a call whose id is past 2^53 (a BigInt)', () => {
    expect(shownInAnswer({ request: 'r', steps: [{ name: 'AirbnbSearch.get_property_details', args: { propertyId: 847456265351637680n }, response: 'ok' }] } as never)).toContain('847456265351637680');
  });
});
