import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import { messageText } from "~/i18n/message";

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

type FieldProps = {
  label: string;
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { key?: React.Key | null };
  errors?: string[] | null;
  hint?: string;
};

/** Accessible input: label, aria-invalid and aria-describedby wired to its errors. */
export function Field({ label, inputProps, errors, hint }: FieldProps) {
  const fallbackId = useId();
  const { key, ...rest } = inputProps;
  const id = rest.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        key={key}
        {...rest}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
