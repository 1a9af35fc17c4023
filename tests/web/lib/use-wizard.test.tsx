import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useZodForm } from '../../../src/web/lib/forms';
import { useWizard } from '../../../src/web/lib/use-wizard';

const schema = z.object({ name: z.string().min(1, 'required'), city: z.string().min(1, 'required'), note: z.string() });
type Values = z.infer<typeof schema>;
const STEPS = [
  { id: 'name', fields: ['name'] },
  { id: 'city', fields: ['city'] },
  { id: 'note', fields: ['note'] },
] as const;

/** Three steps of one field each; the step's title is the only heading. */
function Wizard({
  serverErrors,
  defaultValues,
  defaultStep,
  onSubmit = () => {},
}: {
  serverErrors?: Partial<Record<string, string>>;
  defaultStep?: number;
  defaultValues?: Partial<Values>;
  onSubmit?: (values: Values) => void;
}) {
  const form = useZodForm(schema, { textGroup: 'common', defaultValues: { name: '', city: '', note: '', ...defaultValues } });
  const { step, current, last, titleRef, next, back, onInvalid } = useWizard({ steps: STEPS, form, serverErrors, defaultStep });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)}>
      <h2 ref={titleRef} tabIndex={-1}>
        {current}
      </h2>
      <input key={current} aria-label={current} {...form.register(current)} />
      {form.formState.errors[current] ? <p role="alert">{form.formState.errors[current].message}</p> : null}
      {step > 0 ? (
        <button type="button" onClick={back}>
          Atrás
        </button>
      ) : null}
      {last ? (
        <button type="submit">Guardar</button>
      ) : (
        <button type="button" onClick={() => void next()}>
          Siguiente
        </button>
      )}
    </form>
  );
}

const heading = () => screen.getByRole('heading').textContent;

describe('useWizard', () => {
  it("moves on only once the step's fields break no rule, and gives the keyboard to the new step's title", async () => {
    render(<Wizard />);
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect((await screen.findByRole('alert')).textContent).toBe('common:required');
    expect(heading()).toBe('name');
    fireEvent.change(screen.getByLabelText('name'), { target: { value: 'Camila' } });
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(heading()).toBe('city'));
    expect(document.activeElement).toBe(screen.getByRole('heading'));
    fireEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    await waitFor(() => expect(heading()).toBe('name'));
    expect((screen.getByLabelText('name') as HTMLInputElement).value).toBe('Camila');
  });

  it('goes back to the first step with a broken field when the last one is submitted', async () => {
    const onSubmit = vi.fn();
    render(<Wizard defaultStep={2} defaultValues={{ city: 'Talca' }} onSubmit={onSubmit} />);
    expect(heading()).toBe('note');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(heading()).toBe('name'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes a refusal to the step of the first field it names, and to that field, once per refusal', async () => {
    const { rerender } = render(<Wizard defaultValues={{ name: 'Camila', city: 'Talca' }} />);
    const refusal = { city: 'No llegamos a Talca.', note: 'Muy larga.' };
    rerender(<Wizard defaultValues={{ name: 'Camila', city: 'Talca' }} serverErrors={refusal} />);
    await waitFor(() => expect(heading()).toBe('city'));
    expect(document.activeElement).toBe(screen.getByLabelText('city'));
    act(() => screen.getByRole('heading').focus());
    rerender(<Wizard defaultValues={{ name: 'Camila', city: 'Talca' }} serverErrors={refusal} />);
    expect(document.activeElement).toBe(screen.getByRole('heading'));
    rerender(<Wizard defaultValues={{ name: 'Camila', city: 'Talca' }} serverErrors={{ ...refusal }} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('city')));
  });
});
