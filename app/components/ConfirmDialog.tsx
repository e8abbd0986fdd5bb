// The data screens' confirmation step, in the one URL-addressed dialog
// (components/dialog.tsx).
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { UrlDialog } from "~/components/dialog";

type ConfirmDialogProps = {
  title: React.ReactNode;
  message: React.ReactNode;
  closeHref: string;
  /** The confirming POST: its action URL and hidden fields (intent, ids ...). */
  action?: string;
  fields: Record<string, string>;
  confirmLabel?: string;
  /**
   * Cancelling POSTs these fields instead of just closing, so the server can
   * answer with the spec's "已取消删除" message (with or without JavaScript).
   */
  cancelFields?: Record<string, string>;
  busy?: boolean;
};

/** Confirmation step: confirm submits `fields`; cancel submits `cancelFields` (or closes). */
export function ConfirmDialog({ title, message, closeHref, action, fields, confirmLabel, cancelFields, busy }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <UrlDialog
      look="data"
      title={title}
      closeTo={closeHref}
      role="alertdialog"
      cancel={cancelFields ? { action, fields: cancelFields } : undefined}
    >
      <div>{message}</div>
      <div className="modal__foot">
        {cancelFields ? (
          <Form method="post" action={action} preventScrollReset>
            {Object.entries(cancelFields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="button button--ghost">
              {t("common.actions.cancel")}
            </button>
          </Form>
        ) : (
          <Link to={closeHref} className="button button--ghost" preventScrollReset replace>
            {t("common.actions.cancel")}
          </Link>
        )}
        <Form method="post" action={action} preventScrollReset>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="button button--primary" disabled={busy} autoFocus data-autofocus>
            {confirmLabel ?? t("common.actions.confirm")}
          </button>
        </Form>
      </div>
    </UrlDialog>
  );
}
