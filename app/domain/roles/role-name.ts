// The one way a role's name is shown (issue 44 item 8): its English form in
// the English UI, the Chinese name otherwise or when it has no English form.
// Shared by loaders, components, mails and the operation log.
import { inLanguage } from "~/i18n/config";

export type NamedRole = { name: string; nameEn?: string | null };

export function roleName(role: NamedRole, lng: string | undefined): string {
  return inLanguage(lng, role.name, role.nameEn);
}

/** The role's description the same way (the role tree's column). */
export function roleDescription(role: { description: string | null; descriptionEn?: string | null }, lng: string | undefined) {
  return lng === "en-US" && role.descriptionEn ? role.descriptionEn : role.description;
}
