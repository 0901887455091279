/**
 * Replays every ground-truth call of BFCL v3 multi_turn_base through the TypeScript backends
 * and compares each response string with the one BFCL's Python reference backends produced
 * (sources/bfcl/data/multi_turn_base_executed.json).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { classOfMethod, createSession, parseBfclJson } from "../../sources/bfcl/backends/index.js";

const DATA = fileURLToPath(new URL("../../sources/bfcl/data/", import.meta.url));

interface Step {
  call: string;
  class: string;
  name: string;
  args: Record<string, unknown>;
  response: string;
}
interface ExecutedEntry {
  id: string;
  involved_classes: string[];
  turns: { steps: Step[] }[];
}
interface BaseEntry {
  id: string;
  initial_config: Record<string, unknown>;
  involved_classes: string[];
}

interface Mismatch {
  id: string;
  turn: number;
  call: string;
  expected: string;
  actual: string;
}

/** parse: parseBfclJson keeps Python's 10.0-vs-10 distinction; JSON.parse is what a naive caller would use. */
function replayAll(parse: (text: string) => unknown = parseBfclJson) {
  const base = new Map<string, BaseEntry>();
  for (const line of readFileSync(DATA + "multi_turn_base.json", "utf8").split("\n")) {
    if (!line.trim()) continue;
    const entry = parse(line) as BaseEntry;
    base.set(entry.id, entry);
  }
  const executed = parse(readFileSync(DATA + "multi_turn_base_executed.json", "utf8")) as ExecutedEntry[];

  let total = 0;
  let matched = 0;
  const resolutionErrors: string[] = [];
  const mismatches = new Map<string, Mismatch[]>();
  for (const record of executed) {
    const entry = base.get(record.id);
    if (!entry) throw new Error(`no multi_turn_base entry for ${record.id}`);
    const session = createSession(entry.initial_config, record.involved_classes);
    record.turns.forEach((turn, t) => {
      for (const step of turn.steps) {
        total++;
        const owner = classOfMethod(step.name, record.involved_classes);
        if (owner !== step.class) resolutionErrors.push(`${record.id}: ${step.name} -> ${owner} (expected ${step.class})`);
        const { response } = session.execute(step.name, step.args);
        if (response === step.response) {
          matched++;
        } else {
          const key = `${step.class}.${step.name}`;
          const list = mismatches.get(key) ?? [];
          list.push({ id: record.id, turn: t, call: step.call, expected: step.response, actual: response });
          mismatches.set(key, list);
        }
      }
    });
  }
  return { total, matched, mismatches, resolutionErrors };
}

describe("BFCL backend replay (multi_turn_base ground truth)", () => {
  const result = replayAll();

  it("covers all 1,142 recorded ground-truth calls", () => {
    expect(result.total).toBe(1142);
  });

  it("resolves every bare method name to the class BFCL used", () => {
    expect(result.resolutionErrors).toEqual([]);
  });

  it("reproduces BFCL's response strings byte-for-byte", () => {
    const { total, matched, mismatches } = result;
    const rate = matched / total;
    const lines = [`BFCL replay match rate: ${matched}/${total} (${(rate * 100).toFixed(2)}%)`];
    for (const [fn, list] of [...mismatches.entries()].sort()) {
      lines.push(`  ${fn}: ${list.length} mismatch(es)`);
      for (const m of list.slice(0, 5)) {
        lines.push(`    ${m.id} turn ${m.turn}: ${m.call}`);
        lines.push(`      expected: ${m.expected.slice(0, 300)}`);
        lines.push(`      actual:   ${m.actual.slice(0, 300)}`);
      }
    }
    console.log(lines.join("\n"));
    expect(rate).toBeGreaterThanOrEqual(0.99);
  });

  it("also matches when the caller parsed the data with plain JSON.parse", () => {
    const plain = replayAll((text) => JSON.parse(text));
    const rate = plain.matched / plain.total;
    console.log(`BFCL replay match rate (JSON.parse input): ${plain.matched}/${plain.total}`);
    expect(rate).toBeGreaterThanOrEqual(0.99);
  });
});
