// Why an import was refused: every message, and the numbers of the bad rows.
import { useTranslation } from "~/i18n/react";
import type { Problem } from "~/domain/data-areas/screen-types";

const ROWS_SHOWN = 200;

export function ImportProblems({
  problems,
  badRows,
  dateErrorIds,
  rowLabels,
}: {
  problems: Problem[];
  badRows: number[];
  dateErrorIds?: number[];
  /** A carrier's sheet (issue 40): the bad rows by tab, row and period instead of their numbers. */
  rowLabels?: string[];
}) {
  const { t } = useTranslation();
  if (!problems.length) return null;
  const named = rowLabels ?? badRows.map(String);
  const rows = named.slice(0, ROWS_SHOWN).join(", ") + (named.length > ROWS_SHOWN ? " …" : "");
  return (
    <div className="flash flash--error problems" role="alert" data-testid="import-problems">
      <strong>{t("data.import.refused")}</strong>
      <ul>
        {problems.map((problem, i) => (
          <li key={`${problem.key}-${i}`}>
            {problem.at ? <>【{problem.at}】</> : null}
            {t(problem.key, problem.values ?? {})}
          </li>
        ))}
      </ul>
      {dateErrorIds?.length ? (
        // The whole list as a file (issue 22.3): a link the server renders, so it works without JavaScript.
        <p>
          <a
            download="date-errors.txt"
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(dateErrorIds.join("\r\n"))}`}
            data-testid="date-error-list"
          >
            {t("data.import.dateErrorDownload", { count: dateErrorIds.length })}
          </a>
        </p>
      ) : null}
      {named.length ? <p>{t(rowLabels ? "data.import.badRowsAt" : "data.import.badRows", { count: named.length, rows })}</p> : null}
    </div>
  );
}
