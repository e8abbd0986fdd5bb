// Special-offer cards (administration.md 2.4): six tabs (?mode=), add/edit in
// a URL-addressed dialog, previews as customers see them, delete with
// confirmation. Every field of the mode's card is required.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useTranslation } from "~/i18n/react";
import { MODES, type ModeDescription } from "~/domain/modes";
import { runAction, requireOperation } from "~/http/auth.server";
import { backToList, badRequest, cancelled, idOf, intentOf, notFound } from "~/http/replies.server";
import type { TranslationKey } from "~/i18n/keys";
import { offerFormFields, RAIL_CURRENCIES } from "~/domain/offers/cards";
import { createOffer, deleteOffer, getModeOffer, listModeOffers, offerWarning, updateOffer } from "~/domain/offers/offers.server";
import { offerSchema } from "~/domain/offers/schemas";
import { DialogActions } from "~/components/admin/AdminDialog";
import { UrlDialog } from "~/components/dialog";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { OfferPreview } from "~/components/admin/OfferPreview";
import { hrefWith } from "~/components/urls";
import { ErrorList } from "~/components/forms";
import adminStylesHref from "~/styles/admin.css";
import { readFormData } from "~/utils/form-data.server";
import { backOfficeMeta } from "~/components/backoffice/meta";
import { AdminBreadcrumb } from "~/components/admin/AdminScreen";

const PATH = "/saleList";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStylesHref }];
export const meta = backOfficeMeta;

function modeOf(url: URL): ModeDescription {
  const key = url.searchParams.get("mode") ?? "fcl";
  const mode = MODES.find((m) => m.key === key);
  if (!mode) throw notFound();
  return mode;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperation({ request, context }, "offer.read");
  const url = new URL(request.url);
  const mode = modeOf(url);
  const cards = await listModeOffers(mode);
  const dialog = url.searchParams.get("dialog");
  if (dialog === "add") return { modeKey: mode.key, cards, dialog: { kind: "add" as const } };
  if (dialog === "edit" || dialog === "delete") {
    const id = idOf(url.searchParams.get("id"));
    const card = id ? await getModeOffer(mode, id) : null;
    if (!card) throw notFound();
    return { modeKey: mode.key, cards, dialog: { kind: dialog, card } };
  }
  return { modeKey: mode.key, cards, dialog: null };
}

const OFFER_INTENTS = {
  create: "offer.create",
  update: "offer.update",
  delete: "offer.delete",
  cancelDelete: "offer.delete",
  cancel: "offer.delete",
} as const;

