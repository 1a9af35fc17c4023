import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { banner } from 'styled-system/recipes';
import type { ActiveBanner } from './banners';
import { Icon } from './icons';

export type BannerTone = 'info' | 'success' | 'warning' | 'danger';

export interface BannerLinkProps {
  href: string;
  className: string;
  children: ReactNode;
}

function PlainLink(props: BannerLinkProps) {
  return <a {...props} />;
}

export interface BannerProps {
  tone: BannerTone;
  /** Already translated. */
  message: ReactNode;
  action?: { href: string; label: string } | undefined;
  /** The router's link; a plain anchor by default. */
  linkComponent?: ComponentType<BannerLinkProps>;
  /** Offers a close button: for news the merchant reads once (a subscription that just started). */
  onDismiss?: () => void;
}

const ICONS = { info: 'info', success: 'success', warning: 'warning', danger: 'warning' } as const;

/** A message across the top of the app or a page, with the link that resolves it. */
export function Banner({ tone, message, action, linkComponent: Link = PlainLink, onDismiss }: BannerProps) {
  const { t } = useTranslation('common');
  const classes = banner({ tone });
  return (
    <div className={classes.root} role={tone === 'danger' ? 'alert' : 'status'}>
      <Icon name={ICONS[tone]} className={classes.icon} />
      <p className={classes.message}>{message}</p>
      {action ? (
        <Link href={action.href} className={classes.action}>
          {action.label}
        </Link>
      ) : null}
      {onDismiss ? (
        <button type="button" className={classes.dismiss} aria-label={t('ui.close')} onClick={onDismiss}>
          <Icon name="close" />
        </button>
      ) : null}
    </div>
  );
}

export interface AppBannerProps {
  banner: ActiveBanner;
  linkComponent?: ComponentType<BannerLinkProps>;
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
