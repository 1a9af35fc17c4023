import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { banner } from 'styled-system/recipes';
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
