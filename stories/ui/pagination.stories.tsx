import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { Pagination, type PaginationProps } from '../../src/web/ui/pagination';
import { userEvent } from '../support/user-event';

function PaginationDemo(props: Omit<PaginationProps, 'onPageChange'>) {
  const [page, setPage] = useState(props.page);
  return <Pagination {...props} page={page} onPageChange={setPage} />;
}

const meta = {
  title: 'UI/Navigation/Pagination',
  component: PaginationDemo,
  tags: ['autodocs'],
  args: { id: 'orders', count: 240, pageSize: 20, page: 1 },
} satisfies Meta<typeof PaginationDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPage: Story = {};
export const MiddlePage: Story = { args: { page: 6 } };
export const LastPage: Story = { args: { page: 12 } };
export const SinglePage: Story = { args: { count: 8 } };
export const GoesToNextPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Página siguiente' }));
    await expect(canvas.getByText('Página 2 de 12')).toBeInTheDocument();
  },
};

/** 20.840 rows, 1.042 pages: the count is written as Chilean Spanish writes it. */
export const ThousandPages: Story = { args: { count: 20_840, page: 521 } };

/** On a phone "Página X de Y" and the two arrows, whatever the count; the numbered pages give way. */
export const ThousandPagesOnPhone: Story = onPhone<Story>({
  args: { count: 20_840, page: 521 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Página 521 de 1.042')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Página siguiente' }));
    await expect(canvas.getByText('Página 522 de 1.042')).toBeVisible();
  },
});

export const FirstPageOnPhone: Story = onPhone<Story>({});
