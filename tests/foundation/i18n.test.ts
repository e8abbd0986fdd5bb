import { describe, expect, it } from "vitest";
import { action as setLanguage } from "~/routes/standalone/set-language";
import { loader as rootLoader } from "~/root";
import { resources } from "~/i18n/resources.server";
import { callRoute, getRequest, postForm } from "../support/requests";

/** Every key path of a nested translation object. */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe("languages", () => {
  it("a first visit follows the browser's Accept-Language (issue 45 item 2); zh-CN otherwise", async () => {
    const result = await callRoute(rootLoader, getRequest("/home", undefined, { headers: { "Accept-Language": "en-GB,en;q=0.9" } }));
    expect(result.data.lng).toBe("en-US");
    const french = await callRoute(rootLoader, getRequest("/home", undefined, { headers: { "Accept-Language": "fr-FR" } }));
    expect(french.data.lng).toBe("zh-CN");
    expect((await callRoute(rootLoader, getRequest("/home"))).data.lng).toBe("zh-CN");
  });

  it("switches language with a plain form post that sets the cookie and goes back", async () => {
    const result = await callRoute(setLanguage, postForm("/set-language", { lng: "en-US", redirectTo: "/home?tab=air" }));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/home?tab=air");
    const cookie = (result.headers.get("Set-Cookie") ?? "").split(";")[0];
    expect(cookie).toMatch(/^lng=/);
    const root = await callRoute(rootLoader, getRequest("/home", undefined, { cookie }));
    expect(root.data.lng).toBe("en-US");
  });

  it("ignores unknown languages and foreign redirect targets", async () => {
    const result = await callRoute(setLanguage, postForm("/set-language", { lng: "fr-FR", redirectTo: "https://evil.example" }));
    expect(result.headers.get("Location")).toBe("/home");
    expect(result.headers.get("Set-Cookie")).toBeNull();
  });

  it("has every translation key in both languages", () => {
    // Plural forms differ by language (English _one/_other, Chinese _other only).
    const base = (lng: "zh-CN" | "en-US") =>
      [...new Set(keys(resources[lng]).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")))].sort();
    expect(base("en-US")).toEqual(base("zh-CN"));
  });
});
