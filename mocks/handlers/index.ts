import { dashboardHandlers } from './dashboard';
import { integrationsHandlers } from './integrations';
import { sessionHandlers } from './session';

/** What every story and test gets unless it overrides a call. */
export const handlers = [...sessionHandlers, ...dashboardHandlers, ...integrationsHandlers];

export default handlers;
