// The order e-mails: staff in Chinese, the customer in their language. (No
// NUL bytes in any e-mail: tests/foundation/utf8-output.test.ts.)
import { renderOrderConfirmation } from "~/domain/orders/emails/order-confirmation";
import { renderOrderNotification } from "~/domain/orders/emails/order-notification";
import { i18n } from "~/i18n/i18n.server";
import { orderEmailData as data } from "../../tests/booking/email-fixture";

test("staff read Chinese; the customer their language; both say what was booked", async () => {
  const staff = await renderOrderNotification({ t: await i18n.getFixedT("zh-CN"), lang: "zh-CN", data: data(1) });
  expect(staff.subject).toBe("新托单 #42：上海瑞丰进出口有限公司，SHANGHAI → BATAM");
  expect(staff.text).toContain("13900000011");
  expect(staff.text).toContain("592.00 USD");
  expect(staff.text).toContain("托单.pdf");
  expect(staff.html).toContain('href="https://rates.example.com/entrustment/42"');

  const customer = await renderOrderConfirmation({
    t: await i18n.getFixedT("en-US"),
    lang: "en-US",
    data: { ...data(1), kind: "CONTACT", order: null },
  });
  expect(customer.subject).toBe("We received your contact request #42 (SHANGHAI → BATAM)");
  expect(customer.text).toContain("Your own customer service will contact you in half an hour!");
  expect(customer.text).toContain("service@example.com");
  expect(customer.html).toContain('lang="en-US"');
});
