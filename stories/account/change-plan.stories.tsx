import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { FROZEN_NOW } from '../../.storybook/frozen-time';
import { onPhone } from '../../.storybook/visual-parameters';
import { cardRefusals, ordersCounts, planCatalog, subscriptionStates, TEST_CARDS } from '../../mocks/fixtures/subscription';
import {
  type Billing,
  type ChargeToday,
  type PlanId,
  planChangeOf,
  recommendedPlanId,
  type Subscription,
} from '../../src/web/features/account/billing';
import {
  type ChangePlanMode,
  ChangePlanScreen,
  type ChangePlanScreenProps,
} from '../../src/web/features/account/screens/change-plan-screen';
import { userEvent } from '../support/user-event';

const recommendationFor = (orders: number): ChangePlanScreenProps['recommendation'] => ({
  planId: recommendedPlanId(planCatalog.plans, orders)!,
  orders,
});

/** A first plan, with the free trial of 7 days from Storybook's frozen day (it ends on 22 mar). */
const subscribing: ChangePlanMode = { kind: 'subscribe', trialEndsAt: '2026-03-22T15:00:00.000Z' };

/** Today's charge of Crecimiento → Avanzado monthly with 18 of 31 days left, as the processor previews it. */
const previewedCharge: ChargeToday = { status: 'known', cents: 3484, prorationDate: '2026-03-15T15:00:00.000Z' };

/** The change-plan screen's data for a subscription, with what choosing `planId` on `billing` does today. */
function changing(
  subscription: Subscription,
  planId: PlanId,
  billing: Billing,
  chargeToday: ChargeToday = previewedCharge,
): Pick<ChangePlanScreenProps, 'data' | 'selectedPlanId' | 'billing'> {
  return {
    data: {
      status: 'success',
      data: {
        catalog: planCatalog,
        mode: {
          kind: 'change',
          current: { planId: subscription.planId, billing: subscription.billing },
          change: planChangeOf({ subscription, plans: planCatalog.plans, planId, billing, chargeToday, now: FROZEN_NOW }),
        },
      },
    },
    selectedPlanId: planId,
    billing,
  };
}

/** SPEC §2 Subscribe / change plan. */
const meta = {
  title: 'Screens/Account/ChangePlan',
  component: ChangePlanScreen,
  args: {
    data: { status: 'success', data: { catalog: planCatalog, mode: subscribing } },
    onRetry: fn(),
    billing: 'monthly',
    onBillingChange: fn(),
    selectedPlanId: 'crecimiento',
    onSelectPlan: fn(),
    recommendation: recommendationFor(ordersCounts.growing.lastThirtyDays),
    today: '2026-03-15',
    onSubscribe: fn(),
    onChangePlan: fn(),
    accountHref: '/account',
  },
} satisfies Meta<typeof ChangePlanScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

// Subscribing: no plan yet.

/** Monthly prices, the plan recommended from the store's 412 orders of the last 30 days, and every order range. */
export const Monthly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const range of [
      '0 a 300 pedidos al mes',
      '301 a 1.000 pedidos al mes',
      '1.001 a 3.000 pedidos al mes',
      '3.001 a 10.000 pedidos al mes',
      'Más de 10.000 pedidos al mes',
    ]) {
      await expect(canvas.getByText(range)).toBeVisible();
    }
    await expect(canvas.getByRole('radio', { name: /Crecimiento/ })).toBeChecked();
    await expect(canvas.getByText(/Te recomendamos Crecimiento: tu tienda recibió 412 pedidos/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Escríbenos por WhatsApp/ })).toHaveAttribute('href', planCatalog.contactUrl);
  },
};
export const MonthlyOnPhone = onPhone(Monthly);

/** Yearly: 2 months free, shown per month and billed per year. */
export const Yearly: Story = {
  args: { billing: 'yearly' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Anual: 2 meses gratis' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByText('US$590 facturados al año')).toBeVisible();
  },
};
export const YearlyOnPhone = onPhone(Yearly);

export const RecommendedForSmallStore: Story = {
  args: { recommendation: recommendationFor(ordersCounts.small.lastThirtyDays), selectedPlanId: 'inicial' },
};
export const RecommendedForSmallStoreOnPhone = onPhone(RecommendedForSmallStore);

export const RecommendedForLargeStore: Story = {
  args: { recommendation: recommendationFor(ordersCounts.large.lastThirtyDays), selectedPlanId: 'avanzado' },
};

/** Over 10.000 orders a month: the open-ended range. */
export const RecommendedForHugeStore: Story = {
  args: { recommendation: recommendationFor(ordersCounts.huge.lastThirtyDays), selectedPlanId: 'corporativo' },
};
export const RecommendedForHugeStoreOnPhone = onPhone(RecommendedForHugeStore);

/** Types a valid card (the terms are left as they are) and presses the subscribe button. */
async function typeCard(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Nombre del titular'), 'Camila Soto');
  await userEvent.type(canvas.getByLabelText('Número de tarjeta'), TEST_CARDS.valid);
  await userEvent.type(canvas.getByLabelText('Vencimiento'), '12/28');
  await userEvent.type(canvas.getByLabelText('Código de seguridad (CVC)'), '123');
  return canvas;
}

