// The dialogs of user management: one editor for add and edit, the
// registration audit, the profile-change audit, views and the handover.
import { messageText, useTranslation } from "~/i18n/react";
import { roleName } from "~/domain/roles/role-name";
import { keyUnder, type TranslationKey } from "~/i18n/keys";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { addUserSchema, auditSchema, decisionSchema, editUserSchema, handoverSchema } from "~/domain/users/schemas";
import { DialogActions } from "./AdminDialog";
import { UrlDialog } from "~/components/dialog";
import { ErrorList, Field, Select, TextArea, textOf } from "~/components/forms";
import { AUDIT } from "~/domain/accounts/status";
import { z } from "~/utils/zod";
import { UPLOAD_LIMITS } from "~/utils/upload-limits";

export type UserOptions = {
  sales: { id: number; username: string; nickname: string | null }[];
  services: { id: number; username: string; nickname: string | null }[];
  roles: { id: number; name: string; nameEn: string | null; selfService: boolean }[];
  /** For a handover: the active members of the leaving member's role. */
  staff: { id: number; username: string; nickname: string | null; roleId: number; state: number }[];
  /** The views the viewer may give or take. */
  views: number[];
  /** The tiers the viewer may give (T0 needs its own right). */
  tiers: number[];
};

export type UserDetail = {
  id: number;
  email: string;
  username: string;
  phone: string;
  businessAddress: string | null;
  company: string | null;
  iaeCountries: string | null;
  salesId: number | null;
  customerServiceId: number | null;
  roleId: number;
  roleName: string;
  roleNameEn: string | null;
  customerRating: number | null;
  landline: string | null;
  qq: string | null;
  audit: number;
  profileAudit: number | null;
  pendingCompany: string | null;
  pendingBusinessAddress: string | null;
  pendingIaeCountries: string | null;
  viewIds: number[];
  wxCodePath: string | null;
  internal: boolean;
};

const person = (p: { username: string; nickname: string | null }) => (p.nickname ? `${p.nickname}（${p.username}）` : p.username);

/** The tiers the viewer may give, and the user's own (kept when unchanged). */
function useTierOptions(options: UserOptions, current: number | null = null) {
  const { t } = useTranslation();
  return [1, 2, 3]
    .filter((tier) => options.tiers.includes(tier) || tier === current)
    .map((tier) => ({ value: String(tier), label: t(keyUnder("admin.user.tier.", tier)) }));
}

