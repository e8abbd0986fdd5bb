import { describe, expect, it } from "vitest";
import { loader as backOfficeLoader } from "~/routes/backoffice/_layout";
import { prisma } from "~/utils/db.server";
import { callRoute, getRequest, loginAs } from "../support/requests";

describe("back-office layout", () => {
  it("sends visitors to login, and back to the screen afterwards", async () => {
    const result = await callRoute(backOfficeLoader, getRequest("/userList"));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/login?redirectTo=%2FuserList");
  });

  it("answers 403 to a customer, whose menu list is empty", async () => {
    const result = await callRoute(backOfficeLoader, getRequest("/userList", undefined, { cookie: await loginAs("t0@example.com") }));
    expect(result.status).toBe(403);
  });

  it("gives staff only the screens their role holds", async () => {
    const result = await callRoute(backOfficeLoader, getRequest("/port", undefined, { cookie: await loginAs("data@example.com") }));
    expect(result.status).toBe(200);
    const paths = result.data.menu.flatMap((group: { items: { path: string }[] }) => group.items.map((item) => item.path));
    expect(paths).toContain("/fclbyseaData");
    expect(paths).not.toContain("/userList");
    expect(result.data.pendingAudit).toBe(0);
  });

  it("tells the administrator how many new users await audit", async () => {
    const pending = await prisma.user.count({ where: { audit: 1 } });
    expect(pending).toBeGreaterThan(0);
    const result = await callRoute(backOfficeLoader, getRequest("/userList", undefined, { cookie: await loginAs("admin@example.com") }));
    expect(result.data.pendingAudit).toBe(pending);
  });
});
