// Why an import was refused: every message, and the numbers of the bad rows.
import { useTranslation } from "~/i18n/react";
import type { Problem } from "~/domain/data-areas/screen-types";

const ROWS_SHOWN = 200;

export function ImportProblems({ problems, badRows, dateErrorIds }: { problems: Problem[]; badRows: number[]; dateErrorIds?: number[] }) {
  const { t } = useTranslation();
  if (!problems.length) return null;
  const rows = badRows.slice(0, ROWS_SHOWN).join(", ") + (badRows.length > ROWS_SHOWN ? " …" : "");
  return (
    <div className="flash flash--error problems" role="alert" data-testid="import-problems">
      <strong>{t("data.import.refused")}</strong>
      <ul>
        {problems.map((problem, i) => (
          <li key={`${problem.key}-${i}`}>{t(problem.key, problem.values ?? {})}</li>
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
      {badRows.length ? <p>{t("data.import.badRows", { count: badRows.length, rows })}</p> : null}
    </div>
  );
}
