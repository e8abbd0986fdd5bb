// Sessions and sign-in of the foundation: revocable database sessions behind
// a signed cookie, frozen accounts, idle expiry, tampered cookies, logout.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { action as loginAction } from "~/routes/standalone/login";
import { action as logoutAction } from "~/routes/standalone/logout";
import { loader as rootLoader } from "~/root";
import { callRoute, getRequest, loginAs, postForm } from "../support/requests";

async function viewerOf(cookie?: string) {
  const result = await callRoute(rootLoader, getRequest("/home", undefined, { cookie }));
  return result;
}

async function sessionIdOf(cookie: string) {
  const [, value] = cookie.split("=");
  const payload = decodeURIComponent(value).split(".")[0];
  return JSON.parse(Buffer.from(payload, "base64").toString("utf8")).sid as string;
}

describe("sign-in", () => {
  it("signs a customer in with a database session and an HttpOnly SameSite cookie", async () => {
    const result = await callRoute(loginAction, postForm("/login", { email: "t2@example.com", password: "Demo1234" }));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/home");
    const setCookie = result.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const cookie = setCookie.split(";")[0];
    const root = await viewerOf(cookie);
    expect(root.data.viewer).toMatchObject({ username: expect.any(String), tier: "T2" });
    const session = await prisma.session.findUnique({ where: { id: await sessionIdOf(cookie) } });
    expect(session?.revokedAt).toBeNull();
  });

  it("gives one message for an unknown e-mail and a wrong password", async () => {
    const wrong = await callRoute(loginAction, postForm("/login", { email: "t2@example.com", password: "nope-nope" }));
    const unknown = await callRoute(loginAction, postForm("/login", { email: "nobody@example.com", password: "Demo1234" }));
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.data.error[""]).toEqual(["account.login.invalidCredentials"]);
    expect(unknown.data.error[""]).toEqual(["account.login.invalidCredentials"]);
  });

  it("sends a frozen account to /freeze (right password only) and creates no session", async () => {
    const frozen = await prisma.user.findUniqueOrThrow({ where: { email: "frozen@example.com" } });
    const before = await prisma.session.count({ where: { userId: frozen.id } });
    const result = await callRoute(loginAction, postForm("/login", { email: "frozen@example.com", password: "Demo1234" }));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/freeze");
    expect(await prisma.session.count({ where: { userId: frozen.id } })).toBe(before);
  });

  it("validates the form on the server", async () => {
    const result = await callRoute(loginAction, postForm("/login", { email: "not-an-email", password: "" }));
    expect(result.status).toBe(400);
    expect(result.data.error.email).toEqual(["validation.emailInvalid"]);
    expect(result.data.error.password).toEqual(["validation.passwordRequired"]);
  });

  it("never redirects to another site after login", async () => {
    const result = await callRoute(
      loginAction,
      postForm("/login", { email: "t1@example.com", password: "Demo1234", redirectTo: "//evil.example/x" }),
    );
    expect(result.headers.get("Location")).toBe("/home");
  });
});

describe("sessions", () => {
  it("rejects a tampered cookie: the request is treated as a visitor", async () => {
    const cookie = await loginAs("t1@example.com");
    const [name, value] = cookie.split("=");
    const decoded = decodeURIComponent(value);
    const [payload, signature] = decoded.split(".");
    // Point the cookie at another session id while keeping the old signature.
    const forged = Buffer.from(JSON.stringify({ sid: "forged-session-id" })).toString("base64");
    const tampered = `${name}=${encodeURIComponent(`${forged}.${signature}`)}`;
    expect(payload).not.toBe(forged);
    expect((await viewerOf(cookie)).data.viewer).not.toBeNull();
    expect((await viewerOf(tampered)).data.viewer).toBeNull();
  });

  it("logs a user out on their next request once staff freeze them, revoking every session", async () => {
    const cookie = await loginAs("t1@example.com");
    const user = await prisma.user.findUniqueOrThrow({ where: { email: "t1@example.com" } });
    await prisma.user.update({ where: { id: user.id }, data: { state: 2 } });
    const result = await viewerOf(cookie);
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/freeze");
    const active = await prisma.session.count({ where: { userId: user.id, revokedAt: null } });
    expect(active).toBe(0);
    await prisma.user.update({ where: { id: user.id }, data: { state: 1 } });
  });

  it("expires a session after 10 idle hours", async () => {
    const cookie = await loginAs("t0@example.com");
    const sid = await sessionIdOf(cookie);
    await prisma.session.update({ where: { id: sid }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await viewerOf(cookie)).data.viewer).toBeNull();
    const session = await prisma.session.findUniqueOrThrow({ where: { id: sid } });
    expect(session.revokedAt).not.toBeNull();
  });

  it("pushes the idle expiry forward on activity", async () => {
    const cookie = await loginAs("t0@example.com");
    const sid = await sessionIdOf(cookie);
    const old = new Date(Date.now() - 5 * 60_000);
    await prisma.session.update({ where: { id: sid }, data: { lastSeenAt: old, expiresAt: new Date(old.getTime() + 36_000_000) } });
    await viewerOf(cookie);
    const session = await prisma.session.findUniqueOrThrow({ where: { id: sid } });
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 36_000_000 - 60_000);
  });

  it("logout revokes the session and flashes the spec's message", async () => {
    const cookie = await loginAs("t2@example.com");
    const sid = await sessionIdOf(cookie);
    const result = await callRoute(logoutAction, postForm("/logout", {}, { cookie }));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/home");
    expect((await prisma.session.findUniqueOrThrow({ where: { id: sid } })).revokedAt).not.toBeNull();
    // The same cookie no longer signs anyone in.
    expect((await viewerOf(cookie)).data.viewer).toBeNull();
  });
});
