import { useTranslation } from "~/i18n/react";
import type { FlashMessage as Message } from "~/domain/outcome";

export function FlashMessage({ message }: { message: Message | null }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <div className={`flash flash--${message.type}`} role={message.type === "error" ? "alert" : "status"}>
      {t(message.key, message.values)}
    </div>
  );
}
