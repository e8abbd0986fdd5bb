// The columns a user chose to see (issue 22 item 6), remembered per user and
// per area in a cookie: `dcols.<area>` = "<user id>:<hidden fields>". The
// chooser is a GET form (?columns=1&show=<field>…), so it works without
// JavaScript; the loader stores the choice and redirects to the list.
import { redirect } from "@remix-run/node";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { listColumns, type DataArea } from "~/domain/data-areas/types";

/** The chooser's parameters: `columns=1` marks a submitted choice, `show` the checked fields, `show=*` all. */
export const CHOOSER_PARAMS = { submit: "columns", show: "show" } as const;
const MAX_AGE = 60 * 60 * 24 * 365;

const cookieName = (area: DataArea) => `dcols.${area.key}`;

function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The hidden columns of this user in this area (unknown fields and the id are dropped). */
export function hiddenColumns(request: Request, area: DataArea, viewer: Pick<Viewer, "id">): string[] {
  const value = readCookie(request, cookieName(area));
  const match = value ? /^(\d+):(.*)$/.exec(value) : null;
  if (!match || Number(match[1]) !== viewer.id) return [];
  const known = new Set(
    listColumns(area)
      .filter((c) => c.kind !== "id")
      .map((c) => c.field),
  );
  return match[2].split(",").filter((field) => known.has(field));
}

/**
 * A submitted choice (`?columns=1`): a redirect to the list without the
 * chooser's parameters that stores the hidden columns; null otherwise.
 */
export function storeColumnChoice(url: URL, area: DataArea, viewer: Pick<Viewer, "id">): Response | null {
  if (!url.searchParams.has(CHOOSER_PARAMS.submit)) return null;
  const shown = url.searchParams.getAll(CHOOSER_PARAMS.show);
  const hidden = shown.includes("*")
    ? []
    : listColumns(area)
        .filter((c) => c.kind !== "id" && !shown.includes(c.field))
        .map((c) => c.field);
  const params = new URLSearchParams(url.search);
  params.delete(CHOOSER_PARAMS.submit);
  params.delete(CHOOSER_PARAMS.show);
  const search = params.toString();
  const cookie = `${cookieName(area)}=${encodeURIComponent(`${viewer.id}:${hidden.join(",")}`)}; Path=/; Max-Age=${MAX_AGE}; HttpOnly; SameSite=Lax`;
  return redirect(search ? `${area.path}?${search}` : area.path, { headers: { "Set-Cookie": cookie } });
}
