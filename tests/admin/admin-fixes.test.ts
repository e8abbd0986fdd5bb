// Issue 22, administration items 10-16: what staff noticed on the admin screens.
import { describe, expect, it } from "vitest";
import { loader as roleLoader } from "~/routes/admin/roleList";
import { action as menuAction, loader as menuLoader } from "~/routes/admin/menuList";
import { screenPaths } from "~/domain/menus/menus.server";
import { action as userAction } from "~/routes/admin/userList";
import { loader as logLoader } from "~/routes/admin/log-list";
import { updateProfile } from "~/domain/accounts/profile.server";
import { routeManifest } from "../support/routes";
import { prisma } from "~/utils/db.server";
import { logOperation } from "~/domain/operation-log/operation-log.server";
import { ADMIN, load, PNG_BYTES as PNG, submit } from "./helpers";
import { MODES } from "~/domain/modes";
import { EMAIL_KINDS } from "~/domain/logs/outbox-states";
import { usesContainers } from "~/domain/booking/schemas";
import { bookableRate, doneId, orderFields, postOrder } from "../booking/helpers";
import { fileOf, loginAs, postMultipart } from "../support/requests";
import { FAKE_IMAGES, GIF_BYTES } from "../support/images";
import { render, send, visibleText } from "../support/render";
import zhBooking from "~/locales/zh-CN/booking.json";
import enBooking from "~/locales/en-US/booking.json";
import zhAdmin from "~/locales/zh-CN/admin.json";
import enAdmin from "~/locales/en-US/admin.json";

type Choice = { id: number; label: string; depth?: number };

/** Each indented choice must come after its real parent and before the parent's next sibling. */
function expectRealTree(choices: Choice[], parentOf: Map<number, number | null>) {
  const stack: Choice[] = [];
  for (const choice of choices) {
    const depth = choice.depth ?? 0;
    stack.length = depth;
    const expectedParent = depth === 0 ? null : (stack[depth - 1]?.id ?? -1);
    expect({ choice: choice.label, parent: parentOf.get(choice.id) ?? null }).toEqual({ choice: choice.label, parent: expectedParent });
    stack[depth] = choice;
  }
}

describe("item 10: parent pickers show the real tree", () => {
  it("the menu dialog lists every entry right under its own parent", async () => {
    const menus = await prisma.menu.findMany({ select: { id: true, parentId: true } });
    const parentOf = new Map(menus.map((m) => [m.id, m.parentId]));
    for (const query of [{ dialog: "add" }, { dialog: "edit", id: 24 }] as Record<string, string | number>[]) {
      const result = await load(menuLoader, "/menuList", ADMIN, query);
      expect(result.status).toBe(200);
      const parents = result.data.dialog.parents as Choice[];
      expect(parents.length).toBeGreaterThan(5);
      expectRealTree(parents, parentOf);
    }
  });

  it("the role dialog lists every role right under its own parent", async () => {
    const roles = await prisma.role.findMany({ select: { id: true, parentId: true } });
    const parentOf = new Map(roles.map((r) => [r.id, r.parentId]));
    const result = await load(roleLoader, "/roleList", ADMIN, { dialog: "add" });
    const parents = result.data.dialog.parents as Choice[];
    expect(parents.length).toBeGreaterThan(3);
    expectRealTree(parents, parentOf);
  });
});

