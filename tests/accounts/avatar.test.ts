// Avatar upload: JPG/PNG by content, 2 MB enforced while streaming, served
// only under generated names.
import fs from "node:fs";
import path from "node:path";
import { prisma } from "~/utils/db.server";
import { AVATAR_MAX_BYTES } from "~/utils/uploads.server";
import { callRoute, fileOf, getRequest, loginAs, postMultipart } from "../support/requests";
import { GIF_BYTES, JPEG_BYTES as JPEG, PNG_BYTES as PNG } from "../support/images";

const upload = async (cookie: string, file: File | null, extra: Record<string, string | File> = {}) => {
  const { action } = await import("~/routes/account/userAvatar");
  return callRoute(action, postMultipart("/userAvatar", { avatar: file, ...extra }, { cookie }));
};

const serve = async (name: string) => {
  const { loader } = await import("~/routes/resources/avatars.$name");
  return callRoute(loader, getRequest(`/avatars/${encodeURIComponent(name)}`), { params: { name } });
};

const avatarOf = async (email: string) => (await prisma.user.findUniqueOrThrow({ where: { email } })).avatarPath;

describe("avatar upload", () => {
  test("a PNG is recognised by content, whatever its name and declared type", async () => {
    const cookie = await loginAs("t1@example.com");
    const result = await upload(cookie, fileOf(PNG, "photo.txt", "text/plain"));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/userAvatar");
    const name = await avatarOf("t1@example.com");
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    const stored = path.join(process.env.UPLOAD_DIR!, "avatars", name!);
    expect(fs.readFileSync(stored)).toEqual(Buffer.from(PNG));

    const served = await serve(name!);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");

    // The header shows it: the viewer carries the generated name.
    const { loader } = await import("~/root");
    expect((await callRoute(loader, getRequest("/home", undefined, { cookie }))).data.viewer.avatarPath).toBe(name);

    // Replacing it removes the old file.
    expect((await upload(cookie, fileOf(JPEG, "x.png", "image/png"))).status).toBe(302);
    const second = await avatarOf("t1@example.com");
    expect(second).toMatch(/\.jpg$/);
    expect(fs.existsSync(stored)).toBe(false);
    expect((await serve(second!)).headers.get("Content-Type")).toBe("image/jpeg");
  });

  test("a text file named .png and declared image/png is refused", async () => {
    const cookie = await loginAs("t2@example.com");
    const result = await upload(cookie, fileOf("hello, not an image", "evil.png", "image/png"));
    expect(result.status).toBe(415);
    expect(result.data).toEqual({ error: "account.avatar.invalidType" });
    expect(await avatarOf("t2@example.com")).toBeNull();
  });

  test("GIF and SVG are refused", async () => {
    const cookie = await loginAs("t2@example.com");
    expect((await upload(cookie, fileOf(GIF_BYTES, "a.gif", "image/gif"))).status).toBe(415);
    expect((await upload(cookie, fileOf("<svg xmlns='http://www.w3.org/2000/svg'/>", "a.svg", "image/svg+xml"))).status).toBe(415);
  });

  test("more than 2 MB is refused with the spec message; exactly 2 MB is accepted", async () => {
    const cookie = await loginAs("t0@example.com");
    const big = new Uint8Array(AVATAR_MAX_BYTES + 1);
    big.set(PNG);
    const tooBig = await upload(cookie, fileOf(big, "big.png", "image/png"));
    expect(tooBig.status).toBe(413);
    expect(tooBig.data).toEqual({ error: "account.avatar.tooLarge" });
    expect(await avatarOf("t0@example.com")).toBeNull();

    const limit = new Uint8Array(AVATAR_MAX_BYTES);
    limit.set(JPEG);
    expect((await upload(cookie, fileOf(limit, "ok.jpg", "image/jpeg"))).status).toBe(302);
  });

  test("no file, an empty file, or a crowd of parts is refused", async () => {
    const cookie = await loginAs("t0@example.com");
    expect((await upload(cookie, null)).data).toEqual({ error: "account.avatar.required" });
    expect((await upload(cookie, fileOf(new Uint8Array(0), "empty.png", "image/png"))).data).toEqual({ error: "account.avatar.required" });
    const crowd: Record<string, string> = {};
    for (let i = 0; i < 12; i++) crowd[`f${i}`] = "x";
    expect((await upload(cookie, fileOf(PNG, "a.png", "image/png"), crowd)).status).toBe(400);
  });

  test("other parts are ignored and only the first avatar counts", async () => {
    const cookie = await loginAs("failed@example.com");
    const { action } = await import("~/routes/account/userAvatar");
    const form = new FormData();
    form.append("note", "hello");
    form.append("avatar", fileOf(PNG, "a.png", "image/png"), "a.png");
    form.append("avatar", fileOf("not an image", "b.png", "image/png"), "b.png");
    const result = await callRoute(action, postMultipart("/userAvatar", form, { cookie }));
    expect(result.status).toBe(302);
    expect(await avatarOf("failed@example.com")).toMatch(/\.png$/);
  });

  test("visitors cannot upload", async () => {
    const { action } = await import("~/routes/account/userAvatar");
    const result = await callRoute(action, postMultipart("/userAvatar", { avatar: fileOf(PNG, "a.png", "image/png") }));
    expect(result.headers.get("Location")).toBe("/home");
  });
});

describe("avatar serving", () => {
  test.each([
    "../../etc/passwd",
    "..%2F..%2Fetc%2Fpasswd",
    "0123456789abcdef0123456789abcdef.gif",
    "0123456789ABCDEF0123456789ABCDEF.png",
    "0123456789abcdef0123456789abcdef.png/../x",
    "avatar.png",
    "",
  ])("%j is not served", async (name) => {
    const result = await serve(name);
    expect(result.status).toBe(404);
  });

  test("a well-formed name that does not exist is a 404", async () => {
    expect((await serve("0123456789abcdef0123456789abcdef.png")).status).toBe(404);
  });
});
