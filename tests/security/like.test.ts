// Contains-search takes the text literally (issue 18, finding 7): `%` and
// `_` are not wildcards. One helper builds every pattern (app/utils/like.ts);
// the source may not build one elsewhere, and every list call of the API
// with a `query` field (from the registry) is tried with a wildcard.
import fs from "node:fs";
import path from "node:path";
import { apiEndpoints } from "~/api/registry.server";
import { containsPattern, escapeLike } from "~/utils/like";
import { prisma } from "~/utils/db.server";
import { api, tokenOf } from "../api/helpers";
import { cookieOf } from "./helpers";
import { callRoute, getRequest } from "../support/requests";
import { importRouteNamed } from "../support/routes";

const APP = path.resolve(process.cwd(), "app");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("one helper builds every LIKE pattern", () => {
  test("escapeLike escapes %, _ and the escape character", () => {
    expect(escapeLike("100%_a\\b")).toBe("100\\%\\_a\\\\b");
    expect(containsPattern("%")).toBe("%\\%%");
  });

  test("no Prisma contains/startsWith/endsWith filter and no LIKE outside the helper's reach", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(APP)) {
      if (file.endsWith(path.join("utils", "like.ts"))) continue;
      const text = fs.readFileSync(file, "utf8");
      const lines = text.split("\n");
      lines.forEach((line, i) => {
        if (/\b(contains|startsWith|endsWith)\s*:\s*(?!\s|containsText\b|\(\)\s*=>)/.test(line) && !/^\s*(\/\/|\*)/.test(line))
          offenders.push(`${path.relative(APP, file)}:${i + 1}: ${line.trim()}`);
      });
      if (/\bI?LIKE\b/.test(text.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, "")) && !text.includes('from "~/utils/like"'))
        offenders.push(`${path.relative(APP, file)}: LIKE without app/utils/like.ts`);
    }
    expect(offenders).toEqual([]);
  });
});

describe("a wildcard searches for itself", () => {
  const lists = apiEndpoints.filter((e) => e.method === "GET" && (e.fields ?? []).some((f) => f.name === "query") && !e.path.includes("{"));

  test("the finding: /my/userlist?query=% no longer returns every user", async () => {
    const token = await tokenOf("admin@example.com");
    const all = await api("GET", "/my/userlist", { token });
    expect(all.body.total).toBeGreaterThan(10);
    for (const query of ["%", "_", "%%", "_%_"]) {
      const result = await api("GET", "/my/userlist", { token, query: { query } });
      expect(result.body.total, query).toBe(0);
    }
    // A literal % in a name is still found.
    await prisma.user.update({ where: { email: "t2@example.com" }, data: { company: "百分百 100% 物流" } });
    const literal = await api("GET", "/my/userlist", { token, query: { query: "100%" } });
    expect(literal.body.data.map((u: { email: string }) => u.email)).toEqual(["t2@example.com"]);
  });

  test("every list call of the API with a query field", async () => {
    expect(lists.length).toBeGreaterThan(10);
    const token = await tokenOf("admin@example.com");
    for (const endpoint of lists) {
      const all = await api("GET", endpoint.path, { token });
      const wild = await api("GET", endpoint.path, { token, query: { query: "%_" } });
      expect(wild.http, endpoint.path).toBe(200);
      const count = (r: typeof all) => r.body.total ?? (Array.isArray(r.body.data) ? r.body.data.length : 0);
      if (count(all) > 0) expect(count(wild), endpoint.path).toBeLessThan(count(all));
    }
  });

  test("the pages' searches too: users, query logs, operation log, records, outbox, data areas", async () => {
    const cookie = await cookieOf("admin");
    for (const [name, url] of [
      ["_bo.userList", "/userList"],
      ["_bo.log-list", "/log-list"],
      ["_bo.app-order", "/app-order"],
      ["_bo.app-query", "/app-query"],
      ["_bo.port", "/port"],
    ]) {
      const { loader } = await importRouteNamed<{ loader: (args: never) => unknown }>(name);
      const result = await callRoute(loader as never, getRequest(url, { q: "%_" }, { cookie }));
      const json = JSON.stringify(result.data);
      expect(result.status, url).toBe(200);
      expect(json.match(/"total":(\d+)/)?.[1], url).toBe("0");
    }
  });
});
