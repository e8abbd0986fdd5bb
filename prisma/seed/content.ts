// Site settings, website and app home content, home categories.
import type { Prisma } from "../../app/generated/prisma/client.ts";
import { APP_HOME, COMPANY_CONTACT, HOME_CATEGORIES, MAINTENANCE_NOTICE, WEB_HOME, type HomeItem } from "./data/content.ts";
import type { Tx } from "./types.ts";

export function buildHomeContents(): Prisma.HomeContentCreateManyInput[] {
  const rows: Prisma.HomeContentCreateManyInput[] = [];
  const add = (channel: "WEB" | "APP", items: HomeItem[], parentId: number | null) => {
    items.forEach((item, i) => {
      const id = rows.length + 1;
      rows.push({
        id,
        channel,
        name: item.name,
        description: item.description,
        nameEn: item.en?.name ?? null,
        descriptionEn: item.en?.description ?? null,
        parentId,
        level: parentId == null ? 1 : 2,
        imagePath: null, // no image yet: the placeholder is shown
        size: channel === "WEB" ? (item.size ?? "S") : null,
        sort: i + 1,
      });
      if (item.children) add(channel, item.children, id);
    });
  };
  add("WEB", WEB_HOME, null);
  add("APP", APP_HOME, null);
  return rows;
}

export async function seedContent(tx: Tx): Promise<void> {
  await tx.siteSetting.createMany({
    data: [
      { key: "maintenance_notice", valueZh: MAINTENANCE_NOTICE.zh, valueEn: MAINTENANCE_NOTICE.en },
      { key: "company_contact", valueZh: JSON.stringify(COMPANY_CONTACT.zh), valueEn: JSON.stringify(COMPANY_CONTACT.en) },
    ],
  });
  const home = buildHomeContents();
  // Parents before children.
  await tx.homeContent.createMany({ data: home.filter((h) => h.level === 1) });
  await tx.homeContent.createMany({ data: home.filter((h) => h.level === 2) });
  await tx.homeCategory.createMany({ data: HOME_CATEGORIES.map((c, i) => ({ id: i + 1, ...c, sort: i + 1 })) });
}
