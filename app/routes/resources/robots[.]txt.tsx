import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/utils/public-origin.server";

// Crawlers may read the public pages (they are visitors: no price is ever
// rendered for them); account, booking, back-office and lookup routes are off limits.
const DISALLOW = [
  "/resources/",
  "/login",
  "/logout",
  "/set-language",
  "/booking/",
  "/entrustment",
  "/userAllInfo",
  "/userInfo",
  "/userAvatar",
  "/userPwd",
  "/manage/",
  "/api/",
  "/my/",
  "/query/",
  "/nopermission/",
];

export function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(new URL(request.url));
  const body = ["User-agent: *", "Allow: /", ...DISALLOW.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join(
    "\n",
  );
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
