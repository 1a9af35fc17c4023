import { useTranslation } from 'react-i18next';
import { COLLABORATOR_LIMIT, TRIAL_DAYS } from '../../../../shared/constants';
import { SUPPORT_EMAIL } from '../../../lib/contact';
import type { LegalDocument } from '../../../lib/legal-links';
import { Link, type LinkComponent, PlainLink } from '../../../ui/link';
import * as DocumentParts from '../../../ui/parts/document-layout';

export interface LegalDocumentScreenProps {
  document: LegalDocument;
  /** Where the brand leads: the app's start, or the sign-in for someone signed out. */
  homeHref: string;
  /** The other document's address. */
  otherHref: string;
  linkComponent?: LinkComponent;
}

/** The terms of service or the privacy policy: readable by anyone, signed in or not, at its own address. */
export function LegalDocumentScreen({ document, homeHref, otherHref, linkComponent: RouterLink = PlainLink }: LegalDocumentScreenProps) {
  const { t } = useTranslation('legal');
  const { t: common } = useTranslation('common');
  const other: LegalDocument = document === 'terms' ? 'privacy' : 'terms';
  // The figures the text states come from where the product keeps them, so the text cannot drift from it.
  const values = { email: SUPPORT_EMAIL, collaborators: COLLABORATOR_LIMIT, trialDays: TRIAL_DAYS };
  const sections = t(`${document}.sections`, { returnObjects: true, ...values });
  const titleId = `${document}-title`;
  return (
    <DocumentParts.Root>
      <DocumentParts.Article aria-labelledby={titleId}>
        <DocumentParts.Brand asChild>
          <RouterLink href={homeHref}>{common('appName')}</RouterLink>
        </DocumentParts.Brand>
        <DocumentParts.Header>
          <DocumentParts.Title id={titleId}>{t(`${document}.title`)}</DocumentParts.Title>
          <DocumentParts.Updated>{t('updated')}</DocumentParts.Updated>
        </DocumentParts.Header>
        <DocumentParts.Intro>{t(`${document}.intro`)}</DocumentParts.Intro>
        {sections.map((section, index) => {
          const headingId = `${document}-section-${index + 1}`;
          return (
            <DocumentParts.Section key={section.title} aria-labelledby={headingId}>
              <DocumentParts.SectionTitle id={headingId}>{`${index + 1}. ${section.title}`}</DocumentParts.SectionTitle>
              {section.paragraphs.map((paragraph) => (
                <DocumentParts.Paragraph key={paragraph}>{paragraph}</DocumentParts.Paragraph>
              ))}
              {section.items.length > 0 ? (
                <DocumentParts.List>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </DocumentParts.List>
              ) : null}
            </DocumentParts.Section>
          );
        })}
        <DocumentParts.Footer>
          <span>{t('seeAlso')}</span>
          <Link asChild>
            <RouterLink href={otherHref}>{common(`legal.${other}`)}</RouterLink>
          </Link>
          <span aria-hidden="true">·</span>
          <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>
        </DocumentParts.Footer>
      </DocumentParts.Article>
    </DocumentParts.Root>
  );
}
