// Throughput benchmark only (npm run bench:throughput): a bare page with a
// trivial loader, the baseline the FCL results page is measured against.
// It answers only on a server started with BENCH_ROUTES=1, 404 otherwise.
import { useLoaderData } from "@remix-run/react";
import { env } from "~/utils/env.server";

export function loader() {
  if (env().BENCH_ROUTES !== "1") throw new Response("Not Found", { status: 404 });
  return { message: "ok" };
}

export const meta = () => [{ title: "bench" }, { name: "robots", content: "noindex" }];

export default function BenchTrivial() {
  const { message } = useLoaderData<typeof loader>();
  return <p>{message}</p>;
}
