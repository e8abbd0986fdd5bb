import { requireBackOffice } from "~/http/auth.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { backOfficeMenu, pendingAuditCount } from "~/domain/permissions/backoffice.server";
import { useRootData } from "~/components/root-data";
import { fallbackLanguage } from "~/i18n/config";
import { LanguageSwitch } from "~/components/layout/LanguageSwitch";
import { FlashMessage } from "~/components/layout/FlashMessage";
import boStylesHref from "~/styles/backoffice.css";
import { inLanguage } from "~/i18n/config";

export const links = () => [{ rel: "stylesheet", href: boStylesHref }];
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

/**
 * Layout of every back-office screen (pathless: /userList, /port ...).
 * It authorizes staff; each child loader and action checks its own path or right.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireBackOffice({ request, context });
  return {
    menu: backOfficeMenu(viewer),
    pendingAudit: await pendingAuditCount(viewer),
  };
}

export default function BackOfficeLayout() {
  const { t, i18n } = useTranslation();
  const { menu, pendingAudit } = useLoaderData<typeof loader>();
  const root = useRootData();
  return (
    <div className="bo">
      <header className="bo__top">
        <Link to="/home" className="brand">
          <img src="/logo.svg" alt="" width="28" height="28" />
          <span>{t("common.nav.backOffice")}</span>
        </Link>
        <div className="bo__tools">
          <Link to="/home">{t("common.nav.home")}</Link>
          <LanguageSwitch current={root?.lng ?? fallbackLanguage} />
          <Form method="post" action="/logout" className="inline-form">
            <span className="bo__user">{root?.viewer?.username}</span>
            <button type="submit" className="button button--ghost">
              {t("common.nav.logout")}
            </button>
          </Form>
        </div>
      </header>
      <div className="bo__body">
        {/* On a phone the menu is folded behind a toggle (a checkbox: no JavaScript needed), so the screen's list comes first. */}
        <div className="bo__nav">
          <input type="checkbox" id="bo-nav-toggle" className="bo__nav-toggle" />
          <label htmlFor="bo-nav-toggle" className="bo__nav-summary">
            {t("common.nav.menu")}
          </label>
          <nav aria-label={t("common.nav.backOffice")}>
            {menu.map((group) => (
              <section key={group.id} className="bo__group">
                <h2>{inLanguage(i18n.language, group.label, group.labelEn)}</h2>
                <ul>
                  {group.items.map((item) => (
                    <li key={item.id}>
                      <NavLink to={item.path}>{inLanguage(i18n.language, item.label, item.labelEn)}</NavLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
        </div>
        <main id="main" className="bo__main">
          {pendingAudit > 0 ? (
            <p className="flash flash--warning" role="status">
              {t("common.backOffice.pendingAudit", { count: pendingAudit })}
            </p>
          ) : null}
          <FlashMessage message={root?.message ?? null} />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
