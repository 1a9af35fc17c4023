import { describe, expect, it } from 'vitest';
import { segmentFileName } from '../../src/shared/segment-names';

describe('segmentFileName', () => {
  it('names the file in Spanish, without accents or spaces', () => {
    expect(segmentFileName('Clientes de alto valor', '2026-11-24')).toBe('recompra-segmento-clientes-de-alto-valor-2026-11-24.xlsx');
    expect(segmentFileName('Café & Té ñandú', '2026-11-24')).toBe('recompra-segmento-cafe-te-nandu-2026-11-24.xlsx');
  });
});
