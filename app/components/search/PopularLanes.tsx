// The mode's popular lanes as plain links to their results pages (issue 45
// item 9): on /home and the results pages, so visitors find the busy lanes
// and crawlers reach the lane pages by links, not only through the sitemap.
// The server names and orders them (domain/rates/seo.server.ts, popularLanes).
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { TranslationKey } from "~/i18n/keys";

export function PopularLanes({ lanes, modeLabel }: { lanes: readonly { href: string; label: string }[]; modeLabel: TranslationKey }) {
  const { t } = useTranslation();
  if (lanes.length === 0) return null;
  const title = t("search.popular.title", { mode: t(modeLabel) });
  return (
    <nav className="popular-lanes" aria-label={title}>
      <h2 className="popular-lanes__title">{title}</h2>
      <ul className="chips">
        {lanes.map((lane) => (
          <li key={lane.href}>
            <Link to={lane.href} className="chip">
              {lane.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
