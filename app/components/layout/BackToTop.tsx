import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";

/**
 * Without JavaScript: a plain link to the top at the end of the page.
 * With it: a floating button that appears once the header has scrolled away
 * and scrolls up 50 px every 10 ms (spec 2.4).
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

  if (enhanced && !visible) return null;
  return (
    <a href="#top" className={enhanced ? "back-to-top back-to-top--floating" : "back-to-top"} onClick={enhanced ? scrollUp : undefined}>
      <span aria-hidden="true">↑</span> <span className="back-to-top__text">{t("common.backToTop")}</span>
    </a>
  );
}
