// Local upload storage (env UPLOAD_DIR, default .data/uploads). Files get
// generated names; what a client called its file never reaches the disk.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { imageSize } from "image-size";
import { env } from "./env.server";
import { UPLOAD_LIMITS, bytesOfMegabytes } from "./upload-limits";

export const AVATAR_MAX_BYTES = UPLOAD_LIMITS.avatar;

/** The image formats uploads may be: what every browser draws. */
export type ImageExt = "jpg" | "png" | "gif" | "webp";

export const IMAGE_CONTENT_TYPES: Record<ImageExt, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
};

export const ALL_IMAGE_EXTS: readonly ImageExt[] = ["jpg", "png", "gif", "webp"];
/** Avatars and QR business cards (the spec's rule for profile pictures). */
export const PHOTO_EXTS: readonly ImageExt[] = ["jpg", "png"];

/**
 * The one check of every image upload (home content, QR cards, avatars): the
 * format by content, whatever the name or declared type say, and a header
 * that decodes to a width and height (image-size reads the format's own
 * structure: the JPEG's frame marker, the PNG's IHDR, the GIF's screen, the
 * WebP's VP8/VP8L/VP8X chunk). A signature followed by anything else, a
 * truncated header or another format is null.
 */
export function detectImage(bytes: Uint8Array, accepted: readonly ImageExt[] = ALL_IMAGE_EXTS): ImageExt | null {
  let size: ReturnType<typeof imageSize>;
  try {
    // image-size reads the whole underlying buffer of a view: a view of part
    // of one (a subarray) is copied so that only its own bytes count.
    size = imageSize(bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice());
  } catch {
    return null;
  }
  const ext = size.type as ImageExt | undefined;
  if (!ext || !accepted.includes(ext)) return null;
  return size.width >= 1 && size.height >= 1 ? ext : null;
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

export function avatarContentType(name: string): string {
  return name.endsWith(".png") ? IMAGE_CONTENT_TYPES.png : IMAGE_CONTENT_TYPES.jpg;
}

/** Stores the bytes under a new random name and returns that name. */
export async function saveAvatarFile(bytes: Uint8Array, ext: ImageExt): Promise<string> {
  const name = `${crypto.randomBytes(16).toString("hex")}.${ext}`;
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
