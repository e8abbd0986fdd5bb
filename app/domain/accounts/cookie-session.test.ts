// The signed session cookie is checked once per Cookie header and process
// (decision 608): what each caller gets must still be a session of its own,
// and a header whose signature does not hold must still sign nobody in.
import { describe, expect, it } from "vitest";
import { getCookieSession, sessionStorage, type FlashMessage } from "~/http/cookies.server";

const withCookie = (cookie: string) => new Request("http://localhost/home", { headers: { Cookie: cookie } });

async function signedCookie(data: { sid?: string; message?: FlashMessage }): Promise<string> {
  const session = await sessionStorage().getSession(null);
  if (data.sid) session.set("sid", data.sid);
  if (data.message) session.flash("message", data.message);
  return (await sessionStorage().commitSession(session)).split(";")[0];
}

describe("the cookie session, checked once per header", () => {
  it("gives every caller its own session: a flash read by one is still there for the next", async () => {
    const cookie = await signedCookie({ sid: "session-a", message: { type: "success", key: "account.profile.saved" } });
    const first = await getCookieSession(withCookie(cookie));
    expect(first.get("sid")).toBe("session-a");
    expect(first.get("message")).toEqual({ type: "success", key: "account.profile.saved" });
    // Reading a flash consumes it in that session only.
    expect(first.has("message")).toBe(false);
    first.set("sid", "changed");
    const second = await getCookieSession(withCookie(cookie));
    expect(second.get("sid")).toBe("session-a");
    expect(second.get("message")).toEqual({ type: "success", key: "account.profile.saved" });
  });

  it("a header with a broken signature signs nobody in, however often it comes", async () => {
    const cookie = await signedCookie({ sid: "session-b" });
    const forged = cookie.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    for (let i = 0; i < 2; i++) expect((await getCookieSession(withCookie(forged))).get("sid")).toBeUndefined();
    expect((await getCookieSession(withCookie(cookie))).get("sid")).toBe("session-b");
  });
});
