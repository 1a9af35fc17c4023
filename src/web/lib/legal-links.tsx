import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { Link } from '../ui/link';
import { PRIVACY_PATH, TERMS_PATH } from './paths';

const DOCUMENTS = { terms: TERMS_PATH, privacy: PRIVACY_PATH } as const;
export type LegalDocument = keyof typeof DOCUMENTS;

const hidden = css({ srOnly: true });

/**
 * A link to the terms or the privacy policy inside a sentence that asks to accept them (the plan's
 * checkbox, sign-up): it opens in a new tab, so what was typed stays, and says so to a screen reader.
 */
export function LegalLink({ document, children }: { document: LegalDocument; children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Link href={DOCUMENTS[document]} target="_blank" rel="noopener" size="inherit">
      {children ?? t(`legal.${document}`)}
      <span className={hidden}> {t('legal.newTab')}</span>
    </Link>
  );
}

/** The components a `<Trans>` sentence with `<terms>` and `<privacy>` tags links through. */
export const LEGAL_LINKS = { terms: <LegalLink document="terms" />, privacy: <LegalLink document="privacy" /> };
