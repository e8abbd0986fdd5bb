// Long loops over a sheet's rows in slices, with the event loop let through
// between them (the server stays responsive while 100,000 rows are read).

/** Rows a slice of a long loop handles before letting the event loop through. */
export const ROWS_PER_SLICE = 2048;

/** Lets the event loop through (setImmediate) before a long loop goes on. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs a sliced computation to its end at once. */
export function drain<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs a sliced computation, letting the event loop through (setImmediate) between slices. */
export async function drainYielding<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await yieldToEventLoop();
  }
}
