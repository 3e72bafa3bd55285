/**
 * Potato's admin read-outs under Potato's paths and field names (docs/potato-dialect.md). Access follows our
 * admin rule: 401 without credentials, 403 with wrong ones.
 */
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';

export function potatoAdminRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/admin/user_state/:user_id',
      summary: "Potato's per-user state: phase, current instance, assignments and annotations by instance",
      access: 'admin',
      handle: ({ params }) => s.potatoState.userState(params.user_id),
    }),
    route({
      method: 'GET',
      path: '/admin/system_state',
      summary: "Potato's system state: totals, items by annotator count, each user's phase and progress",
      access: 'admin',
      handle: () => s.potatoState.systemState(),
    }),
    route({
      method: 'GET',
      path: '/admin/all_instances',
      summary: "Potato's list of every instance with its text",
      access: 'admin',
      handle: () => s.potatoState.allInstances(),
    }),
    route({
      method: 'GET',
      path: '/admin/item_state',
      summary: "Potato's item state: each instance with its annotators, most annotated first",
      access: 'admin',
      handle: () => s.potatoState.itemStates(),
    }),
    route({
      method: 'GET',
      path: '/admin/item_state/:item_id',
      summary: "Potato's state of one item: its annotators and each one's answers",
      access: 'admin',
      handle: ({ params }) => s.potatoState.itemState(params.item_id),
    }),
  ];
}
