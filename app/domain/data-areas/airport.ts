// Airports (/airport): reference list with add, edit (idchange), import,
// export (空运港口.xls) and the two stray-space checks on the code.
import { col, defineArea } from "./types";

export const airportArea = defineArea("airport", {
  titleKey: "data.airport.title",
  logName: "airports",
  order: "asc",
  columns: [
    col.id(),
    col.text("code", "portcode", { labelKey: "data.col.airportCode", required: "data.airport.codeRequired" }),
    col.text("name", "portname", { labelKey: "data.col.portName", required: "data.airport.nameRequired" }),
    col.text("nameZh", "portzhname", { labelKey: "data.col.portNameZh", required: "data.airport.nameZhRequired" }),
    col.text("countryName", "countryname"),
    col.text("countryNameZh", "countryzhname"),
    col.updated("time"),
  ],
  filters: [{ kind: "search", param: "q", fields: ["code", "name", "nameZh", "countryName", "countryNameZh"], labelKey: "data.filter.portSearch" }],
  dateFilter: { field: "updatedAt", columnKind: "timestamp", labelKey: "data.filter.updatedAt", defaultDays: [-365, 0] },
  edit: {
    add: true,
    idChange: true,
    duplicates: [
      { match: "pkey", messageKey: "data.dup.id", field: "idChange" },
      { match: "code", messageKey: "data.airport.dupCode", field: "code" },
      { match: "", messageKey: "data.airport.dupName", field: "name" },
    ],
  },
  import: { uniqueInFile: [["code"], ["name"]] },
  export: { fileName: "空运港口.xls", asciiName: "airports.xls" },
  checks: ["leadingSpace", "trailingSpace"],
  spaceCheckField: "code",
});
