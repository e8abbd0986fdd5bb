// Reading a request body as a form, bounded. A body that is not a
// well-formed form (wrong content type, a multipart body without or with a
// broken boundary, an upload cut short) is the client's mistake: 400, never a
// 500 (found by tests/security/fuzz-actions.test.ts). So is a NUL character
// in a field, which PostgreSQL text cannot hold. A body beyond the limit is
// 413, counted while it streams (the server's gate refuses it earlier still,
// from its Content-Length: app/request-gate.server.ts).
import { FORM_BODY_LIMIT } from "./upload-limits";
import { BodyError, isMultipart, parseMultipart, readBody } from "./multipart.server";

/** True when a text field holds a NUL character. */
export function hasNulField(form: FormData): boolean {
  for (const [key, value] of form) if (key.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) return true;
  return false;
}

/** An urlencoded body as FormData (the same decoding as the browser's). */
export function urlEncodedForm(text: string): FormData {
  const form = new FormData();
  for (const [key, value] of new URLSearchParams(text)) form.append(key, value);
  return form;
}

/**
 * The body of a plain form (urlencoded, or multipart whose files are not
 * kept), at most `maxBytes`. Throws BodyError; NUL in a field is malformed.
 */
export async function parseForm(request: Request, maxBytes = FORM_BODY_LIMIT): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (isMultipart(request)) return parseMultipart(request, { maxBytes });
  if (!type.startsWith("application/x-www-form-urlencoded")) throw new BodyError("malformed", `not a form: ${type || "no content type"}`);
  const form = urlEncodedForm((await readBody(request, maxBytes)).toString("utf8"));
  if (hasNulField(form)) throw new BodyError("malformed", "a NUL character in a field");
  return form;
}

/** The Response thrown for a BodyError: 400 or 413 (the error boundaries word them in the user's language). */
export function bodyErrorResponse(error: BodyError): Response {
  return error.kind === "tooLarge"
    ? new Response("Payload Too Large", { status: 413, statusText: "Payload Too Large" })
    : new Response("Bad request", { status: 400, statusText: "Bad Request" });
}

/** A plain form's fields; a malformed or oversized body is answered by a thrown 400 or 413. */
export async function readFormData(request: Request, maxBytes = FORM_BODY_LIMIT): Promise<FormData> {
  try {
    return await parseForm(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyError) throw bodyErrorResponse(error);
    throw error;
  }
}
