// The one rule of a request's language (issue 45 item 2): ?lng=, the cookie,
// Accept-Language on a first visit, zh-CN.
import { describe, expect, it } from "vitest";
import { chooseLanguage, headerLanguage, languageToKeep, supportedTag } from "./negotiate";

describe("chooseLanguage", () => {
  it("?lng= first, then the cookie, then Accept-Language, then zh-CN", () => {
    expect(chooseLanguage({ param: "en-US", cookie: "zh-CN", acceptLanguage: "zh-CN" })).toEqual({ lng: "en-US", source: "param" });
    expect(chooseLanguage({ param: "xx", cookie: "en-US", acceptLanguage: "zh-CN" })).toEqual({ lng: "en-US", source: "cookie" });
    expect(chooseLanguage({ cookie: "zh-CN", acceptLanguage: "en-US" })).toEqual({ lng: "zh-CN", source: "cookie" });
    expect(chooseLanguage({ acceptLanguage: "en-US,en;q=0.9" })).toEqual({ lng: "en-US", source: "header" });
    expect(chooseLanguage({ acceptLanguage: "fr-FR,de;q=0.5" })).toEqual({ lng: "zh-CN", source: "default" });
    expect(chooseLanguage({})).toEqual({ lng: "zh-CN", source: "default" });
  });

  it("reads Accept-Language by preference, any region of a language we have", () => {
    expect(headerLanguage("fr-FR,en;q=0.8,zh-CN;q=0.5")).toBe("en-US");
    expect(headerLanguage("fr-FR,zh-CN;q=0.9,en;q=0.8")).toBe("zh-CN");
    expect(headerLanguage("zh-TW")).toBe("zh-CN");
    expect(headerLanguage("zh-Hant-HK,en;q=0.1")).toBe("zh-CN");
    expect(headerLanguage("en-GB")).toBe("en-US");
    expect(headerLanguage("en;q=0,zh;q=0.1")).toBe("zh-CN");
    expect(headerLanguage("*")).toBeNull();
    expect(headerLanguage("de, fr")).toBeNull();
    expect(headerLanguage("")).toBeNull();
    // A malformed weight counts as 1 (browsers send none such; a lenient reading harms nobody).
    expect(headerLanguage("en-US;q=abc")).toBe("en-US");
  });

  it("knows a tag by its primary subtag; nothing else", () => {
    expect(supportedTag("en")).toBe("en-US");
    expect(supportedTag("ZH-cn")).toBe("zh-CN");
    expect(supportedTag("english")).toBeNull();
    expect(supportedTag(null)).toBeNull();
  });
});

describe("languageToKeep", () => {
  it("keeps a ?lng= language the cookie does not hold yet; nothing else", () => {
    expect(languageToKeep({ param: "en-US" })).toBe("en-US");
    expect(languageToKeep({ param: "en-US", cookie: "zh-CN" })).toBe("en-US");
    expect(languageToKeep({ param: "en-US", cookie: "en-US" })).toBeNull();
    expect(languageToKeep({ param: "xx", cookie: "zh-CN" })).toBeNull();
    expect(languageToKeep({ acceptLanguage: "en-US" })).toBeNull();
    expect(languageToKeep({})).toBeNull();
  });
});
