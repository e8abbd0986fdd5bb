// Every size limit of a request body, in one place (shared by server and
// browser: plain numbers only). The file limits are the spec's (order
// attachment 5 MB, avatar 2 MB, Excel import 2 MB; QR business cards follow
// the avatar rule, home images 5 MB); a route that takes one file may receive
// that file plus a little for the form around it; every other request body
// (plain forms, API calls without a file) is small. The server refuses a
// larger body with 413 before reading it (app/request-gate.server.ts).

const MB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  /** Shipping-order attachment (customer-portal.md 5, 9). */
  attachment: 5 * MB,
  /** Avatar, JPG or PNG (administration.md profile rules). */
  avatar: 2 * MB,
  /** Staff QR business card: the avatar rule. */
  wxCode: 2 * MB,
  /** Home-content images. */
  homeImage: 5 * MB,
  /**
   * Excel import (data-maintenance.md: at most 2 MB): the default of the
   * IMPORT_MAX_MB setting. The server reads the setting (importMaxBytes() in
   * app/utils/uploads.server.ts); pages get it from their loader.
   */
  import: 2 * MB,
} as const;

/** The multipart envelope and the other fields of a form that carries one file. */
export const ENVELOPE_BYTES = 64 * 1024;

/** Any body without a file: plain forms, the API's form and JSON calls. */
export const FORM_BODY_LIMIT = 256 * 1024;

/** The body limit of a route that takes one file of at most `fileBytes`. */
export const uploadBodyLimit = (fileBytes: number) => fileBytes + ENVELOPE_BYTES;

/**
 * The import rows as text (the API's infoString, a JSON array): a 2 MB
 * workbook is compressed, its rows as JSON take up to about ten times that.
 */
export const importTextLimit = (importBytes: number) => 10 * importBytes;

/** Megabytes, for messages ("at most 5 MB"): whole ones, or one decimal below 10 MB when not whole. */
export const megabytes = (bytes: number) => {
  const mb = bytes / MB;
  return mb >= 10 || Number.isInteger(mb) ? Math.max(1, Math.round(mb)) : Math.max(0.1, Math.round(mb * 10) / 10);
};

/** Bytes of a size given in MB (the IMPORT_MAX_MB setting). */
export const bytesOfMegabytes = (mb: number) => Math.round(mb * MB);
