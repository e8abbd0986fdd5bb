// Airports (/airport): reference list with add, edit (idchange), import,
// export (空运港口.xls) and the two stray-space checks on the code.
import { portListParts } from "./port-list";
import { col, defineArea } from "./types";

const { head, shared } = portListParts("airport", "data.col.airportCode");

export const airportArea = defineArea("airport", {
  titleKey: "data.airport.title",
  logName: "airports",
  ...shared,
  columns: [...head, col.text("countryName", "countryname"), col.text("countryNameZh", "countryzhname"), col.updated("time")],
  export: { fileName: "空运港口.xls", asciiName: "airports.xls" },
  spaceCheckField: "code",
});
