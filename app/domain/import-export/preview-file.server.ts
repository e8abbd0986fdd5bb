// The uploaded file of an import preview (issue 23, performance): kept on
// disk under UPLOAD_DIR/previews (the uploads folder both app processes
// share), named by the preview's id, instead of in import_previews (writing
// a 31 MB file into the database took 3.6-4.2 s under load). The commit
// links it into UPLOAD_DIR/imports as the batch's original file
// (storeOriginal); discard and the one-hour expiry delete it; the storage
// sweep removes files no preview names (a process that died in between).
import fs from "node:fs/promises";
import path from "node:path";
import { uploadRoot } from "~/utils/uploads.server";
import { checksumOf, isImportFileName } from "./batches.server";

export const PREVIEW_FILE_DIR = "previews";

/** Generated names only (the preview id's 32 hex digits and the extension): nothing else is ever read or removed. */
export const isPreviewFileName = isImportFileName;

/** The path of a preview's file; throws on anything but a generated name (no traversal). */
export function previewFilePath(name: string): string {
  if (!isPreviewFileName(name)) throw new Error(`not a preview file name: ${JSON.stringify(name)}`);
  return path.join(uploadRoot(), PREVIEW_FILE_DIR, name);
}

/** Writes the upload of preview `id` (before the parse worker takes the buffer over); its name and SHA-256. */
export async function storePreviewFile(id: string, data: Uint8Array): Promise<{ key: string; checksum: string }> {
  const key = `${id.replaceAll("-", "")}.${data[0] === 0xd0 ? "xls" : "xlsx"}`;
  await fs.mkdir(path.join(uploadRoot(), PREVIEW_FILE_DIR), { recursive: true });
  await fs.writeFile(previewFilePath(key), data, { flag: "wx" });
  return { key, checksum: checksumOf(data) };
}

/**
 * A new preview's own copy of a file already stored (a wizard upload's, issue
 * 40): a hard link where the folder allows it, so discarding either leaves
 * the other's file.
 */
export async function copyPreviewFile(from: string, id: string): Promise<{ key: string; checksum: string }> {
  const key = `${id.replaceAll("-", "")}.${from.endsWith(".xls") ? "xls" : "xlsx"}`;
  await fs.link(previewFilePath(from), previewFilePath(key)).catch(() => fs.copyFile(previewFilePath(from), previewFilePath(key)));
  return { key, checksum: checksumOf(await fs.readFile(previewFilePath(key))) };
}

/** Deletes preview files (a missing file is fine). */
export async function removePreviewFiles(names: readonly (string | null)[]): Promise<void> {
  for (const name of names) if (name && isPreviewFileName(name)) await fs.rm(previewFilePath(name), { force: true });
}
