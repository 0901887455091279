import { describe, expect, it } from 'vitest';
import { choiceUnclear, taskUnsaid } from '../../pipeline/quality/measures/failureAnswers.js';
import { classifyEnvironmentMessage, kindWeights, notAnEnvironmentError } from '../../pipeline/errors/index.js';
import { Rng } from '../../pipeline/rng.js';
import { ENVIRONMENT_ERROR_KINDS, type EnvironmentErrorKind, type ExternalErrorCandidate } from '../../pipeline/schemas.js';
import { indexCaptured, matchCaptured } from '../../stages/diversify-external/captured.js';
import { bfclTrajectories, tevalRecordedResponses, tevalTrajectories } from './fixtures/vendored.js';
import { runDiversify } from './fixtures/harness.js';
import { KIND_WORDING, TestResolver } from './fixtures/testResolver.js';

const B = tevalRecordedResponses(['B']);
const captured = indexCaptured(B.map((r) => ({ key: `collect:${r.id}`, itemId: r.id, record: r.record })));
const byId = new Map(captured.usable.map((c) => [c.recordId, c]));

describe('environment error wording per kind', () => {
  // How real clients and APIs word each kind (T-Eval's captured messages among them).
  const WORDINGS: Record<EnvironmentErrorKind, string[]> = {
    rate_limit: ["{'message': 'You have exceeded the rate limit per second for your plan, PRO, by the API provider'}", '429 Too Many Requests', 'Rate limit reached for requests'],
    permission_denied: ['403 Forbidden', 'Permission denied: this API key is not authorized for the endpoint', '401 Unauthorized: invalid API key'],
    quota_exceeded: ["{'status': '0', 'info': 'USER_DAILY_QUERY_OVER_LIMIT', 'infocode': '10044'}", 'You exceeded your current quota, please check your plan and billing details', 'Monthly quota exceeded'],
    timeout: ["HTTPSConnectionPool(host='google.serper.dev', port=443): Read timed out. (read timeout=5)", '504 Gateway Timeout', 'ETIMEDOUT'],
    connection_error: [
      "('Connection aborted.', ConnectionResetError(104, 'Connection reset by peer'))",
      "HTTPSConnectionPool(host='api.themoviedb.org', port=443): Max retries exceeded with url: /3/movie/popular (Caused by ProxyError('Unable to connect to proxy', OSError('Tunnel connection failed: 500 Internal Server Error')))",
      'getaddrinfo ENOTFOUND api.example.com',
    ],
    server_error: ["{'status': False, 'message': 'Server down, Please try again after sometime.'}", '500 Internal Server Error', '503 Service Unavailable'],
  };

  it.each(ENVIRONMENT_ERROR_KINDS)('reads %s wording as that kind', (kind) => {
    for (const text of WORDINGS[kind]) expect(classifyEnvironmentMessage(text)?.kind, text).toBe(kind);
  });

  it('keeps tool-wrapper bugs and input errors out of the environment errors', () => {
    expect(classifyEnvironmentMessage("'NoneType' object has no attribute 'slides'")).toBeUndefined();
    expect(notAnEnvironmentError("'NoneType' object has no attribute 'slides'")).toContain('bug in the tool wrapper');
    expect(classifyEnvironmentMessage('input param should be a Chinese string')).toBeUndefined();
  });
});

