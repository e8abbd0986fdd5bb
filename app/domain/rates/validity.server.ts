// Validity (DESIGN.md): calendar days in Asia/Shanghai, inclusive; a null
// bound is open. Customers only ever see rows valid today.

/** Prisma `where` for rows whose validity covers `today` (a UTC-midnight DATE value). */
export function validToday(today: Date) {
  return {
    AND: [
      { OR: [{ validFrom: null }, { validFrom: { lte: today } }] },
      { OR: [{ validTo: null }, { validTo: { gte: today } }] },
    ],
  };
}

/** Special offers carry instants: valid when now lies within their window. */
export function validNow(now: Date) {
  return {
    AND: [
      { OR: [{ validFrom: null }, { validFrom: { lte: now } }] },
      { OR: [{ validTo: null }, { validTo: { gte: now } }] },
    ],
  };
}
