// Personal centre overview: the profile fields of customer-portal.md 3.
import { requireViewer } from "~/http/auth.server";
import { keyUnder } from "~/i18n/keys";
import { roleName } from "~/domain/roles/role-name";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { loadProfile } from "~/domain/accounts/profile.server";
import { formatDateTime } from "~/utils/dates";
import { sitePageMeta } from "~/http/page-meta.server";
import { loaderMeta } from "~/components/root-data";
import { AUDIT } from "~/domain/accounts/status";

export const meta = loaderMeta;

type Contact = { username: string; nickname: string | null; phone: string; email: string; landline: string | null } | null;

const contactOf = (person: Contact) =>
  person ? { name: person.nickname || person.username, phone: person.phone, email: person.email, landline: person.landline } : null;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer({ request, context });
  const profile = await loadProfile(viewer.id);
  if (!profile) throw new Response("Not found", { status: 404 });
  return {
    meta: await sitePageMeta({ request, context }, { title: "account.profile.title" }),
    profile: {
      email: profile.email,
      username: profile.username,
      nickname: profile.nickname,
      phone: profile.phone,
      company: profile.company,
      businessAddress: profile.businessAddress,
      iaeCountries: profile.iaeCountries,
      avatarPath: profile.avatarPath,
      roleId: profile.role.id,
      roleName: profile.role.name,
      roleNameEn: profile.role.nameEn,
      audit: profile.audit,
      profileAudit: profile.profileAudit,
      pending:
        profile.profileAudit === AUDIT.pending
          ? { company: profile.pendingCompany, businessAddress: profile.pendingBusinessAddress, iaeCountries: profile.pendingIaeCountries }
          : null,
      createdAt: formatDateTime(profile.createdAt),
      lastLoginAt: formatDateTime(profile.lastLoginAt),
      customerService: contactOf(profile.customerService),
      sales: contactOf(profile.sales),
    },
  };
}

const AUDIT_BADGE: Record<number, string> = { 1: "badge--warning", 2: "badge--ok", 3: "badge--error" };

export default function UserAllInfoPage() {
  const { t, i18n } = useTranslation();
  const { profile } = useLoaderData<typeof loader>();
  const none = t("account.profile.none");
  const contact = (person: typeof profile.sales) =>
    person ? (
      <>
        {person.name}
        {" · "}
        <a href={`tel:${person.phone}`}>{person.phone}</a>
        {" · "}
        <a href={`mailto:${person.email}`}>{person.email}</a>
        {person.landline ? ` · ${person.landline}` : null}
      </>
    ) : (
      t("account.profile.notAssigned")
    );
  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">{t("account.profile.title")}</h1>
      <div style={{ display: "flex", gap: "1rem", alignItems: "center", marginBottom: "1rem" }}>
        {profile.avatarPath ? (
          <img
            className="avatar avatar--large"
            src={`/avatars/${profile.avatarPath}`}
            alt={t("account.avatar.alt", { name: profile.username })}
            width="96"
            height="96"
          />
        ) : null}
        <div>
          <strong>{profile.nickname || profile.username}</strong>
          <div>
            <span className={`badge ${AUDIT_BADGE[profile.audit] ?? ""}`}>
              {t(keyUnder("account.profile.auditStatus.", profile.audit))}
            </span>
          </div>
        </div>
      </div>
      {profile.pending ? (
        <div className="notice" role="note">
          <strong>{t("account.profile.pendingTitle")}</strong>
          <p>{t("account.profile.pendingNote")}</p>
          <dl className="details-list">
            <dt>{t("account.profile.company")}</dt>
            <dd>{profile.pending.company || none}</dd>
            <dt>{t("account.profile.businessAddress")}</dt>
            <dd>{profile.pending.businessAddress || none}</dd>
            <dt>{t("account.profile.iaeCountries")}</dt>
            <dd>{profile.pending.iaeCountries || none}</dd>
          </dl>
        </div>
      ) : null}
      <dl className="details-list">
        <dt>{t("account.profile.email")}</dt>
        <dd>{profile.email}</dd>
        <dt>{t("account.profile.username")}</dt>
        <dd>{profile.username}</dd>
        <dt>{t("account.profile.nickname")}</dt>
        <dd>{profile.nickname || none}</dd>
        <dt>{t("account.profile.phone")}</dt>
        <dd>{profile.phone}</dd>
        <dt>{t("account.profile.company")}</dt>
        <dd>{profile.company || none}</dd>
        <dt>{t("account.profile.businessAddress")}</dt>
        <dd>{profile.businessAddress || none}</dd>
        <dt>{t("account.profile.iaeCountries")}</dt>
        <dd>{profile.iaeCountries || none}</dd>
        <dt>{t("account.profile.role")}</dt>
        <dd>{roleName({ name: profile.roleName, nameEn: profile.roleNameEn }, i18n.language)}</dd>
        <dt>{t("account.profile.audit")}</dt>
        <dd>{t(keyUnder("account.profile.auditStatus.", profile.audit))}</dd>
        {profile.profileAudit ? (
          <>
            <dt>{t("account.profile.profileAuditLabel")}</dt>
            <dd>{t(keyUnder("account.profile.profileAuditStatus.", profile.profileAudit))}</dd>
          </>
        ) : null}
        <dt>{t("account.profile.createdAt")}</dt>
        <dd>{profile.createdAt ?? none}</dd>
        <dt>{t("account.profile.lastLoginAt")}</dt>
        <dd>{profile.lastLoginAt ?? none}</dd>
        <dt>{t("account.profile.customerService")}</dt>
        <dd>{contact(profile.customerService)}</dd>
        <dt>{t("account.profile.sales")}</dt>
        <dd>{contact(profile.sales)}</dd>
      </dl>
      <p>
        <Link to="/userInfo" className="button button--primary">
          {t("account.profile.edit")}
        </Link>
      </p>
    </section>
  );
}
