// The one tree table (issue 19 item 4, components/TreeTable.tsx) on the menu,
// role and home-content screens: every entry drawn with its level, a branch
// folded by a plain link (?fold=…, so without JavaScript too) hides its whole
// subtree and only that, the toggle says expanded/collapsed in the user's
// language, and the row actions and the redirect after a save keep the fold.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { subtreeIds } from "~/domain/menus/tree";
import { foldedIds, visibleTreeRows } from "~/components/TreeTable";
import { loginAs } from "../support/requests";
import { render } from "../support/render";
import { ADMIN, submit } from "./helpers";
import { action as roleAction } from "~/routes/admin/roleList";

type Entry = { id: number; parentId: number | null };

/** The table rows of a page: level and the row's HTML. */
function rowsOf(html: string) {
  const body = html.slice(html.indexOf("<tbody>"), html.indexOf("</tbody>"));
  return [...body.matchAll(/<tr aria-level="(\d+)"[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => ({ level: Number(m[1]), html: m[2] }));
}

const decode = (href: string) => href.replace(/&amp;/g, "&").replace(/%2C/gi, ",");

/** The fold toggle of the row holding `name`: its state, label and link. */
function toggleOf(html: string, name: string) {
  const row = rowsOf(html).find((r) => r.html.includes(name));
  const link = row?.html.match(/<a[^>]*class="admin-tree__toggle"[^>]*>/)?.[0];
  if (!link) return null;
  return {
    expanded: link.match(/aria-expanded="(\w+)"/)?.[1],
    label: link.match(/aria-label="([^"]*)"/)?.[1],
    href: decode(link.match(/href="([^"]*)"/)?.[1] ?? ""),
  };
}

const SCREENS: { path: string; entries: () => Promise<(Entry & { name: string; nameEn?: string | null })[]> }[] = [
  {
    path: "/menuList",
    entries: async () =>
      (await prisma.menu.findMany({ orderBy: { id: "asc" } })).map((m) => ({
        id: m.id,
        parentId: m.parentId,
        name: m.label,
        nameEn: m.labelEn,
      })),
  },
  {
    path: "/roleList",
    entries: async () =>
      (await prisma.role.findMany({ orderBy: { id: "asc" } })).map((r) => ({
        id: r.id,
        parentId: r.parentId,
        name: r.name,
        nameEn: r.nameEn,
      })),
  },
  {
    path: "/homeList",
    entries: async () =>
      // The back office lists a home item by its Chinese name in both languages.
      (await prisma.homeContent.findMany({ where: { channel: "WEB" } })).map((h) => ({ id: h.id, parentId: h.parentId, name: h.name })),
  },
];

describe("tree table", () => {
  it("folds on the depth-first order alone", () => {
    const rows = [
      { id: 1, depth: 0 },
      { id: 2, depth: 1 },
      { id: 3, depth: 2 },
      { id: 4, depth: 1 },
      { id: 5, depth: 0 },
      { id: 6, depth: 1 },
    ];
    const shown = (folded: number[]) => visibleTreeRows(rows, new Set(folded)).map(({ row }) => row.id);
    expect(shown([])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(shown([2])).toEqual([1, 2, 4, 5, 6]);
    expect(shown([1])).toEqual([1, 5, 6]);
    expect(shown([1, 2, 5])).toEqual([1, 5]);
    // A leaf cannot be folded: nothing hides, and it shows no toggle.
    expect(shown([3, 4])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(visibleTreeRows(rows, new Set()).map((r) => r.branch)).toEqual([true, true, false, false, true, false]);
    expect([...foldedIds("?fold=3,15,x,-2,,7")]).toEqual([3, 15, 7]);
  });

  for (const screen of SCREENS) {
    it(`${screen.path}: every entry with its level; a fold hides the branch's subtree, in both languages`, async () => {
      const cookie = await loginAs(ADMIN);
      const entries = await screen.entries();
      const full = await render(screen.path, { lng: "zh-CN" }, { cookie });
      expect(full.status).toBe(200);
      const rows = rowsOf(full.html);
      expect(rows.length).toBe(entries.length);
      // aria-level follows the real parent: a root is 1, its children 2 …
      const levelOf = (id: number): number => {
        const parent = entries.find((e) => e.id === id)!.parentId;
        return parent === null || !entries.some((e) => e.id === parent) ? 1 : levelOf(parent) + 1;
      };
      expect(rows.map((r) => r.level).sort()).toEqual(entries.map((e) => levelOf(e.id)).sort());

      // The first root with children.
      const branch = entries.find((e) => levelOf(e.id) === 1 && entries.some((c) => c.parentId === e.id))!;
      expect(branch, "a root with children in the seed").toBeTruthy();
      const open = toggleOf(full.html, branch.name)!;
      expect(open).toMatchObject({ expanded: "true", label: `收起${branch.name}` });
      expect(open.href).toContain(`fold=${branch.id}`);

      const hidden = subtreeIds(entries, branch.id);
      hidden.delete(branch.id);
      for (const lng of ["zh-CN", "en-US"]) {
        const folded = await render(screen.path, { lng, fold: branch.id }, { cookie });
        expect(folded.status).toBe(200);
        expect(rowsOf(folded.html).length).toBe(entries.length - hidden.size);
        const name = lng === "en-US" && branch.nameEn ? branch.nameEn : branch.name;
        const closed = toggleOf(folded.html, name)!;
        expect(closed).toMatchObject({ expanded: "false", label: lng === "zh-CN" ? `展开${name}` : `Expand ${name}` });
        expect(closed.href).not.toContain("fold=");
        expect(folded.html).toContain(lng === "zh-CN" ? "全部展开" : "Expand all");
        // The row actions open their dialog on the folded list.
        const actions = [...folded.html.matchAll(/href="([^"]*dialog=(?:edit|delete)[^"]*)"/g)].map((m) => decode(m[1]));
        expect(actions.length).toBeGreaterThan(0);
        expect(actions.every((href) => href.includes(`fold=${branch.id}`))).toBe(true);
      }
    });
  }

  it("keeps the fold after a save (the redirect goes back to the folded list)", async () => {
    const saved = await submit(roleAction, "/roleList?fold=2&dialog=add", ADMIN, {
      intent: "create",
      name: "折叠测试",
      parentId: 27,
      level: 3,
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/roleList?fold=2");
  });
});
