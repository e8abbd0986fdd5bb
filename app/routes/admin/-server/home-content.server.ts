// Loader and action of the two home-content screens (/homeList for the
// website, /app-home for the app), which differ only in their channel and
// the size field. /homeList also hosts the home categories (?tab=categories).
import type { RequestArgs } from "~/http/context.server";
import { operationAction, requireOperation, type DeclaredOperations, type OperationGate } from "~/http/auth.server";
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import type { HomeScreenData } from "~/components/admin/HomeContent";
import { backToList, badRequest, cancelled, idOf, intentOf, notFound } from "~/http/replies.server";
import { buildTree, flattenTree } from "~/domain/menus/tree";
import {
  createHomeItem,
  deleteHomeCategory,
  deleteHomeItem,
  getHomeCategory,
  getHomeItem,
  homeParentChoices,
  listHomeCategories,
  listHomeItems,
  saveHomeCategory,
  updateHomeItem,
  type HomeItemSummary,
} from "~/domain/home-content/home-content.server";
import { HOME_IMAGE_MAX_BYTES, parseImageUpload } from "~/utils/images.server";
import { homeCategorySchema, homeItemSchema } from "~/domain/home-content/schemas";
import { APP_SCREEN, WEB_SCREEN, type HomeScreen } from "~/domain/home-content/screens";

function itemSummary(item: HomeItemSummary): HomeItemSummary {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    nameEn: item.nameEn,
    descriptionEn: item.descriptionEn,
    parentId: item.parentId,
    level: item.level,
    imagePath: item.imagePath,
    size: item.size,
  };
}

async function categoriesView(url: URL) {
  const categories = (await listHomeCategories()).map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    sort: c.sort,
    updatedAt: c.updatedAt.toISOString(),
  }));
  const dialog = url.searchParams.get("dialog");
  if (dialog === "add") return { categories, dialog: { kind: "addCategory" as const } };
  if (dialog === "edit" || dialog === "delete") {
    const id = idOf(url.searchParams.get("id"));
    const category = id ? await getHomeCategory(id) : null;
    if (!category) throw notFound();
    const summary = { id: category.id, name: category.name, description: category.description, sort: category.sort };
    return {
      categories,
      dialog:
        dialog === "edit" ? { kind: "editCategory" as const, category: summary } : { kind: "deleteCategory" as const, category: summary },
    };
  }
  return { categories, dialog: null };
}

export async function homeScreenLoader(args: RequestArgs, screen: HomeScreen): Promise<HomeScreenData> {
  const url = new URL(args.request.url);
  const categoriesTab = screen.categories && url.searchParams.get("tab") === "categories";
  await requireOperation(args, categoriesTab ? "content.category.read" : screen.operations.read);
  const view = { channel: screen.channel, path: screen.path, categories: screen.categories };
  if (categoriesTab) return { screen: view, tab: "categories" as const, items: [], parents: [], ...(await categoriesView(url)) };
  const items = await listHomeItems(screen.channel);
  const rows = flattenTree(buildTree(items)).map(({ node, depth }) => ({
    ...itemSummary(node),
    depth,
    createdAt: node.createdAt.toISOString(),
    updatedAt: node.updatedAt.toISOString(),
  }));
  const parentsFor = (editingId?: number) =>
    homeParentChoices(items, editingId).map((item) => ({ id: item.id, label: item.name, level: item.level, depth: item.depth }));
  const base = { screen: view, tab: "items" as const, items: rows, categories: [] };
  const dialog = url.searchParams.get("dialog");
  if (dialog === "add") return { ...base, parents: parentsFor(), dialog: { kind: "add" as const } };
  if (dialog === "edit" || dialog === "delete") {
    const id = idOf(url.searchParams.get("id"));
    const item = id ? await getHomeItem(screen.channel, id) : null;
    if (!item) throw notFound();
    return { ...base, parents: parentsFor(item.id), dialog: { kind: dialog, item: itemSummary(item) } };
  }
  return { ...base, parents: [], dialog: null };
}

/** The form without its file, for validation and for the reply (files are not serialisable). */
function withoutFile(form: FormData, field: string): FormData {
  const copy = new FormData();
  for (const [key, value] of form) if (key !== field && typeof value === "string") copy.append(key, value);
  return copy;
}

