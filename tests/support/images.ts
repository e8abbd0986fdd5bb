// Real tiny images for upload tests, each one drawn by a browser (Chromium's
// createImageBitmap decoded every one when they were made), and files that
// only look like images: a format's signature followed by something else.
// Uploads accept a file only when its header decodes (`detectImage`).

const bytesOf = (base64: string) => new Uint8Array(Buffer.from(base64, "base64"));

/** 1 × 1 PNG (70 bytes). */
export const PNG_BYTES = bytesOf("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==");

/** 2 × 2 baseline JPEG (303 bytes, JFIF). */
export const JPEG_BYTES = bytesOf(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAXEAEBAQEAAAAAAAAAAAAAAAACAQAR/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABYRAAMAAAAAAAAAAAAAAAAAAAABMf/aAAwDAQACEQMRAD8AiSTdbVSV7bb225mZ9QJdP//Z",
);

/** 1 × 1 GIF89a (43 bytes). */
export const GIF_BYTES = bytesOf("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==");

/** 2 × 2 lossy WebP (72 bytes, one VP8 chunk). */
export const WEBP_BYTES = bytesOf("UklGRkAAAABXRUJQVlA4IDQAAADQAQCdASoCAAIAAsBMJaACdLoAArMOoAD+RKCBf2IiP9Yp7IL/4ILaj0w48P3RsXW0TgAA");

/** Files with an image format's signature and nothing decodable after it (what magic-byte checks let through). */
export const FAKE_IMAGES = {
  /** JPEG start and end markers, no frame: the old test fixture. */
  jpg: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]),
  /** The PNG signature and zeros, no IHDR. */
  png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(24).fill(0)]),
  /** "GIF89a" and a truncated screen. */
  gif: new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0]),
  /** A RIFF/WEBP container holding text. */
  webp: new Uint8Array(Buffer.concat([Buffer.from("RIFF\x14\x00\x00\x00WEBP", "latin1"), Buffer.from("not an image")])),
} as const;

/** `bytes` at the start of a file of `size` bytes (zeros after): an image padded to a size limit. */
export function padded(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(bytes);
  return out;
}
