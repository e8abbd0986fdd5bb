// Exchange rates (issue 25 item 2, decision 402): 1 unit of a currency = so
// many CNY, valid through a day; the results pages convert totals with them.
// Menu 26 under 数据管理; operations exchangeRate.*. Server-rendered forms:
// works with JavaScript off.
import { requireOperation, runAction } from "~/http/auth.server";
import { messageText, useTranslation } from "~/i18n/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { z } from "~/utils/zod";
import {
  deleteExchangeRate,
  exchangeRateTable,
  findExchangeRate,
  listExchangeRates,
  saveExchangeRate,
  type ExchangeRateField,
} from "~/domain/reference/exchange-rates.server";
import { parseTableQuery, tablePage } from "~/domain/table/paging.server";
import { DataTable, SearchField, FilterForm, Pager, type TableColumn } from "~/components/table";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { backOfficeMeta } from "~/components/backoffice/meta";
import { shanghaiDateTime } from "~/components/admin/format";
import { Field, IntentForm } from "~/components/forms";
import { backToList, intentOf } from "~/http/replies.server";
import { readFormData } from "~/utils/form-data.server";
import { AdminBreadcrumb, adminTableLinks } from "~/components/admin/AdminScreen";

export const links = adminTableLinks;
export const meta = backOfficeMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperation({ request, context }, "exchangeRate.read");
  const url = new URL(request.url);
  const query = parseTableQuery(url, exchangeRateTable);
  const editId = Number(url.searchParams.get("edit"));
  const [{ rows, total }, editing] = await Promise.all([
    listExchangeRates({ q: query.filters.q, skip: query.skip, take: query.take }),
    Number.isSafeInteger(editId) && editId > 0 && editId <= 2_147_483_647 ? findExchangeRate(editId) : Promise.resolve(null),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    page: tablePage(query, total),
    editing: editing && { ...editing, updatedAt: editing.updatedAt.toISOString() },
  };
}

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, 40) : "";
};

type Failure = {
  intent: string;
  id: number | null;
  error: string;
  field: ExchangeRateField | null;
  values?: Record<string, string>;
  typed?: Record<string, string>;
};
const failure = (f: Failure) =>
  data<Failure>({ ...f, error: `quotes.rates.error.${f.error}` }, { status: f.error === "notFound" ? 404 : 400 });

export const action = (args: ActionFunctionArgs) =>
  runAction(args, { save: "exchangeRate.save", delete: "exchangeRate.delete" }, async ({ request }, gate) => {
    const form = await readFormData(request);
    const intent = intentOf(form);
    const viewer = await gate.authorizeUser(intent);
    const rawId = text(form, "id");
    const id = idSchema.safeParse(rawId);
    if (intent === "save") {
      if (rawId !== "" && !id.success) return failure({ intent, id: null, error: "notFound", field: null });
      const typed = { currency: text(form, "currency"), rate: text(form, "rate"), validUntil: text(form, "validUntil") };
      const outcome = await saveExchangeRate(viewer, { id: id.success ? id.data : null, ...typed });
      if (!outcome.ok)
        return failure({
          intent,
          id: id.success ? id.data : null,
          error: outcome.error,
          field: outcome.field,
          values: outcome.values,
          typed,
        });
      const to = new URL(request.url);
      to.searchParams.delete("edit");
      return backToList(request, "quotes.rates.msg.saved", "success", {
        values: { currency: outcome.currency },
        to: `${to.pathname}${to.search}`,
      });
    }
    if (!id.success || !(await deleteExchangeRate(viewer, id.data)))
      return failure({ intent, id: id.success ? id.data : null, error: "notFound", field: null });
    return backToList(request, "quotes.rates.msg.deleted");
  });

