// All translations, one file per area and language under app/locales.
// Each area file becomes a top-level key: t("common.nav.home").
// A new area: add its two JSON files and one line per language below.
import crypto from "node:crypto";
import type { Language } from "./config";

import zhCommon from "../locales/zh-CN/common.json";
import enCommon from "../locales/en-US/common.json";
import zhValidation from "../locales/zh-CN/validation.json";
import enValidation from "../locales/en-US/validation.json";
import zhAccount from "../locales/zh-CN/account.json";
import enAccount from "../locales/en-US/account.json";
import zhTable from "../locales/zh-CN/table.json";
import enTable from "../locales/en-US/table.json";
import zhData from "../locales/zh-CN/data.json";
import enData from "../locales/en-US/data.json";
import zhAdmin from "../locales/zh-CN/admin.json";
import enAdmin from "../locales/en-US/admin.json";
import zhSearch from "../locales/zh-CN/search.json";
import enSearch from "../locales/en-US/search.json";
import zhBooking from "../locales/zh-CN/booking.json";
import enBooking from "../locales/en-US/booking.json";
import zhApi from "../locales/zh-CN/api.json";
import enApi from "../locales/en-US/api.json";
import zhPortAliases from "../locales/zh-CN/portAliases.json";
import enPortAliases from "../locales/en-US/portAliases.json";
import zhWatches from "../locales/zh-CN/watches.json";
import enWatches from "../locales/en-US/watches.json";
import zhInsights from "../locales/zh-CN/insights.json";
import enInsights from "../locales/en-US/insights.json";
import zhImportPreview from "../locales/zh-CN/importPreview.json";
import enImportPreview from "../locales/en-US/importPreview.json";
import zhImportHistory from "../locales/zh-CN/importHistory.json";
import enImportHistory from "../locales/en-US/importHistory.json";
import zhQuotes from "../locales/zh-CN/quotes.json";
import enQuotes from "../locales/en-US/quotes.json";
import zhBackofficeLog from "../locales/zh-CN/backofficeLog.json";
import enBackofficeLog from "../locales/en-US/backofficeLog.json";
import zhQuoteBooking from "../locales/zh-CN/quoteBooking.json";
import enQuoteBooking from "../locales/en-US/quoteBooking.json";
import zhTreeTable from "../locales/zh-CN/treeTable.json";
import enTreeTable from "../locales/en-US/treeTable.json";
import zhPriceRequests from "../locales/zh-CN/priceRequests.json";
import enPriceRequests from "../locales/en-US/priceRequests.json";
import zhWizard from "../locales/zh-CN/wizard.json";
import enWizard from "../locales/en-US/wizard.json";

// The Chinese texts are the reference: their shape types every key the code
// may ask for (TranslationKey in ./keys.ts), and the English texts must have
// the same shape (a key missing in English fails tsc below).
const zhCN = {
  common: zhCommon,
  validation: zhValidation,
  account: zhAccount,
  search: zhSearch,
  booking: zhBooking,
  table: zhTable,
  data: zhData,
  admin: zhAdmin,
  api: zhApi,
  portAliases: zhPortAliases,
  watches: zhWatches,
  insights: zhInsights,
  importPreview: zhImportPreview,
  importHistory: zhImportHistory,
  quotes: zhQuotes,
  backofficeLog: zhBackofficeLog,
  quoteBooking: zhQuoteBooking,
  treeTable: zhTreeTable,
  priceRequests: zhPriceRequests,
  wizard: zhWizard,
};
export type Translations = typeof zhCN;

const enUS: Translations = {
  common: enCommon,
  validation: enValidation,
  account: enAccount,
  search: enSearch,
  booking: enBooking,
  table: enTable,
  data: enData,
  admin: enAdmin,
  api: enApi,
  portAliases: enPortAliases,
  watches: enWatches,
  insights: enInsights,
  importPreview: enImportPreview,
  importHistory: enImportHistory,
  quotes: enQuotes,
  backofficeLog: enBackofficeLog,
  quoteBooking: enQuoteBooking,
  treeTable: enTreeTable,
  priceRequests: enPriceRequests,
  wizard: enWizard,
};

export const resources: Record<Language, Record<string, unknown>> = { "zh-CN": zhCN, "en-US": enUS };

/** Content hash per language, so the client can cache translations forever. */
export const resourceVersions = Object.fromEntries(
  Object.entries(resources).map(([lng, value]) => [
    lng,
    crypto.createHash("sha1").update(JSON.stringify(value)).digest("hex").slice(0, 12),
  ]),
) as Record<Language, string>;
