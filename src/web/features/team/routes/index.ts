import type { ComponentType } from 'react';
import { lazyExport, type PagePart } from '../../../lib/routes';

/** The team has no page of its own: its screen is the account page's "Tienda" tab (app/features.ts hands it over). */
export const teamStoreTab: PagePart<ComponentType> = lazyExport(() => import('./team-route'), 'TeamRoute');
