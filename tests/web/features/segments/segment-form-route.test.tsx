import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  amountRangeRefused,
  CREATED_SEGMENT_ID,
  savedSegment,
  segmentsToEdit,
  simpleSegmentToEdit,
} from '../../../../mocks/fixtures/segment-form';
import { allSegments } from '../../../../mocks/fixtures/segments';
import { serverError } from '../../../../mocks/fixtures/session';
import { createSegmentAnswer, updateSegmentAnswer } from '../../../../mocks/handlers/segment-form';
import { segmentsStore } from '../../../../mocks/handlers/segments';
import { type SegmentCondition, simpleRules } from '../../../../src/shared/segments';
import { SEGMENT_COUNT_DEBOUNCE_MS } from '../../../../src/web/features/segments/api/segment-form';
import { advancedSegmentValuesOf } from '../../../../src/web/features/segments/forms/advanced-segment-form';
import { EMPTY_SIMPLE_SEGMENT } from '../../../../src/web/features/segments/forms/simple-segment-form';
import { SegmentFormRoute } from '../../../../src/web/features/segments/routes/segment-form-route';
import { AdvancedSegmentForm } from '../../../../src/web/features/segments/screens/advanced-segment-form';
import { SimpleSegmentForm } from '../../../../src/web/features/segments/screens/simple-segment-form';
import { loadAllNamespaces } from '../../../../src/web/i18n';
import { toaster } from '../../../../src/web/ui/toaster';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  server.events.removeAllListeners();
});

/** The bodies the page sends to `path` (`/segments/count`, `/segments`), in order. */
function bodiesSentTo(pathEnd: string, method = 'POST') {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === method && new URL(request.url).pathname.endsWith(pathEnd)) bodies.push(await request.clone().json());
  });
  return bodies;
}

/** The page at `route`, once the session named the store (the store-ready gate waits for it in the app). */
async function renderPage(route: string, { counted = true } = {}) {
  const rendered = await renderWithApp(
    <Routes>
      <Route path="/segments/create" element={<SegmentFormRoute />} />
      <Route path="/segments/:id/edit" element={<SegmentFormRoute />} />
      <Route path="/segments/:id" element={<p>Detalle del segmento</p>} />
    </Routes>,
    { route },
  );
  if (counted) await screen.findByText(/^[\d.]+ clientes? coincide/);
  return rendered;
}

const anytime = { field: 'purchase', operator: 'is', period: { kind: 'anytime' } } as const;

/** A simple segment of buyers between two amounts: its second condition is the amount range. */
const amountSegment = savedSegment(43, {
  name: 'Gastaron entre $50.000 y $80.000',
  description: '',
  form: 'simple',
  rules: simpleRules([anytime, { field: 'totalSpent', operator: 'fromTo', from: 50_000, to: 80_000 }]),
});

