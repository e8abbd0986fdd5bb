// /entrustment/<id>/attachment: the order file, streamed from the upload
// storage. Only for the entrustment's owner and staff allowed to see that
// customer (records.server.ts); everyone else, visitors included, gets 404 so
// ids reveal nothing. Always a download (never rendered by the browser), with
// the original name as metadata (RFC 6266 / RFC 5987 encoded).
import { getViewer } from "~/http/auth.server";
import fs from "node:fs";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { attachmentPath, statAttachment } from "~/domain/booking/attachments.server";
import { contentDisposition } from "~/http/replies.server";
import { findVisibleAttachment, parseRecordId } from "~/domain/booking/records.server";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await getViewer({ request, context });
  const id = parseRecordId(params.id);
  if (!viewer || !id) return notFound();
  const row = await findVisibleAttachment(viewer, id);
  if (!row?.attachmentKey) return notFound();
  const size = await statAttachment(row.attachmentKey);
  if (size === null) return notFound();
  const stream = fs.createReadStream(attachmentPath(row.attachmentKey));
  return new Response(createReadableStreamFromReadable(stream), {
    status: 200,
    headers: {
      "Content-Type": row.attachmentType ?? "application/octet-stream",
      "Content-Length": String(size),
      "Content-Disposition": contentDisposition(row.attachmentName ?? "attachment"),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      // Even if opened directly, nothing in it may run.
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
