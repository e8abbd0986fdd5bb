// What a page tells browsers and crawlers about itself (shared type).
export type PageMeta = {
  title: string;
  description?: string;
  /** Absolute URL; only on pages worth indexing. */
  canonical?: string;
  alternates?: { hrefLang: string; href: string }[];
  noindex: boolean;
};
