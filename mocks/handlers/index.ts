import { dashboardHandlers } from './dashboard';
import { sessionHandlers } from './session';

/** What every story and test gets unless it overrides a call. */
export const handlers = [...sessionHandlers, ...dashboardHandlers];

export default handlers;
