import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunction, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { getLanguage, pageT } from "./i18n/i18n.server";
import { resourceVersions } from "./i18n/resources.server";
import { fallbackLanguage } from "./i18n/config";
import { getViewer } from "./domain/accounts/session.server";
import { getCookieSession, sessionStorage, type FlashMessage } from "./domain/accounts/cookie.server";
import { toClientViewer } from "./domain/accounts/client-viewer";
import { GeneralErrorBoundary } from "./components/ErrorPage";
import { companyIdentity } from "./domain/site/company.server";
import { useNonce } from "./utils/nonce";
import { InlineStyles } from "./utils/inline-styles";
import { useSpaLinks } from "./components/spa-links";

// app.css is in the document (utils/inline-styles.tsx), not linked.
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

// The application's name: the title of pages that have none of their own.
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.appName ?? "" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [lng, viewer, cookieSession] = await Promise.all([getLanguage(request), getViewer(request), getCookieSession(request)]);
  const message = (cookieSession.get("message") as FlashMessage | undefined) ?? null;
  // The footer's company identity: cached while site_settings is unchanged, read after the session (which brings the versions).
  const company = await companyIdentity(request, lng);
  const headers = new Headers();
  // Reading a flash consumes it: commit only then, so plain pages set no cookie.
  if (message) headers.append("Set-Cookie", await sessionStorage().commitSession(cookieSession));
  return data(
    {
      lng,
      appName: pageT(lng)("common.appName"),
      i18nVersion: resourceVersions[lng],
      viewer: viewer ? toClientViewer(viewer) : null,
      message,
      company,
    },
    { headers },
  );
}

/**
 * After any form post the root reads again, even when the action refused the
 * form (Remix skips revalidation after a 4xx): a flash message shown before
 * (say "registration successful") must not stay beside the new answer.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  (!!formMethod && formMethod.toUpperCase() !== "GET") || defaultShouldRevalidate;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const lng = data?.lng ?? fallbackLanguage;
  const nonce = useNonce();
  return (
    <html lang={lng} data-i18n-version={data?.i18nVersion} id="top">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <InlineStyles />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRouteLoaderData<typeof loader>("root");
  const lng = data?.lng ?? fallbackLanguage;
  const { i18n } = useTranslation();
  useSpaLinks();
  // The root loader's language after a client-side navigation; in the
  // browser another language than the document's means a new document.
  useEffect(() => {
    void i18n.changeLanguage(lng);
  }, [lng, i18n]);
  return <Outlet />;
}

export const ErrorBoundary = () => <GeneralErrorBoundary look="document" />;
