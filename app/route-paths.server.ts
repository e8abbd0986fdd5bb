// Server side of app/route-paths.ts: the mode a results route serves, the
// data area a file route names. A `.server` module, so the browser build of
// the results page never carries the mode descriptions (the results page's
// JavaScript budget).
import type { Params } from "@remix-run/react";
import { MODES } from "~/domain/modes";
import { dataAreas } from "~/domain/data-areas";
import { entryAtPath } from "~/route-paths";

/** The transport mode whose results page the request is at. */
export const modeAt = (request: Request) => entryAtPath(MODES, new URL(request.url).pathname);

/** The data area a route of all areas (`/:area/template`, …) is called for; a 404 for a path that is no area's. */
export const areaOfParams = (params: Params) => entryAtPath(Object.values(dataAreas), `/${params.area ?? ""}`);
