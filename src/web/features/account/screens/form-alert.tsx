import { css } from 'styled-system/css';

/** What the server refused: its Spanish message, and its words beside each field of the form it named. */
export interface FormError<Field extends string> {
  message: string;
  fieldErrors: Partial<Record<Field, string>>;
}

const alert = css({ color: 'danger.text', fontSize: 'sm', fontWeight: 'medium' });

/** The server's message as an alert, unless it already stands beside the field it names. */
export function FormAlert<Field extends string>({ error }: { error: FormError<Field> | null | undefined }) {
  if (!error || Object.values(error.fieldErrors).includes(error.message)) return null;
  return (
    <p role="alert" className={alert}>
      {error.message}
    </p>
  );
}
