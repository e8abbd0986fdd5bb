// /priceDesk/<id> (issue 43): one price request on the pricing desk. A
// visitor's request is accepted (then it is in the queue, assigned to whoever
// accepted it) or declined; an open one is answered with price lines (freight
// per container or unit, surcharges, validity, remarks, in the customer's
// currency: the customer gets a quote link, its PDF and a mail) or declined
// with a reason; an answered one can be written into its mode's rate table
// for the tiers staff price ("make it a rate": through the import's writer,
// so it is in the import history and can be undone). Plain POST forms: no
// JavaScript needed. Outside the viewer's scope: 404.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { messageText, useTranslation } from "~/i18n/react";
import { ErrorList, Field, Select, TextArea } from "~/components/forms";
import { SlaClock } from "~/components/price-requests/SlaClock";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { AdminBreadcrumb, adminTableLinks } from "~/components/admin/AdminScreen";
import { dataOperation, mayPerform, performable } from "~/domain/permissions/operations.server";
import { requireOperation, runAction } from "~/http/auth.server";
import {
  acceptRequest,
  answerRequest,
  declineRequest,
  deskRequest,
  requestCurrencies,
  requestModeOf,
  requestView,
} from "~/domain/price-requests/requests.server";
import {
  ANSWER_UNITS,
  answerDefaults,
  answerField,
  freightColumns,
  publishField,
  readAnswer,
  SURCHARGE_LINES,
  type PriceRequestAnswer,
} from "~/domain/price-requests/answer";
import { publishable, publishAnswer, publishColumns, publishDefaults, SEARCHED_WITHIN_DAYS } from "~/domain/price-requests/publish.server";
import { readCargo } from "~/domain/price-requests/cargo";
import { quoteTotalWords } from "~/domain/quotes/words.server";
import { dataAreas } from "~/domain/data-areas";
import { modeByKey, type ModeKey } from "~/domain/modes";
import { modeOfTransport } from "~/domain/catalog";
import { TIERS } from "~/domain/pricing/visibility";
import { pageT } from "~/i18n/i18n.server";
import { languageOf } from "~/http/context.server";
import { readFormData } from "~/utils/form-data.server";
import { backToList, idOf, intentOf, notFound } from "~/http/replies.server";
import { formatDate, formatDateTime, todayInShanghai } from "~/utils/dates";
import priceRequestStylesHref from "~/components/price-requests/price-requests.css";

export const links: LinksFunction = () => [...adminTableLinks(), { rel: "stylesheet", href: priceRequestStylesHref }];
export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const app = (matches.find((m) => m.id === "root")?.data as { appName?: string } | undefined)?.appName ?? "";
  return [{ title: loaded ? `${loaded.title} | ${app}` : app }, { name: "robots", content: "noindex" }];
};

async function requestOf(id: string | undefined, viewer: Parameters<typeof deskRequest>[0]) {
  const requestId = idOf(id);
  const row = requestId ? await deskRequest(viewer, requestId) : null;
  if (!row) throw notFound();
  return row;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireOperation({ request, context }, "desk.read");
  const row = await requestOf(params.id, viewer);
  const lng = await languageOf({ request, context });
  const t = pageT(lng);
  const view = requestView(row, t);
  const mode = modeByKey(modeOfTransport(row.mode));
  const answer = row.answer as PriceRequestAnswer | null;
  const tier = row.user?.customerRating ? TIERS[row.user.customerRating - 1] : null;
  const area = mode.key !== "express" ? dataAreas[mode.key] : null;
  const may = performable(viewer, { accept: "desk.accept", answer: "desk.answer", decline: "desk.decline" });
  return {
    title: t("priceRequests.desk.requestTitle", { number: row.number }),
    request: view,
    tier,
    may,
    answerForm:
      row.state === "OPEN"
        ? {
            defaults: { ...answerDefaults(mode, readCargo(row.cargo)), validFrom: formatDate(todayInShanghai()) } as Record<string, string>,
            currency: row.currency,
            currencies: await requestCurrencies(),
            freight: freightColumns(mode),
          }
        : null,
    answered: answer
      ? { ...quoteTotalWords(answer.total, t), validFrom: answer.validFrom, validTo: answer.validTo, remarks: answer.remarks }
      : null,
    publish:
      answer && area && publishable(mode) && (row.state === "ANSWERED" || row.state === "BOOKED")
        ? {
            done: row.batchId,
            historyHref: `${area.path}?history=1`,
            areaTitle: area.titleKey,
            // Writing the rate is the table's import: staff holding the desk but not the import see why they cannot.
            allowed: mayPerform(viewer, dataOperation(area.key, "import")),
            currency: "fixed" in mode.currency ? mode.currency.fixed : answer.currency,
            defaults: publishDefaults(mode, answer, tier),
            columns: publishColumns(mode),
            carrier: area.columns.some((c) => c.field === "carrier"),
            days: SEARCHED_WITHIN_DAYS,
          }
        : null,
    expressNote: answer && mode.key === "express",
  };
}

