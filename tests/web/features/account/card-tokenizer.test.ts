import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { planCatalog } from '../../../../mocks/fixtures/subscription';
import { tokenizeCardUnavailable } from '../../../../mocks/handlers/subscription';
import { CardTokenError, tokenizeCard } from '../../../../src/web/features/account/api/card-tokenizer';
import { setupMockServer } from '../../msw';

const server = setupMockServer();
const card = { cardholderName: 'Camila Soto', number: '4242424242424242', expMonth: 12, expYear: 2028, cvc: '123', country: 'CL' };

describe('tokenizeCard', () => {
  it('sends the card to the processor with the publishable key, never a cookie, and answers its id', async () => {
    let seen: { authorization: string | null; body: string } | undefined;
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/v1/payment_methods'))
        seen = { authorization: request.headers.get('authorization'), body: await request.clone().text() };
    });
    const token = await tokenizeCard(planCatalog.cardProcessor, card);
    server.events.removeAllListeners();
    expect(token).toEqual({ id: 'pm_sandbox_4242', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2028, country: 'CL' });
    expect(seen?.authorization).toBe(`Bearer ${planCatalog.cardProcessor.publishableKey}`);
    expect(new URLSearchParams(seen?.body).get('card[exp_month]')).toBe('12');
  });

  it("tells the processor's refusal with the field it concerns", async () => {
    const error = await tokenizeCard(planCatalog.cardProcessor, { ...card, number: '4242424242424241' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CardTokenError);
    expect(error).toMatchObject({ kind: 'card', code: 'incorrect_number', field: 'cardNumber' });
  });

  it('tells when the processor does not answer or answers something else', async () => {
    server.use(tokenizeCardUnavailable());
    await expect(tokenizeCard(planCatalog.cardProcessor, card)).rejects.toMatchObject({ kind: 'unavailable' });
    server.use(http.post('/v1/payment_methods', () => new Response('<html>', { status: 500 })));
    await expect(tokenizeCard(planCatalog.cardProcessor, card)).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
