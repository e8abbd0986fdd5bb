// The embeddable request form (issue 43 item 6), through the real server:
// the one page other sites may frame; the documented endpoint, the one
// cross-site POST the portal takes, only with the site's form token; the
// requests it files are visitors' (held), marked with the site; problems come
// back to the form named in the chosen language; the desk hands out the
// snippets.
import { prisma } from "~/utils/db.server";
import { embedToken } from "~/domain/price-requests/embed.server";
import { REFUSED_TEXT } from "../../server/csrf.js";
import { get, serveBuild, type Served } from "../server/helpers";
import { visibleText } from "../support/render";
import { cookieOfEmail } from "../security/helpers";
import { callRoute, getRequest } from "../support/requests";
import { desk } from "./helpers";

let served: Served;
beforeAll(async () => {
  served = await serveBuild({ pageCache: false });
});
afterAll(async () => {
  await served?.stop();
});

const CROSS_SITE = { "Sec-Fetch-Site": "cross-site", Origin: "https://agent.example.net" };
const FIELDS = {
  mode: "fcl",
  origin: "NINGBO",
  destination: "JEBEL ALI",
  qty_hq40: "2",
  contactName: "Ahmed",
  company: "Gulf Agent LLC",
  email: "ahmed@agent.example.net",
};

function post(path: string, fields: Record<string, string>, headers: Record<string, string>) {
  return fetch(served.url + path, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

test("only the form's page may be framed", async () => {
  for (const lng of ["zh-CN", "en-US"]) {
    const page = await get(served.url, `/embed/price-request?lng=${lng}&mode=lcl&origin=SHANGHAI`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(page.headers.get("x-frame-options")).toBeNull();
    expect(page.body).toMatch(/name="origin"[^>]*value="SHANGHAI"/);
    expect(page.body).toContain('name="contactName"');
    expect(visibleText(page.body)).toContain(lng === "zh-CN" ? "在线询价" : "Ask for a price");
  }
  const home = await get(served.url, "/home");
  expect(home.headers.get("x-frame-options")).toBe("DENY");
  expect(home.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
});

test("a plain form on another site: accepted with its site's token, held, marked with the site; refused without", async () => {
  const before = await prisma.priceRequest.count();
  for (const token of [undefined, "x".repeat(32), embedToken("another-site")]) {
    const refused = await post("/embed/price-request/post", { ...FIELDS, site: "agent-hk", ...(token ? { token } : {}) }, CROSS_SITE);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe(REFUSED_TEXT);
  }
  // The page's own action is no way round it: the cross-site guard refuses it.
  expect((await post("/embed/price-request", { ...FIELDS, site: "agent-hk", token: embedToken("agent-hk") }, CROSS_SITE)).status).toBe(403);
  expect(await prisma.priceRequest.count()).toBe(before);

  const accepted = await post(
    "/embed/price-request/post",
    { ...FIELDS, site: "agent-hk", token: embedToken("agent-hk"), lng: "en-US" },
    CROSS_SITE,
  );
  expect(accepted.status).toBe(303);
  const location = accepted.headers.get("location")!;
  expect(location).toMatch(/^\/embed\/price-request\?.*sent=R\d{8}-\d{6}/);
  const row = await prisma.priceRequest.findFirstOrThrow({ where: { email: "ahmed@agent.example.net" } });
  expect(row).toMatchObject({ state: "HELD", userId: null, channel: "embed:agent-hk", language: "en-US", destination: "JEBEL ALI" });
  expect(row.cargo).toEqual({ kind: "containers", counts: { hq40: 2 } });
  const receipt = await get(served.url, location);
  expect(visibleText(receipt.body)).toContain(`Price request ${row.number} is received`);
});

test("problems come back to the form, named in the chosen language, with what was typed (never the token)", async () => {
  const sent = await post(
    "/embed/price-request/post",
    { ...FIELDS, contactName: "", email: "not-an-address", site: "agent-hk", token: embedToken("agent-hk"), lng: "zh-CN" },
    CROSS_SITE,
  );
  expect(sent.status).toBe(303);
  const location = sent.headers.get("location")!;
  expect(location).toContain("invalid=1");
  expect(location).not.toContain("token");
  const page = await get(served.url, location);
  const text = visibleText(page.body);
  expect(text).toContain("请填写姓名");
  expect(text).toContain("邮箱格式不正确");
  expect(page.body).toMatch(/name="company"[^>]*value="Gulf Agent LLC"/);
  expect(text).not.toMatch(/priceRequests\.|Required|Invalid/);
});

test("the iframe's own form posts to itself (same origin) and files a visitor's request", async () => {
  const sent = await post(
    "/embed/price-request?lng=en-US",
    { ...FIELDS, email: "iframe@agent.example.net", site: "agent-sg" },
    { "Sec-Fetch-Site": "same-origin", Origin: served.url },
  );
  expect(sent.status).toBe(303);
  const row = await prisma.priceRequest.findFirstOrThrow({ where: { email: "iframe@agent.example.net" } });
  expect(row).toMatchObject({ state: "HELD", channel: "embed:agent-sg" });
});

test("the desk hands out the snippets with the site's token", async () => {
  const page = await callRoute(
    (await desk()).loader,
    getRequest("/priceDesk", { embed: "agent-hk" }, { cookie: await cookieOfEmail("sales@example.com") }),
  );
  expect(page.data.embed.form).toContain(`name="token" value="${embedToken("agent-hk")}"`);
  expect(page.data.embed.form).toContain("/embed/price-request/post");
  expect(page.data.embed.iframe).toContain("/embed/price-request?site=agent-hk");
  const bad = await callRoute(
    (await desk()).loader,
    getRequest("/priceDesk", { embed: "Agent HK!" }, { cookie: await cookieOfEmail("sales@example.com") }),
  );
  expect(bad.data.embed.error).toBe("priceRequests.embed.badSite");
});
