// Parent and level of a tree entry (roles, menus, home items). The rule
// (administration.md 4): no parent → level 1, a level-n parent → level n + 1.
// With JavaScript the level follows the parent; without it the server checks.
import { messageText, useTranslation } from "~/i18n/react";
import { useEffect, useState } from "react";
import { Select } from "~/components/forms";

export type ParentChoice = { id: number; label: string; level: number; depth?: number };

type Props = {
  parents: ParentChoice[];
  maxLevel: number;
  /** "" none chosen, "0" no parent, else the parent id. */
  defaultParent?: string;
  defaultLevel?: string;
  errors: { parentId?: string[] | null; level?: string[] | null };
  labels: { parent: string; level: string; noParent: string; levelName: (level: number) => string; placeholder: string };
  /** Offer "no parent" (a new top entry); false where the viewer may not place one there. */
  allowNoParent?: boolean;
};

export function TreePlacement({ parents, maxLevel, defaultParent, defaultLevel, errors, labels, allowNoParent = true }: Props) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  const initialParent = defaultParent ?? "";
  const [parent, setParent] = useState(initialParent);
  const [level, setLevel] = useState(defaultLevel ?? "");
  useEffect(() => setHydrated(true), []);

  const derived = (value: string): string => {
    if (value === "") return "";
    if (value === "0") return "1";
    const found = parents.find((p) => String(p.id) === value);
    return found ? String(found.level + 1) : "";
  };
  const allowed = derived(parent);
  const levels = Array.from({ length: maxLevel }, (_, i) => i + 1);
  return (
    <>
      <Select
        label={labels.parent}
        placeholder={labels.placeholder}
        options={[
          ...(allowNoParent ? [{ value: "0", label: labels.noParent }] : []),
          ...parents.map((p) => ({ value: String(p.id), label: `${"\u3000".repeat(p.depth ?? 0)}${p.label}` })),
        ]}
        errors={errors.parentId}
        selectProps={{
          name: "parentId",
          defaultValue: initialParent,
          onChange: (event) => {
            const value = event.currentTarget.value;
            setParent(value);
            setLevel(derived(value));
          },
        }}
      />
      <div className="field">
        <label htmlFor="tree-level">{labels.level}</label>
        <select
          id="tree-level"
          name="level"
          value={level}
          onChange={(event) => setLevel(event.currentTarget.value)}
          aria-invalid={errors.level?.length ? true : undefined}
          aria-describedby={errors.level?.length ? "tree-level-error" : undefined}
        >
          <option value="">{labels.placeholder}</option>
          {levels.map((value) => (
            <option key={value} value={String(value)} disabled={hydrated && allowed !== "" && allowed !== String(value)}>
              {labels.levelName(value)}
            </option>
          ))}
        </select>
        {errors.level?.length ? (
          <ul id="tree-level-error" className="field__errors" role="alert">
            {errors.level.map((error) => (
              <li key={error}>{messageText(t, error)}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}
