// Website home content (administration.md 2.5) and the home categories tab.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { homeScreenLoader, webHomeAction } from "~/routes/admin/-server/home-content.server";
import { WEB_SCREEN } from "~/domain/home-content/screens";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { HomeContentPage } from "~/components/admin/HomeContent";
import adminStylesHref from "~/styles/admin.css";
import { backOfficeMeta } from "~/components/backoffice/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStylesHref }];
export const meta = backOfficeMeta;

export const loader = (args: LoaderFunctionArgs) => homeScreenLoader(args, WEB_SCREEN);
export const action = (args: ActionFunctionArgs) => webHomeAction(args);
export const ErrorBoundary = BackOfficeErrorBoundary;

export default function HomeListPage() {
  return <HomeContentPage data={useLoaderData<typeof loader>()} />;
}
