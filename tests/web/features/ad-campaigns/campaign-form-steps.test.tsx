import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_FORM_NOW, formAdAccount, productCatalogs, productSets } from '../../../../mocks/fixtures/campaign-form';
import type { AdCampaignType } from '../../../../src/shared/ad-campaigns';
import { type CampaignFormValues, EMPTY_CAMPAIGN_FORM } from '../../../../src/web/features/ad-campaigns/forms/campaign-form';
import type { CampaignFormProps, MetaSearch } from '../../../../src/web/features/ad-campaigns/screens/campaign-form-props';
import { CampaignForm } from '../../../../src/web/features/ad-campaigns/screens/campaign-form-screen';
import { renderWithProviders } from '../../render';

/*
 * Each step checks all of its own rules on "Siguiente", while the steps after it are still empty: a rule
 * between two fields of a step answers there, never only once the last step is submitted.
 */

const idle = <T,>(): MetaSearch<T> => ({ query: '', onQueryChange: vi.fn(), results: [], searching: false, failed: false });

/** A new campaign of `type` with only the steps before `step` and the fields given filled; the rest as a new form has them. */
function renderAt(type: AdCampaignType, step: number, values: Partial<CampaignFormValues>) {
  const props: CampaignFormProps = {
    mode: 'create',
    now: CAMPAIGN_FORM_NOW,
    defaultValues: { ...EMPTY_CAMPAIGN_FORM, type, ...values },
    defaultStep: step,
    adAccount: { status: 'success', data: formAdAccount },
    segments: { status: 'success', data: [{ id: 2, name: 'Clientes frecuentes', customers: 860 }] },
    catalogs: { status: 'success', data: productCatalogs },
    productSets: { status: 'success', data: productSets['3100000000000001'] ?? [] },
    locationSearch: idle(),
    interestSearch: idle(),
    onUploadMedia: vi.fn(),
    onSubmit: vi.fn(),
    onCancel: vi.fn(),
    integrationsHref: '/integrations',
  };
  return renderWithProviders(<CampaignForm {...props} />);
}

const info = { name: 'Recompra de otoño', startDate: '2026-03-20', startTime: '09:00', dailyBudget: '10000' };

async function pressNext() {
  fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
}

describe('CampaignForm: each step checks its own rules before it moves on', () => {
  it('stops on the information step when the end is before the start', async () => {
    await renderAt('conversion', 1, { ...info, endDate: '2026-03-19', endTime: '18:00' });
    await pressNext();
    expect(await screen.findByText('El término debe ser posterior al inicio.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Información de la campaña' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Fecha de término' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('stops on the information step when an end at the same minute as the start is typed as a merchant types it', async () => {
    const user = userEvent.setup();
    await renderAt('conversion', 1, { ...info, endDate: '', endTime: '' });
    await user.type(screen.getByRole('textbox', { name: 'Fecha de término' }), '20032026');
    await user.type(screen.getByRole('textbox', { name: 'Hora de término' }), '0900');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Fecha de término' }).value).toBe('20-03-2026');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Hora de término' }).value).toBe('09:00');
    await pressNext();
    expect(await screen.findByText('El término debe ser posterior al inicio.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Información de la campaña' })).toBeTruthy();
  });

  it('stops a retargeting campaign on the information step until its catalog and product set are chosen', async () => {
    await renderAt('retargeting', 1, { ...info, noEnd: true });
    await pressNext();
    expect(await screen.findByText('Elige un catálogo de productos.')).toBeTruthy();
    expect(screen.getByText('Elige un conjunto de productos.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Información de la campaña' })).toBeTruthy();
  });

  it('stops on the audience step with ages 70 to 20, named at the age field and left as typed', async () => {
    const user = userEvent.setup();
    await renderAt('conversion', 2, { ...info, noEnd: true, segmentId: '2' });
    const ages = screen.getByRole('group', { name: 'Edad' });
    // Typed and left field by field, as on a phone: nothing is clamped on the way.
    await user.clear(within(ages).getByRole('spinbutton', { name: 'Desde' }));
    await user.type(within(ages).getByRole('spinbutton', { name: 'Desde' }), '70');
    await user.clear(within(ages).getByRole('spinbutton', { name: 'Hasta' }));
    await user.type(within(ages).getByRole('spinbutton', { name: 'Hasta' }), '20');
    await user.tab();
    await pressNext();
    expect(await within(ages).findByText('La edad máxima es 65 años.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Audiencia' })).toBeTruthy();
    expect(within(ages).getByRole<HTMLInputElement>('spinbutton', { name: 'Desde' }).value).toBe('70');
    expect(within(ages).getByRole<HTMLInputElement>('spinbutton', { name: 'Hasta' }).value).toBe('20');
  });

  it('names a maximum age below the minimum on the audience step', async () => {
    await renderAt('conversion', 2, { ...info, noEnd: true, segmentId: '2', ageMin: '45', ageMax: '30' });
    await pressNext();
    expect(await screen.findByText('La edad máxima no puede ser menor que la mínima.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Audiencia' })).toBeTruthy();
  });
});
