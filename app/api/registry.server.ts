// Every call of the legacy JSON API, described once: path, verb, who may call,
// fields. The dispatcher, the OpenAPI description and the contract tests all
// read this list.
import type { Endpoint } from "./contract/core.server";
import { accountEndpoints } from "./endpoints/account.server";
import { adminEndpoints } from "./endpoints/admin.server";
import { bookingEndpoints } from "./endpoints/booking.server";
import { quoteEndpoints } from "./endpoints/quotes.server";
import { dataEndpoints } from "./endpoints/data.server";
import { portAliasEndpoints } from "./endpoints/port-aliases.server";
import { rateEndpoints } from "./endpoints/rates.server";
import { watchEndpoints } from "./endpoints/watches.server";
import { priceRequestEndpoints } from "./endpoints/price-requests.server";

export const apiEndpoints: readonly Endpoint[] = [
  ...accountEndpoints,
  ...rateEndpoints,
  ...bookingEndpoints,
  ...quoteEndpoints,
  ...dataEndpoints,
  ...portAliasEndpoints,
  ...adminEndpoints,
  ...watchEndpoints,
  ...priceRequestEndpoints,
];
