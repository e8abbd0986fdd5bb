// @ts-check
// A small round-robin HTTP proxy in front of several app processes (issue 26:
// the scale-out topology without Docker, and the `proxy` service of
// docker-compose.yml). It sets X-Forwarded-For/-Proto/-Host, so the apps run
// with TRUST_PROXY=1, and skips an app that refuses connections.
//
//   UPSTREAMS=http://app1:3000,http://app2:3000 PORT=8080 node server/proxy.js
import http from "node:http";
import { fileURLToPath } from "node:url";
import httpProxy from "http-proxy";

/**
 * @param {{ upstreams: string[], port: number, host?: string, log?: (line: string) => void }} options
 * @returns {Promise<http.Server>}
 */
export async function startProxy({ upstreams, port, host = "0.0.0.0", log = () => {} }) {
  if (upstreams.length === 0) throw new Error("no upstreams");
  // Keep-alive to the apps: without an agent, every request opened a new
  // connection to an app (about 4 ms of the app's CPU per page, decision 608).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const proxy = httpProxy.createProxyServer({ xfwd: true, ws: false, proxyTimeout: 120_000, agent });
  let next = 0;
  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {number} tries
   */
  const forward = (req, res, tries) => {
    const target = upstreams[next++ % upstreams.length];
    proxy.web(req, res, { target }, (error) => {
      // Nothing sent yet and the app is down: the next one (a request body, if
      // any, has not been read by then only when the connection was refused).
      const refused = /** @type {NodeJS.ErrnoException} */ (error).code === "ECONNREFUSED";
      if (refused && tries + 1 < upstreams.length && !res.headersSent) return forward(req, res, tries + 1);
      log(`${target}: ${error.message}`);
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("Bad gateway");
    });
  };
  const server = http.createServer((req, res) => forward(req, res, 0));
  await new Promise((resolve) => server.listen(port, host, () => resolve(undefined)));
  return server;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { serverSettings } = await import("./env.js");
  const settings = serverSettings();
  const upstreams = (settings.UPSTREAMS ?? "").split(",").filter(Boolean);
  // The proxy's own default port (the app's is 3000).
  const port = process.env.PORT ? settings.PORT : 8080;
  const server = await startProxy({ upstreams, port, log: (line) => console.log(`[proxy] ${line}`) });
  console.log(`[proxy] listening on :${port}, round robin over ${upstreams.join(", ")}`);
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
