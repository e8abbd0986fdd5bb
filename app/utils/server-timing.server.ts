// The app's side of Server-Timing (server/server-timing.js writes the
// header): the database pool records each statement's time on the record of
// the request it runs for. The record travels in an AsyncLocalStorage kept on
// globalThis, the same instance as the server's.
import { AsyncLocalStorage } from "node:async_hooks";
import { singleton } from "./singleton.server";

export type RequestTiming = {
  started: number;
  db: number;
  count: number;
  slowest: number;
  /** Set when the request wrote something of its own (a query log): the page cache must not keep its page. */
  noStore?: boolean;
};

export function timingStorage(): AsyncLocalStorage<RequestTiming> {
  return singleton("__serverTiming", () => new AsyncLocalStorage<RequestTiming>());
}

/** The record of the request this code runs for, if any. */
export function currentTiming(): RequestTiming | undefined {
  return timingStorage().getStore();
}

export function recordQuery(record: RequestTiming, ms: number): void {
  record.db += ms;
  record.count += 1;
  if (ms > record.slowest) record.slowest = ms;
}

/**
 * What stands for one HTTP request in memos its loaders share. Remix hands
 * each loader its own copy of the Request (it strips ?index and ?_routes into
 * a new one), so a memo keyed by the Request would read the session once per
 * loader; the Server-Timing record is one per HTTP request. GET and HEAD
 * only: an action keeps its reads to itself, so the loaders run after it
 * (Remix calls them with a GET copy) read what the action may have changed
 * (a session revoked, a name changed). Without a record (tests calling a
 * loader directly), the Request itself.
 */
function requestScope(request: Request): object {
  if (request.method !== "GET" && request.method !== "HEAD") return request;
  return currentTiming() ?? request;
}

/**
 * A value read at most once per request (the session lookup, the data
 * versions), whichever of the request's loaders asks first: `load` runs for
 * the first, the others get its promise.
 */
export function requestMemo<T>(): (request: Request, load: () => Promise<T>) => Promise<T> {
  const memo = new WeakMap<object, Promise<T>>();
  return (request, load) => {
    const scope = requestScope(request);
    let pending = memo.get(scope);
    if (!pending) {
      pending = load();
      memo.set(scope, pending);
    }
    return pending;
  };
}

/** A value one step of a request leaves for a later one (kept per request as requestMemo keeps its values). */
export function requestSlot<T>(): { set: (request: Request, value: T) => void; get: (request: Request) => T | undefined } {
  const slot = new WeakMap<object, T>();
  return {
    set: (request, value) => void slot.set(requestScope(request), value),
    get: (request) => slot.get(requestScope(request)),
  };
}

/** Runs `fn` outside any request: work it starts is not counted to the request that queued it. */
export function outsideRequest<T>(fn: () => T): T {
  return timingStorage().exit(fn);
}
