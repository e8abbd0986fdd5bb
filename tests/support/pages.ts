// The pages as a browser sees them, for tests that must cover every route
// (the fuzz suite, the translations check): who may open a route's page, the
// page's dialog states (URL-addressed: ?dialog=…, ?edit=…) and the POST
// forms they render. Requests go through the production build (render.ts).
import { send } from "./render";
import { getRequest, TEST_ORIGIN } from "./requests";
import { bookableRate } from "../booking/helpers";
import { cookieOf, type ViewerKey } from "../security/helpers";

/** Least privileged first: a customer's page is opened as the customer, a screen as the staff member who holds it. */
export const ACTORS: ViewerKey[] = ["t2", "data", "admin", "visitor"];

/** A concrete URL for a route pattern: a bookable FCL rate for the booking routes. */
export async function concreteUrl(pattern: string): Promise<string> {
  const id = String(await bookableRate("fcl"));
  return pattern.replace(/:mode/g, "fcl").replace(/:id/g, id).replace(/:\w+/g, "1").replace(/\/\*$/, "/x");
}

export type OpenedPage = { viewer: ViewerKey; cookie: string; html: string; dialogs: { url: string; html: string }[]; requests: number };

/** The page of `url` as the first actor who may open it (200), with its dialog states; null when nobody may. */
export async function openPage(url: string, lng?: string): Promise<OpenedPage | null> {
  let requests = 0;
  const get = async (target: string, cookie: string) => {
    requests++;
    return send(getRequest(target, lng ? { lng } : undefined, { cookie }));
  };
  for (const viewer of ACTORS) {
    const cookie = await cookieOf(viewer);
    const page = await get(url, cookie);
    if (page.status !== 200) continue;
    const dialogs: { url: string; html: string }[] = [];
    for (const dialog of dialogLinks(page.html, url)) {
      const opened = await get(dialog, cookie);
      if (opened.status === 200) dialogs.push({ url: dialog, html: opened.html });
    }
    return { viewer, cookie, html: page.html, dialogs, requests };
  }
  return null;
}

export type FormSpec = { action: string; multipart: boolean; fields: [string, string][]; files: string[]; buttons: [string, string][] };

const attr = (tag: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decodeEntities(match[1]) : null;
};
const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The POST forms of a page whose action is `path`: their fields with the values the page gave them. */
export function postForms(html: string, path: string): FormSpec[] {
  const forms: FormSpec[] = [];
  for (const [, open, body] of html.matchAll(/(<form\b[^>]*>)([\s\S]*?)<\/form>/g)) {
    if ((attr(open, "method") ?? "get").toLowerCase() !== "post") continue;
    const action = new URL(attr(open, "action") ?? path, `${TEST_ORIGIN}${path}`);
    if (action.pathname.toLowerCase() !== path.toLowerCase()) continue;
    const spec: FormSpec = {
      action: action.pathname + action.search,
      multipart: /multipart/i.test(attr(open, "enctype") ?? ""),
      fields: [],
      files: [],
      buttons: [],
    };
    for (const [tag] of body.matchAll(/<(?:input|select|textarea|button)\b[^>]*>/g)) {
      const name = attr(tag, "name");
      if (!name) continue;
      const type = (attr(tag, "type") ?? (tag.startsWith("<button") ? "submit" : "text")).toLowerCase();
      if (type === "file") spec.files.push(name);
      else if (type === "submit") spec.buttons.push([name, attr(tag, "value") ?? ""]);
      else if ((type === "checkbox" || type === "radio") && !/\schecked(=|\s|>)/.test(tag)) continue;
      else spec.fields.push([name, attr(tag, "value") ?? ""]);
    }
    forms.push(spec);
  }
  return forms;
}

/** Forms that differ only in their values (a delete button per row) are one form. */
export function dedupe(forms: FormSpec[]): FormSpec[] {
  const signature = (f: FormSpec) =>
    JSON.stringify([f.action.split("?")[0], f.multipart, f.fields.map(([n, v]) => (n === "intent" ? `${n}=${v}` : n)), f.buttons, f.files]);
  return [...new Map(forms.map((f) => [signature(f), f])).values()];
}

/** Links of the page to its own dialog states (?dialog=…, ?edit=…, ?add, ?delete=…, ?range …), one per kind. */
export function dialogLinks(html: string, path: string): string[] {
  const kinds = new Map<string, string>();
  for (const [, href] of html.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)) {
    const url = new URL(decodeEntities(href), `${TEST_ORIGIN}${path}`);
    if (url.origin !== TEST_ORIGIN || url.pathname.toLowerCase() !== path.toLowerCase()) continue;
    const keys = [...url.searchParams.keys()].filter((k) => /^(dialog|edit|add|delete|range|step|check|tab|mode)$/.test(k));
    if (!keys.length) continue;
    const kind = keys
      .map((k) => (k === "dialog" || k === "tab" || k === "mode" ? `${k}=${url.searchParams.get(k)}` : k))
      .sort()
      .join("&");
    if (!kinds.has(kind)) kinds.set(kind, url.pathname + url.search);
  }
  return [...kinds.values()].slice(0, 12);
}
