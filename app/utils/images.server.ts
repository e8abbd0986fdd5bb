// Stored images of the administration area: home-content images (jpg, png,
// gif, webp) and staff QR business cards (jpg, png). Accepted by content
// (`detectImage`: a header that decodes), never by name or declared type;
// stored under UPLOAD_DIR in their own folder with generated names, the only
// names ever served.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { IMAGE_CONTENT_TYPES, uploadRoot, type ImageExt } from "~/utils/uploads.server";
import { parseForm } from "~/utils/form-data.server";
import { BodyError, firstFileOf, isMultipart, parseMultipart, type FileHandler } from "~/utils/multipart.server";
import { UPLOAD_LIMITS, uploadBodyLimit } from "~/utils/upload-limits";

export type ImageFolder = "home" | "wxcodes";
/** Home images: at most 5 MB. QR cards: at most 2 MB (profile rule of the spec). */
export const HOME_IMAGE_MAX_BYTES = UPLOAD_LIMITS.homeImage;
export const WXCODE_MAX_BYTES = UPLOAD_LIMITS.wxCode;

const NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png|gif|webp)$/;

export function isImageName(name: string): boolean {
  return NAME_PATTERN.test(name);
}

function folderPath(folder: ImageFolder): string {
  return path.join(uploadRoot(), folder);
}

function filePath(folder: ImageFolder, name: string): string {
  if (!isImageName(name)) throw new Error(`not a stored image name: ${JSON.stringify(name)}`);
  return path.join(folderPath(folder), name);
}

export function imageContentType(name: string): string {
  const ext = name.slice(name.lastIndexOf(".") + 1) as ImageExt;
  return IMAGE_CONTENT_TYPES[ext] ?? "application/octet-stream";
}

export async function saveImage(folder: ImageFolder, bytes: Uint8Array, ext: ImageExt): Promise<string> {
  const name = `${crypto.randomBytes(16).toString("hex")}.${ext}`;
  await fs.mkdir(folderPath(folder), { recursive: true });
  await fs.writeFile(filePath(folder, name), bytes, { flag: "wx" });
  return name;
}

export async function readImage(folder: ImageFolder, name: string): Promise<Buffer | null> {
  if (!isImageName(name)) return null;
  try {
    return await fs.readFile(filePath(folder, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Best effort: a replaced or deleted item's file goes too. */
export async function deleteImage(folder: ImageFolder, name: string | null | undefined): Promise<void> {
  if (!name || !isImageName(name)) return;
  await fs.rm(filePath(folder, name), { force: true });
}

/** A stored image and its type, or null (only generated names are looked up). */
export async function storedImage(folder: ImageFolder, name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const bytes = isImageName(name) ? await readImage(folder, name) : null;
  return bytes ? { bytes, contentType: imageContentType(name) } : null;
}

export type ParsedUpload =
  | { ok: true; form: FormData; file: File | null; emptyFile: boolean }
  /** `form`: the text fields when only the file was refused (kept to answer with what was typed), else null. */
  | { ok: false; error: "tooLarge" | "bad"; form: FormData | null };

/**
 * Keeps a file in memory up to `maxBytes`; a larger file is drained and
 * dropped (not kept) and `onOverflow` is told, so the parse goes on and the
 * form's text fields survive (issue 22 item 14). The body limit still holds.
 */
function cappedMemoryFile(maxBytes: number, onOverflow: () => void): FileHandler {
  return async ({ filename, mimeType, stream }) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size <= maxBytes) chunks.push(chunk);
    }
    if (size > maxBytes) {
      onOverflow();
      return undefined;
    }
    return new File(chunks as BlobPart[], filename, { type: mimeType });
  };
}

/**
 * A form with text fields and at most one image (the first non-empty file
 * part named `field`, or one of its names, up to `maxBytes`, in memory);
 * other file parts are drained unread. Plain forms (delete, cancel) carry no
 * file. A chosen file of 0 bytes is `emptyFile` (no file chosen is not). Used
 * for home images, QR cards and avatars.
 */
export async function parseImageUpload(
  request: Request,
  field: string | readonly string[],
  maxBytes: number,
  maxParts = 40,
): Promise<ParsedUpload> {
  const names: readonly string[] = typeof field === "string" ? [field] : field;
  try {
    if (!isMultipart(request)) return { ok: true, form: await parseForm(request), file: null, emptyFile: false };
    let oversize = false;
    const form = await parseMultipart(request, {
      maxBytes: uploadBodyLimit(maxBytes),
      maxParts,
      maxFieldBytes: 10_000,
      onFile: firstFileOf(
        names,
        cappedMemoryFile(maxBytes, () => {
          oversize = true;
        }),
      ),
    });
    if (oversize) return { ok: false, error: "tooLarge", form };
    const file = names.map((name) => form.get(name)).find((value) => value instanceof File);
    const chosen = file instanceof File ? file : null;
    return { ok: true, form, file: chosen && chosen.size > 0 ? chosen : null, emptyFile: chosen !== null && chosen.size === 0 };
  } catch (error) {
    if (error instanceof BodyError) return { ok: false, error: error.kind === "tooLarge" ? "tooLarge" : "bad", form: null };
    throw error;
  }
}