export const ErrorBoundary = BackOfficeErrorBoundary;

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function ExchangeRatesPage() {
  const { t } = useTranslation();
  const { rows, page, editing } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as Failure | undefined;
  const busy = useNavigation().state === "submitting";
  const location = useLocation();
  const listSearch = new URLSearchParams(location.search);
  listSearch.delete("edit");
  const editHref = (id: number) => {
    const params = new URLSearchParams(listSearch);
    params.set("edit", String(id));
    return `?${params}`;
  };
  const editId = editing?.id ?? null;
  const saveFailed = failed?.intent === "save" && failed.id === editId ? failed : undefined;
  const errorsOf = (field: ExchangeRateField) => (saveFailed?.field === field ? [saveFailed.error] : undefined);
  const typed = (field: ExchangeRateField, stored: string | undefined) => saveFailed?.typed?.[field] ?? stored ?? "";

  const columns: TableColumn<Row>[] = [
    { key: "currency", header: t("quotes.rates.col.currency"), cell: (row) => row.currency },
    {
      key: "rate",
      header: t("quotes.rates.col.rate"),
      cell: (row) => t("quotes.rates.rateText", { currency: row.currency, rate: row.rate }),
    },
    { key: "validUntil", header: t("quotes.rates.col.validUntil"), cell: (row) => row.validUntil },
    { key: "updatedBy", header: t("quotes.rates.col.updatedBy"), cell: (row) => row.updatedBy ?? "" },
    { key: "updatedAt", header: t("quotes.rates.col.updatedAt"), cell: (row) => shanghaiDateTime(row.updatedAt) },
    {
      key: "actions",
      header: t("quotes.rates.col.actions"),
      cell: (row) => (
        <>
          <Link to={editHref(row.id)} aria-label={`${t("quotes.rates.edit")} ${row.currency} ${row.validUntil}`}>
            {t("quotes.rates.edit")}
          </Link>{" "}
          <IntentForm
            intent="delete"
            values={{ id: row.id }}
            className="inline-form"
            button={{
              className: "button button--link",
              disabled: busy,
              "aria-label": `${t("quotes.rates.delete")} ${row.currency} ${row.validUntil}`,
            }}
          >
            {t("quotes.rates.delete")}
          </IntentForm>
          {failed?.intent === "delete" && failed.id === row.id ? (
            <p className="field__errors" role="alert">
              {messageText(t, failed.error)}
            </p>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <section className="admin-page" aria-labelledby="exchange-rates-title">
      <AdminBreadcrumb area={t("quotes.rates.dataArea")} title={t("quotes.rates.title")} />
      <h1 id="exchange-rates-title">{t("quotes.rates.title")}</h1>
      <p className="field__hint">{t("quotes.rates.hint")}</p>

      <h2 id="exchange-rates-form">{editing ? t("quotes.rates.form.editTitle") : t("quotes.rates.form.addTitle")}</h2>
      <Form method="post" className="stack admin-form--narrow" key={editId ?? "new"} aria-labelledby="exchange-rates-form" noValidate>
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        {saveFailed && !saveFailed.field ? (
          <p className="field__errors" role="alert">
            {messageText(t, saveFailed.error)}
          </p>
        ) : null}
        <Field
          label={t("quotes.rates.form.currency")}
          hint={t("quotes.rates.form.currencyHint")}
          errors={errorsOf("currency")}
          inputProps={{
            id: "currency",
            name: "currency",
            required: true,
            maxLength: 3,
            defaultValue: typed("currency", editing?.currency),
          }}
        />
        <Field
          label={t("quotes.rates.form.rate")}
          hint={t("quotes.rates.form.rateHint")}
          errors={errorsOf("rate")}
          inputProps={{
            id: "rate",
            name: "rate",
            required: true,
            inputMode: "decimal",
            maxLength: 20,
            defaultValue: typed("rate", editing?.rate),
          }}
        />
        <Field
          label={t("quotes.rates.form.validUntil")}
          hint={t("quotes.rates.form.validUntilHint")}
          errors={errorsOf("validUntil")}
          inputProps={{
            id: "validUntil",
            name: "validUntil",
            type: "date",
            required: true,
            defaultValue: typed("validUntil", editing?.validUntil),
          }}
        />
        <div>
          <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
            {t("quotes.rates.form.save")}
          </button>{" "}
          {editing ? <Link to={`?${listSearch}`}>{t("quotes.rates.form.cancel")}</Link> : null}
        </div>
      </Form>

      <h2>{t("quotes.rates.listTitle")}</h2>
      <FilterForm label={t("quotes.rates.searchLabel")}>
        <SearchField label={t("quotes.rates.search")} placeholder="USD" maxLength={3} />
      </FilterForm>
      {rows.length === 0 ? <p>{t("quotes.rates.empty")}</p> : <DataTable columns={columns} rows={rows} rowKey={(row) => String(row.id)} />}
      <Pager page={page} />
    </section>
  );
}
