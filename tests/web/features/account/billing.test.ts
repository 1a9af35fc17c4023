import { describe, expect, it } from 'vitest';
import { planCatalog, subscriptionStates } from '../../../../mocks/fixtures/subscription';
import {
  calendarDay,
  formatPriceCents,
  hasPlanAccess,
  planChangeOf,
  recommendedPlanId,
  trialDaysLeft,
  trialEndFrom,
} from '../../../../src/web/features/account/billing';

// 2026-03-15 12:00 in Chile, as in Storybook.
const NOW = Date.parse('2026-03-15T15:00:00.000Z');
const { plans } = planCatalog;

describe('recommendedPlanId', () => {
  it('picks the first plan whose range reaches the orders of the last 30 days', () => {
    expect(recommendedPlanId(plans, 0)).toBe('inicial');
    expect(recommendedPlanId(plans, 300)).toBe('inicial');
    expect(recommendedPlanId(plans, 301)).toBe('crecimiento');
    expect(recommendedPlanId(plans, 2150)).toBe('avanzado');
    expect(recommendedPlanId(plans, 10000)).toBe('escala');
    expect(recommendedPlanId(plans, 10001)).toBe('corporativo');
  });

  it('has nothing to recommend without plans', () => {
    expect(recommendedPlanId([], 10)).toBeNull();
  });
});

describe('hasPlanAccess', () => {
  it('opens the data on a plan, its trial, while past due and while canceled until its date', () => {
    for (const state of ['trial', 'activeMonthly', 'activeYearly', 'pastDue', 'canceled'] as const) {
      expect(hasPlanAccess(subscriptionStates[state], NOW)).toBe(true);
    }
  });

  it('closes it without a plan, and once a canceled plan reaches its date', () => {
    expect(hasPlanAccess(subscriptionStates.none, NOW)).toBe(false);
    expect(hasPlanAccess(subscriptionStates.ended, NOW)).toBe(false);
    expect(hasPlanAccess(subscriptionStates.canceled, Date.parse('2026-04-02T15:00:00.000Z'))).toBe(false);
  });
});

describe('trialDaysLeft', () => {
  it('counts calendar days in Chile to the end of the trial, 0 on its last day', () => {
    expect(trialDaysLeft(subscriptionStates.trial.subscription, NOW)).toBe(2);
    expect(trialDaysLeft(subscriptionStates.trial.subscription, Date.parse('2026-03-17T03:30:00.000Z'))).toBe(0);
  });

  it('is null off trial and once the trial is over', () => {
    expect(trialDaysLeft(subscriptionStates.activeMonthly.subscription, NOW)).toBeNull();
    expect(trialDaysLeft(null, NOW)).toBeNull();
    expect(trialDaysLeft(subscriptionStates.trial.subscription, Date.parse('2026-03-18T00:00:00.000Z'))).toBeNull();
  });
});

describe('planChangeOf', () => {
  const change = (state: keyof typeof subscriptionStates, planId: 'inicial' | 'crecimiento' | 'avanzado', billing: 'monthly' | 'yearly') =>
    planChangeOf({ subscription: subscriptionStates[state].subscription!, plans, planId, billing, chargeToday: previewed, now: NOW });
  const previewed = { status: 'known', cents: 3484, prorationDate: '2026-03-15T15:00:00.000Z' } as const;

  it('knows the plan the store already has', () => {
    expect(change('activeMonthly', 'crecimiento', 'monthly')).toEqual({ kind: 'current' });
  });

  it('charges nothing on the trial: the chosen plan starts when it ends', () => {
    expect(change('trial', 'avanzado', 'monthly')).toEqual({ kind: 'trial', startsAt: '2026-03-17T15:00:00.000Z', priceCents: 11900 });
  });

  it("charges a dearer plan's difference today, as the processor previewed it", () => {
    expect(change('activeMonthly', 'avanzado', 'monthly')).toEqual({
      kind: 'upgrade',
      chargeToday: previewed,
      periodEnd: '2026-04-02T15:00:00.000Z',
      priceCents: 11900,
    });
  });

  it('moves a cheaper plan (or yearly billing, cheaper per month) to the next renewal', () => {
    expect(change('activeMonthly', 'inicial', 'monthly')).toEqual({
      kind: 'downgrade',
      from: '2026-04-02T15:00:00.000Z',
      priceCents: 2900,
    });
    expect(change('activeMonthly', 'crecimiento', 'yearly')).toMatchObject({ kind: 'downgrade', priceCents: 59000 });
  });
});

describe('formatting', () => {
  it('writes USD as the plans show them: cents only when there are some', () => {
    expect(formatPriceCents(5900)).toBe('US$59');
    expect(formatPriceCents(119000)).toBe('US$1.190');
    expect(formatPriceCents(5900 / 1.2)).toBe('US$49,17');
  });

  it("reads today's date in Chile and when a trial that starts now ends", () => {
    expect(calendarDay(NOW)).toBe('2026-03-15');
    expect(calendarDay(Date.parse('2026-03-16T02:00:00.000Z'))).toBe('2026-03-15');
    expect(trialEndFrom(NOW, 7)).toBe('2026-03-22T15:00:00.000Z');
  });
});
