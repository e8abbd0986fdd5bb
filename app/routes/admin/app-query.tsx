// The mail outbox for staff (our reading of /app-query, docs/decisions/301):
// who received what, its delivery state and attempts, the last error, and a
// retry for mails that gave up (FAILED → PENDING, due now), and, for staff
// holding right 99, the audited reveal of an undelivered code mail's code
// (decision 101, "Onboarding without a mail provider").
import { runAction, requireOperation } from "~/http/auth.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { mayPerform } from "~/domain/permissions/operations.server";
import { backToList, badRequest, idOf, intentOf, notFound } from "~/http/replies.server";
import { getOutboxMail, listOutbox, mayRevealCode, outboxTable, retryOutboxMail, revealCodeMail } from "~/domain/logs/staff-records.server";
import { OUTBOX_STATUSES, emailKindKey } from "~/domain/logs/outbox-states";
import { parseTableQuery, tablePage } from "~/domain/table/paging.server";
import { DataTable, DateRangeFilter, SearchField, FilterForm, Pager, type TableColumn } from "~/components/table";
import { UrlDialog } from "~/components/dialog";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { Badge } from "~/components/admin/Badge";
import { shanghaiDateTime } from "~/components/admin/format";
import { hrefWith } from "~/components/urls";
import { readFormData } from "~/utils/form-data.server";
import { backOfficeMeta } from "~/components/backoffice/meta";
import { AdminBreadcrumb, adminTableLinks } from "~/components/admin/AdminScreen";
import { IntentForm } from "~/components/forms";

export const links = adminTableLinks;
export const meta = backOfficeMeta;
// A revealed code is in the answer to the POST: no copy may be kept.
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireOperation({ request, context }, "outbox.read");
  const url = new URL(request.url);
  const query = parseTableQuery(url, outboxTable);
  const { rows, total, statusCounts } = await listOutbox(viewer, query);
  let mail = null;
  if (url.searchParams.get("dialog") === "view") {
    const id = idOf(url.searchParams.get("id"));
    const found = id ? await getOutboxMail(viewer, id) : null;
    if (!found) throw notFound();
    mail = { ...found, revealable: mayRevealCode(found) && mayPerform(viewer, "outbox.revealCode") };
  }
  return { rows, page: tablePage(query, total), statusCounts, mail, canOrders: mayPerform(viewer, "entrustment.read") };
}

export const action = (args: ActionFunctionArgs) =>
  runAction(args, { retry: "outbox.retry", reveal: "outbox.revealCode" }, async ({ request }, gate) => {
    const form = await readFormData(request);
    const intent = intentOf(form);
    if (intent !== "retry" && intent !== "reveal") throw badRequest();
    const viewer = await gate.authorizeUser(intent);
    const id = idOf(form.get("id"));
    if (!id) throw badRequest();
    if (intent === "reveal") {
      // Answered once, to this request only: never cached, never in a URL.
      const outcome = await revealCodeMail(viewer, id);
      if (!outcome.ok && outcome.status === 404) throw notFound();
      return data(outcome.ok ? { revealed: outcome.revealed } : { revealError: outcome.message ?? "admin.outbox.reveal.notFound" }, {
        status: outcome.ok ? 200 : outcome.status,
        headers: { "Cache-Control": "private, no-store" },
      });
    }
    const outcome = await retryOutboxMail(viewer, id);
    if (!outcome.ok) {
      if (outcome.status === 404) throw notFound();
      return backToList(request, outcome.message ?? "admin.outbox.retryFailed", "error");
    }
    return backToList(request, "admin.outbox.retried");
  });

export const ErrorBoundary = BackOfficeErrorBoundary;

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Data["rows"][number];

const STATUS_TAG: Record<string, string> = { SENT: "ok", FAILED: "err", PENDING: "warn", SENDING: "muted" };

function RetryButton({ id }: { id: number }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <IntentForm
      intent="retry"
      values={{ id }}
      className="inline-form"
      preventScrollReset
      button={{ className: "link-button", disabled: busy }}
    >
      {t("admin.outbox.retry")}
    </IntentForm>
  );
}

/** The audited reveal of an undelivered code mail's code (right 99): a POST, the code shown once in the answer. */
function RevealCode({ id }: { id: number }) {
  const { t } = useTranslation();
  const acted = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const revealed = acted && "revealed" in acted && acted.revealed?.id === id ? acted.revealed : null;
  const error = acted && "revealError" in acted ? acted.revealError : null;
  return (
    <div className="admin-reveal">
      {revealed ? (
        <p role="status" data-testid="revealed-code">
          {t("admin.outbox.reveal.shown", { to: revealed.to, time: shanghaiDateTime(revealed.expiresAt) })}{" "}
          <strong className="admin-reveal__code">{revealed.code}</strong>
        </p>
      ) : (
        <IntentForm
          intent="reveal"
          values={{ id }}
          className="inline-form"
          preventScrollReset
          button={{ className: "button", disabled: busy }}
        >
          {t("admin.outbox.reveal.button")}
        </IntentForm>
      )}
      {error ? <p role="alert">{t(error)}</p> : null}
      <p className="field__hint">{t("admin.outbox.reveal.hint")}</p>
    </div>
  );
}

