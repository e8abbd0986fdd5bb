// Local upload storage (env UPLOAD_DIR, default .data/uploads). Files get
// generated names; what a client called its file never reaches the disk.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "./env.server";
import { UPLOAD_LIMITS, bytesOfMegabytes } from "./upload-limits";

export const AVATAR_MAX_BYTES = UPLOAD_LIMITS.avatar;

export type ImageType = { ext: "jpg" | "png"; contentType: "image/jpeg" | "image/png" };

const JPEG: ImageType = { ext: "jpg", contentType: "image/jpeg" };
const PNG: ImageType = { ext: "png", contentType: "image/png" };
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** JPG or PNG by content (magic bytes), whatever the name or declared type say. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return JPEG;
  if (bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return PNG;
  return null;
}

/** Generated avatar names: 32 hex digits and the detected extension. Nothing else is ever served. */
export const AVATAR_NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png)$/;

export function isAvatarName(name: string): boolean {
  return AVATAR_NAME_PATTERN.test(name);
}

/** The Excel import limit: the IMPORT_MAX_MB setting (default the spec's 2 MB). */
export function importMaxBytes(): number {
  return bytesOfMegabytes(env().IMPORT_MAX_MB);
}

/** The most rows one import may stage (IMPORT_MAX_ROWS, issue 40 item 5). */
export function importMaxRows(): number {
  return env().IMPORT_MAX_ROWS;
}

export function uploadRoot(): string {
  return path.resolve(env().UPLOAD_DIR);
}

function avatarDir(): string {
  return path.join(uploadRoot(), "avatars");
}

/** Path of a stored avatar; throws on anything but a generated name (no traversal). */
export function avatarFilePath(name: string): string {
  if (!isAvatarName(name)) throw new Error(`not an avatar name: ${JSON.stringify(name)}`);
  return path.join(avatarDir(), name);
}

export function avatarContentType(name: string): ImageType["contentType"] {
  return name.endsWith(".png") ? PNG.contentType : JPEG.contentType;
}

/** Stores the bytes under a new random name and returns that name. */
export async function saveAvatarFile(bytes: Uint8Array, type: ImageType): Promise<string> {
  const name = `${crypto.randomBytes(16).toString("hex")}.${type.ext}`;
  await fs.mkdir(avatarDir(), { recursive: true });
  // "wx": never overwrite (a clash of 128 random bits would be a bug).
  await fs.writeFile(avatarFilePath(name), bytes, { flag: "wx" });
  return name;
}

export async function readAvatarFile(name: string): Promise<Buffer | null> {
  if (!isAvatarName(name)) return null;
  try {
    return await fs.readFile(avatarFilePath(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Best effort: a replaced avatar's file is removed; a missing file is fine. */
export async function deleteAvatarFile(name: string | null | undefined): Promise<void> {
  if (!name || !isAvatarName(name)) return;
  await fs.rm(avatarFilePath(name), { force: true });
}
