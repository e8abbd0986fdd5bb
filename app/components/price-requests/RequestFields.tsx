// The price-request form's fields (issue 43): the lane (pre-filled), the
// cargo by mode (containers by type and count; or volume, weight and pieces),
// the ready date, the currency, remarks and, for a visitor, their contact.
// Hook-free apart from the forms module's, so the server can also render it to
// plain HTML for a results page (routes/site/-server/price-request-offer.server.tsx):
// the results pages' JavaScript gets no form code (their 100 KB budget).
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Field, Select, TextArea } from "~/components/forms";
import { modeByKey, type ModeKey } from "~/domain/modes";
import { cargoKind, containerParam, containerTypes } from "~/domain/price-requests/cargo";

export type RequestFieldsProps = {
  modeKey: ModeKey;
  /** Field name → value (the pre-filled lane and cargo, or what was sent). */
  values: Record<string, string>;
  /** Field name → message keys. */
  errors?: Record<string, string[] | null | undefined>;
  visitor: boolean;
  currencies: readonly string[];
  /** Prefix of the controls' ids (two forms on one page stay distinct). */
  idPrefix: string;
  /** Rendered after the fields (the submit button, a sign-in link). */
  children?: ReactNode;
};

export function RequestFields({ modeKey, values, errors = {}, visitor, currencies, idPrefix, children }: RequestFieldsProps) {
  const { t } = useTranslation();
  const mode = modeByKey(modeKey);
  const id = (name: string) => `${idPrefix}-${name}`;
  const text = (name: string, label: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}, hint?: string) => (
    <Field
      key={name}
      label={label}
      hint={hint}
      errors={errors[name] ?? undefined}
      inputProps={{ id: id(name), name, defaultValue: values[name] ?? "", ...extra }}
    />
  );
  const containers = cargoKind(mode) === "containers" ? containerTypes(mode) : null;
  return (
    <>
      <input type="hidden" name="mode" value={mode.key} />
      <fieldset className="price-request__group">
        <legend>{t("priceRequests.field.lane")}</legend>
        {mode.fields.map((f) => text(f.role === "from" ? "origin" : "destination", t(f.labelKey), { maxLength: 100, required: true }))}
      </fieldset>
      <fieldset className="price-request__group">
        <legend>{t("priceRequests.ask.cargo")}</legend>
        <p className="field__hint">{t(containers ? "priceRequests.ask.containersHint" : "priceRequests.ask.looseHint")}</p>
        {containers
          ? containers.map((c) =>
              text(containerParam(c.key), t(c.labelKey), { type: "number", min: 0, max: 999, step: 1, inputMode: "numeric" }),
            )
          : [
              text("cbm", t("priceRequests.ask.cbm"), { inputMode: "decimal", maxLength: 9 }),
              text("kg", t("priceRequests.ask.kg"), { inputMode: "decimal", maxLength: 9 }),
              text("pieces", t("priceRequests.ask.pieces"), { type: "number", min: 1, max: 99999, step: 1, inputMode: "numeric" }),
            ]}
      </fieldset>
      <fieldset className="price-request__group">
        <legend>{t("priceRequests.title")}</legend>
        {text("readyDate", t("priceRequests.ask.readyDate"), { type: "date" }, t("priceRequests.ask.readyDateHint"))}
        <Select
          label={t("priceRequests.ask.currency")}
          errors={errors.currency ?? undefined}
          selectProps={{ id: id("currency"), name: "currency", defaultValue: values.currency ?? "" }}
          options={currencies.map((c) => ({ value: c, label: c }))}
        />
        <TextArea
          label={t("priceRequests.ask.remarks")}
          hint={t("priceRequests.ask.remarksHint")}
          errors={errors.remarks ?? undefined}
          textareaProps={{ id: id("remarks"), name: "remarks", maxLength: 1000, defaultValue: values.remarks ?? "" }}
        />
      </fieldset>
      {visitor ? (
        <fieldset className="price-request__group">
          <legend>{t("priceRequests.field.contact")}</legend>
          {text("contactName", t("priceRequests.ask.contactName"), { maxLength: 30, required: true, autoComplete: "name" })}
          {text("company", t("priceRequests.ask.company"), { maxLength: 50, required: true, autoComplete: "organization" })}
          {text("phone", t("priceRequests.ask.phone"), { type: "tel", maxLength: 20, autoComplete: "tel" })}
          {text("email", t("priceRequests.ask.email"), { type: "email", maxLength: 100, autoComplete: "email" })}
        </fieldset>
      ) : null}
      {children}
    </>
  );
}
