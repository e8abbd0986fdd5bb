// C0 control characters and DEL: they mean nothing in a search, a filter or a
// path, and a NUL makes PostgreSQL fail the query.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const EVERY_CONTROL = new RegExp(CONTROL.source, "g");

export const hasControlCharacters = (text: string) => CONTROL.test(text);

/** Each control character as a space. */
export const blankControlCharacters = (text: string) => text.replace(EVERY_CONTROL, " ");
