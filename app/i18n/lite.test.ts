// The pages' t() (app/i18n/lite.ts) must say exactly what i18next says (the
// loaders, meta tags and mail still use i18next): compared on every key of
// both languages, with and without counts and interpolation values.
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { createLiteI18n } from "./lite";
import { i18nConfig, supportedLanguages } from "./config";
import { resources } from "./resources.server";

function leafKeys(node: unknown, prefix = ""): string[] {
  if (!node || typeof node !== "object") return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => leafKeys(value, prefix ? `${prefix}.${key}` : key));
}

describe.each(supportedLanguages)("lite t() against i18next (%s)", (lng) => {
  it("gives the same text for every key and option set", async () => {
    const server = createInstance();
    await server.init({ ...i18nConfig, lng, resources: { [lng]: { translation: resources[lng] } } });
    const client = createLiteI18n(lng, resources[lng]);

    const keys = leafKeys(resources[lng]);
    // Plural keys are also asked for without their suffix, as the code does.
    const asked = [...new Set([...keys, ...keys.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, ""))])];
    const names = new Set<string>();
    for (const key of keys) {
      const value = client.t(key);
      for (const match of String(value).matchAll(/\{\{-?\s*([^}\s]+)\s*\}\}/g)) names.add(match[1]);
    }
    const values = Object.fromEntries([...names].map((name, i) => [name, i % 2 ? `v${i}` : i * 7]));
    const optionSets: Record<string, unknown>[] = [
      {},
      values,
      { ...values, count: 0 },
      { ...values, count: 1 },
      { ...values, count: 2 },
      { ...values, count: 21 },
      { defaultValue: "fallback {{name}}", name: "x" },
    ];

    expect(asked.length).toBeGreaterThan(100);
    for (const key of asked) {
      for (const options of optionSets) {
        expect(client.t(key, options as never), `${key} ${JSON.stringify(options)}`).toBe(server.t(key, options));
      }
      expect(client.exists(key), key).toBe(server.exists(key));
    }
    // Missing keys, objects, defaults and namespaced keys.
    for (const key of ["no.such.key", "common", "translation:common.nav.home", "other:common.nav.home", "a b:c"]) {
      expect(client.t(key), key).toBe(server.t(key));
      expect(client.t(key, { defaultValue: "d {{n}}", n: 3 } as never), key).toBe(server.t(key, { defaultValue: "d {{n}}", n: 3 }));
    }
    expect(client.getFixedT(null, null, "common.nav")("home")).toBe(server.getFixedT(null, null, "common.nav")("home"));
  });
});