describe('SegmentFormRoute, simple form', () => {
  it('creates the segment with the rule tree of its fields, says the data may take minutes, and opens it', async () => {
    const show = vi.spyOn(toaster, 'show');
    const created = bodiesSentTo('/segments');
    await renderPage('/segments/create');
    fireEvent.change(screen.getByLabelText(/^Nombre/), { target: { value: 'Clientes de café' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar segmento' }));
    expect(await screen.findByText('Detalle del segmento')).toBeTruthy();
    expect(created).toEqual([{ name: 'Clientes de café', description: '', form: 'simple', rules: simpleRules([anytime]) }]);
    expect(show).toHaveBeenCalledWith({
      status: 'success',
      message: 'Creamos el segmento «Clientes de café».',
      description: 'Sus clientes y datos pueden tardar unos minutos en aparecer.',
    });
    expect(CREATED_SEGMENT_ID).toBeGreaterThan(0);
  });

  it("puts the server's field error on the field its path names", async () => {
    server.use(
      ...segmentsStore({ segments: [...allSegments, amountSegment] }),
      updateSegmentAnswer({ refused: { status: 400, body: amountRangeRefused } }),
    );
    const show = vi.spyOn(toaster, 'show');
    await renderPage(`/segments/${amountSegment.id}/edit`);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar segmento' }));
    await waitFor(() => expect(screen.getByLabelText('Hasta (CLP)').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('El máximo debe ser mayor que el mínimo.')).toBeTruthy();
    expect(show).not.toHaveBeenCalled();
  });

  it('says the creation failed in a toast when the server fails', async () => {
    server.use(createSegmentAnswer({ refused: { status: 500, body: serverError } }));
    const show = vi.spyOn(toaster, 'show');
    await renderPage('/segments/create');
    fireEvent.change(screen.getByLabelText(/^Nombre/), { target: { value: 'Clientes de café' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar segmento' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        status: 'error',
        message: 'No se pudo crear el segmento.',
        description: 'Inténtalo de nuevo en unos minutos.',
      }),
    );
  });

  it('counts the rules at once, then only once they stay still: quick edits make one request', async () => {
    server.use(...segmentsStore({ segments: [...allSegments, ...segmentsToEdit] }));
    const counted = bodiesSentTo('/segments/count');
    await renderPage(`/segments/${simpleSegmentToEdit.id}/edit`);
    expect(counted).toEqual([{ rules: simpleSegmentToEdit.rules }]);
    const from = screen.getByLabelText('Desde');
    for (const day of ['2026-05-01', '2026-04-01', '2026-03-01']) fireEvent.change(from, { target: { value: day } });
    await waitFor(() => expect(counted).toHaveLength(2));
    const spring = { kind: 'between', from: '2026-03-01', to: '2026-08-31' };
    const rules = JSON.parse(JSON.stringify(simpleSegmentToEdit.rules).replaceAll('"from":"2026-06-01"', '"from":"2026-03-01"'));
    expect(counted[1]).toEqual({ rules });
    expect(rules.blocks[0].conditions[0].period).toEqual(spring);
    // Nothing more is asked once the rules stay still.
    await new Promise((resolve) => setTimeout(resolve, SEGMENT_COUNT_DEBOUNCE_MS * 2));
    expect(counted).toHaveLength(2);
  });

  it('loads a custom segment into its form and saves its changes', async () => {
    server.use(...segmentsStore({ segments: [...allSegments, ...segmentsToEdit] }));
    const updated = bodiesSentTo(`/segments/${simpleSegmentToEdit.id}`, 'PUT');
    await renderPage(`/segments/${simpleSegmentToEdit.id}/edit`);
    const name = await screen.findByDisplayValue(simpleSegmentToEdit.name ?? '');
    fireEvent.change(name, { target: { value: 'Café de invierno' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar segmento' }));
    expect(await screen.findByText('Detalle del segmento')).toBeTruthy();
    expect(updated).toEqual([{ ...updatedBody(), name: 'Café de invierno' }]);
  });

  it('says a default segment cannot be edited', async () => {
    await renderPage('/segments/1/edit', { counted: false });
    expect(await screen.findByText('Este segmento no se puede editar')).toBeTruthy();
  });

  it('says the update failed in a toast', async () => {
    server.use(
      ...segmentsStore({ segments: [...allSegments, ...segmentsToEdit] }),
      updateSegmentAnswer({ refused: { status: 500, body: serverError } }),
    );
    const show = vi.spyOn(toaster, 'show');
    await renderPage(`/segments/${simpleSegmentToEdit.id}/edit`);
    await screen.findByDisplayValue(simpleSegmentToEdit.name ?? '');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar segmento' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ status: 'error', message: 'No se pudieron guardar los cambios del segmento.' }),
      ),
    );
  });
});

function updatedBody() {
  return { name: simpleSegmentToEdit.name, description: simpleSegmentToEdit.description, form: 'simple', rules: simpleSegmentToEdit.rules };
}

describe('SimpleSegmentForm', () => {
  it('sends nothing while a rule is broken, and shows each on its field', async () => {
    await loadAllNamespaces();
    const onSubmit = vi.fn();
    render(
      <SimpleSegmentForm
        defaultValues={{ ...EMPTY_SIMPLE_SEGMENT, purchase: 'between' }}
        count={{ incomplete: true, customers: null, updating: false, failed: false }}
        onRulesChange={() => {}}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar segmento' }));
    expect(await screen.findAllByText('Este campo es obligatorio.')).toHaveLength(3);
    for (const label of [/^Nombre/, 'Desde', 'Hasta']) expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('AdvancedSegmentForm', () => {
  async function renderLogic(rules: Parameters<typeof advancedSegmentValuesOf>[0]['rules']) {
    await loadAllNamespaces();
    const onSubmit = vi.fn();
    const onRulesChange = vi.fn();
    render(
      <AdvancedSegmentForm
        defaultValues={advancedSegmentValuesOf({ name: 'VIP', description: '', rules })}
        defaultStep={1}
        count={{ incomplete: false, customers: 4, updating: false, failed: false }}
        onRulesChange={onRulesChange}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    return { onSubmit, onRulesChange };
  }

  const vip: SegmentCondition = { field: 'customerTags', operator: 'has', values: ['vip'] };
  const bigSpender = { field: 'totalSpent', operator: 'fromTo', from: 100_000 } as const;

  it('sends the blocks joined as the merchant chose, "or" between blocks here', async () => {
    const { onSubmit } = await renderLogic({
      join: 'and',
      blocks: [
        { join: 'and', conditions: [vip] },
        { join: 'and', conditions: [bigSpender] },
      ],
    });
    fireEvent.click(within(screen.getByRole('group', { name: 'Los clientes deben cumplir' })).getByRole('button', { name: 'Alguno (O)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar segmento' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: 'VIP',
        description: '',
        form: 'advanced',
        rules: {
          join: 'or',
          blocks: [
            { join: 'and', conditions: [vip] },
            { join: 'and', conditions: [bigSpender] },
          ],
        },
      }),
    );
  });

  it('asks for a logic block when every one was removed', async () => {
    const { onSubmit, onRulesChange } = await renderLogic({ join: 'and', blocks: [{ join: 'and', conditions: [vip] }] });
    fireEvent.click(screen.getByRole('button', { name: 'Quitar bloque 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar segmento' }));
    expect(await screen.findByText('Agrega al menos un bloque de lógica.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // Nothing to count without a block.
    expect(onRulesChange).toHaveBeenLastCalledWith(null);
  });

  it('adds a block and a condition, each starting as a purchase at any time', async () => {
    const { onSubmit } = await renderLogic({ join: 'and', blocks: [{ join: 'and', conditions: [vip] }] });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar bloque' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Agregar condición' })[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar segmento' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0].rules).toEqual({
      join: 'and',
      blocks: [
        { join: 'and', conditions: [vip, anytime] },
        { join: 'and', conditions: [anytime] },
      ],
    });
  });
});
