import type { LinksFunction, MetaFunction } from "@remix-run/node";
import type { loader as rootLoader } from "./http/root-loader.server";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { fallbackLanguage, translationsHref } from "./i18n/config";
import { GeneralErrorBoundary } from "./components/ErrorPage";
import { useNonce } from "./utils/nonce";
import { InlineStyles } from "./utils/inline-styles";

// app.css is in the document (utils/inline-styles.tsx), not linked.
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

// The application's name: the title of pages that have none of their own.
// A 404 anywhere (the catch-all, a record or quote that does not exist) is titled as such (issue 45 item 9).
export const meta: MetaFunction<typeof rootLoader> = ({ data, error }) =>
  isRouteErrorResponse(error) && error.status === 404 && data
    ? [{ title: data.notFoundTitle }, { name: "robots", content: "noindex" }]
    : [{ title: data?.appName ?? "" }];

// The loader is in root-loader.server.ts: a value import of @remix-run/node
// here would put its (empty) browser stand-in on every page as one more chunk.
export { loader } from "./http/root-loader.server";

/**
 * After any form post the root reads again, even when the action refused the
 * form (Remix skips revalidation after a 4xx): a flash message shown before
 * (say "registration successful") must not stay beside the new answer.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  (!!formMethod && formMethod.toUpperCase() !== "GET") || defaultShouldRevalidate;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const lng = data?.lng ?? fallbackLanguage;
  const nonce = useNonce();
  // Hydration is done (effects run after React's commit; the error pages too): end-to-end tests wait for it before
  // they type and click (tests/e2e/fixtures.ts, `hydrated`), and bench:lighthouse reads the time of the mark.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    performance.mark("hydrated");
  }, []);
  return (
    <html lang={lng} data-i18n-version={data?.i18nVersion} id="top">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The translations entry.client.tsx fetches before it hydrates, downloaded beside the scripts rather than after them. */}
        {data?.i18nVersion ? (
          <link rel="preload" href={translationsHref(lng, data.i18nVersion)} as="fetch" crossOrigin="anonymous" />
        ) : null}
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
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const lng = data?.lng ?? fallbackLanguage;
  const { i18n } = useTranslation();
  // The root loader's language after a client-side navigation; in the
  // browser another language than the document's means a new document.
  useEffect(() => {
    void i18n.changeLanguage(lng);
  }, [lng, i18n]);
  return <Outlet />;
}

export const ErrorBoundary = () => <GeneralErrorBoundary look="document" />;
