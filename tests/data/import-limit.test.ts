// IMPORT_MAX_MB (issue 23): the import limit is a setting, default the
// spec's 2 MB; the request gate, the upload parsing and the size message
// follow it.
import { afterEach, describe, expect, it, vi } from "vitest";
import * as screen from "~/routes/backoffice/data-area";
import { bodyLimitFor } from "~/utils/body-limit.server";
import { reloadEnv } from "~/utils/env.server";
import { uploadBodyLimit } from "~/utils/upload-limits";
import { loginAs } from "../support/requests";
import { load, uploadTo } from "./helpers";

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