/** One editor for add and edit (house style 3); the QR card upload for staff on edit. */
export function UserEditor({ user, options }: { user: UserDetail | null; options: UserOptions }) {
  const { t, i18n } = useTranslation();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const busy = useNavigation().state === "submitting";
  const schema = user ? editUserSchema : addUserSchema;
  const [form, fields] = useForm({
    id: user ? `user-edit-${user.id}` : "user-add",
    lastResult,
    defaultValue: user
      ? {
          username: user.username,
          phone: user.phone,
          businessAddress: user.businessAddress ?? "",
          company: user.company ?? "",
          salesId: user.salesId ? String(user.salesId) : "",
          customerServiceId: user.customerServiceId ? String(user.customerServiceId) : "",
          roleId: String(user.roleId),
          customerRating: user.customerRating ? String(user.customerRating) : "",
          landline: user.landline ?? "",
          qq: user.qq ?? "",
        }
      : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The QR card is checked in the browser too (type, size, empty); the server checks it again by content.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: user?.internal ? schema.extend({ wxCode: wxCodeFile }) : schema }),
  });
  const tiers = useTierOptions(options, user?.customerRating);
  // Before the audit passed, only the self-service customer roles (spec 5).
  const roles = options.roles.filter((role) => !user || user.audit === AUDIT.passed || role.selfService);
  const f = fields as unknown as Record<string, { errors?: string[]; initialValue?: unknown } & Parameters<typeof getInputProps>[0]>;
  return (
    <UrlDialog look="admin" title={t(user ? "admin.user.editTitle" : "admin.user.addTitle")} wide>
      <Form
        method="post"
        {...getFormProps(form)}
        encType={user?.internal ? "multipart/form-data" : undefined}
        className="stack"
        preventScrollReset
      >
        <ErrorList id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value={user ? "update" : "create"} />
        {user ? <input type="hidden" name="id" value={user.id} /> : null}
        <div className="admin-grid-2">
          {user ? (
            <Field
              label={t("admin.user.email")}
              inputProps={{ id: "user-email", type: "email", value: user.email, readOnly: true, "aria-readonly": true }}
            />
          ) : (
            <Field
              label={t("admin.user.email")}
              inputProps={{ ...getInputProps(f.email, { type: "email" }), autoComplete: "off" }}
              errors={f.email.errors}
            />
          )}
          {user ? null : (
            <Field
              label={t("admin.user.password")}
              inputProps={{ ...getInputProps(f.password, { type: "password" }), autoComplete: "new-password" }}
              errors={f.password.errors}
            />
          )}
          <Field
            label={t("admin.user.username")}
            inputProps={getInputProps(fields.username, { type: "text" })}
            errors={fields.username.errors}
          />
          <Field
            label={t("admin.user.phone")}
            inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), inputMode: "numeric" }}
            errors={fields.phone.errors}
          />
          <Field
            label={t("admin.user.company")}
            inputProps={getInputProps(fields.company, { type: "text" })}
            errors={fields.company.errors}
          />
          <Field
            label={t("admin.user.businessAddress")}
            inputProps={getInputProps(fields.businessAddress, { type: "text" })}
            errors={fields.businessAddress.errors}
          />
          <ContactSelects options={options} sales={fields.salesId} service={fields.customerServiceId} />
          <Select
            label={t("admin.user.role")}
            placeholder={t("admin.common.choose")}
            options={roles.map((role) => ({ value: String(role.id), label: roleName(role, i18n.language) }))}
            errors={fields.roleId.errors}
            selectProps={{ name: "roleId", defaultValue: textOf(fields.roleId.initialValue) }}
          />
          <Select
            label={t("admin.user.tierLabel")}
            placeholder={t("admin.common.choose")}
            options={tiers}
            errors={fields.customerRating.errors}
            selectProps={{ name: "customerRating", defaultValue: textOf(fields.customerRating.initialValue) }}
          />
          <Field
            label={t("admin.user.landline")}
            inputProps={getInputProps(fields.landline, { type: "tel" })}
            errors={fields.landline.errors}
          />
          <Field label={t("admin.user.qq")} inputProps={getInputProps(fields.qq, { type: "text" })} errors={fields.qq.errors} />
        </div>
        {user && user.audit !== AUDIT.passed ? <p className="field__hint">{t("admin.user.roleRestrictedHint")}</p> : null}
        {user?.internal ? <p className="field__hint">{t("admin.user.staffNoTierHint")}</p> : null}
        {/* Last in the form: the server reads every text field before the file, so a refused file keeps them. */}
        {user?.internal ? <WxCodeField user={user} errors={form.allErrors.wxCode} /> : null}
        <DialogActions busy={busy} />
      </Form>
    </UrlDialog>
  );
}

/** The browser's check of a chosen QR card (conform leaves an input without a file undefined). */
const wxCodeFile = z
  .custom<File>((value) => !(value instanceof File) || value.size > 0, { message: "admin.user.wxCodeEmpty" })
  .refine((file) => !(file instanceof File) || file.size <= UPLOAD_LIMITS.wxCode, { message: "admin.user.wxCodeTooLarge" })
  .refine((file) => !(file instanceof File) || /\.(jpe?g|png)$/i.test(file.name), { message: "admin.user.wxCodeInvalid" })
  .optional();

