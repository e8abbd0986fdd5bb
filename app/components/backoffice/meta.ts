// A back-office screen's title: its menu entry, which names every screen in
// both languages (label, labelEn), in the page's language, then the
// application's name. Read from the back-office layout's and the root's
// data, so no screen repeats its name in a fixed bilingual string.
import type { MetaFunction } from "@remix-run/node";
import type { BackOfficeMenuGroup } from "~/domain/permissions/backoffice.server";

export const backOfficeMeta: MetaFunction = ({ matches, location }) => {
  const root = matches.find((m) => m.id === "root")?.data as { lng?: string; appName?: string } | undefined;
  const menu = (matches.find((m) => m.id === "routes/_bo")?.data as { menu?: BackOfficeMenuGroup[] } | undefined)?.menu ?? [];
  const item = menu.flatMap((group) => group.items).find((entry) => entry.path === location.pathname);
  const name = item && (root?.lng === "en-US" ? item.labelEn || item.label : item.label);
  const app = root?.appName ?? "";
  return [{ title: name ? `${name} | ${app}` : app }, { name: "robots", content: "noindex" }];
};