describe("T-Eval's captured failures", () => {
  it('sorts the real label-B records by kind and leaves the wrapper bugs out', () => {
    expect(byId.get('10')!.kind).toBe('rate_limit');
    expect(byId.get('query_247_0_4')!.kind).toBe('timeout');
    expect(byId.get('126')!.kind).toBe('connection_error');
    // 177 is AMap's USER_DAILY_QUERY_OVER_LIMIT: a real quota failure, kept as recorded but not reused (a retry cannot pass it).
    expect(byId.get('177')).toBeUndefined();
    expect(captured.unusable.find((u) => u.recordId === '177')?.why).toMatch(/retry cannot fix/);
    expect(captured.seenKinds.filter((k) => k === 'quota_exceeded')).toHaveLength(1);
    expect(byId.get('183')!.kind).toBe('server_error');
    expect(captured.unusable.map((u) => u.recordId)).toEqual(expect.arrayContaining(['75', '85', '187']));
    expect(captured.usable.length + captured.unusable.length).toBe(B.length);
  });

  it('weighs the kinds like the captured distribution, with no kind impossible', () => {
    const w = kindWeights(captured.seenKinds);
    expect(w.connection_error).toBeGreaterThan(w.rate_limit);
    expect(w.timeout).toBeGreaterThan(w.quota_exceeded);
    expect(w.permission_denied).toBe(1);
  });

  const rng = () => new Rng(1, 'match');
  it('reuses the exact message for the same API and call', () => {
    const m = matchCaptured(captured.usable, { name: 'AirbnbSearch.check_availability', args: { propertyId: 123456, date: '2023-10-20' } }, 'rate_limit', rng())!;
    expect(m.adaptation).toBe('exact');
    expect(m.message).toBe(byId.get('10')!.message);
  });

  it("adapts the arguments in a same-API message, and the path and arguments for a sibling API of the same host", () => {
    const sameApi = matchCaptured(captured.usable, { name: 'AirbnbSearch.get_property_reviews', args: { propertyId: 999 } }, 'connection_error', rng())!;
    expect(sameApi.adaptation).toBe('args-adapted');
    expect(sameApi.message).toContain('getPropertyReviews?propertyId=999');
    const sibling = matchCaptured(captured.usable, { name: 'AirbnbSearch.get_property_details', args: { propertyId: 555 } }, 'connection_error', rng())!;
    expect(sibling.adaptation).toBe('path-adapted');
    expect(sibling.message).toContain("host='airbnb19.p.rapidapi.com'");
    expect(sibling.message).toContain('/api/v1/getPropertyDetails?propertyId=555');
    const generic = matchCaptured(captured.usable, { name: 'FilmDouban.coming_out_filter', args: { region: '中国' } }, 'connection_error', rng())!;
    expect(generic.adaptation).toBe('toolkit-generic');
  });

  it('does not reuse a message that names another API path it cannot rewrite, nor one of another kind', () => {
    expect(matchCaptured(captured.usable, { name: 'FilmTMDB.search_movie', args: { query: 'Dune' } }, 'connection_error', rng())).toBeUndefined();
    expect(matchCaptured(captured.usable, { name: 'GoogleSearch.serper_search', args: { query: 'x' } }, 'rate_limit', rng())).toBeUndefined();
  });
});

