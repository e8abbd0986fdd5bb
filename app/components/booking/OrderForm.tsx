// The shipping order form (dcForm, spec 3) with its two tabs: fill in the
// order, or upload an order file only. Tabs are links (?tab=file), so both
// work without JavaScript. With JavaScript, LCL, air and express reset the
// container fields (counts 0, other size empty) and hide them; without it
// they stay visible and the server zeroes them.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { ErrorList, Field } from "~/components/forms";
import { transportKey } from "~/domain/booking/labels";
import {
  NO_CONTAINER_TYPES,
  orderSchema,
  TRANSPORT_TYPES,
  usesContainers,
  type OrderTab,
  type TransportType,
} from "~/domain/booking/schemas";
import { AttachmentInput } from "./AttachmentInput";

type Props = {
  tab: OrderTab;
  tabHref: Record<OrderTab, string>;
  /** The form's first values; a booking from a quote also brings the quote's containers, weight and volume. */
  defaults: { transportType: string; idempotencyKey: string } & Partial<
    Record<"gp20Count" | "gp40Count" | "hq40Count" | "grossWeight" | "volume", string>
  >;
  lastResult: SubmissionResult<string[]> | null | undefined;
  cancelTo: string;
};

function TextareaField({
  label,
  hint,
  textareaProps,
  errors,
}: {
  label: string;
  hint: string;
  textareaProps: React.TextareaHTMLAttributes<HTMLTextAreaElement> & { key?: React.Key | null; id: string };
  errors?: string[] | null;
}) {
  const { key, ...rest } = textareaProps;
  const errorId = errors?.length ? `${rest.id}-error` : undefined;
  const hintId = `${rest.id}-hint`;
  return (
    <div className="field">
      <label htmlFor={rest.id}>{label}</label>
      <textarea
        key={key}
        rows={4}
        {...rest}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ")}
      />
      <p id={hintId} className="field__hint">
        {hint}
      </p>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function OrderForm({ tab, tabHref, defaults, lastResult, cancelTo }: Props) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [form, fields] = useForm({
    id: `order-${tab}`,
    lastResult,
    defaultValue: { tab, ...defaults },
    constraint: getZodConstraint(orderSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: orderSchema }),
  });
  const busy = navigation.state === "submitting";
  const chosen = fields.transportType.value;
  const type = typeof chosen === "string" ? chosen : defaults.transportType;
  // Without JavaScript the fields cannot follow the select: keep them and let the server zero them.
  const showContainers = !hydrated || usesContainers(type);
  // Submitted with a file but rejected for something else: the browser dropped the file.
  const chooseAgain = lastResult?.status === "error" && !fields.attachment.errors?.length;

  const transport = (
    <div className="field">
      <label htmlFor={fields.transportType.id}>{t("booking.field.transportType")}</label>
      <select
        {...getSelectProps(fields.transportType)}
        onChange={(event) => {
          // Spec 4: LCL, air and express reset the counts to 0 and the other size to empty (not only hide them).
          if (!NO_CONTAINER_TYPES.includes(event.target.value as TransportType)) return;
          for (const name of ["gp20Count", "gp40Count", "hq40Count"] as const) form.update({ name: fields[name].name, value: "0" });
          form.update({ name: fields.otherSize.name, value: "" });
        }}
        aria-invalid={fields.transportType.errors?.length ? true : undefined}
        aria-describedby={fields.transportType.errors?.length ? fields.transportType.errorId : undefined}
      >
        <option value="">{t("booking.field.transportPlaceholder")}</option>
        {TRANSPORT_TYPES.map((value) => (
          <option key={value} value={value}>
            {t(transportKey(value))}
          </option>
        ))}
      </select>
      <ErrorList id={fields.transportType.errorId} errors={fields.transportType.errors} />
    </div>
  );

  const text = (
    name: "otherSize" | "grossWeight" | "volume" | "packages" | "commodityZh" | "commodityEn" | "hsCode",
    extra?: { hint?: string; inputMode?: "numeric" },
  ) => (
    <Field
      label={t(`booking.field.${name}`)}
      hint={extra?.hint}
      inputProps={{ ...getInputProps(fields[name], { type: "text" }), inputMode: extra?.inputMode }}
      errors={fields[name].errors}
    />
  );
  const count = (name: "gp20Count" | "gp40Count" | "hq40Count") => (
    <Field
      label={t(`booking.field.${name}`)}
      inputProps={{ ...getInputProps(fields[name], { type: "number" }), step: 1, inputMode: "numeric" }}
      errors={fields[name].errors}
    />
  );

  return (
    <div className="booking-order">
      <nav className="booking-tabs" aria-label={t("booking.step2.tabs")}>
        {(["form", "file"] as const).map((key) => (
          <Link key={key} to={tabHref[key]} replace aria-current={tab === key ? "page" : undefined} className="booking-tabs__tab">
            {t(key === "form" ? "booking.step2.tabForm" : "booking.step2.tabFile")}
          </Link>
        ))}
      </nav>
      {/* noValidate: the server answers with the same translated messages as the browser check. */}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="stack booking-form">
        <input {...getInputProps(fields.idempotencyKey, { type: "hidden" })} />
        <input {...getInputProps(fields.tab, { type: "hidden" })} />
        <ErrorList id={form.errorId} errors={form.errors} />
        {tab === "file" ? <p className="field__hint">{t("booking.step2.fileIntro")}</p> : null}
        {transport}
        {tab === "form" ? (
          <>
            {/* Hidden, not removed: the reset values (0, empty) stay in the form and show again with FCL. */}
            <fieldset className="booking-form__group" data-testid="container-fields" hidden={!showContainers}>
              <legend>{t("booking.field.containers")}</legend>
              <p className="field__hint">
                {t("booking.hint.counts")} {!hydrated ? t("booking.hint.noContainers") : null}
              </p>
              <div className="booking-form__grid">
                {count("gp20Count")}
                {count("gp40Count")}
                {count("hq40Count")}
                {text("otherSize")}
              </div>
            </fieldset>
            {showContainers ? null : (
              <p className="field__hint" data-testid="containers-hidden">
                {t("booking.hint.noContainers")}
              </p>
            )}
            <div className="booking-form__grid">
              {text("grossWeight")}
              {text("volume")}
              {text("packages")}
              {text("hsCode", { hint: t("booking.hint.hsCode"), inputMode: "numeric" })}
              {text("commodityZh")}
              {text("commodityEn")}
            </div>
            {(["shipper", "consignee", "notifyParty"] as const).map((name) => (
              <TextareaField
                key={name}
                label={t(`booking.field.${name}`)}
                hint={t("booking.hint.party")}
                textareaProps={getTextareaProps(fields[name])}
                errors={fields[name].errors}
              />
            ))}
          </>
        ) : null}
        <AttachmentInput
          inputProps={getInputProps(fields.attachment, { type: "file" })}
          errors={fields.attachment.errors}
          chooseAgain={chooseAgain}
        />
        <div className="booking-form__actions">
          <Link to={cancelTo} className="button button--ghost">
            {t("booking.step2.cancel")}
          </Link>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t("booking.step2.submitting") : t("booking.step2.submit")}
          </button>
        </div>
      </Form>
    </div>
  );
}
