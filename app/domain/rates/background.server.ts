// Work done after the response is prepared (query logs, search history):
// never on the request's critical path, never failing the page. Errors are
// logged. Work that waits to be batched registers a flush (onFlush): tests
// call flushBackground() to write it and wait for it, and the server flushes
// it when it shuts down.
// On globalThis: one set per process, even when two copies of this module
// are loaded (tests import the app modules and the built server).
import { outsideRequest } from "~/utils/server-timing.server";
import { onShutdown } from "~/utils/services.server";
import { singleton } from "~/utils/singleton.server";

const pending = singleton("__backgroundJobs", () => new Set<Promise<void>>());
const flushes = singleton("__backgroundFlushes", () => new Map<string, () => void>());

export function runInBackground(name: string, task: () => Promise<unknown>): void {
  // Outside the request that queued it: its statements are not the request's (Server-Timing).
  const job: Promise<void> = new Promise<void>((resolve) => outsideRequest(() => setImmediate(resolve)))
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

/** `flush` starts the writing of what is waiting to be batched (once per name). */
export function onFlush(name: string, flush: () => void): void {
  if (flushes.size === 0) onShutdown(() => flushBackground());
  flushes.set(name, flush);
}

/** Writes what waits to be batched, then resolves once every background task has finished. */
export async function flushBackground(): Promise<void> {
  for (const flush of flushes.values()) flush();
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
