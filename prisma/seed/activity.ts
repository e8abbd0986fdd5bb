// Activity that makes the staff screens meaningful: a few entrustments of the
// T1 and T2 customers with their notification mails, customer query logs per
// mode, staff operation logs and recent searches.
import type { Prisma } from "../../app/generated/prisma/client.ts";
import type { SeedCalendar } from "./lib/dates.ts";
import { dateText } from "./lib/dates.ts";
import type { BuiltRates } from "./offers.ts";
import { Random } from "./lib/random.ts";
import { logSearchText } from "../../app/domain/operation-log/log-detail.server.ts";
import type { ReferenceData } from "./reference.ts";
import type { Tx } from "./types.ts";

type User = Prisma.UserCreateManyInput;
const TIER_SUFFIX: Record<number, "T0" | "T1" | "T2"> = { 1: "T0", 2: "T1", 3: "T2" };

function isBookable(r: { validFrom?: unknown; validTo?: unknown; paused?: boolean }, cal: SeedCalendar) {
  return !r.paused && (r.validFrom as Date) <= cal.today && (r.validTo as Date) >= cal.today;
}

/** The booked row as the customer saw it: route facts plus only their tier's prices. */
function snapshot(row: Record<string, unknown>, tier: "T0" | "T1" | "T2", priceFields: string[], extra: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (/T[012]$/.test(k)) continue;
    out[k] = v instanceof Date ? dateText(v) : v;
  }
  for (const f of priceFields) out[f] = row[`${f}${tier}`];
  return { ...out, ...extra };
}

