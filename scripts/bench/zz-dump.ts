import fs from "node:fs";
import { addFiftyRowRoutes, login, startServer } from "./lib/server";
async function main() {
  const server = await startServer({ log: console.log });
  try {
    const routes = await addFiftyRowRoutes(server.databaseUrl);
    const cookie = await login(server.url, "t1@example.com");
    for (const [name, path, c] of [["fcl", `/fclbysea?${routes.fcl}`, cookie], ["bare", "/bench/trivial", cookie], ["fclv", `/fclbysea?${routes.fcl}`, ""]] as const) {
      const r = await fetch(server.url + path, { headers: { Cookie: c } });
      fs.writeFileSync(`/tmp/dump/${name}.html`, await r.text());
    }
  } finally { await server.stop(); }
  process.exit(0);
}
main();
