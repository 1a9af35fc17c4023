import { expect, waitFor } from 'storybook/test';

/**
 * Waits until the story's page has everything it asked for (no query in flight, nothing busy), as a
 * merchant does before clicking. A click while a part still loads lands on a page whose height then
 * changes under it: the window is pulled back to the shorter page's end, by an amount that depends on
 * which part arrived first (the password dialog's story ended 132 or 176 px down).
 */
export async function pageLoaded(canvasElement: HTMLElement): Promise<void> {
  // The story's query client, which .storybook/preview.tsx puts there for the test runner too.
  const { __STORY_QUERY_CLIENT__: client } = window as Window & { __STORY_QUERY_CLIENT__?: { isFetching(): number } };
  await waitFor(() => {
    expect(client?.isFetching() ?? 0).toBe(0);
    expect(canvasElement.ownerDocument.querySelector('[aria-busy="true"]')).toBeNull();
  });
}
