// Port aliases (issue 23 item 3, decision 205): the staff-maintained table of
// spellings → sea port, and the queue of names imports could not resolve,
// each mapped to a port with one action (saved as an alias, stored rows fixed
// in the same transaction). Menu 25 under 数据管理; operations portAlias.*.
// Server-rendered forms: works with JavaScript off. `?name=` (the insights
// dashboard's action for a searched name that is no known port) fills the
// new alias with that name.
import { requireOperation, runAction } from "~/http/auth.server";
import { messageText, useTranslation } from "~/i18n/react";
import { keyUnder } from "~/i18n/keys";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { z } from "~/utils/zod";
import {
  aliasTable,
  deleteAlias,
  dismissUnresolved,
  findAlias,
  listAliases,
  listUnresolved,
  mapUnresolved,
  saveAlias,
  type AliasOutcome,
} from "~/domain/reference/port-aliases.server";
import { parseTableQuery, tablePage } from "~/domain/table/paging.server";
import { DataTable, SearchField, FilterForm, Pager, type TableColumn } from "~/components/table";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { backOfficeMeta } from "~/components/backoffice/meta";
import { shanghaiDateTime } from "~/components/admin/format";
import { Field, IntentForm } from "~/components/forms";
import { backToList, intentOf } from "~/http/replies.server";
import { readFormData } from "~/utils/form-data.server";
import { blankControlCharacters } from "~/utils/control-characters";
import { AdminBreadcrumb, adminTableLinks } from "~/components/admin/AdminScreen";

export const links = adminTableLinks;
export const meta = backOfficeMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperation({ request, context }, "portAlias.read");
  const url = new URL(request.url);
  const query = parseTableQuery(url, aliasTable);
  const editId = Number(url.searchParams.get("edit"));
  const newAlias = blankControlCharacters(url.searchParams.get("name") ?? "")
    .trim()
    .slice(0, 100);
  const [{ rows, total }, queue, editing] = await Promise.all([
    listAliases({ q: query.filters.q, skip: query.skip, take: query.take }),
    listUnresolved(),
    Number.isSafeInteger(editId) && editId > 0 ? findAlias(editId) : Promise.resolve(null),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    page: tablePage(query, total),
    queue: queue.map((row) => ({ ...row, firstSeen: row.firstSeen.toISOString() })),
    editing,
    newAlias,
  };
}

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

type Failure = { intent: string; id: number | null; error: string; values?: Record<string, string> };
const failure = (intent: string, id: number | null, error: string, values?: Record<string, string>) =>
  data<Failure>({ intent, id, error: `portAliases.error.${error}`, values }, { status: error === "notFound" ? 404 : 400 });

/** A saved or mapped alias: back to the list with the counts of fixed rows. */
function outcomeReply(request: Request, intent: string, id: number | null, outcome: AliasOutcome, alias: string) {
  if (!outcome.ok) return failure(intent, id, outcome.error, outcome.values);
  const values = { alias, port: outcome.port, fcl: outcome.fixed.fcl, lcl: outcome.fixed.lcl };
  const to = new URL(request.url);
  to.searchParams.delete("edit");
  return backToList(request, intent === "map" ? "portAliases.msg.mapped" : "portAliases.msg.saved", "success", {
    values,
    to: `${to.pathname}${to.search}`,
  });
}

export const action = (args: ActionFunctionArgs) =>
  runAction(
    args,
    { save: "portAlias.save", delete: "portAlias.delete", map: "portAlias.map", dismiss: "portAlias.dismiss" },
    async ({ request }, gate) => {
      const form = await readFormData(request);
      const intent = intentOf(form);
      const viewer = await gate.authorizeUser(intent);
      const rawId = text(form, "id");
      const id = idSchema.safeParse(rawId);
      if (intent === "save") {
        if (rawId !== "" && !id.success) return failure(intent, null, "notFound");
        const alias = text(form, "alias");
        if ([...alias.trim()].length > 100) return failure(intent, id.success ? id.data : null, "tooLong");
        const outcome = await saveAlias(viewer, { id: id.success ? id.data : null, alias, port: text(form, "port") });
        return outcomeReply(request, intent, id.success ? id.data : null, outcome, alias.trim());
      }
      if (!id.success) return failure(intent, null, "notFound");
      if (intent === "map") {
        const queued = listUnresolved(1_000).then((rows) => rows.find((r) => r.id === id.data)?.name ?? "");
        const [outcome, name] = await Promise.all([mapUnresolved(viewer, id.data, text(form, "port")), queued]);
        return outcomeReply(request, intent, id.data, outcome, name);
      }
      if (intent === "delete") {
        if (!(await deleteAlias(viewer, id.data))) return failure(intent, id.data, "notFound");
        return backToList(request, "portAliases.msg.deleted");
      }
      if (!(await dismissUnresolved(viewer, id.data))) return failure(intent, id.data, "notFound");
      return backToList(request, "portAliases.msg.dismissed");
    },
  );

export const ErrorBoundary = BackOfficeErrorBoundary;

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type AliasItem = Loaded["rows"][number];
type QueueItem = Loaded["queue"][number];

function ActionError({ failure, intent, id }: { failure: Failure | undefined; intent: string; id: number | null }) {
  const { t } = useTranslation();
  if (!failure || failure.intent !== intent || failure.id !== id) return null;
  return (
    <p className="field__errors" role="alert">
      {messageText(t, failure.error, failure.values ?? {})}
    </p>
  );
}

