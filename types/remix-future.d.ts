// The singleFetch flag must be declared in a module that first imports
// @remix-run/node; in remix.env.d.ts it would hide every export (STACK.md).
import "@remix-run/node";
import type { DataFunctionArgs } from "@remix-run/node";
import type { RequestState } from "~/http/context.server";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export type { DataFunctionArgs };

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
    /** The client's address (Express req.ip), set by server/app.js. */
    clientAddress?: string;
    /** The data versions this process was last told by PostgreSQL (null while unknown; absent without the page cache's listener). */
    dataVersions?: () => Readonly<Record<string, string>> | null;
    /** What the request resolved so far (app/http/context.server.ts). */
    requestState?: RequestState;
    /** What the request's action resolved (for that request only: its loaders look again). */
    actionState?: { request: Request; state: RequestState };
  }
}
