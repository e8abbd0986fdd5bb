import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";

/**
 * The link to the top, in the floating bar (app.css .floating-bar). Without JavaScript it is always there;
 * with it, it appears once the header has scrolled away and scrolls up 50 px every 10 ms (spec 2.4).
 */
export function BackToTop() {
  const { t } = useTranslation();
  const [enhanced, setEnhanced] = useState(false);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    setEnhanced(true);
    const header = document.querySelector(".site-header");
    const onScroll = () => setVisible(window.scrollY > (header?.clientHeight ?? 64));
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  function scrollUp(event: React.MouseEvent) {
    event.preventDefault();
    const timer = window.setInterval(() => {
      if (window.scrollY <= 0) return window.clearInterval(timer);
      window.scrollBy(0, -50);
    }, 10);
  }

  return (
    <a href="#top" className="back-to-top" hidden={enhanced && !visible} onClick={enhanced ? scrollUp : undefined}>
      <span aria-hidden="true">↑</span> <span className="back-to-top__text">{t("common.backToTop")}</span>
    </a>
  );
}
