// Personal centre layout (/userAllInfo, /userInfo, /userAvatar, /userPwd, /userWatches, /quotes, /userRequests):
// a side navigation beside the page. Visitors are sent to /home (spec 2.1);
// every child loader and action checks the session again.
import { requireViewer } from "~/http/auth.server";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/ErrorPage";
import accountStylesHref from "~/components/account/account.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStylesHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireViewer({ request, context });
  return null;
}

const ITEMS = [
  { to: "/userAllInfo", key: "account.centre.overview" },
  { to: "/userInfo", key: "account.centre.profile" },
  { to: "/userAvatar", key: "account.centre.avatar" },
  { to: "/userPwd", key: "account.centre.password" },
  { to: "/userWatches", key: "watches.title" },
  { to: "/quotes", key: "quotes.quote.listTitle" },
  { to: "/userRequests", key: "priceRequests.mine.title" },
] as const;

export default function AccountLayout() {
  const { t } = useTranslation();
  return (
    <div className="account">
      <nav className="account__nav" aria-label={t("account.centre.navLabel")}>
        <ul>
          {ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end>
                {t(item.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="page">
        <Outlet />
      </div>
    </div>
  );
}

/** Errors of a personal-centre page keep the site header and footer. */
export const ErrorBoundary = () => <GeneralErrorBoundary />;
