// Environment validated once, at boot. Only values listed in `publicEnv`
// ever reach the browser.
import { z } from "~/utils/zod";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().min(1, "DATABASE_URL is required (server/index.js sets it for the embedded database)"),
  SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters"),
  RESEND_API_KEY: z.string().optional(),
  MAIL_FROM: z.string().default("Freight Portal <noreply@example.com>"),
  UPLOAD_DIR: z.string().default(".data/uploads"),
  PUBLIC_URL: z.string().url().optional(),
  /** Host names whose requests may name the site's absolute URLs when PUBLIC_URL is unset (app/utils/public-origin.server.ts). */
  ALLOWED_HOSTS: z.string().optional(),
  /** Largest Excel import in MB (data-maintenance.md: 2 MB); raise it for large carrier sheets (issue 23). */
  IMPORT_MAX_MB: z.coerce.number().positive().max(1024).default(2),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Mail relay timings (mail/relay.server.ts); unset = the production defaults. Fault drills shorten them. */
  MAIL_RELAY_INTERVAL_MS: z.coerce.number().int().min(100).optional(),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(0).optional(),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(0).optional(),
  MAIL_STUCK_AFTER_SECONDS: z.coerce.number().int().min(35).optional(),
  /** Set by tests only: plain-HTTP production-mode server must still accept cookies. */
  INSECURE_COOKIES: z.enum(["0", "1"]).optional(),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    // zod's own English for the operator (the app's error map gives users translation keys).
    const parsed = schema.safeParse(process.env, { errorMap: (_issue, ctx) => ({ message: ctx.defaultError }) });
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
      throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
    }
    cached = parsed.data;
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
