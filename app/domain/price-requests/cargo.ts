// What a price request asks about (issue 43): the lane and the cargo, by
// mode. Containers by type and count for the container modes (FCL, rail,
// trailer: the mode's own price columns are its container types); volume,
// weight and pieces for LCL, air and express. Shared by server and browser:
// plain data and pure functions only.
import type { TranslationKey } from "~/i18n/keys";
import { modeByKey, type ModeDescription, type ModeKey } from "~/domain/modes";

/** The cargo as stored (price_requests.cargo). Counts are whole boxes; cbm, kg text decimals. */
export type PriceRequestCargo =
  { kind: "containers"; counts: Record<string, number> } | { kind: "loose"; cbm: string | null; kg: string | null; pieces: number | null };

/** The form's field of one container type: the shipment form's name (qty_gp20), so a results page's counts carry over. */
export const containerParam = (key: string) => `qty_${key}`;

/** Whether a mode's cargo is containers (counts per price column) or loose cargo. */
export function cargoKind(mode: Pick<ModeDescription, "shipment">): PriceRequestCargo["kind"] {
  return mode.shipment === "containers" ? "containers" : "loose";
}

/** The container types a container mode's request counts: its price columns (FCL 20GP/40GP/40HQ, rail 40' COC …). */
export function containerTypes(mode: Pick<ModeDescription, "prices">): { key: string; labelKey: TranslationKey }[] {
  return mode.prices.map((p) => ({ key: p.key, labelKey: p.labelKey }));
}

/** The lane's two ends as the form names them: `from` absent for express (a destination country only). */
export function laneFields(modeKey: ModeKey) {
  const mode = modeByKey(modeKey);
  return {
    from: mode.fields.find((f) => f.role === "from") ?? null,
    to: mode.fields.find((f) => f.role === "to")!,
  };
}

const number = (text: string) => {
  const [whole, fraction] = text.split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction ? `.${fraction}` : ""}`;
};

/**
 * The cargo in a few words that read the same in both languages:
 * "2 × 20GP, 1 × 40HQ" or "3.5 CBM / 1,200 KG / 10 PKG". Container labels are
 * the price columns' own short names (`label` gives them in the reader's language).
 */
export function cargoText(cargo: PriceRequestCargo, label: (key: string) => string): string {
  if (cargo.kind === "containers") {
    return Object.entries(cargo.counts)
      .filter(([, n]) => n > 0)
      .map(([key, n]) => `${n} × ${label(key)}`)
      .join(", ");
  }
  return [
    cargo.cbm ? `${number(cargo.cbm)} CBM` : null,
    cargo.kg ? `${number(cargo.kg)} KG` : null,
    cargo.pieces ? `${cargo.pieces} PKG` : null,
  ]
    .filter(Boolean)
    .join(" / ");
}

/** Reads a stored cargo defensively (unknown shapes: no cargo). */
export function readCargo(value: unknown): PriceRequestCargo {
  const v = (value ?? {}) as Partial<PriceRequestCargo> & Record<string, unknown>;
  if (v.kind === "containers" && v.counts && typeof v.counts === "object") {
    const counts: Record<string, number> = {};
    for (const [key, n] of Object.entries(v.counts)) if (typeof n === "number" && n > 0) counts[key] = n;
    return { kind: "containers", counts };
  }
  const text = (x: unknown) => (typeof x === "string" && x ? x : null);
  return { kind: "loose", cbm: text(v.cbm), kg: text(v.kg), pieces: typeof v.pieces === "number" ? v.pieces : null };
}
