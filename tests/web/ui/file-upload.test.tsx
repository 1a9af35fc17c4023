import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { FileUpload, type MediaItem } from '../../../src/web/ui/file-upload';
import { renderWithProviders } from '../render';

/** Images that load when the test says so, with the size the test gives, as a slow browser decodes them. */
const pendingLoads: (() => void)[] = [];
class SlowImage {
  naturalWidth = 1080;
  naturalHeight = 1080;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_url: string) {
    pendingLoads.push(() => this.onload?.());
  }
}

beforeEach(() => {
  pendingLoads.length = 0;
  vi.stubGlobal('Image', SlowImage);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('a file read in the same moment as another change to the list keeps both', async () => {
  let current: MediaItem[] = [];
  let change: (update: (items: MediaItem[]) => MediaItem[]) => void = () => undefined;
  function Parent() {
    const [items, setItems] = useState<MediaItem[]>([]);
    current = items;
    change = setItems;
    return <FileUpload label="Archivos" value={items} onValueChange={setItems} />;
  }
  renderWithProviders(<Parent />);
  const png = (name: string) => new File([new Uint8Array(2048)], name, { type: 'image/png' });
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error('the file input is not there yet');
    return found;
  });
  await userEvent.upload(input, [png('a.png'), png('b.png')]);
  await waitFor(() => expect(pendingLoads).toHaveLength(2));

  // The first file is read; its upload ends in the same moment as the second file is read, before a render.
  await act(async () => pendingLoads[0]?.());
  await act(async () => {
    change((items) => items.map((item, index) => (index === 0 ? { ...item, upload: { state: 'uploaded', mediaId: 7 } } : item)));
    pendingLoads[1]?.();
  });

  expect(current.map(({ name, reading, upload, width }) => ({ name, reading, upload, width }))).toEqual([
    { name: 'a.png', reading: false, upload: { state: 'uploaded', mediaId: 7 }, width: 1080 },
    { name: 'b.png', reading: false, upload: undefined, width: 1080 },
  ]);
  expect(screen.getAllByText('Subido')).toHaveLength(1);
  expect(screen.queryByText('Leyendo el archivo…')).toBeNull();
});
