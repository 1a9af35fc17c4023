import { describe, expect, it } from 'vitest';
import { fillVariables } from '../../../src/web/ui/message-preview';

describe('fillVariables', () => {
  it('fills the numbered variables it knows and keeps the text around them', () => {
    expect(fillVariables('Hola {{1}}, tu pedido {{2}} va en camino.', { '1': 'Camila', '2': '#1024' })).toEqual([
      { kind: 'text', text: 'Hola ' },
      { kind: 'variable', name: '1', value: 'Camila' },
      { kind: 'text', text: ', tu pedido ' },
      { kind: 'variable', name: '2', value: '#1024' },
      { kind: 'text', text: ' va en camino.' },
    ]);
  });
  it('leaves a variable without a value, or with only spaces, unfilled', () => {
    expect(fillVariables('{{1}} y {{ 2 }}', { '2': '  ' })).toEqual([
      { kind: 'variable', name: '1', value: undefined },
      { kind: 'text', text: ' y ' },
      { kind: 'variable', name: '2', value: undefined },
    ]);
  });
  it('returns plain text untouched', () => {
    expect(fillVariables('Sin variables')).toEqual([{ kind: 'text', text: 'Sin variables' }]);
    expect(fillVariables('')).toEqual([]);
  });
});
