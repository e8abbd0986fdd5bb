// The company's identity (decision 604): the one source of the name,
// address, hotline, e-mail, website, filing record, QQ and WeChat that the
// footer, /contact, /us, the visitors' contact card and /freeze show. Gated
// by its own menu entry (/companyInfo), like every back-office screen.
import { requireOperation, runAction } from "~/http/auth.server";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useTranslation } from "~/i18n/react";
import { backToList } from "~/http/replies.server";
import { companyFormValues, readCompanyBoth, saveCompany } from "~/domain/site/company.server";
import { companySchema } from "~/domain/site/schemas";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { backOfficeMeta } from "~/components/backoffice/meta";
import { ErrorList, Field } from "~/components/forms";
import adminStylesHref from "~/styles/admin.css";
import { readFormData } from "~/utils/form-data.server";
import { AdminBreadcrumb } from "~/components/admin/AdminScreen";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStylesHref }];
export const meta = backOfficeMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperation({ request, context }, "company.read");
  return { values: companyFormValues(await readCompanyBoth()) };
}

export const action = (args: ActionFunctionArgs) =>
  runAction(args, { save: "company.update" }, async ({ request }, gate) => {
    const viewer = await gate.authorizeUser("save");
    const submission = parseWithZod(await readFormData(request), { schema: companySchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    await saveCompany(viewer, submission.value);
    return backToList(request, "admin.company.saved");
  });

export const ErrorBoundary = BackOfficeErrorBoundary;

const FIELDS = [
  { name: "nameZh", type: "text", autoComplete: "organization" },
  { name: "nameEn", type: "text", autoComplete: "organization" },
  { name: "addressZh", type: "text", autoComplete: "street-address" },
  { name: "addressEn", type: "text", autoComplete: "street-address" },
  { name: "phone", type: "tel", autoComplete: "tel" },
  { name: "email", type: "email", autoComplete: "email" },
  { name: "website", type: "text", autoComplete: "url" },
  { name: "filingRecord", type: "text" },
  { name: "qq", type: "text", inputMode: "numeric" },
  { name: "wechat", type: "text" },
] as const;

export default function CompanyInfoPage() {
  const { t } = useTranslation();
  const { values } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "company-form",
    lastResult,
    defaultValue: values,
    constraint: getZodConstraint(companySchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: companySchema }),
  });
  return (
    <section className="admin-page" aria-labelledby="company-title">
      <AdminBreadcrumb area={t("admin.common.operationsArea")} title={t("admin.company.title")} />
      <h1 id="company-title">{t("admin.company.title")}</h1>
      <p className="field__hint">{t("admin.company.hint")}</p>
      <Form method="post" {...getFormProps(form)} className="stack admin-form--narrow">
        <ErrorList id={form.errorId} errors={form.errors} />
        {FIELDS.map(({ name, type, ...rest }) => (
          <Field
            key={name}
            label={t(`admin.company.fields.${name}`)}
            inputProps={{ ...getInputProps(fields[name], { type }), ...rest }}
            errors={fields[name].errors}
          />
        ))}
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("admin.company.save")}
        </button>
      </Form>
    </section>
  );
}
