// Profile edit (/userInfo): audited fields of an audited account become a
// pending profile change; everything else changes at once.
import { prisma } from "~/utils/db.server";
import { callRoute, getRequest, loginAs, postForm } from "../support/requests";
import { fieldErrors } from "./helpers";

const route = () => import("~/routes/account/userInfo");

async function currentForm(cookie: string) {
  const { loader } = await route();
  const result = await callRoute(loader, getRequest("/userInfo", undefined, { cookie }));
  return result.data.defaults as Record<string, string>;
}

async function save(cookie: string, fields: Record<string, string>) {
  const { action } = await route();
  return callRoute(action, postForm("/userInfo", fields, { cookie }));
}

describe("profile edit", () => {
  test("an audited user's company/address/countries change goes to review; nickname changes at once", async () => {
    const cookie = await loginAs("t2@example.com");
    const form = await currentForm(cookie);
    const result = await save(cookie, { ...form, nickname: "新昵称", company: "宁波新公司", iaeCountries: "日本、德国" });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/userInfo");
    expect(result.headers.get("Set-Cookie")).toContain("session=");
    const user = await prisma.user.findUniqueOrThrow({ where: { email: "t2@example.com" } });
    expect(user).toMatchObject({
      nickname: "新昵称",
      company: "宁波海曙达通货运代理",
      iaeCountries: "日本、德国、荷兰",
      audit: 2,
      profileAudit: 1,
      pendingCompany: "宁波新公司",
      pendingBusinessAddress: form.businessAddress,
      pendingIaeCountries: "日本、德国",
    });
    const { loader } = await route();
    const page = await callRoute(loader, getRequest("/userInfo", undefined, { cookie }));
    expect(page.data.pending).toMatchObject({ company: "宁波新公司" });
  });

  test("saving without touching the audited fields keeps them and creates no review", async () => {
    const cookie = await loginAs("t0@example.com");
    const form = await currentForm(cookie);
    await save(cookie, { ...form, nickname: "只改昵称" });
    const user = await prisma.user.findUniqueOrThrow({ where: { email: "t0@example.com" } });
    expect(user.nickname).toBe("只改昵称");
    expect(user.profileAudit).toBeNull();
  });

  test("an unaudited user changes the company directly", async () => {
    const cookie = await loginAs("pending@example.com");
    const form = await currentForm(cookie);
    await save(cookie, { ...form, company: "苏州直改公司", businessAddress: "苏州市新地址1号" });
    const user = await prisma.user.findUniqueOrThrow({ where: { email: "pending@example.com" } });
    expect(user).toMatchObject({ company: "苏州直改公司", businessAddress: "苏州市新地址1号", profileAudit: null, pendingCompany: null });
  });

  test.each([
    ["nickname of 11", { nickname: "昵".repeat(11) }, "nickname", "validation.nicknameLength"],
    ["nickname missing", { nickname: "" }, "nickname", "validation.nicknameRequired"],
    ["username of 16", { username: "u".repeat(16) }, "username", "validation.usernameLength"],
    ["phone invalid", { phone: "11012345678" }, "phone", "validation.phoneInvalid"],
    ["company of 21", { company: "c".repeat(21) }, "company", "validation.companyLength"],
    ["address of 51", { businessAddress: "a".repeat(51) }, "businessAddress", "validation.businessAddressLength"],
    ["countries of 51", { iaeCountries: "n".repeat(51) }, "iaeCountries", "validation.iaeCountriesLength"],
  ])("%s is refused", async (_name, overrides, field, key) => {
    const cookie = await loginAs("failed@example.com");
    const form = await currentForm(cookie);
    const result = await save(cookie, { ...form, ...overrides });
    expect(result.status).toBe(400);
    expect(fieldErrors(result.data)[field]).toEqual([key]);
  });

  test("another user's phone or username is refused; one's own is fine", async () => {
    const cookie = await loginAs("profile@example.com");
    const form = await currentForm(cookie);
    const t1 = await prisma.user.findUniqueOrThrow({ where: { email: "t1@example.com" } });
    const result = await save(cookie, { ...form, phone: t1.phone, username: "T1" });
    expect(fieldErrors(result.data)).toMatchObject({
      phone: ["account.register.phoneTaken"],
      username: ["account.register.usernameTaken"],
    });
    expect((await save(cookie, form)).status).toBe(302);
  });

  test("the e-mail cannot be changed through the form", async () => {
    const cookie = await loginAs("other.t2@example.com");
    const form = await currentForm(cookie);
    await save(cookie, { ...form, email: "changed@example.com" });
    expect(await prisma.user.count({ where: { email: "changed@example.com" } })).toBe(0);
  });
});
