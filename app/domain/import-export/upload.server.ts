// Reads an import upload (multipart) with the 2 MB limit enforced while
// streaming: the memory upload handler stops at 2 MB, so an oversized body
// is never held in memory. Answers the spec's messages as translation keys.
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { isMalformedBody } from "~/utils/form-data.server";

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** Room for the multipart envelope and the other fields. */
const ENVELOPE_BYTES = 64 * 1024;
const EXTENSIONS = /\.(xlsx|xls)$/i;

export type UploadOutcome =
  | { ok: true; form: FormData; fileName: string; data: Uint8Array }
  | { ok: false; key: "data.import.noFile" | "data.import.badType" | "data.import.tooLarge"; form: FormData | null };

export function isMultipart(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/** xlsx is a zip (PK), xls an OLE compound file (D0 CF 11 E0). */
function looksLikeSpreadsheet(data: Uint8Array): boolean {
  const zip = data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
  const ole = data[0] === 0xd0 && data[1] === 0xcf && data[2] === 0x11 && data[3] === 0xe0;
  return zip || ole;
}

export async function readSpreadsheetUpload(request: Request, field = "file"): Promise<UploadOutcome> {
  const declared = Number(request.headers.get("Content-Length") ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + ENVELOPE_BYTES) {
    return { ok: false, key: "data.import.tooLarge", form: null };
  }
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { ok: false, key: "data.import.tooLarge", form: null };
    if (isMalformedBody(error)) return { ok: false, key: "data.import.noFile", form: null };
    throw error;
  }
  const file = form.get(field);
  if (!(file instanceof File) || file.name === "" || file.size === 0) return { ok: false, key: "data.import.noFile", form };
  if (!EXTENSIONS.test(file.name)) return { ok: false, key: "data.import.badType", form };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, key: "data.import.tooLarge", form };
  const data = new Uint8Array(await file.arrayBuffer());
  if (!looksLikeSpreadsheet(data)) return { ok: false, key: "data.import.badType", form };
  return { ok: true, form, fileName: file.name, data };
}
