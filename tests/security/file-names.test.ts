// File names of any Unicode, with `=`, `;`, quotes and spaces, in every
// upload of the pages and the API (issue 18, finding 3): the order
// attachment, the avatar, the staff QR card, home images (website and app)
// and the Excel imports. Each must be read as sent, never answered with
// "cannot read the form", "choose a picture" or "no file".
import { prisma } from "~/utils/db.server";
import { dataAreas } from "~/domain/data-areas";
import { callRoute, fileOf, postMultipart } from "../support/requests";
import { importRouteNamed } from "../support/routes";
import { api, tokenOf } from "../api/helpers";
import { bookableRate, cookieOf, orderFields, pdfFile, step2 } from "../booking/helpers";
import { PNG_BYTES, cookieOf as staffCookie, flashOf } from "../admin/helpers";
import { flashOf as dataFlashOf, sheetBytes } from "../data/helpers";

/** Names as a customer's or staff member's desktop may hold them. */
const STEMS = ["PO=123", "ocean;freight", '报价 "2026" (v=2; final)', "it's 𠮷野家 a=b;c=d", "  spaced  name  "];

const route = (name: string) => importRouteNamed<{ action: (args: never) => unknown }>(name);

describe("file names with = ; quotes, spaces and any Unicode", () => {
  test.each(STEMS)("order attachment on the page: %j", async (stem) => {
    const id = await bookableRate("fcl");
    const { action } = await step2();
    const name = `${stem}.pdf`;
    const result = await callRoute(
      action,
      postMultipart(
        `/booking/fcl/${id}/order`,
        { ...orderFields(), attachment: pdfFile(name) },
        { cookie: await cookieOf("t2@example.com") },
      ),
      {
        params: { mode: "fcl", id: String(id) },
      },
    );
    expect(result.status, JSON.stringify(result.data)).toBe(302);
    const stored = await prisma.entrustment.findFirstOrThrow({ orderBy: { id: "desc" }, select: { attachmentName: true } });
    expect(stored.attachmentName).toBe(name.trim());
  });

  test.each(STEMS)("order attachment through the API: %j", async (stem) => {
    const id = await bookableRate("fcl");
    const name = `${stem}.pdf`;
    const result = await api("POST", "/query/order", {
      token: await tokenOf("t1@example.com"),
      body: { mode: "fcl", id, transportType: "FCL", attachment: pdfFile(name) },
    });
    expect(result.body.status, result.body.message).toBe(0);
    const stored = await prisma.entrustment.findUniqueOrThrow({ where: { id: result.body.data.id }, select: { attachmentName: true } });
    expect(stored.attachmentName).toBe(name.trim());
  });

  test.each(STEMS)("avatar on the page and through the API: %j", async (stem) => {
    const { action } = await route("_site._account.userAvatar");
    const page = await callRoute(
      action as never,
      postMultipart("/userAvatar", { avatar: fileOf(PNG_BYTES, `${stem}.png`, "image/png") }, { cookie: await cookieOf("t0@example.com") }),
    );
    expect(page.status, JSON.stringify(page.data)).toBe(302);
    const viaApi = await api("POST", "/my/update/avatar", {
      token: await tokenOf("t0@example.com"),
      body: { avatar: fileOf(PNG_BYTES, `${stem}.png`, "image/png") },
    });
    expect(viaApi.body.status, viaApi.body.message).toBe(0);
  });

  test.each(STEMS)("staff QR card on the page and through the API: %j", async (stem) => {
    const { action } = await route("_bo.userList");
    const page = await callRoute(
      action as never,
      postMultipart(
        "/userList",
        { intent: "wxCode", id: "4", wxCode: fileOf(PNG_BYTES, `${stem}.png`, "image/png") },
        { cookie: await staffCookie("admin@example.com") },
      ),
    );
    expect(await flashOf(page)).toMatchObject({ type: "success", key: "admin.user.wxCodeSaved" });
    const viaApi = await api("POST", "/my/update/wxcodecard", {
      token: await tokenOf("admin@example.com"),
      body: { id: "4", file: fileOf(PNG_BYTES, `${stem}.png`, "image/png") },
    });
    expect(viaApi.body.status, viaApi.body.message).toBe(0);
  });

  test.each(STEMS.map((stem, i) => [stem, i] as const))(
    "home images, website and app, on the pages and through the API: %j",
    async (stem, i) => {
      for (const [path, name, apiBase, extra] of [
        ["/homeList", "_bo.homeList", "/web/home", { size: "B" }],
        ["/app-home", "_bo.app-home", "/apphomeimg/home", {}],
      ] as const) {
        const { action } = await route(name);
        const page = await callRoute(
          action as never,
          postMultipart(
            path,
            {
              intent: "create",
              name: `文件名${i}页`,
              parentId: "0",
              level: "1",
              ...extra,
              image: fileOf(PNG_BYTES, `${stem}.png`, "image/png"),
            },
            { cookie: await staffCookie("admin@example.com") },
          ),
        );
        expect(await flashOf(page), `${path} ${JSON.stringify(page.data)}`).toMatchObject({ type: "success" });
        const viaApi = await api("POST", `${apiBase}/add`, {
          token: await tokenOf("admin@example.com"),
          body: { name: `文件名${i}接口`, Fid: "0", type: "1", ...extra, image: fileOf(PNG_BYTES, `${stem}.png`, "image/png") },
        });
        expect(viaApi.body.status, `${apiBase} ${viaApi.body.message}`).toBe(0);
      }
    },
  );

  test.each(STEMS)("Excel import on the page and through the API: %j", async (stem) => {
    const area = dataAreas.port;
    const headers = area.columns.map((c) => c.header);
    const sheet = (code: string) =>
      sheetBytes([
        headers,
        area.columns.map(
          (c) => (({ portcode: code, portname: `PORT ${code}`, portzhname: `港口${code}` }) as Record<string, string>)[c.header] ?? null,
        ),
      ]);
    const code = `Z${Buffer.from(stem).toString("hex").slice(0, 4).toUpperCase()}`;
    const { action } = await route("_bo.port");
    const cookie = await cookieOf("data@example.com");
    for (const ext of ["xls", "xlsx"]) {
      const page = await callRoute(
        action as never,
        postMultipart("/port", { intent: "import", file: fileOf(sheet(`${code}P${ext}`), `${stem}.${ext}`) }, { cookie }),
      );
      expect(await dataFlashOf(page, cookie), JSON.stringify(page.data)).toMatchObject({ type: "success" });
      const viaApi = await api("POST", "/data/addmoreport", {
        token: await tokenOf("data@example.com"),
        body: { file: fileOf(sheet(`${code}A${ext}`), `${stem}.${ext}`) },
      });
      expect(viaApi.body.status, viaApi.body.message).toBe(0);
    }
  });
});
