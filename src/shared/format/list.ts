import { onFirstUse } from './on-first-use';

const listFormat = onFirstUse(() => new Intl.ListFormat('es', { style: 'long', type: 'conjunction' }));

/** Items joined as a sentence says them: 2024, 2025 y 2026. */
export function formatList(items: readonly string[]): string {
  return listFormat().format(items);
}