describe("item 11: codes are shown by their labels in both languages", () => {
  const lngs = { "zh-CN": { booking: zhBooking, admin: zhAdmin }, "en-US": { booking: enBooking, admin: enAdmin } } as const;

  it("every e-mail kind has a label in both languages", () => {
    for (const kind of EMAIL_KINDS) {
      for (const [lng, files] of Object.entries(lngs)) {
        const label = (files.admin.outbox as { kinds: Record<string, string> }).kinds[kind];
        expect(label, `${lng} ${kind}`).toBeTruthy();
        if (lng === "zh-CN") expect(label).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });

  it("/app-order shows module and mode names, and containers only for modes that ship them", async () => {
    const t1 = await loginAs("t1@example.com");
    const admin = await loginAs(ADMIN);
    for (const mode of MODES) {
      const transport = mode.enumValue;
      const id = doneId(
        await postOrder(
          { mode: mode.key, id: await bookableRate(mode.key), query: mode.key === "express" ? "?pod=US-W&num=2.5" : "" },
          t1,
          {
            ...orderFields({
              transportType: transport,
              ...(usesContainers(transport) ? {} : { gp20Count: "0", gp40Count: "0", hq40Count: "0" }),
            }),
          },
        ),
      );
      for (const [lng, files] of Object.entries(lngs)) {
        const page = await render("/app-order", { dialog: "view", id, lng }, { cookie: admin });
        expect(page.status).toBe(200);
        const text = visibleText(page.html);
        const moduleLabel = (files.booking.module.rate as Record<string, string>)[transport];
        expect(text, `${mode.key} ${lng}`).toContain(moduleLabel);
        // The stored module names ("FCL rate") are English: never shown on a Chinese screen.
        if (lng === "zh-CN") expect(text).not.toMatch(/\b(FCL|LCL|AIR|RAIL|TRAILER|EXPRESS) (rate|special route)\b/);
        if (usesContainers(transport)) expect(text).toContain("20GP × 2");
        else {
          expect(text, `${mode.key} ${lng}`).not.toContain("20GP ×");
          expect(text).toContain("32000KGS");
        }
      }
    }
  }, 120_000);

  it("/app-query shows the e-mail kinds by their labels", async () => {
    const admin = await loginAs(ADMIN);
    const kinds = await prisma.emailOutbox.findMany({ distinct: ["kind"], select: { kind: true } });
    expect(kinds.length).toBeGreaterThan(0);
    for (const [lng, files] of Object.entries(lngs)) {
      const text = visibleText((await render("/app-query", { lng, size: 200 }, { cookie: admin })).html);
      for (const { kind } of kinds) {
        expect(text).not.toMatch(new RegExp(`\\b${kind}\\b`));
        expect(text).toContain((files.admin.outbox as { kinds: Record<string, string> }).kinds[kind]);
      }
    }
  });
});

describe("item 15: a menu path must be a screen", () => {
  it("the known paths are exactly the back-office screens of the route table", () => {
    const screens = routeManifest()
      .filter((r) => r.id.startsWith("routes/_bo.") && r.document && !r.pathless && !/[:*]/.test(r.url))
      .map((r) => r.url);
    expect(new Set(screenPaths())).toEqual(new Set(screens));
  });

  it("refuses a level-2 menu whose path no screen serves, and offers the known paths", async () => {
    const before = await prisma.menu.count();
    const refused = await submit(menuAction, "/menuList?dialog=add", ADMIN, {
      intent: "create",
      label: "测试菜单",
      parentId: 15,
      level: 2,
      path: "/testmenu",
      sort: 0,
    });
    expect(refused.status).toBe(400);
    expect(refused.data.error.path).toEqual(["admin.menu.pathUnknown"]);
    const edit = await submit(menuAction, "/menuList?dialog=edit&id=24", ADMIN, {
      intent: "update",
      id: 24,
      label: "公司信息",
      parentId: 15,
      level: 2,
      path: "/testmenu",
      sort: 0,
    });
    expect(edit.status).toBeGreaterThanOrEqual(400);
    expect(await prisma.menu.count()).toBe(before);
    expect((await prisma.menu.findUniqueOrThrow({ where: { id: 24 } })).path).toBe("/companyInfo");
    const dialog = await load(menuLoader, "/menuList", ADMIN, { dialog: "add" });
    expect(dialog.data.dialog.paths).toContain("/userList");
    expect(dialog.data.dialog.paths).not.toContain("/testmenu");
    for (const lng of ["zh-CN", "en-US"]) {
      const html = (await render("/menuList", { dialog: "add", lng }, { cookie: await loginAs(ADMIN) })).html;
      expect(html).toContain('<datalist id="menu-known-paths">');
      expect(html).toContain('value="/fclbyseaData"');
    }
  });
});

describe("item 16: audit decisions reach the customer by e-mail", () => {
  const mailsTo = (to: string) => prisma.emailOutbox.findMany({ where: { toAddress: to }, orderBy: { id: "asc" } });

  it("a failed registration needs a reason and mails it in the customer's language; a pass is mailed too", async () => {
    const [first, second] = await prisma.user.findMany({ where: { audit: 1 }, orderBy: { id: "asc" }, take: 2 });
    await prisma.user.update({ where: { id: first.id }, data: { language: "en-US" } });
    const before = await mailsTo(first.email);

    const noReason = await submit(userAction, `/userList?dialog=audit&id=${first.id}`, ADMIN, {
      intent: "audit",
      id: first.id,
      decision: "fail",
    });
    expect(noReason.status).toBe(400);
    expect(noReason.data.error.reason).toEqual(["admin.user.reasonRequired"]);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: first.id } })).audit).toBe(1);
    expect(await mailsTo(first.email)).toHaveLength(before.length);

    const failed = await submit(userAction, `/userList?dialog=audit&id=${first.id}`, ADMIN, {
      intent: "audit",
      id: first.id,
      decision: "fail",
      reason: "营业执照不清晰 / licence unreadable",
    });
    expect(failed.status).toBe(302);
    const mails = await mailsTo(first.email);
    expect(mails).toHaveLength(before.length + 1);
    const mail = mails.at(-1)!;
    expect(mail).toMatchObject({ kind: "audit_result", status: "PENDING" });
    expect(mail.subject).toContain("not approved");
    expect(mail.text).toContain("licence unreadable");
    expect(mail.text).toContain(first.username);
    const log = await prisma.operationLog.findFirstOrThrow({
      where: { module: "audit", targetIds: String(first.id) },
      orderBy: { id: "desc" },
    });
    expect(log.params).toContain("licence unreadable");

    const passed = await submit(userAction, `/userList?dialog=audit&id=${second.id}`, ADMIN, {
      intent: "audit",
      id: second.id,
      decision: "pass",
      customerRating: 2,
      salesId: 3,
      customerServiceId: (await prisma.user.findFirstOrThrow({ where: { roleId: 13 } })).id,
    });
    expect(passed.status).toBe(302);
    const passMail = (await mailsTo(second.email)).at(-1)!;
    expect(passMail.kind).toBe("audit_result");
    expect(passMail.subject).toContain("审核通过");
    expect(passMail.text).not.toMatch(/\uFFFD/);
    expect(passMail.text).not.toContain("\u0000");
  });

  it("a profile-change decision is mailed, the failure with its reason", async () => {
    const profile = await prisma.user.findUniqueOrThrow({ where: { email: "profile@example.com" } });
    const noReason = await submit(userAction, "/userList", ADMIN, { intent: "profile", id: profile.id, decision: "fail" });
    expect(noReason.status).toBe(400);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: profile.id } })).profileAudit).toBe(1);
    await submit(userAction, "/userList", ADMIN, { intent: "profile", id: profile.id, decision: "fail", reason: "公司名称与执照不符" });
    const mail = (await mailsTo(profile.email)).at(-1)!;
    expect(mail.kind).toBe("profile_audit_result");
    expect(mail.subject).toContain("资料变更未通过");
    expect(mail.text).toContain("公司名称与执照不符");
  });

  it("the language of a registration or a profile change request is kept for these mails", async () => {
    const profile = await prisma.user.findUniqueOrThrow({ where: { email: "profile@example.com" } });
    await updateProfile(
      profile.id,
      {
        username: profile.username,
        nickname: profile.nickname ?? "",
        phone: profile.phone,
        company: "新公司名称有限公司",
        businessAddress: profile.businessAddress ?? "上海",
        iaeCountries: profile.iaeCountries ?? "中国",
      } as never,
      "en-US",
    );
    expect(await prisma.user.findUniqueOrThrow({ where: { id: profile.id } })).toMatchObject({ language: "en-US", profileAudit: 1 });
  });
});

