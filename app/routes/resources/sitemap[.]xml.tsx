import type { LoaderFunctionArgs } from "@remix-run/node";
import { MODES } from "~/domain/modes";
import { absoluteUrl, popularRoutes } from "~/domain/rates/seo.server";
import { publicOrigin } from "~/utils/public-origin.server";
import { escapeMarkup } from "~/utils/escape-markup";

/** Public pages and the popular routes (special offers, busiest valid routes); never a price. */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(new URL(request.url));
  const pages: { path: string; params: Record<string, string> }[] = [
    { path: "/home", params: {} },
    ...MODES.map((m) => ({ path: "/home", params: { tab: m.homeTab } })),
    { path: "/us", params: {} },
    { path: "/contact", params: {} },
    ...(await popularRoutes()),
  ];
  const urls = pages.map(({ path, params }) => {
    const [zh, en] = ["zh-CN", "en-US"].map((lng) => escapeMarkup(absoluteUrl(origin, path, params, lng)));
    return [
      "  <url>",
      `    <loc>${zh}</loc>`,
      `    <xhtml:link rel="alternate" hreflang="zh-CN" href="${zh}"/>`,
      `    <xhtml:link rel="alternate" hreflang="en-US" href="${en}"/>`,
      "  </url>",
    ].join("\n");
  });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
