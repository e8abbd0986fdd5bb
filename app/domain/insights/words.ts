// The words of the dashboard's cells in the viewer's language (page and export).
import type { T } from "~/i18n/keys";
import type { CellWords } from "./columns";

export const cellWords = (t: T): CellWords => ({
  yesNo: (b) => t(b ? "insights.yes" : "insights.no"),
  openEnded: t("insights.prices.openEnded"),
  newLane: t("insights.growth.new"),
});
