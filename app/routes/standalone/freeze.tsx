import { languageOf, versionsOf } from "~/http/context.server";
import { frozenAccountId } from "~/http/auth.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { loaderMeta } from "~/components/root-data";
import { StandaloneLayout } from "~/components/standalone/StandaloneLayout";
import { ContactLines } from "~/components/ContactCard";
import { companyAsContact, contactsOf } from "~/domain/rates/contacts.server";
import { companyIdentity } from "~/domain/site/company.server";
import { sitePageMeta } from "~/http/page-meta.server";
import { prisma } from "~/utils/db.server";
import { ACCOUNT_STATE } from "~/domain/accounts/status";

export const meta = loaderMeta;

/**
 * Where a frozen account lands (spec 2.1, 6): after a request of one of its
 * sessions, which the guard (session.server) revoked, or a login with the
 * right password. What happened, and whom to ask: the account's own customer
 * service (its sales contact, else the company, when it has none).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [lng, meta, frozenId] = await Promise.all([
    languageOf({ request, context }),
    sitePageMeta({ request, context }, { title: "account.freeze.title" }),
    frozenAccountId(request),
  ]);
  // The cookie names the account; it must still be frozen to be spoken of.
  const account = frozenId ? await prisma.user.findUnique({ where: { id: frozenId }, select: { state: true } }) : null;
  const own = account?.state === ACCOUNT_STATE.frozen ? await contactsOf(frozenId!) : null;
  const person = own?.service ?? own?.sales ?? null;
  const contact = person
    ? { role: own?.service ? ("service" as const) : ("sales" as const), contact: person }
    : { role: "company" as const, contact: companyAsContact(await companyIdentity(await versionsOf({ request, context }), lng)) };
  return { meta, frozen: account?.state === ACCOUNT_STATE.frozen, ...contact };
}

export default function FreezePage() {
  const { t } = useTranslation();
  const { frozen, role, contact } = useLoaderData<typeof loader>();
  return (
    <StandaloneLayout title={t("account.freeze.title")}>
      <p role="alert" className="flash flash--error">
        {t(frozen ? "account.freeze.happened" : "account.freeze.body")}
      </p>
      <p>{t(`account.freeze.ask.${role}`)}</p>
      {contact ? (
        <address className="contact-card contact-card--inline" data-testid="freeze-contact">
          <ContactLines contact={contact} />
        </address>
      ) : null}
      <p style={{ display: "flex", gap: ".5rem", flexWrap: "wrap" }}>
        <Link to="/contact" className="button button--primary">
          {t("account.freeze.contact")}
        </Link>
        <Link to="/home" className="button button--ghost">
          {t("common.errors.backHome")}
        </Link>
      </p>
    </StandaloneLayout>
  );
}
