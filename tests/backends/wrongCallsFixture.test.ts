/**
 * Every public method of every BFCL class, called wrongly (missing target, wrong type, bad id,
 * out of range, before login, missing / unexpected argument), must answer byte for byte what
 * BFCL's own Python code at the pinned commit answers. The expected strings come from running
 * the upstream classes (tests/support/bfcl/generate_wrong_call_fixture.py, which imports them
 * from the reference folder); this test needs neither Python nor that folder.
 *
 * The one allowed difference: a Python `set` printed into a message comes out in a
 * hash-seed-dependent order, so such a call lists every order the generator saw and ours must
 * be one of them.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  BFCL_CLASSES,
  classOfMethod,
  createSession,
  methodsOfClass,
  parametersOf,
  parseBfclJson,
} from "../../sources/bfcl/backends/index.js";

interface FixtureCall {
  name: string;
  args: Record<string, unknown>;
  probe: boolean;
  expected: string[];
}
interface FixtureCase {
  name: string;
  classes: string[];
  entry?: string;
  initial_config?: Record<string, unknown>;
  calls: FixtureCall[];
}
interface Fixture {
  reference: { files: Record<string, string> };
  public_methods: Record<string, string[]>;
  signatures: Record<string, Record<string, { name: string; default?: unknown }[]>>;
  cases: FixtureCase[];
}

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const fixture = parseBfclJson(readFileSync(here("fixtures/bfcl-wrong-calls.json"), "utf8")) as Fixture;

const entries = new Map<string, Record<string, unknown>>();
for (const line of readFileSync(here("../../sources/bfcl/data/multi_turn_base.json"), "utf8").split("\n")) {
  if (!line.trim()) continue;
  const e = parseBfclJson(line) as { id: string; initial_config: Record<string, unknown> };
  entries.set(e.id, e.initial_config);
}

function initialConfig(c: FixtureCase): Record<string, unknown> {
  if (c.entry === undefined) return c.initial_config ?? {};
  const config = entries.get(c.entry);
  if (!config) throw new Error(`bfcl-wrong-calls.json: case "${c.name}" names unknown entry ${c.entry}`);
  return config;
}

// CI keeps the pinned upstream code beside the clone (../shared, like /work/main -> /work/shared);
// BFCL_REFERENCE_DIR points elsewhere (the generator's --reference).
const REFERENCE = `${process.env.BFCL_REFERENCE_DIR ?? here("../../../shared/reference/bfcl/func_source_code")}/`;

describe("BFCL backends answer wrong calls exactly as BFCL's Python does", () => {
  it.runIf(existsSync(REFERENCE))("was generated from the reference code beside the clone (file hashes)", () => {
    const hashes = Object.fromEntries(
      Object.keys(fixture.reference.files).map((f) => [f, createHash("sha256").update(readFileSync(REFERENCE + f)).digest("hex")]),
    );
    // A mismatch means the reference moved: rerun tests/support/bfcl/generate_wrong_call_fixture.py.
    expect(hashes).toEqual(fixture.reference.files);
  });

  it("has the same public methods as the upstream classes", () => {
    for (const cls of BFCL_CLASSES) expect([cls, methodsOfClass(cls).sort()]).toEqual([cls, fixture.public_methods[cls]]);
  });

  it("declares every method's parameters, their order and their defaults as the upstream code does", () => {
    for (const cls of BFCL_CLASSES) {
      for (const [method, params] of Object.entries(fixture.signatures[cls])) {
        expect([`${cls}.${method}`, parametersOf(cls, method)]).toEqual([`${cls}.${method}`, params]);
      }
    }
  });

  it("probes every public method of every class", () => {
    const probed = new Set<string>();
    for (const c of fixture.cases) {
      for (const call of c.calls) {
        const owner = call.probe ? classOfMethod(call.name, c.classes) : undefined;
        if (owner) probed.add(`${owner}.${call.name}`);
      }
    }
    const unprobed = BFCL_CLASSES.flatMap((cls) => methodsOfClass(cls).map((m) => `${cls}.${m}`)).filter(
      (m) => !probed.has(m),
    );
    expect(unprobed).toEqual([]);
  });

  it("allows several expected answers only where a Python set is printed", () => {
    const varying = fixture.cases.flatMap((c) => c.calls.filter((call) => call.expected.length > 1).map((call) => call.name));
    expect([...new Set(varying)].sort()).toEqual(["book_flight", "edit_ticket"]);
  });

  for (const c of fixture.cases) {
    it(c.name, () => {
      const session = createSession(initialConfig(c), c.classes);
      const mismatches: { call: string; expected: string[]; actual: string }[] = [];
      c.calls.forEach((call, k) => {
        const { response } = session.execute(call.name, call.args);
        if (!call.expected.includes(response)) {
          mismatches.push({ call: `#${k} ${call.name}(${JSON.stringify(call.args, (_k, v) => (typeof v === "bigint" ? `${v}n` : v))})`, expected: call.expected, actual: response });
        }
      });
      expect(mismatches).toEqual([]);
    });
  }
});
