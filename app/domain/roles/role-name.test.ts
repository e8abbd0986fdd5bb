import { describe, expect, it } from "vitest";
import { roleName } from "./role-name";

describe("roleName", () => {
  it("shows the English form in the English UI and the Chinese name otherwise", () => {
    expect(roleName({ name: "销售", nameEn: "Sales" }, "en-US")).toBe("Sales");
    expect(roleName({ name: "销售", nameEn: "Sales" }, "zh-CN")).toBe("销售");
  });
  it("falls back to the Chinese name when a role has no English form", () => {
    expect(roleName({ name: "物流专员", nameEn: null }, "en-US")).toBe("物流专员");
    expect(roleName({ name: "物流专员", nameEn: "" }, "en-US")).toBe("物流专员");
  });
});
