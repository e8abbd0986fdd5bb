import { languageOf } from "~/http/context.server";
import { getViewer } from "~/http/auth.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { StandaloneLayout } from "~/components/standalone/StandaloneLayout";
import { prisma } from "~/utils/db.server";
import { sitePageMeta } from "~/http/page-meta.server";
import { loaderMeta } from "~/components/root-data";
import { AUDIT } from "~/domain/accounts/status";

export const meta = loaderMeta;

/** Review and maintenance tips: the viewer's review state and the current maintenance notice. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [lng, viewer, notice] = await Promise.all([
    languageOf({ request, context }),
    getViewer({ request, context }),
    prisma.siteSetting.findUnique({ where: { key: "maintenance_notice" } }),
  ]);
  return {
    meta: await sitePageMeta({ request, context }, { title: "common.tips.title" }),
    audit: viewer?.audit ?? null,
    notice: notice ? (lng === "en-US" ? notice.valueEn : notice.valueZh) : null,
  };
}

export default function TipsPage() {
  const { t } = useTranslation();
  const { audit, notice } = useLoaderData<typeof loader>();
  const review =
    audit === AUDIT.pending
      ? "account.notice.pending"
      : audit === AUDIT.failed
        ? "account.notice.failed"
        : audit === null
          ? "common.tips.review"
          : null;
  return (
    <StandaloneLayout title={t("common.tips.title")}>
      {review ? <p className={audit === AUDIT.failed ? "flash flash--error" : "flash flash--warning"}>{t(review)}</p> : null}
      {notice ? <p className="notice">{notice}</p> : null}
      <Link to="/home" className="button button--primary">
        {t("common.errors.backHome")}
      </Link>
    </StandaloneLayout>
  );
}
