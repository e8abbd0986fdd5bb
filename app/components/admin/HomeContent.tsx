// The website (/homeList) and app (/app-home) home-content screens: a
// two-level tree table, one editor for add and edit with the image upload
// and its magnifier preview, delete confirmation; the website screen also
// has the home-categories tab.
import { keyUnder } from "~/i18n/keys";
import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useTranslation } from "~/i18n/react";
import { homeCategorySchema, homeItemSchema } from "~/domain/home-content/schemas";
import { DialogActions } from "./AdminDialog";
import { UrlDialog } from "~/components/dialog";
import { ConfirmDialog } from "./ConfirmDialog";
import { TreePlacement, type ParentChoice } from "./TreePlacement";
import { hrefWith } from "~/components/urls";
import { shanghaiDateTime } from "./format";
import { ErrorList, Field, Select, TextArea, textOf } from "~/components/forms";
import { AdminBreadcrumb } from "./AdminScreen";
import { LevelTag, TreeTable } from "~/components/TreeTable";
import type { HomeItemSummary } from "~/domain/home-content/home-content.server";

type Item = HomeItemSummary;
type Row = Item & { depth: number; createdAt: string; updatedAt: string };
type Category = { id: number; name: string; description: string | null; sort: number };

export type HomeScreenData = {
  screen: { channel: "WEB" | "APP"; path: string; categories: boolean };
  tab: "items" | "categories";
  items: Row[];
  parents: ParentChoice[];
  categories: (Category & { updatedAt: string })[];
  dialog:
    | { kind: "add" }
    | { kind: "edit" | "delete"; item: Item }
    | { kind: "addCategory" }
    | { kind: "editCategory" | "deleteCategory"; category: Category }
    | null;
};

export const homeImageUrl = (name: string) => `/home-images/${name}`;

function dateTime(iso: string) {
  return shanghaiDateTime(iso).slice(0, 16);
}

