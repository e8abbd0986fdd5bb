// Profile edit. For an audited account, company, business address and
// import/export countries go to a pending profile change for staff to audit;
// the other fields change at once (profile.server updateProfile).
import { languageOf } from "~/http/context.server";
import { requireViewer, runAction } from "~/http/auth.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useTranslation } from "~/i18n/react";
import { flash } from "~/http/cookies.server";
import { loadProfile, updateProfile } from "~/domain/accounts/profile.server";
import { profileSchema } from "~/domain/accounts/schemas";
import { ErrorList, Field } from "~/components/forms";
import { readFormData } from "~/utils/form-data.server";
import { sitePageMeta } from "~/http/page-meta.server";
import { loaderMeta } from "~/components/root-data";
import { AUDIT } from "~/domain/accounts/status";

export const meta = loaderMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer({ request, context });
  const profile = await loadProfile(viewer.id);
  if (!profile) throw new Response("Not found", { status: 404 });
  return {
    meta: await sitePageMeta({ request, context }, { title: "account.profile.editTitle" }),
    email: profile.email,
    audit: profile.audit,
    defaults: {
      username: profile.username,
      nickname: profile.nickname ?? "",
      phone: profile.phone,
      company: profile.company ?? "",
      businessAddress: profile.businessAddress ?? "",
      iaeCountries: profile.iaeCountries ?? "",
    },
    pending:
      profile.profileAudit === AUDIT.pending
        ? { company: profile.pendingCompany, businessAddress: profile.pendingBusinessAddress, iaeCountries: profile.pendingIaeCountries }
        : null,
  };
}

const OPERATION = { "*": "own.profile" } as const;

export const action = (args: ActionFunctionArgs) =>
  runAction(args, OPERATION, async ({ request, context }, gate) => {
    const viewer = await requireViewer({ request, context });
    await gate.authorize();
    const submission = parseWithZod(await readFormData(request), { schema: profileSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const outcome = await updateProfile(viewer.id, submission.value, await languageOf({ request, context }));
    if (!outcome.ok) {
      if (outcome.status === 404) throw new Response("Not found", { status: 404 });
      return data(submission.reply({ fieldErrors: outcome.fieldErrors }), { status: outcome.status });
    }
    const headers = await flash(request, {
      type: outcome.pendingReview ? "info" : "success",
      key: outcome.pendingReview ? "account.profile.savedPending" : "account.profile.saved",
    });
    return redirect("/userInfo", { headers });
  });

export default function UserInfoPage() {
  const { t } = useTranslation();
  const { email, audit, defaults, pending } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "profile-form",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(profileSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  const none = t("account.profile.none");
  return (
    <section aria-labelledby="profile-title" className="account__form">
      <h1 id="profile-title">{t("account.profile.editTitle")}</h1>
      {audit === AUDIT.passed ? <p className="field__hint">{t("account.profile.auditedNote")}</p> : null}
      {pending ? (
        <div className="notice" role="note" style={{ marginBottom: "1rem" }}>
          <strong>{t("account.profile.pendingTitle")}</strong>
          <dl className="details-list">
            <dt>{t("account.profile.company")}</dt>
            <dd>{pending.company || none}</dd>
            <dt>{t("account.profile.businessAddress")}</dt>
            <dd>{pending.businessAddress || none}</dd>
            <dt>{t("account.profile.iaeCountries")}</dt>
            <dd>{pending.iaeCountries || none}</dd>
          </dl>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label={t("account.profile.email")}
          hint={t("account.profile.emailReadonly")}
          inputProps={{ id: "profile-email", type: "email", value: email, readOnly: true, "aria-readonly": true }}
        />
        <Field
          label={t("account.profile.username")}
          inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username" }}
          errors={fields.username.errors}
        />
        <Field
          label={t("account.profile.nickname")}
          inputProps={{ ...getInputProps(fields.nickname, { type: "text" }), autoComplete: "nickname" }}
          errors={fields.nickname.errors}
        />
        <Field
          label={t("account.profile.phone")}
          inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel", inputMode: "numeric" }}
          errors={fields.phone.errors}
        />
        <Field
          label={t("account.profile.company")}
          inputProps={{ ...getInputProps(fields.company, { type: "text" }), autoComplete: "organization" }}
          errors={fields.company.errors}
        />
        <Field
          label={t("account.profile.businessAddress")}
          inputProps={{ ...getInputProps(fields.businessAddress, { type: "text" }), autoComplete: "street-address" }}
          errors={fields.businessAddress.errors}
        />
        <Field
          label={t("account.profile.iaeCountries")}
          inputProps={getInputProps(fields.iaeCountries, { type: "text" })}
          errors={fields.iaeCountries.errors}
        />
        <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
          {t("account.profile.submit")}
        </button>
      </Form>
    </section>
  );
}
