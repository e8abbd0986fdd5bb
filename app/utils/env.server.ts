// Environment validated once, at boot, by the one schema of every variable
// (server/env.js, listed in .env.example). The app needs a database and a
// session secret: server/index.js provides both for the local demo. Only
// values listed in `publicEnv` ever reach the browser.
import { parseEnv, type Env as Settings } from "../../server/env.js";

/** What the app needs beyond the schema's defaults (server/index.js sets both for the local demo). */
const REQUIRED = ["DATABASE_URL", "SESSION_SECRET"] as const;
export type Env = Settings & { DATABASE_URL: string; SESSION_SECRET: string };

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const settings = parseEnv();
    const missing = REQUIRED.filter((name) => !settings[name]);
    if (missing.length > 0) {
      throw new Error(
        `Invalid environment:\n  ${missing.map((name) => `${name}: is required (server/index.js sets it for the embedded database)`).join("\n  ")}`,
      );
    }
    cached = settings as Env;
  }
  return cached;
}

/** Reads the environment again (tests that change a setting such as IMPORT_MAX_MB). */
export function reloadEnv(): Env {
  cached = undefined;
  return env();
}

export const isProduction = () => env().NODE_ENV === "production";
export const secureCookies = () => isProduction() && env().INSECURE_COOKIES !== "1";
