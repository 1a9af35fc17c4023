import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { Loadable } from '../../../api/loadable';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { type LinkComponent, PlainLink } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { SkeletonGroup } from '../../../ui/skeleton';
import { layout } from './layout';

/** One campaign as the dashboard's campaign sections show it: its name linking to its detail, and its figures. */
export interface CampaignCard {
  id: number;
  name: string;
  href: string;
  /** Beside the name (a status). */
  badge?: ReactNode;
  /** Label and value of each figure, in order. */
  figures: readonly (readonly [label: string, value: string])[];
}

const campaignLink = css({
  color: 'accent.text',
  fontWeight: 'medium',
  textDecoration: 'none',
  borderRadius: 'sm',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: 'accent.focus', outlineOffset: '0.5' },
});
const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
  gap: '4',
  listStyle: 'none',
  p: '0',
  m: '0',
});
const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '5',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.default',
  borderRadius: 'lg',
  minWidth: '0',
});
const allLink = css({ fontSize: 'sm', fontWeight: 'medium', color: 'accent.text', textDecoration: 'underline' });
const title = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2' });
const name = css({ textStyle: 'groupTitle', overflowWrap: 'anywhere' });
const figureColumns = {
  2: css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '3', m: '0' }),
  3: css({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '3', m: '0' }),
};
const figure = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: '0' });
const figureLabel = css({ fontSize: 'xs', color: 'fg.muted' });
const figureValue = css({ fontSize: 'lg', fontWeight: 'semibold', color: 'fg.default', fontVariantNumeric: 'tabular-nums', m: '0' });

export interface CampaignsSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  /** Its words: title, note, the link to every campaign, and what an empty list says. */
  texts: { title: string; note: string; all: string; emptyTitle: string; emptyDescription: string };
  cards: Loadable<readonly CampaignCard[]>;
  onRetry: () => void;
  /** Every campaign (the list). */
  listHref: string;
  /** How many figures stand side by side in a card. */
  columns: 2 | 3;
  /** The router's link; a plain anchor by default. */
  linkComponent?: LinkComponent | undefined;
}

/** A dashboard section of campaigns: a titled header linking to the list, then a card each (or why there are none). */
export function CampaignsSection({ id, texts, cards, onRetry, listHref, columns, linkComponent: Link = PlainLink }: CampaignsSectionProps) {
  return (
    <section className={layout.section} aria-labelledby={id}>
      <header className={layout.header}>
        <div className={layout.heading}>
          <h2 id={id} className={layout.title}>
            {texts.title}
          </h2>
          <p className={layout.note}>{texts.note}</p>
        </div>
        <Link href={listHref} className={allLink}>
          {texts.all}
        </Link>
      </header>
      <LoadableView
        loadable={cards}
        loading={<SkeletonGroup className={grid} items={[{ shape: 'block' }, { shape: 'block' }]} />}
        onRetry={onRetry}
        error={(failed) => <Card as="div">{failed}</Card>}
      >
        {(loaded) =>
          loaded.length === 0 ? (
            <Card as="div">
              <EmptyState title={texts.emptyTitle} description={texts.emptyDescription} />
            </Card>
          ) : (
            <CampaignCards cards={loaded} columns={columns} linkComponent={Link} />
          )
        }
      </LoadableView>
    </section>
  );
}

interface CampaignCardsProps {
  cards: readonly CampaignCard[];
  /** How many figures stand side by side. */
  columns: 2 | 3;
  /** The router's link; a plain anchor by default. */
  linkComponent?: LinkComponent | undefined;
}

/** The campaigns of a dashboard section, a card each, two cards a row on a wide screen. */
function CampaignCards({ cards, columns, linkComponent: Link = PlainLink }: CampaignCardsProps) {
  return (
    <ul className={grid}>
      {cards.map((campaign) => {
        const heading = (
          <h3 className={name}>
            <Link href={campaign.href} className={campaignLink}>
              {campaign.name}
            </Link>
          </h3>
        );
        return (
          <li key={campaign.id} className={card}>
            {campaign.badge ? (
              <div className={title}>
                {heading}
                {campaign.badge}
              </div>
            ) : (
              heading
            )}
            <dl className={figureColumns[columns]}>
              {campaign.figures.map(([label, value]) => (
                <div key={label} className={figure}>
                  <dt className={figureLabel}>{label}</dt>
                  <dd className={figureValue}>{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
