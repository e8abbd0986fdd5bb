import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ContactCard, ContactLines } from "~/components/ContactCard";
import { getViewer } from "~/domain/accounts/session.server";
import { companyAsContact, loadContactCard } from "~/domain/rates/contacts.server";
import { companyIdentity } from "~/domain/site/company.server";
import { sitePageMeta } from "~/domain/site/meta.server";
import { getLanguage } from "~/i18n/i18n.server";
import { loaderMeta } from "~/utils/root-data";

export const meta = loaderMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const [viewer, lng, meta] = await Promise.all([
    getViewer(request),
    getLanguage(request),
    sitePageMeta(request, { title: "common.about.contactTitle", description: "common.about.contactDescription" }),
  ]);
  // A customer's own contacts too (the account notice sends pending customers here).
  const [contact, company] = await Promise.all([viewer ? loadContactCard(request, viewer, lng) : null, companyIdentity(request, lng)]);
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
