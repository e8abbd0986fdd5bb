// The order file input with its preview (spec 2.3: "a preview button that
// shows the file as a PDF"). The preview shows the chosen file from a blob
// URL before anything is uploaded, so it needs JavaScript; without it the
// upload still works and a note says the preview is unavailable.
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { ErrorList } from "~/components/forms";
import { ATTACHMENT_ACCEPT } from "~/domain/booking/schemas";

type Props = {
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { key?: React.Key | null };
  errors?: string[] | null;
  /** After a failed submit the browser forgets the chosen file: say so. */
  chooseAgain?: boolean;
};

type Preview = { url: string; kind: "pdf" | "image" | "other"; name: string };

function previewKind(file: File): Preview["kind"] {
  if (file.type === "application/pdf" || /\.pdf$/i.test(file.name)) return "pdf";
  if (/^image\/(png|jpeg)$/.test(file.type) || /\.(png|jpe?g)$/i.test(file.name)) return "image";
  return "other";
}

export function AttachmentInput({ inputProps, errors, chooseAgain }: Props) {
  const { t } = useTranslation();
  const fallbackId = useId();
  const { key, ...rest } = inputProps;
  const id = rest.id ?? fallbackId;
  const hintId = `${id}-hint`;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const [hydrated, setHydrated] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [open, setOpen] = useState(false);
  const urlRef = useRef<string | null>(null);

  useEffect(() => setHydrated(true), []);
  // Blob URLs hold the file in memory until revoked.
  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    rest.onChange?.(event);
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
    setOpen(false);
    const file = event.currentTarget.files?.[0];
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    urlRef.current = url;
    setPreview({ url, kind: previewKind(file), name: file.name });
  };

  return (
    <div className="field booking-attachment">
      <label htmlFor={id}>{t("booking.field.attachment")}</label>
      <input
        key={key}
        {...rest}
        id={id}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        onChange={onChange}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ")}
      />
      <p id={hintId} className="field__hint">
        {t("booking.hint.attachment")}
        {chooseAgain ? ` ${t("booking.hint.chooseAgain")}` : null}
      </p>
      <ErrorList id={errorId} errors={errors} />
      {hydrated ? (
        <div className="booking-attachment__tools">
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={!preview}
            aria-expanded={open}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? t("booking.hint.closePreview") : t("booking.hint.preview")}
          </button>
        </div>
      ) : (
        <noscript>
          <p className="field__hint">{t("booking.hint.previewNoJs")}</p>
        </noscript>
      )}
      {open && preview ? (
        <figure className="booking-preview" data-testid="attachment-preview">
          <figcaption>{t("booking.hint.previewTitle", { name: preview.name })}</figcaption>
          {preview.kind === "pdf" ? (
            <object data={preview.url} type="application/pdf" className="booking-preview__frame" aria-label={preview.name}>
              <p>{t("booking.hint.previewUnavailable")}</p>
            </object>
          ) : preview.kind === "image" ? (
            <img src={preview.url} alt={preview.name} className="booking-preview__image" />
          ) : (
            <p className="field__hint">{t("booking.hint.previewUnavailable")}</p>
          )}
        </figure>
      ) : null}
    </div>
  );
}
