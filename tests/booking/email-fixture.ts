// The data of an order e-mail, with Chinese texts of a chosen length.
import type { OrderEmailData } from "~/domain/orders/emails/order-email";

/** An order e-mail's data; `filler` repeats the Chinese texts (longer mails, other chunk boundaries). */
export function orderEmailData(filler = 1): OrderEmailData {
  return {
    id: 42,
    kind: "ORDER",
    createdAt: new Date("2026-11-21T06:05:00Z"),
    sourceKind: "rate",
    mode: "FCL",
    transportType: "FCL",
    pol: "SHANGHAI",
    pod: "BATAM",
    customer: { username: "t1", nickname: "张经理", company: "上海瑞丰进出口有限公司", phone: "13900000011", email: "t1@example.com" },
    customerService: { name: "陈静", email: "service@example.com", phone: "13800000004" },
    sales: { name: "王晓明", email: "sales@example.com", phone: "13800000002" },
    order: {
      transportType: "FCL",
      gp20Count: 2,
      gp40Count: 0,
      hq40Count: 1,
      commodityZh: "塑料制品".repeat(filler),
      hsCode: "3926909090",
      shipper: "上海瑞丰进出口有限公司\n上海市闵行区七莘路3355号".repeat(filler),
    },
    snapshot: {
      source: "rate",
      mode: "fcl",
      id: 7,
      tier: "T1",
      from: "SHANGHAI",
      to: "BATAM",
      facts: [{ key: "carrier", labelKey: "search.col.carrier", value: "中远海运" }],
      prices: [{ key: "gp20", labelKey: "search.price.gp20", value: "592.00", format: "money" }],
      currency: "USD",
      validFrom: "2026-11-01",
      validTo: "2026-11-30",
    },
    attachmentName: "托单.pdf",
    link: "https://rates.example.com/entrustment/42",
  };
}
