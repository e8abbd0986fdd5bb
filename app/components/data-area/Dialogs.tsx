// The other URL-addressed dialogs of a data area: delete confirmation,
// range delete (enter ids → confirm), and check results.
import { messageText, useTranslation } from "~/i18n/react";
import { Form, Link } from "@remix-run/react";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { UrlDialog } from "~/components/dialog";
import { HiddenParams } from "~/components/table";
import type { DialogState } from "~/domain/data-areas/screen-types";

export function DeleteDialog({ id, closeHref, action }: { id: number; closeHref: string; action: string }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t("data.delete.title")}
      message={t("data.delete.confirm", { id })}
      closeHref={closeHref}
      action={action}
      fields={{ intent: "delete", id: String(id) }}
      cancelFields={{ intent: "cancelDelete" }}
      confirmLabel={t("data.delete.submit")}
    />
  );
}

type RangeState = Extract<DialogState, { kind: "range" }>;

export function RangeDeleteDialog({
  state,
  closeHref,
  action,
  listSearch,
}: {
  state: RangeState;
  closeHref: string;
  action: string;
  listSearch: string;
}) {
  const { t } = useTranslation();
  if (state.confirm) {
    const { start, end, count } = state.confirm;
    return (
      <ConfirmDialog
        title={t("data.range.title")}
        message={t(start === end ? "data.range.confirmOne" : "data.range.confirm", { start, end, count })}
        closeHref={closeHref}
        action={action}
        fields={{ intent: "rangeDelete", start: String(start), end: String(end) }}
        cancelFields={{ intent: "cancelDelete" }}
        confirmLabel={t("data.delete.submit")}
      />
    );
  }
  return (
    <UrlDialog look="data" title={t("data.range.title")} closeTo={closeHref}>
      <Form method="get" className="stack" preventScrollReset>
        <HiddenParams search={listSearch} exclude={["range", "start", "end", "step"]} />
        <input type="hidden" name="range" value="1" />
        <input type="hidden" name="step" value="confirm" />
        <p className="field__hint">{t("data.range.hint")}</p>
        {state.warning ? (
          <p className="flash flash--warning" role="alert">
            {messageText(t, state.warning)}
          </p>
        ) : null}
        <div className="edit-grid">
          <div className="field">
            <label htmlFor="range-start">{t("data.range.start")}</label>
            <input id="range-start" name="start" inputMode="numeric" defaultValue={state.start} autoFocus />
          </div>
          <div className="field">
            <label htmlFor="range-end">{t("data.range.end")}</label>
            <input id="range-end" name="end" inputMode="numeric" defaultValue={state.end} />
          </div>
        </div>
        <div className="modal__foot">
          <Link to={closeHref} className="button button--ghost" preventScrollReset replace>
            {t("common.actions.cancel")}
          </Link>
          <button type="submit" className="button button--primary">
            {t("data.range.next")}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}

type CheckState = Extract<DialogState, { kind: "check" }>;

export function CheckDialog({ state, closeHref }: { state: CheckState; closeHref: string }) {
  const { t } = useTranslation();
  return (
    <UrlDialog look="data" title={t(`data.check.${state.check}`)} closeTo={closeHref}>
      {state.items.length === 0 ? (
        <p role="status">{t("data.check.none")}</p>
      ) : (
        <>
          <p>{t("data.check.count", { count: state.items.length })}</p>
          <ol className="check-list">
            {state.items.map((item, i) => (
              <li key={`${item.id ?? item.text}-${i}`}>
                {item.id !== undefined ? <span>{t("data.check.idPrefix", { id: item.id })}</span> : null}
                {item.column ? <span>{t("data.col.pol")}: </span> : null}
                <code style={{ whiteSpace: "pre" }}>“{item.text}”</code>
                {item.count !== undefined ? <span> {t("data.check.rows", { count: item.count })}</span> : null}
              </li>
            ))}
          </ol>
        </>
      )}
    </UrlDialog>
  );
}
