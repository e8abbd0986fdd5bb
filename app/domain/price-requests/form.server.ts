// What the request form needs and does (issue 43), for every place it is
// shown: the page /priceRequest, the block under a results page, and the
// embeddable form. Data and outcomes only; the routes reply.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { modeByKey, MODES, type ModeKey } from "~/domain/modes";
import { priceAccess, type PriceStatus } from "~/domain/pricing/access";
import { CURRENCY_PARAM } from "~/domain/pricing/currency";
import type { Language } from "~/i18n/config";
import { env } from "~/utils/env.server";
import { formatDateTime } from "~/utils/dates";
import { cargoKind, containerParam, containerTypes } from "./cargo";
import { requestFieldGroups, type ControlAttributes } from "./form-fields";
import type { T } from "~/i18n/keys";
import { createPriceRequest, modeCurrency, requestCurrencies, type RequestChannel } from "./requests.server";
import { isModeKey, requestProblems, requestSchema } from "./schemas";

export type RequestFormView = {
  modeKey: ModeKey;
  /** The form's starting values: the lane and cargo of the page it came from. */
  values: Record<string, string>;
  currencies: string[];
  visitor: boolean;
  /** A signed-in account that cannot ask (pending, failed, staff): why; null when it may. */
  refused: Exclude<PriceStatus, "priced" | "visitor"> | null;
  hours: number;
  workingHours: string;
};

/** A field of the results pages' request form, in the reader's words (form-fields.ts described it). */
export type OfferField = { name: string; label: string; hint: string | null; value: string } & (
  | { control: "input"; attributes: ControlAttributes }
  | { control: "select"; options: readonly string[] }
  | { control: "textarea"; maxLength: number }
);

/**
 * What a results page offers (issue 43): where nothing was found the request
 * form, its fields described and worded here (the page draws them with no form
 * code of its own), else a link to /priceRequest.
 */
export type PriceRequestOffer =
  | { kind: "link"; href: string }
  | {
      kind: "form";
      mode: ModeKey;
      intro: string;
      visitorHint: string | null;
      groups: { legend: string; hint: string | null; fields: OfferField[] }[];
    };

/** The results pages' request form for `form`, worded by `t`. */
export function offerForm(form: RequestFormView, t: T): PriceRequestOffer {
  return {
    kind: "form",
    mode: form.modeKey,
    intro: t("priceRequests.ask.emptyIntro", { hours: form.hours }),
    visitorHint: form.visitor ? t("priceRequests.ask.visitorHint") : null,
    groups: requestFieldGroups(form.modeKey, form.visitor, form.currencies).map((group) => ({
      legend: t(group.legendKey),
      hint: group.hintKey ? t(group.hintKey) : null,
      fields: group.fields.map((field): OfferField => {
        const worded = { name: field.name, label: t(field.labelKey), value: form.values[field.name] ?? "" };
        if (field.control === "select") return { ...worded, hint: null, control: "select", options: field.options };
        const hint = field.hintKey ? t(field.hintKey) : null;
        if (field.control === "textarea") return { ...worded, hint, control: "textarea", maxLength: field.maxLength };
        return { ...worded, hint, control: "input", attributes: field.attributes };
      }),
    })),
  };
}

/** The desk's promise, for the forms' wording. */
export function deskPromise() {
  const { REQUEST_SLA_HOURS, REQUEST_WORKING_HOURS } = env();
  return { hours: REQUEST_SLA_HOURS, workingHours: REQUEST_WORKING_HOURS };
}

/**
 * The form for `params`: the mode (`mode`, FCL by default), its lane in the
 * results page's own parameter names (pol/pod, lclpol/lclpod, dock/… or
 * origin/destination), the shipment form's cargo (qty_<type>, cbm, kg) and
 * the currency chosen there (cur).
 */
export async function requestFormView(viewer: Viewer | null, params: URLSearchParams): Promise<RequestFormView> {
  const modeParam = params.get("mode");
  const mode = modeByKey(isModeKey(modeParam) ? modeParam : MODES[0].key);
  const values: Record<string, string> = {};
  const take = (name: string, from: string | null | undefined, max = 100) => {
    const value = (from ?? "").trim().slice(0, max);
    if (value) values[name] = value;
  };
  for (const field of mode.fields) {
    const name = field.role === "from" ? "origin" : "destination";
    take(name, params.get(name) ?? params.get(field.param));
  }
  if (cargoKind(mode) === "containers")
    for (const c of containerTypes(mode)) take(containerParam(c.key), params.get(containerParam(c.key)), 3);
  else for (const name of ["cbm", "kg", "pieces"]) take(name, params.get(name), 9);
  const currencies = await requestCurrencies();
  const chosen = (params.get("currency") ?? params.get(CURRENCY_PARAM) ?? "").toUpperCase();
  values.currency = currencies.includes(chosen) ? chosen : modeCurrency(mode);
  const access = priceAccess(viewer);
  return {
    modeKey: mode.key,
    values,
    currencies,
    visitor: !viewer,
    refused: access.status === "priced" || access.status === "visitor" ? null : access.status,
    ...deskPromise(),
  };
}

export type SubmitOutcome =
  | { ok: true; number: string; state: "HELD" | "OPEN"; due: string | null }
  /** conform's reply (field and form errors as message keys), with its HTTP status. */
  | { ok: false; status: number; reply: SubmissionResult<string[]>; values: Record<string, string> };

/** Checks and stores a posted form (the schema of its mode and requester, then the service's own checks). */
export async function submitRequestForm(
  ctx: { viewer: Viewer | null; address: string | null; lng: Language; channel: RequestChannel },
  form: FormData,
  now = new Date(),
): Promise<SubmitOutcome> {
  const modeParam = form.get("mode");
  const modeKey: ModeKey = isModeKey(modeParam) ? modeParam : MODES[0].key;
  // An account that may not ask is refused before its form is read (as every refused operation).
  const access = priceAccess(ctx.viewer);
  if (ctx.viewer && access.status !== "priced") {
    const submission = parseWithZod(new FormData(), { schema: requestSchema(modeKey, false) });
    return {
      ok: false,
      status: 403,
      reply: submission.reply({ formErrors: [`priceRequests.errors.access.${access.status}`] }),
      values: {},
    };
  }
  const values = Object.fromEntries(
    [...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string").map(([k, v]) => [k, v.slice(0, 1000)]),
  );
  const submission = parseWithZod(form, { schema: requestSchema(modeKey, !ctx.viewer) });
  if (submission.status !== "success")
    return {
      ok: false,
      status: 400,
      reply: submission.reply({ fieldErrors: requestProblems(modeKey, !ctx.viewer, form, submission.error) }),
      values,
    };
  const outcome = await createPriceRequest(ctx, submission.value, now);
  if (!outcome.ok)
    return {
      ok: false,
      status: outcome.status,
      reply: submission.reply({ formErrors: outcome.message ? [outcome.message] : undefined, fieldErrors: outcome.fieldErrors }),
      values,
    };
  return { ok: true, number: outcome.number, state: outcome.state, due: outcome.dueAt ? formatDateTime(outcome.dueAt) : null };
}
