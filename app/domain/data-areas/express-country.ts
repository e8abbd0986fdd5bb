// Express countries (/expressCountry): destination countries and their zone
// (part_code). Add and edit validate on blur; times are YYYY-MM-DD HH:mm:ss.
import { col, defineArea } from "./types";

export const expressCountryArea = defineArea("expressCountry", {
  titleKey: "data.expressCountry.title",
  logName: "expressCountries",
  order: "asc",
  fixed: ["zoneCode"],
  columns: [
    col.id(),
    col.text("zoneCode", "part_code", { required: "data.expressCountry.zoneCodeRequired" }),
    col.text("zone", "part", { required: "data.expressCountry.zoneRequired" }),
    col.text("countryCode", "country_code", { required: "data.expressCountry.countryCodeRequired" }),
    col.text("countryZh", "country_zh", { required: "data.expressCountry.countryZhRequired" }),
    col.text("countryEn", "country_en", { required: "data.expressCountry.countryEnRequired" }),
    col.updated("time", { labelKey: "data.col.updatedDay" }),
  ],
  filters: [
    {
      kind: "search",
      param: "q",
      fields: ["countryCode", "countryZh", "countryEn", "zoneCode", "zone"],
      labelKey: "data.filter.countrySearch",
    },
  ],
  dateFilter: { field: "updatedAt", columnKind: "timestamp", labelKey: "data.filter.updatedAt", defaultDays: null },
  edit: {
    add: true,
    idChange: false,
    validateOnBlur: true,
    duplicates: [
      { match: "country_code", messageKey: "data.expressCountry.dupCode", field: "countryCode" },
      { match: "country_zh", messageKey: "data.expressCountry.dupZh", field: "countryZh" },
      { match: "", messageKey: "data.expressCountry.dupEn", field: "countryEn" },
    ],
  },
  import: { uniqueInFile: [["countryCode"], ["countryZh"], ["countryEn"]] },
  export: { fileName: "快递国家.xls", asciiName: "expressCountries.xls" },
  selectable: true,
  exportSelected: true,
});
