import { useEffect } from "react";

/** Spec: 36,000,000 ms (10 hours) without a mouse press, checked every 30 s. */
export const IDLE_LIMIT_MS = 36_000_000;
export const IDLE_CHECK_MS = 30_000;
const STORAGE_KEY = "freight:lastActivity";

function readLastActivity(fallback: number): number {
  try {
    const stored = Number(window.localStorage.getItem(STORAGE_KEY));
    return Number.isFinite(stored) && stored > 0 ? Math.max(stored, fallback) : fallback;
  } catch {
    return fallback;
  }
}

/**
 * With JavaScript on: after 10 hours without a mouse press (or a key or a
 * touch, which also mean someone is there) the browser logs out (POST
 * /logout) and goes to /login. The last activity is shared between tabs
 * through localStorage, so a busy tab keeps an idle one alive. The server
 * expires idle sessions after the same 10 hours whatever the browser does.
 */
export function useIdleLogout(enabled: boolean, options: { limitMs?: number; checkMs?: number } = {}) {
  const limitMs = options.limitMs ?? IDLE_LIMIT_MS;
  const checkMs = options.checkMs ?? IDLE_CHECK_MS;
  useEffect(() => {
    if (!enabled) return;
    let last = Date.now();
    let loggingOut = false;
    const touch = () => {
      last = Date.now();
      try {
        window.localStorage.setItem(STORAGE_KEY, String(last));
      } catch {
        /* private mode: this tab only */
      }
    };
    touch();
    const events = ["mousedown", "keydown", "touchstart"] as const;
    for (const name of events) window.addEventListener(name, touch, { passive: true });
    const timer = window.setInterval(async () => {
      if (loggingOut || Date.now() - readLastActivity(last) < limitMs) return;
      loggingOut = true;
      try {
        await fetch("/logout", { method: "POST", credentials: "same-origin" });
      } catch {
        /* offline: the server expires the session anyway */
      }
      window.location.assign("/login?reason=idle");
    }, checkMs);
    return () => {
      window.clearInterval(timer);
      for (const name of events) window.removeEventListener(name, touch);
    };
  }, [enabled, limitMs, checkMs]);
}