export function buildEntrustments(cal: SeedCalendar, users: User[], rates: BuiltRates, offers: Prisma.SpecialOfferCreateManyInput[]) {
  const byId = new Map(users.map((u) => [u.id!, u]));
  const t1 = byId.get(11)!;
  const t2 = byId.get(12)!;
  const fcl = rates.fcl.find((r) => r.pol === "SHANGHAI" && r.pod === "BATAM" && isBookable(r, cal))!;
  const air = rates.air.find((r) => r.pol === "PVG" && r.pod === "ORD" && isBookable(r, cal))!;
  const lclOffer = offers.find((o) => o.mode === "LCL")!;
  const fclOffer = offers.find((o) => o.mode === "FCL")!;
  const offerSnapshot = (o: Prisma.SpecialOfferCreateManyInput) =>
    Object.fromEntries(
      Object.entries(o)
        .filter(([, v]) => v != null)
        .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
    );
  const contacts = (u: User) => ({ salesId: u.salesId ?? null, customerServiceId: u.customerServiceId ?? null });

  const rows: Prisma.EntrustmentCreateManyInput[] = [
    {
      id: 1,
      kind: "ORDER",
      userId: t1.id!,
      idempotencyKey: "seed-0001-order-fcl",
      mode: "FCL",
      moduleName: "FCL rate",
      transportType: "FCL",
      sourceKind: "rate",
      sourceId: fcl.id!,
      sourceSnapshot: snapshot(fcl, TIER_SUFFIX[t1.customerRating!], ["gp20", "gp40", "hq40"], {
        currency: "USD",
      }) as Prisma.InputJsonValue,
      pol: fcl.pol,
      pod: fcl.pod,
      gp20Count: 2,
      gp40Count: 0,
      hq40Count: 1,
      grossWeight: "32000KGS",
      volume: "98CBM",
      packages: "1200CTNS",
      commodityZh: "塑料制品",
      commodityEn: "PLASTIC PRODUCTS",
      hsCode: "3926909090",
      shipper: "SHANGHAI RUIFENG IMPORT & EXPORT CO., LTD.\nNO. 3355 QIXIN ROAD, MINHANG, SHANGHAI",
      consignee: "PT BATAM SEJAHTERA\nJL. RAJA ALI HAJI, BATAM, INDONESIA",
      notifyParty: "SAME AS CONSIGNEE",
      ...contacts(t1),
      createdAt: new Date(cal.now.getTime() - 3 * 86_400_000),
    },
    {
      id: 2,
      kind: "CONTACT",
      userId: t1.id!,
      idempotencyKey: "seed-0002-contact-lcl",
      mode: "LCL",
      moduleName: "LCL special route",
      sourceKind: "offer",
      sourceId: lclOffer.id!,
      sourceSnapshot: offerSnapshot(lclOffer) as Prisma.InputJsonValue,
      pol: lclOffer.pol,
      pod: lclOffer.pod,
      ...contacts(t1),
      createdAt: new Date(cal.now.getTime() - 2 * 86_400_000),
    },
    {
      id: 3,
      kind: "ORDER",
      userId: t2.id!,
      idempotencyKey: "seed-0003-order-air",
      mode: "AIR",
      moduleName: "Air rate",
      transportType: "AIR",
      sourceKind: "rate",
      sourceId: air.id!,
      sourceSnapshot: snapshot(
        air,
        TIER_SUFFIX[t2.customerRating!],
        [
          "bulk45",
          "bulk100",
          "bulk130",
          "bulk300",
          "bulk500",
          "bulk1000",
          "bulk2000",
          "bulk3000",
          "tray45",
          "tray100",
          "tray130",
          "tray300",
          "tray500",
          "tray1000",
          "tray2000",
          "tray3000",
        ],
        { currency: "USD" },
      ) as Prisma.InputJsonValue,
      pol: air.pol,
      pod: air.pod,
      grossWeight: "680KGS",
      volume: "3.2CBM",
      packages: "24CTNS",
      commodityZh: "电子元件",
      commodityEn: "ELECTRONIC COMPONENTS",
      hsCode: "8542399000",
      shipper: "NINGBO HAISHU DATONG FORWARDING CO.\nNO. 88 ZHONGSHAN WEST ROAD, NINGBO",
      consignee: "MIDWEST ELECTRONICS INC.\nELK GROVE VILLAGE, IL 60007, USA",
      notifyParty: "SAME AS CONSIGNEE",
      ...contacts(t2),
      createdAt: new Date(cal.now.getTime() - 26 * 3_600_000),
    },
    {
      id: 4,
      kind: "CONTACT",
      userId: t2.id!,
      idempotencyKey: "seed-0004-contact-fcl",
      mode: "FCL",
      moduleName: "FCL special route",
      sourceKind: "offer",
      sourceId: fclOffer.id!,
      sourceSnapshot: offerSnapshot(fclOffer) as Prisma.InputJsonValue,
      pol: fclOffer.pol,
      pod: fclOffer.pod,
      ...contacts(t2),
      createdAt: new Date(cal.now.getTime() - 5 * 3_600_000),
    },
  ];
  return rows;
}

/** Notification mails of the entrustments: delivered, one waiting, one failed. */
export function buildOutbox(entrustments: Prisma.EntrustmentCreateManyInput[], users: User[]): Prisma.EmailOutboxCreateManyInput[] {
  const byId = new Map(users.map((u) => [u.id!, u]));
  const rows: Prisma.EmailOutboxCreateManyInput[] = [];
  entrustments.forEach((e, i) => {
    const customer = byId.get(e.userId)!;
    const what = e.kind === "ORDER" ? "委托订单" : "联系客服请求";
    const route = `${e.pol ?? ""} → ${e.pod ?? ""}`;
    const recipients: [string, string][] = [
      ["order_staff", byId.get(e.customerServiceId!)!.email],
      ["order_staff", byId.get(e.salesId!)!.email],
      ["order_customer", customer.email],
    ];
    const created = e.createdAt as Date;
    recipients.forEach(([kind, to], j) => {
      const last = i === entrustments.length - 1;
      const failed = i === 2 && j === 2;
      const status = last ? "PENDING" : failed ? "FAILED" : "SENT";
      const subject = kind === "order_customer" ? `您的${what}已提交：${route}` : `新${what}：${customer.username}，${route}`;
      const text = `${subject}\n客户：${customer.company ?? ""}（${customer.username}，${customer.phone}）\n模块：${e.moduleName}`;
      rows.push({
        id: rows.length + 1,
        kind,
        toAddress: to,
        subject,
        html: `<p>${text.replace(/\n/g, "<br>")}</p>`,
        text,
        entrustmentId: e.id,
        status,
        attempts: status === "SENT" ? 1 : failed ? 8 : 0,
        nextAttemptAt: created,
        lastError: failed ? "550 5.1.1 Recipient address rejected (demo)" : null,
        providerId: status === "SENT" ? `demo-${e.id}-${j + 1}` : null,
        createdAt: created,
        sentAt: status === "SENT" ? new Date(created.getTime() + 20_000) : null,
      });
    });
  });
  return rows;
}

