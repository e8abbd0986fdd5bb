// Serves home-content images (public: the home pages show them). Only
// generated names are looked up; nothing from the URL reaches the file system.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { storedImage } from "~/utils/images.server";
import { imageResponse } from "~/http/replies.server";

export const loader = async ({ params }: LoaderFunctionArgs) => imageResponse(await storedImage("home", params.name ?? ""));
