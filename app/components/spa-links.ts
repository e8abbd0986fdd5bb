// Client-side navigation for plain <a href="/…"> links (decision 608): one
// click listener on the document instead of a Remix <Link> per link. A
// <Link> costs about 14 µs of server render each (its hooks resolve the
// path, build the click handler and the discovery attribute); the header
// and the results table had dozens. The links stay plain anchors, so
// without JavaScript nothing changes; with it a plain left click navigates
// inside the app as <Link> does (the same document, no reload), and route
// discovery still finds them (`data-discover`).
import { useEffect } from "react";
import { useNavigate } from "@remix-run/react";

/** The attributes that make a plain anchor behave as a <Link to={href}> (useSpaLinks, in the root). */
export const spaLink = (href: string) => ({ href, "data-discover": "true" }) as const;

/**
 * Installed once by the root: a plain left click (no modifier, no target,
 * no download) on a spaLink anchor navigates with the router; a click on the
 * current URL replaces the history entry, as <Link> does; `data-keep-scroll`
 * is <Link preventScrollReset>.
 */
export function useSpaLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      // A <Link>'s own handler (React's, on the same document, registered first) has prevented the default already.
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[data-discover]") : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const href = anchor.getAttribute("href");
      if (!href || !href.startsWith("/") || href.startsWith("//") || anchor.target || anchor.hasAttribute("download")) return;
      event.preventDefault();
      navigate(href, {
        replace: href === window.location.pathname + window.location.search,
        preventScrollReset: anchor.hasAttribute("data-keep-scroll"),
      });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}

/** NavLink's rule for its `active` class and aria-current: the path, or a path below it (case-insensitive). */
export function isActivePath(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  return path === target || (path.startsWith(target) && path.charAt(target.length) === "/");
}