export const action = (args: ActionFunctionArgs) =>
  runAction(args, OFFER_INTENTS, async ({ request }, gate) => {
    const url = new URL(request.url);
    const form = await readFormData(request);
    const intent = intentOf(form);
    const viewer = await gate.authorizeUser(intent);
    if (intent === "cancelDelete" || intent === "cancel") return cancelled(request, intent);
    const modeKey = form.get("mode") ?? url.searchParams.get("mode") ?? "fcl";
    const mode = MODES.find((m) => m.key === modeKey);
    if (!mode) throw badRequest();

    if (intent === "create" || intent === "update") {
      const submission = parseWithZod(form, { schema: offerSchema(mode) });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const values = submission.value as Record<string, string>;
      const warning = await offerWarning(mode, values);
      const saved = (key: TranslationKey) =>
        warning ? backToList(request, warning.key, "info", { values: warning.values }) : backToList(request, key);
      if (intent === "create") {
        await createOffer(viewer, mode, values);
        return saved("admin.offer.added");
      }
      const id = idOf(form.get("id"));
      if (!id) throw badRequest();
      const outcome = await updateOffer(viewer, mode, id, values);
      if (!outcome.ok)
        return data(submission.reply({ formErrors: [outcome.message ?? "admin.offer.editFailed"] }), { status: outcome.status });
      return saved("admin.offer.edited");
    }
    if (intent === "delete") {
      const id = idOf(form.get("id"));
      if (!id) throw badRequest();
      const outcome = await deleteOffer(viewer, mode, id);
      if (!outcome.ok) return backToList(request, outcome.message ?? "admin.offer.deleteFailed", "error");
      return backToList(request, "admin.offer.deleted");
    }
    throw badRequest();
  });

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function SaleListPage() {
  const { t } = useTranslation();
  const { modeKey, cards, dialog } = useLoaderData<typeof loader>();
  const location = useLocation();
  const mode = MODES.find((m) => m.key === modeKey)!;
  return (
    <section className="admin-page" aria-labelledby="offers-title">
      <AdminBreadcrumb area={t("admin.common.operationsArea")} title={t("admin.offer.title")} />
      <div className="admin-toolbar">
        <h1 id="offers-title">{t("admin.offer.title")}</h1>
      </div>
      <ul className="admin-tabs" aria-label={t("admin.offer.modes")}>
        {MODES.map((m) => (
          <li key={m.key}>
            <Link to={`${PATH}?mode=${m.key}`} aria-current={m.key === modeKey ? "page" : undefined}>
              {t(m.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
      <div className="admin-toolbar">
        <h2>{t("admin.offer.heading", { mode: t(mode.labelKey) })}</h2>
        <Link to={hrefWith(location, { dialog: "add", id: null })} className="button button--primary" preventScrollReset>
          {t("admin.offer.add")}
        </Link>
      </div>
      {cards.length === 0 ? (
        <p className="admin-empty">{t("admin.offer.empty")}</p>
      ) : (
        <ul className="admin-offers">
          {cards.map((card) => (
            <OfferPreview
              key={card.id}
              mode={mode}
              card={card}
              editHref={hrefWith(location, { dialog: "edit", id: card.id })}
              deleteHref={hrefWith(location, { dialog: "delete", id: card.id })}
            />
          ))}
        </ul>
      )}
      {dialog?.kind === "add" ? <OfferEditor key={`add-${mode.key}`} mode={mode} /> : null}
      {dialog?.kind === "edit" ? <OfferEditor key={`edit-${dialog.card.id}`} mode={mode} card={dialog.card} /> : null}
      {dialog?.kind === "delete" ? (
        <ConfirmDialog
          title={t("admin.offer.deleteTitle")}
          message={t("admin.offer.deleteConfirm")}
          intent="delete"
          id={dialog.card.id}
          hidden={{ mode: mode.key }}
        />
      ) : null}
    </section>
  );
}

function OfferEditor({ mode, card }: { mode: ModeDescription; card?: { id: number; values: Record<string, string> } }) {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const schema = offerSchema(mode);
  const fields = offerFormFields(mode);
  const [form, formFields] = useForm({
    id: card ? `offer-edit-${card.id}` : `offer-add-${mode.key}`,
    lastResult,
    defaultValue: card ? card.values : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const initial = (name: string): string => {
    const value = formFields[name]?.initialValue;
    return typeof value === "string" ? value : "";
  };
  return (
    <UrlDialog look="admin" title={t(card ? "admin.offer.editTitle" : "admin.offer.addTitle", { mode: t(mode.labelKey) })} wide>
      <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value={card ? "update" : "create"} />
        <input type="hidden" name="mode" value={mode.key} />
        {card ? <input type="hidden" name="id" value={card.id} /> : null}
        <div className="admin-grid-2">
          {fields.map((field) => {
            const meta = formFields[field.name];
            const errors = meta?.errors;
            const id = `offer-${field.name}`;
            const errorId = errors?.length ? `${id}-error` : undefined;
            // Express: the total is computed when left empty (offers/schemas.ts).
            const computed = mode.key === "express" && field.name === "totalCost";
            const hintId = computed ? `${id}-hint` : undefined;
            const common = {
              id,
              name: field.name,
              defaultValue: initial(field.name),
              required: !computed,
              "aria-invalid": errorId ? true : undefined,
              "aria-describedby": [errorId, hintId].filter(Boolean).join(" ") || undefined,
            } as const;
            return (
              <div className="field" key={field.name}>
                <label htmlFor={id}>{t(field.labelKey)}</label>
                {field.kind === "currency" ? (
                  <select {...common}>
                    <option value="">{t("admin.common.choose")}</option>
                    {RAIL_CURRENCIES.map((currency) => (
                      <option key={currency} value={currency}>
                        {currency}
                      </option>
                    ))}
                  </select>
                ) : field.kind === "datetime" ? (
                  <div className="admin-datetime">
                    <input {...common} type="date" />
                    <input
                      type="time"
                      step={1}
                      name={`${field.name}Time`}
                      defaultValue={initial(`${field.name}Time`) || "00:00:00"}
                      aria-label={t("admin.offer.time")}
                    />
                  </div>
                ) : (
                  <input
                    {...common}
                    type="text"
                    inputMode={field.kind === "text" ? undefined : "decimal"}
                    maxLength={field.kind === "text" ? 100 : 14}
                  />
                )}
                {computed ? (
                  <p id={hintId} className="field__hint">
                    {t("admin.offer.totalHint")}
                  </p>
                ) : null}
                <ErrorList id={errorId} errors={errors} />
              </div>
            );
          })}
        </div>
        <DialogActions busy={busy} />
      </Form>
    </UrlDialog>
  );
}
