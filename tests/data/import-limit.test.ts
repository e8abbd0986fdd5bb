// IMPORT_MAX_MB (issue 23): the import limit is a setting, default the
// spec's 2 MB; the request gate, the upload parsing and the size message
// follow it.
import { afterEach, describe, expect, it, vi } from "vitest";
import * as screen from "~/routes/backoffice/data-area";
import { bodyLimitFor } from "~/request-gate.server";
import { reloadEnv } from "~/utils/env.server";
import { uploadBodyLimit } from "~/utils/upload-limits";
import { loginAs } from "../support/requests";
import { readSpreadsheet } from "~/domain/import-export/import.server";
import { WORKER_LIMITS, workerLimitsFor } from "~/domain/import-export/sheet-worker.server";
import { ZIP_LIMITS, zipLimitsFor } from "~/domain/import-export/zip-guard.server";
import { fakeZip, load, uploadTo } from "./helpers";

const MB = 1024 * 1024;

afterEach(() => {
  vi.unstubAllEnvs();
  reloadEnv();
});

function zipOf(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x50, 0x4b, 0x03, 0x04]);
  return bytes;
}

describe("IMPORT_MAX_MB", () => {
  it("defaults to the spec's 2 MB: gate, parsing and message", async () => {
    vi.stubEnv("IMPORT_MAX_MB", undefined);
    reloadEnv();
    expect(bodyLimitFor("POST", "/fclbyseaData")).toBe(uploadBodyLimit(2 * MB));
    const cookie = await loginAs("data@example.com");
    const result = await uploadTo(screen, "/fclbyseaData", cookie, zipOf(2 * MB + 10), "big.xlsx");
    expect(result.status).toBe(400);
    expect(result.data.problems).toEqual([{ key: "data.import.tooLarge", values: { mb: 2 } }]);
    expect((await load(screen, "/fclbyseaData", cookie)).data.importMaxBytes).toBe(2 * MB);
  });

  it("a raised limit lets a 3 MB file through to the parser and names the new limit", async () => {
    vi.stubEnv("IMPORT_MAX_MB", "5");
    reloadEnv();
    expect(bodyLimitFor("POST", "/byAirData")).toBe(uploadBodyLimit(5 * MB));
    const cookie = await loginAs("data@example.com");
    // 3 MB of garbage is read (not refused for size) and refused as unreadable.
    const read = await uploadTo(screen, "/fclbyseaData", cookie, zipOf(3 * MB), "big.xlsx");
    expect(read.data.problems.map((p: { key: string }) => p.key)).not.toContain("data.import.tooLarge");
    const over = await uploadTo(screen, "/fclbyseaData", cookie, zipOf(5 * MB + 10), "bigger.xlsx");
    expect(over.data.problems).toEqual([{ key: "data.import.tooLarge", values: { mb: 5 } }]);
    expect((await load(screen, "/fclbyseaData", cookie)).data.importMaxBytes).toBe(5 * MB);
  });
});

describe("the parse limits follow IMPORT_MAX_MB (issue 23: 100,000-row sheets)", () => {
  it("the 2 MB default keeps the worker's and the zip check's limits; a raised limit scales them", () => {
    expect(workerLimitsFor(2 * MB)).toEqual(WORKER_LIMITS);
    expect(zipLimitsFor(2 * MB)).toEqual(ZIP_LIMITS);
    expect(workerLimitsFor(30 * MB)).toEqual({ maxOldGenerationSizeMb: 928, maxYoungGenerationSizeMb: 48, timeoutMs: 114_000 });
    expect(zipLimitsFor(30 * MB).maxTotalUncompressed).toBe(2250 * MB);
    expect(zipLimitsFor(30 * MB).maxRatio).toBe(ZIP_LIMITS.maxRatio);
  });

  it("a sheet unpacking to 180 MB is refused at 2 MB and passes the zip check when the limit is raised", async () => {
    // Two entries of 90 MB packed 100:1 (within the ratio rule): only the total is over the default.
    const big = () => fakeZip(2, 90 * MB, 900 * 1024);
    vi.stubEnv("IMPORT_MAX_MB", undefined);
    reloadEnv();
    expect(await readSpreadsheet(big())).toMatchObject({ ok: false, problems: [{ key: "data.import.tooComplex" }] });
    vi.stubEnv("IMPORT_MAX_MB", "30");
    reloadEnv();
    const raised = await readSpreadsheet(big());
    // The directory check passes; the fake entries then fail the real inflation (never tooComplex).
    expect(raised.ok).toBe(false);
    expect(raised.ok ? [] : raised.problems.map((p) => p.key)).not.toContain("data.import.tooComplex");
  });
});
