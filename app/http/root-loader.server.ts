// The root route's loader (app/root.tsx re-exports it): language, viewer,
// flash message and the footer's part of the company identity, from the
// request's context (./context.server.ts).
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { keptLanguageCookie, pageT } from "~/i18n/i18n.server";
import { resourceVersions } from "~/i18n/resources.server";
import { toClientViewer } from "~/http/client-viewer";
import { companyIdentity } from "~/domain/site/company.server";
import { footerCompany } from "~/domain/site/company";
import { getCookieSession, sessionStorage, type FlashMessage } from "./cookies.server";
import { getViewer } from "./auth.server";
import { languageOf, versionsOf } from "./context.server";

export async function loader(args: LoaderFunctionArgs) {
  const [lng, viewer, cookieSession] = await Promise.all([languageOf(args), getViewer(args), getCookieSession(args.request)]);
  const message = (cookieSession.get("message") as FlashMessage | undefined) ?? null;
  // The footer's company identity: cached while site_settings is unchanged (the session brings the versions).
  const company = await companyIdentity(await versionsOf(args), lng);
  const headers = new Headers();
  // Reading a flash consumes it: commit only then, so plain pages set no cookie.
  if (message) headers.append("Set-Cookie", await sessionStorage().commitSession(cookieSession));
  // Arrived by a ?lng= link: the language stays on the next click (issue 45 item 2).
  const kept = await keptLanguageCookie(args.request);
  if (kept) headers.append("Set-Cookie", kept);
  return data(
    {
      lng,
      appName: pageT(lng)("common.appName"),
      // The title of a 404 page ("页面不存在 | …"), for the root's meta (it has no t).
      notFoundTitle: pageT(lng)("common.meta.pageTitle", {
        page: pageT(lng)("common.errors.notFoundTitle"),
        app: pageT(lng)("common.appName"),
      }),
      i18nVersion: resourceVersions[lng],
      viewer: viewer ? toClientViewer(viewer) : null,
      message,
      // Only the fields the footer and /us show: the rest stays out of every page's hydration data.
      company: footerCompany(company),
    },
    { headers },
  );
}
