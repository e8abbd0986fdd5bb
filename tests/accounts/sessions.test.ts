// Account states on the server: frozen users are signed out on their next
// request, tampered cookies are visitors, personal pages need a session.
import { prisma } from "~/utils/db.server";
import { loader as freezeLoader } from "~/routes/standalone/freeze";
import { callRoute, cookieHeaderFrom, getRequest, loginAs, postForm } from "../support/requests";

import { loader as root } from "~/root";

async function sessionIdOf(userEmail: string) {
  const user = await prisma.user.findUniqueOrThrow({ where: { email: userEmail } });
  return prisma.session.findFirstOrThrow({ where: { userId: user.id }, orderBy: { createdAt: "desc" } });
}

describe("frozen by staff", () => {
  test("the next loader call redirects to /freeze, clears the cookie and revokes every session", async () => {
    const email = "other.t2@example.com";
    const cookie = await loginAs(email);
    const second = await loginAs(email);
    const { loader: rootLoader } = await import("~/root");
    const before = await callRoute(rootLoader, getRequest("/home", undefined, { cookie }));
    expect(before.data.viewer.username).toBe("othert2");

    await prisma.user.update({ where: { email }, data: { state: 2 } });

    const { loader: overview } = await import("~/routes/account/userAllInfo");
    const result = await callRoute(overview, getRequest("/userAllInfo", undefined, { cookie }));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/freeze");
    // The cookie forgets the session; it only names the frozen account for /freeze.
    const after = cookieHeaderFrom(result.headers);
    expect((await callRoute(rootLoader, getRequest("/home", undefined, { cookie: after }))).data.viewer).toBeNull();
    const user = await prisma.user.findUniqueOrThrow({ where: { email } });
    const live = await prisma.session.count({ where: { userId: user.id, revokedAt: null } });
    expect(live).toBe(0);
    const freeze = await callRoute(freezeLoader, getRequest("/freeze", undefined, { cookie: after }));
    expect(freeze.data).toMatchObject({ frozen: true, role: "service" });

    // The other browser is signed out too, and unfreezing does not revive the sessions.
    await prisma.user.update({ where: { email }, data: { state: 1 } });
    const other = await callRoute(rootLoader, getRequest("/home", undefined, { cookie: second }));
    expect(other.data.viewer).toBeNull();
  });

  test("frozen on /userList (its sessions revoked at once): the next page and a login show /freeze with whom to ask", async () => {
    // The bug of issue 21: freezing revokes the sessions in the same
    // transaction, so the next page used to find a revoked session and show
    // the visitor view without a word.
    const email = "t2@example.com";
    const cookie = await loginAs(email);
    const user = await prisma.user.findUniqueOrThrow({ where: { email }, include: { customerService: true } });
    const { action: users } = await import("~/routes/admin/userList");
    const frozen = await callRoute(
      users,
      postForm("/userList", { intent: "state", id: user.id, state: 2, confirm: 1 }, { cookie: await loginAs("admin@example.com") }),
    );
    expect(frozen.status).toBe(302);
    expect(await prisma.session.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);

    for (const path of ["/home", "/fclbysea"]) {
      const next = await callRoute(root, getRequest(path, undefined, { cookie }));
      expect(next.status, path).toBe(302);
      expect(next.headers.get("Location")).toBe("/freeze");
    }
    const next = await callRoute(root, getRequest("/home", undefined, { cookie }));
    const page = await callRoute(freezeLoader, getRequest("/freeze", undefined, { cookie: cookieHeaderFrom(next.headers) }));
    expect(page.data).toMatchObject({
      frozen: true,
      role: "service",
      contact: { name: user.customerService!.nickname, mobile: user.customerService!.phone },
    });

    // Logging in again with the right password lands there too; no session is made.
    const { action: login } = await import("~/routes/standalone/login");
    const again = await callRoute(login, postForm("/login", { intent: "login", email, password: "Demo1234" }));
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/freeze");
    expect(await prisma.session.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
    const viaLogin = await callRoute(freezeLoader, getRequest("/freeze", undefined, { cookie: cookieHeaderFrom(again.headers) }));
    expect(viaLogin.data).toMatchObject({ frozen: true, role: "service" });
    await prisma.user.update({ where: { id: user.id }, data: { state: 1 } });
  });

  test("/freeze without a frozen account (or once it is unfrozen) names the company", async () => {
    const page = await callRoute(freezeLoader, getRequest("/freeze"));
    expect(page.data).toMatchObject({ frozen: false, role: "company" });
    expect((page.data as { contact: { name: string } }).contact.name).toBe("环宇通达国际物流有限公司");
  });

  test("an action of a frozen user is refused the same way", async () => {
    const email = "t0@example.com";
    const cookie = await loginAs(email);
    await prisma.user.update({ where: { email }, data: { state: 2 } });
    const { action } = await import("~/routes/account/userInfo");
    const result = await callRoute(action, postForm("/userInfo", { nickname: "x" }, { cookie }));
    expect(result.headers.get("Location")).toBe("/freeze");
    expect(await prisma.user.findUniqueOrThrow({ where: { email } })).toMatchObject({ nickname: "内部订舱" });
    await prisma.user.update({ where: { email }, data: { state: 1 } });
  });
});

describe("cookies and sessions", () => {
  test("a tampered cookie is treated as a visitor", async () => {
    const cookie = await loginAs("t1@example.com");
    const [name, value] = cookie.split(";")[0].split("=");
    // Flip a character of the signed payload: the signature no longer matches.
    const tampered = `${name}=${value.slice(0, 5)}${value[5] === "A" ? "B" : "A"}${value.slice(6)}`;
    const { loader: rootLoader } = await import("~/root");
    const root = await callRoute(rootLoader, getRequest("/home", undefined, { cookie: tampered }));
    expect(root.data.viewer).toBeNull();
    const { loader: overview } = await import("~/routes/account/userAllInfo");
    const result = await callRoute(overview, getRequest("/userAllInfo", undefined, { cookie: tampered }));
    expect(result.headers.get("Location")).toBe("/home");
  });

  test("a forged cookie naming a real session id without the signature is a visitor", async () => {
    await loginAs("t1@example.com");
    const session = await sessionIdOf("t1@example.com");
    const forged = `session=${Buffer.from(JSON.stringify({ sid: session.id })).toString("base64")}`;
    const { loader: rootLoader } = await import("~/root");
    const root = await callRoute(rootLoader, getRequest("/home", undefined, { cookie: forged }));
    expect(root.data.viewer).toBeNull();
  });

  test.each(["/userAllInfo", "/userInfo", "/userAvatar", "/userPwd"])("%s sends visitors to /home", async (path) => {
    const routes = {
      "/userAllInfo": () => import("~/routes/account/userAllInfo"),
      "/userInfo": () => import("~/routes/account/userInfo"),
      "/userAvatar": () => import("~/routes/account/userAvatar"),
      "/userPwd": () => import("~/routes/account/userPwd"),
    } as const;
    const { loader } = await routes[path as keyof typeof routes]();
    const result = await callRoute(loader, getRequest(path));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/home");
    const { loader: layout } = await import("~/routes/account/_layout");
    expect((await callRoute(layout, getRequest(path))).headers.get("Location")).toBe("/home");
  });

  test("an idle-expired session is a visitor and is revoked", async () => {
    const cookie = await loginAs("t2@example.com");
    const session = await sessionIdOf("t2@example.com");
    await prisma.session.update({ where: { id: session.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const { loader: overview } = await import("~/routes/account/userAllInfo");
    const result = await callRoute(overview, getRequest("/userAllInfo", undefined, { cookie }));
    expect(result.headers.get("Location")).toBe("/home");
    expect((await prisma.session.findUniqueOrThrow({ where: { id: session.id } })).revokedAt).not.toBeNull();
  });

  test("logout revokes the session", async () => {
    const cookie = await loginAs("t1@example.com");
    const session = await sessionIdOf("t1@example.com");
    const { action } = await import("~/routes/standalone/logout");
    const result = await callRoute(action, postForm("/logout", {}, { cookie }));
    expect(result.headers.get("Location")).toBe("/home");
    expect((await prisma.session.findUniqueOrThrow({ where: { id: session.id } })).revokedAt).not.toBeNull();
  });

  test("the overview shows the profile fields and the assigned contacts", async () => {
    const cookie = await loginAs("t1@example.com");
    const { loader } = await import("~/routes/account/userAllInfo");
    const result = await callRoute(loader, getRequest("/userAllInfo", undefined, { cookie }));
    expect(result.data.profile).toMatchObject({
      email: "t1@example.com",
      username: "t1",
      company: "上海瑞丰进出口有限公司",
      audit: 2,
      sales: { name: "王晓明", email: "sales@example.com" },
      customerService: { name: "陈静", email: "service@example.com" },
    });
    expect(result.data.profile.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(result.data.profile.lastLoginAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // Nothing secret leaves the server.
    expect(JSON.stringify(result.data)).not.toMatch(/argon2|passwordHash/);
  });
});
