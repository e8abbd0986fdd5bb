// The order e-mails: staff in Chinese, the customer in their language, and
// no NUL bytes from React 18's streaming renderer (they appear where a chunk
// ends inside a Chinese character; PostgreSQL refuses them, mail clients
// truncate at them).
import { renderOrderConfirmation } from "~/emails/order-confirmation";
import type { OrderEmailData } from "~/emails/order-email";
import { renderOrderNotification } from "~/emails/order-notification";
import { i18n } from "~/i18n/i18n.server";

function data(filler: number): OrderEmailData {
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

test("no NUL bytes, whatever the length of the Chinese text", async () => {
  const zh = await i18n.getFixedT("zh-CN");
  for (let filler = 1; filler <= 40; filler += 3) {
    for (const mail of [
      await renderOrderNotification({ t: zh, lang: "zh-CN", data: data(filler) }),
      await renderOrderConfirmation({ t: zh, lang: "zh-CN", data: data(filler) }),
    ]) {
      expect(mail.html.includes("\0")).toBe(false);
      expect(mail.text.includes("\0")).toBe(false);
      expect(mail.text).toContain("客服");
    }
  }
});

test("staff read Chinese; the customer their language; both say what was booked", async () => {
  const staff = await renderOrderNotification({ t: await i18n.getFixedT("zh-CN"), lang: "zh-CN", data: data(1) });
  expect(staff.subject).toBe("新托单 #42：上海瑞丰进出口有限公司，SHANGHAI → BATAM");
  expect(staff.text).toContain("13900000011");
  expect(staff.text).toContain("592.00 USD");
  expect(staff.text).toContain("托单.pdf");
  expect(staff.html).toContain('href="https://rates.example.com/entrustment/42"');

  const customer = await renderOrderConfirmation({ t: await i18n.getFixedT("en-US"), lang: "en-US", data: { ...data(1), kind: "CONTACT", order: null } });
  expect(customer.subject).toBe("We received your contact request #42 (SHANGHAI → BATAM)");
  expect(customer.text).toContain("Your own customer service will contact you in half an hour!");
  expect(customer.text).toContain("service@example.com");
  expect(customer.html).toContain('lang="en-US"');
});
