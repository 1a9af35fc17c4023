import { useTranslation } from 'react-i18next';
import * as UnderConstructionParts from './parts/under-construction';

export function UnderConstruction() {
  const { t } = useTranslation('common');
  return (
    <UnderConstructionParts.Root>
      <UnderConstructionParts.Title>{t('underConstruction.title')}</UnderConstructionParts.Title>
      <UnderConstructionParts.Description>{t('underConstruction.description')}</UnderConstructionParts.Description>
    </UnderConstructionParts.Root>
  );
}
