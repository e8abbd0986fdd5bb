// The results page a booking dialog was opened from, drawn behind the dialog
// (issue 45 item 7): the customer sees where they booked from, not a blank
// page, with or without JavaScript. It is inert (no focus, no clicks, hidden
// from assistive technology): the dialog is the page now.
import { RatesPage } from "~/components/search/RatesPage";
import type { ResultsData } from "~/routes/site/-server/results.server";

// React 18 knows no `inert` property: the attribute is passed as a string.
const INERT = { inert: "" } as Record<string, string>;

export function ResultsBehind({ data }: { data: ResultsData | null }) {
  if (!data) return null;
  return (
    <div className="booking-behind" aria-hidden="true" {...INERT} data-testid="results-behind">
      <RatesPage data={data} />
    </div>
  );
}
