// What issue 21 found on the customer pages, checked where the customer sees
// it: the LCL freight explained by its sum, the data's vocabulary in English,
// the website's home content on /home and /us, the administrator's notice on
// /home, the contact card's landline, QQ, WeChat and QR business card.
import { vocabulary } from "~/domain/reference/vocabulary.server";
import { loader as homeLoader } from "~/routes/site/home";
import { loader as railLoader } from "~/routes/site/mode-results";
import { loader as fclLoader } from "~/routes/site/mode-results";
import { prisma } from "~/utils/db.server";
import { render, visibleText } from "../support/render";
import { callRoute, getRequest, loginAs } from "../support/requests";
import { cookieOf, flushBackground } from "./helpers";

afterEach(async () => {
  await flushBackground();
});

describe("LCL: the freight is explained by the sum that gives it", () => {
  test("1.9 t × per-ton rate, not '2.0000 RT, by weight'; the other measure beside it; two decimals", async () => {
    const cookie = await cookieOf("t1");
    const rows = await prisma.lclRate.findMany({
      where: { pol: "SHANGHAI", pod: "KOBE" },
      select: { freightCbmT1: true, freightTonT1: true },
    });
    const page = await render("/lclbysea", { lclpol: "SHANGHAI", lclpod: "KOBE", cbm: "2", kg: "1900" }, { cookie });
    const text = visibleText(page.html);
    expect(text).not.toMatch(/RT，按/);
    // Each row: "按重量计费：1.90 吨 × <per ton> = <1.9 × per ton>" or the volume's, and the other one.
    const weight = [...text.matchAll(/按重量(?:计费)?：1\.90 吨 × ([\d,.]+) = ([\d,.]+)/g)];
    const volume = [...text.matchAll(/按体积(?:计费)?：2\.00 CBM × ([\d,.]+) = ([\d,.]+)/g)];
    expect(weight.length).toBeGreaterThan(0);
    expect(volume.length).toBe(weight.length);
    for (const [, rate, amount] of [...weight, ...volume]) {
      expect(rate).toMatch(/^\d[\d,]*\.\d\d$/);
      expect(amount).toMatch(/^\d[\d,]*\.\d\d$/);
    }
    for (const [, rate, amount] of weight)
      expect(Number(amount.replace(/,/g, ""))).toBeCloseTo(Math.round(1.9 * Number(rate.replace(/,/g, "")) * 100) / 100, 2);
    expect(rows.length).toBeGreaterThan(0);
    const en = visibleText(
      (await render("/lclbysea", { lclpol: "SHANGHAI", lclpod: "KOBE", cbm: "2", kg: "1900", lng: "en-US" }, { cookie })).html,
    );
    expect(en).toMatch(/Charged by (weight|volume): \d/);
  });
});

describe("the rate data's vocabulary in English", () => {
  test("weekdays, direct, transit days, working days, trains, places; free text stays", () => {
    const en = (text: string) => vocabulary(text, "en-US");
    expect(en("周三/周六")).toBe("Wed/Sat");
    expect(en("直达")).toBe("Direct");
    expect(en("直飞")).toBe("Non-stop");
    expect(en("5天")).toBe("5 days");
    expect(en("1天")).toBe("1 day");
    expect(en("3-5个工作日")).toBe("3-5 working days");
    expect(en("周六 12:00")).toBe("Sat 12:00");
    expect(en("义新欧 每周2班")).toBe("Yixinou 2 per week");
    expect(en("西安")).toBe("Xi'an");
    expect(en("上海港")).toBe("Port of Shanghai");
    expect(en("美国西部")).toBe("United States (West)");
    expect(en("长×宽×高(cm)/5000")).toBe("L×W×H (cm)/5000");
    // Free text (a remark) and anything only partly known stay as written.
    expect(en("目的港免用箱期7天")).toBe("目的港免用箱期7天");
    expect(en("周三 另询")).toBe("周三 另询");
    expect(en("SHANGHAI")).toBe("SHANGHAI");
    // Chinese pages are never touched.
    expect(vocabulary("周三/周六", "zh-CN")).toBe("周三/周六");
  });

  test("English results pages: rail places, train services, weekdays, 直达 and days; the Chinese page as stored", async () => {
    const cookie = await cookieOf("t1");
    const rail = visibleText((await render("/railroad", { pol: "西安", pod: "阿拉山口", lng: "en-US" }, { cookie })).html);
    expect(rail).toContain("Xi'an → Alashankou");
    expect(rail).toMatch(/\d+ days/);
    expect(rail).not.toMatch(/\d+天/);
    // The vocabulary columns (remarks are free text and stay as written).
    const fcl = await callRoute(fclLoader, getRequest("/fclbysea", { pol: "SHANGHAI", pod: "BATAM", lng: "en-US" }, { cookie }));
    const facts = (fcl.data.results.rows as { facts: Record<string, string | null> }[]).map((r) =>
      [r.facts.sailingSchedule, r.facts.via, r.facts.transitTime].join(" "),
    );
    expect(facts.length).toBeGreaterThan(0);
    for (const line of facts) expect(line).not.toMatch(/[\u4e00-\u9fff]/);
    const zh = visibleText((await render("/railroad", { pol: "西安", pod: "阿拉山口" }, { cookie })).html);
    expect(zh).toContain("西安 → 阿拉山口");
    expect(zh).toMatch(/\d+天/);
  });

  test("the rail and trailer pickers label places in English, and English names are searched", async () => {
    const page = await callRoute(railLoader, getRequest("/railroad", { lng: "en-US" }));
    expect(page.data.lists.from).toContainEqual({ value: "西安", label: "Xi'an", hint: "西安" });
    const found = await callRoute(railLoader, getRequest("/railroad", { pol: "xi'an", pod: "Alashankou", lng: "en-US" }));
    expect(found.data.status).toBe("ok");
    expect(found.data.results.total).toBeGreaterThan(0);
    expect(found.data.query).toMatchObject({ pol: "西安", pod: "阿拉山口" });
  });
});