export default function PortAliasesPage() {
  const { t } = useTranslation();
  const { rows, page, queue, editing, newAlias } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as Failure | undefined;
  const busy = useNavigation().state === "submitting";
  const location = useLocation();
  const editId = editing?.id ?? null;
  const listSearch = new URLSearchParams(location.search);
  listSearch.delete("edit");
  const editHref = (id: number) => {
    const params = new URLSearchParams(listSearch);
    params.set("edit", String(id));
    return `?${params}`;
  };

  const columns: TableColumn<AliasItem>[] = [
    { key: "alias", header: t("portAliases.col.alias"), cell: (row) => row.alias },
    { key: "port", header: t("portAliases.col.port"), cell: (row) => `${row.portName} / ${row.portNameZh}` },
    { key: "portCode", header: t("portAliases.col.portCode"), cell: (row) => row.portCode },
    { key: "createdBy", header: t("portAliases.col.createdBy"), cell: (row) => row.createdBy ?? "" },
    { key: "updatedAt", header: t("portAliases.col.updatedAt"), cell: (row) => shanghaiDateTime(row.updatedAt) },
    {
      key: "actions",
      header: t("portAliases.col.actions"),
      cell: (row) => (
        <>
          <Link to={editHref(row.id)} aria-label={`${t("portAliases.edit")} ${row.alias}`}>
            {t("portAliases.edit")}
          </Link>{" "}
          <IntentForm
            intent="delete"
            values={{ id: row.id }}
            className="inline-form"
            button={{ className: "button button--link", disabled: busy, "aria-label": `${t("portAliases.delete")} ${row.alias}` }}
          >
            {t("portAliases.delete")}
          </IntentForm>
          <ActionError failure={failed} intent="delete" id={row.id} />
        </>
      ),
    },
  ];

  const queueColumns: TableColumn<QueueItem>[] = [
    { key: "name", header: t("portAliases.col.name"), cell: (row) => row.name },
    {
      key: "area",
      header: t("portAliases.col.area"),
      cell: (row) => t(keyUnder("portAliases.area.", row.area), { defaultValue: row.area }),
    },
    { key: "rows", header: t("portAliases.col.rows"), cell: (row) => row.rows },
    { key: "firstSeen", header: t("portAliases.col.firstSeen"), cell: (row) => shanghaiDateTime(row.firstSeen) },
    {
      key: "actions",
      header: t("portAliases.col.actions"),
      cell: (row) => (
        <>
          <Form method="post" className="inline-form">
            <input type="hidden" name="id" value={row.id} />
            <label>
              <span className="visually-hidden">{`${t("portAliases.mapPort")}: ${row.name}`}</span>
              <input name="port" required maxLength={100} placeholder="CNSHA / SHANGHAI" />
            </label>
            <button type="submit" name="intent" value="map" className="button button--primary" disabled={busy}>
              {t("portAliases.map")}
            </button>
            <button type="submit" name="intent" value="dismiss" formNoValidate className="button" disabled={busy}>
              {t("portAliases.dismiss")}
            </button>
          </Form>
          <ActionError failure={failed} intent="map" id={row.id} />
          <ActionError failure={failed} intent="dismiss" id={row.id} />
        </>
      ),
    },
  ];

  return (
    <section className="admin-page" aria-labelledby="port-aliases-title">
      <AdminBreadcrumb area={t("portAliases.dataArea")} title={t("portAliases.title")} />
      <h1 id="port-aliases-title">{t("portAliases.title")}</h1>
      <p className="field__hint">{t("portAliases.hint")}</p>

      <h2 id="port-aliases-queue">{t("portAliases.queueTitle")}</h2>
      <p className="field__hint">{t("portAliases.queueHint")}</p>
      {queue.length === 0 ? (
        <p>{t("portAliases.queueEmpty")}</p>
      ) : (
        <DataTable columns={queueColumns} rows={queue} rowKey={(row) => String(row.id)} />
      )}

      <h2 id="port-aliases-form">{editing ? t("portAliases.form.editTitle") : t("portAliases.form.addTitle")}</h2>
      <Form method="post" className="stack admin-form--narrow" key={editId ?? `new${newAlias}`} aria-labelledby="port-aliases-form">
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <ActionError failure={failed} intent="save" id={editId} />
        <Field
          label={t("portAliases.form.alias")}
          hint={t("portAliases.form.aliasHint")}
          inputProps={{ id: "alias", name: "alias", required: true, maxLength: 100, defaultValue: editing?.alias ?? newAlias }}
        />
        <Field
          label={t("portAliases.form.port")}
          hint={t("portAliases.form.portHint")}
          inputProps={{ id: "port", name: "port", required: true, maxLength: 100, defaultValue: editing?.portCode ?? "" }}
        />
        <div>
          <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
            {t("portAliases.form.save")}
          </button>{" "}
          {editing ? <Link to={`?${listSearch}`}>{t("portAliases.form.cancel")}</Link> : null}
        </div>
      </Form>

      <h2>{t("portAliases.title")}</h2>
      <FilterForm label={t("portAliases.searchLabel")}>
        <SearchField label={t("portAliases.search")} placeholder={t("portAliases.searchPlaceholder")} maxLength={50} />
      </FilterForm>
      {rows.length === 0 ? <p>{t("portAliases.empty")}</p> : <DataTable columns={columns} rows={rows} rowKey={(row) => String(row.id)} />}
      <Pager page={page} />
    </section>
  );
}
