// What the two port lists (sea ports /port, airports /airport) share: code,
// English and Chinese name with their required and duplicate messages, the
// search over names and countries, the update range, add and edit with
// idchange, the in-file uniqueness of code and name, the two space checks.
// port.ts and airport.ts add their own columns, export file and checked field.
import type { TranslationKey } from "~/i18n/keys";
import { col, type AreaColumn, type AreaSpec } from "./types";

/** The fields both models have. */
type PortListField = "id" | "code" | "name" | "nameZh" | "countryName" | "countryNameZh" | "updatedAt";

/** `prefix` names the area's messages (data.port.*, data.airport.*); `codeLabelKey` the code column. */
export function portListParts(prefix: "port" | "airport", codeLabelKey: TranslationKey) {
  const head: AreaColumn<PortListField>[] = [
    col.id(),
    col.text("code", "portcode", { labelKey: codeLabelKey, required: `data.${prefix}.codeRequired` }),
    col.text("name", "portname", { labelKey: "data.col.portName", required: `data.${prefix}.nameRequired` }),
    col.text("nameZh", "portzhname", { labelKey: "data.col.portNameZh", required: `data.${prefix}.nameZhRequired` }),
  ];
  const shared = {
    order: "asc",
    fixed: ["code", "name"],
    filters: [
      {
        kind: "search",
        param: "q",
        fields: ["code", "name", "nameZh", "countryName", "countryNameZh"],
        labelKey: "data.filter.portSearch",
      },
    ],
    dateFilter: { field: "updatedAt", columnKind: "timestamp", labelKey: "data.filter.updatedAt", defaultDays: [-365, 0] },
    edit: {
      add: true,
      idChange: true,
      duplicates: [
        { match: "pkey", messageKey: "data.dup.id", field: "idChange" },
        { match: "code", messageKey: `data.${prefix}.dupCode`, field: "code" },
        { match: "", messageKey: `data.${prefix}.dupName`, field: "name" },
      ],
    },
    import: { uniqueInFile: [["code"], ["name"]] },
    checks: ["leadingSpace", "trailingSpace"],
  } satisfies Partial<AreaSpec<PortListField>>;
  return { head, shared };
}
