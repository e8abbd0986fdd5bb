// Website and app home content (administration.md 2.5, 2.6): a two-level tree
// per channel. Names are unique per channel; the website needs an image and
// a size (B/S) on add and edit, the app needs an image on edit only; no image
// means the placeholder is shown.
import { prisma } from "~/utils/db.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { HomeChannel } from "~/generated/prisma/client";
import { logOperation } from "~/domain/operation-log/operation-log.server";
import { fail, type Outcome } from "~/domain/outcome";
import { uniqueViolation } from "~/utils/unique-violation.server";
import { buildTree, levelUnder, treeChoices } from "~/domain/menus/tree";
import { deleteImage, saveImage } from "~/utils/images.server";
import { detectImage } from "~/utils/uploads.server";
import type { HomeCategoryInput, HomeItemInput } from "./schemas";
import type { Language } from "~/i18n/config";

export type HomeItemRow = {
  id: number;
  name: string;
  description: string | null;
  nameEn: string | null;
  descriptionEn: string | null;
  parentId: number | null;
  level: number;
  imagePath: string | null;
  size: string | null;
  sort: number;
  createdAt: Date;
  updatedAt: Date;
};

/** What the home-content screens show and edit of an item (the tree rows and the dialogs). */
export type HomeItemSummary = Pick<
  HomeItemRow,
  "id" | "name" | "description" | "nameEn" | "descriptionEn" | "parentId" | "level" | "imagePath" | "size"
>;

