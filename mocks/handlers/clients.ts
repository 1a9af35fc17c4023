import { createOpenApiHttp } from 'openapi-msw';
import type { paths as AppPaths } from '../../src/shared/api/app.gen';
import type { paths as BackendPaths } from '../../src/shared/api/backend.gen';

export const BACKEND_BASE: string = import.meta.env.VITE_BACKEND_URL ?? '/backend';

export const appHttp = createOpenApiHttp<AppPaths>({ baseUrl: '/api' });
export const backendHttp = createOpenApiHttp<BackendPaths>({ baseUrl: BACKEND_BASE });
