import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useSearchParams } from "@remix-run/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useTranslation } from "react-i18next";
import { authenticator, LoginError } from "~/domain/accounts/auth.server";
import { createUserSession, getViewer } from "~/domain/accounts/session.server";
import { loginSchema } from "~/domain/accounts/schemas";
import { StandaloneLayout } from "~/components/standalone/StandaloneLayout";
import { ErrorList, Field } from "~/components/forms";
import { safeRedirect } from "~/utils/redirect";

export const meta: MetaFunction = () => [{ title: "Login" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request);
  if (viewer) throw redirect("/home");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const submission = parseWithZod(form, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  try {
    const user = await authenticator.authenticate("form", request);
    return createUserSession(request, user.id, safeRedirect(submission.value.redirectTo));
  } catch (error) {
    if (error instanceof LoginError) {
      return data(
        submission.reply({ formErrors: [`account.login.${error.reason}`], hideFields: ["password"] }),
        { status: 400 },
      );
    }
    throw error;
  }
}

export default function LoginPage() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  return (
    <StandaloneLayout title={t("account.login.title")}>
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorList id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? "/home"} />
        <Field
          label={t("account.login.email")}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <Field
          label={t("account.login.password")}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.password.errors}
        />
        <button type="submit" className="button button--primary button--block">
          {t("account.login.submit")}
        </button>
      </Form>
    </StandaloneLayout>
  );
}
