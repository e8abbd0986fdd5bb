// Special-offer cards (administration.md 2.4) and home content (2.5, 2.6):
// required fields per mode, dates at 00:00:00 Shanghai, changes visible to
// the customer home at once; home items' tree rules, unique names per
// channel, images by content, B/S size, placeholder; home categories.
import { describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import path from "node:path";
import { action as saleAction, loader as saleLoader } from "~/routes/admin/saleList";
import { action as homeAction, loader as homeLoader } from "~/routes/admin/homeList";
import { action as appAction, loader as appLoader } from "~/routes/admin/app-home";
import { loader as imageLoader } from "~/routes/resources/home-images.$name";
import { listOffers } from "~/domain/rates/offers.server";
import { modeByKey } from "~/domain/modes";
import { offerFormFields } from "~/domain/offers/cards";
import { prisma } from "~/utils/db.server";
import { uploadRoot } from "~/utils/uploads.server";
import { callRoute, fileOf, getRequest, loginAs } from "../support/requests";
import { send, visibleText } from "../support/render";
import { ADMIN, flashOf, JPEG_BYTES, load, PNG_BYTES, submit, upload } from "./helpers";
import { formatDate, todayInShanghai } from "~/utils/dates";
import zhAdmin from "~/locales/zh-CN/admin.json";
import enAdmin from "~/locales/en-US/admin.json";

const inAMonth = () => formatDate(new Date(todayInShanghai().getTime() + 30 * 86_400_000));

describe("special offers", () => {
  it("shows the FCL tab first and another tab on request; empty state data", async () => {
    const fcl = await load(saleLoader, "/saleList", ADMIN);
    expect(fcl.data.modeKey).toBe("fcl");
    expect(fcl.data.cards.length).toBeGreaterThan(0);
    await prisma.specialOffer.deleteMany({ where: { mode: "RAIL" } });
    const rail = await load(saleLoader, "/saleList", ADMIN, { mode: "rail" });
    expect(rail.data.modeKey).toBe("rail");
    expect(rail.data.cards).toEqual([]);
    expect((await load(saleLoader, "/saleList", ADMIN, { mode: "ship" })).status).toBe(404);
  });

  it("requires every field of the mode's card", async () => {
    for (const key of ["fcl", "lcl", "air", "rail", "trailer", "express"] as const) {
      const mode = modeByKey(key);
      const result = await submit(saleAction, `/saleList?mode=${key}&dialog=add`, ADMIN, { intent: "create", mode: key });
      expect(result.status).toBe(400);
      // The express total may be left empty: it is computed from its parts.
      const required = offerFormFields(mode).filter((f) => !(key === "express" && f.name === "totalCost"));
      expect(Object.keys(result.data.error).sort()).toEqual(required.map((f) => f.name).sort());
      for (const field of required) expect(result.data.error[field.name]).toEqual([field.requiredKey]);
    }
    const fcl = offerFormFields(modeByKey("fcl")).map((f) => f.name);
    expect(fcl).toEqual(["pol", "pod", "carrier", "sailingSchedule", "via", "gp20", "gp40", "hq40", "validTo"]);
    expect(offerFormFields(modeByKey("rail")).map((f) => f.name)).toContain("currency");
  });

  it("express: a total that is not special price × (1 + fuel %) × discount is refused; an empty one is computed", async () => {
    const base = {
      intent: "create",
      mode: "express",
      origin: "上海",
      destination: "美国西部",
      category: "DHL",
      weight: "2.5",
      specialCost: "100",
      fuel: "20",
      discount: "0.9",
      validTo: inAMonth(),
    };
    // The example: 100 × 1.2 × 0.9 = 108.00, not 999.
    const wrong = await submit(saleAction, "/saleList?mode=express&dialog=add", ADMIN, { ...base, totalCost: "999" });
    expect(wrong.status).toBe(400);
    expect(wrong.data.error.totalCost).toEqual(["admin.offer.totalMismatch"]);
    expect(await prisma.specialOffer.count({ where: { mode: "EXPRESS", totalCost: 999 } })).toBe(0);

    const right = await submit(saleAction, "/saleList?mode=express&dialog=add", ADMIN, { ...base, totalCost: "108" });
    expect(right.status).toBe(302);
    const computed = await submit(saleAction, "/saleList?mode=express&dialog=add", ADMIN, { ...base, category: "UPS", totalCost: "" });
    expect(computed.status).toBe(302);
    const saved = await prisma.specialOffer.findMany({
      where: { mode: "EXPRESS", destination: "美国西部", specialCost: 100 },
      orderBy: { id: "asc" },
    });
    expect(saved.map((o) => [o.category, o.totalCost?.toFixed(2)])).toEqual([
      ["DHL", "108.00"],
      ["UPS", "108.00"],
    ]);
    // Rounded once, half away from zero: 123.45 × 1.245 × 0.85 = 130.640...
    const cents = await submit(saleAction, "/saleList?mode=express&dialog=add", ADMIN, {
      ...base,
      category: "TNT",
      specialCost: "123.45",
      fuel: "24.5",
      discount: "0.85",
      totalCost: "130.64",
    });
    expect(cents.status).toBe(302);
  });

  it("a card valid to today (00:00:00) is shown all of today and tagged valid; it expires tomorrow", async () => {
    const today = formatDate(todayInShanghai());
    const fields = {
      intent: "create",
      mode: "fcl",
      pol: "XIAMEN",
      pod: "MANILA",
      carrier: "OOCL",
      sailingSchedule: "周二",
      via: "直达",
      gp20: "333.50",
      gp40: "666.50",
      hq40: "677.50",
      validTo: today,
    };
    expect((await submit(saleAction, "/saleList?mode=fcl&dialog=add", ADMIN, fields)).status).toBe(302);
    const offer = await prisma.specialOffer.findFirstOrThrow({ where: { pol: "XIAMEN", pod: "MANILA" } });
    expect(offer.validTo!.toISOString()).toBe(new Date(`${today}T00:00:00+08:00`).toISOString());
    // Late evening in Shanghai, the same calendar day:
    const evening = new Date(`${today}T23:30:00+08:00`);
    expect((await listOffers(modeByKey("fcl"), evening)).some((c) => c.id === offer.id)).toBe(true);
    const staff = await load(saleLoader, "/saleList", ADMIN);
    expect(staff.data.cards.find((c: { id: number }) => c.id === offer.id).status).toBe("valid");
    const tomorrow = new Date(`${today}T00:00:00+08:00`).getTime() + 86_400_000;
    expect((await listOffers(modeByKey("fcl"), new Date(tomorrow))).some((c) => c.id === offer.id)).toBe(false);
  });

  it("adds a card valid to 00:00:00 of the chosen day (Shanghai), visible on the customer home at once", async () => {
    const day = inAMonth();
    const fields = {
      intent: "create",
      mode: "fcl",
      pol: "NINGBO",
      pod: "HAMBURG",
      carrier: "MSK",
      sailingSchedule: "周五",
      via: "直达",
      gp20: "999.50",
      gp40: "1888",
      hq40: "1999.5",
      validTo: day,
    };
    const result = await submit(saleAction, "/saleList?mode=fcl&dialog=add", ADMIN, fields);
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/saleList?mode=fcl");
    expect(await flashOf(result)).toMatchObject({ key: "admin.offer.added" });
    const offer = await prisma.specialOffer.findFirstOrThrow({ where: { pod: "HAMBURG", pol: "NINGBO" } });
    expect(offer.validTo!.toISOString()).toBe(new Date(`${day}T00:00:00+08:00`).toISOString());
    expect(offer.currency).toBe("USD");
    const home = await listOffers(modeByKey("fcl"));
    expect(home.some((card) => card.id === offer.id && card.prices.gp20 === "999.50")).toBe(true);

    const invalid = await submit(saleAction, "/saleList?mode=fcl&dialog=add", ADMIN, { ...fields, gp20: "-5", validTo: "2026-02-30" });
    expect(invalid.data.error.gp20).toEqual(["admin.offer.invalidMoney"]);
    expect(invalid.data.error.validTo).toEqual(["admin.offer.required.date"]);
  });

  it("edits and deletes a card of its own mode only, with confirmation", async () => {
    const offer = await prisma.specialOffer.findFirstOrThrow({ where: { mode: "TRAILER" } });
    const edit = await load(saleLoader, "/saleList", ADMIN, { mode: "trailer", dialog: "edit", id: offer.id });
    expect(edit.data.dialog.card.values.validToTime).toMatch(/^\d\d:\d\d:\d\d$/);
    expect((await load(saleLoader, "/saleList", ADMIN, { mode: "fcl", dialog: "edit", id: offer.id })).status).toBe(404);
    const values = { ...edit.data.dialog.card.values, gp20: "3333.50" };
    const saved = await submit(saleAction, `/saleList?mode=trailer&dialog=edit&id=${offer.id}`, ADMIN, {
      intent: "update",
      mode: "trailer",
      id: offer.id,
      ...values,
    });
    expect(await flashOf(saved)).toMatchObject({ key: "admin.offer.edited" });
    expect((await prisma.specialOffer.findUniqueOrThrow({ where: { id: offer.id } })).gp20!.toString()).toBe("3333.5");
    expect((await prisma.specialOffer.findUniqueOrThrow({ where: { id: offer.id } })).currency).toBe("CNY");

    const cancel = await submit(saleAction, "/saleList?mode=trailer", ADMIN, { intent: "cancelDelete", id: offer.id, mode: "trailer" });
    expect(await flashOf(cancel)).toMatchObject({ type: "info", key: "admin.common.cancelledDelete" });
    const deleted = await submit(saleAction, "/saleList?mode=trailer", ADMIN, { intent: "delete", id: offer.id, mode: "trailer" });
    expect(await flashOf(deleted)).toMatchObject({ key: "admin.offer.deleted" });
    expect(await prisma.specialOffer.findUnique({ where: { id: offer.id } })).toBeNull();
    expect(await prisma.operationLog.count({ where: { operation: "specialOffers", targetIds: String(offer.id) } })).toBe(2);
  });
});

describe("special offers: staff are warned of a past expiry and of unknown ports (issue 44 item 8)", () => {
  const yesterday = () => formatDate(new Date(todayInShanghai().getTime() - 86_400_000));
  const fcl = (pol: string, pod: string, validTo: string) => ({
    intent: "create",
    mode: "fcl",
    pol,
    pod,
    carrier: "COSCO",
    sailingSchedule: "周三",
    via: "直达",
    gp20: "100",
    gp40: "200",
    hq40: "210",
    validTo,
  });

  it("saving an expired card or one with an unknown port says so; the list names them; /home never shows an expired card", async () => {
    const alias = await prisma.portAlias.create({
      data: { alias: "SH PORT", key: "shport", port: { connect: { code: "CNSHA" } } },
    });
    const known = await submit(saleAction, "/saleList?mode=fcl&dialog=add", ADMIN, fcl("上海", "cnsha", inAMonth()));
    expect(await flashOf(known)).toMatchObject({ type: "success", key: "admin.offer.added" });
    const byAlias = await submit(saleAction, "/saleList?mode=fcl&dialog=add", ADMIN, fcl("SH Port", "Shanghai", inAMonth()));
    expect(await flashOf(byAlias)).toMatchObject({ type: "success", key: "admin.offer.added" });

    const unknown = await submit(saleAction, "/saleList?mode=fcl&dialog=add", ADMIN, fcl("ATLANTIS HARBOUR", "SHANGHAI", inAMonth()));
    expect(await flashOf(unknown)).toMatchObject({
      type: "info",
      key: "admin.offer.warn.savedUnknown",
      values: { ports: "ATLANTIS HARBOUR" },
    });
    const expired = await submit(saleAction, "/saleList?mode=fcl&dialog=add", ADMIN, fcl("SHANGHAI", "SHANGHAI", yesterday()));
    expect(await flashOf(expired)).toMatchObject({ type: "info", key: "admin.offer.warn.savedExpired" });
    const both = await submit(saleAction, "/saleList?mode=fcl&dialog=add", ADMIN, fcl("SHANGHAI", "NOWHERE BAY", yesterday()));
    expect(await flashOf(both)).toMatchObject({
      type: "info",
      key: "admin.offer.warn.savedExpiredUnknown",
      values: { ports: "NOWHERE BAY" },
    });

    // Air cards are checked against the airports.
    const air = await submit(saleAction, "/saleList?mode=air&dialog=add", ADMIN, {
      ...Object.fromEntries(offerFormFields(modeByKey("air")).map((f) => [f.name, f.kind === "datetime" ? inAMonth() : "1"])),
      intent: "create",
      mode: "air",
      pol: "PVG",
      pod: "ZZQX",
    });
    expect(await flashOf(air), JSON.stringify(air.data)).toMatchObject({
      type: "info",
      key: "admin.offer.warn.savedUnknown",
      values: { ports: "ZZQX" },
    });

    // Viewing: the list names the unknown ports and the expiry of each card.
    const rows = await prisma.specialOffer.findMany({ where: { mode: "FCL", carrier: "COSCO", gp20: 100 }, orderBy: { id: "asc" } });
    expect(rows).toHaveLength(5);
    const list = await load(saleLoader, "/saleList", ADMIN, { mode: "fcl" });
    const cards = rows.map((row) => list.data.cards.find((c: { id: number }) => c.id === row.id));
    expect(cards.map((c: { status: string; unknownPorts: string[] }) => [c.status, c.unknownPorts])).toEqual([
      ["valid", []],
      ["valid", []],
      ["valid", ["ATLANTIS HARBOUR"]],
      ["expired", []],
      ["expired", ["NOWHERE BAY"]],
    ]);
    for (const lng of ["zh-CN", "en-US"] as const) {
      const page = await send(getRequest(`/saleList?mode=fcl&lng=${lng}`, undefined, { cookie: await loginAs(ADMIN) }));
      const html = visibleText(page.html);
      const messages = lng === "zh-CN" ? zhAdmin.offer.warn : enAdmin.offer.warn;
      expect(html).toContain(messages.unknownPorts.replace("{{ports}}", "ATLANTIS HARBOUR"));
      expect(html).toContain(messages.expired);
    }

    // The customer's home shows the live cards and never an expired one.
    const home = (await listOffers(modeByKey("fcl"))).map((c) => c.id);
    expect(home).toEqual(expect.arrayContaining(rows.slice(0, 3).map((r) => r.id)));
    for (const row of rows.slice(3)) expect(home).not.toContain(row.id);
    await prisma.portAlias.delete({ where: { id: alias.id } });
  });
});

describe("home content", () => {
  it("lists the website tree with the placeholder when there is no image", async () => {
    const result = await load(homeLoader, "/homeList", ADMIN);
    expect(result.status).toBe(200);
    expect(result.data.tab).toBe("items");
    const items = result.data.items as { level: number; depth: number; imagePath: string | null; size: string | null }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.depth === item.level - 1)).toBe(true);
    expect(items.every((item) => item.imagePath === null && (item.size === "B" || item.size === "S"))).toBe(true);
  });

  it("website: requires image and size, checks the image by content, the type rule and unique names", async () => {
    const missing = await upload(homeAction, "/homeList?dialog=add", ADMIN, {
      intent: "create",
      name: "新品推荐",
      parentId: "0",
      level: "1",
    });
    expect(missing.status).toBe(400);
    expect(missing.data.error.image).toEqual(["admin.home.imageRequired"]);
    expect(missing.data.error.size).toEqual(["admin.home.sizeRequired"]);

    const fake = await upload(homeAction, "/homeList?dialog=add", ADMIN, {
      intent: "create",
      name: "新品推荐",
      parentId: "0",
      level: "1",
      size: "B",
      image: fileOf("<svg/>", "x.png", "image/png"),
    });
    expect(fake.data.error.image).toEqual(["admin.home.imageInvalid"]);

    const wrongType = await upload(homeAction, "/homeList?dialog=add", ADMIN, {
      intent: "create",
      name: "新品推荐",
      parentId: "0",
      level: "2",
      size: "B",
      image: fileOf(PNG_BYTES, "a.png", "image/png"),
    });
    expect(wrongType.data.error.level).toEqual(["admin.home.levelRule"]);

    const existing = await prisma.homeContent.findFirstOrThrow({ where: { channel: "WEB" } });
    const taken = await upload(homeAction, "/homeList?dialog=add", ADMIN, {
      intent: "create",
      name: existing.name,
      parentId: "0",
      level: "1",
      size: "S",
      image: fileOf(PNG_BYTES, "a.png", "image/png"),
    });
    expect(taken.data.error.name).toEqual(["admin.home.nameTaken"]);
    expect(taken.data.error[""]).toEqual(["admin.home.nameTaken"]);

    const short = await upload(homeAction, "/homeList?dialog=add", ADMIN, {
      intent: "create",
      name: "新",
      parentId: "0",
      level: "1",
      size: "S",
    });
    expect(short.data.error.name).toEqual(["admin.home.nameLength"]);

    const ok = await upload(homeAction, "/homeList?dialog=add", ADMIN, {
      intent: "create",
      name: "新品推荐",
      description: "首页横幅",
      parentId: "0",
      level: "1",
      size: "B",
      image: fileOf(PNG_BYTES, "banner.gif", "image/gif"),
    });
    expect(ok.status).toBe(302);
    expect(await flashOf(ok)).toMatchObject({ key: "admin.home.added" });
    const item = await prisma.homeContent.findFirstOrThrow({ where: { channel: "WEB", name: "新品推荐" } });
    expect(item.imagePath).toMatch(/^[0-9a-f]{32}\.png$/);
    const served = await callRoute(imageLoader, getRequest(`/home-images/${item.imagePath}`), { params: { name: item.imagePath! } });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(
      (await callRoute(imageLoader, getRequest("/home-images/../../etc/passwd"), { params: { name: "../../etc/passwd" } })).status,
    ).toBe(404);

    // A child under it: level 2; a level-2 parent is never offered.
    const child = await upload(homeAction, "/homeList?dialog=add", ADMIN, {
      intent: "create",
      name: "子项目",
      parentId: String(item.id),
      level: "2",
      size: "S",
      image: fileOf(JPEG_BYTES, "c.jpg", "image/jpeg"),
    });
    expect(child.status).toBe(302);
    const childRow = await prisma.homeContent.findFirstOrThrow({ where: { name: "子项目" } });
    const dialog = await load(homeLoader, "/homeList", ADMIN, { dialog: "add" });
    expect((dialog.data.parents as { id: number }[]).some((p) => p.id === childRow.id)).toBe(false);

    // Edit keeps the image when none is chosen; a new image replaces the old file.
    const edit = await upload(homeAction, `/homeList?dialog=edit&id=${item.id}`, ADMIN, {
      intent: "update",
      id: String(item.id),
      name: "新品推荐区",
      parentId: "0",
      level: "1",
      size: "S",
    });
    expect(await flashOf(edit)).toMatchObject({ key: "admin.home.edited" });
    const kept = await prisma.homeContent.findUniqueOrThrow({ where: { id: item.id } });
    expect(kept).toMatchObject({ name: "新品推荐区", size: "S", imagePath: item.imagePath });
    await upload(homeAction, `/homeList?dialog=edit&id=${item.id}`, ADMIN, {
      intent: "update",
      id: String(item.id),
      name: "新品推荐区",
      parentId: "0",
      level: "1",
      size: "S",
      image: fileOf(JPEG_BYTES, "n.jpg", "image/jpeg"),
    });
    const replaced = await prisma.homeContent.findUniqueOrThrow({ where: { id: item.id } });
    expect(replaced.imagePath).toMatch(/\.jpg$/);
    await expect(fs.access(path.join(uploadRoot(), "home", item.imagePath!))).rejects.toThrow();

    // Delete: children first.
    const parentDelete = await submit(homeAction, "/homeList", ADMIN, { intent: "delete", id: item.id });
    expect(await flashOf(parentDelete)).toMatchObject({ type: "error", key: "admin.tree.hasChildren" });
    const childDelete = await submit(homeAction, "/homeList", ADMIN, { intent: "delete", id: childRow.id });
    expect(await flashOf(childDelete)).toMatchObject({ key: "admin.home.deleted" });
  });

  it("app: no size; image required on edit only; names unique per channel", async () => {
    const web = await prisma.homeContent.findFirstOrThrow({ where: { channel: "WEB" } });
    const added = await upload(appAction, "/app-home?dialog=add", ADMIN, {
      intent: "create",
      name: web.name === "APP横幅" ? "APP横幅2" : "APP横幅",
      parentId: "0",
      level: "1",
    });
    expect(added.status).toBe(302);
    const sameNameAsWeb = await upload(appAction, "/app-home?dialog=add", ADMIN, {
      intent: "create",
      name: web.name,
      parentId: "0",
      level: "1",
    });
    const appHasIt = await prisma.homeContent.count({ where: { channel: "APP", name: web.name } });
    expect(sameNameAsWeb.status).toBe(appHasIt > 1 ? 400 : 302);
    const item = await prisma.homeContent.findFirstOrThrow({ where: { channel: "APP", imagePath: null }, orderBy: { id: "desc" } });
    expect(item.size).toBeNull();
    const edit = await upload(appAction, `/app-home?dialog=edit&id=${item.id}`, ADMIN, {
      intent: "update",
      id: String(item.id),
      name: item.name,
      parentId: String(item.parentId ?? 0),
      level: String(item.level),
    });
    expect(edit.status).toBe(400);
    expect(edit.data.error.image).toEqual(["admin.home.imageRequired"]);
    // The app screen never reaches website items.
    expect((await load(appLoader, "/app-home", ADMIN, { dialog: "edit", id: web.id })).status).toBe(404);
  });

  it("home categories: a tab of /homeList with add, edit, delete", async () => {
    const list = await load(homeLoader, "/homeList", ADMIN, { tab: "categories" });
    expect(list.data.tab).toBe("categories");
    const count = list.data.categories.length;
    const add = await submit(homeAction, "/homeList?tab=categories&dialog=add", ADMIN, {
      intent: "saveCategory",
      name: "冷链专线",
      description: "冷链",
      sort: 9,
    });
    expect(add.headers.get("Location")).toBe("/homeList?tab=categories");
    const row = await prisma.homeCategory.findUniqueOrThrow({ where: { name: "冷链专线" } });
    const dup = await submit(homeAction, "/homeList?tab=categories&dialog=add", ADMIN, {
      intent: "saveCategory",
      name: "冷链专线",
      sort: 1,
    });
    expect(dup.data.error.name).toEqual(["admin.home.nameTaken"]);
    await submit(homeAction, "/homeList?tab=categories", ADMIN, { intent: "saveCategory", id: row.id, name: "冷链物流", sort: 1 });
    expect((await prisma.homeCategory.findUniqueOrThrow({ where: { id: row.id } })).name).toBe("冷链物流");
    await submit(homeAction, "/homeList?tab=categories", ADMIN, { intent: "deleteCategory", id: row.id });
    expect((await load(homeLoader, "/homeList", ADMIN, { tab: "categories" })).data.categories.length).toBe(count);
    // The app screen has no categories.
    expect((await submit(appAction, "/app-home", ADMIN, { intent: "saveCategory", name: "冷链专线" })).status).toBe(400);
  });
});
