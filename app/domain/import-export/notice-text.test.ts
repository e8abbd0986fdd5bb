// A validity written in one cell or a header (carrier sheets, issue 40):
// the year a notice leaves out, and an end in the next year; a validity
// stated once in a notice's title block.
import { describe, expect, it } from "vitest";
import { periodOf } from "~/domain/data-areas/synonyms";
import { titleCarrier, titlePortOfLoading, titleValidity, validityCell, validityRange } from "./source-layout.server";

// 29 Nov 2026 and 28 Dec 2026, 10:00 in Shanghai.
const NOVEMBER = new Date("2026-11-29T02:00:00Z");
const LATE_DECEMBER = new Date("2026-12-28T02:00:00Z");

describe("a validity range in one cell", () => {
  it.each([
    ["2026/12/01-2026/12/14", NOVEMBER, "2026-12-01", "2026-12-14"],
    ["2026-12-01至2026-12-14", NOVEMBER, "2026-12-01", "2026-12-14"],
    ["2026/12/20-1/5", NOVEMBER, "2026-12-20", "2027-01-05"],
    ["12.1-12.31", NOVEMBER, "2026-12-01", "2026-12-31"],
    ["11.26-1.8", NOVEMBER, "2026-11-26", "2027-01-08"],
    ["12月1日至12月31日", NOVEMBER, "2026-12-01", "2026-12-31"],
    ["1.1-1.15", LATE_DECEMBER, "2027-01-01", "2027-01-15"],
    ["12/25 - 1/10", new Date("2027-01-03T02:00:00Z"), "2026-12-25", "2027-01-10"],
    ["1 Dec - 31 Dec 2026", NOVEMBER, "2026-12-01", "2026-12-31"],
    ["Dec 20 - Jan 5, 2027", NOVEMBER, "2026-12-20", "2027-01-05"],
  ])("%s (on %s) → %s to %s", (text, today, from, to) => {
    expect(validityRange(text, today)).toEqual({ from, to });
  });

  it.each([
    // From the day it is read ("即日起", from now), to the end written; the end without its year is the next such day.
    ["即日起至2026/12/31", "2026-11-29", "2026-12-31"],
    ["即日起-12月31日", "2026-11-29", "2026-12-31"],
    ["自即日起至1月15日", "2026-11-29", "2027-01-15"],
    ["From now till 2026-12-31", "2026-11-29", "2026-12-31"],
  ])("%s → %s to %s", (text, from, to) => {
    expect(validityRange(text, NOVEMBER)).toEqual({ from, to });
  });

  it.each([
    ["至2026-12-31", "2026-12-31"],
    ["截止12月31日", "2026-12-31"],
    ["有效期至12.31（以开船日为准）", "2026-12-31"],
    ["Valid till 31 Dec 2026", "2026-12-31"],
    ["Until 2027/01/15", "2027-01-15"],
  ])("a cell of its end alone (%s) gives the end; the start is the row's others", (text, to) => {
    expect(validityRange(text, NOVEMBER)).toBeNull();
    expect(validityCell(text, NOVEMBER)).toEqual({ from: null, to });
  });

  it("no such day, or no range of days, is no validity", () => {
    for (const text of ["2/30-3/5", "12.1", "13.1-13.5", "1-5", "next week", "即日起", "至", "截止2/30"]) {
      expect(validityRange(text, NOVEMBER)).toBeNull();
      expect(validityCell(text, NOVEMBER)).toBeNull();
    }
  });

  it("a header names its year: 1.5-2.5 there is a band of numbers, not a period", () => {
    expect(periodOf("1.5-2.5")).toBeNull();
    expect(periodOf("12.1-12.31")).toBeNull();
    expect(periodOf("2026.12.15～12.31")).toEqual({ from: "2026-12-15", to: "2026-12-31" });
  });
});

describe("a validity stated in a notice's title block", () => {
  it.each([
    ["有效期：2026.12.01-2026.12.31", "2026-12-01", "2026-12-31"],
    ["运价有效期: 12.1-12.31（以开船日为准）", "2026-12-01", "2026-12-31"],
    ["MSC 欧洲线 有效期 11.26-1.8", "2026-11-26", "2027-01-08"],
    ["Validity: 01 Dec 2026 - 31 Dec 2026", "2026-12-01", "2026-12-31"],
    ["Rates valid 1 Dec - 31 Dec 2026", "2026-12-01", "2026-12-31"],
    ["Rates valid from 2026-12-01 to 2026-12-31.", "2026-12-01", "2026-12-31"],
    ["Effective date: 2026/12/01～2026/12/31", "2026-12-01", "2026-12-31"],
    ["2026.12.01-2026.12.31", "2026-12-01", "2026-12-31"],
  ])("%s → %s to %s", (text, from, to) => {
    expect(titleValidity(text, NOVEMBER)).toEqual({ from, to });
  });

  it("a title that names no period is none: a lane, a year, a label without dates, days without a label or year", () => {
    for (const text of [
      "欧洲线运价 2026",
      "有效期：见各行",
      "Validity: see remarks",
      "12.1-12.31",
      "COSCO 20GP/40GP/40HQ",
      "Tel 021-6888 1234",
    ])
      expect(titleValidity(text, NOVEMBER), text).toBeNull();
  });
});

describe("the port of loading a notice's title names", () => {
  it.each([
    ["FCL TARIFF EX SHANGHAI", "SHANGHAI"],
    ["Rates from Ningbo to USWC", "Ningbo"],
    ["EX TIANJIN XINGANG (DEC)", "TIANJIN XINGANG"],
    ["上海出口运价 12月", "上海"],
    ["宁波港出口", "宁波"],
    ["起运港：青岛", "青岛"],
  ])("%s → %s", (line, port) => {
    expect(titlePortOfLoading(line)).toBe(port);
  });

  it("a title naming no port of loading names none", () => {
    for (const line of ["MSC 地中海线运价通知", "Validity: 01 Dec 2026 - 31 Dec 2026", "以上价格不含THC"])
      expect(titlePortOfLoading(line), line).toBeNull();
  });
});

describe("the carrier a notice's title names", () => {
  const carriers = ["CMA CGM", "COSCO", "COSCO SHIPPING", "MSC", "ONE", "ZIM"];
  it.each([
    [["MSC 地中海线运价通知", "有效期：2026.12.01-2026.12.31"], "MSC"],
    [["CMA CGM FAK RATES DEC 2026"], "CMA CGM"],
    [["COSCO SHIPPING 欧洲线运价"], "COSCO SHIPPING"],
    [["ｍｓｃ　地中海线"], "MSC"],
    [["one 美西运价"], "ONE"],
  ])("%j → %s", (lines, carrier) => {
    expect(titleCarrier(lines, carriers)).toBe(carrier);
  });

  it("a title naming no known carrier at its start, a word only beginning like one, or two carriers names none", () => {
    for (const lines of [
      ["欧洲线运价通知 2026"],
      ["深圳环球货运代理有限公司 海运报价"],
      ["ZIMBABWE TRANSIT RATES"],
      ["ONEWAY TARIFF"],
      ["MSC 地中海线", "CMA CGM 地中海线"],
      ["RATES BY MSC"],
    ])
      expect(titleCarrier(lines, carriers), lines.join(" | ")).toBeNull();
  });
});
