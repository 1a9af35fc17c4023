import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { EMPTY_VALUE, formatCount } from '../../../../shared/format';
import { Badge } from '../../../ui/badge';
import { Icon } from '../../../ui/icons';
import { RadioCardGroup } from '../../../ui/radio-card';
import {
  type Billing,
  formatPriceCents,
  monthlyEquivalentCents,
  type Plan,
  type PlanFeatureId,
  type PlanId,
  periodPriceCents,
} from '../billing';

export interface PlanOptionsProps {
  plans: readonly Plan[];
  billing: Billing;
  selected: PlanId | null;
  onSelect: (planId: PlanId) => void;
  recommended: PlanId | null;
  /** The plan the store has (with its billing), marked as such. */
  current: { planId: PlanId; billing: Billing } | null;
  /** Only looking: the choice cannot be changed. */
  disabled?: boolean;
}

const styles = {
  head: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', flexWrap: 'wrap' }),
  name: css({ textStyle: 'groupTitle', color: 'fg.default' }),
  badges: css({ display: 'flex', gap: '1', flexWrap: 'wrap' }),
  range: css({ fontSize: 'sm', color: 'fg.muted' }),
  // A yearly price per month (US$332,50) may not fit beside its unit on a phone: the unit goes below.
  price: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: '1', color: 'fg.default' }),
  amount: css({ fontSize: '2xl', fontWeight: 'bold' }),
  unit: css({ fontSize: 'sm', color: 'fg.muted' }),
  billed: css({ fontSize: 'xs', color: 'fg.muted' }),
};

/** "0 a 300 pedidos al mes", "Más de 10.000 pedidos al mes". */
export function usePlanRange() {
  const { t } = useTranslation('account');
  return (plan: Plan) =>
    plan.maxOrders === null
      ? t('changePlan.rangeOpen', { min: formatCount(plan.minOrders) })
      : t('changePlan.range', { min: formatCount(plan.minOrders), max: formatCount(plan.maxOrders) });
}

/** The plans as a choice of cards: the range of orders each fits, its price per month, and which is recommended. */
export function PlanOptions({ plans, billing, selected, onSelect, recommended, current, disabled = false }: PlanOptionsProps) {
  const { t } = useTranslation('account');
  const name = useId();
  const rangeOf = usePlanRange();
  return (
    <RadioCardGroup
      legend={t('changePlan.plansLegend')}
      columns="fit"
      surface="page"
      indicator="none"
      name={name}
      value={selected}
      onValueChange={onSelect}
      // Only looking: the chosen plan stays reachable, the others cannot be chosen.
      options={plans.map((plan) => ({
        value: plan.id,
        disabled: disabled && plan.id !== selected,
        content: (
          <>
            <span className={styles.head}>
              <span className={styles.name}>{t(`plans.${plan.id}`)}</span>
              <span className={styles.badges}>
                {plan.id === recommended ? <Badge tone="success">{t('changePlan.recommended')}</Badge> : null}
                {current?.planId === plan.id && current.billing === billing ? <Badge tone="info">{t('changePlan.current')}</Badge> : null}
              </span>
            </span>
            <span className={styles.range}>{rangeOf(plan)}</span>
            <span className={styles.price}>
              <span className={styles.amount}>{formatPriceCents(monthlyEquivalentCents(plan, billing))}</span>
              <span className={styles.unit}>{t('changePlan.perMonth')}</span>
            </span>
            <span className={styles.billed}>
              {billing === 'yearly'
                ? t('changePlan.billedYearly', { price: formatPriceCents(periodPriceCents(plan, 'yearly')) })
                : t('changePlan.billedMonthly')}
            </span>
          </>
        ),
      }))}
    />
  );
}

const table = {
  scroller: css({
    // Positioned, so the cells' screen-reader words (absolutely placed) scroll with the table, not the page.
    position: 'relative',
    overflowX: 'auto',
    maxW: 'full',
    borderRadius: 'sm',
    _focusVisible: { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: 'accent.focus', outlineOffset: '0.5' },
  }),
  table: css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm', minW: '2xl' }),
  th: css({
    textAlign: 'center',
    p: '2',
    fontWeight: 'semibold',
    color: 'fg.default',
    borderBottomWidth: '1px',
    borderColor: 'border.default',
  }),
  rowHead: css({
    textAlign: 'left',
    p: '2',
    fontWeight: 'normal',
    color: 'fg.default',
    borderBottomWidth: '1px',
    borderColor: 'border.default',
  }),
  cell: css({ textAlign: 'center', p: '2', borderBottomWidth: '1px', borderColor: 'border.default', color: 'fg.muted' }),
  yes: css({ display: 'inline-flex', color: 'success.border', '& svg': { w: '5', h: '5' } }),
  srOnly: css({ srOnly: true }),
};

/** SPEC §2 "a feature comparison": which plan includes what, one row per feature. */
export function FeatureComparison({
  plans,
  features,
  caption,
}: {
  plans: readonly Plan[];
  features: readonly PlanFeatureId[];
  caption: string;
}) {
  const { t } = useTranslation('account');
  return (
    // Scrolls sideways on a phone: the keyboard can reach it and a screen reader names it.
    <div className={table.scroller} role="region" aria-label={caption} tabIndex={0}>
      <table className={table.table}>
        <caption className={table.srOnly}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={table.rowHead}>
              {t('changePlan.feature')}
            </th>
            {plans.map((plan) => (
              <th key={plan.id} scope="col" className={table.th}>
                {t(`plans.${plan.id}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {features.map((feature) => (
            <tr key={feature}>
              <th scope="row" className={table.rowHead}>
                {t(`features.${feature}`)}
              </th>
              {plans.map((plan) => (
                <td key={plan.id} className={table.cell}>
                  {plan.features.includes(feature) ? (
                    <span className={table.yes}>
                      <Icon name="check" />
                      <span className={table.srOnly}>{t('changePlan.included')}</span>
                    </span>
                  ) : (
                    <span>
                      <span aria-hidden="true">{EMPTY_VALUE}</span>
                      <span className={table.srOnly}>{t('changePlan.notIncluded')}</span>
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
