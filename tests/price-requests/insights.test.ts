// The price requests on the insights dashboard (issue 43 item 5): requests
// received and answered in the period, the median time to answer, the share
// of answers booked, in the viewer's scope; the unmet lanes link to their
// open requests on the desk. The page without JavaScript in both languages.
import { prisma } from "~/utils/db.server";
import { refreshInsights } from "~/domain/insights/rollup.server";
import { callRoute, getRequest } from "../support/requests";
import { render, visibleText } from "../support/render";
import { cookieOfEmail } from "../security/helpers";
import { customerRequest, unpricedLane, userId } from "./helpers";

const insights = () => import("~/routes/admin/insights");
const MINUTE = 60_000;

test("figures in scope, the median, the booked share, and the unmet lane's link to its open requests", async () => {
  const lane = await unpricedLane();
  const a = await customerRequest("t1@example.com", lane);
  const b = await customerRequest("t2@example.com", lane);
  await customerRequest("t0@example.com", lane);
  await customerRequest("other.t2@example.com", lane);
  // Answered 30 and 90 minutes after opening; b is booked; c and `other` stay open.
  const answered = async (id: number, minutes: number, state: "ANSWERED" | "BOOKED") => {
    const row = await prisma.priceRequest.findUniqueOrThrow({ where: { id } });
    await prisma.priceRequest.update({ where: { id }, data: { state, answeredAt: new Date(row.openedAt!.getTime() + minutes * MINUTE) } });
  };
  await answered(a.id, 30, "ANSWERED");
  await answered(b.id, 90, "BOOKED");
  // The lane was searched without a rate: an unmet lane of the dashboard.
  await prisma.queryLog.create({ data: { mode: "FCL", userId: await userId("t1@example.com"), pol: lane.pol, pod: lane.pod } });
  await refreshInsights();

  type Unmet = { origin: string; destination: string; actions: { kind: string; href: string; count?: number }[] };
  const figures = async (email: string) => {
    const page = await callRoute(
      (await insights()).loader,
      getRequest("/insights", { mode: "fcl" }, { cookie: await cookieOfEmail(email) }),
    );
    expect(page.status).toBe(200);
    const loaded = page.data as { requests: Record<string, number | boolean | null>; data: { unmet: Unmet[] } };
    const row = loaded.data.unmet.find((r) => r.origin === lane.pol && r.destination === lane.pod);
    return { requests: loaded.requests, open: row?.actions.find((a) => a.kind === "requests") };
  };
  const admin = await figures("admin@example.com");
  expect(admin.requests).toEqual({ received: 4, answered: 2, medianMinutes: 60, bookedShare: 0.5, desk: true });
  expect(admin.open).toEqual({
    kind: "requests",
    count: 2,
    href: `/priceDesk?${new URLSearchParams({ mode: "fcl", origin: lane.pol, destination: lane.pod })}`,
  });
  // The view-2 salesperson counts their own customers only (other.t2 is another salesperson's).
  const sales = await figures("sales@example.com");
  expect(sales.requests.received).toBe(3);
  expect(sales.open?.count).toBe(1);
  // Data staff hold the insights but not the desk (and no view: no customer of theirs): no link to a screen they cannot open.
  const data = await figures("data@example.com");
  expect(data.requests).toMatchObject({ received: 0, desk: false });
  expect(data.open).toBeUndefined();
  const dataPage = await render("/insights", { mode: "fcl" }, { cookie: await cookieOfEmail("data@example.com") });
  expect(dataPage.html).not.toContain("/priceDesk");

  for (const [lng, words] of [
    ["zh-CN", ["收到询价", "回复时间中位数", "1 小时 0 分", "50%", "2 个待回复询价"]],
    ["en-US", ["Requests received", "Median time to answer", "1 h 0 min", "50%", "2 open requests"]],
  ] as const) {
    const page = await render("/insights", { mode: "fcl", lng }, { cookie: await cookieOfEmail("admin@example.com") });
    expect(page.status).toBe(200);
    const text = visibleText(page.html);
    for (const word of words) expect(text, lng).toContain(word);
    expect(page.html).toContain(`/priceDesk?mode=fcl&amp;origin=${lane.pol}&amp;destination=${lane.pod}`);
  }
}, 90_000);
