import type { components } from './api/app.gen';

type SegmentKey = components['schemas']['SegmentKey'];

/**
 * The default segments' names where the server writes them for the merchant (Klaviyo list names,
 * file names); the screens show the same names from the `segments` text group.
 */
export const DEFAULT_SEGMENT_NAMES: Record<SegmentKey, string> = {
  highValueCustomers: 'Clientes de alto valor',
  frequentCustomers: 'Clientes frecuentes',
  asleepCustomers: 'Clientes dormidos',
  newCustomers: 'Clientes nuevos',
  offerCustomers: 'Clientes de ofertas',
  riskyCustomers: 'Clientes en riesgo',
};

/** Lowercase ASCII words joined by dashes: "Clientes VIP ñuñoa!" is "clientes-vip-nunoa". */
function slug(text: string): string {
  const words = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.slice(0, 60).replace(/-+$/, '') || 'segmento';
}

/**
 * `recompra-segmento-clientes-vip-2026-11-24.xlsx`: the name of a segment's export on the store's day.
 * The server sends it; the browser falls back on it when an answer comes without one.
 */
export const segmentFileName = (name: string, today: string) => `recompra-segmento-${slug(name)}-${today}.xlsx`;
