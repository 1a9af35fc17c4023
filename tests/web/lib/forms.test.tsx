import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from '../../../src/shared/auth';
import { MARKETING_INVESTMENT_MAX, marketingInvestmentSchema } from '../../../src/shared/marketing-investment';
import { useZodForm } from '../../../src/web/lib/forms';
import { TextInput } from '../../../src/web/ui/field';
import { renderWithProviders } from '../render';

function EmailForm({ serverError }: { serverError?: string }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(loginRequestSchema, { textGroup: 'auth', defaultValues: { email: '', password: 'secreta' } });
  return (
    <form noValidate onSubmit={handleSubmit(() => {})}>
      <TextInput label="Correo" error={errors.email ?? serverError} {...register('email')} />
      <button type="submit">Enviar</button>
    </form>
  );
}

function InvestmentForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(marketingInvestmentSchema, {
    textGroup: 'dashboard',
    defaultValues: { year: 2026, amount: MARKETING_INVESTMENT_MAX + 1 },
  });
  return (
    <form noValidate onSubmit={handleSubmit(() => {})}>
      <TextInput label="Monto" error={errors.amount} errorValues={{ max: '$100.000.000.000' }} {...register('amount')} />
      <button type="submit">Guardar</button>
    </form>
  );
}

describe('useZodForm with the design system field', () => {
  it("translates a broken rule from the schema's text group, and marks the field invalid", async () => {
    await renderWithProviders(<EmailForm />);
    fireEvent.change(screen.getByLabelText('Correo'), { target: { value: 'demo@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Ingresa un correo electrónico válido.')).toBeTruthy();
    expect(screen.getByLabelText('Correo').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the server's words for a field as they came", async () => {
    await renderWithProviders(<EmailForm serverError="Ese correo ya tiene una cuenta." />);
    expect(screen.getByText('Ese correo ya tiene una cuenta.')).toBeTruthy();
    expect(screen.getByLabelText('Correo').getAttribute('aria-invalid')).toBe('true');
  });

  it('fills the values a text interpolates', async () => {
    await renderWithProviders(<InvestmentForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La inversión no puede superar los $100.000.000.000.')).toBeTruthy();
  });
});