export function HomeContentPage({ data }: { data: HomeScreenData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const web = data.screen.channel === "WEB";
  const title = t(web ? "admin.home.webTitle" : "admin.home.appTitle");
  const { dialog } = data;
  return (
    <section className="admin-page" aria-labelledby="home-title">
      <AdminBreadcrumb area={t("admin.common.operationsArea")} title={title} />
      <div className="admin-toolbar">
        <h1 id="home-title">{title}</h1>
        <Link to={hrefWith(location, { dialog: "add", id: null })} className="button button--primary" preventScrollReset>
          {t(data.tab === "categories" ? "admin.category.add" : "admin.home.add")}
        </Link>
      </div>
      {data.screen.categories ? (
        <ul className="admin-tabs">
          <li>
            <Link to={data.screen.path} aria-current={data.tab === "items" ? "page" : undefined}>
              {t("admin.home.itemsTab")}
            </Link>
          </li>
          <li>
            <Link to={`${data.screen.path}?tab=categories`} aria-current={data.tab === "categories" ? "page" : undefined}>
              {t("admin.category.tab")}
            </Link>
          </li>
        </ul>
      ) : null}
      {data.tab === "categories" ? <CategoryTable categories={data.categories} /> : <ItemTable rows={data.items} web={web} />}

      {dialog?.kind === "add" ? <HomeItemEditor key="add" web={web} parents={data.parents} /> : null}
      {dialog?.kind === "edit" ? (
        <HomeItemEditor key={`edit-${dialog.item.id}`} web={web} parents={data.parents} item={dialog.item} />
      ) : null}
      {dialog?.kind === "delete" ? (
        <ConfirmDialog
          title={t("admin.home.deleteTitle")}
          message={t("admin.home.deleteConfirm", { name: dialog.item.name })}
          intent="delete"
          id={dialog.item.id}
        />
      ) : null}
      {dialog?.kind === "addCategory" ? <CategoryEditor key="add-category" /> : null}
      {dialog?.kind === "editCategory" ? <CategoryEditor key={`edit-category-${dialog.category.id}`} category={dialog.category} /> : null}
      {dialog?.kind === "deleteCategory" ? (
        <ConfirmDialog
          title={t("admin.category.deleteTitle")}
          message={t("admin.home.deleteConfirm", { name: dialog.category.name })}
          intent="deleteCategory"
          id={dialog.category.id}
        />
      ) : null}
    </section>
  );
}

function Thumb({ item }: { item: { imagePath: string | null; name: string } }) {
  const { t } = useTranslation();
  return item.imagePath ? (
    <img className="admin-thumb" src={homeImageUrl(item.imagePath)} alt={item.name} loading="lazy" />
  ) : (
    <span className="admin-thumb" role="img" aria-label={t("admin.home.noImage")}>
      {t("admin.home.noImageShort")}
    </span>
  );
}

function ItemTable({ rows, web }: { rows: Row[]; web: boolean }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="admin-empty">{t("admin.common.empty")}</p>;
  return (
    <TreeTable
      rows={rows}
      name={(row) => row.name}
      columns={[
        { header: t("admin.home.name"), tree: true, cell: (row) => row.name },
        { header: t("admin.home.description"), cell: (row) => row.description },
        { header: t("admin.home.type"), cell: (row) => <LevelTag level={row.level} /> },
        { header: t("admin.home.image"), cell: (row) => <Thumb item={row} /> },
        ...(web
          ? [{ header: t("admin.home.size"), cell: (row: Row) => (row.size ? t(keyUnder("admin.home.sizeName.", row.size)) : "") }]
          : []),
        { header: t("admin.common.createdAt"), cell: (row) => dateTime(row.createdAt), className: "admin-nowrap" },
        { header: t("admin.common.updatedAt"), cell: (row) => dateTime(row.updatedAt), className: "admin-nowrap" },
      ]}
      actions={() => [
        { dialog: "edit", label: t("admin.common.edit") },
        { dialog: "delete", label: t("admin.common.delete"), danger: true },
      ]}
    />
  );
}

/** The image at scale 2 under the pointer (CSS zoom; JavaScript only moves the origin). */
function Magnifier({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation();
  return (
    <div
      className="admin-magnifier"
      // Focusable so that keyboard users get the zoomed view too (:focus in the CSS).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-label={t("admin.home.magnifier")}
      onMouseMove={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        event.currentTarget.style.setProperty("--zoom-x", `${((event.clientX - box.left) / box.width) * 100}%`);
        event.currentTarget.style.setProperty("--zoom-y", `${((event.clientY - box.top) / box.height) * 100}%`);
      }}
    >
      <img src={src} alt={alt} />
    </div>
  );
}

function HomeItemEditor({ web, parents, item }: { web: boolean; parents: ParentChoice[]; item?: Item }) {
  const { t } = useTranslation();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: item ? `home-edit-${item.id}` : "home-add",
    lastResult,
    defaultValue: item
      ? {
          name: item.name,
          description: item.description ?? "",
          nameEn: item.nameEn ?? "",
          descriptionEn: item.descriptionEn ?? "",
          parentId: String(item.parentId ?? 0),
          level: String(item.level),
          size: item.size ?? "",
        }
      : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: homeItemSchema }),
  });
  const imageErrors = form.allErrors.image;
  // The website needs an image on add and edit, the app on edit only (an existing one counts).
  const imageRequired = (web || !!item) && !item?.imagePath;
  return (
    <UrlDialog look="admin" title={t(item ? "admin.home.editTitle" : "admin.home.addTitle")} wide>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="stack" preventScrollReset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value={item ? "update" : "create"} />
        {item ? <input type="hidden" name="id" value={item.id} /> : null}
        <Field label={t("admin.home.name")} inputProps={getInputProps(fields.name, { type: "text" })} errors={fields.name.errors} />
        <TextArea
          label={t("admin.home.description")}
          textareaProps={{ name: "description", defaultValue: textOf(fields.description.initialValue), maxLength: 200 }}
          errors={fields.description.errors}
        />
        {/* The English form English pages show (issue 45 item 2); empty: English pages show the Chinese. */}
        <Field
          label={t("admin.home.nameEn")}
          hint={t("admin.home.englishHint")}
          inputProps={{ ...getInputProps(fields.nameEn, { type: "text" }), maxLength: 40 }}
          errors={fields.nameEn.errors}
        />
        <TextArea
          label={t("admin.home.descriptionEn")}
          textareaProps={{ name: "descriptionEn", defaultValue: textOf(fields.descriptionEn.initialValue), maxLength: 200 }}
          errors={fields.descriptionEn.errors}
        />
        <TreePlacement
          parents={parents}
          maxLevel={2}
          defaultParent={textOf(fields.parentId.initialValue)}
          defaultLevel={textOf(fields.level.initialValue)}
          errors={{ parentId: fields.parentId.errors, level: fields.level.errors }}
          labels={{
            parent: t("admin.home.parent"),
            level: t("admin.home.type"),
            noParent: t("admin.tree.noParent"),
            placeholder: t("admin.common.choose"),
            levelName: (level) => t(keyUnder("admin.tree.levelName.", level)),
          }}
        />
        {web ? (
          <Select
            label={t("admin.home.size")}
            placeholder={t("admin.common.choose")}
            options={[
              { value: "B", label: t("admin.home.sizeName.B") },
              { value: "S", label: t("admin.home.sizeName.S") },
            ]}
            errors={fields.size.errors}
            selectProps={{ name: "size", defaultValue: textOf(fields.size.initialValue) }}
          />
        ) : null}
        <div className="field">
          <label htmlFor="home-image">{t("admin.home.image")}</label>
          <input
            id="home-image"
            type="file"
            name="image"
            accept="image/*"
            required={imageRequired}
            aria-invalid={imageErrors?.length ? true : undefined}
            aria-describedby={imageErrors?.length ? "home-image-error" : "home-image-hint"}
          />
          <p id="home-image-hint" className="field__hint">
            {t("admin.home.imageHint")}
          </p>
          <ErrorList id="home-image-error" errors={imageErrors} />
        </div>
        <div className="field">
          <span>{t("admin.home.preview")}</span>
          {item?.imagePath ? (
            <Magnifier src={homeImageUrl(item.imagePath)} alt={item.name} />
          ) : (
            <p className="admin-placeholder admin-magnifier">{t("admin.home.noImage")}</p>
          )}
        </div>
        <DialogActions busy={busy} />
      </Form>
    </UrlDialog>
  );
}

