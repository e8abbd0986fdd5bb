// The price-request form's fields, described once (issue 43): the lane, the
// cargo by mode (containers by type and count; or volume, weight and pieces),
// the ready date, the currency, remarks and, for a visitor, their contact.
// Two renderers read it: RequestFields (components/price-requests: /priceRequest
// and the embeddable form, with the forms module and field errors) and the
// results pages' block where nothing was found (components/search/PriceRequestOffer),
// which gets the description from its loader so that the results pages load no
// catalog and no form code for it (their 100 KB budget, `bench:budget`).
import type { TranslationKey } from "~/i18n/keys";
import { modeByKey, type ModeKey } from "~/domain/modes";
import { cargoKind, containerParam, containerTypes } from "./cargo";

/** A control's HTML attributes (numbers and flags as HTML takes them). */
export type ControlAttributes = {
  type?: "number" | "date" | "tel" | "email";
  min?: number;
  max?: number;
  step?: number;
  maxLength?: number;
  required?: boolean;
  inputMode?: "numeric" | "decimal";
  autoComplete?: string;
};

export type RequestField =
  | { control: "input"; name: string; labelKey: TranslationKey; hintKey?: TranslationKey; attributes: ControlAttributes }
  | { control: "select"; name: string; labelKey: TranslationKey; options: readonly string[] }
  | { control: "textarea"; name: string; labelKey: TranslationKey; hintKey?: TranslationKey; maxLength: number };

export type RequestFieldGroup = { legendKey: TranslationKey; hintKey?: TranslationKey; fields: RequestField[] };

const input = (name: string, labelKey: TranslationKey, attributes: ControlAttributes = {}, hintKey?: TranslationKey): RequestField => ({
  control: "input",
  name,
  labelKey,
  attributes,
  ...(hintKey ? { hintKey } : {}),
});

/** The form's groups for a mode; `visitor` adds the contact group. */
export function requestFieldGroups(modeKey: ModeKey, visitor: boolean, currencies: readonly string[]): RequestFieldGroup[] {
  const mode = modeByKey(modeKey);
  const containers = cargoKind(mode) === "containers" ? containerTypes(mode) : null;
  const groups: RequestFieldGroup[] = [
    {
      legendKey: "priceRequests.field.lane",
      fields: mode.fields.map((f) => input(f.role === "from" ? "origin" : "destination", f.labelKey, { maxLength: 100, required: true })),
    },
    {
      legendKey: "priceRequests.ask.cargo",
      hintKey: containers ? "priceRequests.ask.containersHint" : "priceRequests.ask.looseHint",
      fields: containers
        ? containers.map((c) =>
            input(containerParam(c.key), c.labelKey, { type: "number", min: 0, max: 999, step: 1, inputMode: "numeric" }),
          )
        : [
            input("cbm", "priceRequests.ask.cbm", { inputMode: "decimal", maxLength: 9 }),
            input("kg", "priceRequests.ask.kg", { inputMode: "decimal", maxLength: 9 }),
            input("pieces", "priceRequests.ask.pieces", { type: "number", min: 1, max: 99999, step: 1, inputMode: "numeric" }),
          ],
    },
    {
      legendKey: "priceRequests.title",
      fields: [
        input("readyDate", "priceRequests.ask.readyDate", { type: "date" }, "priceRequests.ask.readyDateHint"),
        { control: "select", name: "currency", labelKey: "priceRequests.ask.currency", options: currencies },
        {
          control: "textarea",
          name: "remarks",
          labelKey: "priceRequests.ask.remarks",
          hintKey: "priceRequests.ask.remarksHint",
          maxLength: 1000,
        },
      ],
    },
  ];
  if (visitor)
    groups.push({
      legendKey: "priceRequests.field.contact",
      fields: [
        input("contactName", "priceRequests.ask.contactName", { maxLength: 30, required: true, autoComplete: "name" }),
        input("company", "priceRequests.ask.company", { maxLength: 50, required: true, autoComplete: "organization" }),
        input("phone", "priceRequests.ask.phone", { type: "tel", maxLength: 20, autoComplete: "tel" }),
        input("email", "priceRequests.ask.email", { type: "email", maxLength: 100, autoComplete: "email" }),
      ],
    });
  return groups;
}
