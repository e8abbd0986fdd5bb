// Read caches that are never staler than the database a request sees.
//
// Statement triggers set a table's row in `data_versions` to the id of the
// transaction that wrote it, in that transaction (migration
// 20261123120000_data_versions; the tables: VERSIONED_TABLES in
// domain/rates/read-cache.server.ts). A request reads every version once (its
// context, app/http/context.server.ts: with the session, from the process's
// notified versions, or one small statement), and a cached value is served
// only while the versions of the tables it was read from are unchanged. A
// value is read after the versions that tag it, so it is never older than
// them: once a write commits, the next request of any app process misses and
// reads anew (an import shows its prices on the very next search).
//
// Cached values are shared between requests: callers must not change them.
import { LRUCache } from "lru-cache";
import { prepared, sql } from "./db.server";

/** A SQL table name with a version row in `data_versions` (and a trigger). */
export type VersionedTable = string;

/** Table → version (as text: bigint), as one request sees them. */
export type Versions = Readonly<Record<string, string>>;

/** The statement reading every version; the session lookup embeds it too. */
export const VERSIONS_SQL = `SELECT json_object_agg(name, version::text) FROM data_versions`;

const VERSIONS_STATEMENT = prepared(`SELECT (${VERSIONS_SQL}) AS versions`);

export async function readVersions(): Promise<Versions> {
  const [row] = await sql<{ versions: Record<string, string> | null }>(VERSIONS_STATEMENT);
  return row?.versions ?? {};
}

type Entry<V> = { tag: string; value: Promise<V> };

/** DATA_CACHE=0 reads everything anew (benchmarks of the uncached path, diagnosis). */
const enabled = () => process.env.DATA_CACHE !== "0";

const caches = new Set<LRUCache<string, Entry<never>>>();
/** The caches read through `getStale`: what a request may see a moment late. */
const staleServed = new Set<LRUCache<string, Entry<never>>>();

export type DataCache<V> = {
  /**
   * The cached value of `key` when `tables` have the versions this request
   * sees, else `load()` (stored for the next request). Concurrent misses of
   * one key share one load; a failed load is not kept.
   */
  get(versions: Versions, tables: readonly VersionedTable[], key: string, load: () => Promise<V>): Promise<V>;
  /**
   * As `get`, for what a request may see a moment late (links such as the
   * popular lanes, never prices): when the tables changed since the cached
   * value was read, that value is served while the new one loads, and the
   * requests after get the new one. Only a first read waits for its load.
   */
  getStale(versions: Versions, tables: readonly VersionedTable[], key: string, load: () => Promise<V>): Promise<V>;
};

/** A bounded (least recently used) cache of values read from versioned tables. */
export function dataCache<V>(max: number): DataCache<V> {
  const store = new LRUCache<string, Entry<V>>({ max });
  caches.add(store as unknown as LRUCache<string, Entry<never>>);
  const get: DataCache<V>["get"] = (versions, tables, key, load) => {
    if (!enabled()) return load();
    let tag = "";
    for (const table of tables) {
      const version = versions[table];
      // A table without a version row is never cached.
      if (version === undefined) return load();
      tag += `${version},`;
    }
    const hit = store.get(key);
    if (hit && hit.tag === tag) return hit.value;
    const value = load();
    const entry = { tag, value };
    store.set(key, entry);
    value.catch(() => {
      if (store.get(key) === entry) store.delete(key);
    });
    return value;
  };
  return {
    get,
    getStale(versions, tables, key, load) {
      staleServed.add(store as unknown as LRUCache<string, Entry<never>>);
      const previous = store.get(key);
      const value = get(versions, tables, key, load);
      const now = store.get(key);
      // A hit, nothing read before, or nothing kept: that value. Else the one read before, while this one loads.
      if (!previous || !now || now === previous) return value;
      return previous.value.catch(() => value);
    },
  };
}

/**
 * Empties every cache (tests that count the statements a page makes).
 * `keepStale`: all but the caches read through `getStale`, as a first request
 * after a data change finds them (it is served what they hold): bench:search's
 * cold searches.
 */
export function clearDataCaches(options: { keepStale?: boolean } = {}): void {
  for (const store of caches) if (!(options.keepStale && staleServed.has(store))) store.clear();
}
