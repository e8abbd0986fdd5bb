// What every back-office list screen repeats: its stylesheets and the
// breadcrumb above its heading (home / area / screen).
import type { LinksFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import adminStylesHref from "~/styles/admin.css";
import tableStylesHref from "~/styles/datatable.css";

/** The links of a screen with a paged table (components/table) in the admin look. */
export const adminTableLinks: LinksFunction = () => [
  { rel: "stylesheet", href: tableStylesHref },
  { rel: "stylesheet", href: adminStylesHref },
];

/** Home / `area` / `title` (the current page); both already translated. */
export function AdminBreadcrumb({ area, title }: { area: string; title: string }) {
  const { t } = useTranslation();
  return (
    <nav className="admin-breadcrumb" aria-label={t("admin.common.breadcrumb")}>
      <Link to="/home">{t("admin.common.home")}</Link> / <span>{area}</span> / <span aria-current="page">{title}</span>
    </nav>
  );
}
