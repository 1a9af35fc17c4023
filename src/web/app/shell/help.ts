import { SUPPORT_EMAIL } from '../../lib/contact';
import { HOME_PATH } from '../../lib/paths';
import type { IconName } from '../../ui/icons';

/** Where the first-steps guide sits on the dashboard; the help menu links to it. */
export const FIRST_STEPS_ID = 'primeros-pasos';

/** The help menu's entries; texts are `nav.help.<key>` in common.json. */
export const HELP_LINKS: readonly { key: 'firstSteps' | 'writeUs'; href: string; icon: IconName; plain?: boolean }[] = [
  { key: 'firstSteps', href: `${HOME_PATH}#${FIRST_STEPS_ID}`, icon: 'checklist' },
  { key: 'writeUs', href: `mailto:${SUPPORT_EMAIL}`, icon: 'mail', plain: true },
];
