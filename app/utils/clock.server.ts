// Where the server waits on purpose (the login back-off, decision 101): one
// `sleep` that tests replace, so they check how long a request would wait
// without spending that time on the wall clock (issue 42).
export type Sleeper = (ms: number) => Promise<void>;

const realSleep: Sleeper = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let current: Sleeper = realSleep;

/** Waits `ms` milliseconds (or, under test, whatever the installed sleeper does). */
export function sleep(ms: number): Promise<void> {
  return current(ms);
}

/** Tests: `sleep` calls go to `sleeper` until the returned function puts the real clock back. */
export function installSleeper(sleeper: Sleeper): () => void {
  current = sleeper;
  return () => {
    current = realSleep;
  };
}
