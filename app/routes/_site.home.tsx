import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { prisma } from "~/utils/db.server";
import { getLanguage } from "~/i18n/i18n.server";
import { MODES } from "~/domain/modes";
import { formatDate, todayInShanghai } from "~/utils/dates";

export const meta: MetaFunction = () => [
  { title: "运价查询 | Freight Rate Portal" },
  { name: "description", content: "Sea FCL, LCL, air, rail, trailer and express freight rates." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const lng = await getLanguage(request);
  const today = todayInShanghai();
  const [offers, notice] = await Promise.all([
    // Special-price cards are public (DESIGN.md), with their special price.
    prisma.specialOffer.findMany({
      where: { OR: [{ validTo: null }, { validTo: { gte: today } }] },
      orderBy: [{ mode: "asc" }, { id: "asc" }],
      select: { id: true, mode: true, pol: true, pod: true, origin: true, destination: true, dock: true, doorPoint: true, carrier: true, validTo: true },
    }),
    prisma.siteSetting.findUnique({ where: { key: "maintenance_notice" } }),
  ]);
  return {
    offers: offers.map((offer) => ({
      id: offer.id,
      mode: offer.mode,
      from: offer.pol ?? offer.origin ?? offer.dock ?? "",
      to: offer.pod ?? offer.destination ?? offer.doorPoint ?? "",
      carrier: offer.carrier,
      validTo: offer.validTo ? formatDate(offer.validTo) : null,
    })),
    notice: notice ? (lng === "en-US" ? notice.valueEn : notice.valueZh) : null,
  };
}

export default function HomePage() {
  const { t } = useTranslation();
  const { offers, notice } = useLoaderData<typeof loader>();
  return (
    <div className="page home">
      <section className="hero">
        <h1>{t("common.home.heroTitle")}</h1>
        <p>{t("common.home.heroBody")}</p>
      </section>
      {notice ? (
        <p className="notice" role="note">
          {notice}
        </p>
      ) : null}
      <section aria-labelledby="specials-title">
        <h2 id="specials-title">{t("common.home.specials")}</h2>
        {MODES.map((mode) => {
          const cards = offers.filter((offer) => offer.mode === mode.enumValue);
          return (
            <section key={mode.key} className="mode-specials" aria-label={t(mode.labelKey)}>
              <h3>{t(mode.labelKey)}</h3>
              {cards.length === 0 ? (
                <p className="empty">{t("common.home.noSpecials")}</p>
              ) : (
                <ul className="card-grid">
                  {cards.map((card) => (
                    <li key={card.id} className="card">
                      <p className="card__route">
                        {card.from} → {card.to}
                      </p>
                      {card.carrier ? <p className="card__meta">{card.carrier}</p> : null}
                      {card.validTo ? (
                        <p className="card__meta">
                          {t("common.home.validTo")} {card.validTo}
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </section>
    </div>
  );
}
