// The language of a request is read once (app/http/context.server.ts,
// decision 612): the root loader, the page's loader and the render share the
// request's context, and two requests keep their own.
import { vi } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import { i18n, languageCookie } from "~/i18n/i18n.server";
import { createLoadContext, languageOf } from "~/http/context.server";

test("one request: the language is detected once, whichever of its Request copies asks", async () => {
  const detect = vi.spyOn(i18n, "getLocale");
  const url = "http://localhost/fclbysea?pol=SHANGHAI&lng=en-US";
  const context = createLoadContext({});
  const languages = await Promise.all([
    languageOf({ request: new Request(url), context }),
    languageOf({ request: new Request(url), context }),
    languageOf({ request: new Request(`${url}&index`), context }),
  ]);
  expect(languages).toEqual(["en-US", "en-US", "en-US"]);
  expect(detect).toHaveBeenCalledTimes(1);
  detect.mockRestore();
});

test("each request its own language: by ?lng=, by the cookie, or the default", async () => {
  const inRequest = (request: Request, context: AppLoadContext = createLoadContext({})) => languageOf({ request, context });
  expect(await inRequest(new Request("http://localhost/home?lng=en-US"))).toBe("en-US");
  const cookie = (await languageCookie.serialize("en-US")).split(";")[0];
  expect(await inRequest(new Request("http://localhost/home", { headers: { Cookie: cookie } }))).toBe("en-US");
  expect(await inRequest(new Request("http://localhost/home"))).toBe("zh-CN");
  expect(await inRequest(new Request("http://localhost/home?lng=xx"))).toBe("zh-CN");
  // Without the server's context (a test calling a loader): each call on its own.
  expect(await inRequest(new Request("http://localhost/home?lng=en-US"), {})).toBe("en-US");
  expect(await inRequest(new Request("http://localhost/home"), {})).toBe("zh-CN");
  // An action's request keeps its own: a language switch posted there is not remembered for the loaders after it.
  const context = createLoadContext({});
  expect(await inRequest(new Request("http://localhost/home?lng=en-US", { method: "POST" }), context)).toBe("en-US");
  expect(await inRequest(new Request("http://localhost/home"), context)).toBe("zh-CN");
});
