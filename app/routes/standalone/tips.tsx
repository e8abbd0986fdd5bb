import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { StandaloneLayout } from "~/components/standalone/StandaloneLayout";
import { prisma } from "~/utils/db.server";
import { getLanguage } from "~/i18n/i18n.server";
import { getViewer } from "~/domain/accounts/session.server";
import { sitePageMeta } from "~/domain/site/meta.server";
import { loaderMeta } from "~/utils/root-data";
import { AUDIT } from "~/domain/users/status";

export const meta = loaderMeta;

/** Review and maintenance tips: the viewer's review state and the current maintenance notice. */
export async function loader({ request }: LoaderFunctionArgs) {
  const [lng, viewer, notice] = await Promise.all([
    getLanguage(request),
    getViewer(request),
    prisma.siteSetting.findUnique({ where: { key: "maintenance_notice" } }),
  ]);
  return {
    meta: await sitePageMeta(request, { title: "common.tips.title" }),
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
