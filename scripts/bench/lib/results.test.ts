// The table of docs/benchmarks.md is generated from docs/bench-results.json
// (scripts/bench/lib/results.ts): the page must hold exactly the table of the
// file, and recording a script's figures replaces its entry and its rows.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  BENCHMARKS_DOC,
  readResults,
  type recordResults as recordOriginal,
  renderTable,
  TABLE_END,
  TABLE_START,
  withTable,
  type BenchResults,
} from "./results";

describe("the benchmarks table", () => {
  it("docs/benchmarks.md holds the table generated from docs/bench-results.json (npm run bench:table)", () => {
    const doc = fs.readFileSync(BENCHMARKS_DOC, "utf8");
    expect(withTable(doc, readResults())).toBe(doc);
    expect(doc.split("\n").length).toBeLessThan(300);
  });

  it("every entry has figures with a metric, a target or none, a value and a verdict", () => {
    for (const [script, entry] of Object.entries(readResults())) {
      expect(script).toMatch(/^bench:[a-z-]+$/);
      expect(entry.figures.length, script).toBeGreaterThan(0);
      for (const figure of entry.figures) {
        expect(figure.metric && figure.value, script).toBeTruthy();
        expect([true, false, null], script).toContain(figure.met);
      }
    }
  });

  it("renders one row per figure, the script and its date on the first, and escapes pipes", () => {
    const results: BenchResults = {
      "bench:zeta": {
        measured: "2026-11-29 10:00 UTC",
        commit: "abc1234",
        load: "load 0.5",
        machine: "test",
        figures: [{ metric: "z", target: "< 1 s", value: "2 s", met: false }],
      },
      "bench:budget": {
        measured: "2026-11-29 09:00 UTC",
        commit: "def5678",
        load: "load 1.0",
        machine: "test",
        figures: [
          { metric: "JS | all", target: "≤ 100 KB", value: "95 KB", met: true },
          { metric: "info", target: "", value: "3", met: null },
        ],
      },
    };
    const lines = renderTable(results).split("\n");
    expect(lines).toEqual([
      "| Script | Figure | Target | Measured | | When (load) |",
      "|---|---|---|---|---|---|",
      "| `bench:budget` | JS \\| all | ≤ 100 KB | 95 KB | met | 2026-11-29 09:00 UTC (load 1.0), def5678 |",
      "|  | info |  | 3 |  |  |",
      "| `bench:zeta` | z | < 1 s | 2 s | **not met** | 2026-11-29 10:00 UTC (load 0.5), abc1234 |",
    ]);
    const doc = `# x\n${TABLE_START}\nold\n${TABLE_END}\nafter\n`;
    expect(withTable(doc, results)).toBe(`# x\n${TABLE_START}\n${renderTable(results)}\n${TABLE_END}\nafter\n`);
    expect(() => withTable("# no markers", results)).toThrow(/no table markers/);
  });

  it("recordResults replaces the script's entry and rewrites the table; BENCH_RECORD=0 writes nothing", async () => {
    // On copies: the module's paths point at docs/, so run it from a scratch checkout layout.
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bench-results-"));
    try {
      const dir = path.join(scratch, "scripts", "bench", "lib");
      fs.mkdirSync(dir, { recursive: true });
      fs.mkdirSync(path.join(scratch, "docs"));
      fs.copyFileSync(path.join(__dirname, "results.ts"), path.join(dir, "results.ts"));
      fs.writeFileSync(path.join(scratch, "docs", "benchmarks.md"), `# B\n${TABLE_START}\n${TABLE_END}\n`);
      const { recordResults } = (await import(/* @vite-ignore */ path.join(dir, "results.ts"))) as { recordResults: typeof recordOriginal };
      const figure = { metric: "m", target: "< 1 s", value: "0.5 s", met: true };
      process.env.BENCH_RECORD = "0";
      recordResults("bench:x", [figure]);
      expect(fs.existsSync(path.join(scratch, "docs", "bench-results.json"))).toBe(false);
      delete process.env.BENCH_RECORD;
      recordResults("bench:x", [figure]);
      recordResults("bench:x", [{ ...figure, value: "0.4 s" }]);
      const written = JSON.parse(fs.readFileSync(path.join(scratch, "docs", "bench-results.json"), "utf8")) as BenchResults;
      expect(Object.keys(written)).toEqual(["bench:x"]);
      expect(written["bench:x"].figures).toEqual([{ ...figure, value: "0.4 s" }]);
      expect(written["bench:x"].load).toMatch(/^load \d/);
      const doc = fs.readFileSync(path.join(scratch, "docs", "benchmarks.md"), "utf8");
      expect(doc).toContain("| `bench:x` | m | < 1 s | 0.4 s | met |");
    } finally {
      delete process.env.BENCH_RECORD;
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
