import type { TranslationKey } from "~/i18n/keys";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { ResultsModeView as ModeView } from "~/domain/modes";
import type { PickerOption } from "~/domain/reference/options";
import { useTypedValue } from "~/utils/use-typed-value";
import { Combobox, type ComboboxSource } from "./Combobox";

export type FieldView = {
  param: string;
  value: string;
  error?: TranslationKey | null;
  candidates?: PickerOption[] | null;
};

export type Suggestions = Record<string, { source: "history" | "defaults"; options: PickerOption[] }>;

type Props = {
  mode: ModeView;
  fields: FieldView[];
  weight?: { value: string; error: TranslationKey | null } | null;
  suggestions: Suggestions;
  lists: { from: PickerOption[]; to: PickerOption[] } | null;
  /** Link for a suggestion or candidate: without JavaScript it opens the form (or search) with that value. */
  hrefFor: (param: string, value: string) => string;
  /** Show the suggestions as links under each field (home page). */
  showChips?: boolean;
};

function sourceFor(field: ModeView["fields"][number], lists: Props["lists"]): ComboboxSource {
  switch (field.picker) {
    case "sea":
    case "air":
      return { type: "remote", url: `/resources/ports?kind=${field.picker}` };
    case "express":
      return { type: "remote", url: "/resources/express-countries" };
    default:
      return { type: "local", items: (field.role === "from" ? lists?.from : lists?.to) ?? [] };
  }
}

/** One mode's search: a GET form to its results route with the spec's parameter names. */
export function SearchForm(props: Props) {
  // New values from the server (after a navigation) start a fresh form.
  const key = `${props.mode.key}:${props.fields.map((f) => f.value).join("|")}:${props.weight?.value ?? ""}`;
  return <SearchFormInner key={key} {...props} />;
}

function SearchFormInner({ mode, fields, weight, suggestions, lists, hrefFor, showChips }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.param, f.value])));
  const [weightValue, setWeightValue] = useState(weight?.value ?? "");
  const weightRef = useTypedValue(weightValue, setWeightValue);

  return (
    <Form
      method="get"
      action={mode.path}
      className="search-form"
      aria-label={t("search.form.label", { mode: t(mode.labelKey) })}
      // The server checks every field and answers in the user's language (spec 5).
      noValidate
    >
      {mode.fields.map((field) => {
        const view = fields.find((f) => f.param === field.param);
        const id = `${mode.key}-${field.param}`;
        const errorId = view?.error ? `${id}-error` : undefined;
        const hintId = `${id}-hint`;
        const suggestion = suggestions[field.param];
        return (
          <div className="field search-form__field" key={field.param}>
            <label htmlFor={id}>{t(field.labelKey)}</label>
            <Combobox
              id={id}
              name={field.param}
              value={values[field.param] ?? ""}
              onValueChange={(value) => setValues((v) => ({ ...v, [field.param]: value }))}
              source={sourceFor(field, lists)}
              initial={suggestion?.options ?? []}
              initialEmptyText={suggestion?.source === "history" ? t("search.suggest.noHistory") : undefined}
              placeholder={t(field.placeholderKey)}
              describedBy={[errorId, showChips && suggestion ? hintId : undefined].filter(Boolean).join(" ") || undefined}
              invalid={!!view?.error}
            />
            {view?.error ? (
              <p id={errorId} className="field__errors" role="alert">
                {t(view.error, { text: view.value })}
              </p>
            ) : null}
            {view?.candidates?.length ? (
              <div className="suggest">
                <span className="suggest__label">{t("search.suggest.didYouMean")}</span>
                <ul className="chips chips--candidates" aria-label={t("search.suggest.didYouMean")}>
                  {view.candidates.map((option) => (
                    <li key={option.value}>
                      <a href={hrefFor(field.param, option.value)} className="chip">
                        {option.label}
                        {option.hint ? <small> {option.hint}</small> : null}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {showChips && suggestion ? (
              <div id={hintId} className="suggest">
                <span className="suggest__label">
                  {t(suggestion.source === "history" ? "search.suggest.history" : "search.suggest.hot")}
                </span>
                {suggestion.options.length === 0 ? (
                  <span className="suggest__empty">{t("search.suggest.noHistory")}</span>
                ) : (
                  <ul className="chips">
                    {suggestion.options.map((option) => (
                      <li key={option.value}>
                        <a
                          className="chip"
                          href={hrefFor(field.param, option.value)}
                          onClick={(event) => {
                            // With JavaScript a suggestion just fills the field.
                            event.preventDefault();
                            setValues((v) => ({ ...v, [field.param]: option.value }));
                          }}
                        >
                          {option.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ) : null}
          </div>
        );
      })}
      {mode.weight ? (
        <div className="field search-form__field search-form__weight">
          <label htmlFor={`${mode.key}-${mode.weight.param}`}>{t(mode.weight.labelKey)}</label>
          <input
            ref={weightRef}
            id={`${mode.key}-${mode.weight.param}`}
            name={mode.weight.param}
            type="number"
            inputMode="decimal"
            min={0}
            max={mode.weight.max}
            step={0.1}
            value={weightValue}
            onChange={(event) => setWeightValue(event.target.value)}
            aria-invalid={weight?.error ? true : undefined}
            aria-describedby={weight?.error ? `${mode.key}-weight-error` : `${mode.key}-weight-hint`}
          />
          {weight?.error ? (
            <p id={`${mode.key}-weight-error`} className="field__errors" role="alert">
              {t(weight.error, { max: mode.weight.max })}
            </p>
          ) : (
            <p id={`${mode.key}-weight-hint`} className="field__hint">
              {t("search.field.weightHint", { max: mode.weight.max })}
            </p>
          )}
        </div>
      ) : null}
      <div className="search-form__actions">
        <button type="submit" className="button button--primary">
          {t("common.actions.search")}
        </button>
      </div>
    </Form>
  );
}
