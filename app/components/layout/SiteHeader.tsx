import type { Language } from "~/i18n/config";
import { Form, Link, NavLink } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ClientViewer } from "~/http/client-viewer";
import { RATE_TABLES } from "~/domain/catalog";
import { LanguageSwitch } from "./LanguageSwitch";
import { useIdleLogout } from "~/components/account/useIdleLogout";

/**
 * One menu for every width (decision 608): wide screens (>= 1280 px) show it
 * in the header line; narrow ones behind the drawer's <details> toggle, which
 * opens it with CSS (`.nav-drawer[open] ~ .site-nav`), so it works without
 * JavaScript. Its links are Remix's <Link> and <NavLink> (class "active"
 * and aria-current on the current section).
 */
export function SiteHeader({ viewer, lng }: { viewer: ClientViewer | null; lng: Language }) {
  const { t } = useTranslation();
  const backOfficeHref = viewer?.backOffice[0]?.path;
  // Spec: log out after 10 hours without a mouse press (JavaScript only).
  useIdleLogout(Boolean(viewer));
  const navLink = (to: string, label: string) => (
    <NavLink to={to} className="nav__link">
      {label}
    </NavLink>
  );

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t("common.nav.skipToContent")}
      </a>
      <div className="site-header__inner">
        <Link to="/home" className="brand">
          <img src="/logo.svg" alt="" width="32" height="32" />
          <span>{t("common.appName")}</span>
        </Link>
        {/* Hidden on wide screens; on narrow ones its [open] shows the menu that follows. */}
        <details className="nav-drawer">
          <summary aria-label={t("common.nav.menu")} className="nav-drawer__toggle">
            <span aria-hidden="true">☰</span>
          </summary>
        </details>
        <nav className="nav site-nav" aria-label={t("common.nav.mainNavigation")}>
          {navLink("/home", t("common.nav.home"))}
          <details className="dropdown nav__rates">
            <summary className="nav__link">{t("common.nav.rateEnquiry")}</summary>
            <ul className="dropdown__panel">
              {RATE_TABLES.map((mode) => (
                <li key={mode.key}>
                  <Link to={`/home?tab=${mode.homeTab}`} className="dropdown__item">
                    {t(mode.labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
          {navLink("/us", t("common.nav.about"))}
          {navLink("/contact", t("common.nav.contact"))}
          {viewer ? navLink("/entrustment", t("common.nav.entrustment")) : null}
          {viewer ? navLink("/userAllInfo", t("common.nav.personal")) : null}
          {viewer && backOfficeHref ? navLink(backOfficeHref, t("common.nav.backOffice")) : null}
        </nav>
        <div className="site-header__tools">
          <LanguageSwitch current={lng} />
          {viewer ? (
            <Form method="post" action="/logout" className="inline-form">
              <Link to="/userAllInfo" className="site-header__user">
                {viewer.avatarPath ? (
                  <img
                    src={`/avatars/${viewer.avatarPath}`}
                    alt=""
                    width="28"
                    height="28"
                    style={{ borderRadius: "50%", objectFit: "cover", verticalAlign: "middle", marginRight: ".35rem" }}
                  />
                ) : null}
                <span className="site-header__name">{viewer.nickname || viewer.username}</span>
              </Link>
              <button type="submit" className="button button--ghost">
                {t("common.nav.logout")}
              </button>
            </Form>
          ) : (
            <Link to="/login" className="button button--primary">
              {t("common.nav.login")}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
