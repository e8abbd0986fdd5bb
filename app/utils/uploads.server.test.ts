import { describe, expect, test } from "vitest";
import { FAKE_IMAGES, GIF_BYTES, JPEG_BYTES, PNG_BYTES, WEBP_BYTES, padded } from "../../tests/support/images";
import { PHOTO_EXTS, detectImage } from "./uploads.server";

describe("detectImage: the format by a header that decodes", () => {
  test.each([
    ["jpg", JPEG_BYTES],
    ["png", PNG_BYTES],
    ["gif", GIF_BYTES],
    ["webp", WEBP_BYTES],
  ] as const)("a real %s is that format, also padded to a size limit", (ext, bytes) => {
    expect(detectImage(bytes)).toBe(ext);
    expect(detectImage(padded(bytes, 4096))).toBe(ext);
  });

  test.each(Object.entries(FAKE_IMAGES))("a %s signature with nothing decodable after it is no image", (_ext, bytes) => {
    expect(detectImage(bytes)).toBeNull();
  });

  test("text, SVG, an empty file and a cut-off header are no image", () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(detectImage(text("hello"))).toBeNull();
    expect(detectImage(text("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>"))).toBeNull();
    expect(detectImage(new Uint8Array(0))).toBeNull();
    expect(detectImage(PNG_BYTES.subarray(0, 20))).toBeNull();
  });

  test("only the accepted formats: avatars and QR cards take JPG and PNG", () => {
    expect(detectImage(JPEG_BYTES, PHOTO_EXTS)).toBe("jpg");
    expect(detectImage(PNG_BYTES, PHOTO_EXTS)).toBe("png");
    expect(detectImage(GIF_BYTES, PHOTO_EXTS)).toBeNull();
    expect(detectImage(WEBP_BYTES, PHOTO_EXTS)).toBeNull();
  });
});
