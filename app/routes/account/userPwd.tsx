// Change of password: the old one must be right and the new one different;
// the user's other sessions end, this one stays.
import { getSessionId, requireViewer, runAction } from "~/http/auth.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useTranslation } from "~/i18n/react";
import { flash, type FlashMessage } from "~/http/cookies.server";
import { changePassword } from "~/domain/accounts/profile.server";
import { changePasswordSchema } from "~/domain/accounts/schemas";
import { ErrorList, Field } from "~/components/forms";
import { FlashMessage as Message } from "~/components/layout/FlashMessage";
import { readFormData } from "~/utils/form-data.server";
import { sitePageMeta } from "~/http/page-meta.server";
import { loaderMeta } from "~/components/root-data";

export const meta = loaderMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireViewer({ request, context });
  return { meta: await sitePageMeta({ request, context }, { title: "account.password.title" }) };
}

const hideFields = ["oldPassword", "password", "confirmPassword"];

/** conform's reply, plus a message with values (rate limit). */
type ActionData = SubmissionResult<string[]> & { message?: FlashMessage };

const OPERATION = { "*": "own.password" } as const;

export const action = (args: ActionFunctionArgs) =>
  runAction(args, OPERATION, async ({ request, context }, gate) => {
    const viewer = await requireViewer({ request, context });
    await gate.authorize();
    const submission = parseWithZod(await readFormData(request), { schema: changePasswordSchema });
    if (submission.status !== "success") return data<ActionData>(submission.reply({ hideFields }), { status: 400 });
    const outcome = await changePassword(viewer.id, await getSessionId({ request, context }), submission.value);
    if (!outcome.ok) {
      if (outcome.status === 404) throw new Response("Not found", { status: 404 });
      return data<ActionData>(
        { ...submission.reply({ hideFields, fieldErrors: outcome.fieldErrors }), ...(outcome.message ? { message: outcome.message } : {}) },
        { status: outcome.status },
      );
    }
    const headers = await flash(request, { type: "success", key: "account.password.success" });
    return redirect("/userPwd", { headers });
  });

export default function UserPwdPage() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "password-form",
    lastResult: actionData,
    constraint: getZodConstraint(changePasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  return (
    <section aria-labelledby="password-title" className="account__form">
      <h1 id="password-title">{t("account.password.title")}</h1>
      <Message message={actionData?.message ?? null} />
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label={t("account.password.old")}
          inputProps={{ ...getInputProps(fields.oldPassword, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.oldPassword.errors}
        />
        <Field
          label={t("account.password.new")}
          hint={t("account.register.passwordHint")}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password.errors}
        />
        <Field
          label={t("account.password.confirm")}
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
        />
        <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
          {t("account.password.submit")}
        </button>
      </Form>
    </section>
  );
}
