// The import history of a data area (?history=1) and the undo confirmation
// (?undo=<batch>), issue 23 item 2. URL-addressed dialogs: plain links and
// POST forms, so they work without JavaScript.
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { UrlDialog } from "~/components/dialog";
import { DataTable, type TableColumn } from "~/components/table";
import type { BatchSummary, DialogState } from "~/domain/data-areas/screen-types";
import { formatDateTime } from "~/utils/dates";
import { IntentForm } from "~/components/forms";

function BatchState({ batch }: { batch: BatchSummary }) {
  const { t } = useTranslation();
  if (!batch.undoneAt) return <>{t("importHistory.state.active")}</>;
  const values = { time: formatDateTime(batch.undoneAt), user: batch.undoneBy ?? "", count: batch.undoSkipped ?? 0 };
  return <>{t(batch.undoSkipped ? "importHistory.state.undonePartly" : "importHistory.state.undone", values)}</>;
}

export function ImportHistoryDialog({ path, batches, closeHref }: { path: string; batches: BatchSummary[]; closeHref: string }) {
  const { t } = useTranslation();
  const columns: TableColumn<BatchSummary>[] = [
    { key: "id", header: t("importHistory.col.id"), className: "num", cell: (b) => b.id },
    { key: "time", header: t("importHistory.col.time"), cell: (b) => formatDateTime(b.createdAt) },
    { key: "user", header: t("importHistory.col.user"), cell: (b) => b.username ?? "" },
    {
      key: "file",
      header: t("importHistory.col.file"),
      cell: (b) => (
        <>
          {b.fileName}
          <br />
          <code className="field__hint" title={t("importHistory.checksum")}>
            {b.checksum.slice(0, 12)}
          </code>
        </>
      ),
    },
    {
      key: "counts",
      header: t("importHistory.col.counts"),
      cell: (b) => t("importHistory.counts", { rows: b.rows, inserted: b.inserted, updated: b.updated }),
    },
    { key: "state", header: t("importHistory.col.state"), cell: (b) => <BatchState batch={b} /> },
  ];
  return (
    <UrlDialog look="data" title={t("importHistory.title")} closeTo={closeHref} wide>
      <p className="field__hint">{t("importHistory.hint")}</p>
      {batches.length === 0 ? (
        <p role="status">{t("importHistory.empty")}</p>
      ) : (
        <DataTable
          columns={columns}
          rows={batches}
          rowKey={(batch) => String(batch.id)}
          actionsHeader={t("importHistory.col.actions")}
          actions={(batch) => (
            <>
              {batch.hasFile ? (
                <a href={`${path}/import-file/${batch.id}`} download={batch.fileName}>
                  {t("importHistory.download")}
                </a>
              ) : null}
              {batch.undoneAt ? null : (
                <Link to={`${path}?undo=${batch.id}`} preventScrollReset>
                  {t("importHistory.undo")}
                </Link>
              )}
            </>
          )}
        />
      )}
    </UrlDialog>
  );
}

type UndoState = Extract<DialogState, { kind: "undo" }>;

function UndoButton({
  action,
  batch,
  intent,
  label,
  primary,
}: {
  action: string;
  batch: number;
  intent: string;
  label: string;
  primary?: boolean;
}) {
  return (
    <IntentForm
      intent={intent}
      action={action}
      values={{ batch }}
      preventScrollReset
      button={{ className: primary ? "button button--primary" : "button button--ghost" }}
    >
      {label}
    </IntentForm>
  );
}

export function UndoDialog({ path, state, action }: { path: string; state: UndoState; action: string }) {
  const { t } = useTranslation();
  const { batch, conflicts } = state;
  const historyHref = `${path}?history=1`;
  const summary = { id: batch.id, file: batch.fileName, rows: batch.rows, inserted: batch.inserted, updated: batch.updated };
  return (
    <UrlDialog look="data" title={t("importHistory.undoTitle", { id: batch.id })} closeTo={historyHref} role="alertdialog">
      {batch.undoneAt ? (
        <p role="status">{t("importHistory.alreadyUndone")}</p>
      ) : (
        <>
          <p>{t("importHistory.undoConfirm", summary)}</p>
          {conflicts.count > 0 ? (
            <div role="alert">
              <p className="flash flash--warning">{t("importHistory.conflictIntro", { count: conflicts.count })}</p>
              <p className="check-list" style={{ overflowWrap: "anywhere" }}>
                {conflicts.ids.join(", ")}
                {conflicts.count > conflicts.ids.length
                  ? ` ${t("importHistory.conflictMore", { count: conflicts.count - conflicts.ids.length })}`
                  : ""}
              </p>
            </div>
          ) : null}
        </>
      )}
      <div className="modal__foot">
        <Link to={historyHref} className="button button--ghost" preventScrollReset replace>
          {conflicts.count > 0 ? t("importHistory.undoNothing") : t("common.actions.cancel")}
        </Link>
        {batch.undoneAt ? null : conflicts.count > 0 ? (
          <UndoButton
            action={action}
            batch={batch.id}
            intent="undoRest"
            label={t("importHistory.undoRest", { count: conflicts.count })}
            primary
          />
        ) : (
          <UndoButton action={action} batch={batch.id} intent="undo" label={t("importHistory.undo")} primary />
        )}
      </div>
    </UrlDialog>
  );
}
