// The one tree table (issue 19 item 4): the menu, role and home-content
// screens. Rows come in tree order (depth-first, each with its depth, as
// flattenTree gives them); the table indents them, folds a branch through a
// link (`?fold=3,15`, so it works without JavaScript and survives dialogs and
// the redirect after a save) and draws each row's actions as links to the
// screen's URL-addressed dialogs. Rows carry aria-level, and a branch's
// toggle says whether it is expanded.
import type { ReactNode } from "react";
import { Link, useLocation } from "@remix-run/react";
import { keyUnder } from "~/i18n/keys";
import { useTranslation } from "~/i18n/react";
import { hrefWith } from "~/components/urls";

export type TreeRow = { id: number; depth: number };

export type TreeColumn<R> = {
  header: string;
  cell: (row: R) => ReactNode;
  /** The column that holds the tree (indented, with the toggle): a row header. */
  tree?: boolean;
  className?: string;
};

/** A row action: a link that opens the screen's dialog for the row, or a greyed word when `disabled`. */
export type TreeAction = { dialog: string; label: string; danger?: boolean; disabled?: boolean };

/** The search parameter that lists the folded branches. */
export const FOLD_PARAM = "fold";

/** Folded branch ids from a search string (unknown or malformed ids are ignored). */
export function foldedIds(search: string): Set<number> {
  const value = new URLSearchParams(search).get(FOLD_PARAM) ?? "";
  return new Set(
    value
      .split(",")
      .filter((part) => /^\d{1,9}$/.test(part))
      .map(Number),
  );
}

/**
 * The rows to draw: every row whose ancestors are all expanded, each with
 * whether it has children and whether it is folded. Works on the depth-first
 * order alone: a row has children when the next row is deeper.
 */
export function visibleTreeRows<R extends TreeRow>(rows: readonly R[], folded: ReadonlySet<number>) {
  const shown: { row: R; branch: boolean; folded: boolean }[] = [];
  let hideBelow = Number.POSITIVE_INFINITY;
  rows.forEach((row, index) => {
    if (row.depth > hideBelow) return;
    hideBelow = Number.POSITIVE_INFINITY;
    const branch = (rows[index + 1]?.depth ?? -1) > row.depth;
    const isFolded = branch && folded.has(row.id);
    if (isFolded) hideBelow = row.depth;
    shown.push({ row, branch, folded: isFolded });
  });
  return shown;
}

function foldValue(ids: Iterable<number>): string | null {
  const sorted = [...ids].sort((a, b) => a - b);
  return sorted.length ? sorted.join(",") : null;
}

/** The level of an entry as the coloured tag (level 1, 2, 3). */
export function LevelTag({ level }: { level: number }) {
  const { t } = useTranslation();
  return <span className={`admin-tag admin-tag--l${level}`}>{t(keyUnder("admin.tree.levelName.", level))}</span>;
}

type Props<R extends TreeRow> = {
  rows: readonly R[];
  columns: TreeColumn<R>[];
  /** The row's name, for the toggle's label ("collapse Sales"). */
  name: (row: R) => string;
  /** The row's actions; omit for a table without an actions column. */
  actions?: (row: R) => TreeAction[];
  /** Per-row attributes kept from the screens (data-level). */
  rowLevel?: (row: R) => number;
};

export function TreeTable<R extends TreeRow>({ rows, columns, name, actions, rowLevel }: Props<R>) {
  const { t } = useTranslation();
  const location = useLocation();
  const folded = foldedIds(location.search);
  const shown = visibleTreeRows(rows, folded);
  const branches = rows.filter((row, index) => (rows[index + 1]?.depth ?? -1) > row.depth).map((row) => row.id);
  const foldHref = (ids: Iterable<number>) => hrefWith(location, { [FOLD_PARAM]: foldValue(ids), dialog: null, id: null });
  const toggleHref = (id: number) => {
    const next = new Set(folded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return foldHref(next);
  };
  const anyFolded = branches.some((id) => folded.has(id));
  return (
    <>
      {branches.length ? (
        <p className="admin-tree__all">
          {anyFolded ? (
            <Link to={foldHref([])} preventScrollReset>
              {t("treeTable.expandAll")}
            </Link>
          ) : (
            <Link to={foldHref(branches)} preventScrollReset>
              {t("treeTable.collapseAll")}
            </Link>
          )}
        </p>
      ) : null}
      <div className="admin-table-wrap">
        <table className="admin-table admin-tree">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
              {actions ? <th scope="col">{t("admin.common.actions")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {shown.map(({ row, branch, folded: isFolded }) => (
              <tr key={row.id} aria-level={row.depth + 1} data-level={rowLevel?.(row)}>
                {columns.map((column) =>
                  column.tree ? (
                    <th key={column.header} scope="row" style={{ paddingLeft: `${0.5 + row.depth * 1.5}rem` }}>
                      {branch ? (
                        <Link
                          to={toggleHref(row.id)}
                          className="admin-tree__toggle"
                          aria-expanded={!isFolded}
                          aria-label={t(isFolded ? "treeTable.expand" : "treeTable.collapse", { name: name(row) })}
                          preventScrollReset
                        >
                          {isFolded ? "▸" : "▾"}
                        </Link>
                      ) : null}
                      {row.depth > 0 ? (
                        <span aria-hidden="true" className="admin-tree__branch">
                          └{" "}
                        </span>
                      ) : null}
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header} className={column.className}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
                {actions ? (
                  <td className="admin-actions">
                    {actions(row).map((action) =>
                      action.disabled ? (
                        <span key={action.dialog} aria-disabled="true">
                          {action.label}
                        </span>
                      ) : (
                        <Link
                          key={action.dialog}
                          to={hrefWith(location, { dialog: action.dialog, id: row.id })}
                          className={action.danger ? "admin-actions__danger" : undefined}
                          preventScrollReset
                        >
                          {action.label}
                        </Link>
                      ),
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
