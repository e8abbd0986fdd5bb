// English stays English (issue 45 item 2). A visitor who arrives by a
// `?lng=en-US` link (the sitemap's hreflang URLs) gets the language cookie,
// so the next click, form and redirect are English without JavaScript, and
// the quotes they save and the mails they trigger are English too. A first
// visit without a cookie follows Accept-Language. English pages show the
// English forms of the home-content blocks and the express zone names.
// Documents through the built app, as a browser without JavaScript gets them.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { send, visibleText } from "../support/render";
import { getRequest, loginAs, mergeCookies, postForm } from "../support/requests";
import { expireRateWindows, newRegistration } from "../accounts/helpers";

const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

/** A visitor's browser: keeps its cookies, follows nothing by itself. */
function browser(initial = "", headers: Record<string, string> = {}) {
  let cookie = initial;
  const keep = (answer: Awaited<ReturnType<typeof send>>) => {
    cookie = mergeCookies(cookie, answer.headers);
    return answer;
  };
  return {
    get: async (path: string) => keep(await send(getRequest(path, undefined, { cookie, headers }))),
    post: async (path: string, fields: Record<string, string>) => keep(await send(postForm(path, fields, { cookie, headers }))),
    cookie: () => cookie,
  };
}

describe("arriving by ?lng=en-US", () => {
  it("the next click (a link without lng) is English; zh-CN by ?lng=zh-CN again", async () => {
    const visitor = browser();
    const landing = await visitor.get("/fclbysea?pol=SHANGHAI&pod=ROTTERDAM&lng=en-US");
    expect(landing.status).toBe(200);
    expect(langOf(landing.html)).toBe("en-US");
    expect(landing.headers.get("Set-Cookie")).toMatch(/lng=/);
    // The page's own links carry no lng: the cookie keeps the language.
    expect(landing.html).toContain('href="/contact"');
    for (const path of ["/contact", "/lclbysea", "/home", "/us", "/login"])
      expect(langOf((await visitor.get(path)).html), path).toBe("en-US");
    const back = await visitor.get("/home?lng=zh-CN");
    expect(langOf(back.html)).toBe("zh-CN");
    expect(langOf((await visitor.get("/byair")).html)).toBe("zh-CN");
  });

  it("forms and the mails they trigger: the registration's code mail is English", async () => {
    await expireRateWindows();
    const visitor = browser();
    await visitor.get("/login?mode=register&lng=en-US");
    const email = newRegistration().email;
    const sent = await visitor.post("/login?mode=register", { intent: "sendCode", email });
    expect(sent.status).toBe(200);
    expect(langOf(sent.html)).toBe("en-US");
    const mail = await prisma.emailOutbox.findFirstOrThrow({ where: { toAddress: email.toLowerCase() }, orderBy: { id: "desc" } });
    expect(mail.subject).toMatch(/registration code/);
    expect(mail.text).not.toMatch(/[\u4e00-\u9fff]{4}/);
  });

  it("a quote saved after arriving in English opens in English; the booking's mail to the customer is English", async () => {
    const customer = browser(await loginAs("t1@example.com"));
    const results = await customer.get("/fclbysea?pol=SHANGHAI&pod=BATAM&qty_gp20=1&lng=en-US");
    expect(langOf(results.html)).toBe("en-US");
    const form =
      /<form method="post" action="\/quotes"><input type="hidden" name="from" value="([^"]*)"\/><input type="hidden" name="id" value="(\d+)"/.exec(
        results.html,
      );
    expect(form, "a save-quote form").not.toBeNull();
    // The form's page as the next request names it, without lng: the cookie decides.
    const saved = await customer.post("/quotes", { from: "/fclbysea?pol=SHANGHAI&pod=BATAM&qty_gp20=1", id: form![2] });
    expect(saved.status, visibleText(saved.html).slice(-600)).toBe(302);
    const quote = await customer.get(saved.location!);
    expect(langOf(quote.html)).toBe("en-US");
    expect(visibleText(quote.html)).toContain("Saved on");

    // Booking that row: its dialog (English), then the contact request it posts.
    const dialog = await customer.get(`/booking/fcl/${form![2]}`);
    expect(langOf(dialog.html)).toBe("en-US");
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(dialog.html)![1];
    const booked = await customer.post(`/booking/fcl/${form![2]}`, { idempotencyKey: key });
    expect(booked.status).toBe(302);
    const id = Number(/\/booking\/done\/(\d+)/.exec(booked.location ?? "")?.[1]);
    const mail = await prisma.emailOutbox.findFirstOrThrow({ where: { entrustmentId: id, kind: "order_customer" } });
    expect(mail.subject).not.toMatch(/[\u4e00-\u9fff]/);
    expect((await prisma.entrustment.findUniqueOrThrow({ where: { id } })).language).toBe("en-US");
  });
});

