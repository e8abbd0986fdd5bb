// Every message a user or a script sees comes from the translations
// (issue 18, finding 11): no raw key, no {{placeholder}}, no English
// validator text in zh-CN, no language mixed into the other.
//   - the translation files: zh-CN says nothing in English sentences, en-US
//     nothing in Chinese (but the names it must quote);
//   - zod's own messages are translation keys (app/utils/zod.ts), and the
//     app takes zod only from there;
//   - the API translates its field errors and problems, with their values;
//   - every page of the route tree, with its dialog states, in both
//     languages, through the production build.
// The fuzz suites check the same on every answer to hostile input.
import fs from "node:fs";
import path from "node:path";
import { resources } from "~/i18n/resources.server";
import { z } from "~/utils/zod";
import { prisma } from "~/utils/db.server";
import { api, tokenOf } from "../api/helpers";
import { render, visibleText } from "../support/render";
import { textProblems } from "../support/response-checks";
import { API_DISPATCHERS, importRoute, routeManifest } from "../support/routes";
import { concreteUrl, openPage } from "../support/pages";

const APP = path.resolve(process.cwd(), "app");

function flat(tree: unknown, prefix = ""): [string, string][] {
  if (typeof tree === "string") return [[prefix, tree]];
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, child]) => flat(child, prefix ? `${prefix}.${key}` : key));
}

describe("the translation files", () => {
  test("zh-CN has no English sentence, en-US no Chinese but the words it quotes", () => {
    const english = /[A-Za-z]+[ ,!.?]+[a-z]+ [a-z]+/;
    const zh = flat(resources["zh-CN"]).filter(([, text]) => english.test(text.replace(/\{\{[^}]*\}\}/g, "")));
    expect(zh).toEqual([]);
    // The language's own name and the sheet's 是/否 are quoted on purpose.
    // Keys whose English quotes what a file or a Chinese screen literally holds (the air file's "start至end").
    const QUOTED = new Set([
      "common.languages.zh-CN",
      "data.import.badFlag",
      "importHistory.notes.airIntro",
      "importHistory.notes.airRange",
      "portAliases.form.aliasHint",
      // A Chinese carrier sheet's two header rows, as the sheet holds them (issue 40).
      "wizard.header.two",
    ]);
    const en = flat(resources["en-US"]).filter(([key, text]) => /[\u4e00-\u9fff]/.test(text) && !QUOTED.has(key));
    expect(en).toEqual([]);
  });
});

describe("zod's messages", () => {
  test("an issue a schema does not word itself is a translation key in both languages", () => {
    const cases: [z.ZodTypeAny, unknown][] = [
      [z.boolean(), "yes please"],
      [z.string(), undefined],
      [z.string().email(), "not-an-address"],
      [z.number(), "12"],
      [z.enum(["a", "b"]), "c"],
      [z.string().min(3), "ab"],
      [z.string().max(1), "ab"],
      [z.array(z.string()).max(1), ["a", "b"]],
    ];
    for (const [schema, value] of cases) {
      const issue = schema.safeParse(value).error!.issues[0];
      expect(issue.message, JSON.stringify(value)).toMatch(/^validation\.zod\.\w+$/);
      for (const lng of ["zh-CN", "en-US"] as const)
        expect(
          flat(resources[lng]).some(([key]) => key === issue.message),
          `${lng} ${issue.message}`,
        ).toBe(true);
    }
    // A schema's own key still wins.
    expect(z.string().min(1, "admin.user.salesRequired").safeParse("").error!.issues[0].message).toBe("admin.user.salesRequired");
  });

  test("the app takes zod only from app/utils/zod.ts, so the map is set wherever a schema is", () => {
    const files = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((entry) =>
          entry.isDirectory() ? (entry.name === "generated" ? [] : files(path.join(dir, entry.name))) : [path.join(dir, entry.name)],
        );
    const direct = files(APP).filter(
      (file) =>
        /\.(ts|tsx)$/.test(file) &&
        !file.endsWith(path.join("utils", "zod.ts")) &&
        /from "zod"|from 'zod'|require\("zod"\)/.test(fs.readFileSync(file, "utf8")),
    );
    expect(direct.map((file) => path.relative(APP, file))).toEqual([]);
  });
});

