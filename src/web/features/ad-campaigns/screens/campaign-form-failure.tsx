import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { Icon } from '../../../ui/icons';
import { type LinkComponent, PlainLink, Link as UiLink } from '../../../ui/link';
import type { CampaignSaveFailure } from './campaign-form-props';

/** Meta's ads manager, where a refused part can be looked at. */
export const ADS_MANAGER_URL = 'https://adsmanager.facebook.com/';

const panel = css({
  display: 'flex',
  gap: '3',
  alignItems: 'flex-start',
  p: '4',
  bg: 'danger.subtle',
  borderWidth: '1px',
  borderColor: 'danger.border',
  borderRadius: 'lg',
  color: 'fg.default',
  '& > svg': { w: '5', h: '5', flexShrink: '0', color: 'danger.text', mt: '0.5' },
});
const body = css({ display: 'flex', flexDirection: 'column', gap: '2', minW: '0' });
const title = css({ fontWeight: 'semibold', color: 'danger.text' });
const message = css({ fontSize: 'sm', overflowWrap: 'anywhere' });
const links = css({ display: 'flex', flexWrap: 'wrap', gap: '4', fontSize: 'sm' });

export interface CampaignFormFailureProps {
  failure: CampaignSaveFailure;
  mode: 'create' | 'edit';
  integrationsHref: string;
  linkComponent?: LinkComponent | undefined;
}

/**
 * Why the save did not go through (SPEC §8): the part Meta refused with its own words and where to check
 * it, a connection to fix, a campaign that can no longer be edited, or a failure to try again later.
 */
export function CampaignFormFailure({ failure, mode, integrationsHref, linkComponent: Link = PlainLink }: CampaignFormFailureProps) {
  const { t } = useTranslation('createCampaign');
  const content = (() => {
    switch (failure.kind) {
      case 'meta':
        return {
          heading: t(`failure.metaTitle.${mode}`, { part: t(`failure.parts.${failure.part}`) }),
          lines: [failure.message, t('failure.metaHelp')],
          adsManager: true,
          integrations: true,
        };
      case 'connection':
        return {
          heading: t('failure.connectionTitle'),
          lines: [failure.message, t(failure.reason === 'renewal' ? 'failure.renewalHelp' : 'failure.notConnectedHelp')],
          adsManager: false,
          integrations: true,
        };
      case 'notEditable':
        return { heading: t('failure.notEditableTitle'), lines: [failure.message], adsManager: false, integrations: false };
      case 'fields':
        return { heading: t('failure.fieldsTitle'), lines: [], adsManager: false, integrations: false };
      case 'network':
        return { heading: t(`failure.otherTitle.${mode}`), lines: [t('failure.network')], adsManager: false, integrations: false };
      case 'other':
        return {
          heading: t(`failure.otherTitle.${mode}`),
          lines: [failure.message, t('failure.retryLater')].filter((line): line is string => Boolean(line)),
          adsManager: false,
          integrations: false,
        };
    }
  })();
  return (
    <div className={panel} role="alert" data-testid="campaign-form-failure">
      <Icon name="warning" />
      <div className={body}>
        <p className={title}>{content.heading}</p>
        {content.lines.map((line) => (
          <p key={line} className={message}>
            {line}
          </p>
        ))}
        {content.adsManager || content.integrations ? (
          <div className={links}>
            {content.adsManager ? (
              <UiLink href={ADS_MANAGER_URL} target="_blank" rel="noreferrer">
                {t('failure.adsManager')}
              </UiLink>
            ) : null}
            {content.integrations ? (
              <UiLink asChild>
                <Link href={integrationsHref}>{t('failure.integrations')}</Link>
              </UiLink>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
