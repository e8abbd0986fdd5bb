// App home content (administration.md 2.6): the website screen without the size field.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { appHomeAction, homeScreenLoader } from "~/routes/admin/-server/home-content.server";
import { APP_SCREEN } from "~/domain/home-content/screens";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { HomeContentPage } from "~/components/admin/HomeContent";
import adminStylesHref from "~/styles/admin.css";
import { backOfficeMeta } from "~/components/backoffice/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStylesHref }];
export const meta = backOfficeMeta;

export const loader = (args: LoaderFunctionArgs) => homeScreenLoader(args, APP_SCREEN);
export const action = (args: ActionFunctionArgs) => appHomeAction(args);
export const ErrorBoundary = BackOfficeErrorBoundary;

export default function AppHomePage() {
  return <HomeContentPage data={useLoaderData<typeof loader>()} />;
}
