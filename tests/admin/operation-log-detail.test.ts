// Issue 22 item 12: the operation log keeps the before and after values of
// every edit and delete (at the one writer), labelled as the screens label
// them, and its search finds the labels shown, in both languages. The data
// areas are enumerated from their registry, so a new area is covered.
import { beforeAll, describe, expect, it } from "vitest";
import * as dataArea from "~/routes/backoffice/data-area";
import { loader as logLoader } from "~/routes/admin/log-list";
import { dataAreas } from "~/domain/data-areas";
import { logLabels } from "~/domain/data-areas/queries.server";
import { labelIn, readDetail, type LogChange } from "~/domain/operation-log/log-detail.server";
import { logOperation } from "~/domain/operation-log/operation-log.server";
import { MODES } from "~/domain/modes";
import { offerFormFields } from "~/domain/offers/cards";
import { prisma } from "~/utils/db.server";
import { loginAs } from "../support/requests";
import { render, visibleText } from "../support/render";
import { ADMIN, load, submit } from "./helpers";
import { load as loadArea, post } from "../data/helpers";
import { delegate } from "~/domain/data-areas/queries.server";
import * as offerList from "~/routes/admin/saleList";

let dataCookie: string;
beforeAll(async () => {
  dataCookie = await loginAs("data@example.com");
});

type LogRow = {
  id: string;
  module: string;
  operation: string;
  targetIds: string | null;
  detail: { params: string | null; changes: LogChange[] } | null;
};

async function search(q: string): Promise<LogRow[]> {
  return (await load(logLoader, "/log-list", ADMIN, { q, size: 10, from: "", to: "" })).data.rows as LogRow[];
}

async function lastLog(where: { module: string; operation: string }) {
  const row = await prisma.operationLog.findFirstOrThrow({ where, orderBy: { id: "desc" } });
  return { ...row, detail: readDetail(row.detail) };
}

describe("item 12: every data area logs what an edit changed and what a delete removed", () => {
  for (const area of Object.values(dataAreas)) {
    it(`${area.key}: a deleted row is logged with its content, labelled, and found by its labels in both languages`, async () => {
      const row = (await delegate(area).findFirst({ orderBy: { id: "desc" }, select: { id: true } })) as { id: number } | null;
      expect(row, `${area.key} has seeded rows`).not.toBeNull();
      const id = Number(row!.id);
      const result = await post(dataArea, `${area.path}`, dataCookie, { intent: "delete", id });
      expect(result.status).toBe(302);
      const log = await lastLog({ module: "delete", operation: area.logName });
      expect(log.targetIds).toBe(String(id));
      const changes = log.detail?.changes ?? [];
      // The content: at least the route / name columns, each with its screen label and no "after" value.
      expect(changes.length).toBeGreaterThan(1);
      const labels = logLabels(area);
      for (const change of changes) {
        expect(change.label).toBe(labels[change.field]);
        expect(change.before).not.toBeNull();
        expect(change.after).toBeNull();
      }
      // Searching the first logged field's label, in Chinese and in English, finds this row.
      const label = changes[0].label!;
      for (const lng of ["zh-CN", "en-US"] as const) {
        expect(await searchFinds(labelIn(lng, label)!, log.id), `${lng} ${label}`).toBe(true);
      }
    });
  }

  for (const area of Object.values(dataAreas).filter((a) => a.edit)) {
    it(`${area.key}: an edit logs only the changed field as label: old → new`, async () => {
      const row = (await delegate(area).findFirst({ orderBy: { id: "asc" }, select: { id: true } })) as { id: number };
      const open = await loadArea(dataArea, area.path, dataCookie, { edit: Number(row.id) });
      const fields = { ...(open.data.dialog.row as Record<string, string | number | boolean | null>) };
      const form: Record<string, string | number> = { intent: "save", id: Number(row.id) };
      for (const [key, value] of Object.entries(fields)) {
        if (key === "updatedAt" || value === null || value === false) continue;
        form[key] = value === true ? "on" : (value as string | number);
      }
      const texts = area.columns.filter((c) => (c.kind === "text" || c.kind === "longtext") && c.edit !== false);
      const text = texts.find((c) => c.kind === "longtext") ?? texts.find((c) => !c.required) ?? texts[texts.length - 1];
      expect(text, `${area.key} has a free text column`).toBeDefined();
      const before = fields[text!.field];
      form[text!.field] = "LOG-ITEM-12";
      const saved = await post(dataArea, `${area.path}?edit=${row.id}`, dataCookie, form);
      expect(saved.status).toBe(302);
      const log = await lastLog({ module: "edit", operation: area.logName });
      expect(log.detail?.changes).toEqual([
        {
          field: text!.field,
          label: text!.labelKey,
          before: before === null || before === undefined || before === "" ? null : String(before),
          after: "LOG-ITEM-12",
        },
      ]);
      // The legacy text (operate_params) names the field and both values too.
      expect(log.params).toContain(`${text!.field}: `);
      expect(log.params).toContain("→ LOG-ITEM-12");
    });
  }
});

