import { CALENDAR_YEARS } from '../../../shared/date-rules.ts';
import {
  CUSTOM_SEGMENTS_MAX,
  SEGMENT_DESCRIPTION_MAX,
  SEGMENT_ERRORS,
  SEGMENT_NAME_MAX,
  SEGMENT_RELATIVE_AMOUNT_MAX,
  type SegmentErrorKey,
} from '../../../shared/segments.ts';

/*
 * Every Spanish sentence the segments' server answers with, in one place: the shared rules' keys
 * (src/shared/segments.ts) in the server's words (the forms word the same keys from their text group),
 * the refusals of the store's state, and why a build failed.
 */

const E = SEGMENT_ERRORS;

export const segmentMessages = {
  /** The shared rules' message keys in the server's words. */
  rules: {
    [E.nameRequired]: 'Este campo es obligatorio.',
    [E.nameOnlySpaces]: 'El nombre no puede tener solo espacios.',
    [E.nameTooLong]: `El nombre puede tener hasta ${SEGMENT_NAME_MAX} caracteres.`,
    [E.descriptionTooLong]: `La descripción puede tener hasta ${SEGMENT_DESCRIPTION_MAX} caracteres.`,
    [E.controlCharacters]: 'No puede contener caracteres de control.',
    [E.negativeNumber]: 'El valor no puede ser menor que 0.',
    [E.numberTooLarge]: 'El valor es demasiado grande.',
    [E.wholeNumber]: 'Debe ser un número entero.',
    [E.maxNotAboveMin]: 'El máximo debe ser mayor que el mínimo.',
    [E.rangeEmpty]: 'Indica un mínimo, un máximo o ambos.',
    [E.dateRequired]: 'Este campo es obligatorio.',
    // As the contract's `CalendarDate` words it, which refuses such a date first.
    [E.dateOutOfRange]: `Usa una fecha válida (AAAA-MM-DD) entre los años ${CALENDAR_YEARS.first} y ${CALENDAR_YEARS.last}.`,
    [E.endBeforeStart]: 'La fecha final no puede ser anterior a la inicial.',
    [E.amountRequired]: `Indica un número entre 1 y ${SEGMENT_RELATIVE_AMOUNT_MAX}.`,
    [E.valuesRequired]: 'Agrega al menos un valor.',
    [E.tooManyValues]: 'Son demasiados valores para una condición.',
    [E.valueTooLong]: 'El valor es demasiado largo.',
    [E.noBlocks]: 'Agrega al menos un bloque de lógica.',
    [E.tooManyBlocks]: 'Son demasiados bloques para un segmento.',
    [E.noConditions]: 'Agrega al menos una condición al bloque.',
    [E.tooManyConditions]: 'Son demasiadas condiciones para un bloque.',
  } satisfies Record<SegmentErrorKey, string>,

  /** Refusals of the store's state (409). */
  limitReached: `Puedes tener hasta ${CUSTOM_SEGMENTS_MAX} segmentos propios. Elimina uno para crear otro.`,
  defaultNotEditable: 'Los segmentos predeterminados no se pueden editar.',
  defaultNotDeletable: 'Los segmentos predeterminados no se pueden eliminar.',

  /** What the merchant reads of a build that failed after its retries (the log keeps the database's words). */
  buildFailures: {
    /** A value the database cannot compute with (SQLSTATE class 22): a date out of range, a number too large. */
    badValue:
      'No pudimos calcular sus clientes: una de sus condiciones tiene un valor con el que no se puede calcular, como una fecha o una cifra fuera de rango. Edita el segmento para corregirla.',
    other:
      'No pudimos calcular sus clientes después de varios intentos. Lo intentaremos de nuevo con la próxima actualización de datos; si sigue así, edita el segmento o escríbenos.',
  },
};