/** QR business card of a staff member (jpg/png, one file, at most 2 MB), a field of the edit form. */
function WxCodeField({ user, errors }: { user: UserDetail; errors?: string[] }) {
  const { t } = useTranslation();
  return (
    <fieldset className="stack admin-wxcode">
      <legend>{t("admin.user.wxCode")}</legend>
      {user.wxCodePath ? (
        <img
          src={`/wx-codes/${user.wxCodePath}`}
          alt={t("admin.user.wxCodeAlt", { name: user.username })}
          width={120}
          height={120}
          className="admin-thumb"
        />
      ) : (
        <p className="admin-placeholder">{t("admin.user.wxCodeNone")}</p>
      )}
      <div className="field">
        <label htmlFor="user-wxcode">{t("admin.user.wxCodeFile")}</label>
        <input
          id="user-wxcode"
          type="file"
          name="wxCode"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? "user-wxcode-hint user-wxcode-error" : "user-wxcode-hint"}
        />
        <p id="user-wxcode-hint" className="field__hint">
          {t("admin.user.wxCodeHint")}
        </p>
        {errors?.length ? (
          <ul id="user-wxcode-error" className="field__errors" role="alert">
            {errors.map((error) => (
              <li key={error}>{messageText(t, error)}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </fieldset>
  );
}

function Facts({ user }: { user: UserDetail }) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="admin-details">
      <dt>{t("admin.user.username")}</dt>
      <dd>{user.username}</dd>
      <dt>{t("admin.user.email")}</dt>
      <dd>{user.email}</dd>
      <dt>{t("admin.user.phone")}</dt>
      <dd>{user.phone}</dd>
      <dt>{t("admin.user.company")}</dt>
      <dd>{user.company}</dd>
      <dt>{t("admin.user.businessAddress")}</dt>
      <dd>{user.businessAddress}</dd>
      <dt>{t("admin.user.iaeCountries")}</dt>
      <dd>{user.iaeCountries}</dd>
      <dt>{t("admin.user.role")}</dt>
      <dd>{roleName({ name: user.roleName, nameEn: user.roleNameEn }, i18n.language)}</dd>
    </dl>
  );
}

/** Registration audit: pass with a tier and contacts, or fail. */
export function AuditDialog({ user, options }: { user: UserDetail; options: UserOptions }) {
  const { t } = useTranslation();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: `user-audit-${user.id}`,
    lastResult,
    defaultValue: {
      customerRating: user.customerRating ? String(user.customerRating) : "",
      salesId: user.salesId ? String(user.salesId) : "",
      customerServiceId: user.customerServiceId ? String(user.customerServiceId) : "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: auditSchema }),
  });
  const tiers = useTierOptions(options, user.customerRating);
  return (
    <UrlDialog look="admin" title={t("admin.user.auditTitle")} wide>
      <Facts user={user} />
      <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="audit" />
        <input type="hidden" name="id" value={user.id} />
        <div className="admin-grid-2">
          <Select
            label={t("admin.user.tierLabel")}
            placeholder={t("admin.common.choose")}
            options={tiers}
            errors={fields.customerRating.errors}
            selectProps={{ name: "customerRating", defaultValue: textOf(fields.customerRating.initialValue) }}
          />
          <ContactSelects options={options} sales={fields.salesId} service={fields.customerServiceId} />
        </div>
        <p className="field__hint">{t("admin.user.auditHint")}</p>
        <TextArea
          label={t("admin.user.reason")}
          hint={t("admin.user.reasonHint")}
          errors={fields.reason.errors}
          textareaProps={{ ...getTextareaProps(fields.reason), maxLength: 200 }}
        />
        <div className="admin-dialog__actions">
          <button type="submit" name="decision" value="fail" className="button admin-button--danger" disabled={busy} formNoValidate>
            {t("admin.user.fail")}
          </button>
          <button type="submit" name="decision" value="pass" className="button button--primary" disabled={busy}>
            {t("admin.user.pass")}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}

/** Profile-change audit: the buttons work only while a change is pending (audit_zl 1). */
export function ProfileAuditDialog({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const [form, fields] = useForm({
    id: `user-profile-${user.id}`,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: decisionSchema }),
  });
  const pending = user.profileAudit === AUDIT.pending;
  const rows: [TranslationKey, string | null, string | null][] = [
    ["admin.user.company", user.company, user.pendingCompany],
    ["admin.user.businessAddress", user.businessAddress, user.pendingBusinessAddress],
    ["admin.user.iaeCountries", user.iaeCountries, user.pendingIaeCountries],
  ];
  return (
    <UrlDialog look="admin" title={t("admin.user.profileTitle")} wide>
      <p>
        {t("admin.user.profileState")}：
        <span className="admin-tag admin-tag--warn">
          {user.profileAudit ? t(keyUnder("admin.user.profileAudit.", user.profileAudit)) : t("admin.common.none")}
        </span>
      </p>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t("admin.user.field")}</th>
            <th scope="col">{t("admin.user.current")}</th>
            <th scope="col">{t("admin.user.requested")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, current, requested]) => (
            <tr key={key}>
              <th scope="row">{t(key)}</th>
              <td>{current}</td>
              <td>{requested ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="profile" />
        <input type="hidden" name="id" value={user.id} />
        {pending ? (
          <TextArea
            label={t("admin.user.reason")}
            hint={t("admin.user.reasonHint")}
            errors={fields.reason.errors}
            textareaProps={{ ...getTextareaProps(fields.reason), maxLength: 200 }}
          />
        ) : null}
        <div className="admin-dialog__actions">
          <button type="submit" name="decision" value="fail" className="button admin-button--danger" disabled={busy || !pending}>
            {t("admin.user.fail")}
          </button>
          <button type="submit" name="decision" value="pass" className="button button--primary" disabled={busy || !pending}>
            {t("admin.user.pass")}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}

/** Views: those the viewer does not hold are shown but cannot change (a checked one is sent as it is). */
export function ViewDialog({ user, views }: { user: UserDetail; views: number[] }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <UrlDialog look="admin" title={t("admin.user.viewTitle", { name: user.username })}>
      <Form method="post" className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="view" />
        <input type="hidden" name="id" value={user.id} />
        <fieldset className="admin-checktree">
          <legend>{t("admin.user.views")}</legend>
          {[1, 2].map((view) => (
            <div key={view} className="admin-checktree__item">
              <input
                type="checkbox"
                id={`view-${view}`}
                name="viewIds"
                value={view}
                defaultChecked={user.viewIds.includes(view)}
                disabled={!views.includes(view)}
              />
              {!views.includes(view) && user.viewIds.includes(view) ? <input type="hidden" name="viewIds" value={view} /> : null}
              <label htmlFor={`view-${view}`}>{t(keyUnder("admin.user.view.", view))}</label>
            </div>
          ))}
          <p className="field__hint">{t("admin.user.viewHint")}</p>
        </fieldset>
        <DialogActions busy={busy} />
      </Form>
    </UrlDialog>
  );
}

export function HandoverDialog({ user, options }: { user: UserDetail; options: UserOptions }) {
  const { t, i18n } = useTranslation();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: `user-handover-${user.id}`,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: handoverSchema }),
  });
  // The server offers only active members of the leaving member's role.
  const targets = options.staff;
  return (
    <UrlDialog look="admin" title={t("admin.user.handoverTitle")}>
      <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="handover" />
        <input type="hidden" name="id" value={user.id} />
        <p>
          {t("admin.user.handoverFrom", {
            name: user.username,
            role: roleName({ name: user.roleName, nameEn: user.roleNameEn }, i18n.language),
          })}
        </p>
        <Select
          label={t("admin.user.handoverTo")}
          placeholder={t("admin.common.choose")}
          options={targets.map((s) => ({ value: String(s.id), label: person(s) }))}
          errors={fields.targetId.errors}
          selectProps={{ name: "targetId" }}
        />
        <p className="field__hint">{t("admin.user.handoverHint")}</p>
        <DialogActions busy={busy} submitLabel={t("admin.user.handoverSubmit")} />
      </Form>
    </UrlDialog>
  );
}

type ContactField = { initialValue?: unknown; errors?: string[] };

/** The customer's salesperson and customer service: the same two choices in the user editor and the audit. */
function ContactSelects({
  options,
  sales,
  service,
}: {
  options: Pick<UserOptions, "sales" | "services">;
  sales: ContactField;
  service: ContactField;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t("admin.user.sales")}
        placeholder={t("admin.common.choose")}
        options={options.sales.map((s) => ({ value: String(s.id), label: person(s) }))}
        errors={sales.errors}
        selectProps={{ name: "salesId", defaultValue: textOf(sales.initialValue) }}
      />
      <Select
        label={t("admin.user.service")}
        placeholder={t("admin.common.choose")}
        options={options.services.map((s) => ({ value: String(s.id), label: person(s) }))}
        errors={service.errors}
        selectProps={{ name: "customerServiceId", defaultValue: textOf(service.initialValue) }}
      />
    </>
  );
}
