// Absolute URLs never trust the Host header (issue 18, finding 8): sitemap,
// robots.txt, canonical and alternate links, the OpenAPI servers entry use
// PUBLIC_URL, or the request's host only when it is allowed; mails link to
// PUBLIC_URL only.
import { afterEach, vi } from "vitest";
import { callRoute } from "../support/requests";
import { importRouteNamed } from "../support/routes";

const EVIL = "http://evil.test:8080";

const get = (path: string, origin = EVIL) => new Request(new URL(path, origin), { headers: { Host: new URL(origin).host } });

const route = (name: string) => importRouteNamed<{ loader: (args: never) => unknown }>(name);

async function body(name: string, path: string, origin = EVIL): Promise<string> {
  const { loader } = await route(name);
  const result = await callRoute(loader as never, get(path, origin));
  expect(result.status, path).toBe(200);
  return typeof result.data === "string" ? result.data : JSON.stringify(result.data);
}

describe("without PUBLIC_URL, a foreign Host header names nothing", () => {
  test.each([
    ["sitemap[.]xml", "/sitemap.xml"],
    ["robots[.]txt", "/robots.txt"],
    ["api.openapi[.]json", "/api/openapi.json"],
    ["_site.home", "/home"],
    ["_site.fclbysea", "/fclbysea?pol=SHANGHAI&pod=BATAM"],
  ])("%s", async (name, path) => {
    const text = await body(name, path);
    expect(text).not.toContain("evil.test");
    expect(text).toContain("http://localhost:3000");
  });

  test("an allowed host (localhost by default) names itself", async () => {
    const text = await body("sitemap[.]xml", "/sitemap.xml", "http://127.0.0.1:4123");
    expect(text).toContain("<loc>http://127.0.0.1:4123/home</loc>");
  });
});

describe("PUBLIC_URL and ALLOWED_HOSTS", () => {
  const saved = { PUBLIC_URL: process.env.PUBLIC_URL, ALLOWED_HOSTS: process.env.ALLOWED_HOSTS };
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    vi.resetModules();
  });

  async function originFor(url: string, env: { PUBLIC_URL?: string; ALLOWED_HOSTS?: string }) {
    vi.resetModules();
    for (const key of ["PUBLIC_URL", "ALLOWED_HOSTS"] as const) {
      if (env[key] === undefined) delete process.env[key];
      else process.env[key] = env[key];
    }
    const { publicOrigin, configuredOrigin } = await import("~/utils/public-origin.server");
    return { origin: publicOrigin(new URL(url)), mail: configuredOrigin() };
  }

  test("PUBLIC_URL wins over any host, and is the only origin of mail links", async () => {
    expect(await originFor("http://evil.test/x", { PUBLIC_URL: "https://portal.example.com/" })).toEqual({
      origin: "https://portal.example.com",
      mail: "https://portal.example.com",
    });
    expect(await originFor("http://localhost:3000/x", { PUBLIC_URL: "https://portal.example.com" })).toEqual({
      origin: "https://portal.example.com",
      mail: "https://portal.example.com",
    });
    expect((await originFor("http://localhost:3000/x", {})).mail).toBeNull();
  });

  test("ALLOWED_HOSTS lists the hosts a request may name", async () => {
    expect((await originFor("https://portal.example.com/x", { ALLOWED_HOSTS: "portal.example.com, www.portal.example.com" })).origin).toBe(
      "https://portal.example.com",
    );
    expect((await originFor("https://evil.test/x", { ALLOWED_HOSTS: "portal.example.com" })).origin).toBe("http://localhost:3000");
    // Listing hosts replaces the default list.
    expect((await originFor("http://localhost:3000/x", { ALLOWED_HOSTS: "portal.example.com" })).origin).toBe("http://localhost:3000");
    expect((await originFor("http://127.0.0.1:9/x", { ALLOWED_HOSTS: "portal.example.com" })).origin).toBe("http://localhost:3000");
  });
});
