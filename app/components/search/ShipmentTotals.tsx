// The all-in total of a results page (issue 25 item 1): the shipment form (a
// plain GET form, so it works without JavaScript) and, per row, the total
// with its breakdown. Everything is computed on the server (rates/totals.server.ts).
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ModeView } from "~/domain/modes";
import { formatPrice } from "~/domain/pricing/format";
import type { ShipmentTotal } from "~/domain/pricing/shipment";
import { countParam } from "~/domain/pricing/shipment-params";
import type { ResultsData } from "~/domain/rates/page.server";

/** The shipment's query parameters (for sort, page and filter links). */
export function shipmentParams(data: ResultsData): Record<string, string> {
  const values = data.shipment?.values ?? {};
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => value !== "" && !(key === "pack" && value === "bulk")));
}

/** One text field of a results page's GET form (the LCL calculator, the shipment), with its error. */
export function QueryField({ id, name, label, value, error, numeric }: { id: string; name: string; label: string; value: string; error?: string; numeric?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode={numeric ? "numeric" : "decimal"}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="field__errors" role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
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
      <select id="ship-cur" name="cur" defaultValue={form.values.cur ?? ""} aria-invalid={error ? true : undefined} aria-describedby={error ? "ship-cur-error" : undefined}>
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
  const field = (name: string, label: string) => (
    <QueryField key={name} id={`ship-${name}`} name={name} label={label} value={form.values[name] ?? ""} error={form.errors[name]} numeric={name.startsWith("qty_")} />
  );
  return (
    <Form method="get" action={mode.path} className="calculator shipment" aria-labelledby="ship-title" noValidate>
      <h2 id="ship-title">{t("quotes.shipment.title")}</h2>
      <p className="field__hint">{t(`quotes.shipment.rule.${mode.shipment === "air" ? "air" : "containers"}`)}</p>
      {Object.entries(data.query).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      {/* Entering a shipment orders the rows by its total (the toolbar switches back). */}
      <input type="hidden" name="sort" value="total" />
      {mode.shipment === "air" ? (
        <>
          {field("kg", t("quotes.shipment.kg"))}
          {field("cbm", t("quotes.shipment.cbm"))}
          <div className="field">
            <label htmlFor="ship-pack">{t("quotes.shipment.pack")}</label>
            <select id="ship-pack" name="pack" defaultValue={form.values.pack ?? "bulk"}>
              <option value="bulk">{t("search.price.bulk")}</option>
              <option value="tray">{t("search.price.tray")}</option>
            </select>
          </div>
        </>
      ) : (
        mode.prices.map((p) => field(countParam(p.key), t("quotes.shipment.count", { container: t(p.labelKey) })))
      )}
      <CurrencyField data={data} />
      <button type="submit" className="button button--ghost">
        {t("quotes.shipment.submit")}
      </button>
    </Form>
  );
}

/** The total cell: the sum per currency. */
export function TotalCell({ total, label }: { total: ShipmentTotal | undefined; label: string }) {
  const { t } = useTranslation();
  if (!total || total.incomplete) {
    return (
      <td className="price calc" data-label={label}>
        {total ? <small>{total.note ?? t("quotes.shipment.incomplete")}</small> : "-"}
      </td>
    );
  }
  return (
    <td className="price calc total" data-label={label}>
      {total.sums.map((s, i) => (
        <strong key={s.currency}>
          {i > 0 ? "+ " : ""}
          {formatPrice(s.amount, "money")} <span className="currency">{s.currency}</span>
        </strong>
      ))}
      {total.note ? <small>{total.note}</small> : null}
    </td>
  );
}

/** The parts of a total, under the row. */
export function TotalBreakdown({ total }: { total: ShipmentTotal }) {
  const { t } = useTranslation();
  if (total.parts.length === 0 && !total.air) return null;
  return (
    <div className="total-breakdown">
      <p className="total-breakdown__title">{t("quotes.shipment.breakdown")}</p>
      {total.air ? <p>{t("quotes.shipment.airWeights", total.air)}</p> : null}
      <ul>
        {total.parts.map((p, i) => (
          <li key={i}>
            {t("quotes.shipment.line", {
              label: [t(p.labelKey), p.note].filter(Boolean).join(" "),
              quantity: p.quantity,
              unit: t(`quotes.shipment.unit.${p.unit}`),
              rate: formatPrice(p.rate, "money"),
              currency: p.currency,
              amount: formatPrice(p.amount, "money"),
            })}
          </li>
        ))}
        {total.excluded.map((e, i) => (
          <li key={`x${i}`} className="muted">
            {t("quotes.shipment.excluded", { label: t(e.labelKey), text: e.text })}
          </li>
        ))}
      </ul>
    </div>
  );
}
