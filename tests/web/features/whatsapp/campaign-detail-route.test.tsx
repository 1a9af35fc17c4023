import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionUsers } from '../../../../mocks/fixtures/session';
import { campaignDetails, recipientsByCampaign, whatsappCampaignDetails } from '../../../../mocks/fixtures/whatsapp-campaigns';
import { liveChannel } from '../../../../mocks/handlers/live';
import { meAs } from '../../../../mocks/handlers/session';
import { whatsappCampaignsStore } from '../../../../mocks/handlers/whatsapp-campaigns';
import { formatClp, formatCount } from '../../../../src/shared/format';
import { WhatsappCampaignDetailRoute } from '../../../../src/web/features/whatsapp/routes/campaign-detail-route';
import { deletionKind } from '../../../../src/web/features/whatsapp/screens/campaign-delete-dialog';
import { whatsappWebChatUrl } from '../../../../src/web/features/whatsapp/screens/campaign-detail-chats';
import { Toaster } from '../../../../src/web/ui/toast';
import { toaster } from '../../../../src/web/ui/toaster';
import { setupMockServer } from '../../msw';
import { LiveUpdates, renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  toaster.store.remove();
});

const renderDetail = (campaignId: number) =>
  renderWithApp(
    <>
      <LiveUpdates />
      <Routes>
        <Route path="/whatsapp/campaigns/:id" element={<WhatsappCampaignDetailRoute />} />
        <Route path="/whatsapp" element={<p>Campañas de WhatsApp</p>} />
      </Routes>
      <Toaster />
    </>,
    { route: `/whatsapp/campaigns/${campaignId}` },
  );

const chatTable = async () => within(await screen.findByRole('table', { name: 'Clientes que recibieron la campaña' }));

describe('WhatsappCampaignDetailRoute', () => {
  it('shows the figures, the funnel and the first page of chats, with Meta’s error on a failed message', async () => {
    server.use(meAs(sessionUsers.admin), ...whatsappCampaignsStore({ campaigns: whatsappCampaignDetails }));
    await renderDetail(campaignDetails.sent.id);
    expect(await screen.findByRole('heading', { name: campaignDetails.sent.name, level: 1 })).toBeTruthy();
    expect(screen.getByText(formatClp(campaignDetails.sent.metrics.associatedPurchasesTotal))).toBeTruthy();
    const funnel = within(screen.getByRole('list', { name: 'Embudo' }));
    expect(funnel.getAllByRole('listitem')).toHaveLength(6);
    expect(funnel.getByText(formatCount(campaignDetails.sent.metrics.messagesRead))).toBeTruthy();
    const table = await chatTable();
    expect(await table.findAllByText(/^Error 131026 de Meta: Message undeliverable$/)).not.toHaveLength(0);
    expect(screen.getByText('Página 1 de 3')).toBeTruthy();
  });

  it('filters the chats to the read and the unread messages', async () => {
    server.use(meAs(sessionUsers.admin), ...whatsappCampaignsStore({ campaigns: whatsappCampaignDetails }));
    await renderDetail(campaignDetails.sent.id);
    const all = recipientsByCampaign[campaignDetails.sent.id]!;
    await chatTable();
    await userEvent.click(screen.getByRole('button', { name: 'No leídos' }));
    const unread = all.filter((recipient) => recipient.status === 'sent' || recipient.status === 'delivered');
    await waitFor(async () => expect((await chatTable()).getAllByText(/^(Enviado|Entregado)$/)).toHaveLength(unread.length));
    expect((await chatTable()).queryByText('Leído')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Leídos' }));
    await waitFor(async () =>
      expect((await chatTable()).getAllByText('Leído')).toHaveLength(Math.min(20, all.filter((r) => r.status === 'read').length)),
    );
  });

  it('offers WhatsApp Web with the recipient’s chat when a chat is chosen', async () => {
    server.use(meAs(sessionUsers.admin), ...whatsappCampaignsStore({ campaigns: whatsappCampaignDetails }));
    await renderDetail(campaignDetails.sent.id);
    const first = recipientsByCampaign[campaignDetails.sent.id]![0]!;
    await userEvent.click(await (await chatTable()).findByRole('button', { name: `Responder a ${first.name} en WhatsApp Web` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Responder en WhatsApp Web' }));
    const link = dialog.getByRole('link', { name: 'Abrir WhatsApp Web' });
    expect(link.getAttribute('href')).toBe(`https://web.whatsapp.com/send?phone=${first.phone.slice(1)}`);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('moves the sending progress when the live channel says the campaign changed', async () => {
    const live = liveChannel();
    const moved = { ...campaignDetails.sending, progress: { done: 5400, total: 10_000 } };
    server.use(meAs(sessionUsers.admin), live.handler, ...whatsappCampaignsStore({ campaigns: whatsappCampaignDetails }));
    await renderDetail(campaignDetails.sending.id);
    expect(await screen.findByText('3.120 de 10.000 mensajes enviados')).toBeTruthy();
    await waitFor(() => expect(live.channel.open).toBe(1));
    server.use(...whatsappCampaignsStore({ campaigns: [moved] }));
    live.channel.send({ topic: 'whatsappCampaign', campaignId: campaignDetails.sending.id });
    expect(await screen.findByText('5.400 de 10.000 mensajes enviados')).toBeTruthy();
  });

  it('deletes after a confirmation that says the figures are lost, then goes back to WhatsApp with a toast', async () => {
    server.use(meAs(sessionUsers.admin), ...whatsappCampaignsStore({ campaigns: whatsappCampaignDetails }));
    await renderDetail(campaignDetails.active.id);
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar campaña' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText('Dejará de enviar mensajes y se perderán sus cifras. No se puede deshacer.')).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Eliminar campaña' }));
    expect((await screen.findAllByText(`Eliminamos la campaña «${campaignDetails.active.name}».`)).length).toBeGreaterThan(0);
    expect(await screen.findByText('Campañas de WhatsApp')).toBeTruthy();
  });

  it('says a campaign that does not exist was not found', async () => {
    server.use(meAs(sessionUsers.admin), ...whatsappCampaignsStore({ campaigns: whatsappCampaignDetails }));
    await renderDetail(999);
    expect(await screen.findByRole('heading', { name: 'No encontramos esta campaña', level: 1 })).toBeTruthy();
  });

  it('asks for no chats before a campaign starts sending', async () => {
    const asked: string[] = [];
    server.use(meAs(sessionUsers.admin), ...whatsappCampaignsStore({ campaigns: whatsappCampaignDetails }));
    server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    await renderDetail(campaignDetails.scheduled.id);
    expect(await screen.findByText('La campaña aún no empieza a enviarse')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Clientes que recibieron la campaña' })).toBeNull();
    server.events.removeAllListeners();
    expect(asked.some((path) => path.endsWith('/recipients'))).toBe(false);
  });
});

describe('campaign detail rules', () => {
  it('opens WhatsApp Web on the phone’s digits', () => {
    expect(whatsappWebChatUrl('+56 9 8123 4500')).toBe('https://web.whatsapp.com/send?phone=56981234500');
  });

  it('words the deletion by how far the campaign went (SPEC §4)', () => {
    expect(deletionKind({ kind: 'unique', status: 'sent' })).toBe('sent');
    expect(deletionKind({ kind: 'unique', status: 'scheduled' })).toBe('scheduled');
    expect(deletionKind({ kind: 'unique', status: 'created' })).toBe('scheduled');
    expect(deletionKind({ kind: 'unique', status: 'sending' })).toBe('sending');
    expect(deletionKind({ kind: 'automated', status: 'paused' })).toBe('automated');
  });
});
