// Error boundary of the administration screens: the message inside the
// back-office layout (403 for a missing permission, 404 for a missing record).
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function AdminErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, body] =
    status === 403
      ? [t("common.errors.forbiddenTitle"), t("common.errors.forbiddenBody")]
      : status === 404
        ? [t("common.errors.notFoundTitle"), t("common.errors.notFoundBody")]
        : status === 400
          ? [t("common.errors.badRequest"), t("common.errors.serverErrorBody")]
          : [t("common.errors.serverErrorTitle"), t("common.errors.serverErrorBody")];
  return (
    <section className="admin-error" role="alert">
      <p className="admin-error__status">{status}</p>
      <h1>{title}</h1>
      <p>{body}</p>
    </section>
  );
}
