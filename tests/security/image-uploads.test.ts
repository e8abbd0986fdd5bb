// Every image upload, on the pages and through the API, accepts real images
// only (issue 44 item 8): a file whose header does not decode as a PNG,
// JPEG, GIF or WebP (a format's signature followed by anything else) is
// refused with the upload's message in the user's language, and nothing
// changes: no row, no stored file. The uploads are found in the code, not
// kept by hand: every file field of the API registry and every page's file
// input must be one of the surfaces below (or named as not an image upload).
import fs from "node:fs";
import path from "node:path";
import { apiEndpoints } from "~/api/registry.server";
import { prisma } from "~/utils/db.server";
import { uploadRoot } from "~/utils/uploads.server";
import zhAccount from "~/locales/zh-CN/account.json";
import enAccount from "~/locales/en-US/account.json";
import zhAdmin from "~/locales/zh-CN/admin.json";
import enAdmin from "~/locales/en-US/admin.json";
import { fileOf, loginAs, postMultipart } from "../support/requests";
import { send, visibleText } from "../support/render";
import { APP_DIR } from "../support/routes";
import { api, tokenOf } from "../api/helpers";
import { FAKE_IMAGES, GIF_BYTES, JPEG_BYTES, PNG_BYTES, WEBP_BYTES } from "../support/images";

type Language = "zh-CN" | "en-US";
const MESSAGES = {
  avatar: { "zh-CN": zhAccount.avatar.invalidType, "en-US": enAccount.avatar.invalidType },
  wxCode: { "zh-CN": zhAdmin.user.wxCodeInvalid, "en-US": enAdmin.user.wxCodeInvalid },
  home: { "zh-CN": zhAdmin.home.imageInvalid, "en-US": enAdmin.home.imageInvalid },
};

const CUSTOMER = "t1@example.com";
const ADMIN = "admin@example.com";
/** The seed's customer-service member (staff: the edit form carries the QR card). */
const STAFF_ID = 4;

const homeItem = (channel: "WEB" | "APP") => prisma.homeContent.findFirstOrThrow({ where: { channel }, orderBy: { id: "asc" } });

/** What an upload could change: the rows it writes and the stored files. */
async function snapshot() {
  const files = (folder: string) => {
    const dir = path.join(uploadRoot(), folder);
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };
  return {
    customer: await prisma.user.findUniqueOrThrow({ where: { email: CUSTOMER }, select: { avatarPath: true } }),
    staff: await prisma.user.findUniqueOrThrow({ where: { id: STAFF_ID } }),
    home: await prisma.homeContent.findMany({ orderBy: { id: "asc" } }),
    operations: await prisma.operationLog.count(),
    files: { avatars: files("avatars"), wxcodes: files("wxcodes"), home: files("home") },
  };
}

/** A home item's editor fields, as its form sends them (page) or as the API names them. */
async function homeFields(channel: "WEB" | "APP", mode: "create" | "update", wire: boolean): Promise<Record<string, string>> {
  const row = await homeItem(channel);
  const name = mode === "create" ? `假图片${channel}` : row.name;
  const size: Record<string, string> = channel === "WEB" ? { size: "B" } : {};
  if (wire) return { ...(mode === "update" ? { id: String(row.id) } : {}), name, Fid: "0", type: "1", ...size };
  return { intent: mode, ...(mode === "update" ? { id: String(row.id) } : {}), name, parentId: "0", level: "1", ...size };
}

type PageSurface = {
  name: string;
  message: keyof typeof MESSAGES;
  /** The form's request with `file` in its file field. */
  request(file: File, lng: Language): Promise<Request>;
};

