// @ts-check
// Server-Timing (issue 9.6): every response says how long its database work
// took, so a slow query shows in the browser's developer tools:
//   Server-Timing: db;dur=4.1;desc="3 queries, slowest 2.2 ms", app;dur=9.7
// `db` is the time of the statements the request ran (summed: statements
// run side by side count each), `app` the time until the headers were sent.
//
// The record of the request lives in an AsyncLocalStorage that the app's
// database pool (app/utils/db.server.ts, class TimedClient) reaches through
// globalThis: the built app bundles its own copy of nothing here, one
// instance per process whoever asks first.
import { AsyncLocalStorage } from "node:async_hooks";

/** @typedef {{ started: number, db: number, count: number, slowest: number }} RequestTiming */

/** @returns {AsyncLocalStorage<RequestTiming>} */
export function timingStorage() {
  return (globalThis.__serverTiming ??= new AsyncLocalStorage());
}

/** The Server-Timing header value of a record. */
/** @param {RequestTiming} record */
export function serverTimingHeader(record, now = performance.now()) {
  const ms = (/** @type {number} */ value) => value.toFixed(1);
  const queries = `${record.count} ${record.count === 1 ? "query" : "queries"}`;
  const desc = record.count > 0 ? `${queries}, slowest ${ms(record.slowest)} ms` : queries;
  return `db;dur=${ms(record.db)};desc="${desc}", app;dur=${ms(now - record.started)}`;
}

/**
 * Express middleware: a timing record for the request, written out with the headers.
 * @returns {import("express").RequestHandler}
 */
export function serverTiming() {
  const storage = timingStorage();
  return (req, res, next) => {
    const record = { started: performance.now(), db: 0, count: 0, slowest: 0 };
    const writeHead = res.writeHead;
    res.writeHead = /** @type {any} */ (
      function (/** @type {any[]} */ ...args) {
        if (!res.headersSent) res.setHeader("Server-Timing", serverTimingHeader(record));
        return writeHead.apply(res, /** @type {any} */ (args));
      }
    );
    storage.run(record, next);
  };
}
