// House rule: a test fails when it calls console.error. The setup file
// installs the guard around every test; a test that expects an error log
// calls allowConsoleError() (and may inspect what was logged).

type Captured = unknown[][];

let silent = true;

const state: { allowed: boolean; calls: Captured; original?: typeof console.error } = {
  allowed: false,
  calls: [],
};

/**
 * Lets the current test call console.error without failing. Returns the
 * arguments of every console.error call of this test so far and after.
 * Set `silent: false` to still print them.
 */
export function allowConsoleError(options: { silent?: boolean } = {}): Captured {
  state.allowed = true;
  silent = options.silent ?? true;
  return state.calls;
}

/** Installed before each test (tests/setup/setup-file.ts). */
export function installConsoleErrorGuard() {
  state.allowed = false;
  state.calls = [];
  silent = true;
  const original = console.error;
  state.original = original;
  console.error = (...args: unknown[]) => {
    state.calls.push(args);
    if (!state.allowed || !silent) original.apply(console, args);
  };
}

/** Called after each test: restores console.error and reports unexpected calls. */
export function checkConsoleErrorGuard(): string | null {
  if (state.original) console.error = state.original;
  state.original = undefined;
  if (state.allowed || state.calls.length === 0) return null;
  const first = state.calls
    .slice(0, 3)
    .map((args) => args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : typeof a === "string" ? a : safeJson(a))).join(" "))
    .join("\n---\n");
  return (
    `console.error was called ${state.calls.length} time(s) during this test (house rule: not allowed; ` +
    `call allowConsoleError() from tests/support/console.ts if it is expected):\n${first}`
  );
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
