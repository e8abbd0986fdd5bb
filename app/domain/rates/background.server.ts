// Work done after the response is prepared (query logs, search history):
// never on the request's critical path, never failing the page. Errors are
// logged. Tests call flushBackground() to wait for it.
// On globalThis: one set per process, even when two copies of this module
// are loaded (tests import the app modules and the built server).
const store = globalThis as unknown as { __backgroundJobs?: Set<Promise<void>> };
const pending: Set<Promise<void>> = (store.__backgroundJobs ??= new Set());

export function runInBackground(name: string, task: () => Promise<unknown>): void {
  const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .then(
      () => undefined,
      (error: unknown) => {
        console.error(`[background] ${name} failed:`, error);
      },
    )
    .finally(() => {
      pending.delete(job);
    });
  pending.add(job);
}

/** Resolves once every queued background task has finished. */
export async function flushBackground(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
