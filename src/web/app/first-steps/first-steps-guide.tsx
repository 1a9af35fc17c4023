import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { COLLABORATOR_LIMIT, TRIAL_DAYS } from '../../../shared/constants';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icons';
import { Link, type LinkComponent, PlainLink } from '../../ui/link';
import { ProgressBar } from '../../ui/progress-bar';

export type FirstStepKey = 'connectStore' | 'choosePlan' | 'setInvestment' | 'inviteTeam';

export interface FirstStep {
  key: FirstStepKey;
  done: boolean;
  /** Where the step is done: a page, or something this page opens (the investment modal). */
  action: { href: string } | { onClick: () => void };
}

export interface FirstStepsGuideProps {
  /** The section's id, so the help menu can lead to it. */
  id: string;
  /** The steps the person's role can take, in order. */
  steps: readonly FirstStep[];
  headingRef?: Ref<HTMLHeadingElement>;
  linkComponent?: LinkComponent;
}

const styles = {
  root: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
    p: { base: '4', md: '6' },
    bg: 'bg.surface',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'border.default',
    borderRadius: 'lg',
    scrollMarginTop: '20',
  }),
  title: css({ fontSize: 'lg', fontWeight: 'semibold', color: 'fg.default', outline: 'none' }),
  intro: css({ fontSize: 'sm', color: 'fg.muted' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', m: '0', p: '0' }),
  step: css({
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: '3',
    rowGap: '2',
    alignItems: 'start',
    p: '3',
    borderRadius: 'md',
    bg: 'bg.canvas',
    md: { gridTemplateColumns: 'auto 1fr auto', alignItems: 'center' },
  }),
  mark: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '6',
    h: '6',
    borderRadius: 'full',
    borderWidth: '2px',
    borderStyle: 'solid',
    borderColor: 'border.strong',
    color: 'accent.fg',
    '&[data-done]': { bg: 'success.border', borderColor: 'success.border' },
    '& svg': { w: '4', h: '4' },
  }),
  text: css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' }),
  stepTitle: css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default' }),
  stepDescription: css({ fontSize: 'sm', color: 'fg.muted' }),
  action: css({ gridColumn: { base: '2', md: '3' } }),
};

/**
 * The first things to do in Recompra, as Shopify's setup guide: each step with why it matters and
 * where to do it, ticked once its data says it is done. The page shows it until every step is.
 */
export function FirstStepsGuide({ id, steps, headingRef, linkComponent: RouterLink = PlainLink }: FirstStepsGuideProps) {
  const { t } = useTranslation('common');
  const headingId = useId();
  const done = steps.filter((step) => step.done).length;
  return (
    <section id={id} className={styles.root} aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
          {t('firstSteps.title')}
        </h2>
        <p className={styles.intro}>{done === steps.length ? t('firstSteps.allDone') : t('firstSteps.intro')}</p>
      </div>
      <ProgressBar label={t('firstSteps.progress', { done, total: steps.length })} value={(done / steps.length) * 100} />
      <ol className={styles.list}>
        {steps.map((step) => (
          <li key={step.key} className={styles.step}>
            <span className={styles.mark} data-done={step.done || undefined}>
              {step.done ? <Icon name="check" /> : null}
            </span>
            <span className={styles.text}>
              <span className={styles.stepTitle}>
                {t(`firstSteps.steps.${step.key}.title`)}
                <span className={css({ srOnly: true })}> ({step.done ? t('firstSteps.stepDone') : t('firstSteps.stepPending')})</span>
              </span>
              <span className={styles.stepDescription}>
                {t(`firstSteps.steps.${step.key}.description`, { limit: COLLABORATOR_LIMIT, days: TRIAL_DAYS })}
              </span>
            </span>
            {step.done ? null : (
              <span className={styles.action}>
                {'href' in step.action ? (
                  <Link asChild>
                    <RouterLink href={step.action.href}>{t(`firstSteps.steps.${step.key}.action`)}</RouterLink>
                  </Link>
                ) : (
                  <Button variant="outline" size="sm" onClick={step.action.onClick}>
                    {t(`firstSteps.steps.${step.key}.action`)}
                  </Button>
                )}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
