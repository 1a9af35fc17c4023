import { useTranslation } from 'react-i18next';
import { Banner } from '../../ui/banner';
import type { LinkComponent } from '../../ui/link';
import type { ActiveBanner } from './banners';

export interface AppBannerProps {
  banner: ActiveBanner;
  linkComponent?: LinkComponent;
}

/** One of the seven account banners, from the configuration `bannersFor` returns. */
export function AppBanner({ banner: config, linkComponent }: AppBannerProps) {
  const { t } = useTranslation('common');
  return (
    <Banner
      tone={config.tone}
      message={t(`banners.${config.id}.message`, { count: config.days ?? 0 })}
      action={{ href: config.href, label: t(`banners.${config.id}.action`) }}
      linkComponent={linkComponent}
    />
  );
}