describe("item 14: a refused QR card keeps the edit dialog open", () => {
  it("without JavaScript the reply is the open dialog with the message, in both languages", async () => {
    const cookie = await loginAs(ADMIN);
    for (const [lng, message] of [
      ["zh-CN", zhAdmin.user.wxCodeInvalid],
      ["en-US", enAdmin.user.wxCodeInvalid],
    ] as const) {
      const page = await send(
        postMultipart(
          `/userList?dialog=edit&id=4&lng=${lng}`,
          {
            intent: "wxCode",
            id: "4",
            wxCode: fileOf(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0]), "card.png", "image/png"),
          },
          { cookie },
        ),
      );
      expect(page.status).toBe(415);
      expect(page.location).toBeNull();
      expect(page.html).toMatch(/<dialog[^>]*open/);
      expect(page.html).toContain('id="user-wxcode-error"');
      expect(visibleText(page.html)).toContain(message);
      // The edit form is still there with the user's values.
      expect(page.html).toContain('name="username"');
    }
  });
});

describe("item 14: the edit form and its QR card are one form", () => {
  /** Everything the edit dialog of the customer-service user (4) sends, typed anew, and the card last (as the form orders it). */
  const typed = (wxCode: File) => ({
    intent: "update",
    id: "4",
    username: "陈静改名",
    phone: "13900000444",
    company: "上海新公司",
    businessAddress: "浦东新区世纪大道1号",
    salesId: "2",
    customerServiceId: "4",
    roleId: "13",
    customerRating: "1",
    landline: "021-6000 4444",
    qq: "123454321",
    wxCode,
  });
  const big = new Uint8Array(2 * 1024 * 1024 + 10);
  big.set(PNG);
  const refused = [
    ["a gif named .png", fileOf(GIF_BYTES, "card.png", "image/png"), 415, "wxCodeInvalid"],
    ["a PNG signature with no image after it", fileOf(FAKE_IMAGES.png, "card.png", "image/png"), 415, "wxCodeInvalid"],
    ["a file over 2 MB", fileOf(big, "big.png", "image/png"), 413, "wxCodeTooLarge"],
    ["an empty file", fileOf(new Uint8Array(0), "empty.png", "image/png"), 400, "wxCodeEmpty"],
  ] as const;

  for (const [name, file, status, key] of refused) {
    it(`${name}: without JavaScript the reply is the open dialog with its message and every typed value; nothing changes`, async () => {
      const before = await prisma.user.findUniqueOrThrow({ where: { id: 4 } });
      const cookie = await loginAs(ADMIN);
      for (const [lng, messages] of [
        ["zh-CN", zhAdmin.user],
        ["en-US", enAdmin.user],
      ] as const) {
        const page = await send(postMultipart(`/userList?dialog=edit&id=4&lng=${lng}`, typed(file), { cookie }));
        expect(page.status).toBe(status);
        expect(page.location).toBeNull();
        expect(page.html).toMatch(/<dialog[^>]*open/);
        expect(page.html).toContain('id="user-wxcode-error"');
        expect(visibleText(page.html)).toContain(messages[key]);
        for (const value of ["陈静改名", "13900000444", "上海新公司", "浦东新区世纪大道1号", "021-6000 4444", "123454321"]) {
          expect(page.html).toContain(`value="${value}"`);
        }
      }
      const after = await prisma.user.findUniqueOrThrow({ where: { id: 4 } });
      expect(after).toMatchObject({
        username: before.username,
        phone: before.phone,
        company: before.company,
        wxCodePath: before.wxCodePath,
      });
    });
  }

  it("a good card is saved with the edit, in one submit", async () => {
    const ok = await send(
      postMultipart("/userList?dialog=edit&id=4", typed(fileOf(PNG, "card.png", "image/png")), { cookie: await loginAs(ADMIN) }),
    );
    expect(ok.status).toBe(302);
    const after = await prisma.user.findUniqueOrThrow({ where: { id: 4 } });
    expect(after).toMatchObject({ username: "陈静改名", phone: "13900000444", qq: "123454321" });
    expect(after.wxCodePath).toMatch(/^[0-9a-f]{32}\.png$/);
  });

  it("a field error and a refused card are answered together", async () => {
    const page = await send(
      postMultipart(
        "/userList?dialog=edit&id=4",
        { ...typed(fileOf(new Uint8Array([1, 2, 3]), "card.txt", "text/plain")), phone: "12" },
        { cookie: await loginAs(ADMIN) },
      ),
    );
    expect(page.status).toBe(415);
    expect(visibleText(page.html)).toContain(zhAdmin.user.wxCodeInvalid);
    expect(page.html).toContain('value="12"');
    expect(page.html).toContain('value="陈静改名"');
  });

  it("the home-content editor keeps what was typed when its image is too large", async () => {
    const cookie = await loginAs(ADMIN);
    const huge = new Uint8Array(5 * 1024 * 1024 + 10);
    huge.set(PNG);
    const page = await send(
      postMultipart(
        "/homeList?dialog=add",
        {
          intent: "create",
          name: "新的首页图片名称",
          description: "留着的描述",
          parentId: "0",
          level: "1",
          size: "B",
          image: fileOf(huge, "big.png", "image/png"),
        },
        { cookie },
      ),
    );
    expect(page.status).toBe(413);
    expect(page.html).toMatch(/<dialog[^>]*open/);
    expect(visibleText(page.html)).toContain(zhAdmin.home.imageTooLarge);
    expect(page.html).toContain('value="新的首页图片名称"');
    expect(page.html).toContain("留着的描述");
  });
});

