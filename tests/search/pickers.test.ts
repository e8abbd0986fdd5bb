// The pickers as a customer types into them (issue 45 item 8): express
// countries by pinyin and by English words ("deguo", "US West"); "sh" ranks
// SHANGHAI before KOBE (神户's initials are "sh" too); the demo data has no
// second port of the same place that leads to empty results; railway places
// show both names in both languages.
import { describe, expect, it } from "vitest";
import { loader as countriesLoader } from "~/routes/resources/resources.express-countries";
import { loader as portsLoader } from "~/routes/resources/resources.ports";
import { prisma } from "~/utils/db.server";
import { refreshPortPinyin } from "~/domain/reference/port-pinyin.server";
import { callRoute, getRequest } from "../support/requests";

type Option = { value: string; label: string; hint?: string };

async function countries(q: string, lng: string): Promise<Option[]> {
  const result = await callRoute(countriesLoader, getRequest("/resources/express-countries", { q, lng }));
  expect(result.status).toBe(200);
  return result.data.options;
}

async function seaPorts(q: string): Promise<Option[]> {
  const result = await callRoute(portsLoader, getRequest("/resources/ports", { kind: "sea", q }));
  expect(result.status).toBe(200);
  return result.data.options;
}

describe("express countries", () => {
  it.each([
    ["deguo", "德国", "Germany"],
    ["DeGuo", "德国", "Germany"],
    ["US West", "美国西部", "United States (West)"],
    ["united states east", "美国东部", "United States (East)"],
    ["mgxb", "美国西部", "United States (West)"],
    ["德国", "德国", "Germany"],
    ["germany", "德国", "Germany"],
  ])("%s finds %s first, in both languages", async (q, zh, en) => {
    expect((await countries(q, "zh-CN"))[0]).toMatchObject({ value: zh, label: zh });
    expect((await countries(q, "en-US"))[0]).toMatchObject({ value: en, label: en });
  });

  it("every word typed must match: 'US West' is not United States (East)", async () => {
    const found = await countries("US West", "en-US");
    expect(found.map((o) => o.value)).toEqual(["United States (West)"]);
  });

  it("the results page resolves a pinyin destination (no JavaScript)", async () => {
    const { loader } = await import("~/routes/site/mode-results");
    const result = await callRoute(loader, getRequest("/express", { pod: "deguo", num: "2" }));
    expect(result.status).toBe(200);
    expect(result.data.express?.country).toBe("德国");
  });
});

describe("sea ports", () => {
  it("a port whose code or name holds the text comes before ports found only by the start of their Chinese initials", async () => {
    // Eleven ports whose Chinese initials start "qx" and go on (青县湖: qxh), neither code nor name holding it.
    const initials = await Promise.all(
      ["青县湖", "青县河", "青县海", "青县江", "青县口", "青县湾", "青县岛", "青县门", "青县洲", "青县山", "青县峡"].map((nameZh, i) =>
        prisma.seaPort.create({ data: { code: `ZZP${String.fromCharCode(65 + i)}`, name: `ZZ PORT ${i}`, nameZh } }),
      ),
    );
    const holding = await prisma.seaPort.create({ data: { code: "ZZZZZ", name: "ZZ AQXA TERMINAL", nameZh: "测试码头" } });
    try {
      await refreshPortPinyin();
      const found = (await seaPorts("qx")).map((o) => o.value);
      // Before, the eleven filled the list and the port holding "QX" in its name was never read.
      expect(found[0]).toBe("ZZ AQXA TERMINAL");
      expect(found).toHaveLength(10);
    } finally {
      await prisma.seaPort.deleteMany({ where: { id: { in: [...initials.map((p) => p.id), holding.id] } } });
    }
  });

  it("'sh' lists SHANGHAI first, before KOBE (神户: initials sh)", async () => {
    const found = (await seaPorts("sh")).map((o) => o.value);
    expect(found[0]).toBe("SHANGHAI");
    if (found.includes("KOBE")) expect(found.indexOf("SHANGHAI")).toBeLessThan(found.indexOf("KOBE"));
    expect((await seaPorts("shanghai"))[0].value).toBe("SHANGHAI");
  });

  it("no place has two ports in one country (a second one led to empty results): SHANGHAI is one port", async () => {
    const names = (await seaPorts("shanghai")).map((o) => o.value);
    expect(names.filter((n) => n.startsWith("SHANGHAI"))).toEqual(["SHANGHAI"]);
    const duplicates = await prisma.$queryRaw<{ name: string }[]>`
      SELECT regexp_replace(name, ' \\([A-Z0-9]{5}\\)$', '') AS name FROM sea_ports
      GROUP BY country_code, regexp_replace(name, ' \\([A-Z0-9]{5}\\)$', '') HAVING count(*) > 1`;
    expect(duplicates).toEqual([]);
  });
});

describe("railway places in both languages", () => {
  it.each([
    ["zh-CN", { value: "西安", label: "西安", hint: "Xi'an" }],
    ["en-US", { value: "西安", label: "Xi'an", hint: "西安" }],
  ])("%s: the picker shows both names", async (lng, option) => {
    const { loader } = await import("~/routes/site/mode-results");
    const result = await callRoute(loader, getRequest("/railroad", { lng }));
    expect(result.status).toBe(200);
    expect(result.data.lists.from).toContainEqual(option);
  });
});
