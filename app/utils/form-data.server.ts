// Reading a request body as a form. A body that is not a well-formed form
// (wrong content type, a multipart body without or with a broken boundary,
// a header with unbalanced quotes, an upload cut short) is the client's
// mistake: 400, never a 500 (found by tests/security/fuzz-actions.test.ts).
// So is a NUL character in a field, which PostgreSQL text cannot hold.

/**
 * True for the errors of a malformed form body: undici's TypeError ("Failed
 * to parse body as FormData") and the multipart parser's "malformed ..." errors.
 */
export function isMalformedBody(error: unknown): error is Error {
  return error instanceof TypeError || (error instanceof Error && /^malformed /.test(error.message));
}

/**
 * True when a text field holds a NUL character: PostgreSQL text cannot store
 * it (the query fails), and no browser sends one from a form field.
 */
export function hasNulField(form: FormData): boolean {
  for (const [, value] of form) if (typeof value === "string" && value.includes("\u0000")) return true;
  return false;
}

const badRequest = () => new Response("Bad request", { status: 400, statusText: "Bad Request" });

/** request.formData(), with a malformed body or a NUL in a field answered by a thrown 400. */
export async function readFormData(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    if (isMalformedBody(error)) throw badRequest();
    throw error;
  }
  if (hasNulField(form)) throw badRequest();
  return form;
}
