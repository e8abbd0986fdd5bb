// After a booking (PRG): the success message of spec 8 in a large green box,
// for the owner of the entrustment only.
import { requireViewer } from "~/http/auth.server";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { UrlDialog } from "~/components/dialog";
import { BookingErrorBoundary } from "~/components/booking/BookingErrorBoundary";
import { modeOfTransport } from "~/domain/catalog";
import { parseRecordId } from "~/domain/booking/records.server";
import { modeByKey } from "~/domain/modes";
import { prisma } from "~/utils/db.server";
import bookingStylesHref from "~/styles/booking.css";
import { sitePageMeta } from "~/http/page-meta.server";
import { loaderMeta } from "~/components/root-data";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStylesHref }];
export const meta = loaderMeta;
export const ErrorBoundary = BookingErrorBoundary;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer({ request, context });
  const id = parseRecordId(params.id);
  const row = id
    ? await prisma.entrustment.findFirst({
        where: { id, userId: viewer.id },
        select: { id: true, kind: true, mode: true, sourceKind: true },
      })
    : null;
  if (!row) throw new Response("Not found", { status: 404 });
  const mode = modeByKey(modeOfTransport(row.mode));
  return data(
    {
      meta: await sitePageMeta({ request, context }, { title: "booking.success.title" }),
      id: row.id,
      kind: row.kind,
      continueTo: row.sourceKind === "offer" ? "/home" : mode.path,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function BookingDone() {
  const { t } = useTranslation();
  const { id, kind, continueTo } = useLoaderData<typeof loader>();
  return (
    <UrlDialog look="booking" title={t("booking.success.title")} size="choice" closeTo="/entrustment">
      <div className="booking-success" role="status" data-testid="booking-success">
        <p>{t(kind === "ORDER" ? "booking.success.order" : "booking.success.contact")}</p>
      </div>
      <p className="booking-success__number">{t("booking.success.number", { id })}</p>
      <div className="booking-choices">
        <Link to="/entrustment" className="button button--primary button--block">
          {t("booking.success.records")}
        </Link>
        <Link to={continueTo} className="button button--ghost button--block">
          {t("booking.success.continue")}
        </Link>
      </div>
    </UrlDialog>
  );
}
