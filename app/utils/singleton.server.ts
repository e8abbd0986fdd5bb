// One value per process, kept on globalThis under `name`: the same instance
// even when two copies of a module are loaded (tests import the app modules
// and the built server; dev rebuilds reload them), and reachable by the
// server's own files under that name (server/index.js ends `__pgPool` and
// runs `__shutdownHooks`; server/server-timing.js shares `__serverTiming`).
// The one place that touches globalThis for this.
const store = globalThis as typeof globalThis & Record<string, unknown>;

/** The value stored under `name`, created by `create` on first use. */
export function singleton<T>(name: `__${string}`, create: () => T): T {
  return (store[name] ??= create()) as T;
}
