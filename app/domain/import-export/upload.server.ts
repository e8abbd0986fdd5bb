// Reads an import upload (multipart) with the size limit (IMPORT_MAX_MB,
// default the spec's 2 MB) enforced while streaming: the file is kept in
// memory only up to the limit, so an oversized body is never held. Answers
// the spec's messages as translation keys (the size message names the limit).
import { BodyError, firstFileOf, isMultipart, memoryFile, parseMultipart } from "~/utils/multipart.server";
import { megabytes, uploadBodyLimit } from "~/utils/upload-limits";
import { importMaxBytes } from "~/utils/uploads.server";

export { isMultipart, importMaxBytes };
const EXTENSIONS = /\.(xlsx|xls)$/i;

export type UploadOutcome =
  | { ok: true; form: FormData; fileName: string; data: Uint8Array }
  | {
      ok: false;
      key: "data.import.noFile" | "data.import.badType" | "data.import.tooLarge";
      values?: { mb: number };
      form: FormData | null;
    };

/** The size message's values: the configured limit. */
export const importSizeValues = () => ({ mb: megabytes(importMaxBytes()) });

/** xlsx is a zip (PK), xls an OLE compound file (D0 CF 11 E0). */
function looksLikeSpreadsheet(data: Uint8Array): boolean {
  const zip = data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
  const ole = data[0] === 0xd0 && data[1] === 0xcf && data[2] === 0x11 && data[3] === 0xe0;
  return zip || ole;
}

export async function readSpreadsheetUpload(request: Request, field = "file"): Promise<UploadOutcome> {
  let form: FormData;
  const maxBytes = importMaxBytes();
  try {
    form = await parseMultipart(request, {
      maxBytes: uploadBodyLimit(maxBytes),
      maxParts: 40,
      maxFieldBytes: 10_000,
      onFile: firstFileOf(field, memoryFile(maxBytes)),
    });
  } catch (error) {
    if (error instanceof BodyError) {
      return error.kind === "tooLarge"
        ? { ok: false, key: "data.import.tooLarge", values: importSizeValues(), form: null }
        : { ok: false, key: "data.import.noFile", form: null };
    }
    throw error;
  }
  const file = form.get(field);
  if (!(file instanceof File) || file.name === "" || file.size === 0) return { ok: false, key: "data.import.noFile", form };
  if (!EXTENSIONS.test(file.name)) return { ok: false, key: "data.import.badType", form };
  const data = new Uint8Array(await file.arrayBuffer());
  if (!looksLikeSpreadsheet(data)) return { ok: false, key: "data.import.badType", form };
  return { ok: true, form, fileName: file.name, data };
}
