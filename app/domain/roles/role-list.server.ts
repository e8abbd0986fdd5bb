// What the role screen (/roleList) shows: the tree with the links the viewer
// may use, and the dialog the URL asks for (?dialog=edit&id=12), or why it
// may not be opened. Returns an outcome; the route replies (404, refusal).
import type { Viewer } from "~/domain/accounts/viewer.server";
import { mayPerform } from "~/domain/permissions/operations.server";
import { isAdministrator } from "~/domain/permissions/authority.server";
import { listMenus } from "~/domain/menus/menus.server";
import { buildTree, flattenTree } from "~/domain/menus/tree";
import { fail, type Outcome } from "~/domain/outcome";
import { roleDescription, roleName } from "./role-name";
import { getRole, listRoles, placeableParents, roleActions, roleDialogDenial, rolePermissionIds } from "./roles.server";

/** The dialogs of the role screen, by their `?dialog=` value. */
export type RoleDialogKind = "add" | "edit" | "permissions" | "delete";

const isDialog = (value: string | null): value is RoleDialogKind =>
  value === "add" || value === "edit" || value === "permissions" || value === "delete";

/** The role tree and the open dialog, for `viewer` reading in `lng`; `id` is the role a dialog is about. */
export async function roleListView(viewer: Viewer, request: { dialog: string | null; id: number | null }, lng: string) {
  const roles = await listRoles();
  // Links only for the roles the viewer may change: those below their own role.
  const can = await roleActions(viewer, roles);
  const rows = flattenTree(buildTree(roles)).map(({ node, depth }) => ({
    id: node.id,
    name: roleName(node, lng),
    description: roleDescription(node, lng),
    level: node.level,
    depth,
    childCount: node.childCount,
    can: can[node.id],
  }));
  const parentsFor = async (editingId?: number) =>
    (await placeableParents(viewer, roles, editingId)).map((role) => ({
      id: role.id,
      label: roleName(role, lng),
      level: role.level,
      depth: role.depth,
    }));
  const base = { rows, canAdd: mayPerform(viewer, "role.create"), noParent: isAdministrator(viewer) };
  const dialog = isDialog(request.dialog) ? request.dialog : null;
  const view = <T>(open: T): Outcome<{ view: typeof base & { dialog: T } }> => ({ ok: true, view: { ...base, dialog: open } });

  if (dialog === null) return view(null);
  if (dialog === "add") return view({ kind: "add" as const, parents: await parentsFor() });
  const role = request.id ? await getRole(request.id) : null;
  if (!role) return fail(404);
  // Level-1 roles are directories: no edit, no permissions.
  if ((dialog === "edit" || dialog === "permissions") && role.level === 1) return fail(404);
  const denial = await roleDialogDenial(viewer, role.id, dialog);
  if (denial) return { ...fail(denial.status, denial.message), refused: true as const };
  const summary = {
    id: role.id,
    name: role.name,
    nameEn: role.nameEn,
    /** The name as the viewer reads it (dialog titles, the delete question). */
    shown: roleName(role, lng),
    description: role.description,
    descriptionEn: role.descriptionEn,
    parentId: role.parentId,
    level: role.level,
  };
  if (dialog === "edit") return view({ kind: "edit" as const, role: summary, parents: await parentsFor(role.id) });
  if (dialog === "permissions") {
    const menus = flattenTree(buildTree(await listMenus())).map(({ node, depth }) => ({
      id: node.id,
      parentId: node.parentId,
      label: node.label,
      labelEn: node.labelEn,
      level: node.level,
      depth,
    }));
    // Administrators grant anything; everyone else only what they hold.
    const held = isAdministrator(viewer) ? null : viewer.permissionIds;
    return view({ kind: "permissions" as const, role: summary, menus, checked: await rolePermissionIds(role.id), held });
  }
  return view({ kind: "delete" as const, role: summary });
}