async function searchFinds(q: string, id: bigint): Promise<boolean> {
  const rows = await search(q);
  return rows.some((r) => r.id === id.toString());
}

describe("item 12: admin screens log before and after", () => {
  it("an offer edit logs what changed (field label: old → new), a deleted offer its content", async () => {
    const mode = MODES.find((m) => m.key === "fcl")!;
    const offer = await prisma.specialOffer.findFirstOrThrow({ where: { mode: mode.enumValue } });
    const field = offerFormFields(mode).find((f) => f.kind === "text" && f.name !== mode.card.from && f.name !== mode.card.to)!;
    const open = await load(offerList.loader, "/saleList", ADMIN, { mode: mode.key, dialog: "edit", id: offer.id });
    const values = open.data.dialog?.card?.values as Record<string, string> | undefined;
    expect(values, "the edit dialog's values").toBeDefined();
    const before = values![field.name];
    const result = await submit(offerList.action, `/saleList?mode=${mode.key}`, ADMIN, {
      ...values,
      intent: "update",
      mode: mode.key,
      id: offer.id,
      currency: offer.currency ?? "",
      [field.name]: "ITEM-12",
    });
    expect(result.status).toBe(302);
    const log = await lastLog({ module: "edit", operation: "specialOffers" });
    expect(log.detail?.changes).toEqual([{ field: field.name, label: field.labelKey, before: before || null, after: "ITEM-12" }]);
    const shown = await render("/log-list", { q: "ITEM-12" }, { cookie: await loginAs(ADMIN) });
    expect(visibleText(shown.html)).toContain(`${labelIn("zh-CN", field.labelKey)}: ${before} → ITEM-12`);
  });

  it("rows written through the writer are found by their area and type labels; searching 海运整箱 finds every FCL row", async () => {
    const admin = await prisma.user.findUniqueOrThrow({ where: { email: ADMIN } });
    for (const module of ["import", "delete", "rangeDelete", "edit", "markup"]) {
      await prisma.$transaction((tx) => logOperation(tx, admin, { module, operation: "fclRates", targetIds: "ITEM12" }));
    }
    const fclTotal = await prisma.operationLog.count({
      where: { operation: "fclRates", operatedAt: { gte: new Date(Date.now() - 364 * 86_400_000) } },
    });
    const total = async (q: string) => (await load(logLoader, "/log-list", ADMIN, { q, size: 10 })).data.page.total as number;
    expect(await total("海运整箱")).toBe(fclTotal);
    expect(await total("sea fcl")).toBe(fclTotal);
    const ranges = await search("区间删除");
    expect(ranges.length).toBeGreaterThan(0);
    expect(ranges.every((row) => row.module === "rangeDelete")).toBe(true);
  });
});
