// The filters of a paged table: a GET form. With JavaScript it submits 500 ms
// after the last change (spec 2: debounced search) and always goes back to
// page 1 (the page parameter is not part of the form); without JavaScript the
// submit button does the same.
import { Form, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { TABLE_PARAMS } from "~/domain/table/types";
import { HiddenParams } from "./Pager";

export const SEARCH_DEBOUNCE_MS = 500;

type Props = {
  children: React.ReactNode;
  /** Accessible name of the search region. */
  label: string;
  /** Other URL parameters to carry over (the page size always is). */
  keep?: readonly string[];
  className?: string;
};

export function FilterForm({ children, label, keep = [], className }: Props) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const location = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const kept = [TABLE_PARAMS.size, ...keep];
  const exclude = [...new URLSearchParams(location.search).keys()].filter((key) => !kept.includes(key));
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className={`filters ${className ?? ""}`}
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE_MS);
      }}
      onSubmit={() => clearTimeout(timer.current)}
    >
      {children}
      <HiddenParams search={location.search} exclude={exclude} />
      <button type="submit" className="button button--primary">
        {t("table.search")}
      </button>
    </Form>
  );
}

/** A labelled text or select filter for FilterForm. */
export function FilterField({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="filters__field">
      <span>{label}</span>
      {children}
    </label>
  );
}

/** The text search of a table (`?q=`): keeps what was searched, and starts afresh when the URL changes. */
export function SearchField({ label, placeholder, maxLength }: { label: string; placeholder?: string; maxLength: number }) {
  const q = new URLSearchParams(useLocation().search).get("q") ?? "";
  return (
    <FilterField label={label}>
      <input type="search" name="q" defaultValue={q} key={q} placeholder={placeholder} maxLength={maxLength} />
    </FilterField>
  );
}
