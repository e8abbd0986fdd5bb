// Every administration message is a translation key present in both
// languages (house style 6), and both files have the same keys.
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import zh from "~/locales/zh-CN/admin.json";
import en from "~/locales/en-US/admin.json";
import { resources } from "~/i18n/resources.server";
import { MODES } from "~/domain/modes";
import { offerFormFields } from "~/domain/offers/cards";
import { queryLogColumns, queryLogLabelKey, USER_COLUMNS } from "~/domain/logs/log-columns";
import { USER_TABS } from "~/domain/users/constants";

const ROOT = path.resolve(__dirname, "../..");
const SOURCES = [
  "app/routes/admin",
  "app/components/admin",
  "app/domain/users",
  "app/domain/roles",
  "app/domain/menus",
  "app/domain/offers",
  "app/domain/home-content",
  "app/domain/logs",
];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function has(tree: unknown, key: string): boolean {
  let node = tree as Record<string, unknown> | undefined;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !(part in node)) return false;
    node = node[part] as Record<string, unknown>;
  }
  return typeof node === "string";
}

describe("administration translations", () => {
  it("are registered for both languages", () => {
    expect(resources["zh-CN"].admin).toBe(zh);
    expect(resources["en-US"].admin).toBe(en);
  });

  it("have the same keys in Chinese and English", () => {
    expect(keysOf(en).sort()).toEqual(keysOf(zh).sort());
  });

  it("hold every admin.* key the code uses", () => {
    const used = new Set<string>();
    for (const dir of SOURCES) {
      for (const file of files(path.join(ROOT, dir))) {
        // keyUnder("admin.x.", value) names a prefix (tsc checks it is one), not a key.
        for (const match of fs.readFileSync(file, "utf8").matchAll(/(?<!keyUnder\()["'`]admin\.([A-Za-z0-9_.]+)["'`]/g)) used.add(match[1]);
      }
    }
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used].filter((key) => !has(zh, key) || !has(en, key));
    expect(missing).toEqual([]);
  });

  it("hold the keys built from descriptions (offer fields, log columns, tabs)", () => {
    const built: string[] = [];
    for (const mode of MODES) {
      for (const field of offerFormFields(mode)) built.push(field.requiredKey, field.labelKey);
      for (const column of queryLogColumns(mode)) built.push(queryLogLabelKey(mode, column));
    }
    for (const column of USER_COLUMNS) built.push(`admin.logs.col.${column}`);
    for (const tab of USER_TABS) built.push(`admin.user.tab.${tab}`);
    const all = { ...resources["zh-CN"] };
    const allEn = { ...resources["en-US"] };
    const missing = built.filter((key) => !has(all, key) || !has(allEn, key));
    expect(missing).toEqual([]);
  });

  it('hold the message of every grant-rule refusal (deny("reason") → admin.authority.reason) and the refusal\'s log label', () => {
    const reasons = new Set<string>();
    for (const file of files(path.join(ROOT, "app/domain"))) {
      for (const match of fs.readFileSync(file, "utf8").matchAll(/\bdeny\("([A-Za-z]+)"/g)) reasons.add(match[1]);
    }
    expect(reasons.size).toBeGreaterThan(10);
    expect([...reasons].filter((reason) => !has(zh, `authority.${reason}`) || !has(en, `authority.${reason}`))).toEqual([]);
    expect(has(zh, "logs.modules.refused") && has(en, "logs.modules.refused")).toBe(true);
  });

  it("keeps the spec's Chinese messages", () => {
    expect(zh.role.nameLength).toBe("角色名称的长度在2~10字符之间");
    expect(zh.tree.hasChildren).toBe("请删除掉子选项数据！");
    expect(zh.menu.labelLength).toBe("菜单栏的长度在2~10字符之间");
    expect(zh.menu.deleteConfirm).toBe("此操作将永久删除该菜单, 是否继续?");
    expect(zh.offer.empty).toBe("暂无特价航线");
    expect(en.offer.empty).toBe("No special routes currently");
    expect(zh.home.nameTaken).toBe("名称被占用，请更换后重试！");
    expect(zh.user.hasCustomers).toBe("该用户还存在客户资源，不得删除!");
    expect(zh.user.noCustomersToHandOver).toBe("当前用户，无客户资源转移，操作失败!");
    expect(zh.user.handedOver).toBe("交接成功!");
    expect(zh.user.emailTaken).toBe("该邮箱账户已被注册,请更换邮箱账户！");
    expect(zh.user.phoneTaken).toBe("该手机号码已被注册,请更换手机号码！");
    expect(zh.user.usernameTaken).toBe("该用户名已被注册,请更换用户名！");
    expect(zh.common.cancelledDelete).toBe("已取消删除");
  });
});
