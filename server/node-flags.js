// @ts-check
// The V8 settings the server process runs with, passed on its command line
// by every way of starting it: `npm start` (package.json), the Dockerfile's
// CMD, the scale-out script, Playwright's server, the benchmarks.
// server/node-flags.test.ts holds package.json and the Dockerfile to
// this list.
//
// --max-semi-space-size=32: a young generation of 2 × 32 MB instead of V8's
// 2 × 16 MB. Rendering a page allocates a few MB that die with the request;
// with the default size the scavenger ran every few requests and promoted
// what was still in flight into the old generation, to be collected again
// there. Measured side by side (decision 609, "The young generation"): the
// T1 FCL page 6.75 → 6.15 ms of CPU per request (best batch), the bare page
// 3.70 → 3.20 ms. It costs up to about 32 MB more memory per process.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=32"];
