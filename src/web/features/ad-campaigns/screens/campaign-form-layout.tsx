import { css, cx } from 'styled-system/css';
import { formLayout } from '../../../ui/form-layout';

/** The wizard's layout: the form layout's sections and buttons, with the page around it and a saving line. */
export const campaignFormLayout = {
  ...formLayout,
  page: css({ display: 'flex', flexDirection: 'column', gap: '6', minW: '0' }),
  // The wizard's cancel button and its other buttons wrap closer together than a segment form's.
  footer: cx(formLayout.footer, css({ gap: '3' })),
  status: css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'note', color: 'fg.muted' }),
};
