import { getViewer } from "~/http/auth.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { StandaloneLayout } from "~/components/standalone/StandaloneLayout";
import { sitePageMeta } from "~/http/page-meta.server";
import { loaderMeta } from "~/components/root-data";

export const meta = loaderMeta;

/** No permission for a back-office screen (the server answers such screens with 403 too). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer({ request, context });
  return { meta: await sitePageMeta({ request, context }, { title: "common.errors.forbiddenTitle" }), signedIn: Boolean(viewer) };
}

export default function NoRightsPage() {
  const { t } = useTranslation();
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <StandaloneLayout title={t("common.errors.forbiddenTitle")}>
      <p>{t("common.errors.forbiddenBody")}</p>
      <p style={{ display: "flex", gap: ".5rem", flexWrap: "wrap" }}>
        <Link to="/home" className="button button--primary">
          {t("common.errors.backHome")}
        </Link>
        {signedIn ? null : (
          <Link to="/login" className="button button--ghost">
            {t("account.tabs.login")}
          </Link>
        )}
      </p>
    </StandaloneLayout>
  );
}
