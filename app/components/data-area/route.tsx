// Shared pieces of the nine data-area route modules.
import type { LinksFunction } from "@remix-run/node";
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import tableStylesHref from "~/styles/datatable.css";

export const dataAreaLinks: LinksFunction = () => [{ rel: "stylesheet", href: tableStylesHref }];

/** Errors inside the back-office layout: 403 without the area's permission, 400 for a bad request. */
export function DataAreaErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, body] =
    status === 403
      ? [t("common.errors.forbiddenTitle"), t("common.errors.forbiddenBody")]
      : status === 404
        ? [t("common.errors.notFoundTitle"), t("common.errors.notFoundBody")]
        : status === 400 || status === 405
          ? [t("common.errors.badRequest"), t("common.errors.serverErrorBody")]
          : [t("common.errors.serverErrorTitle"), t("common.errors.serverErrorBody")];
  return (
    <section className="data-error" role="alert">
      <p className="data-error__status">{status}</p>
      <h1>{title}</h1>
      <p>{body}</p>
    </section>
  );
}