export default function AppQueryPage() {
  const { t } = useTranslation();
  const { rows, page, statusCounts, mail, canOrders } = useLoaderData<typeof loader>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const status = params.get("status") ?? "";
  const columns: TableColumn<Row>[] = [
    { key: "id", header: "ID", cell: (row) => row.id, className: "num" },
    { key: "createdAt", header: t("admin.outbox.createdAt"), cell: (row) => shanghaiDateTime(row.createdAt) },
    { key: "to", header: t("admin.outbox.to"), cell: (row) => row.toAddress },
    { key: "subject", header: t("admin.outbox.subject"), cell: (row) => <span title={row.subject}>{row.subject}</span> },
    { key: "kind", header: t("admin.outbox.kind"), cell: (row) => t(emailKindKey(row.kind)) },
    {
      key: "status",
      header: t("admin.outbox.statusLabel"),
      cell: (row) => <span className={`admin-tag admin-tag--${STATUS_TAG[row.status]}`}>{t(`admin.outbox.status.${row.status}`)}</span>,
    },
    { key: "attempts", header: t("admin.outbox.attempts"), cell: (row) => row.attempts, className: "num" },
    { key: "sentAt", header: t("admin.outbox.sentAt"), cell: (row) => shanghaiDateTime(row.sentAt) },
    {
      key: "lastError",
      header: t("admin.outbox.lastError"),
      cell: (row) => <span title={row.lastError ?? ""}>{row.lastError ?? ""}</span>,
    },
  ];
  return (
    <section className="admin-page" aria-labelledby="outbox-title">
      <AdminBreadcrumb area={t("admin.common.operationsArea")} title={t("admin.outbox.title")} />
      <h1 id="outbox-title">{t("admin.outbox.title")}</h1>
      <ul className="admin-tabs" aria-label={t("admin.outbox.statusLabel")}>
        <li>
          <Link
            to={hrefWith(location, { status: null, page: null, dialog: null, id: null })}
            aria-current={status === "" ? "page" : undefined}
          >
            {t("admin.order.all")}
          </Link>
        </li>
        {OUTBOX_STATUSES.map((value) => (
          <li key={value}>
            <Link
              to={hrefWith(location, { status: value, page: null, dialog: null, id: null })}
              aria-current={status === value ? "page" : undefined}
            >
              {t(`admin.outbox.status.${value}`)}
              <Badge count={statusCounts[value]} />
            </Link>
          </li>
        ))}
      </ul>
      <FilterForm label={t("admin.outbox.searchLabel")} keep={["status"]}>
        <SearchField label={t("admin.common.search")} placeholder={t("admin.outbox.placeholder")} maxLength={100} />
        <DateRangeFilter page={page} label={t("admin.outbox.range")} omit={["dialog", "id"]} />
      </FilterForm>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.id)}
        actionsHeader={t("admin.common.actions")}
        actions={(row) => (
          <>
            <Link to={hrefWith(location, { dialog: "view", id: row.id })} preventScrollReset>
              {t("admin.common.view")}
            </Link>
            {row.status === "FAILED" ? <RetryButton id={row.id} /> : null}
          </>
        )}
      />
      <Pager page={page} omit={["dialog", "id"]} />
      {mail ? (
        <UrlDialog look="admin" title={t("admin.outbox.detailTitle", { id: mail.id })} wide>
          <dl className="admin-details">
            <dt>{t("admin.outbox.to")}</dt>
            <dd>{mail.toAddress}</dd>
            <dt>{t("admin.outbox.subject")}</dt>
            <dd>{mail.subject}</dd>
            <dt>{t("admin.outbox.kind")}</dt>
            <dd>{t(emailKindKey(mail.kind))}</dd>
            <dt>{t("admin.outbox.statusLabel")}</dt>
            <dd>
              <span className={`admin-tag admin-tag--${STATUS_TAG[mail.status]}`}>{t(`admin.outbox.status.${mail.status}`)}</span>
            </dd>
            <dt>{t("admin.outbox.attempts")}</dt>
            <dd>{mail.attempts}</dd>
            <dt>{t("admin.outbox.createdAt")}</dt>
            <dd>{shanghaiDateTime(mail.createdAt)}</dd>
            <dt>{t("admin.outbox.nextAttemptAt")}</dt>
            <dd>{mail.status === "PENDING" ? shanghaiDateTime(mail.nextAttemptAt) : "—"}</dd>
            <dt>{t("admin.outbox.sentAt")}</dt>
            <dd>{shanghaiDateTime(mail.sentAt) || "—"}</dd>
            <dt>{t("admin.outbox.lastError")}</dt>
            <dd>{mail.lastError ?? "—"}</dd>
            <dt>{t("admin.outbox.attachments")}</dt>
            <dd>{mail.attachments.length ? mail.attachments.join(", ") : t("admin.common.none")}</dd>
            {mail.entrustmentId ? (
              <>
                <dt>{t("admin.outbox.entrustment")}</dt>
                <dd>
                  {canOrders ? (
                    <Link to={`/app-order?dialog=view&id=${mail.entrustmentId}`}>#{mail.entrustmentId}</Link>
                  ) : (
                    `#${mail.entrustmentId}`
                  )}
                </dd>
              </>
            ) : null}
            <dt>{t("admin.outbox.text")}</dt>
            <dd>{mail.text ?? <span className="admin-placeholder">{t("admin.outbox.confidential")}</span>}</dd>
          </dl>
          {mail.revealable ? <RevealCode id={mail.id} /> : null}
          {mail.status === "FAILED" ? (
            <div className="admin-dialog__actions">
              <RetryButton id={mail.id} />
            </div>
          ) : null}
        </UrlDialog>
      ) : null}
    </section>
  );
}
