// Deletion confirmation (spec: "Deletions require confirmation; cancelling
// shows '已取消删除'"). Both buttons post, so the cancel message is a flash
// that works without JavaScript too.
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { UrlDialog } from "~/components/dialog";

type Props = {
  title: string;
  message: string;
  /** The intent of the confirm button; cancel posts `cancel`. */
  intent: string;
  id: number | string;
  /** Extra hidden fields (e.g. the mode of a special offer). */
  hidden?: Record<string, string>;
  /** Which cancel message: '已取消删除' (default) or '已取消'. */
  cancelIntent?: "cancelDelete" | "cancel";
};

export function ConfirmDialog({ title, message, intent, id, hidden, cancelIntent = "cancelDelete" }: Props) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <UrlDialog look="admin" title={title}>
      <Form method="post" preventScrollReset>
        <p className="admin-confirm__message">
          <span aria-hidden="true" className="admin-confirm__icon">
            !
          </span>{" "}
          {message}
        </p>
        <input type="hidden" name="id" value={id} />
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="admin-dialog__actions">
          <button type="submit" name="intent" value={cancelIntent} className="button button--ghost" disabled={busy} formNoValidate>
            {t("admin.common.cancel")}
          </button>
          <button type="submit" name="intent" value={intent} className="button admin-button--danger" disabled={busy}>
            {t("admin.common.confirm")}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}
