import type { HeadersFunction, LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/ErrorPage";
import type { PriceStatus } from "~/domain/pricing/access";
import { loaderMeta } from "~/components/root-data";

// What the home page and the six results pages share (kept apart from the
// results table so /home does not load it).

/** search.css is in every document (utils/inline-styles.tsx), not linked. */
export const searchLinks: LinksFunction = () => [];

export const ratesMeta: MetaFunction = loaderMeta;

export const ratesHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  for (const name of ["Cache-Control", "Vary"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

/** Path with parameters; empty values dropped. */
export function hrefWith(path: string, params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export function PriceNotice({ access, here }: { access: PriceStatus; here: string }) {
  const { t } = useTranslation();
  if (access === "priced") return null;
  if (access === "visitor") {
    return (
      <p className="notice notice--login" role="note">
        {t("search.notice.visitor")} <Link to={`/login?redirectTo=${encodeURIComponent(here)}`}>{t("search.notice.loginLink")}</Link>
      </p>
    );
  }
  // Pending and failed registrations get the account notice of the site
  // layout on every page (AccountNotice); the price cells say why they are empty.
  if (access !== "noTier") return null;
  return (
    <p className="notice" role="note">
      {t("search.notice.noTier")}
    </p>
  );
}

export const SearchErrorBoundary = () => <GeneralErrorBoundary />;
