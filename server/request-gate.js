// @ts-check
// Express middleware in front of Remix: asks the app's request gate
// (app/request-gate.server.ts, exported by the build's entry module as
// `gateRequest`) whether to refuse a request from its method, URL and headers
// alone, and sends the refusal without reading the body. A refusal carries
// `Connection: close`, so Node does not read the rest of a large body either:
// it closes the connection after the answer.
//
// Tested on a real socket with the production build
// (tests/security/request-gate.test.ts).

/**
 * `mayRefuse` answers from the method and URL alone whether `gate` could
 * refuse the request (a page or data GET without `_data` never is): the
 * others pass without a Request being built for the gate (decision 608).
 * @param {(request: Request) => Promise<Response | null>} gate
 * @param {(method: string, url: string) => boolean} [mayRefuse]
 * @returns {import("express").RequestHandler}
 */
export function requestGate(gate, mayRefuse = () => true) {
  return async function requestGateMiddleware(req, res, next) {
    if (!mayRefuse(req.method, req.originalUrl)) return next();
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
      }
      // The URL as Remix's adapter builds it (host aside: only the path and
      // query count); no body is passed on.
      let url;
      try {
        url = new URL(`http://localhost${req.originalUrl}`);
      } catch {
        return next();
      }
      const request = new Request(url, { method: req.method, headers });
      const refusal = await gate(request);
      if (!refusal) return next();
      res.status(refusal.status);
      for (const [name, value] of refusal.headers) res.setHeader(name, value);
      res.end(Buffer.from(await refusal.arrayBuffer()));
    } catch (error) {
      next(error);
    }
  };
}