describe("the API's messages, field errors and problems", () => {
  test("the findings: a field error of the domain, a wrong code, a search that finds nothing, a missing login", async () => {
    const admin = await tokenOf("admin@example.com");
    const fields = {
      email: "new.user@example.org",
      password: "Secret12",
      username: "新用户甲",
      phone: "13912345678",
      company: "公司",
      businessaddress: "上海",
      sales_id: "4",
      customer_id: "4",
      rid: "8",
      customer_rating: "1",
    };
    for (const [lng, salesText] of [
      ["zh-CN", "请选择专属销售"],
      ["en-US", "Please choose the salesperson"],
    ] as const) {
      const added = await api("POST", "/my/adduserdata", { token: admin, body: fields, query: { lng } });
      expect(added.http).toBe(400);
      // Field errors under the spec's wire names (sales_id), like the body.
      expect(added.body.data.fieldErrors.sales_id).toEqual([salesText]);
    }
    const wrongCode = await api("POST", "/api/reguser", {
      body: {
        email: "code.test@example.org",
        code: "000000",
        password: "Secret12",
        repassword: "Secret12",
        username: "验证码用户",
        phone: "13912345679",
        company: "公司",
        businessaddress: "上海",
        iaeCountries: "美国",
        rid: "8",
      },
    });
    expect(wrongCode.http).toBe(400);
    expect(JSON.stringify(wrongCode.body)).not.toMatch(/account\.code|validation\./);
    const nothing = await api("GET", "/nopermission/touristswholebysea", { query: { pol: "SHANGHAI", pod: "NOWHERE-PORT" } });
    expect(nothing.body.message).toBe("没有找到“NOWHERE-PORT”，请检查拼写或从列表中选择。");
    expect(nothing.body.data.problems[0]).toMatchObject({
      param: "pod",
      text: "NOWHERE-PORT",
      message: "没有找到“NOWHERE-PORT”，请检查拼写或从列表中选择。",
    });
    const login = await api("GET", "/my/userinfo");
    expect(login.http).toBe(401);
    expect(login.body.message).toBe("请注册/登录您的账号！");
    const enLogin = await api("GET", "/my/userinfo", { query: { lng: "en-US" } });
    expect(enLogin.body.message).toBe("Please Register/log in to your account!");
    for (const result of [wrongCode, nothing, login])
      expect(textProblems(JSON.stringify(result.body)), JSON.stringify(result.body)).toEqual([]);
    // Nothing was written by the refused calls.
    expect(await prisma.user.count({ where: { email: { in: [fields.email, "code.test@example.org"] } } })).toBe(0);
  });

  test("a yes_no flag as the read gives it is what the edit takes; anything else is a translated message", async () => {
    const token = await tokenOf("data@example.com");
    const row = await api("GET", "/data/fcl/1", { token });
    const saved = await api("PUT", "/data/editfcl", { token, body: row.body.data, json: true });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ status: 0 });
    const bad = await api("PUT", "/data/editfcl", { token, body: { ...row.body.data, yes_no: "maybe" }, json: true });
    expect(bad.http).toBe(400);
    expect(bad.body.message).toBe("yes_no 应为 true 或 false（也可为 1/0、是/否）");
    expect(bad.body.data.fieldErrors.yes_no).toEqual([bad.body.message]);
  });
});

describe("every page, with its dialogs, in both languages", () => {
  test("no raw key, placeholder, stack trace or SQL in what the page shows", async () => {
    const routes = routeManifest().filter((r) => !API_DISPATCHERS.has(r.id));
    let pages = 0;
    for (const route of routes) {
      const mod = await importRoute<{ default?: unknown; loader?: unknown }>(route);
      if (typeof mod.default !== "function") continue;
      const url = await concreteUrl(route.url);
      for (const lng of ["zh-CN", "en-US"]) {
        const page = await openPage(url, lng);
        if (!page) {
          // Nobody opens it with a 200 (a redirecting page): what it answers is still checked.
          const answer = await render(url, { lng });
          expect(textProblems(visibleText(answer.html)), `${route.id} ${lng}`).toEqual([]);
          continue;
        }
        for (const [where, html] of [[url, page.html], ...page.dialogs.map((d) => [d.url, d.html] as const)]) {
          pages++;
          expect(textProblems(visibleText(html)), `${where} as ${page.viewer} in ${lng}`).toEqual([]);
          if (lng === "en-US") expect(visibleText(html), `${where} as ${page.viewer}`).not.toMatch(/此项为必填项|请输入|请选择/);
        }
      }
    }
    expect(pages).toBeGreaterThan(80);
  }, 300_000);
});
