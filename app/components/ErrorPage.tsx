import type { TranslationKey } from "~/i18n/keys";
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { storedKeyText, useTranslation } from "~/i18n/react";

/**
 * The title and text of an error status, as translation keys: every error
 * boundary words a status the same way (a refused upload is "too large",
 * never "something went wrong").
 */
export function errorKeys(status: number): { title: TranslationKey; body: TranslationKey } {
  switch (status) {
    case 404:
      return { title: "common.errors.notFoundTitle", body: "common.errors.notFoundBody" };
    case 403:
      return { title: "common.errors.forbiddenTitle", body: "common.errors.forbiddenBody" };
    case 400:
    case 405:
      return { title: "common.errors.badRequest", body: "common.errors.badRequestBody" };
    case 411:
      return { title: "common.errors.lengthRequiredTitle", body: "common.errors.lengthRequiredBody" };
    case 413:
      return { title: "common.errors.tooLargeTitle", body: "common.errors.tooLargeAny" };
    case 429:
      return { title: "common.errors.tooManyTitle", body: "common.errors.tooManyBody" };
    default:
      return { title: "common.errors.serverErrorTitle", body: "common.errors.serverErrorBody" };
  }
}

/** The status of the error a boundary caught, and its translated title and text. */
export function useRouteErrorText(): { status: number; title: string; body: string } {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const keys = errorKeys(status);
  // A refused operation names its reason: a translation key the server sent as the response's message.
  const reason = isRouteErrorResponse(error) && status < 500 ? (error.data as { message?: unknown } | null)?.message : null;
  const reasonText = typeof reason === "string" ? storedKeyText(t, reason, "") : "";
  return { status, title: t(keys.title), body: reasonText || t(keys.body) };
}

export type ErrorInfo = { status: number; title: string; body: string; error: unknown };
/** Draws one status its own way, or returns null to leave it to the default drawing. */
export type StatusHandler = (info: ErrorInfo) => React.ReactNode | null;

/**
 * The one error boundary of every route (Epic Stack's GeneralErrorBoundary):
 * the caught status, worded by `useRouteErrorText` (a refusal names its
 * reason), drawn as a whole document (root), inside the site layout
 * ("page") or inside the staff layout ("backoffice"). A route with a status
 * of its own (the booking's unavailable rate) passes `statusHandlers`.
 */
export function GeneralErrorBoundary({
  look = "page",
  statusHandlers,
}: {
  look?: "document" | "page" | "backoffice";
  statusHandlers?: Record<number, StatusHandler>;
}) {
  const { t } = useTranslation();
  const error = useRouteError();
  const text = useRouteErrorText();
  const handled = statusHandlers?.[text.status]?.({ ...text, error });
  if (handled) return <>{handled}</>;
  const { status, title, body } = text;
  if (look === "document") return <ErrorPage status={status} title={title} body={body} />;
  if (look === "backoffice") {
    return (
      <section className="bo-error" role="alert">
        <p className="bo-error__status">{status}</p>
        <h1>{title}</h1>
        <p>{body}</p>
      </section>
    );
  }
  return (
    <div className="page error-page" role="alert">
      <p className="error-page__status">{status}</p>
      <h1>{title}</h1>
      <p>{body}</p>
      <Link className="button button--primary" to="/home">
        {t("common.errors.backHome")}
      </Link>
    </div>
  );
}

/** The error boundary of the staff screens: the message inside the staff layout. */
export const BackOfficeErrorBoundary = () => <GeneralErrorBoundary look="backoffice" />;

/** Full-page error used by the root boundary and the catch-all 404 route. */
export function ErrorPage({ status, title, body }: { status: number; title: string; body: string }) {
  const { t } = useTranslation();
  return (
    <main className="error-page" role="main">
      <p className="error-page__status">{status}</p>
      <h1>{title}</h1>
      <p>{body}</p>
      <a className="button button--primary" href="/home">
        {t("common.errors.backHome")}
      </a>
    </main>
  );
}
