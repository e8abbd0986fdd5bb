// The company identity (decision 604): one source, edited on /companyInfo,
// read by the footer of every site page, /contact, /us, the visitors'
// contact card and /freeze. Issue 21 found two companies on one site.
import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/admin/companyInfo";
import { resources } from "~/i18n/resources.server";
import { prisma } from "~/utils/db.server";
import { render, visibleText } from "../support/render";
import { ADMIN, flashOf, load, MANAGER, submit } from "./helpers";

const VALID = {
  nameZh: "星海国际货运有限公司",
  nameEn: "Xinghai International Freight Co., Ltd.",
  addressZh: "上海市黄浦区中山东一路18号",
  addressEn: "18 Zhongshan East 1st Road, Huangpu, Shanghai",
  phone: "021-6321 8888",
  email: "hello@xinghai.example",
  website: "www.xinghai.example",
  filingRecord: "沪ICP备12345678号",
  qq: "88886666",
  wechat: "xinghai-freight",
};

describe("/companyInfo", () => {
  it("shows the seeded identity: the one the contact card showed, not the translations' old one", async () => {
    const page = await load(loader, "/companyInfo", ADMIN);
    expect(page.status).toBe(200);
    expect(page.data.values).toMatchObject({
      nameZh: "环宇通达国际物流有限公司",
      nameEn: "Globalink Freight Co., Ltd.",
      phone: "400-820-0000",
    });
    // Every page shows it, and nothing else calls itself the company.
    for (const path of ["/home", "/contact", "/us", "/fclbysea"]) {
      const html = visibleText((await render(path)).html);
      expect(html, path).toContain("环宇通达国际物流有限公司");
      expect(html, path).not.toContain("上海环球国际货运代理有限公司");
      expect(html, path).not.toContain("世纪大道");
    }
    // The hotline is a phone (电话), not a mobile (手机).
    expect(visibleText((await render("/contact")).html)).toContain("电话 400-820-0000");
  });

  it("one save changes the footer, /contact, /us, the visitors' card and /freeze, in both languages", async () => {
    const saved = await submit(action, "/companyInfo", ADMIN, VALID);
    expect(saved.status).toBe(302);
    expect(await flashOf(saved)).toMatchObject({ type: "success", key: "admin.company.saved" });
    const zh = visibleText((await render("/home")).html);
    expect(zh).toContain("星海国际货运有限公司");
    expect(zh).toContain("上海市黄浦区中山东一路18号");
    expect(zh).toContain("021-6321 8888");
    expect(zh).toContain("沪ICP备12345678号");
    const en = visibleText((await render("/contact", { lng: "en-US" })).html);
    expect(en).toContain("Xinghai International Freight Co., Ltd.");
    expect(en).toContain("18 Zhongshan East 1st Road");
    expect(en).toContain("88886666");
    expect(en).toContain("xinghai-freight");
    expect((await render("/us")).html).toContain("星海国际货运有限公司");
    const { loader: home } = await import("~/routes/site/home");
    const { callRoute, getRequest } = await import("../support/requests");
    const card = (await callRoute(home, getRequest("/home"))).data.contact;
    expect(card).toMatchObject({
      kind: "company",
      company: { name: "星海国际货运有限公司", phone: "021-6321 8888", mobile: null, qq: "88886666", wechat: "xinghai-freight" },
    });
    expect((await render("/freeze")).html).toContain("星海国际货运有限公司");
    const log = await prisma.operationLog.findFirstOrThrow({ where: { operation: "companyInfo" }, orderBy: { id: "desc" } });
    expect(log.module).toBe("edit");
  });

  it("bad input changes nothing and is answered in the user's language", async () => {
    const before = await prisma.siteSetting.findUniqueOrThrow({ where: { key: "company_contact" } });
    const bad = await submit(action, "/companyInfo", ADMIN, {
      ...VALID,
      nameZh: "",
      phone: "call us",
      email: "nope",
      website: "not a website",
      qq: "12",
      wechat: "1abc",
    });
    expect(bad.status).toBe(400);
    expect(bad.data.error).toMatchObject({
      nameZh: ["admin.company.nameRequired"],
      phone: ["admin.company.phoneInvalid"],
      email: ["admin.company.emailInvalid"],
      website: ["admin.company.websiteInvalid"],
      qq: ["admin.company.qqInvalid"],
      wechat: ["admin.company.wechatInvalid"],
    });
    expect(await prisma.siteSetting.findUniqueOrThrow({ where: { key: "company_contact" } })).toEqual(before);
    for (const lng of ["zh-CN", "en-US"] as const) {
      const company = (resources[lng].admin as { company: Record<string, unknown> }).company;
      for (const key of Object.values(bad.data.error).flat() as string[]) {
        expect(company[key.replace("admin.company.", "")], `${lng} ${key}`).toEqual(expect.any(String));
      }
    }
  });

  it("is its own permission: staff without the entry are refused, nothing is saved", async () => {
    expect((await load(loader, "/companyInfo", MANAGER)).status).toBe(403);
    const before = await prisma.siteSetting.findUniqueOrThrow({ where: { key: "company_contact" } });
    expect((await submit(action, "/companyInfo", MANAGER, { ...VALID, nameZh: "别人的公司" })).status).toBe(403);
    expect(await prisma.siteSetting.findUniqueOrThrow({ where: { key: "company_contact" } })).toEqual(before);
    expect((await load(loader, "/companyInfo", null)).status).toBe(302);
  });
});
