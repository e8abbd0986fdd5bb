import { useTranslation } from "~/i18n/react";
import type { HomeBlock } from "~/domain/home-content/home-content.server";

type Item = Omit<HomeBlock, "items">;

function Picture({ item }: { item: Item }) {
  const { t } = useTranslation();
  const [width, height] = item.size === "B" ? [640, 320] : [320, 200];
  return item.image ? (
    <img className="home-block__image" src={item.image} alt="" width={width} height={height} loading="lazy" />
  ) : (
    <span className="home-block__image home-block__image--none" role="img" aria-label={t("search.home.noImage")}>
      {item.name.slice(0, 2)}
    </span>
  );
}

/**
 * The website home content staff maintain on /homeList (administration 2.5):
 * each level-1 group with its level-2 items; large (B) items span two grid
 * columns; an item without an image shows the placeholder.
 */
export function HomeBlocks({ blocks, headingLevel = 2 }: { blocks: HomeBlock[]; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  if (!blocks.length) return null;
  const Heading = `h${headingLevel}` as const;
  const ItemHeading = `h${headingLevel + 1}` as "h3" | "h4";
  return (
    <section className="home-blocks" aria-label={t("search.home.blocks")}>
      {blocks.map((group) => (
        <section key={group.id} className="home-block">
          <Heading className="home-block__title">{group.name}</Heading>
          {group.description ? <p className="home-block__lead">{group.description}</p> : null}
          <ul className="home-block__items">
            {(group.items.length ? group.items : [group]).map((item) => (
              <li key={item.id} className={`home-block__item home-block__item--${item.size}`}>
                <Picture item={item} />
                <ItemHeading className="home-block__name">{item.name}</ItemHeading>
                {item.description ? <p className="home-block__text">{item.description}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
