// Multipart parsing of the shipping order. The attachment streams to a temp
// file under UPLOAD_DIR/tmp while its SHA-256 is computed; past 5 MB the file
// is dropped at once (never more than 5 MB on disk or in memory) and the rest
// of that part is read and discarded, so the other fields still arrive and the
// form comes back with the customer's values. A body far beyond any valid
// order aborts the parse outright.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { tempUploadDir } from "./attachments.server";
import { ATTACHMENT_FIELD, ATTACHMENT_MAX_BYTES } from "./schemas";
import { hasNulField, isMalformedBody } from "~/utils/form-data.server";

/** A whole request beyond this is refused without reading further. */
export const REQUEST_MAX_BYTES = 12 * 1024 * 1024;
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

/** Thrown when the body is not a sane order form (too big, too many parts, huge fields). */
export class BadUploadRequest extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

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

async function drain(data: AsyncIterable<Uint8Array>, count: (n: number) => void) {
  for await (const chunk of data) count(chunk.byteLength);
}

/**
 * Parses the order form. Throws BadUploadRequest for bodies that are not a
 * sane order (the caller answers with the 5 MB message when `tooLarge`).
 */
export async function parseOrderUpload(
  request: Request,
  maxFileBytes = ATTACHMENT_MAX_BYTES,
  /** Part names taken as the attachment (the legacy API also accepts "file"). */
  fileFields: readonly string[] = [ATTACHMENT_FIELD],
): Promise<ParsedUpload> {
  const declared = Number(request.headers.get("Content-Length") ?? NaN);
  if (Number.isFinite(declared) && declared > REQUEST_MAX_BYTES) {
    throw new BadUploadRequest("request too large", true);
  }
  let total = 0;
  let parts = 0;
  let file: UploadedFile | null = null;
  const temps: string[] = [];
  const problems = new Set<UploadProblem>();
  const count = (n: number) => {
    total += n;
    if (total > REQUEST_MAX_BYTES) throw new BadUploadRequest("request too large", true);
  };

  const handler: UploadHandler = async ({ name, filename, data }) => {
    parts += 1;
    if (parts > MAX_PARTS) throw new BadUploadRequest("too many parts");
    if (filename === undefined) {
      // A text field.
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of data) {
        count(chunk.byteLength);
        size += chunk.byteLength;
        if (size > FIELD_MAX_BYTES) throw new BadUploadRequest(`field ${name} too large`);
        chunks.push(chunk);
      }
      return new TextDecoder().decode(Buffer.concat(chunks));
    }
    // Other file inputs, the empty part of a file input left empty, and a second file are not stored.
    if (!fileFields.includes(name) || filename === "") {
      await drain(data, count);
      return undefined;
    }
    if (file) {
      problems.add("booking.validation.oneFile");
      await drain(data, count);
      return undefined;
    }

    await fsp.mkdir(tempUploadDir(), { recursive: true });
    const tempPath = path.join(tempUploadDir(), `${crypto.randomBytes(16).toString("hex")}.upload`);
    temps.push(tempPath);
    const hash = crypto.createHash("sha256");
    const out = fs.createWriteStream(tempPath, { flags: "wx" });
    let size = 0;
    let tooLarge = false;
    try {
      for await (const chunk of data) {
        count(chunk.byteLength);
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
    const formData = await unstable_parseMultipartFormData(request, handler);
    if (hasNulField(formData)) throw new BadUploadRequest("a NUL character in a field");
    return { formData, file, problems: [...problems], cleanup };
  } catch (error) {
    await cleanup();
    if (error instanceof BadUploadRequest) throw error;
    // A malformed body (no boundary, cut short) is the client's problem.
    if (isMalformedBody(error) || (error instanceof Error && /multipart|boundary/i.test(error.message))) {
      throw new BadUploadRequest(error.message);
    }
    throw error;
  }
}