const PAGE_SURFACES: PageSurface[] = [
  {
    name: "/userAvatar (a customer's avatar)",
    message: "avatar",
    request: async (file, lng) => postMultipart(`/userAvatar?lng=${lng}`, { avatar: file }, { cookie: await loginAs(CUSTOMER) }),
  },
  {
    name: "/userList edit dialog (a staff member's QR card with the edit)",
    message: "wxCode",
    request: async (file, lng) => {
      const user = await prisma.user.findUniqueOrThrow({ where: { id: STAFF_ID } });
      return postMultipart(
        `/userList?dialog=edit&id=${STAFF_ID}&lng=${lng}`,
        {
          intent: "update",
          id: String(STAFF_ID),
          username: user.username,
          phone: user.phone ?? "",
          company: user.company ?? "",
          businessAddress: user.businessAddress ?? "",
          salesId: String(user.salesId ?? ""),
          customerServiceId: String(user.customerServiceId ?? ""),
          roleId: String(user.roleId),
          customerRating: String(user.customerRating ?? ""),
          wxCode: file,
        },
        { cookie: await loginAs(ADMIN) },
      );
    },
  },
  {
    name: "/userList QR card intent",
    message: "wxCode",
    request: async (file, lng) =>
      postMultipart(
        `/userList?dialog=edit&id=${STAFF_ID}&lng=${lng}`,
        { intent: "wxCode", id: String(STAFF_ID), wxCode: file },
        { cookie: await loginAs(ADMIN) },
      ),
  },
  ...(["WEB", "APP"] as const).flatMap((channel) =>
    (["create", "update"] as const).map((mode): PageSurface => ({
      name: `${channel === "WEB" ? "/homeList" : "/app-home"} ${mode}`,
      message: "home",
      request: async (file, lng) => {
        const screen = channel === "WEB" ? "/homeList" : "/app-home";
        const fields = await homeFields(channel, mode, false);
        const dialog = mode === "create" ? "dialog=add" : `dialog=edit&id=${fields.id}`;
        return postMultipart(`${screen}?${dialog}&lng=${lng}`, { ...fields, image: file }, { cookie: await loginAs(ADMIN) });
      },
    })),
  ),
];

type ApiSurface = {
  method: "POST" | "PUT";
  path: string;
  message: keyof typeof MESSAGES;
  body(file: File): Promise<Record<string, string | Blob>>;
  as: string;
};

const API_SURFACES: ApiSurface[] = [
  { method: "POST", path: "/my/update/avatar", message: "avatar", as: CUSTOMER, body: async (file) => ({ avatar: file }) },
  {
    method: "POST",
    path: "/my/update/wxcodecard",
    message: "wxCode",
    as: ADMIN,
    body: async (file) => ({ id: String(STAFF_ID), file }),
  },
  ...(["WEB", "APP"] as const).flatMap((channel) =>
    (["create", "update"] as const).map((mode): ApiSurface => ({
      method: mode === "create" ? "POST" : "PUT",
      path: `${channel === "WEB" ? "/web/home" : "/apphomeimg/home"}/${mode === "create" ? "add" : "update"}`,
      message: "home",
      as: ADMIN,
      body: async (file) => ({ ...(await homeFields(channel, mode, true)), img_url: file }),
    })),
  ),
];

/** Calls with a file field that take no image: the order's attachment (a document, always downloaded) and the Excel imports. */
const NOT_IMAGE_UPLOADS = /^(POST \/query\/order|POST \/data\/addmore\w+)$/;
/** Page components with a file input that takes no image (the same two). */
const NOT_IMAGE_FORMS = new Set(["components/booking/AttachmentInput.tsx", "components/data-area/ImportForm.tsx"]);
/** Page components with an image input, and the surfaces above that post it. */
const IMAGE_FORMS: Record<string, string[]> = {
  "routes/account/userAvatar.tsx": ["/userAvatar (a customer's avatar)"],
  "components/admin/UserDialogs.tsx": ["/userList edit dialog (a staff member's QR card with the edit)", "/userList QR card intent"],
  "components/admin/HomeContent.tsx": ["/homeList create", "/homeList update", "/app-home create", "/app-home update"],
};

const FAKES = Object.entries(FAKE_IMAGES).map(([ext, bytes]) => fileOf(bytes, `fake.${ext}`, `image/${ext === "jpg" ? "jpeg" : ext}`));

