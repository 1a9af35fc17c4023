import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../lib/paths';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { DocumentTitle } from './document-title';

export interface NotFoundScreenProps {
  onHome: () => void;
}

/** An address that is no page: said plainly, with the way back, instead of a silent redirect. */
export function NotFoundScreen({ onHome }: NotFoundScreenProps) {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      headingLevel={1}
      title={t('notFound.title')}
      description={t('notFound.description')}
      action={<Button onClick={onHome}>{t('notFound.home')}</Button>}
    />
  );
}

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <>
      <DocumentTitle title="notFound" />
      <NotFoundScreen onHome={() => void navigate(HOME_PATH)} />
    </>
  );
}
