// Every visible account string exists in both languages, and every message
// key the account code uses is translated.
import fs from "node:fs";
import path from "node:path";
import { resources } from "~/i18n/resources.server";

function flatKeys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatKeys(child, prefix ? `${prefix}.${key}` : key));
}

function lookup(tree: Record<string, unknown>, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe("account translations", () => {
  test("zh-CN and en-US have the same account and validation keys", () => {
    for (const area of ["account", "validation"]) {
      const zh = flatKeys(resources["zh-CN"][area]).sort();
      const en = flatKeys(resources["en-US"][area]).sort();
      expect(en).toEqual(zh);
    }
  });

  test("the spec's wordings are kept", () => {
    expect(lookup(resources["zh-CN"], "validation.passwordMismatch")).toBe("两次输入密码不一致");
    expect(lookup(resources["zh-CN"], "validation.phoneInvalid")).toBe("请输入合法的手机号");
    expect(lookup(resources["zh-CN"], "validation.emailInvalid")).toBe("邮箱格式不正确");
    expect(String(lookup(resources["en-US"], "account.notice.pending"))).toContain("Registration information to be audited");
    expect(String(lookup(resources["en-US"], "account.notice.failed"))).toContain("Registration information is not approved");
  });

  test("every key literal used by the account code exists in both languages", () => {
    const root = path.resolve(__dirname, "..");
    const files = [
      "routes/standalone/login.tsx",
      "routes/account/_layout.tsx",
      "routes/account/userAllInfo.tsx",
      "routes/account/userInfo.tsx",
      "routes/account/userAvatar.tsx",
      "routes/account/userPwd.tsx",
      "routes/standalone/freeze.tsx",
      "routes/standalone/norights.tsx",
      "routes/standalone/tips.tsx",
      "components/layout/AccountNotice.tsx",
      "domain/accounts/schemas.ts",
      "domain/accounts/email-codes.server.ts",
      "domain/accounts/registration.server.ts",
      "domain/accounts/profile.server.ts",
    ];
    const keys = new Set<string>();
    for (const file of files) {
      const source = fs.readFileSync(path.join(root, file), "utf8");
      // keyUnder("account.roles.r", id) names a prefix (tsc checks it is one), not a key.
      for (const match of source.matchAll(/(?<!keyUnder\()["'`]((?:account|validation|common)\.[A-Za-z0-9_.]+[A-Za-z0-9_])["'`]/g))
        keys.add(match[1]);
    }
    // Keys built from a name in schemas.ts: validation.<name>Required/Length.
    for (const name of ["username", "nickname", "company", "businessAddress", "iaeCountries"]) {
      keys.add(`validation.${name}Required`);
      keys.add(`validation.${name}Length`);
    }
    expect(keys.size).toBeGreaterThan(50);
    for (const lng of ["zh-CN", "en-US"] as const) {
      const missing = [...keys].filter((key) => typeof lookup(resources[lng], key) !== "string");
      expect(missing, `missing in ${lng}`).toEqual([]);
    }
  });
});
