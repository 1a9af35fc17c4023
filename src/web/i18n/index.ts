import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { BASE_NAMESPACES, NAMESPACES, type Namespace, namespaceLoaders } from './namespaces';

export { BASE_NAMESPACES, NAMESPACES, type Namespace } from './namespaces';

export const LANGUAGE = 'es';

function isNamespace(value: string): value is Namespace {
  return (NAMESPACES as readonly string[]).includes(value);
}

/** Loads a text group from its JSON file on first use. */
const jsonBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(_language, namespace, callback) {
    if (!isNamespace(namespace)) {
      callback(new Error(`Unknown text group: ${namespace}`), false);
      return;
    }
    namespaceLoaders[namespace]().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

let initialising: Promise<I18n> | undefined;

/** Initialises i18next once (Spanish only) with the groups every page needs; later calls reuse it. */
export function initI18n(): Promise<I18n> {
  initialising ??= i18next
    .use(jsonBackend)
    .use(initReactI18next)
    .init({
      lng: LANGUAGE,
      fallbackLng: LANGUAGE,
      supportedLngs: [LANGUAGE],
      load: 'currentOnly',
      ns: [...BASE_NAMESPACES],
      defaultNS: 'common',
      fallbackNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    })
    .then(() => i18next);
  return initialising;
}

/** Loads the text groups a page needs before it renders. */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  // Their files download alongside the groups every page needs, not after them; i18next's own read
  // below then finds them loaded (and reports a failure, which this early start leaves to it).
  for (const namespace of namespaces) namespaceLoaders[namespace]().catch(() => undefined);
  await initI18n();
  await i18next.loadNamespaces([...namespaces]);
}

/** Every text group at once (Storybook, tests). */
export function loadAllNamespaces(): Promise<void> {
  return loadNamespaces(NAMESPACES);
}

export { i18next as i18n };
