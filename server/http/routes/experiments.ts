/** Potato's experiments API: runs of evaluators over a dataset version, listed, read and turned into reward rows. */
import { z } from 'zod';
import type { Services } from '../../services.js';
import { notFound } from '../../domain/errors.js';
import { EVALUATOR_NAMES, listEvaluators } from '../../domain/datasets/evaluators.js';
import { route, type RouteSpec } from '../route.js';
import { datasetName, enabled, experiment, experimentSummary } from './dataset-shapes.js';

const spec = z.lazy(() =>
  z.object({
    name: z
      .string({ message: `name the evaluator (${EVALUATOR_NAMES.join(', ')})` })
      .min(1)
      .max(100),
    params: z.record(z.string(), z.unknown()).optional(),
    key: z.string().min(1).max(100).optional(),
  }),
);

export function experimentRoutes(s: Services): RouteSpec[] {
  const known = (id: string) => {
    const found = s.experiments.get(id);
    if (!found) throw notFound(`experiment "${id}" does not exist`);
    return found;
  };
  return [
    route({
      method: 'GET',
      path: '/datasets/api/evaluators',
      summary: 'The evaluators by name: those experiments run here, and those they do not with the reason',
      access: 'admin',
      response: z.lazy(() =>
        z.array(
          z.object({
            name: z.string(),
            description: z.string(),
            available: z.boolean(),
            reason: z.string().optional(),
          }),
        ),
      ),
      handle() {
        enabled(s);
        return listEvaluators();
      },
    }),
    route({
      method: 'POST',
      path: '/datasets/api/experiments/run',
      summary:
        "Scores a dataset version with evaluators: the outputs come from outputs_map (example id → output), else each example's metadata.outputs or inputs.outputs",
      access: 'admin',
      body: z.lazy(() =>
        z.object({
          dataset: datasetName,
          evaluators: z
            .array(spec, { message: 'give the evaluators to run' })
            .min(1, 'give at least one evaluator')
            .max(50),
          name: z.string().max(500).optional(),
          outputs_map: z.record(z.string(), z.unknown()).optional(),
          as_of: z.string().max(200).optional(),
          splits: z.array(z.string().max(100)).max(100).optional(),
          metadata: z.record(z.string(), z.unknown()).optional(),
        }),
      ),
      response: experiment,
      responds: { status: 201 },
      async handle({ body }) {
        enabled(s);
        return await s.experiments.run(body);
      },
    }),
    route({
      method: 'GET',
      path: '/datasets/api/experiments',
      summary: 'The experiments, oldest first, without their per-example results; of one dataset when named',
      access: 'admin',
      query: z.lazy(() => z.object({ dataset: z.string().max(200).optional() })),
      response: z.array(experimentSummary),
      handle({ query }) {
        enabled(s);
        return s.experiments.list(query.dataset);
      },
    }),
    route({
      method: 'GET',
      path: '/datasets/api/experiments/:id',
      summary: 'An experiment with each example’s outputs and scores',
      access: 'admin',
      response: experiment,
      handle({ params }) {
        enabled(s);
        return known(params.id);
      },
    }),
    route({
      method: 'GET',
      path: '/datasets/api/experiments/:id/export_rewards',
      summary:
        "An experiment's criterion-level reward rows. They come from model judges (rubric_dag, agent_as_judge), which experiments here do not run, so rows is empty",
      access: 'admin',
      response: z.lazy(() =>
        z.object({
          experiment: z.string(),
          count: z.number().int(),
          rows: z.array(z.unknown()),
          reason: z.string(),
        }),
      ),
      handle({ params }) {
        enabled(s);
        const found = known(params.id);
        return {
          experiment: found.id,
          count: 0,
          rows: [],
          reason:
            'reward rows are read from the per-requirement verdicts of model judges (rubric_dag, agent_as_judge), which experiments in this project do not run',
        };
      },
    }),
  ];
}
