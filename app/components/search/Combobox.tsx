import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { PickerOption } from "~/domain/reference/options";
import { useTypedValue } from "~/utils/use-typed-value";

export type ComboboxSource =
  /** Remote contains-search: `url` with `q=...` answers `{ options: PickerOption[] }`. */
  | { type: "remote"; url: string }
  /** Local list filtered case-insensitively by name in either language (railway and trailer). */
  | { type: "local"; items: readonly PickerOption[] };

type Props = {
  id: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  source: ComboboxSource;
  /** Offered on focus while the box is empty (defaults or history). */
  initial: PickerOption[];
  /** Shown when `initial` is empty (e.g. "no history of search"). */
  initialEmptyText?: string;
  placeholder?: string;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
};

const DEBOUNCE_MS = 200;
const LIMIT = 10;
/** Spec 9: the request client gives up after 5 s. */
const TIMEOUT_MS = 5_000;

/**
 * A small accessible combobox (WAI-ARIA 1.2 pattern: input + listbox,
 * arrow keys, Enter, Escape). Before hydration, and without JavaScript, it is
 * a plain text input the server resolves.
 */
export function Combobox(props: Props) {
  const { id, name, value, onValueChange, source, initial } = props;
  const { t } = useTranslation();
  const listId = useId();
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<PickerOption[]>(initial);
  const [active, setActive] = useState(-1);
  /** Of the remote lookup: loading, failed (error, refused or 5 s without an answer: spec 8, 9). */
  const [status, setStatus] = useState<"" | "loading" | "failed">("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const request = useRef<AbortController>();
  const showingInitial = value.trim() === "";
  const inputRef = useTypedValue(value, onValueChange);

  useEffect(() => setEnhanced(true), []);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
      request.current = undefined;
    },
    [],
  );

  function lookup(text: string) {
    clearTimeout(timer.current);
    // A superseded lookup is no failure: forget it before aborting it.
    request.current?.abort();
    request.current = undefined;
    setStatus("");
    const q = text.trim();
    if (!q) {
      setOptions(initial);
      return;
    }
    if (source.type === "local") {
      const lower = q.toLowerCase();
      setOptions(
        source.items.filter((item) => `${item.label} ${item.value} ${item.hint ?? ""}`.toLowerCase().includes(lower)).slice(0, LIMIT),
      );
      return;
    }
    // Stale options must not be picked while the new ones load.
    setOptions([]);
    setActive(-1);
    setStatus("loading");
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      request.current = controller;
      const giveUp = setTimeout(() => controller.abort(), TIMEOUT_MS);
      const url = new URL(source.url, window.location.href);
      url.searchParams.set("q", q);
      fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((response) => {
          if (!response.ok) throw new Error(String(response.status));
          return response.json();
        })
        .then((body: { options?: PickerOption[] }) => {
          if (request.current !== controller) return;
          setOptions((body.options ?? []).slice(0, LIMIT));
          setStatus("");
        })
        .catch(() => {
          // An error, a refusal or the 5 s timeout; a superseded lookup says nothing.
          if (request.current === controller) setStatus("failed");
        })
        .finally(() => clearTimeout(giveUp));
    }, DEBOUNCE_MS);
  }

  function choose(option: PickerOption) {
    onValueChange(option.value);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) {
          setOpen(true);
          if (showingInitial) setOptions(initial);
        }
        setActive((i) => (options.length ? (i + 1) % options.length : -1));
        break;
      case "ArrowUp":
        event.preventDefault();
        setOpen(true);
        setActive((i) => (options.length ? (i <= 0 ? options.length - 1 : i - 1) : -1));
        break;
      case "Enter":
        // With an option highlighted Enter picks it; otherwise the form submits.
        if (open && active >= 0 && options[active]) {
          event.preventDefault();
          choose(options[active]);
        }
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
      case "Tab":
        setOpen(false);
        break;
    }
  }

  const common = {
    id,
    name,
    type: "text",
    value,
    autoComplete: "off",
    spellCheck: false,
    placeholder: props.placeholder,
    required: props.required,
    "aria-invalid": props.invalid || undefined,
    "aria-describedby": props.describedBy,
  } as const;

  const activeId = open && active >= 0 ? `${listId}-${active}` : undefined;
  const emptyText = showingInitial
    ? props.initialEmptyText
    : t(status === "failed" ? "search.suggest.failed" : status === "loading" ? "search.suggest.loading" : "search.suggest.noMatch");
  // The same input before and after hydration (no remount, no lost focus);
  // the combobox roles and the listbox only exist once JavaScript runs.
  const aria = enhanced
    ? ({
        role: "combobox",
        "aria-autocomplete": "list",
        "aria-expanded": open,
        "aria-controls": listId,
        "aria-activedescendant": activeId,
      } as const)
    : {};
  return (
    <div className="combobox">
      <input
        ref={inputRef}
        {...common}
        {...aria}
        onChange={(event) => {
          onValueChange(event.target.value);
          if (!enhanced) return;
          setOpen(true);
          setActive(-1);
          lookup(event.target.value);
        }}
        onFocus={() => {
          if (!enhanced) return;
          if (showingInitial) setOptions(initial);
          setOpen(true);
        }}
        onClick={() => enhanced && setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={enhanced ? onKeyDown : undefined}
      />
      {enhanced ? (
        <ul
          id={listId}
          role="listbox"
          className="combobox__list"
          hidden={!open || (options.length === 0 && !emptyText)}
          // Keep the focus in the input while clicking an option.
          onMouseDown={(event) => event.preventDefault()}
        >
          {options.map((option, index) => (
            // The input keeps the focus and owns the keyboard (aria-activedescendant); the pointer picks here.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={`${option.value}-${index}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className="combobox__option"
              onClick={() => choose(option)}
              onMouseMove={() => setActive(index)}
            >
              <span>{option.label}</span>
              {option.hint ? <small>{option.hint}</small> : null}
            </li>
          ))}
          {options.length === 0 && emptyText ? (
            <li className={`combobox__empty combobox__empty--${status || "none"}`} role="presentation">
              {emptyText}
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
