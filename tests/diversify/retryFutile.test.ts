/**
 * CRITICTOOL's protocol has the model retry a call that met an environment error (no more than
 * three times), so every external case's ground truth opens with that retry. It is the careful step
 * only when the failure may pass. The default build of d288d3c showed 8.6% (69/800) of external
 * cases a failure whose own words say a retry cannot help ("The caller does not have permission to
 * call place_order", "Invalid API key", "Monthly quota exceeded …: 5000/5000 calls used",
 * "PermissionError: [Errno 13] Permission denied", "No such device or address (ENXIO)")
 * (env_error_retry_futile).
 */
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_ERROR_KINDS, type EnvironmentErrorKind, type ExternalErrorCandidate, type TestCase, type ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { environmentMessage, LOCAL_KINDS } from '../../pipeline/resolution/simulatorRules.js';
import { classifyEnvironmentMessage, retryFutile } from '../../pipeline/errors/environment.js';
import { envErrorRetryFutile } from '../../pipeline/quality/measures/solvable.js';
import { indexCaptured } from '../../stages/diversify-external/captured.js';
import { bfclTrajectories, tevalRecordedResponses } from './fixtures/vendored.js';
import { runDiversify } from './fixtures/harness.js';
import { TestResolver } from './fixtures/testResolver.js';

// What the generator wrote before (d288d3c): each says a retry cannot help.
const FUTILE = [
  'HTTP 403 Forbidden\n{"error": {"code": 403, "status": "PERMISSION_DENIED", "message": "The caller does not have permission to call place_order."}}',
  'HTTP 401 Unauthorized\nWWW-Authenticate: Bearer error="invalid_token"\n{"message": "Invalid API key: the key sent with get_arxiv_article_information is not valid."}',
  `{"error": {"code": 403, "message": "Permission denied: serper_search requires the 'premium' scope, which this key lacks"}}`,
  'HTTP 402 Payment Required\n{"error": {"code": 402, "message": "Monthly quota exceeded for get_property_checkout_price: 5000/5000 calls used on the current plan."}}',
  '{"error": {"code": 403, "status": "QUOTA_EXCEEDED", "message": "Daily usage limit for book_flight exceeded."}}',
  '{"status": "0", "info": "INVALID_USER_KEY", "infocode": "10001", "message": "The key sent with get_route is not valid"}',
  "{'text': \"{'status': '0', 'info': 'USER_DAILY_QUERY_OVER_LIMIT', 'infocode': '10044'}\"}",
  'PermissionError: [Errno 13] Permission denied while running check_tire_pressure',
  'touch failed: operation not permitted (EPERM)',
  'pressBrakePedal failed: access denied; the current user lacks the rights for this operation',
  'OSError: [Errno 6] No such device or address (ENXIO) while running find',
];

// Failures that may pass: T-Eval's real captured ones and the wordings the generator writes now.
const TRANSIENT = [
  "('Connection aborted.', ConnectionResetError(104, 'Connection reset by peer'))",
  "{'text': \"HTTPSConnectionPool(host='google.serper.dev', port=443): Read timed out. (read timeout=5)\"}",
  "{'text': \"{'message': 'You have exceeded the rate limit per second for your plan, PRO, by the API provider'}\"}",
  "{'text': \"{'status': False, 'message': 'Server down, Please try again after sometime.', 'timestamp': 1697976456600}\"}",
  "HTTPSConnectionPool(host='airbnb19.p.rapidapi.com', port=443): Max retries exceeded with url: /api/v1/getPropertyDetails?propertyId=1 (Caused by ProxyError('Unable to connect to proxy', OSError('Tunnel connection failed: 500 Internal Server Error')))",
  'HTTP 403 Forbidden\n{"error": {"code": 403, "status": "PERMISSION_DENIED", "message": "The permission check for place_order could not be completed: the authorization service did not respond. Retry the request."}}',
  'HTTP 403 Forbidden\n{"statusCode": 403, "message": "Out of call volume quota for get_route. Quota will be replenished in 00:00:42."}',
  'PermissionError: [Errno 13] Permission denied while running touch: another process (pid 4120) holds it open; try again once it is closed',
];

const tool = (name: string, description: string): ToolDoc => ({ name, description, required_parameters: [], optional_parameters: [], return_data: [{ name: 'result', description: '' }] });

function caseOf(error: string, retry: { name: string; args: Record<string, unknown> } = { name: 'TradingBot.place_order', args: { symbol: 'AAPL', amount: 100 } }): TestCase {
  const failed = { name: 'TradingBot.place_order', args: { symbol: 'AAPL', amount: 100 } };
  return {
    kind: 'external',
    provenance: { methods: {}, origin: 'simulated permission_denied', parents: [] },
    tools: [tool('TradingBot.place_order', 'Place an order.')],
    messages: [
      { role: 'system', content: '[]' },
      { role: 'user', content: 'Buy 100 AAPL.' },
      { role: 'assistant', content: JSON.stringify(failed) },
      { role: 'function', content: error },
    ],
    groundTruth: [retry, { name: 'FinishAction', args: 'The order went through.' }],
  } as unknown as TestCase;
}

