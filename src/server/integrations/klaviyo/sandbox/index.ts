export { type Account, type Accounts, SANDBOX_KEY_SCOPES, SANDBOX_KEYS } from './accounts.ts';
export { DEFAULT_LIMITS, type Endpoint, type Limit } from './rate-limits.ts';
export {
  KLAVIYO_SANDBOX_PREFIX,
  type KlaviyoSandbox,
  type KlaviyoSandboxOptions,
  registerKlaviyoSandbox,
  type StartedKlaviyoSandbox,
  startKlaviyoSandbox,
} from './server.ts';
