/**
 * An environment failure is one the failing thing could give, and the thoughts after it tell the
 * failure it is. The default build of 4f07e43 (f23) had:
 * - 57% (27/47) of CoT external cases whose failure says no connection was made (refused, not
 *   connected, a failed proxy tunnel) with a thought saying the call "lost its connection"
 *   (failure_thought_connection_misread);
 * - 1.6% (13/800) of external cases retrying after "Connection refused: the local service behind X
 *   is not running", which says a retry has no one to answer it (env_error_retry_futile);
 * - 10% (72/703) of simulated failures no real API or library gives for that call: a bearer challenge
 *   with error="temporarily_unavailable" on arXiv and Serper, EACCES for a brake pedal "held open",
 *   a controller or device fault on files and slides (env_error_unfit_tool);
 * - 0.4% (3/800) of failures joining two causes, EBUSY and a throttle (env_label_text_mismatch).
 */
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_ERROR_KINDS, type TestCase, type ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { environmentMessage, LOCAL_KINDS } from '../../pipeline/resolution/simulatorRules.js';
import { classifyEnvironmentMessage, failureKind, retryFutile } from '../../pipeline/errors/environment.js';
import { envErrorCauseContradicts, envErrorRetryFutile, envErrorUnfitTool, envLabelTextMismatch, failureCauseContradicts } from '../../pipeline/quality/measures/solvable.js';
import { failureThoughtConnectionMisread } from '../../pipeline/quality/measures/thoughts.js';
import { retryThought, skipThought, finishThought } from '../../stages/diversify-external/afterFailure.js';

const tool = (name: string, description: string): ToolDoc => ({ name, description, required_parameters: [], optional_parameters: [], return_data: [{ name: 'result', description: '' }] });

/** Every wording a kind can be drawn in for `api` (many seeds). */
function wordings(kind: (typeof ENVIRONMENT_ERROR_KINDS)[number], api: string, locality: 'local' | 'remote' = 'remote', computation = false): string[] {
  const out = new Set<string>();
  for (let seed = 0; seed < 40; seed++) out.add(environmentMessage(kind, api, new Rng(seed, kind), locality, computation));
  return [...out];
}

const external = (name: string, failure: string, extra: Partial<TestCase> = {}) =>
  ({
    kind: 'external',
    provenance: { origin: 'simulated:api-simulator' },
    tools: [tool(name, 'does it')],
    messages: [{ role: 'user', content: 'Please do it.' }, { role: 'assistant', content: JSON.stringify({ name, args: { a: 1 } }) }, { role: 'function', content: failure }],
    groundTruth: [{ name, args: { a: 1 }, thought: '' }],
    ...extra,
  }) as unknown as TestCase;

describe('a proxy failure as the client library writes it (env-wording-8)', () => {
  it('names the path, never a tunnel "for" a function, and still reads as a proxy that let nothing through', () => {
    const proxy = wordings('connection_error', 'TradingBot.get_stock_info').filter((w) => /proxy/i.test(w));
    expect(proxy.length).toBeGreaterThan(0);
    for (const w of proxy) {
      expect(w).not.toMatch(/tunnel connection for/i);
      expect(w).toMatch(/url: \/get_stock_info .*Tunnel connection failed: 502 Bad Gateway/);
      expect(failureKind(w)).toBe('could not get through the proxy');
      expect(classifyEnvironmentMessage(w)?.kind).toBe('connection_error');
    }
  });
});

