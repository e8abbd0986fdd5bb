import { getViewer } from "~/http/auth.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { HomeBlocks } from "~/components/HomeBlocks";
import { websiteBlocks } from "~/domain/home-content/home-content.server";
import { sitePageMeta } from "~/http/page-meta.server";
import { languageOf } from "~/http/context.server";
import { loaderMeta, useRootData } from "~/components/root-data";

export const meta = loaderMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [meta, blocks] = await Promise.all([
    sitePageMeta({ request, context }, { title: "common.about.title", description: "common.about.description" }),
    languageOf({ request, context }).then(websiteBlocks),
    // A public page, but a frozen account is still sent to /freeze (every loader reads the session).
    getViewer({ request, context }),
  ]);
  return { meta, blocks };
}

/** Company profile: who we are (the company identity) and the services staff describe on /homeList. */
export default function AboutPage() {
  const { t } = useTranslation();
  const { blocks } = useLoaderData<typeof loader>();
  const company = useRootData()?.company;
  return (
    <article className="page prose">
      <h1>{t("common.about.title")}</h1>
      {company?.name ? <p className="about__company">{company.name}</p> : null}
      <p>{t("common.about.body")}</p>
      <HomeBlocks blocks={blocks} />
    </article>
  );
}
