// Shared pieces of the nine data-area route modules.
import type { LinksFunction } from "@remix-run/node";
import tableStylesHref from "~/styles/datatable.css";

export const dataAreaLinks: LinksFunction = () => [{ rel: "stylesheet", href: tableStylesHref }];
