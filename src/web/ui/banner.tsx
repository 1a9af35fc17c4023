import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { type LinkComponent, PlainLink } from './link';
import * as BannerParts from './parts/banner';

export type BannerTone = 'info' | 'success' | 'warning' | 'danger';

export interface BannerProps {
  tone: BannerTone;
  /** Already translated. */
  message: ReactNode;
  action?: { href: string; label: string } | undefined;
  /** The router's link; a plain anchor by default. */
  linkComponent?: LinkComponent;
  /** Offers a close button: for news the merchant reads once (a subscription that just started). */
  onDismiss?: () => void;
}

const ICONS = { info: 'info', success: 'success', warning: 'warning', danger: 'warning' } as const;

/** A message across the top of the app or a page, with the link that resolves it. */
export function Banner({ tone, message, action, linkComponent: Link = PlainLink, onDismiss }: BannerProps) {
  const { t } = useTranslation('common');
  return (
    <BannerParts.Root tone={tone} role={tone === 'danger' ? 'alert' : 'status'}>
      <BannerParts.Icon asChild>
        <Icon name={ICONS[tone]} />
      </BannerParts.Icon>
      <BannerParts.Message>{message}</BannerParts.Message>
      {action ? (
        <BannerParts.Action asChild>
          <Link href={action.href}>{action.label}</Link>
        </BannerParts.Action>
      ) : null}
      {onDismiss ? (
        <BannerParts.Dismiss type="button" aria-label={t('ui.close')} onClick={onDismiss}>
          <Icon name="close" />
        </BannerParts.Dismiss>
      ) : null}
    </BannerParts.Root>
  );
}
