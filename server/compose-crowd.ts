/**
 * Crowdsourced studies, wired beside compose.ts: workers signed in by the platform's URL parameter (their IDs and
 * completion codes) and the platform's own admin API (studies and submissions over the network), which asks who
 * answered and who quality control blocked.
 */
import type { ComposeInput } from './services.js';
import type { AnnotationService } from './domain/annotation/annotation-service.js';
import type { QualityService } from './domain/quality/quality-service.js';
import type { Accounts } from './domain/users/users.js';
import { CrowdService } from './domain/crowd/crowd.js';
import { CrowdPlatformAdmin } from './domain/crowd/platform-admin.js';
import { createPlatformCall } from './io/crowd-platform-http.js';

interface CrowdInput extends Pick<ComposeInput, 'config' | 'store' | 'clock'> {
  annotations: AnnotationService;
  quality: QualityService;
  accounts: Accounts;
}

export function composeCrowd({ config, store, clock, annotations, quality, accounts }: CrowdInput) {
  const workers = () => [...store.keys('crowd_workers')];
  const platform = config.crowdPlatform;
  return {
    crowd: new CrowdService(
      store,
      config.crowd,
      clock,
      (name) => accounts.get(name) !== undefined || accounts.isAdminName(name),
    ),
    crowdPlatform: new CrowdPlatformAdmin(
      platform,
      platform.token ? createPlatformCall(platform.baseUrl, platform.token) : null,
      {
        annotated: () => workers().filter((w) => annotations.activityOf(w).annotated > 0),
        blocked: () => workers().filter((w) => quality.isBlocked(w)),
      },
      { login: config.raw.login?.type ?? 'standard', provider: config.crowd.provider },
    ),
  };
}