describe("a first visit without a cookie", () => {
  it("follows Accept-Language; a language cookie wins over it; unknown languages get zh-CN", async () => {
    expect(langOf((await browser("", { "Accept-Language": "en-GB,en;q=0.9" }).get("/home")).html)).toBe("en-US");
    expect(langOf((await browser("", { "Accept-Language": "fr-FR" }).get("/home")).html)).toBe("zh-CN");
    const chosen = browser("", { "Accept-Language": "en-US" });
    await chosen.get("/home?lng=zh-CN");
    expect(langOf((await chosen.get("/us")).html)).toBe("zh-CN");
  });
});

describe("English forms of the data on English pages", () => {
  it("home-content blocks: the English name and description where staff gave one, else the Chinese", async () => {
    const en = visibleText((await send(getRequest("/home", { lng: "en-US" }))).html);
    expect(en).toContain("Ocean freight");
    expect(en).toContain("FCL and LCL on lanes worldwide");
    expect(en).not.toContain("海运服务");
    const zh = visibleText((await send(getRequest("/home"))).html);
    expect(zh).toContain("海运服务");
    expect(zh).not.toContain("Ocean freight");
    // Staff give an English form on the home-content screen (a plain multipart POST, as without JavaScript).
    const item = await prisma.homeContent.findFirstOrThrow({ where: { channel: "WEB", name: "中欧班列" } });
    // An item with its image already (the website asks for one; an edit keeps it).
    await prisma.homeContent.update({
      where: { id: item.id },
      data: { nameEn: null, descriptionEn: null, imagePath: "0123456789abcdef0123456789abcdef.png" },
    });
    expect(visibleText((await send(getRequest("/us", { lng: "en-US" }))).html)).toContain("中欧班列");
    const { action } = await import("~/routes/admin/homeList");
    const { callRoute, postMultipart } = await import("../support/requests");
    const saved = await callRoute(
      action,
      postMultipart(
        `/homeList?dialog=edit&id=${item.id}`,
        {
          intent: "update",
          id: String(item.id),
          name: item.name,
          description: item.description ?? "",
          nameEn: "Rail to Europe",
          descriptionEn: "Trains from western China to Europe",
          parentId: "0",
          level: "1",
          size: item.size ?? "S",
        },
        { cookie: await loginAs("admin@example.com") },
      ),
    );
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    const after = visibleText((await send(getRequest("/us", { lng: "en-US" }))).html);
    expect(after).toContain("Rail to Europe");
    expect(after).toContain("Trains from western China to Europe");
    expect(visibleText((await send(getRequest("/us"))).html)).toContain("中欧班列");
  });

  it("express zone names", async () => {
    const en = visibleText((await send(getRequest("/express", { pod: "DE", num: "2", lng: "en-US" }))).html);
    expect(en).toContain("Western Europe 1");
    expect(en).not.toContain("西欧一区");
    expect(visibleText((await send(getRequest("/express", { pod: "DE", num: "2" }))).html)).toContain("西欧一区");
  });
});
