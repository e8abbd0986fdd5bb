import { useTranslation } from "~/i18n/react";

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
