// Error boundary of the back-office screens: the message inside the layout
// (403 without the screen's permission, 404 for a missing record, 400 for a
// bad request).
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

export function BackOfficeErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refused operation names its reason (a translation key from the server).
  const reason = isRouteErrorResponse(error) && typeof (error.data as { message?: unknown } | null)?.message === "string" ? (error.data as { message: string }).message : null;
  const [title, defaultBody] =
    status === 403 || status === 409
      ? [t("common.errors.forbiddenTitle"), t("common.errors.forbiddenBody")]
      : status === 404
        ? [t("common.errors.notFoundTitle"), t("common.errors.notFoundBody")]
        : status === 400 || status === 405
          ? [t("common.errors.badRequest"), t("common.errors.serverErrorBody")]
          : [t("common.errors.serverErrorTitle"), t("common.errors.serverErrorBody")];
  const body = reason && status < 500 ? t(reason) : defaultBody;
  return (
    <section className="bo-error" role="alert">
      <p className="bo-error__status">{status}</p>
      <h1>{title}</h1>
      <p>{body}</p>
    </section>
  );
}