/** A handful of searches per mode by the audited customers over the last 60 days. */
export function buildQueryLogs(cal: SeedCalendar, ref: ReferenceData, users: User[], rates: BuiltRates): Prisma.QueryLogCreateManyInput[] {
  const rng = new Random("query-logs");
  const searchers = users.filter((u) => u.customerRating != null && u.audit === 2 && u.state === 1).map((u) => u.id!);
  const favourites = [10, 11, 12, 16, 17];
  const rows: Prisma.QueryLogCreateManyInput[] = [];
  const when = () => cal.minutesAgo(rng.int(10, 60 * 24 * 60));
  const who = () => (rng.chance(0.6) ? rng.pick(favourites) : rng.pick(searchers));
  for (let i = 0; i < 40; i++) {
    const r = rng.pick(rates.fcl);
    rows.push({ mode: "FCL", userId: who(), pol: r.pol, pod: r.pod, carrier: rng.chance(0.3) ? r.carrier : null, operatedAt: when() });
  }
  for (let i = 0; i < 30; i++) {
    const r = rng.pick(rates.lcl);
    rows.push({ mode: "LCL", userId: who(), pol: r.pol, pod: r.pod, operatedAt: when() });
  }
  for (let i = 0; i < 30; i++) {
    const r = rng.pick(rates.air);
    rows.push({ mode: "AIR", userId: who(), pol: r.pol, pod: r.pod, carrier: rng.chance(0.3) ? r.carrier : null, operatedAt: when() });
  }
  for (let i = 0; i < 20; i++) {
    const r = rng.pick(rates.rail);
    rows.push({ mode: "RAIL", userId: who(), pol: r.pol, pod: r.pod, operatedAt: when() });
  }
  for (let i = 0; i < 20; i++) {
    const r = rng.pick(rates.trailer);
    rows.push({ mode: "TRAILER", userId: who(), dock: r.dock, doorPoint: r.doorPoint, operatedAt: when() });
  }
  for (let i = 0; i < 20; i++) {
    const country = rng.pick(ref.expressCountries);
    rows.push({
      mode: "EXPRESS",
      userId: who(),
      destination: country.countryZh,
      weight: rng.pick([0.5, 1, 2.5, 5, 12, 23, 45, 120]).toFixed(1),
      operatedAt: when(),
    });
  }
  rows.sort((a, b) => (a.operatedAt as Date).getTime() - (b.operatedAt as Date).getTime());
  return rows.map((r, i) => ({ id: BigInt(i + 1), ...r }));
}

