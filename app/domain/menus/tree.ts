// Trees of roles, menus and home-content items: rows with a parent id become
// nested nodes; the level rule is the same everywhere (administration.md 4):
// no parent gives level 1, a level-n parent gives level n + 1.
// Plain data helpers shared by server and browser.

export type Row = { id: number; parentId: number | null };
export type TreeNode<T extends Row> = T & { children: TreeNode<T>[] };

/** Nested nodes in the rows' order; orphans (missing parent) become roots. */
export function buildTree<T extends Row>(rows: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<number, TreeNode<T>>();
  for (const row of rows) nodes.set(row.id, { ...row, children: [] });
  const roots: TreeNode<T>[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Depth-first list with each node's depth (0 for roots), for tree tables. */
export function flattenTree<T extends Row>(nodes: readonly TreeNode<T>[], depth = 0): { node: TreeNode<T>; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenTree(node.children, depth + 1)]);
}

/**
 * Choices for a parent picker: the rows `keep` accepts, in tree order (each
 * entry right after its real parent and siblings), with their depth in the
 * whole tree, so an indented option sits under the parent it belongs to.
 */
export function treeChoices<T extends Row>(rows: readonly T[], keep: (row: T) => boolean): (T & { depth: number })[] {
  return flattenTree(buildTree(rows))
    .filter(({ node }) => keep(node))
    .map(({ node, depth }) => {
      const { children: _children, ...row } = node;
      return { ...(row as unknown as T), depth };
    });
}

/** The level a child of `parentLevel` gets (null: no parent). */
export function levelUnder(parentLevel: number | null): number {
  return parentLevel === null ? 1 : parentLevel + 1;
}

/** Ids of a node and everything below it (to refuse moving a node under itself). */
export function subtreeIds<T extends Row>(rows: readonly T[], id: number): Set<number> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (row.parentId !== null && ids.has(row.parentId) && !ids.has(row.id)) {
        ids.add(row.id);
        grew = true;
      }
    }
  }
  return ids;
}

/**
 * Permission saving with strict (non-cascading) checks: the checked ids are
 * saved as they are; every ancestor of a checked node that is not itself
 * checked is saved half-checked (so the menu can show the group).
 */
export function halfCheckedAncestors<T extends Row>(rows: readonly T[], checked: ReadonlySet<number>): Set<number> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const half = new Set<number>();
  for (const id of checked) {
    let parentId = byId.get(id)?.parentId ?? null;
    while (parentId !== null) {
      if (!checked.has(parentId)) half.add(parentId);
      parentId = byId.get(parentId)?.parentId ?? null;
    }
  }
  return half;
}
