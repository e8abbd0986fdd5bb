// Sea ports (/port): reference list with add, edit (idchange), import,
// export (海运港口.xls) and the two stray-space checks on the English name.
import { col, defineArea } from "./types";

export const portArea = defineArea("port", {
  titleKey: "data.port.title",
  logName: "seaPorts",
  order: "asc",
  columns: [
    col.id(),
    col.text("code", "portcode", { labelKey: "data.col.portCode", required: "data.port.codeRequired" }),
    col.text("name", "portname", { labelKey: "data.col.portName", required: "data.port.nameRequired" }),
    col.text("nameZh", "portzhname", { labelKey: "data.col.portNameZh", required: "data.port.nameZhRequired" }),
    col.text("countryCode", "countrycode"),
    col.text("countryName", "countryname"),
    col.text("countryNameZh", "countryzhname"),
    col.text("lane", "lane"),
    col.text("ediCode", "edicode"),
    col.updated("time"),
  ],
  filters: [{ kind: "search", param: "q", fields: ["code", "name", "nameZh", "countryName", "countryNameZh"], labelKey: "data.filter.portSearch" }],
  dateFilter: { field: "updatedAt", columnKind: "timestamp", labelKey: "data.filter.updatedAt", defaultDays: [-365, 0] },
  edit: {
    add: true,
    idChange: true,
    duplicates: [
      { match: "pkey", messageKey: "data.dup.id", field: "idChange" },
      { match: "code", messageKey: "data.port.dupCode", field: "code" },
      { match: "", messageKey: "data.port.dupName", field: "name" },
    ],
  },
  import: { uniqueInFile: [["code"], ["name"]] },
  export: { fileName: "海运港口.xls", asciiName: "seaPorts.xls" },
  checks: ["leadingSpace", "trailingSpace"],
  spaceCheckField: "name",
});
