import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ContactCard } from "~/components/ContactCard";
import { HomeBlocks } from "~/components/HomeBlocks";
import { Offers } from "~/components/search/Offers";
import { PopularLanes } from "~/components/search/PopularLanes";
import { hrefWith, ratesMeta, ratesHeaders, searchLinks, SearchErrorBoundary, PriceNotice } from "~/components/search/shared";
import { SearchForm } from "~/components/search/SearchForm";
import { RATE_TABLES } from "~/domain/catalog";
import { loadHomePage } from "~/routes/site/-server/home.server";

export const links = searchLinks;
export const headers = ratesHeaders;
export const meta = ratesMeta;

export function loader(args: LoaderFunctionArgs) {
  return loadHomePage(args);
}

/** The inquiry home: six tabs (links, so the active tab is in the URL), each a GET search form. */
export default function HomePage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const mode = data.mode;
  const tabHref = `/home?tab=${mode.homeTab}`;
  // Without JavaScript a suggestion link reopens this tab with the field filled in.
  const hrefFor = (param: string, value: string) => hrefWith("/home", { tab: mode.homeTab, ...data.values, [param]: value });

  return (
    <div className="page home">
      <h1>{t("search.home.title")}</h1>
      {data.pendingAudit > 0 ? (
        <p className="flash flash--warning" role="status" data-testid="pending-audit">
          {t("common.backOffice.pendingAudit", { count: data.pendingAudit })}{" "}
          <Link to="/userList?tab=pending">{t("common.backOffice.toAudit")}</Link>
        </p>
      ) : null}
      {data.notice ? (
        <p className="notice notice--maintenance" role="note">
          {data.notice}
        </p>
      ) : null}
      <nav className="tabs" aria-label={t("search.home.tabs")}>
        <ul>
          {RATE_TABLES.map((m) => (
            <li key={m.key}>
              <Link
                to={`/home?tab=${m.homeTab}`}
                className="tabs__tab"
                aria-current={m.key === mode.key ? "page" : undefined}
                preventScrollReset
              >
                {t(m.labelKey)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="tab-panel" aria-label={t(mode.labelKey)}>
        <SearchForm
          mode={mode}
          fields={mode.fields.map((f) => ({ param: f.param, value: data.values[f.param] ?? "" }))}
          weight={mode.weight ? { value: data.values[mode.weight.param] ?? "", error: null } : null}
          suggestions={data.suggestions}
          lists={data.lists}
          hrefFor={hrefFor}
          showChips
        />
        <PriceNotice access={data.access} here={tabHref} />
        <Offers mode={mode} offers={data.offers} loggedIn={data.access !== "visitor"} />
        <PopularLanes lanes={data.popular} modeLabel={mode.labelKey} />
      </section>
      <HomeBlocks blocks={data.blocks} />
      <ContactCard data={data.contact} />
    </div>
  );
}

export const ErrorBoundary = SearchErrorBoundary;
