// The import wizard (issue 40, decision 207): a carrier's or agent's sheet,
// mapped once, imported every week through the one preview.
//
//   startWizard    the upload is stored (UPLOAD_DIR/previews, as a preview's
//                  file), read (every tab), its layout detected; when a saved
//                  source profile has the same header signature and leaves
//                  nothing to decide, the preview is made at once
//   wizardView     the wizard's page: tabs, header rows, columns with their
//                  targets, fixed values, what is still to decide
//   saveChoices    the clerk's choices (one form, posted: works without
//                  JavaScript; the state lives in import_wizard_uploads)
//   wizardPreview  the mapping applied and previewed (createMappedPreview);
//                  saved as a source profile when the clerk named one
//
// Wizard uploads expire after an hour, like previews.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { DataArea } from "~/domain/data-areas/types";
import { DAY_ORDERS, type DayOrder } from "~/domain/data-areas/dates";
import { prisma } from "~/utils/db.server";
import { distinctValues } from "~/domain/data-areas/queries.server";
import { readWorkbook, tooManyRows, unsavedFormulas, type ImportFailure, type ImportProblem, type SheetLimits } from "./import.server";
import { splitPortLists } from "./port-lists.server";
import { PORT_NAME_TABLES, portsNamed } from "~/domain/reference/port-aliases.server";
import { previewFilePath, removePreviewFiles, storePreviewFile } from "./preview-file.server";
import { createMappedPreview, type PreviewSummary } from "./preview.server";
import type { WorkbookTab } from "./sheet-worker.server";
import {
  IGNORE,
  TIER_CHOICES,
  applyMappingYielding,
  dayOrderOf,
  detectLayoutYielding,
  emptyMapping,
  fixedKeysOf,
  isTarget,
  startsToday,
  layoutSignature,
  mappingProblems,
  tabChosen,
  tableCurrency,
  targetOf,
  targetsOf,
  titleCarrier,
  titlePortOfLoading,
  type FixedKey,
  type FixedValues,
  type SourceLayout,
  type SourceMapping,
  type Target,
  type TierChoice,
} from "./source-layout.server";

export const WIZARD_TTL_MS = 60 * 60 * 1000;
type Who = Pick<Viewer, "id" | "username">;

export type SourceProfile = { id: number; name: string; signature: string; mapping: SourceMapping; lastUsedAt: string | null };

/** Deletes expired wizard uploads and their files. */
export async function cleanExpiredWizards(): Promise<void> {
  const gone = await prisma.importWizardUpload.findMany({ where: { expiresAt: { lt: new Date() } }, select: { id: true, fileKey: true } });
  if (gone.length === 0) return;
  await prisma.importWizardUpload.deleteMany({ where: { id: { in: gone.map((g) => g.id) } } });
  await removePreviewFiles(gone.map((g) => g.fileKey));
}

/** The area's saved source profiles, most recently used first. */
export async function listProfiles(area: DataArea): Promise<SourceProfile[]> {
  const rows = await prisma.importSourceProfile.findMany({
    where: { area: area.key },
    orderBy: [{ lastUsedAt: { sort: "desc", nulls: "last" } }, { name: "asc" }],
  });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    signature: r.signature,
    mapping: sourceMapping(r.mapping as SourceMapping),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
}

/**
 * What a source keeps of a mapping: all but the fixed validity, which is one
 * file's (last week's dates must not date next week's sheet; a profile saved
 * before this rule loses them when read).
 */
function sourceMapping(mapping: SourceMapping): SourceMapping {
  const { validFrom: _from, validTo: _to, ...fixed } = mapping.fixed;
  return { ...mapping, fixed };
}

