// The floating contact card (spec 2.4): a customer's own customer-service and
// sales contacts (mobile, landline, e-mail, QQ and the QR business card staff
// upload, spec 3 kf_* / xs_*); the company's identity for visitors and for
// customers without contacts (site/company.server.ts, the one source).
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { Language } from "~/i18n/config";
import { companyIdentity } from "~/domain/site/company.server";
import type { Versions } from "~/utils/data-cache.server";
import type { CompanyView } from "~/domain/site/company";
import type { Contact, ContactCardData } from "~/domain/site/contact";
import { prepared, sql } from "~/utils/db.server";

export type { Contact, ContactCardData } from "~/domain/site/contact";

type Person = {
  nickname: string | null;
  username: string;
  phone: string;
  email: string;
  landline: string | null;
  qq: string | null;
  wxCodePath: string | null;
};

function toContact(p: Person | null): Contact | null {
  if (!p) return null;
  return {
    name: p.nickname || p.username,
    mobile: p.phone,
    email: p.email,
    landline: p.landline,
    qq: p.qq,
    wxCode: p.wxCodePath ? `/wx-codes/${p.wxCodePath}` : null,
  };
}

/** The company as a contact (its hotline is a fixed line, not a mobile). */
export function companyAsContact(company: CompanyView): Contact | null {
  if (!company.name) return null;
  const orNull = (value: string) => value || null;
  return {
    name: company.name,
    mobile: null,
    phone: orNull(company.phone),
    landline: null,
    email: orNull(company.email),
    qq: orNull(company.qq),
    wechat: orNull(company.wechat),
    address: orNull(company.address),
    website: orNull(company.website),
    websiteUrl: orNull(company.websiteUrl),
  };
}

/** customer_rating 0 (unset), 2 or 3 toggles; T0 (1, internal users) sees its customer service only. */
export function contactToggles(customerRating: number | null): boolean {
  return customerRating === null || customerRating === 0 || customerRating === 2 || customerRating === 3;
}

export type ContactRow = {
  customerRating: number | null;
  serviceId: number | null;
  serviceNickname: string | null;
  serviceUsername: string | null;
  servicePhone: string | null;
  serviceEmail: string | null;
  serviceLandline: string | null;
  serviceQq: string | null;
  serviceWxCodePath: string | null;
  salesId: number | null;
  salesNickname: string | null;
  salesUsername: string | null;
  salesPhone: string | null;
  salesEmail: string | null;
  salesLandline: string | null;
  salesQq: string | null;
  salesWxCodePath: string | null;
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
    wxCodePath: row[`${role}WxCodePath`],
  };
}

export type Contacts = { customerRating: number | null; service: Contact | null; sales: Contact | null };

/**
 * The columns of a user's (`u`) contacts, with CONTACT_JOINS: the results and
 * home pages read them in one statement with the rest of the viewer's own
 * data (domain/rates/viewer-reads.server.ts).
 */
export const CONTACT_COLUMNS = `u.customer_rating AS "customerRating",
    s.id AS "serviceId", s.nickname AS "serviceNickname", s.username AS "serviceUsername",
    s.phone AS "servicePhone", s.email AS "serviceEmail", s.landline AS "serviceLandline", s.qq AS "serviceQq", s.wx_code_path AS "serviceWxCodePath",
    m.id AS "salesId", m.nickname AS "salesNickname", m.username AS "salesUsername",
    m.phone AS "salesPhone", m.email AS "salesEmail", m.landline AS "salesLandline", m.qq AS "salesQq", m.wx_code_path AS "salesWxCodePath"`;
export const CONTACT_JOINS = `LEFT JOIN users s ON s.id = u.customer_service_id LEFT JOIN users m ON m.id = u.sales_id`;

/** The contacts of a row read with CONTACT_COLUMNS (none when the user is gone). */
export function contactsFrom(user: ContactRow | undefined): Contacts {
  return {
    customerRating: user?.customerRating ?? null,
    service: toContact(user ? personFrom(user, "service") : null),
    sales: toContact(user ? personFrom(user, "sales") : null),
  };
}

/** A user's customer-service and sales contacts (one query for the user and both). */
export async function contactsOf(userId: number): Promise<Contacts> {
  // Prisma's include would read each relation with a query of its own.
  const [user] = await sql<ContactRow>(CONTACTS_STATEMENT, [userId]);
  return contactsFrom(user);
}

const CONTACTS_STATEMENT = prepared(`SELECT ${CONTACT_COLUMNS} FROM users u ${CONTACT_JOINS} WHERE u.id = $1`);

/**
 * The card of a viewer: their own contacts, else the company's. `contacts`
 * reads the viewer's (a page that reads them with its other reads passes
 * its own).
 */
export async function loadContactCard(
  versions: Versions,
  viewer: Viewer | null,
  lng: Language,
  contacts: (viewer: Viewer) => Promise<Contacts> = (v) => contactsOf(v.id),
): Promise<ContactCardData> {
  if (viewer) {
    const { customerRating, service, sales } = await contacts(viewer);
    if (service || sales) {
      const toggle = contactToggles(customerRating);
      return {
        kind: "personal",
        service,
        sales: toggle || !service ? sales : null,
        toggle: toggle && !!service && !!sales,
      };
    }
  }
  return { kind: "company", company: companyAsContact(await companyIdentity(versions, lng)) };
}
