// The import wizard (issue 40): a carrier's or agent's own sheet mapped to the
// area's fields on one page of five steps (tabs, header rows, columns, fixed
// values, save as a source), posted as one form: "Apply and refresh" keeps the
// choices and shows the page again (new header rows give new columns),
// "Preview" makes the one import preview. Works without JavaScript; with it a
// change of the header row count or of the saved source applies at once.
import { Form, useSubmit } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { T } from "~/i18n/keys";
import { CheckboxField, Field, IntentForm, Select, type SelectOption } from "~/components/forms";
import type { WizardData } from "~/domain/data-areas/screen-types";
import type { DataArea } from "~/domain/data-areas/types";
import { DAY_ORDERS } from "~/domain/data-areas/dates";
import { columnLabel } from "./cells";
import { ImportProblems } from "./ImportProblems";

type Wizard = Exclude<WizardData, { gone: true }>;

/** What a target is called in the column's select. */
function targetLabel(t: T, area: DataArea, target: string, tableCurrency: string | null): string {
  const baseName = (base: string) => {
    const column = area.columns.find((c) => c.field === `${base}T0`);
    return column ? t(column.labelKey, { ...column.labelValues, tier: "" }).trim() : base;
  };
  if (target.startsWith("price:")) return t("wizard.target.price", { name: baseName(target.slice("price:".length)) });
  if (target.startsWith("prices:"))
    return t("wizard.target.prices", { names: target.slice("prices:".length).split("/").map(baseName).join(" / ") });
  if (target.startsWith("same:"))
    return t("wizard.target.same", { names: target.slice("same:".length).split("/").map(baseName).join(t("wizard.separator")) });
  if (target === "validity") return t("wizard.target.validity");
  if (target === "size") return t("wizard.target.size");
  if (target === "rowPrice") return t("wizard.target.rowPrice");
  const column = area.columns.find((c) => c.field === target);
  if (column) return columnLabel(t, column);
  if (target === "currency")
    return tableCurrency ? t("wizard.target.currency", { currency: tableCurrency }) : t("wizard.target.currencyColumn");
  return target;
}

/**
 * A problem's values as the clerk reads them: the fields a problem names by
 * their field names (`fields`: "pol, validFrom"; `target`) given the labels
 * of the area's columns, as the column selects show them.
 */
function problemValues(t: T, area: DataArea, problem: Wizard["problems"][number], tableCurrency: string | null) {
  const values = { ...problem.values };
  const label = (target: string) => targetLabel(t, area, target, tableCurrency);
  if (typeof values.fields === "string") values.fields = values.fields.split(", ").map(label).join(t("wizard.separator"));
  if (typeof values.target === "string") values.target = label(values.target);
  return values;
}

/**
 * A choice the page offers only where it applies, with the marker `<name>Shown`
 * that tells the server an unticked box from one not offered (a browser
 * without JavaScript posts nothing for an unticked box; mappingFromForm reads both).
 */
function OfferedCheckbox({ name, label, checked }: { name: "carrierTitles" | "startToday"; label: string; checked: boolean }) {
  return (
    <>
      <input type="hidden" name={`${name}Shown`} value="1" />
      <CheckboxField label={label} inputProps={{ id: `wizard-${name}`, name, value: "1", defaultChecked: checked }} />
    </>
  );
}

