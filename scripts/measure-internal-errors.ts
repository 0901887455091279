/**
 * One-off measurement of internal error cases on a built store (until `pnpm report quality` calls
 * pipeline/quality/internalErrors.ts): npx tsx scripts/measure-internal-errors.ts /tmp/x.db
 */
import Database from 'better-sqlite3';
import { TestCase } from '../pipeline/schemas.js';
import { responseHints, thoughtLeaks, selectionSimilarity, valueKindProblems, errorOrigin, errorFamily, internalParts } from '../pipeline/quality/internalErrors.js';
import { classifyAction, repeatsValidStep } from '../pipeline/errors/index.js';
import { toolSteps } from '../pipeline/steps.js';
const db = new Database(process.argv[2], { readonly: true });
const rows = db.prepare("select content, status from artifacts where stage='assemble' and status='ok'").all() as any[];
const cases = rows.map((r) => TestCase.parse(JSON.parse(r.content)));
const internal = cases.filter((c) => internalParts(c));
const plain = internal.filter((c) => !c.cot), cot = internal.filter((c) => c.cot);
const pct = (n: number, d: number) => `${n}/${d} = ${d ? ((100 * n) / d).toFixed(1) : '-'}%`;
const toolErr = plain.filter((c) => c.errorType === 'tool_select_error' || c.errorType === 'tool_hallucination_error');
const keyErr = plain.filter((c) => c.errorType === 'parameters_key_error');
console.log('cases (plain internal errors)', plain.length, 'cot', cot.length, 'total assemble ok', cases.length);
console.log('correct tool named in tool-error responses:', pct(toolErr.filter((c) => responseHints(c).length).length, toolErr.length));
console.log('  "available:" in tool-error responses:', pct(toolErr.filter((c) => /available:/.test(internalParts(c)!.response)).length, toolErr.length));
console.log('  key-error responses listing accepted keys:', pct(keyErr.filter((c) => /accepted:/.test(internalParts(c)!.response)).length, keyErr.length));
console.log('  correct key named in key-error responses:', pct(keyErr.filter((c) => responseHints(c).length).length, keyErr.length));
console.log('thought leaks (CoT internal errors):', pct(cot.filter((c) => thoughtLeaks(c).length).length, cot.length));
for (const t of ['tool_select_error', 'tool_hallucination_error', 'parameters_key_error', 'parameters_value_error']) console.log('   ', t, pct(cot.filter((c) => c.errorType === t && thoughtLeaks(c).length).length, cot.filter((c) => c.errorType === t).length));
const agree = internal.filter((c) => classifyAction(c.erroneousAction!, { tools: c.tools, groundTruth: c.groundTruth as any }).label === c.errorType);
console.log('label agreement:', pct(agree.length, internal.length));
const sims = plain.map(selectionSimilarity).filter((s): s is NonNullable<typeof s> => !!s);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
console.log(`tool_select similarity injected ${mean(sims.map((s) => s.injected)).toFixed(3)} vs random draw ${mean(sims.map((s) => s.random)).toFixed(3)} (n=${sims.length}); above random ${pct(sims.filter((s) => s.injected > s.random).length, sims.length)}`);
const vk = plain.filter((c) => c.errorType === 'parameters_value_error' || c.errorType === 'tool_select_error');
const bad = vk.filter((c) => valueKindProblems(c).length);
console.log('values not of the parameter kind (value + select errors):', pct(bad.length, vk.length));
for (const c of bad.slice(0, 6)) console.log('   ', c.id, valueKindProblems(c)[0]);
const origins = new Map<string, number>(); for (const c of plain) origins.set(errorOrigin(c)!, (origins.get(errorOrigin(c)!) ?? 0) + 1);
console.log('origins (plain):', JSON.stringify(Object.fromEntries(origins)));
const fam = new Map<string, number>(); for (const c of plain) { const k = `${c.errorType}/${errorFamily(c) ?? '-'}`; fam.set(k, (fam.get(k) ?? 0) + 1); }
console.log('families:', [...fam].sort().map(([k, n]) => `${k} ${n}`).join(', '));
const types = new Map<string, number>(); for (const c of plain) types.set(c.errorType, (types.get(c.errorType) ?? 0) + 1);
console.log('types (plain):', JSON.stringify(Object.fromEntries(types)));
const cotTypes = new Map<string, number>(); for (const c of cases) { const k = `${c.kind}${c.cot ? '-cot' : ''}`; cotTypes.set(k, (cotTypes.get(k) ?? 0) + 1); }
console.log('sizes:', JSON.stringify(Object.fromEntries(cotTypes)));

{
  const path = process.argv[2];
  const trajs = new Map<string, any>();
  for (const r of db.prepare("select content from artifacts where stage='resolve' and status='ok'").all() as any[]) { const t = JSON.parse(r.content).trajectory; trajs.set(t.id, t); }
  let n = 0, bad = 0; const ex: string[] = [];
  for (const r of db.prepare("select content from artifacts where stage='assemble' and status='ok'").all() as any[]) {
    const c = JSON.parse(r.content);
    if (c.kind !== 'internal' || !c.errorType || c.cot) continue;
    if (c.errorType !== 'tool_select_error' && c.errorType !== 'parameters_value_error') continue;
    n++;
    const t = trajs.get(c.trajectoryId);
    const validSteps = toolSteps(t).map(({ step }: any) => ({ name: step.action.name, args: step.action.args }));
    if (repeatsValidStep(c.erroneousAction, { validSteps, correct: c.groundTruth })) { bad++; ex.push(c.id); }
  }
  console.log(`select/value cases equal to a ground-truth step: ${bad}/${n} = ${((100 * bad) / n).toFixed(1)}%`, ex.slice(0, 3).join(' '));
}
