import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { renderToPipeableStream } from "react-dom/server";
import { i18n, getLanguage } from "./i18n/i18n.server";
import { i18nConfig } from "./i18n/config";
import { resources } from "./i18n/resources.server";
import { env } from "./utils/env.server";
import { NonceProvider } from "./utils/nonce";
import { ensureMailRelay } from "./domain/mail/relay.server";

// Validate the environment at boot, not at the first request that needs it.
env();
// Deliver the mail outbox in the background: once per process, never in tests.
ensureMailRelay();

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext?.cspNonce === "string" ? loadContext.cspNonce : "";
  const lng = await getLanguage(request);
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    ...i18nConfig,
    lng,
    ns: i18n.getRouteNamespaces(remixContext).length ? i18n.getRouteNamespaces(remixContext) : i18nConfig.ns,
    resources: { [lng]: { translation: resources[lng] } },
  });

  // Crawlers and no-JS clients get the whole document at once.
  const waitForAll = isbot(request.headers.get("user-agent") || "");

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
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
