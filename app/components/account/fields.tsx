import { useId } from "react";
import { ErrorList } from "~/components/forms";

type SelectFieldProps = {
  label: string;
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement> & { key?: React.Key | null };
  options: { value: string; label: string }[];
  placeholder: string;
  errors?: string[] | null;
};

/** A labelled select wired to its errors like forms.tsx's Field. */
export function SelectField({ label, selectProps, options, placeholder, errors }: SelectFieldProps) {
  const fallbackId = useId();
  const { key, ...rest } = selectProps;
  const id = rest.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select key={key} {...rest} id={id} aria-invalid={errorId ? true : undefined} aria-describedby={errorId}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

type CheckboxFieldProps = {
  label: React.ReactNode;
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { key?: React.Key | null };
  errors?: string[] | null;
};

export function CheckboxField({ label, inputProps, errors }: CheckboxFieldProps) {
  const fallbackId = useId();
  const { key, ...rest } = inputProps;
  const id = rest.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className="field field--checkbox">
      <div className="checkbox">
        <input key={key} {...rest} type="checkbox" id={id} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} />
        <label htmlFor={id}>{label}</label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
