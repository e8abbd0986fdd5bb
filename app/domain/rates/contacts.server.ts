// The floating contact card (spec 2.4): a customer's own customer-service and
// sales contacts; the company's default contacts for visitors (SiteSetting
// company_contact, JSON per language).
import type { Viewer } from "~/domain/accounts/viewer.server";
import { prisma, sql } from "~/utils/db.server";

export type Contact = {
  name: string;
  phone: string | null;
  email: string | null;
  landline: string | null;
  qq: string | null;
  address?: string | null;
  website?: string | null;
};

export type ContactCardData =
  | { kind: "company"; company: Contact | null }
  | {
      kind: "personal";
      service: Contact | null;
      sales: Contact | null;
      /** customer_rating 0 (none), 2 or 3: toggle between the two (spec 4). */
      toggle: boolean;
    };

type Person = {
  nickname: string | null;
  username: string;
  phone: string;
  email: string;
  landline: string | null;
  qq: string | null;
};

function toContact(p: Person | null): Contact | null {
  if (!p) return null;
  return { name: p.nickname || p.username, phone: p.phone, email: p.email, landline: p.landline, qq: p.qq };
}

export async function companyContact(lng: string): Promise<Contact | null> {
  const row = await prisma.siteSetting.findUnique({ where: { key: "company_contact" } });
  if (!row) return null;
  try {
    const value = JSON.parse(lng === "en-US" ? row.valueEn : row.valueZh) as Record<string, unknown>;
    const text = (key: string) => (typeof value[key] === "string" && value[key] ? (value[key] as string) : null);
    return {
      name: text("name") ?? "",
      phone: text("phone"),
      email: text("email"),
      landline: text("landline"),
      qq: text("qq"),
      address: text("address"),
      website: text("website"),
    };
  } catch {
    return null;
  }
}

/** customer_rating 0 (unset), 2 or 3 toggles; T0 (1, internal users) sees its customer service only. */
export function contactToggles(customerRating: number | null): boolean {
  return customerRating === null || customerRating === 0 || customerRating === 2 || customerRating === 3;
}

type ContactRow = {
  customerRating: number | null;
  serviceId: number | null;
  serviceNickname: string | null;
  serviceUsername: string | null;
  servicePhone: string | null;
  serviceEmail: string | null;
  serviceLandline: string | null;
  serviceQq: string | null;
  salesId: number | null;
  salesNickname: string | null;
  salesUsername: string | null;
  salesPhone: string | null;
  salesEmail: string | null;
  salesLandline: string | null;
  salesQq: string | null;
};

function personFrom(row: ContactRow, role: "service" | "sales"): Person | null {
  if (row[`${role}Id`] === null) return null;
  return {
    nickname: row[`${role}Nickname`],
    username: row[`${role}Username`]!,
    phone: row[`${role}Phone`]!,
    email: row[`${role}Email`]!,
    landline: row[`${role}Landline`],
    qq: row[`${role}Qq`],
  };
}

/** `company`: where the company's contact comes from for visitors (e.g. a cache). */
export async function loadContactCard(
  viewer: Viewer | null,
  lng: string,
  company: () => Promise<Contact | null> = () => companyContact(lng),
): Promise<ContactCardData> {
  if (viewer) {
    // One query for the customer and both contacts (Prisma's include reads
    // each relation with a query of its own: three per page).
    const [user] = await sql<ContactRow>(
      `SELECT u.customer_rating AS "customerRating",
             s.id AS "serviceId", s.nickname AS "serviceNickname", s.username AS "serviceUsername",
             s.phone AS "servicePhone", s.email AS "serviceEmail", s.landline AS "serviceLandline", s.qq AS "serviceQq",
             m.id AS "salesId", m.nickname AS "salesNickname", m.username AS "salesUsername",
             m.phone AS "salesPhone", m.email AS "salesEmail", m.landline AS "salesLandline", m.qq AS "salesQq"
      FROM users u
      LEFT JOIN users s ON s.id = u.customer_service_id
      LEFT JOIN users m ON m.id = u.sales_id
      WHERE u.id = $1`,
      [viewer.id],
    );
    const service = toContact(user ? personFrom(user, "service") : null);
    const sales = toContact(user ? personFrom(user, "sales") : null);
    if (service || sales) {
      const toggle = contactToggles(user?.customerRating ?? null);
      return {
        kind: "personal",
        service,
        sales: toggle || !service ? sales : null,
        toggle: toggle && !!service && !!sales,
      };
    }
  }
  return { kind: "company", company: await company() };
}
