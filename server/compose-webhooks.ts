/**
 * The webhook outbox, wired beside compose.ts: the domain's events go out through it. A server composed again
 * after another process's changes keeps its running outbox (`reuse`), so deliveries under way are not lost.
 */
import { WebhookOutbox } from './domain/webhooks/outbox.js';
import { webhookSettings } from './config/sections/webhooks.js';
import { createWebhookSender } from './io/webhook-sender.js';
import type { Settings } from './domain/settings.js';
import type { ComposeInput } from './services.js';

export function composeWebhooks(input: ComposeInput, settings: Settings): WebhookOutbox {
  const { config, store, clock, logger } = input;
  return (
    input.reuse?.webhooks ??
    new WebhookOutbox(
      store,
      clock,
      logger,
      createWebhookSender(),
      webhookSettings(config.raw.webhooks),
      {
        enabled: () => settings.get().webhooks_enabled,
        taskName: () => settings.get().annotation_task_name,
      },
      `Marginalia-Webhooks/${input.version}`,
    )
  );
}
