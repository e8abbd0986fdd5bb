// The all-in total of a results page (issue 25 item 1): the shipment form (a
// plain GET form, so it works without JavaScript), and the total of each row
// and its breakdown in the table (./RatesTable.tsx). Everything is computed
// and worded on the server (rates/totals.server.ts, totalView).
import type { T, TranslationKey } from "~/i18n/keys";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ResultsModeView as ModeView } from "~/domain/modes";
import type { ResultsData } from "~/routes/site/-server/results.server";
import type { TotalView } from "~/domain/rates/totals.server";

/** The shipment's query parameters (for sort, page and filter links). */
export function shipmentParams(data: ResultsData): Record<string, string> {
  const values = data.shipment?.values ?? {};
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => value !== "" && !(key === "pack" && value === "bulk")));
}

type QueryFieldProps = { name: string; label: string; value: string; error?: TranslationKey; numeric?: boolean };

/**
 * A results page's GET form (the LCL calculator, the shipment): the page's
 * query kept in hidden fields, text fields with their errors, a submit button.
 */
export function QueryForm({
  id,
  action,
  className,
  title,
  hint,
  hidden,
  fields,
  children,
  submit,
}: {
  id: string;
  action: string;
  className: string;
  title: string;
  hint: string;
  hidden: Record<string, string>;
  fields: QueryFieldProps[];
  children?: React.ReactNode;
  submit: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" action={action} className={className} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="field__hint">{hint}</p>
      {Object.entries(hidden).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      {fields.map(({ name, label, value, error, numeric }) => (
        <div className="field" key={name}>
          <label htmlFor={`${id}-${name}`}>{label}</label>
          <input
            id={`${id}-${name}`}
            name={name}
            type="text"
            inputMode={numeric ? "numeric" : "decimal"}
            defaultValue={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-${name}-error` : undefined}
          />
          {error ? (
            <p id={`${id}-${name}-error`} className="field__errors" role="alert">
              {t(error)}
            </p>
          ) : null}
        </div>
      ))}
      {children}
      <button type="submit" className="button button--ghost">
        {submit}
      </button>
    </Form>
  );
}

/** The currency of the totals (decision 402): the original currencies, CNY or a currency with a rate valid today. */
export function CurrencyField({ data }: { data: ResultsData }) {
  const { t } = useTranslation();
  const form = data.shipment;
  if (!form?.currencies.length) return null;
  const error = form.errors.cur;
  return (
    <div className="field">
      <label htmlFor="ship-cur">{t("quotes.currency.label")}</label>
      <select
        id="ship-cur"
        name="cur"
        defaultValue={form.values.cur ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "ship-cur-error" : undefined}
      >
        <option value="">{t("quotes.currency.original")}</option>
        {form.currencies.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
      {error ? (
        <p id="ship-cur-error" className="field__errors" role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

export function ShipmentForm({ mode, data }: { mode: ModeView; data: ResultsData }) {
  const { t } = useTranslation();
  const form = data.shipment!;
  if (mode.shipment === "lcl") return <p className="field__hint">{t("quotes.shipment.rule.lcl")}</p>;
  return (
    <QueryForm
      id="ship"
      action={mode.path}
      className="calculator shipment"
      title={t("quotes.shipment.title")}
      hint={t(`quotes.shipment.rule.${mode.shipment === "air" ? "air" : "containers"}`)}
      // Entering a shipment orders the rows by its total (the toolbar switches back).
      hidden={{ ...data.query, sort: "total" }}
      fields={form.fields.map((f) => ({ ...f, value: form.values[f.name] ?? "", error: form.errors[f.name] }))}
      submit={t("quotes.shipment.submit")}
    >
      {mode.shipment === "air" ? (
        <div className="field">
          <label htmlFor="ship-pack">{t("quotes.shipment.pack")}</label>
          <select id="ship-pack" name="pack" defaultValue={form.values.pack ?? "bulk"}>
            <option value="bulk">{t("search.price.bulk")}</option>
            <option value="tray">{t("search.price.tray")}</option>
          </select>
        </div>
      ) : null}
      <CurrencyField data={data} />
    </QueryForm>
  );
}

/** The total cell: the sum per currency (worded by the server); a plain function, as the table's other cells. */
export function totalCell(total: TotalView | undefined, label: string, t: T) {
  if (!total)
    return (
      <td className="price calc" data-label={label}>
        -
      </td>
    );
  const note = total.incomplete ? (total.note ?? t("quotes.shipment.incomplete")) : total.note;
  return (
    <td className={total.incomplete ? "price calc" : "price calc total"} data-label={label}>
      {total.incomplete ? null : <strong>{total.text}</strong>}
      {note ? <small>{note}</small> : null}
    </td>
  );
}

/** The parts of a total, under the row. */
export function totalBreakdown(total: TotalView, t: T) {
  if (total.lines.length === 0 && !total.air) return null;
  return (
    <div className="total-breakdown">
      <p className="total-breakdown__title">{t("quotes.shipment.breakdown")}</p>
      {total.air ? <p>{total.air}</p> : null}
      <ul>
        {total.lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
        {total.excluded.map((line, i) => (
          <li key={`x${i}`} className="muted">
            {line}
          </li>
        ))}
      </ul>
    </div>
  );
}