/** Saves (or replaces, by name) the mapping of a source. */
async function saveProfile(area: DataArea, viewer: Who, name: string, signature: string, used: SourceMapping): Promise<SourceProfile> {
  const mapping = sourceMapping(used);
  const row = await prisma.importSourceProfile.upsert({
    where: { area_name: { area: area.key, name } },
    create: { area: area.key, name, signature, mapping, createdBy: viewer.username, updatedBy: viewer.username, lastUsedAt: new Date() },
    update: { signature, mapping, updatedBy: viewer.username, updatedAt: new Date(), lastUsedAt: new Date() },
  });
  return { id: row.id, name: row.name, signature: row.signature, mapping, lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

export async function deleteProfile(area: DataArea, id: number): Promise<boolean> {
  return (await prisma.importSourceProfile.deleteMany({ where: { id, area: area.key } })).count > 0;
}

/** The tabs of a stored upload (read again from its file: a page of the wizard is one parse of it). */
async function readUpload(fileKey: string): Promise<{ ok: true; tabs: WorkbookTab[] } | ImportFailure> {
  const data = new Uint8Array(await fs.readFile(previewFilePath(fileKey)));
  const read = await readWorkbook(data);
  return read.ok ? { ok: true, tabs: read.tabs } : read;
}

/** The layout of `tabs` under `mapping`'s header rows and tab choice. */
const layoutFor = (area: DataArea, tabs: readonly WorkbookTab[], mapping: SourceMapping) =>
  detectLayoutYielding(area, tabs, mapping.header, mapping.tabs);

export type StartOutcome =
  | ImportFailure
  /** The wizard's page: nothing recognised, or something still to decide. */
  | { ok: true; wizard: string; profile: string | null }
  /** A saved source recognised, nothing to decide: the preview. */
  | { ok: true; preview: string; profile: string; summary: PreviewSummary };

/**
 * Stores and reads an upload for the wizard. A saved profile of the area
 * whose header signature is the upload's maps it: with nothing left to
 * decide, straight to the preview (the weekly sheet); otherwise the wizard
 * opens with that profile's mapping (or none).
 */
export async function startWizard(
  area: DataArea,
  viewer: Who,
  data: Uint8Array,
  fileName: string,
  limits: SheetLimits = {},
): Promise<StartOutcome> {
  await cleanExpiredWizards();
  const id = crypto.randomUUID();
  const file = await storePreviewFile(id, data);
  let kept = false;
  try {
    const read = await readWorkbook(data, limits);
    if (!read.ok) return read;
    const detected = await detectLayoutYielding(area, read.tabs);
    const signature = layoutSignature(detected);
    const profile = (await listProfiles(area)).find((p) => p.signature === signature) ?? null;
    const mapping = profile?.mapping ?? (await withTitleCarrier(area, detected, await withTitlePort(area, detected, emptyMapping())));
    await prisma.importWizardUpload.create({
      data: {
        id,
        area: area.key,
        userId: viewer.id,
        fileName,
        fileKey: file.key,
        fileChecksum: file.checksum,
        mapping,
        profileId: profile?.id ?? null,
        saveAs: profile?.name ?? null,
        expiresAt: new Date(Date.now() + WIZARD_TTL_MS),
      },
    });
    kept = true;
    if (profile) {
      const layout = await layoutFor(area, read.tabs, mapping);
      if (mappingProblems(area, layout, mapping).length === 0) {
        const made = await previewOf(
          area,
          viewer,
          { id, fileName, fileKey: file.key, fileChecksum: file.checksum },
          read.tabs,
          layout,
          mapping,
          {
            id: profile.id,
            name: profile.name,
          },
        );
        if (made.ok) {
          await prisma.importSourceProfile.update({ where: { id: profile.id }, data: { lastUsedAt: new Date() } });
          return { ok: true, preview: made.id, profile: profile.name, summary: made.summary };
        }
        // The profile's mapping no longer fits the sheet's rows (a formula without its result …): the wizard says why.
      }
    }
    return { ok: true, wizard: id, profile: profile?.name ?? null };
  } finally {
    if (!kept) await removePreviewFiles([file.key]);
  }
}

/**
 * A new sheet's mapping with its port of loading taken from its title ("FCL
 * TARIFF EX SHANGHAI", "上海出口运价") into the fixed values, when no column
 * gives it and the title names a port the alias table knows: the clerk sees it
 * filled in and may change it.
 */
async function withTitlePort(area: DataArea, layout: SourceLayout, mapping: SourceMapping): Promise<SourceMapping> {
  if (!PORT_NAME_TABLES.some((t) => t.area === area.key) || !fixedKeysOf(area).includes("pol") || mapping.fixed.pol) return mapping;
  if (layout.keys.some((k) => targetOf(layout, mapping, k.key) === "pol")) return mapping;
  const named = layout.tabs
    .filter((t) => tabChosen(t, mapping.tabs))
    .flatMap((t) => t.titleLines.map(titlePortOfLoading))
    .filter((name): name is string => name !== null);
  const ports = await portsNamed([...new Set(named)]);
  const port = named.map((name) => ports.get(name)).find((p) => p !== undefined);
  return port ? { ...mapping, fixed: { ...mapping.fixed, pol: port } } : mapping;
}

/**
 * A new sheet's carrier taken from its title ("MSC 地中海线运价通知", "CMA CGM FAK
 * RATES") into the fixed values, when no column gives it, no chosen tab
 * stacks several carriers' tables, and a title line begins with a carrier the
 * area's rates already name: the clerk sees it filled in and may change it.
 * An express rate card's network and a trailer quote's port area the same
 * way ("DHL 出口价格表" → DHL, "洋山港区拖车报价" → 洋山).
 */
async function withTitleCarrier(area: DataArea, layout: SourceLayout, mapping: SourceMapping): Promise<SourceMapping> {
  const field = (["carrier", "category", "dock"] as const).find((key) => fixedKeysOf(area).includes(key));
  if (!field || mapping.fixed[field]) return mapping;
  if (layout.keys.some((k) => targetOf(layout, mapping, k.key) === field)) return mapping;
  const tabs = layout.tabs.filter((t) => tabChosen(t, mapping.tabs));
  const lines = tabs.flatMap((t) => t.titleLines);
  if (lines.length === 0 || tabs.some((t) => t.stacked > 0)) return mapping;
  const carrier = titleCarrier(lines, await distinctValues(area, field));
  return carrier ? { ...mapping, fixed: { ...mapping.fixed, [field]: carrier } } : mapping;
}

type UploadRow = { id: string; fileName: string; fileKey: string; fileChecksum: string };

/** The mapped rows of the chosen tabs, previewed; refused when a chosen tab has a formula without its result. */
async function previewOf(
  area: DataArea,
  viewer: Who,
  upload: UploadRow,
  tabs: readonly WorkbookTab[],
  layout: SourceLayout,
  mapping: SourceMapping,
  profile: { id: number; name: string } | null,
) {
  const chosen = tabs.filter((tab) =>
    tabChosen(
      layout.tabs.find((t) => t.name === tab.name)!,
      mapping.tabs,
    ),
  );
  const formulas = unsavedFormulas(chosen);
  if (formulas) return { ok: false as const, problems: [formulas], badRows: [] };
  const tooMany = tooManyRows(chosen.reduce((n, tab) => n + tab.rowStart.length - 1, 0));
  if (tooMany) return { ok: false as const, problems: [tooMany], badRows: [] };
  const mapped = await splitPortLists(area, await applyMappingYielding(area, tabs, layout, mapping));
  // Periods side by side and lists of ports multiply the rows: the limit holds for the rows staged.
  const staged = tooManyRows(mapped.sheet.rows.length - 1);
  if (staged) return { ok: false as const, problems: [staged], badRows: [] };
  return createMappedPreview(area, viewer, { fileName: upload.fileName, fileKey: upload.fileKey, checksum: upload.fileChecksum }, mapped, {
    wizard: upload.id,
    profile,
  });
}

async function findUpload(area: DataArea, viewer: Who, id: string) {
  await cleanExpiredWizards();
  return prisma.importWizardUpload.findFirst({ where: { id, area: area.key, userId: viewer.id } });
}

/** What the wizard's page shows (plain JSON). */
export type WizardView = {
  gone: false;
  id: string;
  fileName: string;
  expiresAt: string;
  tabs: {
    name: string;
    hidden: boolean;
    headerRow: number;
    headerRows: 1 | 2;
    rows: number;
    /** Of the rows, those hidden in the workbook (not imported). */
    hiddenRows: number;
    periods: string[];
    /** The validity the tab's title block states (for its rows without one), or null. */
    titlePeriod: { from: string; to: string; inName: boolean } | null;
    /** Headers repeated under the first: carriers' tables stacked in the tab. */
    stacked: number;
    /** The header names a lane, not only prices (a tab of local charges does not: not chosen by default). */
    lanes: boolean;
    columns: number;
    chosen: boolean;
    formulaCells: string[];
  }[];
  /** The clerk's header rows, or null (found per tab). */
  header: { row: number; rows: 1 | 2 } | null;
  columns: {
    key: string;
    label: string;
    samples: string[];
    tabs: string[];
    priceLike: boolean;
    /** Hidden in the workbook (in every tab that has it): never matched automatically. */
    hidden: boolean;
    auto: Target | null;
    /** The column's target now: the clerk's, else the automatic match; null when unmapped. */
    target: Target | null;
    /** In a validity period (repeated for each period). */
    periodic: boolean;
  }[];
  targets: Target[];
  fixed: FixedValues;
  /** The title above each stacked table names its rows' carrier (the clerk's word). */
  carrierTitles: boolean;
  /** A row without a start is valid from the day it is imported (the clerk's word); offered where the area has a start. */
  startToday: boolean | null;
  fixedKeys: FixedKey[];
  tierChoices: readonly TierChoice[];
  tableCurrency: string | null;
  problems: ImportProblem[];
  profile: { id: number; name: string } | null;
  profiles: { id: number; name: string; lastUsedAt: string | null }[];
  saveAs: string;
  /** A read failure of the stored file (it was read at upload, so this is rare). */
  unreadable?: ImportProblem[];
  /** The date columns write days as two numbers and a year (01/12/2026): the order read (the clerk's, else the proven one), or null when they do not. */
  dateOrder?: { order: DayOrder | null; proven: DayOrder | null; example: string } | null;
};

/** The wizard's page for the user's own upload, or `{ gone: true }`. */
export async function wizardView(area: DataArea, viewer: Who, id: string): Promise<WizardView | { gone: true }> {
  const upload = await findUpload(area, viewer, id);
  if (!upload) return { gone: true };
  const mapping = upload.mapping as SourceMapping;
  const read = await readUpload(upload.fileKey);
  const profiles = await listProfiles(area);
  const profile = profiles.find((p) => p.id === upload.profileId) ?? null;
  const base = {
    gone: false as const,
    id,
    fileName: upload.fileName,
    expiresAt: upload.expiresAt.toISOString(),
    header: mapping.header,
    targets: targetsOf(area),
    fixed: mapping.fixed,
    carrierTitles: mapping.carrierTitles === true,
    startToday: startsToday(area) ? mapping.startToday === true : null,
    fixedKeys: fixedKeysOf(area),
    tierChoices: TIER_CHOICES,
    tableCurrency: tableCurrency(area),
    profile: profile && { id: profile.id, name: profile.name },
    profiles: profiles.map((p) => ({ id: p.id, name: p.name, lastUsedAt: p.lastUsedAt })),
    saveAs: upload.saveAs ?? "",
  };
  if (!read.ok) return { ...base, tabs: [], columns: [], problems: [], unreadable: read.problems };
  const layout = await layoutFor(area, read.tabs, mapping);
  return {
    ...base,
    tabs: layout.tabs.map((t) => ({
      name: t.name,
      hidden: t.hidden,
      headerRow: t.headerRow,
      headerRows: t.headerRows,
      rows: t.rows,
      hiddenRows: t.hiddenRows,
      periods: t.periods.map((p) => p.label),
      titlePeriod: t.titlePeriod && { from: t.titlePeriod.from, to: t.titlePeriod.to, inName: t.titlePeriod.inName === true },
      stacked: t.stacked,
      lanes: t.lanes,
      columns: t.columns.length,
      chosen: tabChosen(t, mapping.tabs),
      formulaCells: t.formulaCells.slice(0, 20),
    })),
    columns: layout.keys.map((k) => ({
      key: k.key,
      label: k.label,
      samples: k.samples,
      tabs: k.tabs,
      priceLike: k.priceLike,
      hidden: k.hidden,
      auto: k.auto,
      target: targetOf(layout, mapping, k.key),
      periodic: layout.tabs.some((t) => t.columns.some((c) => c.key === k.key && c.period !== null)),
    })),
    problems: mappingProblems(area, layout, mapping),
    dateOrder: dayOrderView(area, layout, mapping),
  };
}

function dayOrderView(area: DataArea, layout: SourceLayout, mapping: SourceMapping): WizardView["dateOrder"] {
  const days = dayOrderOf(area, layout, mapping);
  return days.written ? { order: days.order, proven: days.proven, example: days.example ?? "" } : null;
}

/** The wizard form's fields → a mapping (unknown targets and keys are dropped: the form names its own). */
export function mappingFromForm(area: DataArea, form: FormData, previous: SourceMapping): { mapping: SourceMapping; saveAs: string } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim().slice(0, 200) : "";
  };
  const columns: Record<string, Target> = { ...previous.columns };
  for (let i = 0; form.has(`k${i}`); i++) {
    const key = text(`k${i}`);
    const target = text(`c${i}`);
    if (!key) continue;
    if (target === "") delete columns[key];
    else if (target === IGNORE || isTarget(area, target)) columns[key] = target;
  }
  const row = Number(text("headerRow"));
  const rows = text("headerRows") === "2" ? 2 : 1;
  const header = Number.isInteger(row) && row >= 1 && row <= 1000 ? { row, rows: rows as 1 | 2 } : null;
  const tabs = form.has("tabsShown") ? form.getAll("tabs").filter((v): v is string => typeof v === "string") : previous.tabs;
  const fixed: FixedValues = {};
  for (const key of fixedKeysOf(area)) {
    const value = text(`fixed.${key}`);
    if (!value) continue;
    if (key === "tier") {
      if ((TIER_CHOICES as readonly string[]).includes(value)) fixed.tier = value as TierChoice;
    } else fixed[key] = value;
  }
  // Checkboxes the page shows only where they apply: when one was not on the form, the choice so far stands.
  const ticked = (name: "carrierTitles" | "startToday") => (form.has(`${name}Shown`) ? form.get(name) === "1" : previous[name] === true);
  // The date order's select is shown only when the dates need it: when it was not on the form, the choice so far stands.
  const order = form.has("dateOrder") ? DAY_ORDERS.find((o) => o === text("dateOrder")) : previous.dateOrder;
  const choices = {
    ...(ticked("carrierTitles") ? { carrierTitles: true } : {}),
    ...(ticked("startToday") ? { startToday: true } : {}),
    ...(order ? { dateOrder: order } : {}),
  };
  return { mapping: { tabs, header, columns, fixed, ...choices }, saveAs: text("saveAs").slice(0, 60) };
}

