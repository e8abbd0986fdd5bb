// The production handler (server/app.js: page cache, Express, the Remix
// build) on this test file's database, on a real socket.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { createApp, type AppBuild } from "../../server/app.js";

const ROOT = process.cwd();
const BUILD = path.join(ROOT, "build", "index.js");

export type Served = Awaited<ReturnType<typeof createApp>> & { url: string; stop: () => Promise<void> };

export async function serveBuild(options: { pageCache?: boolean; versionPollMs?: number } = {}): Promise<Served> {
  if (!fs.existsSync(BUILD)) throw new Error(`${BUILD} is missing: run \`npm run build\` before these tests`);
  const build = (await import(pathToFileURL(BUILD).href)) as unknown as AppBuild;
  const app = await createApp({ build, root: ROOT, databaseUrl: process.env.DATABASE_URL!, ...options });
  const server = http.createServer(app.handler).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...app,
    url,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
    },
  };
}

export type Answer = { status: number; headers: Headers; body: string; nonce: string | null; queries: number | null };

/** A GET as a browser sends it (gzip accepted; fetch decodes it). */
export async function get(base: string, pathAndQuery: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(base + pathAndQuery, { headers: { "accept-encoding": "gzip", ...headers }, redirect: "manual" });
  const body = await response.text();
  const timing = response.headers.get("server-timing") ?? "";
  const queries = /desc="(\d+) quer/.exec(timing);
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "");
  return {
    status: response.status,
    headers: response.headers,
    body,
    nonce: nonce?.[1] ?? null,
    queries: queries ? Number(queries[1]) : null,
  };
}

/** The body with every nonce attribute blanked. */
export const withoutNonce = (body: string) => body.replace(/nonce="[^"]*"/g, 'nonce=""');
