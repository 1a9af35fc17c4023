import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionUsers } from '../../../../mocks/fixtures/session';
import { activeCampaign, sendingCampaign, whatsappCampaignSummaries } from '../../../../mocks/fixtures/whatsapp-campaigns';
import { meAs } from '../../../../mocks/handlers/session';
import { whatsappCampaignsStore } from '../../../../mocks/handlers/whatsapp-campaigns';
import { DashboardWhatsappCampaigns } from '../../../../src/web/features/whatsapp/routes/dashboard-campaigns';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

/** The part as the dashboard uses it, drawing what it is given as text. */
const renderPart = () =>
  renderWithApp(
    <DashboardWhatsappCampaigns>
      {({ campaigns, campaignHref, listHref }) => (
        <p data-testid="section">
          {campaigns.status === 'success'
            ? campaigns.data.map((campaign) => `${campaign.name} → ${campaignHref(campaign.id)}`).join(' | ')
            : campaigns.status}{' '}
          ({listHref})
        </p>
      )}
    </DashboardWhatsappCampaigns>,
  );

describe('DashboardWhatsappCampaigns', () => {
  it('hands the dashboard the campaigns sending now (sending and active), each with its detail', async () => {
    server.use(meAs(sessionUsers.admin), ...whatsappCampaignsStore());
    await renderPart();
    await waitFor(() =>
      expect(screen.getByTestId('section').textContent).toBe(
        `${sendingCampaign.name} → /whatsapp/campaigns/${sendingCampaign.id} | ${activeCampaign.name} → /whatsapp/campaigns/${activeCampaign.id} (/whatsapp)`,
      ),
    );
    // The list holds scheduled, sent and paused ones too.
    expect(whatsappCampaignSummaries.length).toBeGreaterThan(2);
  });

  it('shows nothing, and no error, while WhatsApp is not connected', async () => {
    server.use(meAs(sessionUsers.admin), ...whatsappCampaignsStore({ notConnected: true }));
    await renderPart();
    expect(screen.getByTestId('section').textContent).toBe('loading (/whatsapp)');
    await waitFor(() => expect(screen.queryByTestId('section')).toBeNull());
  });

  it('lets the dashboard say a failure, with a retry', async () => {
    server.use(meAs(sessionUsers.admin), ...whatsappCampaignsStore({ failing: ['list'] }));
    await renderPart();
    await waitFor(() => expect(screen.getByTestId('section').textContent).toBe('error (/whatsapp)'));
  });
});