export function ImportWizard({ area, wizard, action }: { area: DataArea; wizard: WizardData; action: string }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  if (wizard.gone) {
    return (
      <p className="flash flash--warning" role="alert" data-testid="import-wizard">
        {t("wizard.gone")}
      </p>
    );
  }
  const w: Wizard = wizard;
  const targetOptions: SelectOption[] = [
    { value: "ignore", label: t("wizard.col.ignore") },
    ...w.targets.map((target) => ({ value: target, label: targetLabel(t, area, target, w.tableCurrency) })),
  ];
  // With JavaScript, a change of the header rows or of the saved source is applied at once (the page's columns follow).
  const applyNow = (event: React.ChangeEvent<HTMLSelectElement | HTMLInputElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    const data = new FormData(form);
    data.set("intent", "wizardApply");
    submit(data, { method: "post", action, preventScrollReset: true });
  };
  return (
    <section className="import-wizard" aria-labelledby="import-wizard-title" data-testid="import-wizard">
      <h2 id="import-wizard-title">{t("wizard.title", { file: w.fileName })}</h2>
      <p>{t("wizard.intro")}</p>
      {w.profile ? <p role="status">{t("wizard.save.recognised", { name: w.profile.name })}</p> : null}
      {w.unreadable ? <ImportProblems problems={w.unreadable} badRows={[]} /> : null}
      {w.problems.length ? (
        <div className="flash flash--warning problems" role="alert" data-testid="wizard-problems">
          <strong>{t("wizard.problems")}</strong>
          <ul>
            {w.problems.map((problem, i) => (
              <li key={`${problem.key}-${i}`}>{t(problem.key, problemValues(t, area, problem, w.tableCurrency))}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" action={action} className="import-wizard__form" preventScrollReset>
        <input type="hidden" name="previewId" value={w.id} />

        <fieldset>
          <legend>{t("wizard.step.tabs")}</legend>
          <input type="hidden" name="tabsShown" value="1" />
          {w.tabs.map((tab) => (
            <div key={tab.name} className="import-wizard__tab" data-tab={tab.name}>
              <CheckboxField
                label={
                  <>
                    <strong>{tab.name}</strong> {tab.hidden ? t("wizard.tab.hidden") : null} ·{" "}
                    {tab.columns === 0
                      ? t("wizard.tab.noHeader")
                      : tab.headerRows === 2
                        ? t("wizard.tab.headerTwo", { row: tab.headerRow, next: tab.headerRow + 1 })
                        : t("wizard.tab.header", { row: tab.headerRow })}{" "}
                    · {t("wizard.tab.rows", { count: tab.rows })}
                    {tab.hiddenRows ? <> · {t("wizard.tab.hiddenRows", { count: tab.hiddenRows })}</> : null}
                    {tab.periods.length ? (
                      <> · {t("wizard.tab.periods", { count: tab.periods.length, periods: tab.periods.join("、") })}</>
                    ) : null}
                    {tab.titlePeriod ? (
                      <> · {t(tab.titlePeriod.inName ? "wizard.tab.namePeriod" : "wizard.tab.titlePeriod", tab.titlePeriod)}</>
                    ) : null}
                    {tab.stacked ? <> · {t("wizard.tab.stacked", { count: tab.stacked + 1 })}</> : null}
                    {tab.columns > 0 && !tab.lanes ? <> · {t("wizard.tab.noLanes")}</> : null}
                  </>
                }
                inputProps={{ id: `wizard-tab-${tab.name}`, name: "tabs", value: tab.name, defaultChecked: tab.chosen }}
              />
              {tab.formulaCells.length ? (
                <p className="field__errors" role="alert">
                  {t("wizard.tab.formulas", { count: tab.formulaCells.length, cells: tab.formulaCells.join(", ") })}
                </p>
              ) : null}
            </div>
          ))}
          <p className="field__hint">{t("wizard.tab.notChosen")}</p>
        </fieldset>

        <fieldset>
          <legend>{t("wizard.step.header")}</legend>
          <Field
            label={t("wizard.header.row")}
            hint={t("wizard.header.auto")}
            inputProps={{
              id: "wizard-header-row",
              name: "headerRow",
              type: "number",
              min: 1,
              max: 1000,
              inputMode: "numeric",
              defaultValue: w.header?.row ?? "",
              placeholder: t("wizard.header.auto"),
            }}
          />
          <Select
            label={t("wizard.header.rows")}
            selectProps={{ id: "wizard-header-rows", name: "headerRows", defaultValue: String(w.header?.rows ?? 1), onChange: applyNow }}
            options={[
              { value: "1", label: t("wizard.header.one") },
              { value: "2", label: t("wizard.header.two") },
            ]}
          />
        </fieldset>

        <fieldset>
          <legend>{t("wizard.step.columns")}</legend>
          <div className="table-scroll">
            <table className="table import-wizard__columns">
              <thead>
                <tr>
                  <th scope="col">{t("wizard.col.header")}</th>
                  <th scope="col">{t("wizard.col.samples")}</th>
                  <th scope="col">{t("wizard.col.target")}</th>
                </tr>
              </thead>
              <tbody>
                {w.columns.map((column, i) => (
                  <tr
                    key={column.key}
                    data-column={column.label}
                    data-price-like={column.priceLike || undefined}
                    data-hidden={column.hidden || undefined}
                  >
                    <th scope="row">
                      {column.label}
                      {column.priceLike ? <span className="tag"> {t("wizard.col.priceLike")}</span> : null}
                      {column.hidden ? <span className="tag"> {t("wizard.col.hidden")}</span> : null}
                      {column.periodic ? <span className="field__hint"> {t("wizard.col.periodic")}</span> : null}
                    </th>
                    <td>{column.samples.join(" · ")}</td>
                    <td>
                      <input type="hidden" name={`k${i}`} value={column.key} />
                      <label htmlFor={`wizard-col-${i}`} className="visually-hidden">
                        {t("wizard.col.target")}: {column.label}
                      </label>
                      <select
                        id={`wizard-col-${i}`}
                        name={`c${i}`}
                        defaultValue={column.target ?? ""}
                        aria-invalid={column.priceLike && column.target === null ? true : undefined}
                      >
                        <option value="">{t("wizard.col.choose")}</option>
                        {[
                          ...targetOptions,
                          // Several prices in one column ("20GP/40GP/40HQ"): offered to the column whose header names them.
                          ...[column.auto, column.target].flatMap((target, k, both) =>
                            target?.startsWith("prices:") && both.indexOf(target) === k
                              ? [{ value: target, label: targetLabel(t, area, target, w.tableCurrency) }]
                              : [],
                          ),
                        ].map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                            {option.value === column.auto ? ` (${t("wizard.col.auto")})` : ""}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </fieldset>

        {w.fixedKeys.length ? (
          <fieldset>
            <legend>{t("wizard.step.fixed")}</legend>
            <p className="field__hint">{t("wizard.fixed.hint")}</p>
            {w.fixedKeys.includes("carrier") && w.tabs.some((tab) => tab.chosen && tab.stacked > 0) ? (
              <OfferedCheckbox name="carrierTitles" label={t("wizard.fixed.carrierTitles")} checked={w.carrierTitles} />
            ) : null}
            {w.startToday !== null ? (
              <OfferedCheckbox name="startToday" label={t("wizard.fixed.startToday")} checked={w.startToday} />
            ) : null}
            {w.dateOrder ? (
              <>
                <Select
                  label={t("wizard.fixed.dateOrder", { example: w.dateOrder.example })}
                  placeholder={t("wizard.fixed.choose")}
                  selectProps={{ id: "wizard-date-order", name: "dateOrder", defaultValue: w.dateOrder.order ?? "" }}
                  options={DAY_ORDERS.map((order) => ({ value: order, label: t(`wizard.dateOrder.${order}`) }))}
                />
                {w.dateOrder.proven ? (
                  <p className="field__hint">{t("wizard.fixed.dateOrderProven", { order: t(`wizard.dateOrder.${w.dateOrder.proven}`) })}</p>
                ) : null}
              </>
            ) : null}
            {w.fixedKeys.map((key) =>
              key === "tier" ? (
                <Select
                  key={key}
                  label={t("wizard.fixed.tier")}
                  placeholder={t("wizard.fixed.choose")}
                  selectProps={{ id: "wizard-fixed-tier", name: "fixed.tier", defaultValue: w.fixed.tier ?? "" }}
                  options={w.tierChoices.map((tier) => ({ value: tier, label: t(`wizard.tier.${tier}`) }))}
                />
              ) : (
                <Field
                  key={key}
                  label={t(`wizard.fixed.${key}`)}
                  inputProps={{
                    id: `wizard-fixed-${key}`,
                    name: `fixed.${key}`,
                    defaultValue: w.fixed[key] ?? "",
                    ...(key === "validFrom" || key === "validTo" ? { type: "date" } : {}),
                    ...(key === "currency" ? { placeholder: w.tableCurrency ?? "USD", maxLength: 10 } : { maxLength: 100 }),
                  }}
                />
              ),
            )}
          </fieldset>
        ) : null}

        <fieldset>
          <legend>{t("wizard.step.save")}</legend>
          <Field
            label={t("wizard.save.name")}
            hint={t("wizard.save.hint")}
            inputProps={{ id: "wizard-save-as", name: "saveAs", defaultValue: w.saveAs, maxLength: 60 }}
          />
          {w.profiles.length ? (
            <Select
              label={t("wizard.save.from")}
              placeholder={t("wizard.save.fromNone")}
              selectProps={{
                id: "wizard-profile",
                name: "profile",
                defaultValue: w.profile ? String(w.profile.id) : "",
                onChange: applyNow,
              }}
              options={w.profiles.map((p) => ({ value: String(p.id), label: p.name }))}
            />
          ) : null}
        </fieldset>

        <div className="toolbar">
          <button type="submit" name="intent" value="wizardPreview" className="button button--primary">
            {t("wizard.preview")}
          </button>
          <button type="submit" name="intent" value="wizardApply" className="button button--ghost">
            {t("wizard.apply")}
          </button>
        </div>
      </Form>
      <div className="toolbar">
        <IntentForm intent="wizardDiscard" action={action} values={{ previewId: w.id }} button={{ className: "button button--ghost" }}>
          {t("wizard.discard")}
        </IntentForm>
        {w.profile ? (
          <IntentForm
            intent="profileDelete"
            action={action}
            values={{ previewId: w.id, profile: w.profile.id }}
            button={{ className: "button button--ghost danger-link" }}
          >
            {t("wizard.save.delete", { name: w.profile.name })}
          </IntentForm>
        ) : null}
      </div>
    </section>
  );
}
