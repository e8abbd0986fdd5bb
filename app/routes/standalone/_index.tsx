import { redirect } from "@remix-run/node";

// The root path redirects to /home (spec 2.1).
export const loader = () => redirect("/home");
