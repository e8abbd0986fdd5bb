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

/** Runs `fn` outside any request: work it starts is not counted to the request that queued it. */
export function outsideRequest<T>(fn: () => T): T {
  return timingStorage().exit(fn);
}
