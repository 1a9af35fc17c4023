import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageTitle } from '../lib/routes';

/** Names the browser's tab after the page ("Inicio · Recompra"), for tabs, history and screen readers. */
export function DocumentTitle({ title }: { title: PageTitle }) {
  const { t } = useTranslation('common');
  const text = t('pageTitle.format', { page: t(`pageTitle.${title}`) });
  useEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}
