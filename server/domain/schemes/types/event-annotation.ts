/**
 * event_annotation: events of `event_types`, each a trigger span and argument spans by role (spans of
 * `span_schema`). A type may restrict its trigger's labels (`trigger_labels`) and each role's
 * (`entity_types`); `required` roles must be filled; a role is filled once. Without `event_types` (configs of
 * published datasets leave it out) Potato offers no event type, so no event can be made; here its `labels`, if
 * any, become event types of a trigger alone.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError } from '../module.js';
import { booleanish } from '../kinds.js';
import { labelList, spanOf, structuredType, withProperties } from '../structured.js';
import { EVENT_F1 } from '../structure-agreement.js';

const role = z.lazy(() =>
  z.looseObject({
    role: z.union([z.string().min(1), z.number()]).transform(String),
    entity_types: labelList.optional(),
    required: booleanish.optional(),
  }),
);

const eventType = z.lazy(() =>
  z.looseObject({
    type: z.union([z.string().min(1), z.number()]).transform(String),
    color: z.string().optional(),
    trigger_labels: labelList.optional(),
    arguments: z.array(role).default([]),
  }),
);

const config = z.looseObject({
  span_schema: z.string().min(1).optional(),
  event_types: z.array(eventType).min(1, 'give at least one event type, or leave event_types out').optional(),
});

export interface EventType {
  type: string;
  color?: string;
  trigger_labels?: string[];
  arguments: { role: string; entity_types?: string[]; required: boolean }[];
}

const eventTypesOf = (scheme: Scheme) => scheme.extra.event_types as EventType[];
const allowed = (labels: string[] | undefined, label: string) => !labels?.length || labels.includes(label);

export const eventAnnotation = structuredType({
  type: 'event_annotation',
  storage: 'events',
  agreement: EVENT_F1,
  config,
  keys: ['span_schema', 'event_types'],
  normalize(scheme, keys, fail, warn) {
    const { span_schema, event_types } = keys as z.infer<typeof config>;
    if (span_schema !== undefined) scheme.extra.span_schema = span_schema;
    if (!event_types) {
      scheme.extra.event_types = scheme.labels.map((l) => ({
        type: l.name,
        ...(l.color ? { color: l.color } : {}),
        arguments: [],
      }));
      warn?.(
        scheme.labels.length
          ? 'labels are taken as event types of a trigger alone (no arguments); give event_types to name argument roles'
          : 'event_types: none given (nor labels), so no event can be made; give event_types: [{type, arguments: [{role}]}]',
      );
      return;
    }
    if (scheme.labels.length) warn?.('labels are not used: the event types are those of event_types');
    const names = new Set<string>();
    const types: EventType[] = event_types.map((t, i) => {
      if (names.has(t.type)) fail(`event_types[${i}].type`, `duplicate event type "${t.type}"`);
      names.add(t.type);
      const roles = new Set<string>();
      const args = t.arguments.map((a, k) => {
        if (roles.has(a.role)) fail(`event_types[${i}].arguments[${k}].role`, `duplicate role "${a.role}"`);
        roles.add(a.role);
        return {
          role: a.role,
          ...(a.entity_types?.length ? { entity_types: a.entity_types } : {}),
          required: a.required ?? false,
        };
      });
      return {
        type: t.type,
        ...(t.color ? { color: t.color } : {}),
        ...(t.trigger_labels?.length ? { trigger_labels: t.trigger_labels } : {}),
        arguments: args,
      };
    });
    scheme.extra.event_types = types;
    scheme.labels = types.map((t) => ({ name: t.type, ...(t.color ? { color: t.color } : {}) }));
  },
  entry(scheme, entry, context) {
    const type = eventTypesOf(scheme).find((t) => t.type === entry.event_type);
    if (!type)
      return new AnswerError(
        `event_type "${String(entry.event_type)}" is not one of ${eventTypesOf(scheme)
          .map((t) => t.type)
          .join(', ')}`,
      );
    const trigger = spanOf(scheme, entry.trigger_span_id as string, context, 'trigger_span_id');
    if (trigger instanceof AnswerError) return trigger;
    if (!allowed(type.trigger_labels, trigger.label))
      return new AnswerError(
        `trigger_span_id: the trigger of ${type.type} is labelled ${type.trigger_labels!.join(' or ')}, not ${trigger.label}`,
      );
    const args = entry.arguments as { role: string; span_id: string }[];
    const filled = new Set<string>();
    for (const [k, arg] of args.entries()) {
      const role = type.arguments.find((r) => r.role === arg.role);
      if (!role)
        return new AnswerError(
          `arguments[${k}].role: "${arg.role}" is not a role of ${type.type} (${type.arguments.map((r) => r.role).join(', ') || 'it has none'})`,
        );
      if (filled.has(arg.role)) return new AnswerError(`arguments[${k}].role: "${arg.role}" is filled twice`);
      filled.add(arg.role);
      const span = spanOf(scheme, arg.span_id, context, `arguments[${k}].span_id`);
      if (span instanceof AnswerError) return span;
      if (!allowed(role.entity_types, span.label))
        return new AnswerError(
          `arguments[${k}]: the ${arg.role} of ${type.type} is labelled ${role.entity_types!.join(' or ')}, not ${span.label}`,
        );
    }
    const missing = type.arguments.filter((r) => r.required && !filled.has(r.role)).map((r) => r.role);
    if (missing.length) return new AnswerError(`arguments: ${type.type} needs ${missing.join(', ')} (required)`);
    return withProperties(entry, {
      event_type: type.type,
      trigger_span_id: entry.trigger_span_id,
      arguments: args.map((a) => ({ role: a.role, span_id: a.span_id })),
    });
  },
  exampleEntries(scheme, span) {
    const type = eventTypesOf(scheme)[0];
    if (!type) return [];
    const spanScheme = scheme.extra.span_schema as string;
    const args = type.arguments
      .filter((r) => r.required)
      .map((r) => ({ role: r.role, span_id: span(spanScheme, r.entity_types?.[0]) }));
    return [{ event_type: type.type, trigger_span_id: span(spanScheme, type.trigger_labels?.[0]), arguments: args }];
  },
});
