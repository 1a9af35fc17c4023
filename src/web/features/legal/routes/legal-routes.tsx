import { HOME_PATH, PRIVACY_PATH, TERMS_PATH } from '../../../lib/paths';
import { RouterLink } from '../../../lib/router-link';
import { LegalDocumentScreen } from '../screens/legal-document-screen';

// Public pages: the brand leads home, which sends someone signed out to sign in.

export function TermsRoute() {
  return <LegalDocumentScreen document="terms" homeHref={HOME_PATH} otherHref={PRIVACY_PATH} linkComponent={RouterLink} />;
}

export function PrivacyRoute() {
  return <LegalDocumentScreen document="privacy" homeHref={HOME_PATH} otherHref={TERMS_PATH} linkComponent={RouterLink} />;
}
