// What a domain service returns (issue 19, item 3): success with its data, or
// a refusal with a status, a message key and field errors. Services never
// build a Response; the route turns an Outcome into a reply
// (app/http/replies.server.ts). Shared by server and browser: types and a helper.
import type { TranslationKey } from "~/i18n/keys";

/** A translated message (by key) for the next page the user sees; the HTTP layer carries it in the session cookie. */
export type FlashMessage = {
  type: "success" | "info" | "warning" | "error";
  key: TranslationKey;
  values?: Record<string, string | number>;
};

/** Field → message keys (conform's error shape). */
export type FieldErrors = Record<string, string[]>;

/**
 * Success (`ok: true` with the service's data) or failure. `Message` is a
 * translation key by default; registration and profile carry a flash message
 * (key, kind and values) instead.
 */
export type Outcome<T = object, Message = TranslationKey> =
  | ({ ok: true } & T)
  | {
      ok: false;
      status: number;
      message?: Message;
      fieldErrors?: FieldErrors;
      /** Refused by the grant rules (docs/decisions/303-authority.md), not merely invalid. */
      refused?: true;
    };

export const fail = <Message = TranslationKey>(status: number, message?: Message, fieldErrors?: FieldErrors): Outcome<never, Message> => ({
  ok: false,
  status,
  message,
  fieldErrors,
});
