// The embeddable request form (issue 43 item 6): the forwarder's own website
// and its agents' sites carry the form, in one of two documented ways:
//   1. an <iframe> of /embed/price-request: the form is the portal's own page,
//      posted to itself (same origin; the cross-site check passes it as any);
//   2. a plain <form> on their page posting to /embed/price-request/post, the
//      documented endpoint: the only cross-site POST the portal accepts, and
//      only with the form token the staff issued for that site (site + token,
//      an HMAC of the site's name with SESSION_SECRET).
// Both feed the same queue as a visitor's request (held until staff accept
// it, rate-limited per address), marked with the site it came from.
import crypto from "node:crypto";
import { env } from "~/utils/env.server";

/** A site's name in the snippet and on the desk: lower-case letters, digits and dashes. */
export const SITE_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The form token of `site`. */
export function embedToken(site: string): string {
  return crypto.createHmac("sha256", env().SESSION_SECRET).update(`price-request-embed:${site}`).digest("base64url").slice(0, 32);
}

/** Whether `token` is the token of `site` (constant time). */
export function validEmbedToken(site: unknown, token: unknown): site is string {
  if (typeof site !== "string" || typeof token !== "string" || !SITE_NAME.test(site) || token.length !== 32) return false;
  return crypto.timingSafeEqual(Buffer.from(embedToken(site)), Buffer.from(token));
}

/** The snippets staff hand to a site: the iframe and the plain form with its token. */
export function embedSnippets(origin: string, site: string, lng: string) {
  const page = `${origin}/embed/price-request?site=${site}&lng=${lng}`;
  return {
    iframe: `<iframe src="${page}" title="Price request" style="width:100%;min-height:760px;border:0"></iframe>`,
    form: [
      `<form method="post" action="${origin}/embed/price-request/post" accept-charset="utf-8">`,
      `  <input type="hidden" name="site" value="${site}">`,
      `  <input type="hidden" name="token" value="${embedToken(site)}">`,
      `  <input type="hidden" name="lng" value="${lng}">`,
      `  <input type="hidden" name="mode" value="fcl">   <!-- fcl, lcl, air, rail, trailer or express -->`,
      `  <label>POL <input name="origin" required></label>`,
      `  <label>POD <input name="destination" required></label>`,
      `  <label>20GP <input name="qty_gp20" type="number" min="0" max="999"></label>`,
      `  <label>40GP <input name="qty_gp40" type="number" min="0" max="999"></label>`,
      `  <label>40HQ <input name="qty_hq40" type="number" min="0" max="999"></label>`,
      `  <label>Ready <input name="readyDate" type="date"></label>`,
      `  <label>Name <input name="contactName" required></label>`,
      `  <label>Company <input name="company" required></label>`,
      `  <label>Phone <input name="phone"></label>`,
      `  <label>E-mail <input name="email" type="email"></label>`,
      `  <label>Remarks <textarea name="remarks"></textarea></label>`,
      `  <button type="submit">Send</button>`,
      `</form>`,
    ].join("\n"),
  };
}
