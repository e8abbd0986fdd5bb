import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { StandaloneLayout } from "~/components/standalone/StandaloneLayout";
import { getViewer } from "~/domain/accounts/session.server";
import { sitePageMeta } from "~/domain/site/meta.server";
import { loaderMeta } from "~/utils/root-data";

export const meta = loaderMeta;

/** No permission for a back-office screen (the server answers such screens with 403 too). */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request);
  return { meta: await sitePageMeta(request, { title: "common.errors.forbiddenTitle" }), signedIn: Boolean(viewer) };
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
