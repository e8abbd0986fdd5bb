// Work a server process runs beside its requests (the mail relay, the upload
// sweep, batched writes): started once per process, never in tests, and
// stopped when the server shuts down (server/index.js runs these hooks
// before it ends the connection pool and stops PostgreSQL). On globalThis:
// one set per process, even when two copies of a module are loaded (tests
// import the app modules and the built server).
import { env } from "./env.server";
import { singleton } from "./singleton.server";

const shutdownHooks = () => singleton("__shutdownHooks", (): Array<() => unknown> => []);

/** `hook` runs (and is awaited) when the server shuts down. */
export function onShutdown(hook: () => unknown): void {
  shutdownHooks().push(hook);
}

/**
 * Runs `start` once per process, never under NODE_ENV=test; what it returns
 * (if anything) stops the service at shutdown.
 */
export function startServiceOnce(name: string, start: () => (() => unknown) | void): void {
  const started = singleton("__servicesStarted", () => new Set<string>());
  if (started.has(name)) return;
  started.add(name);
  if (env().NODE_ENV === "test") return;
  const stop = start();
  if (stop) onShutdown(stop);
}

/**
 * A periodic job of a server process (the insights rollup, the lane-watch
 * digest): first after `firstAfterMs`, then every `everyMs`; a failure is
 * logged and the next turn tries again. Once per process, never in tests.
 */
export function startPeriodicService(name: string, options: { firstAfterMs: number; everyMs: number; run: () => Promise<unknown> }): void {
  startServiceOnce(name, () => {
    const run = async () => {
      try {
        await options.run();
      } catch (error) {
        console.error(`[${name}] failed (next try in ${Math.round(options.everyMs / 60_000)} min):`, error);
      }
    };
    const first = setTimeout(run, options.firstAfterMs);
    const every = setInterval(run, options.everyMs);
    first.unref();
    every.unref();
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  });
}
