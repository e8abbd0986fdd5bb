// The singleFetch flag must be declared in a module that first imports
// @remix-run/node; in remix.env.d.ts it would hide every export (STACK.md).
import "@remix-run/node";
import type { DataFunctionArgs } from "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export type { DataFunctionArgs };

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
    /** The client's address (Express req.ip), set by server/index.js. */
    clientAddress?: string;
  }
}
