// URL-addressed dialogs. The server renders them open (a native <dialog
// open>), so a plain link such as ?delete=12 shows the dialog without
// JavaScript; with JavaScript the same element is shown modal (focus trap,
// Esc, backdrop) and closing navigates to `closeHref`. No dialog library:
// the native element keeps the bundle small.
import { Form, Link } from "@remix-run/react";
import { useId } from "react";
import { useUrlDialog } from "~/components/useUrlDialog";
import { useTranslation } from "~/i18n/react";

type ModalProps = {
  title: React.ReactNode;
  /** Where closing leads (the page without the dialog's URL parameter). */
  closeHref: string;
  children: React.ReactNode;
  wide?: boolean;
  /** Dialogs that ask to confirm are alertdialogs. */
  role?: "dialog" | "alertdialog";
};

export function Modal({ title, closeHref, children, wide, role = "dialog" }: ModalProps) {
  const { t } = useTranslation();
  const ref = useUrlDialog(closeHref, { replace: true });
  const titleId = useId();
  return (
    <>
      <div className="modal-backdrop" aria-hidden="true" />
      <dialog
        ref={ref}
        open
        role={role === "alertdialog" ? "alertdialog" : undefined}
        aria-labelledby={titleId}
        aria-modal="true"
        className={`modal ${wide ? "modal--wide" : ""}`}
      >
        <div className="modal__head">
          <h2 id={titleId}>{title}</h2>
          <Link to={closeHref} className="modal__close" aria-label={t("common.actions.close")} preventScrollReset replace>
            ×
          </Link>
        </div>
        <div className="modal__body">{children}</div>
      </dialog>
    </>
  );
}

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
    <Modal title={title} closeHref={closeHref} role="alertdialog">
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
          <button type="submit" className="button button--primary" disabled={busy} autoFocus>
            {confirmLabel ?? t("common.actions.confirm")}
          </button>
        </Form>
      </div>
    </Modal>
  );
}