export const TermsNotAccepted: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = await typeCard(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Comenzar prueba gratuita' }));
    await expect(await canvas.findByText('Debes aceptar los términos del servicio y la política de privacidad.')).toBeVisible();
    await expect(args.onSubscribe).not.toHaveBeenCalled();
  },
};
export const TermsNotAcceptedOnPhone = onPhone(TermsNotAccepted);

/** The card, the terms, and what the trial means: nothing today, the first charge when it ends. */
export const SubscribingWithCard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = await typeCard(canvasElement);
    await expect(canvas.getByText(/Tu prueba gratuita de 7 días termina el 22 mar 2026; ese día te cobraremos US\$59/)).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: /^Acepto los términos del servicio/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Comenzar prueba gratuita' }));
    await waitFor(() => expect(args.onSubscribe).toHaveBeenCalledOnce());
  },
};
export const SubscribingWithCardOnPhone = onPhone(SubscribingWithCard);

export const Subscribing: Story = {
  args: { saving: true },
  parameters: { visual: { waitFor: 'button[aria-busy="true"]' } },
};

/** The issuer refused the card: said beside its field. */
export const CardRefused: Story = {
  args: { error: { message: cardRefusals.incorrect_cvc.message, fieldErrors: { cvc: cardRefusals.incorrect_cvc.message } } },
};
export const CardRefusedOnPhone = onPhone(CardRefused);

/** The trial was used (a plan that ended): the first charge is today. */
export const WithoutTrial: Story = {
  args: { data: { status: 'success', data: { catalog: planCatalog, mode: { kind: 'subscribe', trialEndsAt: null } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Te cobraremos US$59 hoy y luego cada mes.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Suscribirme' })).toBeVisible();
  },
};

export const Loading: Story = {
  args: { data: { status: 'loading' } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};
export const LoadingOnPhone = onPhone(Loading);

export const Error: Story = { args: { data: { status: 'error', cause: 'server' } } };
export const ErrorOnPhone = onPhone(Error);

/** An account that has not connected a store: no plan to wait for, and the way to connect one. */
export const WithoutStore: Story = {
  args: { data: { status: 'loading' }, connectStoreHref: '/integrations' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Elige tu plan' })).toBeVisible();
    await expect(canvas.getByText('Aún no conectas tu tienda')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Conectar mi tienda' })).toHaveAttribute('href', '/integrations');
    await expect(canvas.queryByText('Cargando los planes…')).toBeNull();
  },
};
export const WithoutStoreOnPhone = onPhone(WithoutStore);

// Changing a plan the store has.

/** A dearer plan: at once, with the prorated difference the processor previewed charged today. */
export const ChangeToDearerPlan: Story = {
  args: changing(subscriptionStates.activeMonthly.subscription, 'avanzado', 'monthly'),
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(/Hoy te cobraremos US\$34,84, la diferencia proporcional hasta el 2 abr 2026/),
    ).toBeVisible();
  },
};
export const ChangeToDearerPlanOnPhone = onPhone(ChangeToDearerPlan);

/** Today's charge is still being asked: the change waits for it. */
export const ChangeToDearerPlanCalculating: Story = {
  args: changing(subscriptionStates.activeMonthly.subscription, 'avanzado', 'monthly', { status: 'loading' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Estamos calculando cuánto te cobraremos hoy/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Confirmar cambio' })).toBeDisabled();
  },
};

/** The processor could not preview the charge: the change can still be made, and says what it charges. */
export const ChangeToDearerPlanPreviewUnavailable: Story = {
  args: changing(subscriptionStates.activeMonthly.subscription, 'avanzado', 'monthly', { status: 'unavailable' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/No pudimos calcular el monto exacto/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Confirmar cambio' })).toBeEnabled();
  },
};

/** A cheaper plan: at once, the new price from the next renewal. */
export const ChangeToCheaperPlan: Story = {
  args: changing(subscriptionStates.activeMonthly.subscription, 'inicial', 'monthly'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Desde tu próxima renovación, el 2 abr 2026, pagarás US\$29 al mes/)).toBeVisible();
  },
};

/** On the trial nothing is charged: the chosen plan starts when it ends. */
export const ChangeOnTrial: Story = {
  args: changing(subscriptionStates.trial.subscription, 'avanzado', 'yearly'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/no te cobraremos nada ahora. Avanzado comenzará el 17 mar 2026/)).toBeVisible();
  },
};
export const ChangeOnTrialOnPhone = onPhone(ChangeOnTrial);

/** The plan the store has: nothing to confirm. */
export const CurrentPlan: Story = {
  args: changing(subscriptionStates.activeYearly.subscription, 'avanzado', 'yearly'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Confirmar cambio' })).toBeDisabled();
  },
};

export const ChangeTermsNotAccepted: Story = {
  args: changing(subscriptionStates.activeMonthly.subscription, 'escala', 'monthly'),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Confirmar cambio' }));
    await expect(await canvas.findByText('Debes aceptar los términos del servicio y la política de privacidad.')).toBeVisible();
    await expect(args.onChangePlan).not.toHaveBeenCalled();
  },
};

/** A collaborator sees the plans; choosing is the owner's. */
export const AsColaborator: Story = {
  args: {
    data: {
      status: 'success',
      data: { catalog: planCatalog, mode: { kind: 'readOnly', current: { planId: 'crecimiento', billing: 'monthly' } } },
    },
  },
};
export const AsColaboratorOnPhone = onPhone(AsColaborator);
