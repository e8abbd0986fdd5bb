// Server side of app/route-paths.ts: the mode a results route serves. A
// `.server` module, so the browser build of the results page never carries
// the mode descriptions (the results page's JavaScript budget).
import { MODES } from "~/domain/modes";
import { entryAtPath } from "~/route-paths";

/** The transport mode whose results page the request is at. */
export const modeAt = (request: Request) => entryAtPath(MODES, new URL(request.url).pathname);