describe('a failure a retry cannot get past', () => {
  it('reads a permission the caller lacks, an invalid key, a used-up daily or monthly quota, nothing there as final', () => {
    for (const m of FUTILE) expect(retryFutile(m), m).toBeDefined();
  });

  it('reads timeouts, rate limits, server and connection faults, and a denial or quota that passes as transient', () => {
    for (const m of TRANSIENT) expect(retryFutile(m), m).toBeUndefined();
  });

  it('the measure flags the protocol\'s retry after a final failure and passes it after one that may pass', () => {
    expect(envErrorRetryFutile.check(caseOf(FUTILE[0]), {} as never)).toMatch(/lacks a permission, yet the ground truth retries TradingBot\.place_order/);
    expect(envErrorRetryFutile.check(caseOf(FUTILE[3]), {} as never)).toMatch(/quota for the day or month/);
    expect(envErrorRetryFutile.check(caseOf(TRANSIENT[5]), {} as never)).toBeNull();
    // Not its population: a ground truth that does not retry the failed call.
    expect(envErrorRetryFutile.check(caseOf(FUTILE[0], { name: 'TradingBot.get_stock_info', args: { symbol: 'AAPL' } }), {} as never)).toBeUndefined();
  });
});

describe('the generator writes only failures a retry can get past', () => {
  it('every wording of every kind a tool can be drawn (remote, AMap, local, computation) reads as its kind and may pass', () => {
    const pools = [
      { api: 'TradingBot.place_order', locality: 'remote', computation: false, kinds: ENVIRONMENT_ERROR_KINDS },
      { api: 'GaodeMap.get_route', locality: 'remote', computation: false, kinds: ENVIRONMENT_ERROR_KINDS },
      { api: 'GorillaFileSystem.touch', locality: 'local', computation: false, kinds: LOCAL_KINDS },
      { api: 'TimeTool.get_weekday', locality: 'local', computation: true, kinds: LOCAL_KINDS },
    ] as const;
    let checked = 0;
    for (const p of pools) {
      for (const kind of p.kinds) {
        for (let seed = 0; seed < 24; seed++) {
          const m = environmentMessage(kind, p.api, new Rng(seed, p.api, kind), p.locality, p.computation);
          expect(classifyEnvironmentMessage(m)?.kind, m).toBe(kind);
          expect(retryFutile(m), m).toBeUndefined();
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(400);
  });

  it("keeps T-Eval's real daily-quota failure as recorded but does not reuse it", () => {
    const B = tevalRecordedResponses(['B']);
    const captured = indexCaptured(B.map((r) => ({ key: `collect:${r.id}`, itemId: r.id, record: r.record })));
    const left = captured.unusable.filter((u) => /retry cannot fix/.test(u.why));
    expect(left.map((u) => u.recordId)).toEqual(['177']);
    expect(B.find((r) => r.id === '177')!.record.response).toMatch(/USER_DAILY_QUERY_OVER_LIMIT/);
    for (const c of captured.usable) expect(retryFutile(c.message), c.message).toBeUndefined();
  });

  it('redraws a simulated failure that says a retry cannot help, and keeps the one that may pass', async () => {
    // Each reads as its kind, and says the call cannot go through.
    const FINAL: Record<EnvironmentErrorKind, (api: string) => string> = {
      rate_limit: (api) => `429 Too Many Requests for ${api}: invalid API key`,
      permission_denied: (api) => `HTTP 403 Forbidden: the caller does not have permission to call ${api}.`,
      quota_exceeded: (api) => `Monthly quota exceeded for ${api}: 5000/5000 calls used.`,
      timeout: (api) => `Request to ${api} timed out after 30 seconds: invalid API key`,
      connection_error: (api) => `Connection error: connection reset by peer while calling ${api}; the resource was not found`,
      server_error: (api) => `502 Bad Gateway from ${api}: the resource does not exist`,
    };
    for (const kind of ENVIRONMENT_ERROR_KINDS) expect(classifyEnvironmentMessage(FINAL[kind]('x'))?.kind).toBe(kind);
    const resolver = new TestResolver({ wording: (kind, call, attempt) => (attempt === 1 ? FINAL[kind](call.name) : undefined) });
    const run = await runDiversify('diversify-external', { trajectories: bfclTrajectories([0]), resolver });
    const c = run.artifacts[0].content as ExternalErrorCandidate;
    expect(run.artifacts[0].status).toBe('ok');
    expect(retryFutile(c.response.content), c.response.content).toBeUndefined();
    expect(c.details.simulated!.attempts).toBe(2);
    expect(c.details.simulated!.problems[0]).toMatch(/^#1: the message says a retry cannot help \(/);
  });
});
