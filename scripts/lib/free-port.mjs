// A TCP port nobody listens on now, chosen by the system (port 0): servers and
// scratch databases of tests, benchmarks and scripts take their ports from
// here, so two runs on one machine (two checkouts, CI beside a developer)
// never collide. Between the probe closing and the server listening another
// process may take the port: `withFreePort` starts again on a new one.
import net from "node:net";
import { pathToFileURL } from "node:url";

/**
 * @param {number[]} [avoid] ports already handed out and not yet listened on
 * @returns {Promise<number>}
 */
export async function freePort(avoid = []) {
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const probe = net.createServer();
      probe.once("error", reject);
      probe.listen(0, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      });
    });
    if (port && !avoid.includes(port)) return port;
  }
}

/**
 * Runs `start` on a free port; when it fails because the port was taken in the
 * meantime (something listens there now), tries again on another one.
 * @template T
 * @param {(port: number) => Promise<T>} start
 * @param {{ attempts?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<T>}
 */
export async function withFreePort(start, { attempts = 3, log = () => {} } = {}) {
  let lastError;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const port = await freePort();
    try {
      return await start(port);
    } catch (error) {
      lastError = error;
      if (!(await isListening(port))) throw error; // not a lost race: a real failure
      log(`port ${port} was taken while starting; trying another one`);
    }
  }
  throw lastError;
}

/** @param {number} port */
function isListening(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

// `node scripts/lib/free-port.mjs N`: prints N distinct free ports, comma-separated
// (for a configuration that must be synchronous, playwright.config.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const count = Number(process.argv[2] || 1);
  const ports = [];
  while (ports.length < count) ports.push(await freePort(ports));
  console.log(ports.join(","));
}
