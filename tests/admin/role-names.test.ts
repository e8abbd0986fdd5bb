// Role names in the reader's language (issue 44 item 8): every page and
// dialog that shows a role (found from the route tree: those whose Chinese
// page shows a role's Chinese name) shows its English form in en-US and its
// Chinese name in zh-CN; the role editor saves both, without JavaScript too.
import { beforeAll, describe, expect, it } from "vitest";
import { action as roleAction, loader as roleLoader } from "~/routes/admin/roleList";
import { prisma } from "~/utils/db.server";
import { ROLES } from "../../prisma/seed/data/access";
import { render, send, visibleText } from "../support/render";
import { postForm } from "../support/requests";
import { API_DISPATCHERS, importRoute, routeManifest } from "../support/routes";
import { concreteUrl, openPage } from "../support/pages";
import { cookieOf } from "../security/helpers";
import { ADMIN, load, submit } from "./helpers";

// Marks no other text of a page contains: every role's names are renamed to them.
const zhMark = (id: number) => `角色标${id}号`;
const enMark = (id: number) => `Role mark ${id}`;

beforeAll(async () => {
  for (const role of ROLES) await prisma.role.update({ where: { id: role.id }, data: { name: zhMark(role.id), nameEn: enMark(role.id) } });
});

describe("role names on every page", () => {
  it("the pages showing roles show the English form in en-US and the Chinese name in zh-CN", async () => {
    const shown: string[] = [];
    const routes = routeManifest().filter((r) => !API_DISPATCHERS.has(r.id));
    for (const route of routes) {
      const mod = await importRoute<{ default?: unknown }>(route);
      if (typeof mod.default !== "function") continue;
      const url = await concreteUrl(route.url);
      const zh = await openPage(url, "zh-CN");
      const en = await openPage(url, "en-US");
      if (!zh || !en) continue;
      const pages = (page: NonNullable<typeof zh>) => [[url, page.html], ...page.dialogs.map((d) => [d.url, d.html])];
      for (const [where, html] of pages(en)) expect(visibleText(html), `${where} in en-US`).not.toContain("角色标");
      for (const [where, html] of pages(zh)) {
        const text = visibleText(html);
        expect(text, `${where} in zh-CN`).not.toContain("Role mark");
        if (text.includes("角色标")) shown.push(where);
      }
      const zhMarks = new Set(pages(zh).flatMap(([, html]) => visibleText(html).match(/角色标\d+号/g) ?? []));
      const enText = pages(en)
        .map(([, html]) => visibleText(html))
        .join(" ");
      // Each role named in Chinese is named in English on the English page.
      for (const mark of zhMarks) expect(enText, `${url}: ${mark}`).toContain(enMark(Number(/\d+/.exec(mark)![0])));
    }
    // The role tree and its dialogs, the user list and its dialogs, the profile and the registration form.
    const expected: [string, string][] = [
      ["/roleList", ""],
      ["/roleList", "dialog=permissions"],
      ["/roleList", "dialog=delete"],
      ["/userList", ""],
      ["/userList", "dialog=audit"],
      ["/userList", "dialog=edit"],
      ["/userAllInfo", ""],
      ["/login", ""],
    ];
    for (const [page, dialog] of expected)
      expect(
        shown.some((where) => where.split("?")[0] === page && where.includes(dialog)),
        `${page} ${dialog} shows a role (${shown.join(", ")})`,
      ).toBe(true);
  }, 600_000);
});

describe("the role editor", () => {
  it("saves the English name with the Chinese one, checks its length, and shows both when editing", async () => {
    const created = await submit(roleAction, "/roleList?dialog=add", ADMIN, {
      intent: "create",
      name: "华北客服",
      nameEn: "  North China service  ",
      description: "华北区客服",
      descriptionEn: "Customer service for North China",
      parentId: 2,
      level: 2,
    });
    expect(created.status).toBe(302);
    const role = await prisma.role.findUniqueOrThrow({ where: { name: "华北客服" } });
    expect(role.nameEn).toBe("North China service");
    expect(role.descriptionEn).toBe("Customer service for North China");
    const english = await load(roleLoader, "/roleList", ADMIN, { lng: "en-US" });
    expect((english.data.rows as { id: number; name: string; description: string }[]).find((r) => r.id === role.id)).toMatchObject({
      name: "North China service",
      description: "Customer service for North China",
    });

    const tooLong = await submit(roleAction, `/roleList?dialog=edit&id=${role.id}`, ADMIN, {
      intent: "update",
      id: role.id,
      name: "华北客服",
      nameEn: "x".repeat(51),
      parentId: 2,
      level: 2,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.error.nameEn).toEqual(["admin.common.tooLong50"]);

    const cleared = await submit(roleAction, `/roleList?dialog=edit&id=${role.id}`, ADMIN, {
      intent: "update",
      id: role.id,
      name: "华北客服",
      nameEn: "",
      description: "华北区客服",
      parentId: 2,
      level: 2,
    });
    expect(cleared.status).toBe(302);
    expect((await prisma.role.findUniqueOrThrow({ where: { id: role.id } })).nameEn).toBeNull();
    // Without an English form the English UI shows the Chinese name.
    const list = await load(roleLoader, "/roleList", ADMIN, { lng: "en-US" });
    expect((list.data.rows as { id: number; name: string; description: string }[]).find((r) => r.id === role.id)).toMatchObject({
      name: "华北客服",
      description: "华北区客服",
    });
    const log = await prisma.operationLog.findFirstOrThrow({
      where: { operation: "roles", targetIds: String(role.id), module: "edit" },
      orderBy: { id: "desc" },
    });
    expect(JSON.stringify(log.detail)).toContain("rolenameEn");
  });

  it("works as a form without JavaScript, in English", async () => {
    const cookie = await cookieOf("admin");
    const form = await render("/roleList", { dialog: "add", lng: "en-US" }, { cookie });
    expect(form.html).toMatch(/name="nameEn"/);
    expect(visibleText(form.html)).toContain("English name");
    const saved = await send(
      postForm(
        "/roleList?dialog=add&lng=en-US",
        { intent: "create", name: "西南销售", nameEn: "Southwest sales", parentId: "27", level: "3" },
        { cookie },
      ),
    );
    expect(saved.status).toBe(302);
    const role = await prisma.role.findUniqueOrThrow({ where: { name: "西南销售" } });
    expect(role.nameEn).toBe("Southwest sales");
    const edit = await render("/roleList", { dialog: "edit", id: role.id, lng: "en-US" }, { cookie });
    expect(edit.html).toMatch(/value="Southwest sales"/);
    expect(edit.html).toMatch(/value="西南销售"/);
  });
});
