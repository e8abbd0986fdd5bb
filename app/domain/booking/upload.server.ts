// Multipart parsing of the shipping order (app/utils/multipart.server.ts).
// The attachment streams to a temp file under UPLOAD_DIR/tmp while its
// SHA-256 is computed; past 5 MB the file is dropped at once (never more than
// 5 MB on disk or in memory) and the rest of that part is read and discarded,
// so the other fields still arrive and the form comes back with the
// customer's values. A body beyond the attachment plus its envelope stops the
// parse (BodyError tooLarge); the server's gate refuses it before that.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import { tempUploadDir } from "./attachments.server";
import { ATTACHMENT_FIELD, ATTACHMENT_MAX_BYTES } from "./schemas";
import { firstFileOf, parseMultipart, type FileHandler } from "~/utils/multipart.server";
import { uploadBodyLimit } from "~/utils/upload-limits";

/** Text fields: party texts are at most 1000 characters (≤ 4 bytes each). */
const FIELD_MAX_BYTES = 16 * 1024;
const MAX_PARTS = 40;

export type UploadedFile = {
  tempPath: string;
  /** The client's file name (base name only, control characters removed): metadata only. */
  originalName: string;
  size: number;
  sha256: string;
};

export type UploadProblem = "booking.validation.fileTooLarge" | "booking.validation.oneFile";

export type ParsedUpload = {
  formData: FormData;
  file: UploadedFile | null;
  problems: UploadProblem[];
  /** Removes the temp file (always call it, in a finally). */
  cleanup(): Promise<void>;
};

/** Strips directories (old browsers send full paths) and control characters; keeps at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return Array.from(clean).slice(-200).join("") || "attachment";
}

/**
 * Parses the order form. Throws BodyError (malformed, or tooLarge for a
 * body far beyond any valid order: the caller answers with the 5 MB message).
 */
export async function parseOrderUpload(
  request: Request,
  maxFileBytes = ATTACHMENT_MAX_BYTES,
  /** Part names taken as the attachment (the legacy API also accepts "file"). */
  fileFields: readonly string[] = [ATTACHMENT_FIELD],
): Promise<ParsedUpload> {
  let file: UploadedFile | null = null;
  const temps: string[] = [];
  const problems = new Set<UploadProblem>();

  const store: FileHandler = async ({ filename, stream }) => {
    await fsp.mkdir(tempUploadDir(), { recursive: true });
    const tempPath = path.join(tempUploadDir(), `${crypto.randomBytes(16).toString("hex")}.upload`);
    temps.push(tempPath);
    const hash = crypto.createHash("sha256");
    const out = fs.createWriteStream(tempPath, { flags: "wx" });
    let size = 0;
    let tooLarge = false;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (tooLarge) continue;
        size += chunk.byteLength;
        if (size > maxFileBytes) {
          // Past the limit: drop what was written and ignore the rest of this part.
          tooLarge = true;
          out.destroy();
          await fsp.rm(tempPath, { force: true });
          problems.add("booking.validation.fileTooLarge");
          continue;
        }
        hash.update(chunk);
        if (!out.write(chunk)) await once(out, "drain");
      }
    } catch (error) {
      out.destroy();
      throw error;
    }
    if (tooLarge) return undefined;
    out.end();
    await once(out, "finish");
    file = { tempPath, originalName: cleanFileName(filename), size, sha256: hash.digest("hex") };
    // A real File backed by the temp file (not read into memory): the shared
    // schema checks it exactly as the browser's File.
    const blob = await fs.openAsBlob(tempPath);
    return new File([blob], file.originalName);
  };

  const cleanup = async () => {
    await Promise.all(temps.map((temp) => fsp.rm(temp, { force: true })));
  };
  try {
    const formData = await parseMultipart(request, {
      maxBytes: uploadBodyLimit(maxFileBytes),
      maxParts: MAX_PARTS,
      maxFieldBytes: FIELD_MAX_BYTES,
      onFile: firstFileOf(fileFields, store, () => problems.add("booking.validation.oneFile")),
    });
    return { formData, file, problems: [...problems], cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
