import { describe, expect, it } from 'vitest';
import { causeOf } from '../../stages/resolve/failureSentences.js';
import { causeGeneric } from '../../pipeline/quality/measures/failureAnswers.js';
import { tenseSlip } from '../../pipeline/quality/measures/answerPhrasing.js';
import { classifyEnvironmentMessage } from '../../pipeline/errors/environment.js';
import { environmentMessage, LOCAL_KINDS } from '../../pipeline/resolution/simulatorRules.js';
import { ENVIRONMENT_ERROR_KINDS } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';

/** A failure answer as failedSentence frames it, around the cause causeOf gives. */
const told = (error: string, api: string) => `I wasn't able to do it, because ${causeOf(error, api)}.`;

describe('a failure\'s cause told from its message (answer_failure_cause_generic)', () => {
  // teval_query_393_2-env-k2 on g0: "permission was denied (401 UNAUTHENTICATED)" for a token that lapsed mid-request.
  const expired = `{'error': {'code': 401, 'status': 'UNAUTHENTICATED', 'message': 'The access token for reserve expired while the request was in flight and has been renewed; send the request again.'}}`;
  // bfcl_multi_turn_base_37-env-k5 on g0: 'it reported "I/O error (EIO) writing to the disk"'.
  const eio = 'echo failed: I/O error (EIO) writing to the disk';

  it('flags the kind-only and the quoted wordings g0 shipped', () => {
    expect(causeGeneric('When I tried to reserve the meeting room "102", permission was denied (401 UNAUTHENTICATED).', [{ name: 'ReserveMeeting.reserve', args: {}, error: expired }])).toMatch(/permission was denied/);
    expect(causeGeneric('I have created the file "1.txt". Unfortunately, writing the text to "1.txt" failed; it reported "I/O error (EIO) writing to the disk".', [{ name: 'GorillaFileSystem.echo', args: {}, error: eio }])).toMatch(/quoted/);
  });

  it('tells both in words that keep the failure\'s kind', () => {
    expect(causeOf(expired, 'reserve')).toBe('the access token expired while the request was in flight (401 UNAUTHENTICATED)');
    expect(causeOf(eio, 'echo')).toBe('there was an I/O error writing to the disk');
    for (const error of [expired, eio]) expect(classifyEnvironmentMessage(causeOf(error, 'x'))?.kind).toBe(classifyEnvironmentMessage(error)?.kind);
  });

  it('leaves no wording the simulator can give told by its kind alone or quoted', () => {
    const apis: [string, 'local' | 'remote', boolean][] = [['FilmTMDB.get_movie_reviews', 'remote', false], ['GaodeMap.get_route', 'remote', false], ['GorillaFileSystem.echo', 'local', false], ['MathAPI.mean', 'local', true], ['VehicleControlAPI.startEngine', 'local', false], ['TravelAPI.book_flight', 'remote', false]];
    let told_ = 0;
    for (const kind of ENVIRONMENT_ERROR_KINDS) {
      for (const [api, locality, computation] of apis) {
        if (locality === 'local' && !LOCAL_KINDS.includes(kind)) continue;
        for (let seed = 0; seed < 60; seed++) {
          let error: string;
          try {
            error = environmentMessage(kind, api, new Rng(seed), locality, computation);
          } catch {
            continue;
          }
          const answer = told(error, api.split('.')[1]);
          told_++;
          expect(causeGeneric(answer, [{ name: api, args: {}, error }]), `${error} -> ${answer}`).toBeUndefined();
        }
      }
    }
    expect(told_).toBeGreaterThan(500);
  });

  it('tells a lock held at the time in the past (answer_tense_slip: 26/1,676 on g0, bfcl_multi_turn_base_45-env-k3)', () => {
    const error = 'cp failed: the operation timed out after 2000 ms waiting for a lock another operation holds on the file';
    expect(tenseSlip(`Copying "a.docx" didn't go through because the operation timed out after 2000 ms waiting for a lock another operation holds on the file.`)).toBeDefined();
    const cause = causeOf(error, 'cp');
    expect(cause).toBe('the operation timed out after 2000 ms waiting for a lock another operation held on the file');
    expect(tenseSlip(`Copying "a.docx" didn't go through because ${cause}.`)).toBeUndefined();
    expect(classifyEnvironmentMessage(cause)?.kind).toBe('timeout');
  });
});
