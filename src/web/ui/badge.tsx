import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type BadgeVariantProps, badge } from 'styled-system/recipes';

export type Tone = NonNullable<BadgeVariantProps['tone']>;

export interface BadgeProps {
  tone?: Tone;
  children: ReactNode;
}

export function Badge({ tone, children }: BadgeProps) {
  return <span className={badge({ tone })}>{children}</span>;
}

/** Every status value of SPEC §4 and the tone it shows in. */
export const STATUS_TONES = {
  adCampaign: { active: 'success', finished: 'neutral', paused: 'warning', scheduled: 'info' },
  template: { PENDING: 'info', APPROVED: 'success', REJECTED: 'danger', PAUSED: 'warning', DISABLED: 'neutral' },
  messagingCampaign: { created: 'neutral', scheduled: 'info', sending: 'info', sent: 'success', active: 'success', paused: 'warning' },
  subscription: { active: 'success', canceled: 'neutral', past_due: 'danger' },
  scraping: {
    NEEDS_SCRAPE: 'neutral',
    IN_PROGRESS: 'info',
    FINISHED: 'success',
    FINISHED_ONE_YEAR: 'success',
    HISTORIC_IN_PROGRESS: 'info',
    FAILED: 'danger',
  },
} as const satisfies Record<string, Record<string, Tone>>;

export type StatusKind = keyof typeof STATUS_TONES;

export type StatusBadgeProps = {
  [Kind in StatusKind]: { kind: Kind; status: keyof (typeof STATUS_TONES)[Kind] };
}[StatusKind];

/** A status in the merchant's words, e.g. a paused ad campaign reads "Desactivada". */
export function StatusBadge({ kind, status }: StatusBadgeProps) {
  const { t } = useTranslation('common');
  const tones: Record<string, Tone> = STATUS_TONES[kind];
  const tone = tones[status] ?? 'neutral';
  return <Badge tone={tone}>{t(`status.${kind}.${status}` as 'status.adCampaign.active')}</Badge>;
}