describe('a connection never made is not told as lost', () => {
  it('failureKind tells a refusal, no connection, a failed proxy and an unreachable host apart from a dropped connection', () => {
    expect(failureKind("ConnectionError: Max retries exceeded with url: /reserve (Caused by NewConnectionError('Failed to establish a new connection: [Errno 111] Connection refused'))")).toBe('was refused a connection');
    expect(failureKind('ConnectionRefusedError: [Errno 111] Connection refused: the worker for get_curr_time was restarting and took no calls; try again')).toBe('was refused a connection');
    expect(failureKind('cat failed: the device is not connected (ENOTCONN)')).toBe('had no connection');
    expect(failureKind('OSError: [Errno 107] Transport endpoint is not connected while running cat on the network share that holds the files')).toBe('had no connection');
    expect(failureKind('ProxyError: Unable to connect to proxy, the tunnel connection for reserve failed: 502 Bad Gateway')).toBe('could not get through the proxy');
    expect(failureKind('OSError: [Errno 112] Host is down while running ls: the server of the network share did not answer')).toBe('could not reach its server');
    expect(failureKind("ConnectionError: ('Connection aborted.', ConnectionResetError(104, 'Connection reset by peer')) while calling reserve")).toBe('lost its connection');
    expect(failureKind('BrokenPipeError: [Errno 32] Broken pipe while running pressBrakePedal: the connection to the controller dropped')).toBe('lost its connection');
  });

  it('the retry, skip and closing thoughts after a refusal never say the connection was lost', () => {
    const refused = "ConnectionError: Max retries exceeded with url: /reserve (Caused by NewConnectionError('Failed to establish a new connection: [Errno 111] Connection refused'))";
    const tools = [tool('ReserveMeeting.reserve', 'Reserve a meeting room.'), tool('ReserveMeeting.get_room_status', 'Get the status of rooms.')];
    const action = { thought: '', name: 'ReserveMeeting.reserve', args: { room: 'A' } };
    for (let seed = 0; seed < 30; seed++) {
      const thoughts = [
        retryThought(action, refused, tools, new Rng(seed, 'r')),
        skipThought(action.name, { thought: '', name: 'ReserveMeeting.get_room_status', args: {} }, tools, new Rng(seed, 's'), refused),
        finishThought(action, refused, tools, new Rng(seed, 'f')),
      ];
      for (const t of thoughts) {
        expect(t, t).not.toMatch(/lost its connection|loses its connection|dropped connection/);
        expect(t, t).toMatch(/refused a connection|took the connection|accepting connections/);
      }
    }
  });

  it('the measure flags "lost its connection" after a refusal and passes a thought telling the refusal', () => {
    const refused = 'reserve failed: [Errno 111] Connection refused';
    const told = (thought: string) => external('ReserveMeeting.reserve', refused, { cot: true, groundTruth: [{ name: 'ReserveMeeting.reserve', args: { a: 1 }, thought }] } as never);
    expect(failureThoughtConnectionMisread.check(told('`reserve` lost its connection before it could book the room.'), {} as never)).toMatch(/lost its connection/);
    expect(failureThoughtConnectionMisread.check(told('`reserve` was refused a connection before it could book the room.'), {} as never)).toBeNull();
    // A reset is a lost connection, and told as one.
    const reset = external('ReserveMeeting.reserve', 'ConnectionResetError: [Errno 104] Connection reset by peer', { cot: true, groundTruth: [{ name: 'ReserveMeeting.reserve', args: { a: 1 }, thought: '`reserve` lost its connection.' }] } as never);
    expect(failureThoughtConnectionMisread.check(reset, {} as never)).toBeUndefined();
  });
});

describe('"the service is not running" is no failure to retry', () => {
  it('reads a service said not to run as final, a restarting one as passing', () => {
    expect(retryFutile('ConnectionRefusedError: [Errno 111] Connection refused: the local service behind get_curr_time is not running')).toBe('the service is not running');
    expect(retryFutile('ConnectionRefusedError: [Errno 111] Connection refused: the worker for get_curr_time was restarting and took no calls; try again')).toBeUndefined();
    const old = external('TimeTool.get_curr_time', 'ConnectionRefusedError: [Errno 111] Connection refused: the local service behind get_curr_time is not running');
    expect(envErrorRetryFutile.check(old, {} as never)).toMatch(/not running/);
  });

  it('the generator never says a service is not running', () => {
    for (const kind of LOCAL_KINDS) for (const m of wordings(kind, 'TimeTool.get_curr_time', 'local', true)) expect(retryFutile(m), m).toBeUndefined();
  });
});

