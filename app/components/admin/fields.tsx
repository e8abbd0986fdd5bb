// Small form controls of the administration dialogs (labels, errors and
// aria wiring like components/forms.tsx).
import { useId } from "react";
import { ErrorList } from "~/components/forms";

type Option = { value: string; label: string; disabled?: boolean };

export function Select({
  label,
  name,
  options,
  defaultValue,
  errors,
  placeholder,
  onChange,
  id,
  required,
}: {
  label: string;
  name: string;
  options: Option[];
  defaultValue?: string;
  errors?: string[] | null;
  placeholder?: string;
  onChange?: (value: string) => void;
  id?: string;
  required?: boolean;
}) {
  const fallbackId = useId();
  const selectId = id ?? fallbackId;
  const errorId = errors?.length ? `${selectId}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        name={name}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function TextArea({
  label,
  name,
  defaultValue,
  errors,
  maxLength,
}: {
  label: string;
  name: string;
  defaultValue?: string;
  errors?: string[] | null;
  maxLength?: number;
}) {
  const id = useId();
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        defaultValue={defaultValue}
        maxLength={maxLength}
        rows={3}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** The badge of a tab: at most 9999, beyond that "9999+" (spec 9). */
export function badgeText(count: number): string {
  return count > 9999 ? "9999+" : String(count);
}

export function Badge({ count, label }: { count: number; label?: string }) {
  return (
    <span className="admin-badge" aria-label={label}>
      {badgeText(count)}
    </span>
  );
}

/** A conform initial value as the string a native control takes. */
export function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return "";
}
