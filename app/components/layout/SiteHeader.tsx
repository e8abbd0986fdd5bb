import { Form, Link, NavLink } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ClientViewer } from "~/domain/accounts/client-viewer";
import { MODE_NAV } from "~/domain/mode-nav";
import { LanguageSwitch } from "./LanguageSwitch";
import { useIdleLogout } from "~/components/account/useIdleLogout";

/**
 * Wide screens (>= 1280 px) get a horizontal menu; narrow ones a collapsible
 * side menu. Both are <details> elements, so they work without JavaScript.
 */
export function SiteHeader({ viewer, lng }: { viewer: ClientViewer | null; lng: string }) {
  const { t } = useTranslation();
  const backOfficeHref = viewer?.backOffice[0]?.path;
  // Spec: log out after 10 hours without a mouse press (JavaScript only).
  useIdleLogout(Boolean(viewer));
  const links = (
    <>
      <NavLink to="/home" className="nav__link">
        {t("common.nav.home")}
      </NavLink>
      <details className="dropdown nav__rates">
        <summary className="nav__link">{t("common.nav.rateEnquiry")}</summary>
        <ul className="dropdown__panel">
          {MODE_NAV.map((mode) => (
            <li key={mode.key}>
              <Link className="dropdown__item" to={`/home?tab=${mode.homeTab}`}>
                {t(mode.labelKey)}
              </Link>
            </li>
          ))}
        </ul>
      </details>
      <NavLink to="/us" className="nav__link">
        {t("common.nav.about")}
      </NavLink>
      <NavLink to="/contact" className="nav__link">
        {t("common.nav.contact")}
      </NavLink>
      {viewer ? (
        <>
          <NavLink to="/entrustment" className="nav__link">
            {t("common.nav.entrustment")}
          </NavLink>
          <NavLink to="/userAllInfo" className="nav__link">
            {t("common.nav.personal")}
          </NavLink>
          {backOfficeHref ? (
            <NavLink to={backOfficeHref} className="nav__link">
              {t("common.nav.backOffice")}
            </NavLink>
          ) : null}
        </>
      ) : null}
    </>
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
        <nav className="nav nav--wide" aria-label={t("common.nav.mainNavigation")}>
          {links}
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
          <details className="nav-drawer">
            <summary aria-label={t("common.nav.menu")} className="nav-drawer__toggle">
              <span aria-hidden="true">☰</span>
            </summary>
            <nav className="nav nav--narrow" aria-label={t("common.nav.mainNavigation")}>
              {links}
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