describe('every failure one the failing API could give', () => {
  const FILES = [tool('GorillaFileSystem.cat', 'Display the contents of a file.'), tool('PPT.add_text_page', 'Add a page with text to the presentation.')];

  it('no bearer challenge with a code RFC 6750 does not have, on any remote API', () => {
    for (const api of ['ArxivSearch.get_arxiv_article_information', 'GoogleSearch.serper_search', 'GaodeMap.get_route']) {
      for (const m of wordings('permission_denied', api)) {
        expect(m).not.toMatch(/temporarily_unavailable/);
        expect(classifyEnvironmentMessage(m)?.kind, m).toBe('permission_denied');
        expect(retryFutile(m), m).toBeUndefined();
      }
    }
    const old = external('ArxivSearch.get_arxiv_article_information', 'HTTP 401 Unauthorized\nWWW-Authenticate: Bearer error="temporarily_unavailable"\nRetry-After: 2\n{"error": "temporarily_unavailable"}');
    expect(envErrorUnfitTool.check(old, {} as never)).toMatch(/RFC 6750/);
    const real = external('ArxivSearch.get_arxiv_article_information', 'HTTP 401 Unauthorized\nWWW-Authenticate: Bearer error="invalid_token"');
    expect(envErrorUnfitTool.check(real, {} as never)).toBeNull();
  });

  it('no EACCES for a pedal another process "holds open"', () => {
    // No local permission failure at all since env-wording-9 (none passes on a retry).
    expect(LOCAL_KINDS).not.toContain('permission_denied');
    expect(() => environmentMessage('permission_denied', 'VehicleControlAPI.pressBrakePedal', new Rng(0), 'local')).toThrow(/LOCAL_KINDS/);
    const old = external('VehicleControlAPI.pressBrakePedal', 'PermissionError: [Errno 13] Permission denied while running pressBrakePedal: another process (pid 4242) holds it open; try again once it is closed');
    expect(envErrorUnfitTool.check(old, {} as never)).toMatch(/EACCES/);
  });

  it('files and slides fail on their disk or network share, never on a controller', () => {
    for (const api of ['GorillaFileSystem.cat', 'GorillaFileSystem.echo', 'PPT.add_text_page', 'FileOperation.write_file']) {
      for (const kind of LOCAL_KINDS) {
        for (const m of wordings(kind, api, 'local')) {
          expect(m).not.toMatch(/controller|device not ready|device is not connected/);
          expect(classifyEnvironmentMessage(m)?.kind, m).toBe(kind);
          expect(envLabelTextMismatch.check({ kind: 'external', environmentError: kind, messages: [{ role: 'function', content: m }] } as unknown as TestCase, {} as never), m).toBeNull();
        }
      }
    }
    // A car's controls keep their controller.
    expect(wordings('connection_error', 'VehicleControlAPI.pressBrakePedal', 'local').some((m) => /controller/.test(m))).toBe(true);
    const caseOf = (name: string, error: string) => ({ ...external(name, error), tools: FILES }) as TestCase;
    expect(envErrorUnfitTool.check(caseOf('GorillaFileSystem.cat', 'cat failed: the device is not connected (ENOTCONN)'), {} as never)).toMatch(/files or slides/);
    expect(envErrorUnfitTool.check(caseOf('PPT.add_text_page', 'BrokenPipeError: [Errno 32] Broken pipe while running add_text_page: the connection to the controller dropped'), {} as never)).toMatch(/files or slides/);
    expect(envErrorUnfitTool.check(caseOf('GorillaFileSystem.cat', 'OSError: [Errno 107] Transport endpoint is not connected while running cat on the network share that holds the files'), {} as never)).toBeNull();
  });

  it('one cause a failure: no EBUSY joined to a throttle', () => {
    for (const api of ['GorillaFileSystem.cd', 'VehicleControlAPI.lockDoors']) for (const m of wordings('rate_limit', api, 'local')) expect(m).not.toMatch(/resource busy|EBUSY/);
    const joined = { kind: 'external', environmentError: 'rate_limit', messages: [{ role: 'function', content: 'OSError: [Errno 16] Device or resource busy: cd was throttled after too many operations in the last second (limit 10); try again shortly' }] } as unknown as TestCase;
    expect(envLabelTextMismatch.check(joined, {} as never)).toMatch(/two causes/);
    const one = { ...joined, messages: [{ role: 'function', content: 'BlockingIOError: [Errno 11] Resource temporarily unavailable: cd was throttled after too many operations in the last second (limit 10); try again shortly' }] } as unknown as TestCase;
    expect(envLabelTextMismatch.check(one, {} as never)).toBeNull();
  });
});

