// A contact as the contact card shows it (shared with the browser): a
// customer's customer service or sales, or the company itself. Types only.
export type Contact = {
  name: string;
  mobile: string | null;
  /** The company's hotline. */
  phone?: string | null;
  landline: string | null;
  email: string | null;
  qq: string | null;
  /** WeChat id (the company's). */
  wechat?: string | null;
  /** URL of the QR business card (staff upload it, administration 2.1). */
  wxCode?: string | null;
  address?: string | null;
  website?: string | null;
  websiteUrl?: string | null;
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
