import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_FORM_NOW, campaignRefusals, campaignToEdit } from '../../../../mocks/fixtures/campaign-form';
import { campaignFormStore, updateAdCampaignAnswer } from '../../../../mocks/handlers/campaign-form';
import { CampaignFormRoute } from '../../../../src/web/features/ad-campaigns/routes/campaign-form-route';
import { toaster } from '../../../../src/web/ui/toaster';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

beforeEach(() => {
  // Only the clock: the campaign's start (20 March 2026) stays ahead of "now".
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(CAMPAIGN_FORM_NOW);
  server.use(...campaignFormStore());
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  server.events.removeAllListeners();
});

/** The bodies the page sends with `method` to a path ending in `pathEnd`, in order. */
function bodiesSentTo(pathEnd: string, method: string) {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === method && new URL(request.url).pathname.endsWith(pathEnd)) bodies.push(await request.clone().json());
  });
  return bodies;
}

async function renderEdit(campaignId: number) {
  await renderWithApp(
    <Routes>
      <Route path="/campaigns/:id/edit" element={<CampaignFormRoute />} />
      <Route path="/campaigns/:id" element={<p>Detalle de la campaña</p>} />
    </Routes>,
    { route: `/campaigns/${campaignId}/edit` },
  );
  await screen.findByRole('heading', { name: 'Tipo de campaña' });
}

/** Moves on step by step: each step checks its fields before it moves, so each click waits for the step before to show. */
async function nextSteps(...titles: string[]) {
  for (const title of titles) {
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByRole('heading', { name: title });
  }
}

async function saveFromLastStep() {
  await nextSteps('Información de la campaña', 'Audiencia', 'Archivos', 'Seguimiento');
  fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
}

describe('CampaignFormRoute', () => {
  it('fills every step from the campaign and sends it back as the contract body, then opens its detail', async () => {
    const show = vi.spyOn(toaster, 'show');
    const sent = bodiesSentTo(`/adCampaigns/${campaignToEdit.id}`, 'PUT');
    await renderEdit(campaignToEdit.id);
    await saveFromLastStep();
    expect(await screen.findByText('Detalle de la campaña')).toBeTruthy();
    expect(sent).toEqual([
      {
        type: 'conversion',
        name: campaignToEdit.name,
        startAt: campaignToEdit.startAt,
        endAt: campaignToEdit.endAt,
        dailyBudget: campaignToEdit.dailyBudget,
        segmentId: campaignToEdit.segmentId,
        locations: campaignToEdit.locations,
        ageMin: campaignToEdit.ageMin,
        ageMax: campaignToEdit.ageMax,
        gender: campaignToEdit.gender,
        interests: campaignToEdit.interests,
        format: campaignToEdit.format,
        media: [
          { mediaId: 501, thumbnailMediaId: null },
          { mediaId: 502, thumbnailMediaId: 503 },
        ],
        mainText: campaignToEdit.mainText,
        title: campaignToEdit.title,
        description: campaignToEdit.description,
        callToAction: campaignToEdit.callToAction,
        url: campaignToEdit.url,
        productCatalogId: null,
        productSetId: null,
      },
    ]);
    expect(show).toHaveBeenCalledWith({ status: 'success', message: `Guardamos los cambios de «${campaignToEdit.name}» en Meta.` });
  });

  it('takes a 400 on the segment back to the audience step, beside the segment, with everything kept', async () => {
    server.use(updateAdCampaignAnswer({ refused: { status: 400, body: campaignRefusals.audienceTooSmall } }));
    await renderEdit(campaignToEdit.id);
    await saveFromLastStep();
    const message = campaignRefusals.audienceTooSmall.fieldErrors[0]?.message ?? '';
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Audiencia' })).toBeTruthy();
    expect(screen.getByText('Revisa los datos marcados')).toBeTruthy();
    // Nothing typed is lost: the next steps still hold the campaign's texts.
    await nextSteps('Archivos', 'Seguimiento');
    await waitFor(() => expect((screen.getByLabelText(/^Título/) as HTMLInputElement).value).toBe(campaignToEdit.title));
  });

  it('names the part Meta refused with its words', async () => {
    server.use(updateAdCampaignAnswer({ refused: { status: 502, body: campaignRefusals.adSetFailed } }));
    await renderEdit(campaignToEdit.id);
    await saveFromLastStep();
    expect(await screen.findByText('Meta no pudo guardar el conjunto de anuncios')).toBeTruthy();
    expect(screen.getByText(campaignRefusals.adSetFailed.message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Revisar integraciones' }).getAttribute('href')).toBe('/integrations');
  });
});
