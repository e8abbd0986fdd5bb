// Pinyin of the sea ports' Chinese names, for the customers' searches
// ("shanghai" and "sh" find 上海 / SHANGHAI). Computed on the server with
// pinyin-pro (never shipped to the browser) and stored in sea_ports.pinyin,
// .pinyin_initials; .pinyin_of is the name_zh they were computed from, so a
// changed Chinese name is recomputed. Decision 205.
import type { Prisma } from "~/utils/db.server";
import { prisma } from "~/utils/db.server";
import { pinyinOf } from "./pinyin";

type Db = Pick<Prisma.TransactionClient, "$queryRaw" | "$executeRaw">;

/**
 * Computes the pinyin of every port whose Chinese name changed since (one
 * read through the partial index sea_ports_pinyin_stale, one UPDATE … FROM
 * unnest). Called in the transactions that write sea ports (form, import)
 * and once per process before the first search (a database migrated
 * without it). Returns how many ports it updated.
 */
export async function refreshPortPinyin(db: Db = prisma): Promise<number> {
  const stale = await db.$queryRaw<{ id: number; nameZh: string }[]>`
    SELECT id, name_zh AS "nameZh" FROM sea_ports WHERE pinyin_of IS DISTINCT FROM name_zh`;
  if (stale.length === 0) return 0;
  const ids = stale.map((p) => p.id);
  const computed = stale.map((p) => pinyinOf(p.nameZh ?? ""));
  return db.$executeRaw`
    UPDATE sea_ports s SET pinyin = u.spelled, pinyin_initials = u.initials, pinyin_of = s.name_zh
    FROM unnest(${ids}::int[], ${computed.map((c) => c.full)}::text[], ${computed.map((c) => c.initials)}::text[]) AS u(id, spelled, initials)
    WHERE s.id = u.id`;
}

let checked: Promise<unknown> | null = null;

/** Once per process: fills the pinyin a migrated database does not have yet. */
export function ensurePortPinyin(): Promise<unknown> {
  checked ??= refreshPortPinyin().catch((error) => {
    checked = null;
    console.error("[port-pinyin] refresh failed:", error);
  });
  return checked;
}
