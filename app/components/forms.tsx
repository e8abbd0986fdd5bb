// The one forms module: every labelled control of every screen (site,
// account, booking, back office) comes from here, and the aria wiring of a
// control to its errors and hint lives in `useFieldAria` only. A control the
// components below do not cover (a combobox, a file picker) calls
// `useFieldAria` itself rather than wiring aria-* by hand. A form of one
// button (delete, discard, retry) is an `IntentForm`.
import { useId } from "react";
import { Form } from "@remix-run/react";
import { messageText, useTranslation } from "~/i18n/react";

/** Errors are translation keys (zod messages are keys too); shown translated. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field__errors" role="alert">
      {errors.map((error) => (
        <li key={error}>{messageText(t, error)}</li>
      ))}
    </ul>
  );
}

/**
 * The id of a control and the attributes that tie it to its errors and hint:
 * `aria-invalid` while it has errors, `aria-describedby` naming the error
 * list and the hint (ids `<id>-error`, `<id>-hint`).
 */
export function useFieldAria({ id, errors, hint }: { id?: string; errors?: string[] | null; hint?: boolean }) {
  const fallbackId = useId();
  const controlId = id ?? fallbackId;
  const errorId = errors?.length ? `${controlId}-error` : undefined;
  const hintId = hint ? `${controlId}-hint` : undefined;
  return {
    errorId,
    hintId,
    control: {
      id: controlId,
      "aria-invalid": errorId ? (true as const) : undefined,
      "aria-describedby": [errorId, hintId].filter(Boolean).join(" ") || undefined,
    },
  };
}

/** A hint line under a control, with the id its aria-describedby names. */
function Hint({ id, children }: { id?: string; children?: React.ReactNode }) {
  return children ? (
    <p id={id} className="field__hint">
      {children}
    </p>
  ) : null;
}

type WithKey<T> = T & { key?: React.Key | null };
type Common = { label: React.ReactNode; errors?: string[] | null; hint?: string };

/** Accessible input: label, aria-invalid and aria-describedby wired to its errors. */
export function Field({ label, inputProps, errors, hint }: Common & { inputProps: WithKey<React.InputHTMLAttributes<HTMLInputElement>> }) {
  const { key, ...rest } = inputProps;
  const { control, errorId, hintId } = useFieldAria({ id: rest.id, errors, hint: Boolean(hint) });
  return (
    <div className="field">
      <label htmlFor={control.id}>{label}</label>
      <input key={key} {...rest} {...control} />
      <Hint id={hintId}>{hint}</Hint>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export type SelectOption = { value: string; label: string; disabled?: boolean };

/** The one select: options, an optional empty first choice (`placeholder`), errors and hint wired like Field. */
export function Select({
  label,
  selectProps,
  options,
  placeholder,
  errors,
  hint,
}: Common & {
  selectProps: WithKey<React.SelectHTMLAttributes<HTMLSelectElement>>;
  options: readonly SelectOption[];
  placeholder?: string;
}) {
  const { key, ...rest } = selectProps;
  const { control, errorId, hintId } = useFieldAria({ id: rest.id, errors, hint: Boolean(hint) });
  return (
    <div className="field">
      <label htmlFor={control.id}>{label}</label>
      <select key={key} {...rest} {...control}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <Hint id={hintId}>{hint}</Hint>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A multi-line text field (three rows unless told). */
export function TextArea({
  label,
  textareaProps,
  errors,
  hint,
}: Common & { textareaProps: WithKey<React.TextareaHTMLAttributes<HTMLTextAreaElement>> }) {
  const { key, ...rest } = textareaProps;
  const { control, errorId, hintId } = useFieldAria({ id: rest.id, errors, hint: Boolean(hint) });
  return (
    <div className="field">
      <label htmlFor={control.id}>{label}</label>
      <textarea key={key} rows={3} {...rest} {...control} />
      <Hint id={hintId}>{hint}</Hint>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A checkbox with its label after it. */
export function CheckboxField({
  label,
  inputProps,
  errors,
}: Omit<Common, "hint"> & { inputProps: WithKey<React.InputHTMLAttributes<HTMLInputElement>> }) {
  const { key, ...rest } = inputProps;
  const { control, errorId } = useFieldAria({ id: rest.id, errors });
  return (
    <div className="field field--checkbox">
      <div className="checkbox">
        <input key={key} {...rest} type="checkbox" {...control} />
        <label htmlFor={control.id}>{label}</label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/**
 * A form of one button that posts its intent and a few hidden values to the
 * page's action (or `action`): the same request with JavaScript off, where
 * the browser sends the button's name and value, and on, where Remix does.
 */
export function IntentForm({
  intent,
  values = {},
  action,
  className,
  preventScrollReset,
  button,
  children,
}: {
  intent: string;
  values?: Record<string, string | number>;
  action?: string;
  className?: string;
  preventScrollReset?: boolean;
  button?: Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "type" | "name" | "value">;
  children?: React.ReactNode;
}) {
  return (
    <Form method="post" action={action} className={className} preventScrollReset={preventScrollReset}>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} {...button}>
        {children}
      </button>
    </Form>
  );
}

/** A conform initial value as the string a native control takes. */
export function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return "";
}
