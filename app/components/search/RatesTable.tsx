import { useTranslation } from "~/i18n/react";
import { ratesTableHtml, type RatesTableInput } from "./rates-table-html";

/**
 * The results table: its HTML built as one string (./rates-table-html.ts,
 * decision 609), the same on the server and in the browser from the same
 * loader data. React renders (and hydrates) the wrapper only; a new search,
 * sort or page gives new rows and so a new string.
 */
export function RatesTable(props: RatesTableInput) {
  const { t } = useTranslation();
  return <div className="table-wrap" dangerouslySetInnerHTML={{ __html: ratesTableHtml(props, t) }} />;
}