/** Saves the clerk's choices (the form of the wizard's page); false when the upload is gone. */
export async function saveChoices(area: DataArea, viewer: Who, id: string, form: FormData): Promise<boolean> {
  const upload = await findUpload(area, viewer, id);
  if (!upload) return false;
  let { mapping, saveAs } = mappingFromForm(area, form, upload.mapping as SourceMapping);
  let profileId = upload.profileId;
  // "Start from a saved source": its mapping replaces the one so far.
  const from = Number(form.get("profile"));
  if (Number.isInteger(from) && from > 0 && from !== upload.profileId) {
    const profile = (await listProfiles(area)).find((p) => p.id === from);
    if (profile) {
      mapping = profile.mapping;
      profileId = profile.id;
      saveAs = profile.name;
    }
  }
  await prisma.importWizardUpload.update({ where: { id }, data: { mapping, saveAs: saveAs || null, profileId } });
  return true;
}

export type WizardPreviewOutcome =
  | { ok: true; preview: string; summary: PreviewSummary }
  | { ok: false; gone: true }
  | { ok: false; gone: false; problems: ImportProblem[] };

/** The clerk's mapping previewed (and saved as a source profile when named); what is still to decide refuses it. */
export async function wizardPreview(area: DataArea, viewer: Who, id: string): Promise<WizardPreviewOutcome> {
  const upload = await findUpload(area, viewer, id);
  if (!upload) return { ok: false, gone: true };
  const mapping = upload.mapping as SourceMapping;
  const read = await readUpload(upload.fileKey);
  if (!read.ok) return { ok: false, gone: false, problems: read.problems };
  const layout = await layoutFor(area, read.tabs, mapping);
  const problems = mappingProblems(area, layout, mapping);
  if (problems.length) return { ok: false, gone: false, problems };
  const profile = upload.saveAs ? await saveProfile(area, viewer, upload.saveAs, layoutSignature(layout), mapping) : null;
  if (profile && profile.id !== upload.profileId)
    await prisma.importWizardUpload.update({ where: { id }, data: { profileId: profile.id } });
  const made = await previewOf(area, viewer, upload, read.tabs, layout, mapping, profile && { id: profile.id, name: profile.name });
  if (!made.ok) return { ok: false, gone: false, problems: made.problems };
  return { ok: true, preview: made.id, summary: made.summary };
}

/** Deletes the user's wizard upload and its file. */
export async function discardWizard(area: DataArea, viewer: Who, id: string): Promise<void> {
  const upload = await findUpload(area, viewer, id);
  if (!upload) return;
  await prisma.importWizardUpload.delete({ where: { id } });
  await removePreviewFiles([upload.fileKey]);
}
