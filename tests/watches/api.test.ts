// The legacy-API counterparts of issue 25 items 4 and 5 (decision 501): a
// customer's lane watches, an entrustment's status (the customer reads and
// cancels their own; staff move it within their view) and the exchange rates.
import { prisma } from "~/utils/db.server";
import { bookableRate, cookieOf, doneId, postContact } from "../booking/helpers";
import { api, tokenOf } from "../api/helpers";
import { FCL_LANE } from "./helpers";

async function book(email: string) {
  return doneId(await postContact({ mode: "lcl", id: await bookableRate("lcl") }, await cookieOf(email)));
}

describe("lane watches through the API", () => {
  test("add (twice is one), list, remove; another customer's id is 404; staff may not watch", async () => {
    const token = await tokenOf("t2@example.com");
    const added = await api("POST", "/my/addlanewatch", { token, body: { ...FCL_LANE } });
    expect(added.body).toMatchObject({ status: 0, data: { existing: false } });
    const again = await api("POST", "/my/addlanewatch", { token, body: { ...FCL_LANE } });
    expect(again.body.data).toEqual({ id: added.body.data.id, existing: true });
    const list = await api("GET", "/my/lanewatches", { token, query: { lng: "en-US" } });
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: added.body.data.id, mode: "fcl", pol: FCL_LANE.pol, pod: FCL_LANE.pod }),
    ]);
    expect(list.body.data[0].create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const bad = await api("POST", "/my/addlanewatch", { token, body: { mode: "express", pol: "x", pod: "y" } });
    expect(bad.http).toBe(400);
    expect(bad.body.message).toBe("该运输方式不支持关注。");
    const staff = await api("POST", "/my/addlanewatch", { token: await tokenOf("admin@example.com"), body: { ...FCL_LANE } });
    expect(staff.http).toBe(403);

    const other = await api("DELETE", `/my/dellanewatch/${added.body.data.id}`, { token: await tokenOf("t1@example.com") });
    expect(other.http).toBe(404);
    const removed = await api("DELETE", `/my/dellanewatch/${added.body.data.id}`, { token });
    expect(removed.body.status).toBe(0);
    expect(await prisma.laneWatch.count()).toBe(0);
  }, 60_000);
});

describe("booking status through the API", () => {
  test("the customer reads and cancels their own while received; not twice, not another's", async () => {
    const id = await book("t1@example.com");
    const token = await tokenOf("t1@example.com");
    const read = await api("GET", `/my/getentrustment/${id}/status`, { token });
    expect(read.body.data).toMatchObject({ id, status: "RECEIVED", history: [] });
    const stranger = await api("POST", "/my/cancelentrustment", { token: await tokenOf("t2@example.com"), body: { id } });
    expect(stranger.http).toBe(404);
    const cancelled = await api("POST", "/my/cancelentrustment", { token, body: { id, reason: "不需要了" } });
    expect(cancelled.body).toMatchObject({ status: 0, data: { id, status: "CANCELLED", from_status: "RECEIVED" } });
    const twice = await api("POST", "/my/cancelentrustment", { token, body: { id } });
    expect(twice.http).toBe(409);
    const history = await api("GET", `/my/getentrustment/${id}/status`, { token });
    expect(history.body.data.history).toEqual([
      expect.objectContaining({ from_status: "RECEIVED", to_status: "CANCELLED", reason: "不需要了", operator_type: "customer" }),
    ]);
    expect(await prisma.emailOutbox.count({ where: { entrustmentId: id, kind: "order_status" } })).toBe(1);
  }, 60_000);

  test("staff move it within their view only: a view-2 salesperson cannot reach another's customer", async () => {
    const mine = await book("t2@example.com");
    const theirs = await book("other.t2@example.com");
    const sales = await tokenOf("sales@example.com");
    const outside = await api("POST", "/manage/entrustment/status", { token: sales, body: { id: theirs, status: "CONFIRMED" } });
    expect(outside.http).toBe(404);
    expect((await api("GET", `/my/getentrustment/${theirs}/status`, { token: sales })).http).toBe(404);
    const noReason = await api("POST", "/manage/entrustment/status", { token: sales, body: { id: mine, status: "REJECTED" } });
    expect(noReason.http).toBe(400);
    const confirmed = await api("POST", "/manage/entrustment/status", { token: sales, body: { id: mine, status: "CONFIRMED" } });
    expect(confirmed.body).toMatchObject({ status: 0, data: { status: "CONFIRMED" } });
    expect((await prisma.entrustment.findUniqueOrThrow({ where: { id: theirs } })).status).toBe("RECEIVED");
    const customer = await api("POST", "/manage/entrustment/status", {
      token: await tokenOf("t2@example.com"),
      body: { id: mine, status: "CANCELLED" },
    });
    expect(customer.http).toBe(403);
  }, 60_000);
});

describe("exchange rates through the API", () => {
  test("staff with the screen list them; a customer is refused", async () => {
    const listed = await api("GET", "/my/exchangerates", { token: await tokenOf("data@example.com"), query: { currency: "USD" } });
    expect(listed.body.status).toBe(0);
    expect(listed.body.data.length).toBeGreaterThan(0);
    expect(listed.body.data[0]).toMatchObject({
      currency: "USD",
      rate_cny: expect.stringMatching(/^\d+(\.\d+)?$/),
      valid_until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect((await api("GET", "/my/exchangerates", { token: await tokenOf("t1@example.com") })).http).toBe(403);
  }, 60_000);
});
