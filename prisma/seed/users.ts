// Demo staff and customers (ids 1-17) plus generated customers (ids from 100).
import type { Prisma } from "../../app/generated/prisma/client.ts";
import { CUSTOMER_NAME_PARTS as P, COMPANY_ADDRESS_ZH, COMPANY_ZH, CUSTOMERS, STAFF, type DemoUser } from "./data/users.ts";
import type { SeedCalendar } from "./lib/dates.ts";
import { Random } from "./lib/random.ts";
import type { Tx } from "./types.ts";

export const GENERATED_CUSTOMERS = 30;
export const FIRST_GENERATED_CUSTOMER_ID = 100;

function generatedCustomers(rng: Random): DemoUser[] {
  const users: DemoUser[] = [];
  for (let i = 0; i < GENERATED_CUSTOMERS; i++) {
    const id = FIRST_GENERATED_CUSTOMER_ID + i;
    const state = rng.weighted<"passed" | "pending" | "failed" | "frozen">([
      ["passed", 62],
      ["pending", 20],
      ["failed", 9],
      ["frozen", 9],
    ]);
    const city = rng.pick(P.cities);
    const company = `${city}${rng.pick(P.cores)}${rng.pick(P.kinds)}`.slice(0, 20);
    const login = `${rng.pick(P.logins)}${id}`;
    const profileAudit =
      state === "passed"
        ? rng.weighted<number | null>([
            [null, 70],
            [1, 12],
            [2, 12],
            [3, 6],
          ])
        : null;
    const countries = rng.sample(P.countries, rng.int(1, 3)).join("、");
    users.push({
      id,
      email: `${login}@example.com`,
      username: login,
      nickname: rng.pick(P.nicknames),
      phone: "",
      roleId: rng.weighted([
        [20, 55],
        [21, 30],
        [22, 15],
      ]),
      state: state === "frozen" ? 2 : 1,
      audit: state === "pending" ? 1 : state === "failed" ? 3 : 2,
      customerRating:
        state === "pending"
          ? 3
          : rng.weighted([
              [1, 10],
              [2, 45],
              [3, 45],
            ]),
      salesId: rng.weighted([
        [2, 60],
        [3, 25],
        [5, 15],
      ]),
      customerServiceId: rng.weighted([
        [4, 80],
        [7, 20],
      ]),
      company,
      businessAddress: `${city}市${rng.pick(P.streets)}${rng.int(1, 999)}号`,
      iaeCountries: countries,
      profileAudit,
      ...(profileAudit === 1
        ? {
            pendingCompany: `${city}${rng.pick(P.cores)}集团有限公司`,
            pendingBusinessAddress: `${city}市${rng.pick(P.streets)}${rng.int(1, 999)}号${rng.int(2, 30)}楼`,
            pendingIaeCountries: rng.sample(P.countries, 3).join("、"),
          }
        : {}),
      createdDaysAgo: state === "pending" ? rng.int(0, 10) : rng.int(11, 330),
    });
  }
  return users;
}

/** Unique mainland mobile numbers (1[3-9] + 9 digits) for the generated customers. */
function assignPhones(users: DemoUser[], rng: Random): void {
  const taken = new Set(users.map((u) => u.phone).filter(Boolean));
  for (const u of users) {
    while (!u.phone || taken.has(u.phone)) {
      u.phone = `1${rng.pick(["3", "5", "7", "8", "9"])}${rng.int(0, 9)}${String(rng.int(0, 99_999_999)).padStart(8, "0")}`;
    }
    taken.add(u.phone);
  }
}

export function buildUsers(cal: SeedCalendar, passwordHash: string): Prisma.UserCreateManyInput[] {
  const rng = new Random("users");
  const customers = [...CUSTOMERS, ...generatedCustomers(rng)];
  assignPhones(customers, rng);
  const staff = STAFF.map((u) => ({
    ...u,
    audit: 2,
    state: 1,
    customerRating: null,
    company: COMPANY_ZH,
    businessAddress: COMPANY_ADDRESS_ZH,
  }));
  return [...staff, ...customers].map((u) => {
    const isStaff = u.id < 10;
    const createdAt = new Date(cal.startOfDay(-u.createdDaysAgo).getTime() + rng.int(9 * 60, 18 * 60) * 60_000);
    const lastLoginAt = u.audit === 2 && u.state !== 2 ? cal.minutesAgo(rng.int(30, 60 * 24 * 14)) : null;
    return {
      id: u.id,
      email: u.email,
      passwordHash,
      username: u.username,
      nickname: u.nickname,
      phone: u.phone,
      company: u.company ?? null,
      businessAddress: u.businessAddress ?? null,
      iaeCountries: u.iaeCountries ?? null,
      roleId: u.roleId,
      regMethod: isStaff || u.id % 4 === 0 ? "admin" : "register",
      state: u.state ?? 1,
      audit: u.audit ?? 2,
      customerRating: u.customerRating ?? null,
      salesId: u.salesId ?? null,
      customerServiceId: u.customerServiceId ?? null,
      landline: u.landline ?? null,
      qq: u.qq ?? null,
      viewIds: u.viewIds ?? [],
      profileAudit: u.profileAudit ?? null,
      pendingCompany: u.pendingCompany ?? null,
      pendingBusinessAddress: u.pendingBusinessAddress ?? null,
      pendingIaeCountries: u.pendingIaeCountries ?? null,
      createdAt,
      lastLoginAt,
    };
  });
}

export async function seedUsers(tx: Tx, users: Prisma.UserCreateManyInput[]): Promise<void> {
  // Staff first: customers reference their sales and customer-service contacts.
  await tx.user.createMany({ data: users.filter((u) => (u.id ?? 0) < 10) });
  await tx.user.createMany({ data: users.filter((u) => (u.id ?? 0) >= 10) });
}
