// A special-offer card as customers see it on /home (route, facts, prices in
// the card's currency), with the staff's edit and delete links under it.
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ModeDescription } from "~/domain/modes";
import { formatPrice } from "~/domain/pricing/format";

type Card = {
  id: number;
  from: string | null;
  to: string | null;
  values: Record<string, string>;
  currency: string;
  status: "valid" | "expired" | "upcoming";
  unknownPorts: string[];
};

export function OfferPreview({
  mode,
  card,
  editHref,
  deleteHref,
}: {
  mode: ModeDescription;
  card: Card;
  editHref: string;
  deleteHref: string;
}) {
  const { t } = useTranslation();
  const statusClass = card.status === "valid" ? "ok" : card.status === "expired" ? "err" : "warn";
  return (
    <li className={`card offer-card admin-offer${card.status === "expired" ? " admin-offer--expired" : ""}`}>
      <p className="card__route">
        {card.from ?? "-"} → {card.to ?? "-"}{" "}
        <span className={`admin-tag admin-tag--${statusClass}`}>{t(`admin.offer.status.${card.status}`)}</span>
      </p>
      {card.status === "expired" ? <p className="admin-offer__warning">{t("admin.offer.warn.expired")}</p> : null}
      {card.unknownPorts.length ? (
        <p className="admin-offer__warning">{t("admin.offer.warn.unknownPorts", { ports: card.unknownPorts.join(", ") })}</p>
      ) : null}
      <dl className="offer-card__facts">
        {mode.card.facts.map((fact) => {
          const value = card.values[fact.field];
          if (!value) return null;
          const shown =
            fact.kind === "date"
              ? `${value} ${card.values[`${fact.field}Time`] ?? ""}`.trim()
              : fact.kind === "weight"
                ? t("search.unit.kg", { value })
                : value;
          return (
            <div key={fact.field}>
              <dt>{t(fact.labelKey)}</dt>
              <dd>{shown}</dd>
            </div>
          );
        })}
      </dl>
      {mode.card.prices.length ? (
        <dl className="offer-card__prices admin-offer__prices">
          {mode.card.prices.map((price) => {
            const text = formatPrice(card.values[price.field] || null, price.format);
            return text ? (
              <div key={price.field}>
                <dt>{t(price.labelKey)}</dt>
                <dd>
                  {text}
                  {price.format === "money" ? <span className="currency"> {card.currency}</span> : null}
                </dd>
              </div>
            ) : null;
          })}
        </dl>
      ) : null}
      <div className="admin-offer__actions admin-actions">
        <Link to={editHref} preventScrollReset>
          {t("admin.common.edit")}
        </Link>
        <Link to={deleteHref} className="admin-actions__danger" preventScrollReset>
          {t("admin.common.delete")}
        </Link>
      </div>
    </li>
  );
}
