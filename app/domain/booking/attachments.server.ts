// Order attachments on the local upload storage (env UPLOAD_DIR):
//   UPLOAD_DIR/tmp/<random>.upload       while a request streams in
//   UPLOAD_DIR/attachments/<32 hex>.<ext> once the order is stored
// Stored names are generated; the customer's file name is metadata only and
// never touches the file system. The outbox references a file by its storage
// key "attachments/<name>" (relative to UPLOAD_DIR).
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { uploadRoot } from "~/utils/uploads.server";
import { ATTACHMENT_TYPES } from "./schemas";

export const ATTACHMENT_DIR = "attachments";
const NAME_PATTERN = /^[0-9a-f]{32}\.(pdf|jpg|jpeg|png|doc|docx|xls|xlsx)$/;

export function isAttachmentName(name: string): boolean {
  return NAME_PATTERN.test(name);
}

export function tempUploadDir(): string {
  return path.join(uploadRoot(), "tmp");
}

export function attachmentDir(): string {
  return path.join(uploadRoot(), ATTACHMENT_DIR);
}

/** Absolute path of a stored attachment; throws on anything but a generated name (no traversal). */
export function attachmentPath(name: string): string {
  if (!isAttachmentName(name)) throw new Error(`not an attachment name: ${JSON.stringify(name)}`);
  return path.join(attachmentDir(), name);
}

/** Storage key for the outbox's attachment list. */
export const attachmentStorageKey = (name: string) => `${ATTACHMENT_DIR}/${name}`;

export function attachmentContentType(ext: string): string {
  return ATTACHMENT_TYPES[ext] ?? "application/octet-stream";
}

/**
 * Moves a finished temp upload to its permanent generated name (a rename on
 * the same volume: atomic). Throws when it cannot; the caller then writes nothing.
 */
export async function storeAttachment(tempPath: string, ext: string): Promise<string> {
  const name = `${crypto.randomBytes(16).toString("hex")}.${ext}`;
  const target = attachmentPath(name);
  await fsp.mkdir(attachmentDir(), { recursive: true });
  try {
    await fsp.link(tempPath, target);
  } catch (error) {
    // Hard links can be unsupported (some network shares): copy, never overwrite.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw error;
    await fsp.copyFile(tempPath, target, fs.constants.COPYFILE_EXCL);
  }
  await fsp.rm(tempPath, { force: true });
  return name;
}

/** Best effort: a missing file is fine. */
export async function removeAttachment(name: string | null | undefined): Promise<void> {
  if (!name || !isAttachmentName(name)) return;
  await fsp.rm(attachmentPath(name), { force: true });
}

/** Size of a stored attachment, or null when the file is gone. */
export async function statAttachment(name: string): Promise<number | null> {
  if (!isAttachmentName(name)) return null;
  try {
    return (await fsp.stat(attachmentPath(name))).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
