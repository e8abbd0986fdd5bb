import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StandaloneLayout } from "~/components/standalone/StandaloneLayout";
import { prisma } from "~/utils/db.server";
import { getLanguage } from "~/i18n/i18n.server";

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** Review and maintenance tips: the current system-maintenance notice. */
export async function loader({ request }: LoaderFunctionArgs) {
  const [lng, notice] = await Promise.all([
    getLanguage(request),
    prisma.siteSetting.findUnique({ where: { key: "maintenance_notice" } }),
  ]);
  return { notice: notice ? (lng === "en-US" ? notice.valueEn : notice.valueZh) : null };
}

export default function TipsPage() {
  const { t } = useTranslation();
  const { notice } = useLoaderData<typeof loader>();
  return (
    <StandaloneLayout title={t("common.tips.title")}>
      <p>{t("common.tips.review")}</p>
      {notice ? <p className="notice">{notice}</p> : null}
      <Link to="/home" className="button button--primary">
        {t("common.errors.backHome")}
      </Link>
    </StandaloneLayout>
  );
}
