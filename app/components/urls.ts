// URL-addressed dialogs (DESIGN.md "Architecture"): `?dialog=edit&id=5`
// opens a dialog that the server renders, so a plain link works without
// JavaScript. These helpers build those links from the current location.

export type SearchChanges = Record<string, string | number | null | undefined>;

/** The current path with some search parameters set (or removed with null). */
export function hrefWith(location: { pathname: string; search: string }, changes: SearchChanges): string {
  const params = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}

/** Parameters that address a dialog; dropped when it closes. */
export const DIALOG_PARAMS = ["dialog", "id"] as const;

/** The list the dialog was opened from: same filters, no dialog. */
export function closeHref(location: { pathname: string; search: string }): string {
  return hrefWith(location, { dialog: null, id: null });
}
