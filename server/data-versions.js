// @ts-check
// The data versions (decision 601) as this process knows them, without a
// query per request (issue 26, decision 607). One connection LISTENs on the
// channel `data_versions`: the statement triggers announce every bump there,
// and PostgreSQL delivers it when the writing transaction commits. A
// periodic read of the table is the fallback (a notification lost with a
// dropped connection); while the connection is down the versions are
// unknown and the page cache is bypassed (every request rendered).
//
// Versions are transaction ids, not a counter: two writers may commit in the
// other order than they started. Notifications arrive in commit order, so the
// last one for a table is its current version; a periodic read whose result
// may have crossed a notification on the way is dropped, never applied.
import pg from "pg";

/**
 * @typedef {object} VersionWatch
 * @property {() => string | null} tag What every version is now, as one string; null while unknown.
 * @property {() => Readonly<Record<string, string>> | null} versions Table → version, as last told; null while unknown
 *   (the app's read caches take them for visitors' reads: app/http/context.server.ts).
 * @property {() => Promise<void>} refresh Reads the table now (tests, after a reconnect).
 * @property {(listener: (tag: string | null) => void) => () => void} onChange Called after each change.
 * @property {() => Promise<void>} stop
 */

/**
 * @param {{ connectionString: string, pollMs?: number, log?: (line: string) => void }} options
 * @returns {Promise<VersionWatch>}
 */
export async function watchDataVersions({ connectionString, pollMs = 5000, log = () => {} }) {
  /** @type {Map<string, string>} */
  const versions = new Map();
  /** The versions as one object for the app's read caches, made once per change. @type {Readonly<Record<string, string>> | null} */
  let snapshot = null;
  /** @type {string | null} */
  let tag = null;
  /** @type {pg.Client | null} */
  let client = null;
  let stopped = false;
  // Bumped by every notification: a table read that saw another value of it
  // may be older than a notification it crossed.
  let notified = 0;
  /** @type {Set<(tag: string | null) => void>} */
  const listeners = new Set();
  /** @type {NodeJS.Timeout | null} */
  let reconnectTimer = null;

  const publish = (/** @type {string | null} */ next) => {
    if (next === tag) return;
    tag = next;
    for (const listener of listeners) listener(tag);
  };
  const tagOf = () =>
    [...versions.keys()]
      .sort()
      .map((name) => `${name}:${versions.get(name)}`)
      .join(",");

  /** @param {pg.Client} on */
  async function readTable(on) {
    for (;;) {
      const before = notified;
      const { rows } = await on.query("SELECT name, version::text AS version FROM data_versions");
      if (before !== notified) continue; // crossed a notification: read again
      versions.clear();
      for (const row of rows) versions.set(row.name, row.version);
      snapshot = null;
      return;
    }
  }

  async function connect() {
    const next = new pg.Client({ connectionString, application_name: "data-versions" });
    next.on("notification", (message) => {
      if (message.channel !== "data_versions" || !message.payload) return;
      const colon = message.payload.lastIndexOf(":");
      notified += 1;
      versions.set(message.payload.slice(0, colon), message.payload.slice(colon + 1));
      snapshot = null;
      publish(tagOf());
    });
    next.on("error", (error) => {
      log(`data versions: connection lost (${error.message}); pages are rendered until it is back`);
      lost(next);
    });
    next.on("end", () => lost(next));
    await next.connect();
    // LISTEN first: nothing committed after the read below goes unheard.
    await next.query("LISTEN data_versions");
    await readTable(next);
    client = next;
    publish(tagOf());
  }

  /** @param {pg.Client} which */
  function lost(which) {
    if (client !== which) return;
    client = null;
    publish(null);
    which.end().catch(() => {});
    scheduleReconnect(1000);
  }

  function scheduleReconnect(/** @type {number} */ delay) {
    if (stopped || reconnectTimer) return;
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = null;
      try {
        await connect();
        log("data versions: listening again");
      } catch (error) {
        scheduleReconnect(Math.min(delay * 2, 30_000));
      }
    }, delay);
    reconnectTimer.unref();
  }

  await connect();

  // The fallback: the table read on the listening connection (queries on one
  // connection run in order, and its notifications come between them).
  const poll = setInterval(async () => {
    const on = client;
    if (!on) return;
    const before = tagOf();
    try {
      await readTable(on);
    } catch {
      return; // the connection's error handler takes over
    }
    const after = tagOf();
    if (after !== before && tag === before) log("data versions: a change arrived by the periodic check, not by notification");
    publish(after);
  }, pollMs);
  poll.unref();

  return {
    tag: () => tag,
    versions() {
      if (tag === null) return null;
      return (snapshot ??= Object.freeze(Object.fromEntries(versions)));
    },
    async refresh() {
      if (!client) return;
      await readTable(client);
      publish(tagOf());
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const last = client;
      client = null;
      publish(null);
      await last?.end().catch(() => {});
    },
  };
}
