import { css } from 'styled-system/css';

/** The layout the dashboard's sections share: a titled column, its header row and its grid of figures. */
export const layout = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '8' }),
  section: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  group: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  /** Title on one side, controls on the other, wrapping on narrow screens. */
  header: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: '4' }),
  heading: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  title: css({ textStyle: 'sectionTitle', color: 'fg.default' }),
  groupTitle: css({ textStyle: 'groupTitle', color: 'fg.default' }),
  note: css({ textStyle: 'note', color: 'fg.muted' }),
  figures: css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))', gap: '4' }),
};
