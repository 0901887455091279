/**
 * The LLM path of evolve and verify through the real OpenAI-compatible gateway (real `openai`
 * client, HTTP to a scripted server on 127.0.0.1): noisy-query, harder-tools and judge answered by
 * a "model", recorded as llm:<model>; a model that drops a value is caught by the invariants; a
 * judge that answers garbage is re-asked, then the case is flagged with its content.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../pipeline/store/store.js';
import type { TestCase } from '../../pipeline/schemas.js';
import { startOpenAiServer, type ChatRequestBody, type OpenAiTestServer, type ScriptedReply } from '../support/openaiServer.js';
import { testGateway, TEST_API_KEY } from '../support/llmGateway.js';
import { fixtureCases } from '../evolve/fixtures/cases.js';
import { runEvolveVerify } from '../evolve/fixtures/harness.js';

const cases = fixtureCases().slice(0, 12);
const CONFIG = { evolve: { internal: 4, external: 2 } };
let server: OpenAiTestServer;

type Role = 'noisy-query' | 'harder-tools' | 'judge';
function roleOf(req: ChatRequestBody): Role {
  const system = req.messages[0].content;
  if (system.includes('queries harder')) return 'noisy-query';
  if (system.includes('benchmarks harder')) return 'harder-tools';
  return 'judge';
}

function noisyReply(req: ChatRequestBody, dropValues: boolean): ScriptedReply {
  const user = req.messages[req.messages.length - 1].content;
  const query = user.slice('Original query:\n'.length, user.search(/\n\n(These values|The query states)/));
  const values = [...user.matchAll(/^- (".*")$/gm)].map((m) => JSON.parse(m[1]) as string);
  let noisy = `Soooo, umm, hi. ${query} Also my neighbour's dog barked all night, not relevant lol.`;
  if (dropValues) for (const v of values) noisy = noisy.split(v).join('that thing');
  return { content: JSON.stringify({ query: noisy }) };
}

function harderReply(req: ChatRequestBody): ScriptedReply {
  const user = req.messages[req.messages.length - 1].content;
  // The tools to rewrite; siblings shown for context after them (harder-tools-10) are not the model's to rewrite.
  const end = user.indexOf('\n\nSiblings');
  const tools = JSON.parse(user.slice(user.indexOf('['), end === -1 ? undefined : end));
  // Asked again with siblings: the doc written relative to the first of them (judge-6 reads it beside that sibling).
  const sibling = end === -1 ? undefined : (JSON.parse(user.slice(user.indexOf('[', end))) as { name: string }[])[0]?.name;
  return {
    content: JSON.stringify({
      tools: [
        ...tools.map((t: any) => ({
          name: t.name,
          description: sibling ? `In a manner of speaking, like \`${sibling}\`, but ${t.description}` : `In a manner of speaking, and subject to conditions, ${t.description}`,
          parameters: t.parameters.map((p: any) => ({ name: p.name, description: `${p.description} (as one would expect)` })),
        })),
        // A model inventing a tool: ignored, never added to the case.
        { name: 'Invented.tool', description: 'does everything', parameters: [] },
      ],
    }),
  };
}

let mode: { dropValues: boolean; judge: 'yes' | 'garbage' } = { dropValues: false, judge: 'yes' };

beforeAll(async () => {
  server = await startOpenAiServer((req) => {
    const role = roleOf(req);
    if (role === 'noisy-query') return noisyReply(req, mode.dropValues);
    if (role === 'harder-tools') return harderReply(req);
    return mode.judge === 'yes' ? { content: JSON.stringify({ answer: 'Yes', reason: 'equivalent' }) } : { content: 'I think so? yes-ish' };
  });
});
afterAll(async () => server?.close());

async function run() {
  const store = Store.open(':memory:');
  const llm = testGateway(store, server.baseUrl);
  return runEvolveVerify(cases, { config: { ...CONFIG, llm: { mode: 'openai' } }, llm, store });
}

describe('evolve + verify on the LLM path (local OpenAI-compatible server)', () => {
  it('model-written noisy queries and harder docs are recorded as llm:<model> and accepted when equivalent', async () => {
    mode = { dropValues: false, judge: 'yes' };
    server.requests.length = 0;
    const r = await run();
    expect(r.evolved.filter((a) => a.status !== 'ok').map((a) => `${a.itemId}: ${a.reason}`)).toEqual([]);
    const byStrategy = (s: string) => r.verified.filter((a) => a.content.evolution!.strategy === s);
    for (const a of byStrategy('noisy_query')) {
      expect(a.content.provenance.methods.evolve).toBe('llm:gpt-4o-mini');
      expect(a.content.messages.some((m) => m.role === 'user' && m.content.startsWith('Soooo, umm, hi.'))).toBe(true);
    }
    for (const a of byStrategy('harder_tools')) {
      expect(a.content.tools.every((t) => t.description.startsWith('In a manner of speaking'))).toBe(true);
      expect(a.content.tools.some((t) => t.name === 'Invented.tool')).toBe(false);
      expect((a.content.evolution!.details.harderTools as { ignoredNames: string[] }).ignoredNames).toEqual(['Invented.tool']);
    }
    expect(r.verified.length).toBeGreaterThan(0);
    for (const a of r.verified) {
      expect(a.status).toBe('ok');
      expect(a.method).toBe('llm:gpt-4o-mini+rules:verify-1');
      expect(a.content.verification!.judge.every((j) => j.method === 'llm:gpt-4o-mini' && j.result === 'Yes')).toBe(true);
    }
    const roles = server.requests.map((q) => roleOf(q.body));
    // One judge question per applied strategy; identical questions (twin cases sharing a tool list) are answered from the LLM cache.
    const judged = r.verified.reduce((n, a) => n + a.content.evolution!.applied.length, 0);
    const judgeRequests = server.requests.filter((q) => roleOf(q.body) === 'judge');
    expect(judgeRequests.length).toBe(new Set(judgeRequests.map((q) => JSON.stringify(q.body.messages))).size);
    expect(judgeRequests.length).toBeGreaterThan(0);
    const harderJudge = judgeRequests.filter((q) => q.body.messages[1].content.startsWith('Tool documentation was rewritten'));
    expect(harderJudge.length).toBeGreaterThan(0);
    // harder_tools is judged one doc at a time; every other strategy once per case at most.
    expect(harderJudge.every((q) => q.body.messages[1].content.match(/\nTool \S+\nOriginal: /g)!.length === 1)).toBe(true);
    expect(judgeRequests.length - harderJudge.length).toBeLessThanOrEqual(judged);
    // A doc written relative to a sibling is judged beside that sibling's original and shown docs (judge-6); any other doc alone.
    const relativeDocs = r.verified.flatMap((a) =>
      a.content.tools.flatMap((t) => {
        const sibling = t.description.match(/like `([^`]+)`, but/)?.[1];
        return sibling ? [{ name: t.name, description: t.description, sibling, shown: a.content.tools.find((s) => s.name === sibling)!.description }] : [];
      }),
    );
    expect(relativeDocs.length).toBeGreaterThan(0);
    for (const d of relativeDocs) {
      const asks = harderJudge.filter((q) => q.body.messages[1].content.includes(`\nTool ${d.name}\n`) && q.body.messages[1].content.includes(JSON.stringify(d.description)));
      expect(asks.length).toBe(1);
      const text = asks[0].body.messages[1].content;
      const block = text.slice(text.indexOf(`\nNamed tool ${d.sibling} (same list)\nOriginal: `));
      expect(block.length).toBeLessThan(text.length);
      // The sibling's original doc and the doc the case shows for it.
      expect(block).toContain(JSON.stringify(cases.flatMap((c) => c.tools).find((t) => t.name === d.sibling)!.description));
      expect(block.slice(block.indexOf('\nShown: '))).toContain(JSON.stringify(d.shown));
    }
    const plain = harderJudge.filter((q) => !/like `[^`]+`, but/.test(q.body.messages[1].content.slice(q.body.messages[1].content.indexOf('\nRewritten: '))));
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.every((q) => !q.body.messages[1].content.includes('\nNamed tool '))).toBe(true);
    expect(roles).toContain('noisy-query');
    // harder-tools is asked once per distinct tool doc; every repeat comes from the LLM cache.
    const docs = new Set(r.evolved.filter((a) => a.content.evolution!.applied.includes('harder_tools')).flatMap((a) => cases.find((c) => c.id === a.content.evolution!.baseCaseId)!.tools.map((t) => t.name)));
    const harderAsks = server.requests.filter((q) => roleOf(q.body) === 'harder-tools');
    expect(harderAsks.length).toBeGreaterThanOrEqual(docs.size);
    expect(new Set(harderAsks.map((q) => q.body.messages[1].content)).size).toBe(harderAsks.length);
    // The key travels in the Authorization header only; it is never stored.
    const dump = JSON.stringify(r.store.readStage('verify')) + JSON.stringify(r.store.readStage('evolve'));
    expect(dump).not.toContain(TEST_API_KEY);
  }, 60_000);

  it('a model that drops the values from the query is caught by the invariants although the judge says Yes', async () => {
    mode = { dropValues: true, judge: 'yes' };
    const r = await run();
    const noisy = r.verified.filter((a) => a.content.evolution!.applied.includes('noisy_query') && (a.content.evolution!.details.noisyQuery as { protected: string[] }).protected.length > 0);
    expect(noisy.length).toBeGreaterThan(0);
    for (const a of noisy) {
      expect(a.status).toBe('rejected');
      expect(a.content.verification!.judge.some((j) => j.result === 'Yes')).toBe(true);
      expect(a.content.verification!.invariants.find((i) => i.name === 'query_values_kept')!.passed).toBe(false);
    }
  }, 60_000);

  it('a judge answering garbage is re-asked, then the case is flagged with its content and the reason', async () => {
    mode = { dropValues: false, judge: 'garbage' };
    server.requests.length = 0;
    const r = await run();
    expect(r.verified.length).toBeGreaterThan(0);
    for (const a of r.verified) {
      expect(a.status).toBe('flagged');
      const tc = a.content as TestCase;
      expect(tc.messages.length).toBeGreaterThan(1);
      expect(tc.verification!.outcome).toBe('flagged');
      expect(tc.verification!.reasons[0]).toMatch(/judge output on \w+ was invalid: judge \(gpt-4o-mini\): no valid output after 3 attempt\(s\)/);
    }
    // maxInvalidOutputRetries = 2: three asks per judged strategy.
    const judgeRequests = server.requests.filter((q) => roleOf(q.body) === 'judge');
    const questions = new Set(judgeRequests.map((q) => JSON.stringify(q.body.messages.slice(0, 2))));
    expect(judgeRequests).toHaveLength(questions.size * 3);
  }, 60_000);
});