export function buildOperationLogs(cal: SeedCalendar, rates: BuiltRates): Prisma.OperationLogCreateManyInput[] {
  const at = (hoursAgo: number) => new Date(cal.now.getTime() - hoursAgo * 3_600_000);
  const entries: [string, string, number, string, string, string, number][] = [
    ["import", "fclRates", 6, "datastaff", `1-${rates.fcl.length}`, `导入海运整箱数据 ${rates.fcl.length} 条`, 24 * 20],
    ["import", "lclRates", 6, "datastaff", `1-${rates.lcl.length}`, `导入海运拼箱数据 ${rates.lcl.length} 条`, 24 * 19],
    ["import", "airRates", 6, "datastaff", `1-${rates.air.length}`, `导入空运数据 ${rates.air.length} 条`, 24 * 18],
    ["import", "railRates", 6, "datastaff", `1-${rates.rail.length}`, `导入铁路数据 ${rates.rail.length} 条`, 24 * 17],
    ["import", "trailerRates", 6, "datastaff", `1-${rates.trailer.length}`, `导入拖车数据 ${rates.trailer.length} 条`, 24 * 16],
    ["import", "expressRates", 6, "datastaff", `1-${rates.express.length}`, `导入快递数据 ${rates.express.length} 条`, 24 * 15],
    ["markup", "fclRates", 6, "datastaff", "12,13,14", "20GP_T1 +50, 40GP_T1 +80, 40HQ_T1 +80", 24 * 9],
    ["audit", "users", 1, "admin", "11", "audit=2, customer_rating=2", 24 * 8],
    ["audit", "users", 1, "admin", "12", "audit=2, customer_rating=3", 24 * 8],
    ["audit", "users", 5, "manager", "14", "audit=3", 24 * 5],
    ["state", "users", 5, "manager", "15", "statesw=2", 24 * 4],
    ["view", "users", 1, "admin", "3", "view_st=1", 24 * 3],
    ["delete", "fclRates", 6, "datastaff", "9001-9020", "批量删除过期运价", 24 * 2],
    ["edit", "specialOffers", 2, "sales", "1", "修改特惠航线", 20],
    ["permission", "roles", 1, "admin", "12", "pid=1,2,73,75,15,16,19,21,22", 3],
  ];
  return entries.map(([module, operation, userId, username, targetIds, params, hoursAgo], i) => ({
    id: BigInt(i + 1),
    module,
    operation,
    userId,
    username,
    targetIds,
    params,
    searchText: logSearchText({ module, operation, username, targetIds, params }, []),
    operatedAt: at(hoursAgo),
  }));
}

/** Recent searches of the T1 and T2 customers ('|'-joined "name/code/中文名"; air uses ';'). */
export function buildSearchHistory(ref: ReferenceData): Prisma.SearchHistoryCreateManyInput[] {
  const sea = (...codes: string[]) =>
    codes
      .map((c) => ref.port(c))
      .map((p) => `${p.name}/${p.code}/${p.nameZh}`)
      .join("|");
  const air = (...codes: string[]) =>
    codes
      .map((c) => ref.airport(c))
      .map((a) => `${a.name};${a.code};${a.nameZh}`)
      .join("|");
  return [11, 12].flatMap((userId) => [
    { userId, mode: "FCL" as const, queries: sea("CNSHA", "CNNGB"), destinations: sea("IDBTM", "SGSIN", "USLAX") },
    { userId, mode: "LCL" as const, queries: sea("CNSHA"), destinations: sea("JPUKB", "SGSIN") },
    { userId, mode: "AIR" as const, queries: air("PVG"), destinations: air("ORD", "FRA") },
  ]);
}

export async function seedActivity(
  tx: Tx,
  data: {
    entrustments: Prisma.EntrustmentCreateManyInput[];
    outbox: Prisma.EmailOutboxCreateManyInput[];
    queryLogs: Prisma.QueryLogCreateManyInput[];
    operationLogs: Prisma.OperationLogCreateManyInput[];
    searchHistory: Prisma.SearchHistoryCreateManyInput[];
  },
): Promise<void> {
  await tx.entrustment.createMany({ data: data.entrustments });
  await tx.emailOutbox.createMany({ data: data.outbox });
  await tx.queryLog.createMany({ data: data.queryLogs });
  await tx.operationLog.createMany({ data: data.operationLogs });
  await tx.searchHistory.createMany({ data: data.searchHistory });
}
