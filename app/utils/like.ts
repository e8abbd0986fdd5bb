// Contains-search, taken literally. LIKE and ILIKE treat % and _ as
// wildcards, and Prisma's `contains` passes them through unescaped, so a
// search for "%" would find everything (issue 18, finding 7). Every
// contains-search, Prisma filter or raw SQL, builds its pattern here;
// tests/security/like.test.ts keeps others from appearing.

/** LIKE pattern text with %, _ and \ escaped (PostgreSQL's default escape character is \). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The pattern of "contains `text`" for raw SQL (ILIKE $n). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** The pattern of "starts with `text`" for raw SQL. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

/** Prisma's "starts with `text`" (case-sensitive), with the text taken literally. */
export function prefixText(text: string) {
  return { startsWith: escapeLike(text) };
}

/** Prisma's case-insensitive "contains `text`", with the text taken literally. */
export function containsText(text: string) {
  return { contains: escapeLike(text), mode: "insensitive" as const };
}
