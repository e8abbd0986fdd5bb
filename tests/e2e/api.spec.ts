// The legacy JSON API through the real server (Express, compression, the
// CSRF check, Remix's splat resource routes): a script logs in, searches FCL
// rates, books with a file and lists its entrustments using only the API.
import { expect, test } from "./fixtures";

test.describe("legacy JSON API over HTTP", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP only: once is enough");

  test("log in, search, book with an attachment, list; a T2 token sees only T2", async ({ request, baseURL }) => {
    const login = await request.post(`${baseURL}/api/login`, { form: { email: "t2@example.com", password: "Demo1234" } });
    expect(login.status()).toBe(200);
    const { status, data } = await login.json();
    expect(status).toBe(0);
    const headers = { Authorization: `Bearer ${data.token}` };

    const search = await request.get(`${baseURL}/query/wholebysea?pol=SHANGHAI&pod=BATAM`, { headers });
    const found = await search.json();
    expect(found).toMatchObject({ status: 0, tier: "T2" });
    expect(found.total).toBeGreaterThan(0);
    const row = found.data.find((r: { yes_no: boolean }) => !r.yes_no);

    const order = await request.post(`${baseURL}/query/order`, {
      headers,
      multipart: {
        mode: "fcl",
        id: String(row.id),
        transportation: "海运整箱",
        sishigp_num: "1",
        file: { name: "order.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") },
      },
    });
    const booked = await order.json();
    expect(booked.status).toBe(0);

    const list = await request.get(`${baseURL}/my/getentrustment`, { headers });
    const records = await list.json();
    expect(records.data[0]).toMatchObject({
      id: booked.data.id,
      transportation: "海运整箱",
      attachment_url: `/entrustment/${booked.data.id}/attachment`,
    });

    // The cookie-less API ignores a browser session: without the token it is a visitor.
    const anonymous = await request.get(`${baseURL}/my/userinfo`);
    expect(anonymous.status()).toBe(401);

    const doc = await (await request.get(`${baseURL}/api/openapi.json`)).json();
    expect(Object.keys(doc.paths)).toContain("/query/wholebysea");
  });
});
