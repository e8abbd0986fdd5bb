import { useTranslation } from "~/i18n/react";
import { ErrorPage, GeneralErrorBoundary } from "~/components/ErrorPage";

// Catch-all: any unknown path is a 404 with the site's own page.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  const { t } = useTranslation();
  return <ErrorPage status={404} title={t("common.errors.notFoundTitle")} body={t("common.errors.notFoundBody")} />;
}

export const ErrorBoundary = () => <GeneralErrorBoundary look="document" />;
