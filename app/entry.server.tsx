import { Transform, type TransformCallback } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { I18nextProvider } from "react-i18next";
import { renderToPipeableStream } from "react-dom/server";
import { pageI18n } from "./i18n/i18n.server";
import { languageOf } from "./http/context.server";
import { I18nProvider } from "./i18n/react";
import { env } from "./utils/env.server";
import { NonceProvider } from "./utils/nonce";
import { InlineCssProvider } from "./utils/inline-styles";
import { inlineCss } from "./utils/inline-styles.server";
import { ensureMailRelay } from "./domain/mail/relay.server";
import { ensureUploadSweep } from "./domain/storage/sweep.server";
import { ensureInsightsRollup } from "./domain/insights/rollup.server";
import { ensureWatchDigest } from "./domain/watches/digest.server";

// Validate the environment at boot, not at the first request that needs it.
env();
// Deliver the mail outbox in the background, and remove uploaded files no
// record refers to (a crash between file and commit): once per process, never in tests.
ensureMailRelay();
ensureUploadSweep();
// Roll the query-trace logs up for the insights dashboard (issue 24).
ensureInsightsRollup();
// The daily lane-watch digest (issue 25 item 4), once a day from WATCH_DIGEST_HOUR.
ensureWatchDigest();

const ABORT_DELAY = 5_000;

/**
 * Hands Remix what React writes in one go as one chunk. React writes the
 * document in pieces of about 2 KB, and Remix's Node adapter flushes the
 * response after every chunk, which makes compression() end a deflate block
 * each time: a 20-row results page went out as 17 KB of gzip instead of
 * 9 KB (docs/benchmarks.md). What React writes in one turn of the event loop
 * (the whole shell, each later Suspense piece) is still sent at once.
 */
class Coalesce extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;

  _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    callback();
  }

  _flush(callback: TransformCallback) {
    this.release();
    callback();
  }

  private release() {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const chunk = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.pending = [];
    this.push(chunk);
  }
}

export const streamTimeout = ABORT_DELAY;

/**
 * What the server refuses before Remix sees a request (bodies over the
 * route's limit, old `?_data=` requests); server/request-gate.js calls it
 * as `build.entry.module.gateRequest`, after `gateMayRefuse` (the method
 * and URL alone) said it might refuse.
 */
export { gateRequest, gateMayRefuse } from "./request-gate.server";

/**
 * Remix's load context of a request (server/app.js's getLoadContext calls it
 * through `build.entry.module`): the request's own context (viewer, language,
 * data versions resolved once; app/http/context.server.ts).
 */
export { createLoadContext } from "./http/context.server";

/** Which pages the server's page cache may keep for visitors, and how it keys them (server/page-cache.js). */
export { pageCacheRules } from "./http/page-cache-rules.server";

/**
 * The one rule of a request's language (./i18n/negotiate.ts): the page cache
 * (server/page-cache.js) keys its pages by it, as
 * `build.entry.module.chooseLanguage` (issue 45 item 2).
 */
export { chooseLanguage } from "./i18n/negotiate";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext?.cspNonce === "string" ? loadContext.cspNonce : "";
  const lng = await languageOf({ request, context: loadContext });
  const instance = pageI18n(lng);

  // Crawlers and no-JS clients get the whole document at once.
  const waitForAll = isbot(request.headers.get("user-agent") || "");

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={inlineCss()}>
          <I18nextProvider i18n={instance}>
            <I18nProvider i18n={instance}>
              <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
            </I18nProvider>
          </I18nextProvider>
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new Coalesce();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged; before it they reject above.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY + 1000);
  });
}
