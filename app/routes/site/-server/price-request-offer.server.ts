// The price request under a results page (issue 43): where the search found
// no rate, the request form itself (the lane and the shipment's cargo
// pre-filled, posting to /priceRequest); on a page with rates, one line
// linking to that form. The page draws it (components/search/PriceRequestOffer.tsx)
// from this description: no form code of its own. Nothing here depends on who
// asks beyond visitor or customer, so the page cache keeps serving visitors one page.
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { ModeKey } from "~/domain/modes";
import { priceAccess } from "~/domain/pricing/access";
import { offerForm, requestFormView, type PriceRequestOffer } from "~/domain/price-requests/form.server";
import type { Language } from "~/i18n/config";
import { pageT } from "~/i18n/i18n.server";

/** What the page offers, or null for an account that may not ask (pending, failed, staff). */
export async function priceRequestOffer(
  viewer: Viewer | null,
  lng: Language,
  modeKey: ModeKey,
  url: URL,
  empty: boolean,
): Promise<PriceRequestOffer | null> {
  const status = priceAccess(viewer).status;
  if (status !== "priced" && status !== "visitor") return null;
  const params = new URLSearchParams(url.searchParams);
  params.set("mode", modeKey);
  for (const name of ["page", "sort", "carrier"]) params.delete(name);
  if (!empty) return { kind: "link", href: `/priceRequest?${params}` };
  return offerForm(await requestFormView(viewer, params), pageT(lng));
}
