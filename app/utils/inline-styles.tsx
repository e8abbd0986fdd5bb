// The site's own stylesheets (app.css, and search.css of /home and the six
// results pages) go inside the document instead of being linked: a linked
// stylesheet holds the first paint back by a round trip, and a phone on a
// slow network then paints only once the scripts fetched alongside have
// arrived too (Lighthouse: LCP 2.1-2.2 s for /home and the results pages
// with them linked, ~1 s inlined; docs/benchmarks.md). About 6.5 KB of
// compressed HTML per document; the pages' other stylesheets stay linked.
//
// entry.server.tsx provides the CSS text. The browser renders the same
// <style> element empty, with suppressHydrationWarning: hydration keeps the
// server's content (React does not patch dangerouslySetInnerHTML when
// hydrating), and the props never change afterwards, so neither does it.
import { createContext, useContext } from "react";
import { useNonce } from "./nonce";

const InlineCss = createContext("");

export const InlineCssProvider = InlineCss.Provider;

/** The CSP allows inline styles today ('unsafe-inline'); the nonce keeps them working under a stricter style-src. */
export function InlineStyles() {
  const css = useContext(InlineCss);
  const nonce = useNonce();
  return <style id="site-styles" nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