/** The intents of a home-content screen and the operation each performs. */
function homeIntents(screen: HomeScreen): DeclaredOperations {
  const { create, update, delete: remove } = screen.operations;
  return {
    create,
    update,
    delete: remove,
    cancelDelete: remove,
    cancel: remove,
    ...(screen.categories ? { saveCategory: "content.category.save", deleteCategory: "content.category.delete" } : {}),
  };
}

function homeScreenAction(screen: HomeScreen) {
  return operationAction(homeIntents(screen), ({ request }, gate) => homeAction(request, screen, gate));
}

export const webHomeAction = homeScreenAction(WEB_SCREEN);
export const appHomeAction = homeScreenAction(APP_SCREEN);

async function homeAction(request: Request, screen: HomeScreen, gate: OperationGate) {
  const upload = await parseImageUpload(request, "image", HOME_IMAGE_MAX_BYTES);
  if (!upload.ok) {
    const key = upload.error === "tooLarge" ? "admin.home.imageTooLarge" : "admin.home.imageInvalid";
    const status = upload.error === "tooLarge" ? 413 : 400;
    if (!upload.form) return data({ status: "error" as const, error: { "": [key], image: [key] } }, { status });
    // Only the image was refused: the editor answers with everything typed (issue 22 item 14).
    const form = withoutFile(upload.form, "image");
    await gate.authorizeUser(intentOf(form));
    return data(parseWithZod(form, { schema: homeItemSchema }).reply({ formErrors: [key], fieldErrors: { image: [key] } }), { status });
  }
  const form = withoutFile(upload.form, "image");
  const intent = intentOf(form);
  const viewer = await gate.authorizeUser(intent);
  if (intent === "cancelDelete" || intent === "cancel") return cancelled(request, intent);

  if (intent === "saveCategory") {
    if (!screen.categories) throw badRequest();
    const submission = parseWithZod(form, { schema: homeCategorySchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const id = idOf(form.get("id"));
    const outcome = await saveHomeCategory(viewer, id, submission.value);
    if (!outcome.ok) {
      return data(
        submission.reply({
          fieldErrors: outcome.fieldErrors,
          formErrors: [outcome.message ?? (id ? "admin.home.editFailed" : "admin.home.addFailed")],
        }),
        {
          status: outcome.status,
        },
      );
    }
    return backToList(request, id ? "admin.home.edited" : "admin.home.added");
  }
  if (intent === "deleteCategory") {
    if (!screen.categories) throw badRequest();
    const id = idOf(form.get("id"));
    if (!id) throw badRequest();
    const outcome = await deleteHomeCategory(viewer, id);
    return backToList(
      request,
      outcome.ok ? "admin.home.deleted" : (outcome.message ?? "admin.home.deleteFailed"),
      outcome.ok ? "success" : "error",
    );
  }

  if (intent === "create" || intent === "update") {
    const submission = parseWithZod(form, { schema: homeItemSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const image = upload.file ? { bytes: new Uint8Array(await upload.file.arrayBuffer()) } : null;
    const id = idOf(form.get("id"));
    if (intent === "update" && !id) throw badRequest();
    const outcome =
      intent === "create"
        ? await createHomeItem(viewer, screen.channel, submission.value, image)
        : await updateHomeItem(viewer, screen.channel, id!, submission.value, image);
    if (!outcome.ok) {
      const nameTaken = outcome.fieldErrors?.name?.includes("admin.home.nameTaken");
      const formError = nameTaken
        ? "admin.home.nameTaken"
        : (outcome.message ?? (intent === "create" ? "admin.home.addFailed" : "admin.home.editFailed"));
      return data(submission.reply({ fieldErrors: outcome.fieldErrors, formErrors: [formError] }), { status: outcome.status });
    }
    return backToList(request, intent === "create" ? "admin.home.added" : "admin.home.edited");
  }
  if (intent === "delete") {
    const id = idOf(form.get("id"));
    if (!id) throw badRequest();
    const outcome = await deleteHomeItem(viewer, screen.channel, id);
    return backToList(
      request,
      outcome.ok ? "admin.home.deleted" : (outcome.message ?? "admin.home.deleteFailed"),
      outcome.ok ? "success" : "error",
    );
  }
  throw badRequest();
}
