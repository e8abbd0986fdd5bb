import { hasControlCharacters } from "./control-characters";
const BASE = "http://same-site.invalid";

/**
 * Only same-site paths: never an open redirect to another host. Browsers
 * drop tabs and newlines inside a URL ("/\t/evil.example" is "//evil.example")
 * and read "\" as "/", so control characters are refused and the path is
 * resolved the way a browser would; the result is percent-encoded (a
 * Location header is ASCII, non-ASCII would make it throw).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/home"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (hasControlCharacters(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can leave "//host" behind ("/a/../..//evil"): refused too.
  if (url.origin !== BASE || path.startsWith("//")) return fallback;
  return path;
}
