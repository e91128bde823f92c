import type { ModuleContext } from '../context.js';
import type { RateLimitsConfig } from './config.js';
import { createRateLimitPolicies } from './policies.js';
import type { RateLimitPolicies } from './policy.js';

export interface RateLimitsModuleDeps extends Pick<ModuleContext, 'db' | 'clock' | 'logger'> {
  config: RateLimitsConfig;
}

/** The rate-limit policies routes name; the app installs them once its plugins are in place. */
export function createRateLimitsModule(deps: RateLimitsModuleDeps) {
  return {
    policies: (): RateLimitPolicies =>
      createRateLimitPolicies(deps.config.rateLimits, deps.db, deps.clock, (error) =>
        deps.logger.warn({ err: error }, 'rate-limit counts not synced; retrying'),
      ),
  };
}
