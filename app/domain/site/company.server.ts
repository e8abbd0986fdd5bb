// Reading and saving the company identity (company.ts): the SiteSetting
// `company_contact`, one JSON object per language. Reads are cached while
// site_settings is unchanged (utils/data-cache.server.ts), so the footer on
// every page costs no query, and a change shows on the very next request.
import type { Viewer } from "~/domain/accounts/viewer.server";
import { logOperation } from "~/domain/operation-log/operation-log.server";
import type { Language } from "~/i18n/config";
import { dataCache, type Versions } from "~/utils/data-cache.server";
import { prisma } from "~/utils/db.server";
import { COMPANY_FIELDS, EMPTY_COMPANY, LOCALISED_COMPANY_FIELDS, type CompanyIdentity, type CompanyView } from "./company";
import type { CompanyInput } from "./schemas";
import { sqlTable } from "~/utils/sql-names.server";

export const COMPANY_SETTING = "company_contact";

function parse(json: string | undefined): CompanyIdentity {
  const company = { ...EMPTY_COMPANY };
  if (!json) return company;
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    for (const field of COMPANY_FIELDS) if (typeof value[field] === "string") company[field] = (value[field] as string).trim();
  } catch {
    // A hand-edited row that is not JSON: shown as empty rather than failing every page.
  }
  return company;
}

/** Both languages' identity, as stored. */
export async function readCompanyBoth(): Promise<Record<Language, CompanyIdentity>> {
  const row = await prisma.siteSetting.findUnique({ where: { key: COMPANY_SETTING } });
  return { "zh-CN": parse(row?.valueZh), "en-US": parse(row?.valueEn) };
}

const cache = dataCache<CompanyView>(4);

/** The website as a link and as people read it: "www.example.com" ↔ https://www.example.com. */
function viewOf(company: CompanyIdentity): CompanyView {
  const website = company.website.replace(/^https?:\/\//i, "").replace(/\/$/, "");
  const websiteUrl = !company.website ? "" : /^https?:\/\//i.test(company.website) ? company.website : `https://${company.website}`;
  return { ...company, website, websiteUrl };
}

/** The identity in a language, read once per site_settings version (`versions`: the request's). */
export async function companyIdentity(versions: Versions, lng: Language): Promise<CompanyView> {
  return cache.get(versions, [sqlTable("siteSetting")], lng, async () => viewOf((await readCompanyBoth())[lng]));
}

/** What the edit form shows: the localised fields per language, the rest once. */
export function companyFormValues(both: Record<Language, CompanyIdentity>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of COMPANY_FIELDS) values[field] = both["zh-CN"][field] || both["en-US"][field];
  for (const field of LOCALISED_COMPANY_FIELDS) {
    values[`${field}Zh`] = both["zh-CN"][field];
    values[`${field}En`] = both["en-US"][field];
  }
  return values;
}

/** One language's stored JSON as logged fields: name and address per language (nameZh …), the rest shared. */
function companyFields(json: string | null | undefined, lng: "Zh" | "En"): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  try {
    value = json ? (JSON.parse(json) as Record<string, unknown>) : {};
  } catch {
    value = {};
  }
  const { name, address, ...shared } = value;
  return { [`name${lng}`]: name ?? null, [`address${lng}`]: address ?? null, ...shared };
}

const COMPANY_LOG_LABELS = Object.fromEntries(
  ["nameZh", "nameEn", "addressZh", "addressEn", "phone", "email", "website", "filingRecord", "qq", "wechat"].map((field) => [
    field,
    `admin.company.fields.${field}`,
  ]),
);

/** Saves both languages, with its operation-log line, in one transaction. */
export async function saveCompany(viewer: Pick<Viewer, "id" | "username">, input: CompanyInput): Promise<void> {
  const shared = {
    phone: input.phone,
    email: input.email,
    website: input.website,
    filingRecord: input.filingRecord,
    qq: input.qq,
    wechat: input.wechat,
  };
  const valueZh = JSON.stringify({ name: input.nameZh, address: input.addressZh, ...shared });
  const valueEn = JSON.stringify({ name: input.nameEn, address: input.addressEn, ...shared });
  await prisma.$transaction(async (tx) => {
    const before = await tx.siteSetting.findUnique({ where: { key: COMPANY_SETTING } });
    await tx.siteSetting.upsert({
      where: { key: COMPANY_SETTING },
      create: { key: COMPANY_SETTING, valueZh, valueEn },
      update: { valueZh, valueEn },
    });
    // Old → new per field of both languages (issue 22 item 12).
    await logOperation(tx, viewer, {
      module: "edit",
      operation: "companyInfo",
      before: { ...companyFields(before?.valueZh, "Zh"), ...companyFields(before?.valueEn, "En") },
      after: { ...companyFields(valueZh, "Zh"), ...companyFields(valueEn, "En") },
      labels: COMPANY_LOG_LABELS,
    });
  });
}
