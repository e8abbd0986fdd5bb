// The port typeahead's cache (decision 205, issue 19): the answers are those
// of the uncached search, served from memory while sea_ports, airports and
// port_aliases keep their data versions, and a new alias (the screen's save,
// the map action, or any other write: the statement trigger bumps the
// version) shows on the very next request.
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import * as screen from "~/routes/admin/portAliases";
import { loader as portsLoader } from "~/routes/resources/resources.ports";
import { searchPorts, suggestPorts, type PortKind } from "~/domain/reference/ports.server";
import { readVersions } from "~/utils/data-cache.server";
import { prisma } from "~/utils/db.server";
import { api } from "../api/helpers";
import { callRoute, getRequest, loginAs, postForm } from "../support/requests";

let staff: string;
beforeAll(async () => {
  staff = await loginAs("data@example.com");
});

const post = (fields: Record<string, string | number>) => callRoute(screen.action, postForm("/portAliases", fields, { cookie: staff }));

/** What the pickers get for `q` (the resource route, as the browser asks). */
async function typeahead(kind: PortKind, q: string): Promise<string[]> {
  const result = await callRoute(portsLoader, getRequest("/resources/ports", { kind, q }));
  expect(result.status).toBe(200);
  return (result.data.options as { value: string }[]).map((o) => o.value);
}

const aliasVersion = async () =>
  (await prisma.$queryRaw<{ version: string }[]>`SELECT version::text FROM data_versions WHERE name = 'port_aliases'`)[0]?.version;

describe("port typeahead cache", () => {
  it("answers as the uncached search does, and from memory while nothing changed", async () => {
    const versions = await readVersions();
    const queries: [PortKind, string][] = [
      ["sea", "M"],
      ["sea", "m"],
      ["sea", "S"],
      ["sea", "sh"],
      ["sea", " shanghai "],
      ["sea", "上"],
      ["sea", "上海港"],
      ["sea", "CN"],
      ["sea", "amoy"],
      ["sea", "zzqx"],
      ["air", "P"],
      ["air", "PVG"],
      ["air", "上海"],
    ];
    for (const [kind, q] of queries) {
      const cached = await suggestPorts(versions, kind, q);
      expect(cached, `${kind} ${q}`).toEqual(await searchPorts(kind, q));
      // The second ask is the same answer object: no query was made.
      expect(await suggestPorts(versions, kind, q), `${kind} ${q}`).toBe(cached);
    }
    expect(await suggestPorts(versions, "sea", "  ")).toEqual([]);
    // Another version of a table it reads: asked anew.
    const first = await suggestPorts(versions, "sea", "M");
    // A table it does not read: the same answer; one it reads: asked anew.
    expect(await suggestPorts({ ...versions, airports: `${versions.airports}1` }, "sea", "M")).toBe(first);
    expect(await suggestPorts({ ...versions, port_aliases: `${versions.port_aliases}1` }, "sea", "M")).not.toBe(first);
    expect(await suggestPorts({ ...versions, sea_ports: `${versions.sea_ports}1` }, "sea", "M")).not.toBe(first);
  });

  it("a new alias shows in the pickers and the API on the next request", async () => {
    // Asked (and cached) before the alias exists.
    expect(await typeahead("sea", "Qzport")).toEqual([]);
    expect(await typeahead("sea", "Q")).not.toContain("CNTAO");
    const api1 = await api("GET", "/nopermission/manytimesportbyseaselect", { query: { query: "Qzport" } });
    expect(api1.body.data).toEqual([]);

    const before = await aliasVersion();
    const saved = await post({ intent: "save", alias: "Qzport Harbour", port: "CNTAO" });
    expect(saved.status).toBe(302);
    expect(await aliasVersion()).not.toBe(before);

    expect(await typeahead("sea", "Qzport")).toEqual(["QINGDAO"]);
    const api2 = await api("GET", "/nopermission/manytimesportbyseaselect", { query: { query: "Qzport" } });
    expect(JSON.stringify(api2.body.data)).toContain("QINGDAO");

    // Mapping an unresolved name adds an alias too.
    expect(await typeahead("sea", "Xq Typeahead")).toEqual([]);
    const queued = await prisma.portUnresolvedName.create({ data: { area: "fcl", name: "XQ TYPEAHEAD LANE", rows: 0 } });
    expect((await post({ intent: "map", id: queued.id, port: "CNXMN" })).status).toBe(302);
    expect(await typeahead("sea", "Xq Typeahead")).toEqual(["XIAMEN"]);

    // Any other write (an import's or the seed's SQL) bumps the version as well.
    expect(await typeahead("sea", "Qzport")).toEqual(["QINGDAO"]);
    await prisma.$executeRaw`DELETE FROM port_aliases WHERE key LIKE 'qzport%'`;
    expect(await typeahead("sea", "Qzport")).toEqual([]);
  });

  it("an alias saved on the screen announces every version it bumps to the other app processes (NOTIFY data_versions)", async () => {
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (message) => heard.push(String(message.payload).split(":")[0]));
    await listener.query("LISTEN data_versions");
    try {
      const saved = await post({ intent: "save", alias: "Qnotify Harbour", port: "CNTAO" });
      expect(saved.status).toBe(302);
      const until = Date.now() + 5_000;
      while (Date.now() < until && !(heard.includes("port_aliases") && heard.includes("sea_ports"))) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(heard).toContain("port_aliases");
      expect(heard).toContain("sea_ports");
    } finally {
      await listener.end();
    }
  });
});
