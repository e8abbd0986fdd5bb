import { Outlet } from "@remix-run/react";
import { useRootData } from "~/components/root-data";
import { fallbackLanguage } from "~/i18n/config";
import { SiteHeader } from "~/components/layout/SiteHeader";
import { SiteFooter } from "~/components/layout/SiteFooter";
import { BackToTop } from "~/components/layout/BackToTop";
import { FlashMessage } from "~/components/layout/FlashMessage";
import { AccountNotice } from "~/components/layout/AccountNotice";

/** Common layout of the public and customer pages (header, footer). */
export default function SiteLayout() {
  const root = useRootData();
  return (
    <>
      <SiteHeader viewer={root?.viewer ?? null} lng={root?.lng ?? fallbackLanguage} />
      <main id="main" className="site-main">
        <FlashMessage message={root?.message ?? null} />
        <AccountNotice viewer={root?.viewer ?? null} />
        <Outlet />
      </main>
      {root ? <SiteFooter company={root.company} /> : null}
      {/* The floating controls' bar: the back-to-top link, and the contact card of the pages that have one. */}
      <div className="floating-bar">
        <BackToTop />
      </div>
    </>
  );
}
