// Renders whole documents through the production build (build/index.js) with
// Remix's request handler: the HTML a browser would get, including the
// serialized loader data. Build first: `npx remix build`.
// Requests go to the handler of their path's partition of the routes, as
// the server sends them (server/route-partitions.js).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { decode } from "turbo-stream";
import { partitionedHandlers } from "../../server/route-partitions.js";
import { getRequest, type RequestOptions } from "./requests";

const BUILD = path.resolve(process.cwd(), "build", "index.js");

let handler: ((request: Request) => Promise<Response>) | undefined;

async function requestHandler() {
  if (!handler) {
    if (!fs.existsSync(BUILD)) throw new Error(`${BUILD} is missing: run \`npx remix build\` before these tests`);
    const build = (await import(pathToFileURL(BUILD).href)) as ServerBuild & {
      entry: { module: { gateRequest?: (request: Request) => Promise<Response | null> } };
    };
    // Each path to the handler of its routes' partition, as the server does (server/route-partitions.js).
    const handlerFor = partitionedHandlers(
      () => build,
      (partition) => createRequestHandler(partition, "production"),
    );
    // The server's request gate first (server/request-gate.js), as in production.
    const gate = build.entry.module.gateRequest;
    handler = async (request) => (await gate?.(request)) ?? handlerFor(new URL(request.url).pathname)(request, {});
  }
  return handler;
}

export type Rendered = { status: number; headers: Headers; html: string; location: string | null };

/** GET a path through the built app (documents, resource routes, redirects). */
export async function render(pathname: string, query?: Record<string, string | number>, options: RequestOptions = {}): Promise<Rendered> {
  return send(getRequest(pathname, query, options));
}

/** Any request (a form's POST, say) through the built app, as a browser without JavaScript sends it. */
export async function send(request: Request): Promise<Rendered> {
  const handle = await requestHandler();
  const response = await handle(request);
  const html = await response.text();
  return { status: response.status, headers: response.headers, html, location: response.headers.get("Location") };
}

/** Text of the HTML without tags and scripts, common entities decoded. */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

const STREAM_CHUNK = /window\.__remixContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/g;

/**
 * The loader data a document carries for hydration, decoded: Remix writes it
 * as turbo-stream chunks in scripts (`streamController.enqueue("…")`), whose
 * raw text is a flat array of values and reference numbers ({"_485":486}).
 * Null when the document carries none. A type the stream names (a Date, an
 * error) comes back as { type, values }.
 */
export async function hydrationData(html: string): Promise<unknown> {
  const text = [...html.matchAll(STREAM_CHUNK)].map((m) => JSON.parse(m[1]) as string).join("");
  if (!text) return null;
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const decoded = await decode(stream, { plugins: [(type, ...values) => ({ value: { type, values } })] });
  await decoded.done;
  return decoded.value;
}

/** The document without its hydration stream's scripts (read them with hydrationData). */
export const withoutHydrationStream = (html: string) => html.replace(STREAM_CHUNK, "");