describe('a failure\'s status or errno and its stated cause agree (env-wording-9)', () => {
  it('finds the wordings h-read23 read as contradicting themselves', () => {
    // A 403 is the service's answer; one that got no answer from its authorization service is a 503 or a timeout.
    expect(failureCauseContradicts('HTTP 403 Forbidden\n{"error": {"code": 403, "status": "PERMISSION_DENIED", "message": "The permission check for place_order could not be completed: the authorization service did not respond. Retry the request."}}')).toMatch(/did not respond/);
    // Errno 13 is a file's mode, not a session's credentials, and it does not pass by itself.
    expect(failureCauseContradicts("PermissionError: [Errno 13] Permission denied while running check_tire_pressure: the session's credentials expired and are being renewed; try again")).toMatch(/session/);
    expect(failureCauseContradicts('get_curr_time failed: access denied (EACCES) while the privilege check was pending: the policy service did not answer; try again')).toMatch(/policy service/);
    expect(failureCauseContradicts('PermissionError: [Errno 13] Permission denied: try again')).toMatch(/passes by itself/);
    // Errno 110 is ETIMEDOUT, "Connection timed out".
    expect(failureCauseContradicts('TimeoutError: [Errno 110] Operation timed out after 5 s while running get_weekday')).toMatch(/Connection timed out/);
    expect(failureCauseContradicts('OSError: [Errno 32] Broken pipe')).toMatch(/BrokenPipeError/);
    const old = external('TradingBot.place_order', 'HTTP 403 Forbidden\n{"error": {"code": 403, "message": "the authorization service did not respond"}}');
    expect(envErrorCauseContradicts.check(old, {} as never)).toMatch(/403/);
    // Real wordings pass.
    for (const m of [
      'HTTP 403 Forbidden\nRetry-After: 30\nAccess to serper_search from this address is blocked for a while after unusual traffic; try again later.',
      "ConnectionError: Max retries exceeded with url: /reserve (Caused by NewConnectionError('Failed to establish a new connection: [Errno 111] Connection refused'))",
      'HTTP 504 Gateway Timeout\n{"error": {"code": 504, "message": "show did not answer in time."}}',
      'OSError: [Errno 112] Host is down while running cat: the server of the network share did not answer',
      'PermissionError: [Errno 13] Permission denied',
    ]) expect(failureCauseContradicts(m), m).toBeUndefined();
  });

  it('no simulated wording of any kind, tool or locality contradicts itself', () => {
    const apis: [string, 'local' | 'remote', boolean][] = [
      ['TradingBot.place_order', 'remote', false], ['ArxivSearch.get_arxiv_article_information', 'remote', false], ['GaodeMap.get_route', 'remote', false],
      ['VehicleControlAPI.check_tire_pressure', 'local', false], ['GorillaFileSystem.cd', 'local', false], ['TimeTool.get_weekday', 'local', true],
    ];
    for (const [api, locality, computation] of apis) {
      for (const kind of locality === 'local' ? LOCAL_KINDS : ENVIRONMENT_ERROR_KINDS) {
        for (const m of wordings(kind, api, locality, computation)) {
          expect(failureCauseContradicts(m), m).toBeUndefined();
          expect(retryFutile(m), m).toBeUndefined();
          expect(envLabelTextMismatch.check({ kind: 'external', environmentError: kind, messages: [{ role: 'function', content: m }] } as unknown as TestCase, {} as never), m).toBeNull();
        }
      }
    }
  });
});
