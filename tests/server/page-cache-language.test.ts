// The page cache and the language of a first visit (issue 45 item 2): a
// visitor without a cookie is answered in their browser's Accept-Language,
// so the cache keeps one copy per language that rule gives, never another
// visitor's language. The key reads the app's own rule (chooseLanguage,
// through the build's entry module).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { get, serveBuild, type Served } from "./helpers";

let served: Served;
let base: string;

beforeAll(async () => {
  served = await serveBuild();
  base = served.url;
});
afterAll(async () => {
  await served?.stop();
});

describe("a first visit's language in the page cache", () => {
  it("keeps each Accept-Language's language apart, and shares one copy per language", async () => {
    served.cache!.clear();
    const zh = await get(base, "/us");
    expect(zh.body).toContain('lang="zh-CN"');
    const en = await get(base, "/us", { "accept-language": "en-GB,en;q=0.9" });
    expect(en.body).toContain('lang="en-US"');
    // From the cache, each its own.
    const enAgain = await get(base, "/us", { "accept-language": "en-US" });
    expect(enAgain.body).toContain('lang="en-US"');
    expect(enAgain.queries).toBe(0);
    const zhAgain = await get(base, "/us", { "accept-language": "fr-FR,zh-CN;q=0.5" });
    expect(zhAgain.body).toContain('lang="zh-CN"');
    expect(zhAgain.queries).toBe(0);
    expect((await get(base, "/us")).body).toContain('lang="zh-CN"');
    // A language cookie wins over the header, from the cache too.
    const cookie = `lng=${encodeURIComponent(Buffer.from(JSON.stringify("zh-CN")).toString("base64"))}`;
    expect((await get(base, "/us", { cookie, "accept-language": "en-US" })).body).toContain('lang="zh-CN"');
  });

  it("a ?lng= visit sets the language cookie, and is never stored with it", async () => {
    served.cache!.clear();
    const first = await get(base, "/us?lng=en-US");
    expect(first.body).toContain('lang="en-US"');
    expect(first.headers.get("set-cookie")).toMatch(/lng=/);
    const second = await get(base, "/us?lng=en-US");
    expect(second.queries).not.toBe(0);
    expect(second.headers.get("set-cookie")).toMatch(/lng=/);
  });
});