export function listHomeItems(channel: HomeChannel): Promise<HomeItemRow[]> {
  return prisma.homeContent.findMany({
    where: { channel },
    orderBy: [{ sort: "asc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      description: true,
      nameEn: true,
      descriptionEn: true,
      parentId: true,
      level: true,
      imagePath: true,
      size: true,
      sort: true,
      createdAt: true,
      updatedAt: true,
    },
  });
}

export function getHomeItem(channel: HomeChannel, id: number) {
  return prisma.homeContent.findFirst({ where: { id, channel } });
}

/** Parent choices: items of type (level) below 2, plus "no parent" in the form. */
export function homeParentChoices(items: HomeItemRow[], editingId?: number) {
  return treeChoices(items, (item) => item.level < 2 && item.id !== editingId);
}

type ImageInput = { bytes: Uint8Array } | null;

async function checkInput(
  channel: HomeChannel,
  input: HomeItemInput,
  mode: { editing?: { id: number; imagePath: string | null; childCount: number } },
  image: ImageInput,
): Promise<Outcome<{ parentId: number | null }>> {
  const errors: Record<string, string[]> = {};
  if (channel === "WEB" && !input.size) errors.size = ["admin.home.sizeRequired"];
  // Website: image on add and edit; app: on edit only (an existing image counts).
  const needsImage = channel === "WEB" || !!mode.editing;
  if (needsImage && !image && !mode.editing?.imagePath) errors.image = ["admin.home.imageRequired"];
  if (image && !detectImage(image.bytes)) errors.image = ["admin.home.imageInvalid"];

  let parentId: number | null = null;
  if (input.parentId === 0) {
    if (input.level !== 1) errors.level = ["admin.home.levelRule"];
  } else {
    const parent = await prisma.homeContent.findFirst({ where: { id: input.parentId, channel } });
    if (!parent || parent.level >= 2 || parent.id === mode.editing?.id) errors.parentId = ["admin.home.parentRequired"];
    else if (input.level !== levelUnder(parent.level)) errors.level = ["admin.home.levelRule"];
    else parentId = parent.id;
  }
  if (mode.editing && mode.editing.childCount > 0 && input.level !== 1) errors.level = ["admin.home.levelLocked"];

  const duplicate = await prisma.homeContent.findFirst({
    where: { channel, name: input.name, ...(mode.editing ? { id: { not: mode.editing.id } } : {}) },
    select: { id: true },
  });
  if (duplicate) errors.name = ["admin.home.nameTaken"];
  return Object.keys(errors).length ? fail(400, undefined, errors) : { ok: true, parentId };
}

async function storeImage(image: ImageInput): Promise<string | null> {
  if (!image) return null;
  const ext = detectImage(image.bytes);
  return ext ? saveImage("home", image.bytes, ext) : null;
}

const OPERATION: Record<HomeChannel, string> = { WEB: "webHome", APP: "appHome" };

function taken(error: unknown): Outcome<never> | null {
  return uniqueViolation(error) ? fail(400, "admin.home.nameTaken", { name: ["admin.home.nameTaken"] }) : null;
}

export async function createHomeItem(
  viewer: Viewer,
  channel: HomeChannel,
  input: HomeItemInput,
  image: ImageInput,
): Promise<Outcome<{ id: number }>> {
  const checked = await checkInput(channel, input, {}, image);
  if (!checked.ok) return checked;
  const imagePath = await storeImage(image);
  try {
    const item = await prisma.$transaction(async (tx) => {
      const created = await tx.homeContent.create({
        data: {
          channel,
          name: input.name,
          description: input.description,
          nameEn: input.nameEn ?? null,
          descriptionEn: input.descriptionEn ?? null,
          parentId: checked.parentId,
          level: input.level,
          imagePath,
          size: channel === "WEB" ? input.size : null,
        },
      });
      await logOperation(tx, viewer, {
        module: "add",
        operation: OPERATION[channel],
        targetIds: String(created.id),
        params: `name=${input.name}`,
        after: loggedItem(created),
      });
      return created;
    });
    return { ok: true, id: item.id };
  } catch (error) {
    await deleteImage("home", imagePath);
    const outcome = taken(error);
    if (outcome) return outcome;
    throw error;
  }
}

/** The logged values of a home item or category (issue 22 item 12: edits log old → new, deletes the content). */
function loggedItem(row: {
  name: string;
  description: string | null;
  nameEn?: string | null;
  descriptionEn?: string | null;
  parentId?: number | null;
  level?: number;
  imagePath?: string | null;
  size?: string | null;
  sort?: number;
}) {
  return {
    name: row.name,
    description: row.description,
    nameEn: row.nameEn ?? null,
    descriptionEn: row.descriptionEn ?? null,
    parentId: row.parentId ?? null,
    level: row.level ?? null,
    imagePath: row.imagePath ?? null,
    size: row.size ?? null,
    sort: row.sort ?? null,
  };
}

export async function updateHomeItem(
  viewer: Viewer,
  channel: HomeChannel,
  id: number,
  input: HomeItemInput,
  image: ImageInput,
): Promise<Outcome> {
  const existing = await prisma.homeContent.findFirst({ where: { id, channel }, include: { _count: { select: { children: true } } } });
  if (!existing) return fail(404, "admin.home.loadFailed");
  const checked = await checkInput(
    channel,
    input,
    { editing: { id, imagePath: existing.imagePath, childCount: existing._count.children } },
    image,
  );
  if (!checked.ok) return checked;
  const imagePath = await storeImage(image);
  try {
    await prisma.$transaction(async (tx) => {
      const updated = await tx.homeContent.update({
        where: { id },
        data: {
          name: input.name,
          description: input.description,
          // Undefined (a request without the fields) leaves the English form as it is.
          nameEn: input.nameEn,
          descriptionEn: input.descriptionEn,
          parentId: checked.parentId,
          level: input.level,
          ...(imagePath ? { imagePath } : {}),
          size: channel === "WEB" ? input.size : null,
        },
      });
      await logOperation(tx, viewer, {
        module: "edit",
        operation: OPERATION[channel],
        targetIds: String(id),
        params: `name=${input.name}`,
        before: loggedItem(existing),
        after: loggedItem(updated),
      });
    });
  } catch (error) {
    await deleteImage("home", imagePath);
    const outcome = taken(error);
    if (outcome) return outcome;
    throw error;
  }
  if (imagePath) await deleteImage("home", existing.imagePath);
  return { ok: true };
}

export async function deleteHomeItem(viewer: Viewer, channel: HomeChannel, id: number): Promise<Outcome> {
  const existing = await prisma.homeContent.findFirst({ where: { id, channel }, include: { _count: { select: { children: true } } } });
  if (!existing) return fail(404, "admin.home.deleteFailed");
  if (existing._count.children > 0) return fail(409, "admin.tree.hasChildren");
  await prisma.$transaction(async (tx) => {
    await tx.homeContent.delete({ where: { id } });
    await logOperation(tx, viewer, {
      module: "delete",
      operation: OPERATION[channel],
      targetIds: String(id),
      params: `name=${existing.name}`,
      before: loggedItem(existing),
    });
  });
  await deleteImage("home", existing.imagePath);
  return { ok: true };
}

// ------------------------------------------------------------ categories

export function listHomeCategories() {
  return prisma.homeCategory.findMany({ orderBy: [{ sort: "asc" }, { id: "asc" }] });
}

export function getHomeCategory(id: number) {
  return prisma.homeCategory.findUnique({ where: { id } });
}

export async function saveHomeCategory(viewer: Viewer, id: number | null, input: HomeCategoryInput): Promise<Outcome<{ id: number }>> {
  const existing = id ? await getHomeCategory(id) : null;
  if (id && !existing) return fail(404, "admin.home.loadFailed");
  const duplicate = await prisma.homeCategory.findFirst({
    where: { name: input.name, ...(id ? { id: { not: id } } : {}) },
    select: { id: true },
  });
  if (duplicate) return fail(400, undefined, { name: ["admin.home.nameTaken"] });
  try {
    const saved = await prisma.$transaction(async (tx) => {
      const data = { name: input.name, description: input.description, sort: input.sort };
      const row = id ? await tx.homeCategory.update({ where: { id }, data }) : await tx.homeCategory.create({ data });
      await logOperation(tx, viewer, {
        module: id ? "edit" : "add",
        operation: "homeCategories",
        targetIds: String(row.id),
        params: `name=${input.name}`,
        before: existing ? loggedItem(existing) : null,
        after: loggedItem(row),
      });
      return row;
    });
    return { ok: true, id: saved.id };
  } catch (error) {
    const outcome = taken(error);
    if (outcome) return outcome;
    throw error;
  }
}

export async function deleteHomeCategory(viewer: Viewer, id: number): Promise<Outcome> {
  const existing = await getHomeCategory(id);
  if (!existing) return fail(404, "admin.home.deleteFailed");
  await prisma.$transaction(async (tx) => {
    await tx.homeCategory.delete({ where: { id } });
    await logOperation(tx, viewer, {
      module: "delete",
      operation: "homeCategories",
      targetIds: String(id),
      params: `name=${existing.name}`,
      before: loggedItem(existing),
    });
  });
  return { ok: true };
}

// ------------------------------------------------------------ customer pages

/** A website block as the customer pages show it: a level-1 group and its level-2 items. */
export type HomeBlock = {
  id: number;
  name: string;
  description: string | null;
  /** Public URL of the image; null: the placeholder (spec: image 1 = none). */
  image: string | null;
  /** "B" large, "S" small. */
  size: "B" | "S";
  items: Omit<HomeBlock, "items">[];
};

/** The website home content for /home and /us, in the staff's order, in `lng` (the English form where staff gave one). */
export async function websiteBlocks(lng: Language): Promise<HomeBlock[]> {
  const items = await listHomeItems("WEB");
  const english = lng === "en-US";
  const show = (item: HomeItemRow) => ({
    id: item.id,
    name: (english && item.nameEn) || item.name,
    description: english && item.nameEn ? item.descriptionEn : item.description,
    image: item.imagePath ? `/home-images/${item.imagePath}` : null,
    size: item.size === "B" ? ("B" as const) : ("S" as const),
  });
  return buildTree(items)
    .filter((group) => group.level === 1)
    .map((group) => ({ ...show(group), items: group.children.map(show) }));
}
