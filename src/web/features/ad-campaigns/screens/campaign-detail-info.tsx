import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import { formatCount, formatDateTime, formatList, formatMoney } from '../../../../shared/format';
import { Card } from '../../../ui/card';
import { StatList, type StatListItem } from '../../../ui/stat-list';
import { CampaignStatusBadge } from './campaigns-list-parts';

type AdCampaign = components['schemas']['AdCampaign'];
type AdMedia = components['schemas']['AdMedia'];

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }, gap: '4', alignItems: 'start' });
const longText = css({ display: 'block', whiteSpace: 'pre-line', textAlign: 'start', fontWeight: 'normal' });
const fileList = css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '1', fontWeight: 'normal' });
const url = css({ overflowWrap: 'anywhere', fontWeight: 'normal' });

/** SPEC §3's fields of a campaign as its detail shows them: who it reaches, and what its ads say. */
export function CampaignDetailInfo({ campaign }: { campaign: AdCampaign }) {
  const { t } = useTranslation('campaignDetail');
  const { t: tList } = useTranslation('campaigns');
  const kindOf = (media: AdMedia) => t(`media.${media.kind}`);

  const audience: StatListItem[] = [
    { key: 'type', label: t('details.type'), value: tList(`type.${campaign.type}`) },
    { key: 'status', label: t('details.status'), value: <CampaignStatusBadge status={campaign.status} /> },
    { key: 'startAt', label: t('details.startAt'), value: formatDateTime(campaign.startAt) },
    { key: 'endAt', label: t('details.endAt'), value: campaign.endAt ? formatDateTime(campaign.endAt) : t('details.noEnd') },
    { key: 'dailyBudget', label: t('details.dailyBudget'), value: formatMoney(campaign.dailyBudget, campaign.currency) },
    {
      key: 'segment',
      label: t('details.segment'),
      value: campaign.segmentId === null ? t('details.segmentDeleted', { name: campaign.segmentName }) : campaign.segmentName,
    },
    {
      key: 'audienceSize',
      label: t('details.audience'),
      value: t('details.audienceSize', { count: campaign.audienceSize, formatted: formatCount(campaign.audienceSize) }),
    },
    {
      key: 'locations',
      label: t('details.locations'),
      value: campaign.locations.length === 0 ? t('details.wholeCountry') : formatList(campaign.locations.map((location) => location.name)),
    },
    { key: 'ages', label: t('details.ages'), value: t('details.agesValue', { min: campaign.ageMin, max: campaign.ageMax }) },
    { key: 'gender', label: t('details.gender'), value: t(`gender.${campaign.gender}`) },
    {
      key: 'interests',
      label: t('details.interests'),
      value: campaign.interests.length === 0 ? t('details.noInterests') : formatList(campaign.interests.map((interest) => interest.name)),
    },
  ];

  const ads: StatListItem[] = [
    { key: 'format', label: t('details.format'), value: t(`format.${campaign.format}`) },
    {
      key: 'files',
      label: t('details.files'),
      value: (
        <ul className={fileList}>
          {campaign.media.map(({ media, thumbnail }) => (
            <li key={media.id}>
              {thumbnail
                ? t('media.withThumbnail', { name: media.name, kind: kindOf(media), thumbnail: thumbnail.name })
                : t('media.file', { name: media.name, kind: kindOf(media) })}
            </li>
          ))}
        </ul>
      ),
    },
    { key: 'mainText', label: t('details.mainText'), value: <span className={longText}>{campaign.mainText}</span> },
    { key: 'title', label: t('details.adTitle'), value: campaign.title },
    { key: 'description', label: t('details.description'), value: campaign.description },
    { key: 'callToAction', label: t('details.callToAction'), value: t(`callToAction.${campaign.callToAction}`) },
    { key: 'url', label: t('details.url'), value: <span className={url}>{campaign.url}</span> },
    ...(campaign.productCatalogId ? [{ key: 'productCatalog', label: t('details.productCatalog'), value: campaign.productCatalogId }] : []),
    ...(campaign.productSetId ? [{ key: 'productSet', label: t('details.productSet'), value: campaign.productSetId }] : []),
  ];

  return (
    <div className={grid}>
      <Card title={t('details.audienceTitle')}>
        <StatList items={audience} />
      </Card>
      <Card title={t('details.adsTitle')}>
        <StatList items={ads} />
      </Card>
    </div>
  );
}
