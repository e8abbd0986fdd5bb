// Serves home-content images (public: the home pages show them). Only
// generated names are looked up; nothing from the URL reaches the file system.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { imageResponse } from "~/domain/home-content/images.server";

export const loader = ({ params }: LoaderFunctionArgs) => imageResponse("home", params.name ?? "");
