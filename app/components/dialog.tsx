// The one URL-addressed dialog (DESIGN.md "Architecture"). The server renders
// it open (a native <dialog open> over a backdrop), so a plain link such as
// /userList?dialog=edit&id=12 shows it without JavaScript; with JavaScript
// `useUrlDialog` re-opens it as a real modal (focus trap, inert page) and
// Escape or the close link navigate to `closeTo`, the page without the
// dialog. No dialog library: the native element keeps the bundle small.
//
// `look` keeps each area's drawing (data screens, administration, booking
// steps: their style sheets and screenshots); the behaviour is this one.
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useId } from "react";
import { useUrlDialog } from "~/components/useUrlDialog";
import { closeHref } from "~/components/urls";
import { useTranslation } from "~/i18n/react";

const LOOKS = {
  /** The data areas' dialogs (datatable.css): backdrop beside the dialog. */
  data: {
    backdrop: "modal-backdrop",
    dialog: "modal",
    wide: "modal--wide",
    head: "modal__head",
    close: "modal__close",
    body: "modal__body",
    closeKey: "common.actions.close",
  },
  /** The administration dialogs (admin.css). */
  admin: {
    backdrop: "admin-dialog__backdrop",
    dialog: "admin-dialog",
    wide: "admin-dialog--wide",
    head: "admin-dialog__header",
    close: "admin-dialog__close",
    body: "admin-dialog__body",
    closeKey: "admin.common.close",
  },
  /** The booking steps (booking.css): pages of their own, so the title is the page's h1. */
  booking: {
    backdrop: "booking-backdrop",
    dialog: "booking-dialog",
    wide: "",
    head: "booking-dialog__header",
    close: "booking-dialog__close",
    body: "booking-dialog__body",
    closeKey: "booking.dialog.close",
  },
} as const;

type Props = {
  title: React.ReactNode;
  children: React.ReactNode;
  look: keyof typeof LOOKS;
  /** Where closing leads; by default the current page without the dialog's parameters (`dialog`, `id`). */
  closeTo?: string;
  wide?: boolean;
  /** Booking steps: "choice" (30 % wide) or "form" (70 %). */
  size?: "choice" | "form";
  /** Dialogs that ask to confirm are alertdialogs. */
  role?: "dialog" | "alertdialog";
  /**
   * Closing (×, Escape) POSTs these fields to `action` instead of navigating
   * away, so the server can answer (a delete's 已取消删除), with or without JavaScript.
   */
  cancel?: { action?: string; fields: Record<string, string> };
};

export function UrlDialog({ title, children, look, closeTo, wide, size, role = "dialog", cancel }: Props) {
  const { t } = useTranslation();
  const location = useLocation();
  const titleId = useId();
  const cancelId = useId();
  const target = closeTo ?? closeHref(location);
  const submit = useSubmit();
  const onCancel = cancel ? () => submit(cancel.fields, { method: "post", action: cancel.action, preventScrollReset: true }) : undefined;
  // The data dialogs replace the history entry on close (they are steps of one list view).
  const ref = useUrlDialog(target, { replace: look === "data", onCancel });
  const c = LOOKS[look];
  const Heading = look === "booking" ? "h1" : "h2";
  const className = [c.dialog, wide ? c.wide : "", size ? `${c.dialog}--${size}` : ""].filter(Boolean).join(" ");
  const dialog = (
    <dialog
      ref={ref}
      open
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      className={className}
    >
      <header className={c.head}>
        <Heading id={titleId}>{title}</Heading>
        {cancel ? (
          <Form method="post" action={cancel.action} preventScrollReset id={cancelId} className="inline-form">
            {Object.entries(cancel.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className={c.close} aria-label={t(c.closeKey)}>
              ×
            </button>
          </Form>
        ) : (
          <Link
            to={target}
            className={c.close}
            aria-label={t(c.closeKey)}
            preventScrollReset={look !== "booking"}
            replace={look === "data"}
          >
            ×
          </Link>
        )}
      </header>
      <div className={c.body}>{children}</div>
    </dialog>
  );
  // The data dialogs' backdrop is a sibling (datatable.css); the others wrap their dialog.
  return look === "data" ? (
    <>
      <div className={c.backdrop} aria-hidden="true" />
      {dialog}
    </>
  ) : (
    <div className={c.backdrop}>{dialog}</div>
  );
}
