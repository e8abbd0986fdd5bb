// What server/*.js keeps on globalThis, shared with the built app (type-checked by tsc: checkJs via // @ts-check).
import type { AsyncLocalStorage } from "node:async_hooks";

declare global {
  var __serverTiming: AsyncLocalStorage<{ started: number; db: number; count: number; slowest: number; noStore?: boolean }> | undefined;

  var __pgPool: { end(): Promise<void> } | undefined;
  var __shutdownHooks: (() => Promise<unknown> | unknown)[] | undefined;
}
export {};
