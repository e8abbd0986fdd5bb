// The company's identity (name, address, hotline, e-mail, website, filing
// record, QQ, WeChat): ONE source, the SiteSetting `company_contact` that
// staff edit on /companyInfo. The footer, /contact, /us, the visitors'
// contact card and /freeze all read it. Types and field lists (no server code).

export type CompanyIdentity = {
  /** In the page's language. */
  name: string;
  address: string;
  /** The company's fixed line or hotline (never a mobile). */
  phone: string;
  email: string;
  website: string;
  /** ICP filing number shown in the footer. */
  filingRecord: string;
  qq: string;
  /** WeChat id (text). */
  wechat: string;
};

export const COMPANY_FIELDS = [
  "name",
  "address",
  "phone",
  "email",
  "website",
  "filingRecord",
  "qq",
  "wechat",
] as const satisfies readonly (keyof CompanyIdentity)[];

/** Fields written per language; the others are the same in both. */
export const LOCALISED_COMPANY_FIELDS = ["name", "address"] as const;

export const EMPTY_COMPANY: CompanyIdentity = {
  name: "",
  address: "",
  phone: "",
  email: "",
  website: "",
  filingRecord: "",
  qq: "",
  wechat: "",
};

/** What pages receive: the website as people read it (no scheme) and as a link. */
export type CompanyView = CompanyIdentity & { websiteUrl: string };

/**
 * What every page's root data carries: the footer's and /us's fields. The
 * e-mail, QQ and WeChat are on /contact, the contact card and /freeze, which
 * read the identity in their own loaders; no client code reads them from the root.
 */
export const FOOTER_COMPANY_FIELDS = ["name", "address", "phone", "website", "websiteUrl", "filingRecord"] as const;
export type FooterCompany = Pick<CompanyView, (typeof FOOTER_COMPANY_FIELDS)[number]>;

export function footerCompany(company: CompanyView): FooterCompany {
  const footer = {} as FooterCompany;
  for (const field of FOOTER_COMPANY_FIELDS) footer[field] = company[field];
  return footer;
}