describe("/home and /us", () => {
  test("the website's home content: level-1 groups with their level-2 items, B wide, the placeholder without an image", async () => {
    const groups = await prisma.homeContent.findMany({
      where: { channel: "WEB", level: 1 },
      include: { children: true },
      orderBy: { sort: "asc" },
    });
    await prisma.homeContent.update({
      where: { id: groups[0].children[0].id },
      data: { imagePath: "0123456789abcdef0123456789abcdef.png" },
    });
    for (const path of ["/home", "/us"]) {
      const html = (await render(path)).html;
      for (const group of groups) {
        expect(html, path).toContain(group.name);
        for (const item of group.children) expect(html, path).toContain(item.name);
      }
      expect(html).toContain('src="/home-images/0123456789abcdef0123456789abcdef.png"');
      expect(html).toContain("home-block__item--B");
      expect(html).toContain('role="img" aria-label="暂无图片"');
    }
  });

  test("the administrator sees the pending-audit notice on /home; customers do not", async () => {
    const pending = await prisma.user.count({ where: { audit: 1 } });
    expect(pending).toBeGreaterThan(0);
    const cookie = await loginAs("admin@example.com");
    const admin = await callRoute(homeLoader, getRequest("/home", undefined, { cookie }));
    expect(admin.data.pendingAudit).toBe(pending);
    const html = visibleText((await render("/home", undefined, { cookie })).html);
    expect(html).toContain(`您有${pending}个新用户等待审核！请及时审核！`);
    const customer = await callRoute(homeLoader, getRequest("/home", undefined, { cookie: await cookieOf("t1") }));
    expect(customer.data.pendingAudit).toBe(0);
  });
});

describe("the contact card", () => {
  test("a customer's contacts: mobile, landline, QQ and the QR business card staff uploaded", async () => {
    await prisma.user.update({ where: { email: "service@example.com" }, data: { wxCodePath: "fedcba9876543210fedcba9876543210.png" } });
    const home = await callRoute(homeLoader, getRequest("/home", undefined, { cookie: await cookieOf("t1") }));
    expect(home.data.contact.service).toMatchObject({
      mobile: "13800000004",
      landline: "021-5888 1004",
      qq: "800001004",
      wxCode: "/wx-codes/fedcba9876543210fedcba9876543210.png",
    });
    const html = (await render("/home", undefined, { cookie: await cookieOf("t1") })).html;
    expect(html).toContain('src="/wx-codes/fedcba9876543210fedcba9876543210.png"');
    expect(visibleText(html)).toMatch(/座机 021-5888 1004/);
  });

  test("visitors: the company's hotline (电话, not 手机), e-mail, QQ and WeChat id", async () => {
    const text = visibleText((await render("/home")).html);
    expect(text).toMatch(/电话 400-820-0000/);
    expect(text).not.toMatch(/手机 400-820-0000/);
    expect(text).toContain("800820000");
    expect(text).toContain("globalink-freight");
  });
});