function CategoryTable({ categories }: { categories: (Category & { updatedAt: string })[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (categories.length === 0) return <p className="admin-empty">{t("admin.common.empty")}</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t("admin.category.sort")}</th>
            <th scope="col">{t("admin.category.name")}</th>
            <th scope="col">{t("admin.category.description")}</th>
            <th scope="col">{t("admin.common.updatedAt")}</th>
            <th scope="col">{t("admin.common.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {categories.map((category) => (
            <tr key={category.id}>
              <td>{category.sort}</td>
              <th scope="row">{category.name}</th>
              <td>{category.description}</td>
              <td className="admin-nowrap">{dateTime(category.updatedAt)}</td>
              <td className="admin-actions">
                <Link to={hrefWith(location, { dialog: "edit", id: category.id })} preventScrollReset>
                  {t("admin.common.edit")}
                </Link>
                <Link to={hrefWith(location, { dialog: "delete", id: category.id })} className="admin-actions__danger" preventScrollReset>
                  {t("admin.common.delete")}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CategoryEditor({ category }: { category?: Category }) {
  const { t } = useTranslation();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: category ? `category-edit-${category.id}` : "category-add",
    lastResult,
    defaultValue: category ? { name: category.name, description: category.description ?? "", sort: String(category.sort) } : { sort: "0" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: homeCategorySchema }),
  });
  return (
    <UrlDialog look="admin" title={t(category ? "admin.category.editTitle" : "admin.category.addTitle")}>
      <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="saveCategory" />
        {category ? <input type="hidden" name="id" value={category.id} /> : null}
        <Field label={t("admin.category.name")} inputProps={getInputProps(fields.name, { type: "text" })} errors={fields.name.errors} />
        <TextArea
          label={t("admin.category.description")}
          textareaProps={{ name: "description", defaultValue: textOf(fields.description.initialValue), maxLength: 200 }}
          errors={fields.description.errors}
        />
        <Field label={t("admin.category.sort")} inputProps={getInputProps(fields.sort, { type: "number" })} errors={fields.sort.errors} />
        <DialogActions busy={busy} />
      </Form>
    </UrlDialog>
  );
}
