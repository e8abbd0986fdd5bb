// One "import Excel" control: a multipart POST that works without
// JavaScript. With JavaScript the extension and size are checked before the
// upload (the server checks them again, and enforces the size while reading).
// `maxBytes` is the server's IMPORT_MAX_MB setting, from the loader.
import { messageText, useTranslation } from "~/i18n/react";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { megabytes } from "~/utils/upload-limits";

export function ImportForm({
  action,
  intent,
  label,
  maxBytes,
}: {
  action: string;
  intent: "import" | "importPlain" | "preview" | "previewPlain" | "wizard";
  label: string;
  maxBytes: number;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [error, setError] = useState<string | null>(null);
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent && navigation.formMethod?.toLowerCase() === "post";
  const inputId = `import-file-${intent}`;
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="import-form"
      preventScrollReset
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
        const file = input?.files?.[0];
        const problem = !file
          ? "data.import.noFile"
          : !/\.(xlsx|xls)$/i.test(file.name)
            ? "data.import.badType"
            : file.size > maxBytes
              ? "data.import.tooLarge"
              : null;
        setError(problem);
        if (problem) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={inputId} className="visually-hidden">
        {t("data.import.fileLabel", { action: label })}
      </label>
      <input
        id={inputId}
        type="file"
        name="file"
        accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        aria-describedby={error ? `${inputId}-error` : undefined}
      />
      <button type="submit" className="button button--ghost" disabled={busy}>
        {busy ? t("data.import.busy") : label}
      </button>
      {error ? (
        <span id={`${inputId}-error`} role="alert" className="field__errors">
          {messageText(t, error, { mb: megabytes(maxBytes) })}
        </span>
      ) : null}
    </Form>
  );
}