type Failure = { intent: string; errors: Record<string, string[]>; values?: Record<string, string> };
const failure = (intent: string, status: number, errors: Record<string, readonly string[] | undefined>, values?: Record<string, string>) =>
  data<Failure>({ intent, errors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [...(v ?? [])]])), values }, { status });

/** The intents of a request's page; "make it a rate" is the import of the request's mode's table. */
const intentsOf = (mode: ModeKey) =>
  ({ accept: "desk.accept", answer: "desk.answer", decline: "desk.decline", publish: dataOperation(mode, "import") }) as const;

export const action = async (args: ActionFunctionArgs) =>
  runAction(
    args,
    // The mode is no secret (the scope is checked below): an unknown id declares FCL's and ends in 404.
    intentsOf((await requestModeOf(idOf(args.params.id))) ?? "fcl"),
    async ({ request, params }, gate) => {
      const form = await readFormData(request);
      const intent = intentOf(form);
      const viewer = await gate.authorizeUser(intent);
      const row = await requestOf(params.id, viewer);
      const mode = modeByKey(modeOfTransport(row.mode));
      const here = `/priceDesk/${row.id}`;
      const values = Object.fromEntries(
        [...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string").map(([k, v]) => [k, v.slice(0, 1000)]),
      );
      const refused = (outcome: { status: number; message?: string; fieldErrors?: Record<string, string[]> }) => {
        if (outcome.status === 404) throw notFound();
        return failure(
          intent,
          outcome.status,
          { ...(outcome.fieldErrors ?? {}), ...(outcome.message ? { form: [outcome.message] } : {}) },
          values,
        );
      };
      if (intent === "accept") {
        const outcome = await acceptRequest(viewer, row.id);
        return outcome.ok
          ? backToList(request, "priceRequests.msg.accepted", "success", { to: here, values: { number: outcome.number } })
          : refused(outcome);
      }
      if (intent === "decline") {
        const outcome = await declineRequest(viewer, row.id, values.reason ?? "");
        return outcome.ok
          ? backToList(request, "priceRequests.msg.declined", "success", { to: here, values: { number: outcome.number } })
          : refused(outcome);
      }
      if (intent === "answer") {
        const read = readAnswer(mode, {
          values,
          currency: values.currency ?? "",
          currencies: await requestCurrencies(),
          today: formatDate(todayInShanghai()),
        });
        if (!read.ok) return failure(intent, 400, read.errors, values);
        const outcome = await answerRequest(viewer, row.id, read.answer);
        return outcome.ok
          ? backToList(request, "priceRequests.msg.answered", "success", { to: here, values: { number: outcome.number } })
          : refused(outcome);
      }
      // publish: the table's import, authorized above.
      if (mode.key === "express") return failure(intent, 400, { form: ["priceRequests.publish.errors.express"] });
      const outcome = await publishAnswer(viewer, row.id, { values });
      return outcome.ok
        ? backToList(request, "priceRequests.msg.published", "success", {
            to: here,
            values: { batch: outcome.batchId, mails: outcome.mails },
          })
        : refused(outcome);
    },
  );

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function PriceDeskRequestPage() {
  const { t } = useTranslation();
  const { title, request: r, may, answerForm, answered, publish, expressNote } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as Failure | undefined;
  const busy = useNavigation().state === "submitting";
  const errorsOf = (intent: string, field: string) => (failed?.intent === intent ? failed.errors[field] : undefined);
  const valueOf = (intent: string, field: string, fallback = "") => (failed?.intent === intent ? (failed.values?.[field] ?? "") : fallback);
  // The validity dates of the answer and of the rate it becomes (the same two fields, each form's own ids and values).
  const validity = (intent: "answer" | "publish", defaults: { from: string; to: string }, toRequired: boolean) => (
    <>
      <Field
        label={t("priceRequests.desk.validFrom")}
        errors={errorsOf(intent, "validFrom")}
        inputProps={{
          id: `${intent}-valid-from`,
          name: "validFrom",
          type: "date",
          defaultValue: valueOf(intent, "validFrom", defaults.from),
        }}
      />
      <Field
        label={t("priceRequests.desk.validTo")}
        errors={errorsOf(intent, "validTo")}
        inputProps={{
          id: `${intent}-valid-to`,
          name: "validTo",
          type: "date",
          required: toRequired,
          defaultValue: valueOf(intent, "validTo", defaults.to),
        }}
      />
    </>
  );
  const fieldErrors = (intent: string) =>
    failed?.intent === intent ? Object.entries(failed.errors).filter(([field]) => field !== "form") : [];

  const declineForm = (
    <section className="price-desk__section" aria-labelledby="decline-title">
      <h2 id="decline-title">{t("priceRequests.desk.declineTitle")}</h2>
      <Form method="post" className="stack admin-form--narrow" noValidate>
        <ErrorList errors={errorsOf("decline", "form")} />
        <TextArea
          label={t("priceRequests.desk.declineReason")}
          hint={t("priceRequests.desk.declineHint")}
          errors={errorsOf("decline", "reason")}
          textareaProps={{
            id: "decline-reason",
            name: "reason",
            maxLength: 500,
            required: true,
            defaultValue: valueOf("decline", "reason"),
          }}
        />
        <div>
          <button type="submit" name="intent" value="decline" className="button" disabled={busy}>
            {t("priceRequests.desk.decline")}
          </button>
        </div>
      </Form>
    </section>
  );

  return (
    <section className="admin-page" aria-labelledby="price-request-title">
      <AdminBreadcrumb area={t("admin.common.operationsArea")} title={t("priceRequests.desk.title")} />
      <p>
        <Link to="/priceDesk">{t("priceRequests.desk.back")}</Link>
      </p>
      <h1 id="price-request-title">{title}</h1>
      <dl className="price-desk__facts">
        <dt>{t("priceRequests.field.state")}</dt>
        <dd>
          {t(`priceRequests.state.${r.state}`)} <SlaClock sla={r.sla} />
        </dd>
        <dt>{t("priceRequests.field.customer")}</dt>
        <dd>
          {r.customer.name}
          {r.customer.company ? ` · ${r.customer.company}` : ""}
          {r.visitor ? ` (${t("priceRequests.visitor")})` : ""}
        </dd>
        <dt>{t("priceRequests.field.contact")}</dt>
        <dd>{[r.customer.phone, r.customer.email].filter(Boolean).join(" · ")}</dd>
        <dt>{t("priceRequests.field.mode")}</dt>
        <dd>{t(r.modeLabel)}</dd>
        <dt>{t("priceRequests.field.lane")}</dt>
        <dd>{r.route}</dd>
        <dt>{t("priceRequests.field.cargo")}</dt>
        <dd>{r.cargo}</dd>
        {r.readyDate ? (
          <>
            <dt>{t("priceRequests.field.readyDate")}</dt>
            <dd>{r.readyDate}</dd>
          </>
        ) : null}
        {r.remarks ? (
          <>
            <dt>{t("priceRequests.field.remarks")}</dt>
            <dd>{r.remarks}</dd>
          </>
        ) : null}
        <dt>{t("priceRequests.field.currency")}</dt>
        <dd>{r.currency}</dd>
        <dt>{t("priceRequests.field.createdAt")}</dt>
        <dd>{formatDateTime(r.createdAt)}</dd>
        {r.dueAt ? (
          <>
            <dt>{t("priceRequests.field.dueAt")}</dt>
            <dd>{formatDateTime(r.dueAt)}</dd>
          </>
        ) : null}
        <dt>{t("priceRequests.field.channel")}</dt>
        <dd>
          {r.channel.startsWith("embed")
            ? `${t("priceRequests.channel.embed")} ${r.channel.slice(6)}`.trim()
            : t(`priceRequests.channel.${r.channel === "api" ? "api" : "site"}`)}
        </dd>
      </dl>

      {r.state === "HELD" && may.accept ? (
        <section className="price-desk__section" aria-labelledby="accept-title">
          <h2 id="accept-title">{t("priceRequests.desk.accept")}</h2>
          <p className="field__hint">{t("priceRequests.desk.acceptHint")}</p>
          <Form method="post">
            <ErrorList errors={errorsOf("accept", "form")} />
            <button type="submit" name="intent" value="accept" className="button button--primary" disabled={busy}>
              {t("priceRequests.desk.accept")}
            </button>
          </Form>
        </section>
      ) : null}

      {answerForm && may.answer ? (
        <section className="price-desk__section" aria-labelledby="answer-title">
          <h2 id="answer-title">{t("priceRequests.desk.answerTitle")}</h2>
          <p className="field__hint">{t("priceRequests.desk.answerHint")}</p>
          <Form method="post" className="stack" noValidate>
            <ErrorList errors={errorsOf("answer", "form")} />
            <Select
              label={t("priceRequests.field.currency")}
              errors={errorsOf("answer", "currency")}
              selectProps={{ id: "answer-currency", name: "currency", defaultValue: valueOf("answer", "currency", answerForm.currency) }}
              options={answerForm.currencies.map((c) => ({ value: c, label: c }))}
            />
            <table className="price-desk__lines">
              <LinesHead caption={t("priceRequests.desk.freight")} first={t("priceRequests.desk.item")} />
              <tbody>
                {answerForm.freight.map((c) => {
                  const label = [t(c.labelKey), c.note].filter(Boolean).join(" ");
                  const [rate, qty] = [answerField.rate(c.key), answerField.quantity(c.key)];
                  return (
                    <tr key={c.key}>
                      <th scope="row">{label}</th>
                      <td>
                        <input
                          name={rate}
                          inputMode="decimal"
                          maxLength={14}
                          aria-label={`${label} ${t("priceRequests.desk.rate")}`}
                          aria-invalid={errorsOf("answer", rate) ? true : undefined}
                          defaultValue={valueOf("answer", rate)}
                        />
                      </td>
                      <td>
                        <input
                          name={qty}
                          inputMode="decimal"
                          maxLength={10}
                          aria-label={`${label} ${t("priceRequests.desk.quantity")}`}
                          aria-invalid={errorsOf("answer", qty) ? true : undefined}
                          defaultValue={valueOf("answer", qty, answerForm.defaults[qty] ?? "")}
                        />
                      </td>
                      <td>{t(`quotes.shipment.unit.${c.unit}`)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <table className="price-desk__lines">
              <LinesHead caption={t("priceRequests.desk.surcharges")} first={t("priceRequests.desk.surchargeName")} />
              <tbody>
                {Array.from({ length: SURCHARGE_LINES }, (_, i) => (
                  <tr key={i}>
                    <td>
                      <input
                        name={answerField.feeLabel(i)}
                        maxLength={40}
                        aria-label={`${t("priceRequests.desk.surchargeName")} ${i + 1}`}
                        defaultValue={valueOf("answer", answerField.feeLabel(i))}
                      />
                    </td>
                    <td>
                      <input
                        name={answerField.feeRate(i)}
                        inputMode="decimal"
                        maxLength={14}
                        aria-label={`${t("priceRequests.desk.rate")} ${i + 1}`}
                        defaultValue={valueOf("answer", answerField.feeRate(i))}
                      />
                    </td>
                    <td>
                      <input
                        name={answerField.feeQuantity(i)}
                        inputMode="decimal"
                        maxLength={10}
                        aria-label={`${t("priceRequests.desk.quantity")} ${i + 1}`}
                        defaultValue={valueOf("answer", answerField.feeQuantity(i), "1")}
                      />
                    </td>
                    <td>
                      <select
                        name={answerField.feeUnit(i)}
                        aria-label={`${t("priceRequests.desk.unit")} ${i + 1}`}
                        defaultValue={valueOf("answer", answerField.feeUnit(i), "bill")}
                      >
                        {ANSWER_UNITS.map((u) => (
                          <option key={u} value={u}>
                            {t(`quotes.shipment.unit.${u}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {fieldErrors("answer").length ? (
              <ul className="field__errors" role="alert">
                {fieldErrors("answer")
                  .filter(([field]) => !["currency", "validFrom", "validTo", "remarks"].includes(field))
                  .flatMap(([field, keys]) => keys.map((key) => <li key={`${field}-${key}`}>{messageText(t, key)}</li>))}
              </ul>
            ) : null}
            {validity("answer", { from: answerForm.defaults.validFrom, to: "" }, true)}
            <TextArea
              label={t("priceRequests.desk.remarks")}
              errors={errorsOf("answer", "remarks")}
              textareaProps={{ id: "answer-remarks", name: "remarks", maxLength: 1000, defaultValue: valueOf("answer", "remarks") }}
            />
            <div>
              <button type="submit" name="intent" value="answer" className="button button--primary" disabled={busy}>
                {t("priceRequests.desk.send")}
              </button>
            </div>
          </Form>
        </section>
      ) : null}

      {(r.state === "HELD" || r.state === "OPEN") && may.decline ? declineForm : null}

      {r.state === "DECLINED" ? (
        <p className="notice">
          {t("priceRequests.desk.declined", { time: formatDateTime(r.closedAt) ?? "", reason: r.declineReason ?? "" })}
        </p>
      ) : null}

      {answered && r.quote ? (
        <section className="price-desk__section" aria-labelledby="answered-title">
          <h2 id="answered-title">{t("priceRequests.desk.answerTitle")}</h2>
          <p>
            {t("priceRequests.desk.answered", {
              time: formatDateTime(r.answeredAt) ?? "",
              total: answered.totalText,
              quote: r.quote.number,
            })}
          </p>
          <ul>
            {answered.breakdown.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>
            {t("priceRequests.field.validity")}: {answered.validFrom} – {answered.validTo}
            {answered.remarks ? (
              <>
                <br />
                {t("priceRequests.field.answerRemarks")}: {answered.remarks}
              </>
            ) : null}
          </p>
          <p>
            <Link to={`/quote/${r.quote.token}`}>{t("priceRequests.desk.openQuote")}</Link>
          </p>
          {r.entrustmentId ? <p>{t("priceRequests.desk.booked", { id: r.entrustmentId })}</p> : null}
        </section>
      ) : null}

      {expressNote ? <p className="field__hint">{t("priceRequests.desk.publishExpress")}</p> : null}
      {publish ? (
        <section className="price-desk__section" aria-labelledby="publish-title">
          <h2 id="publish-title">{t("priceRequests.desk.publishTitle")}</h2>
          {publish.done !== null ? (
            <p>
              {t("priceRequests.desk.published", { batch: publish.done })}{" "}
              <Link to={publish.historyHref}>{t("priceRequests.desk.history")}</Link>
            </p>
          ) : !publish.allowed ? (
            <p className="field__hint">{t("priceRequests.desk.publishNeedsImport", { area: t(publish.areaTitle) })}</p>
          ) : (
            <>
              <p className="field__hint">{t("priceRequests.desk.publishHint", { area: t(publish.areaTitle), days: publish.days })}</p>
              <p className="field__hint">{t("priceRequests.desk.publishCurrency", { currency: publish.currency })}</p>
              <Form method="post" className="stack" noValidate>
                <ErrorList errors={errorsOf("publish", "form")} />
                <table className="price-desk__lines">
                  <thead>
                    <tr>
                      <th scope="col">{t("priceRequests.desk.item")}</th>
                      {TIERS.map((tier) => (
                        <th key={tier} scope="col">
                          {t("priceRequests.desk.tier")} {tier}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {publish.columns.map((c) => {
                      const label = [t(c.labelKey), c.note].filter(Boolean).join(" ");
                      return (
                        <tr key={c.key}>
                          <th scope="row">{label}</th>
                          {TIERS.map((tier) => {
                            const name = publishField(c.key, tier);
                            return (
                              <td key={tier}>
                                <input
                                  name={name}
                                  inputMode="decimal"
                                  maxLength={14}
                                  aria-label={`${label} ${tier}`}
                                  aria-invalid={errorsOf("publish", name) ? true : undefined}
                                  defaultValue={valueOf("publish", name, publish.defaults[name] ?? "")}
                                />
                              </td>
                            );
                          })}
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
                {fieldErrors("publish").some(([field]) => field.startsWith("price_")) ? (
                  <ul className="field__errors" role="alert">
                    {fieldErrors("publish")
                      .filter(([field]) => field.startsWith("price_"))
                      .flatMap(([field, keys]) => keys.map((key) => <li key={`${field}-${key}`}>{messageText(t, key)}</li>))}
                  </ul>
                ) : null}
                {publish.carrier ? (
                  <Field
                    label={t("priceRequests.desk.carrier")}
                    inputProps={{ id: "publish-carrier", name: "carrier", maxLength: 50, defaultValue: valueOf("publish", "carrier") }}
                  />
                ) : null}
                {validity("publish", { from: publish.defaults.validFrom, to: publish.defaults.validTo }, false)}
                <div>
                  <button type="submit" name="intent" value="publish" className="button button--primary" disabled={busy}>
                    {t("priceRequests.desk.publish")}
                  </button>
                </div>
              </Form>
            </>
          )}
        </section>
      ) : null}
    </section>
  );
}

/** The caption and head of an answer's table of lines (freight, surcharges): what, rate, quantity, unit. */
function LinesHead({ caption, first }: { caption: string; first: string }) {
  const { t } = useTranslation();
  return (
    <>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col">{t("priceRequests.desk.rate")}</th>
          <th scope="col">{t("priceRequests.desk.quantity")}</th>
          <th scope="col">{t("priceRequests.desk.unit")}</th>
        </tr>
      </thead>
    </>
  );
}
