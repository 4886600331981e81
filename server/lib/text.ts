// Text that every database column can hold: no NUL (PostgreSQL refuses it) and no UTF-16
// surrogate without its partner (not encodable as UTF-8).
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (s: string): boolean => !BAD_TEXT.test(s);
