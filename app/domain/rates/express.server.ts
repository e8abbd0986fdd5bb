// International express search (DESIGN.md "Express"): country → zone → per
// category the valid row with the smallest weight break ≥ the weight → its
// price in the zone column → fuel and discount (pricing/express.ts).
// Express prices are not tiered: every audited customer sees the same, and
// nobody else gets a price column selected at all.
import type { ModeDescription } from "~/domain/modes";
import { expressQuote } from "~/domain/pricing/express";
import { decimalText } from "~/domain/pricing/tier-columns";
import type { CountryOption } from "~/domain/reference/countries.server";
import { prisma } from "~/utils/db.server";
import { clampPage, PAGE_SIZE, toRateRow, type RatePage, type RateRow, type SortKey } from "./search.server";
import { validToday } from "./validity.server";
import { zoneField } from "~/domain/express-zones";

export async function searchExpress(options: {
  mode: ModeDescription;
  country: CountryOption;
  /** Requested weight, kg, one decimal ("2.3"). */
  weight: string;
  /** Whether the viewer may see prices (any tier: express is not tiered). */
  priced: boolean;
  sort: SortKey;
  page: number;
  today: Date;
}): Promise<RatePage> {
  const { mode, country, weight, priced, today } = options;
  const valid = validToday(today);
  const field = zoneField(country.zoneCode);
  // Per category, the smallest valid break at or above the weight.
  const breaks = await prisma.expressRate.groupBy({
    by: ["category"],
    where: { weight: { gte: weight }, ...valid },
    _min: { weight: true },
    orderBy: { category: "asc" },
  });
  const wanted = breaks.filter((b) => b._min.weight !== null).map((b) => ({ category: b.category, weight: b._min.weight! }));
  const rows =
    wanted.length === 0
      ? []
      : await prisma.expressRate.findMany({
          where: { OR: wanted, ...valid },
          select: {
            id: true,
            category: true,
            weight: true,
            timeLimit: true,
            byVolume: true,
            remark: true,
            validFrom: true,
            validTo: true,
            paused: true,
            // Prices only for those who may see them.
            ...(priced && field ? { [field]: true, fuel: true, discount: true } : {}),
          },
          orderBy: [{ category: "asc" }, { id: "asc" }],
        });

  let result: RateRow[] = rows.map((row) => {
    const record = row as unknown as Record<string, unknown>;
    const base = toRateRow(mode, null, { ...record, weight: decimalText(row.weight, 1) });
    if (!priced) return base;
    const price = field ? decimalText(record[field]) : null;
    const quote = price ? expressQuote({ price, fuel: decimalText(record.fuel), discount: decimalText(record.discount, 4) }) : null;
    return {
      ...base,
      prices: {
        price: quote?.price ?? null,
        fuel: quote?.fuel ?? null,
        fuelAmount: quote?.fuelAmount ?? null,
        discount: quote?.discount ?? null,
        total: quote?.total ?? null,
      },
    };
  });

  const sort: SortKey = priced && options.sort !== "validity" ? "price" : "validity";
  result = [...result].sort((a, b) => {
    if (sort === "price") {
      const pa = a.prices?.total;
      const pb = b.prices?.total;
      if (pa && pb && Number(pa) !== Number(pb)) return Number(pa) - Number(pb);
      if (pa && !pb) return -1;
      if (!pa && pb) return 1;
    } else if (a.validTo !== b.validTo) {
      if (a.validTo === null) return -1;
      if (b.validTo === null) return 1;
      return a.validTo < b.validTo ? 1 : -1;
    }
    return a.id - b.id;
  });
  const total = result.length;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = clampPage(options.page, pageCount);
  return { rows: result.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total, page, pageCount, sort };
}
