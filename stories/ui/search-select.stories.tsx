import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, within } from 'storybook/test';
import { SearchSelect, type SearchSelectOption, type SearchSelectProps } from '../../src/web/ui/search-select';
import { userEvent } from '../support/user-event';

const places: SearchSelectOption[] = [
  { value: '1940', label: 'Región Metropolitana de Santiago', description: 'Región' },
  { value: '1941', label: 'Región de Valparaíso', description: 'Región' },
  { value: '264560', label: 'Valparaíso', description: 'Ciudad, Región de Valparaíso' },
  { value: '264571', label: 'Viña del Mar', description: 'Ciudad, Región de Valparaíso' },
];

/** The field with its own state; the "search" filters the list above by what was typed. */
function SearchDemo(props: Omit<SearchSelectProps, 'onValueChange' | 'onQueryChange' | 'options'> & { all?: SearchSelectOption[] }) {
  const { all = places, ...rest } = props;
  const [value, setValue] = useState(props.value);
  const [query, setQuery] = useState(props.query);
  const options = query.trim().length < 2 ? [] : all.filter((option) => option.label.toLowerCase().includes(query.trim().toLowerCase()));
  return <SearchSelect {...rest} value={value} onValueChange={setValue} query={query} onQueryChange={setQuery} options={options} />;
}

const meta = {
  title: 'UI/Forms/SearchSelect',
  component: SearchDemo,
  args: {
    label: 'Ubicación',
    placeholder: 'Busca una región o ciudad de Chile',
    helperText: 'Sin ubicaciones, los anuncios llegan a todo Chile.',
    emptyValueText: 'Todo Chile',
    value: [],
    query: '',
    max: 50,
  },
} satisfies Meta<typeof SearchDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithChoices: Story = { args: { value: [places[0], places[3]].filter((place) => place !== undefined) } };
/** Typing opens what the search found. */
export const Results: Story = {
  args: { query: 'valpa' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('combobox', { name: /Ubicación/ }));
    await userEvent.keyboard('{ArrowDown}');
    await expect(await within(canvasElement.ownerDocument.body).findByRole('option', { name: /^Valparaíso/ })).toBeVisible();
  },
};
export const Searching: Story = { args: { searching: true, query: 'valpa' }, parameters: { visual: { waitFor: '[aria-busy="true"]' } } };
export const AtMaximum: Story = { args: { max: 2, value: [places[0], places[1]].filter((place) => place !== undefined) } };
export const WithError: Story = { args: { error: 'No pudimos buscar en Meta. Inténtalo de nuevo en unos minutos.' } };
export const Disabled: Story = { args: { disabled: true, value: [places[0]].filter((place) => place !== undefined) } };
