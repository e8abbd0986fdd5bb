import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { ModeView } from "~/domain/modes";
import { formatPrice } from "~/domain/pricing/format";
import type { OfferCard } from "~/domain/rates/offers.server";

export const SLIDE_SIZE = 6;
export const SLIDE_MS = 5000;

function OfferCardView({ mode, card, loggedIn }: { mode: ModeView; card: OfferCard; loggedIn: boolean }) {
  const { t } = useTranslation();
  const bookHref = `/booking/offer/${card.id}`;
  return (
    <li className="card offer-card">
      <p className="card__route">
        {card.from ?? "-"} → {card.to ?? "-"}
      </p>
      <dl className="offer-card__facts">
        {mode.card.facts.map((f) =>
          card.facts[f.field] ? (
            <div key={f.field}>
              <dt>{t(f.labelKey)}</dt>
              <dd>{f.kind === "weight" ? t("search.unit.kg", { value: card.facts[f.field] }) : card.facts[f.field]}</dd>
            </div>
          ) : null,
        )}
      </dl>
      {mode.card.prices.length ? (
        <dl className="offer-card__prices">
          {mode.card.prices.map((p) => {
            const text = formatPrice(card.prices[p.field], p.format);
            return text ? (
              <div key={p.field}>
                <dt>{t(p.labelKey)}</dt>
                <dd>
                  {text}
                  {p.format === "money" ? <span className="currency"> {card.currency}</span> : null}
                </dd>
              </div>
            ) : null;
          })}
        </dl>
      ) : null}
      {loggedIn ? (
        <Link className="button button--primary offer-card__book" to={bookHref}>
          {t("search.offers.book")}
        </Link>
      ) : (
        <Link
          className="button button--ghost offer-card__book"
          to={`/login?redirectTo=${encodeURIComponent(bookHref)}`}
          title={t("search.offers.loginRequired")}
        >
          {t("search.offers.book")}
        </Link>
      )}
    </li>
  );
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** 6 cards per slide, advancing every 5 s (spec 2.2); a static grid without JavaScript. */
function Carousel({ items, label }: { items: React.ReactElement[]; label: string }) {
  const { t } = useTranslation();
  const [enhanced, setEnhanced] = useState(false);
  const [slide, setSlide] = useState(0);
  const [paused, setPaused] = useState(false);
  const slides = chunk(items, SLIDE_SIZE);
  const count = slides.length;

  useEffect(() => {
    // Respect reduced motion: no auto-advance, the buttons still work.
    setPaused(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false);
    setEnhanced(true);
  }, []);
  useEffect(() => {
    if (!enhanced || paused || count < 2) return;
    const timer = window.setInterval(() => setSlide((s) => (s + 1) % count), SLIDE_MS);
    return () => window.clearInterval(timer);
  }, [enhanced, paused, count]);

  if (!enhanced || count < 2) return <ul className="card-grid offers__grid">{items}</ul>;
  const current = Math.min(slide, count - 1);
  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocusCapture={() => setPaused(true)}
    >
      <ul className="card-grid carousel__slide" aria-live={paused ? "polite" : "off"}>
        {slides[current]}
      </ul>
      <div className="carousel__controls">
        <button type="button" className="button button--ghost" onClick={() => setSlide((current - 1 + count) % count)}>
          <span aria-hidden="true">‹</span> {t("search.offers.previous")}
        </button>
        <span className="carousel__status">{t("search.offers.slide", { current: current + 1, count })}</span>
        <button type="button" className="button button--ghost" onClick={() => setSlide((current + 1) % count)}>
          {t("search.offers.next")} <span aria-hidden="true">›</span>
        </button>
      </div>
    </div>
  );
}

/** "Recommended today" special-price cards of one mode. */
export function Offers({ mode, offers, loggedIn }: { mode: ModeView; offers: OfferCard[]; loggedIn: boolean }) {
  const { t } = useTranslation();
  const title = t("search.offers.title", { mode: t(mode.labelKey) });
  const items = offers.map((card) => <OfferCardView key={card.id} mode={mode} card={card} loggedIn={loggedIn} />);
  return (
    <section className={`offers offers--${mode.key}`} aria-labelledby="offers-title">
      <h2 id="offers-title">{title}</h2>
      {!loggedIn && offers.length > 0 ? <p className="offers__login">{t("search.offers.loginRequired")}</p> : null}
      {offers.length === 0 ? (
        <p className="empty">{t("search.empty")}</p>
      ) : mode.card.carousel ? (
        <Carousel items={items} label={title} />
      ) : (
        <ul className="card-grid offers__grid">{items}</ul>
      )}
    </section>
  );
}
