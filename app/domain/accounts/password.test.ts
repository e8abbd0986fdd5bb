// Passwords are stored as argon2id at OWASP's parameters (19 MiB, t=2, p=1):
// the encoded hash carries them, so a change of parameters shows here.
import { hashPassword, verifyPassword } from "~/domain/accounts/password.server";

test("argon2id, m=19456 KiB, t=2, p=1, a fresh salt each time", async () => {
  const a = await hashPassword("Demo1234");
  const b = await hashPassword("Demo1234");
  expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  expect(a).not.toBe(b);
  expect(await verifyPassword(a, "Demo1234")).toBe(true);
  expect(await verifyPassword(a, "demo1234")).toBe(false);
  // A damaged or foreign hash is a wrong password, not a crash.
  expect(await verifyPassword("not-a-hash", "Demo1234")).toBe(false);
});