describe('diversify-external, offline', async () => {
  const trajectories = [...bfclTrajectories(Array.from({ length: 60 }, (_, i) => i * 3)), ...tevalTrajectories(['query_0_1', 'query_247_0', 'query_13_0', 'query_103_1', 'query_34_1'])];
  const run = await runDiversify('diversify-external', { trajectories, tevalRecords: [...B, ...tevalRecordedResponses(['A']).slice(0, 5)] });
  const candidates = run.artifacts.map((a) => a.content as ExternalErrorCandidate);

  it('makes one environment error per trajectory, each reading as its kind', () => {
    expect(run.artifacts.every((a) => a.status === 'ok')).toBe(true);
    expect(candidates).toHaveLength(trajectories.length);
    for (const c of candidates) {
      expect(c.response.error?.source).toBe('environment');
      expect(classifyEnvironmentMessage(c.response.error!.message)?.kind).toBe(c.kind);
      expect(c.kind).toBe(c.drawnKind);
    }
  });

  it('takes captured failures for T-Eval steps where T-Eval saw one, the simulator otherwise', () => {
    const bfcl = candidates.filter((c) => c.source === 'bfcl');
    expect(bfcl.every((c) => c.origin === 'simulated' && c.method.split('+')[0] === 'rules:test-simulator')).toBe(true);
    // Where a_k closed its turn, the action after the failure is a closing answer that reports it.
    for (const c of candidates) {
      expect(c.next, c.trajectoryId).toBeDefined();
      if (c.next!.name === 'FinishAction') {
        expect(c.method).toMatch(/\+rules:answer-writer/);
        // It says what could not be done and that it failed, in the user's words: no function named (failureSentences.ts).
        const answer = String(c.next!.args);
        expect(answer).not.toContain('`');
        // What could not be done, in the task's words, and a choice between retrying and leaving it (the measures that gate a release).
        expect(taskUnsaid(answer, [{ name: c.action.name, args: c.action.args, error: c.response.content }]), answer).toBeUndefined();
        expect(choiceUnclear(answer), answer).toBeUndefined();
        // The question after it never ends a shortened task on a preposition ("count the words in again").
        expect(answer).not.toMatch(/\b(?:in|at|of|to|for|on) again\b/);
      }
    }
    expect(candidates.some((c) => c.next!.name === 'FinishAction')).toBe(true);
    const fromCapture = candidates.filter((c) => c.origin === 'captured');
    for (const c of fromCapture) {
      expect(c.details.captured!.recordId).toBeTruthy();
      expect(c.response.tier).toBe(c.details.captured!.adaptation === 'exact' ? 'recorded' : 'simulated');
    }
    expect(run.logs.some((l) => l.includes('captured T-Eval failures: 32 environment failures') && l.includes('31 reusable'))).toBe(true);
  });

  it('draws kinds weighted like the captured distribution', () => {
    const w = kindWeights(captured.seenKinds);
    const total = Object.values(w).reduce((a, b) => a + b, 0);
    for (const kind of ['connection_error', 'timeout'] as const) {
      const share = candidates.filter((c) => c.drawnKind === kind).length / candidates.length;
      expect(Math.abs(share - w[kind] / total)).toBeLessThan(0.17);
    }
    expect(new Set(candidates.map((c) => c.kind)).size).toBeGreaterThanOrEqual(4);
  });
});

describe('diversify-external, the simulated wording is checked', () => {
  const trajectories = bfclTrajectories([0]);

  it('retries a message that reads as another kind and keeps the corrected one', async () => {
    const resolver = new TestResolver({ wording: (kind, call, attempt) => (attempt === 1 ? KIND_WORDING[kind === 'rate_limit' ? 'timeout' : 'rate_limit'](call.name) : undefined) });
    const run = await runDiversify('diversify-external', { trajectories, resolver });
    const c = run.artifacts[0].content as ExternalErrorCandidate;
    expect(run.artifacts[0].status).toBe('ok');
    expect(c.details.simulated!.attempts).toBe(2);
    expect(c.details.simulated!.problems[0]).toMatch(/^#1: asked for \w+, the message reads as \w+/);
  });

  it('flags, with the reason, a simulator that never says what it was asked', async () => {
    const resolver = new TestResolver({ wording: (_kind, call) => `The service ${call.name} could not complete the request.` });
    const run = await runDiversify('diversify-external', { trajectories, resolver });
    expect(run.artifacts[0].status).toBe('flagged');
    expect(run.artifacts[0].reason).toMatch(/^no \w+ environment error after 3 attempts: #1: asked for \w+, the message reads as no recognisable kind/);
  });

  it('rejects a trajectory without a tool step, with the reason', async () => {
    const empty = { ...trajectories[0], id: 'bfcl_empty', turns: [{ user: 'Hi', steps: [], final: 'Hello' }] };
    const run = await runDiversify('diversify-external', { trajectories: [empty] });
    expect(run.artifacts[0].status).toBe('rejected');
    expect(run.artifacts[0].reason).toContain('has no tool call whose response can fail');
  });
});
