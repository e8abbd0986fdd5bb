// The language of a request is read once (app/i18n/i18n.server.ts,
// decision 608): the root loader, the page's loader and the render share it,
// and two requests keep their own.
import { vi } from "vitest";
import { getLanguage, i18n, languageCookie } from "~/i18n/i18n.server";
import { timingStorage, type RequestTiming } from "~/utils/server-timing.server";

const fresh = (): RequestTiming => ({ started: performance.now(), db: 0, count: 0, slowest: 0 });

test("one request: the language is detected once, whichever of its Request copies asks", async () => {
  const detect = vi.spyOn(i18n, "getLocale");
  const url = "http://localhost/fclbysea?pol=SHANGHAI&lng=en-US";
  const languages = await timingStorage().run(fresh(), async () =>
    Promise.all([getLanguage(new Request(url)), getLanguage(new Request(url)), getLanguage(new Request(`${url}&index`))]),
  );
  expect(languages).toEqual(["en-US", "en-US", "en-US"]);
  expect(detect).toHaveBeenCalledTimes(1);
  detect.mockRestore();
});

test("each request its own language: by ?lng=, by the cookie, or the default", async () => {
  const inRequest = (request: Request) => timingStorage().run(fresh(), () => getLanguage(request));
  expect(await inRequest(new Request("http://localhost/home?lng=en-US"))).toBe("en-US");
  const cookie = (await languageCookie.serialize("en-US")).split(";")[0];
  expect(await inRequest(new Request("http://localhost/home", { headers: { Cookie: cookie } }))).toBe("en-US");
  expect(await inRequest(new Request("http://localhost/home"))).toBe("zh-CN");
  expect(await inRequest(new Request("http://localhost/home?lng=xx"))).toBe("zh-CN");
  // Outside any request (a script, a test): each Request on its own.
  expect(await getLanguage(new Request("http://localhost/home?lng=en-US"))).toBe("en-US");
  expect(await getLanguage(new Request("http://localhost/home"))).toBe("zh-CN");
});