describe("every image upload finds its way into this test", () => {
  test("every API call with a file field is an image surface here or named as not one", () => {
    const withFiles = apiEndpoints
      .filter((e) => e.multipart || e.fields?.some((f) => f.type === "file"))
      .map((e) => `${e.method} ${e.path}`)
      .filter((key) => !NOT_IMAGE_UPLOADS.test(key));
    expect(withFiles.sort()).toEqual(API_SURFACES.map((s) => `${s.method} ${s.path}`).sort());
  });

  test("every page form with a file input is an image surface here or named as not one", () => {
    const sources = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? sources(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
      });
    const withFileInputs = sources(APP_DIR)
      .filter((file) => /type="file"/.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(APP_DIR, file))
      .filter((file) => !NOT_IMAGE_FORMS.has(file));
    expect(withFileInputs.sort()).toEqual(Object.keys(IMAGE_FORMS).sort());
    const surfaces = new Set(PAGE_SURFACES.map((s) => s.name));
    for (const names of Object.values(IMAGE_FORMS)) for (const name of names) expect(surfaces).toContain(name);
  });
});

describe("a file that only looks like an image is refused, in the user's language, and changes nothing", () => {
  test.each(PAGE_SURFACES.map((s) => [s.name, s] as const))("page %s", async (_name, surface) => {
    const before = await snapshot();
    for (const fake of FAKES) {
      for (const lng of ["zh-CN", "en-US"] as const) {
        const page = await send(await surface.request(fake, lng));
        expect(page.status, `${fake.name} ${lng}`).toBeGreaterThanOrEqual(400);
        expect(page.status, `${fake.name} ${lng}`).toBeLessThan(500);
        expect(visibleText(page.html), `${fake.name} ${lng}`).toContain(MESSAGES[surface.message][lng]);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  test.each(API_SURFACES.map((s) => [`${s.method} ${s.path}`, s] as const))("API %s", async (_name, surface) => {
    const before = await snapshot();
    const token = await tokenOf(surface.as);
    for (const fake of FAKES) {
      for (const lng of ["zh-CN", "en-US"] as const) {
        const result = await api(surface.method, surface.path, { token, query: { lng }, body: await surface.body(fake) });
        expect(result.body.status, `${fake.name} ${lng}`).not.toBe(0);
        expect(result.http, `${fake.name} ${lng}`).toBeLessThan(500);
        expect(result.body.message, `${fake.name} ${lng}`).toBe(MESSAGES[surface.message][lng]);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("real images of the accepted formats are stored", () => {
  test("the avatar and the QR card take a real JPEG and PNG; home items a real GIF and WebP too", async () => {
    const cookie = await loginAs(CUSTOMER);
    for (const [bytes, ext] of [
      [JPEG_BYTES, "jpg"],
      [PNG_BYTES, "png"],
    ] as const) {
      const avatar = await send(postMultipart("/userAvatar", { avatar: fileOf(bytes, `me.${ext}`, "image/jpeg") }, { cookie }));
      expect(avatar.status).toBe(302);
      expect((await prisma.user.findUniqueOrThrow({ where: { email: CUSTOMER } })).avatarPath).toMatch(new RegExp(`\\.${ext}$`));
      const card = await api("POST", "/my/update/wxcodecard", {
        token: await tokenOf(ADMIN),
        body: { id: String(STAFF_ID), file: fileOf(bytes, `card.${ext}`) },
      });
      expect(card.body.status, card.body.message).toBe(0);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: STAFF_ID } })).wxCodePath).toMatch(new RegExp(`\\.${ext}$`));
    }
    for (const [bytes, ext] of [
      [GIF_BYTES, "gif"],
      [WEBP_BYTES, "webp"],
    ] as const) {
      const added = await api("POST", "/web/home/add", {
        token: await tokenOf(ADMIN),
        body: { name: `真图片${ext}`, Fid: "0", type: "1", size: "S", img_url: fileOf(bytes, `x.${ext}`) },
      });
      expect(added.body.status, added.body.message).toBe(0);
      const item = await prisma.homeContent.findUniqueOrThrow({ where: { id: added.body.data.id } });
      expect(item.imagePath).toMatch(new RegExp(`\\.${ext}$`));
    }
  });
});