describe("item 12: the operation log is searched by the labels it shows", () => {
  it("searching 海运整箱 finds every FCL-rate row, and a module label finds its rows", async () => {
    const admin = await prisma.user.findUniqueOrThrow({ where: { email: ADMIN } });
    const modules = ["import", "delete", "rangeDelete", "edit", "markup"];
    // Through the one writer, which stores the labels the search matches (search_text).
    for (const [i, module] of modules.entries()) {
      await prisma.$transaction((tx) => logOperation(tx, admin, { module, operation: "fclRates", targetIds: String(9000 + i) }));
    }
    const search = async (q: string) =>
      (await load(logLoader, "/log-list", ADMIN, { q, size: 10 })).data.rows as { operation: string; module: string; targetIds: string }[];
    const fcl = await search("海运整箱");
    expect(fcl.filter((row) => Number(row.targetIds) >= 9000 && Number(row.targetIds) < 9005)).toHaveLength(5);
    expect(fcl.every((row) => row.operation === "fclRates")).toBe(true);
    const english = await search((enAdmin.logs.areas as Record<string, string>).fclRates);
    expect(english.filter((row) => row.operation === "fclRates").length).toBeGreaterThanOrEqual(5);
    const ranges = await search("区间删除");
    expect(ranges.map((row) => row.module)).toContain("rangeDelete");
    expect(ranges.every((row) => row.module === "rangeDelete")).toBe(true);
  });
});
