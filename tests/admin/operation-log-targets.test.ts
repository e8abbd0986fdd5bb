// The operation log names what a row acted on (issue 44 item 8, decision 302):
// users, roles (in the reader's language), menus, offers and home items by
// name, fetched once per kind of target on the page, never per row.
import { describe, expect, it, vi } from "vitest";
import { loader as logLoader } from "~/routes/admin/log-list";
import { logOperation } from "~/domain/operation-log/operation-log.server";
import { prisma } from "~/utils/db.server";
import { ADMIN, load } from "./helpers";

type Row = { operation: string; targetIds: string | null; targets: string[] | null };

describe("operation log targets", () => {
  it("shows roles, menus, offers, home items and users by name, in the viewer's language", async () => {
    const admin = await prisma.user.findUniqueOrThrow({ where: { email: ADMIN } });
    const role = await prisma.role.create({ data: { name: "日志角色", nameEn: "Log role", parentId: 2, level: 2 } });
    const plainRole = await prisma.role.create({ data: { name: "无英文角色", parentId: 2, level: 2 } });
    const menu = await prisma.menu.findFirstOrThrow({ where: { labelEn: { not: null } } });
    const offer = await prisma.specialOffer.findFirstOrThrow({ where: { pol: { not: null }, pod: { not: null } } });
    const home = await prisma.homeContent.findFirstOrThrow({ where: { nameEn: { not: null }, channel: "WEB" } });
    const marker = "TARGETNAMES";
    const entries = [
      { operation: "roles", targetIds: `${role.id},${plainRole.id}` },
      { operation: "roles", targetIds: "999999" },
      { operation: "menus", targetIds: String(menu.id) },
      { operation: "specialOffers", targetIds: String(offer.id) },
      { operation: "webHome", targetIds: String(home.id) },
      { operation: "users", targetIds: String(admin.id) },
    ];
    for (const entry of entries) await prisma.$transaction((tx) => logOperation(tx, admin, { module: "edit", ...entry, params: marker }));

    const rowsIn = async (lng: string) => (await load(logLoader, "/log-list", ADMIN, { q: marker, size: 10, lng })).data.rows as Row[];
    const byArea = (rows: Row[], operation: string) => rows.filter((row) => row.operation === operation).map((row) => row.targets);

    const roleQueries = vi.spyOn(prisma.role, "findMany");
    const en = await rowsIn("en-US");
    // Two rows of roles on the page, one query for their names.
    expect(roleQueries).toHaveBeenCalledTimes(1);
    roleQueries.mockRestore();
    expect(byArea(en, "roles")).toEqual(expect.arrayContaining([["Log role", "无英文角色"], ["#999999"]]));
    expect(byArea(en, "menus")).toEqual([[menu.labelEn]]);
    expect(byArea(en, "specialOffers")[0]![0]).toContain(`${offer.pol} → ${offer.pod}`);
    expect(byArea(en, "webHome")).toEqual([[home.nameEn]]);
    expect(byArea(en, "users")).toEqual([[admin.username]]);

    const zh = await rowsIn("zh-CN");
    expect(byArea(zh, "roles")).toEqual(expect.arrayContaining([["日志角色", "无英文角色"]]));
    expect(byArea(zh, "menus")).toEqual([[menu.label]]);
    expect(byArea(zh, "webHome")).toEqual([[home.name]]);
  });
});
