import { useTranslation } from 'react-i18next';
import { underConstruction } from 'styled-system/recipes';

export function UnderConstruction() {
  const { t } = useTranslation('common');
  const classes = underConstruction();
  return (
    <section className={classes.root}>
      <h1 className={classes.title}>{t('underConstruction.title')}</h1>
      <p className={classes.description}>{t('underConstruction.description')}</p>
    </section>
  );
}
