import { languageOf, versionsOf } from "~/http/context.server";
import { getViewer } from "~/http/auth.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ContactCard, ContactLines } from "~/components/ContactCard";
import { companyAsContact, loadContactCard } from "~/domain/rates/contacts.server";
import { companyIdentity } from "~/domain/site/company.server";
import { sitePageMeta } from "~/http/page-meta.server";
import { loaderMeta } from "~/components/root-data";

export const meta = loaderMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = { request, context };
  const [viewer, lng, versions, meta] = await Promise.all([
    getViewer(args),
    languageOf(args),
    versionsOf(args),
    sitePageMeta(args, { title: "common.about.contactTitle", description: "common.about.contactDescription" }),
  ]);
  // A customer's own contacts too (the account notice sends pending customers here).
  const [contact, company] = await Promise.all([viewer ? loadContactCard(versions, viewer, lng) : null, companyIdentity(versions, lng)]);
  return { meta, personal: contact?.kind === "personal" ? contact : null, company: companyAsContact(company) };
}

/** The company (the one identity) and, for customers, their own customer service and sales. */
export default function ContactPage() {
  const { t } = useTranslation();
  const { personal, company } = useLoaderData<typeof loader>();
  return (
    <article className="page prose">
      <h1>{t("common.about.contactTitle")}</h1>
      <p>{t("common.about.contactBody")}</p>
      {personal ? <ContactCard data={personal} variant="inline" /> : null}
      {company ? (
        <address className="contact-card contact-card--inline">
          <ContactLines contact={company} />
        </address>
      ) : null}
    </article>
  );
}
