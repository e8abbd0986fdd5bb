// The loader and action of the legacy API's splat resource routes
// (app/routes/{api,my,nopermission,query,data,logs,web,apphomeimg,manage,send}.$.tsx).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi } from "./dispatch.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => handleApi(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => handleApi(request, context);
