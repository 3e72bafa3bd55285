/**
 * The one place that wires config, storage, domain services and HTTP routes together. Features plug in here:
 * each adds its services to `Services` (services.ts) and its routes to `allRoutes` (all-routes.ts). Groups of
 * features that depend on each other more than on the rest are wired beside it, in the compose-*.ts files: the
 * accounts, who gets which item, the learners over the answers, what imports instances while the project runs,
 * studies, agents, evaluation, qualitative coding, crowdsourcing, the progress read-outs, the webhook outbox and
 * what an item shows (its display and media).
 */
import { AnnotationService } from './domain/annotation/annotation-service.js';
import { compileRules } from './domain/annotation/keywords.js';
import type { EventOutbox } from './domain/events.js';
import { Settings } from './domain/settings.js';
import { addCheckInstances, handOutLimit, requiredAnnotators } from './domain/task.js';
import { Progress } from './domain/admin/progress.js';
import { TimelineReport } from './domain/admin/timeline.js';
import { QualityService } from './domain/quality/quality-service.js';
import { PhaseService } from './domain/phases/phase-service.js';
import { isAnnotated } from './domain/annotation/records.js';
import { ProjectAgreement } from './domain/agreement/project-agreement.js';
import { restoreImported } from './domain/data/imported.js';
import { Skips } from './domain/annotation/skips.js';
import { ItemNotes } from './domain/annotation/item-notes.js';
import { UndoHistory } from './domain/annotation/undo.js';
import { AdjudicationService } from './domain/adjudication/adjudication-service.js';
import { ItemTimes } from './domain/history/item-time.js';
import { ProcessLogs } from './domain/telemetry/process-logs.js';
import { SearchService } from './domain/search/search-service.js';
import { composeAssignment } from './compose-assignment.js';
import { composeLearning } from './compose-learning.js';
import { composeImports } from './compose-imports.js';
import { composeStudies } from './compose-studies.js';
import { composeAgents } from './compose-agents.js';
import { composeAccounts } from './compose-accounts.js';
import { composeCoding } from './compose-coding.js';
import { composeAutomation } from './compose-automation.js';
import { composeCrowd } from './compose-crowd.js';
import { EmbeddingMap } from './domain/diversity/embedding-map.js';
import { composeEvaluation } from './compose-evaluation.js';
import { composeIbws, keepLegacyIbwsRound } from './compose-ibws.js';
import { composeReadouts } from './compose-readouts.js';
import { composeMedia } from './compose-media.js';
import { composeWebhooks } from './compose-webhooks.js';
import { PocketService } from './domain/pocket/pocket-service.js';
import { DeviceVisits } from './domain/pocket/device-visits.js';
import { Rooms } from './domain/rooms/rooms-service.js';
import { Sessions } from './domain/sessions/sessions-service.js';
import type { ComposeInput, Services } from './services.js';

export type { ComposeInput, Services } from './services.js';
export { allRoutes } from './all-routes.js';

export function composeServices(input: ComposeInput): Services {
  const { config, store, clock, logger } = input;
  // checked here as well as at load: --debug and the desktop app set debug after the file is read
  if (config.crowd.loginArgument && config.debug)
    throw new Error('login.type url_direct cannot be used with debug: debug mode signs anyone in under any name');
  const task = config.task;
  keepLegacyIbwsRound(input);
  // instances imported while the server ran are not in the data files: add them back first
  const alsoInFiles = restoreImported(store, task);
  if (alsoInFiles.length)
    logger.warn(
      `${alsoInFiles.length} imported instance(s) are now in the data files too (first: "${alsoInFiles[0]}"); the data files' copies are used`,
    );
  const settings = new Settings(store, config.settings);
  const now = () => new Date(clock.now()).toISOString();
  const users = composeAccounts(input);
  const { accounts } = users;
  const { assignments, cohorts, triage, diversity, late, beforePlanning } = composeAssignment(input, settings, now);
  const webhooks = composeWebhooks(input, settings);
  const outbox: EventOutbox = webhooks;
  const annotations = new AnnotationService(store, task, assignments, outbox, clock, {
    taskName: () => settings.get().annotation_task_name,
    required: () => requiredAnnotators(settings.get()),
  });
  const answered = (username: string, id: string) => isAnnotated(annotations.get(username, id));
  const quality = new QualityService(store, task, config.quality, assignments, clock, answered);
  addCheckInstances(task, quality.checkInstances());
  assignments.decorate(quality.decorate);
  assignments.holdBack((username) => quality.isBlocked(username));
  annotations.use(quality);
  const timeline = new TimelineReport(store, (id) => annotations.isTaskInstance(id));
  annotations.use(timeline);
  const itemTimes = new ItemTimes(store, clock, (id) => annotations.isTaskInstance(id));
  annotations.use(itemTimes);
  const search = new SearchService(store, task, annotations);
  annotations.use(search.hook);
  const ibws = composeIbws({ config, store, clock, assignments, annotations, settings });
  // composed again after another process's changes, it builds at its first search instead
  if (!input.reuse) search.start();
  const skips = new Skips(store, task, annotations, clock, {
    allowSkip: config.raw.allow_skip,
    reasonRequired: config.raw.skip_reason_required,
  });
  const progress = new Progress({
    task,
    annotations,
    assignments,
    accounts,
    required: () => requiredAnnotators(settings.get()),
  });
  const remaining = async (username: string) => {
    const list = await annotations.listOf(username);
    return list.filter((id) => annotations.isTaskInstance(id) && !answered(username, id)).length;
  };
  const phases = new PhaseService(store, config.phases, outbox, clock, remaining, config.phaseOptions);
  annotations.gate(phases.gate);
  annotations.beforePlanning(beforePlanning);
  const { ai, activeLearning, mace, icl, judgeAlignment, judgeCalibration, metricInduction, stepPrelabel } =
    composeLearning({
      config,
      store,
      clock,
      logger,
      annotations,
      settings,
      now,
      reused: !!input.reuse,
    });
  late.activeLearning = activeLearning;
  const studies = composeStudies({ config, store, clock, annotations, settings });
  const agents = composeAgents({ config, store, clock });
  late.psychometrics = studies.psychometrics;
  const { predictions, importer, databaseSources, traces } = composeImports({
    config,
    store,
    clock,
    logger,
    assignments,
    settings,
    keyedItems: (username) => cohorts.keyedItems(username),
    running: input.reuse?.databaseSources,
    runningTraces: input.reuse?.traces,
    onAdded: (items) => late.automation?.itemsAdded(items),
  });
  const adminUsers = new Set(config.adminUsers);
  const isAdmin = (name: string) => adminUsers.has(name) || name === input.desktopOwner;
  const adjudication = new AdjudicationService({
    store,
    task,
    annotations,
    times: itemTimes,
    outbox,
    clock,
    settings: config.adjudication,
    isAdmin,
    handOut: () => handOutLimit(settings.get()),
  });
  const evaluation = composeEvaluation({ ...input, annotations, assignments, adjudication, accounts, settings });
  const coding = composeCoding({
    config,
    store,
    clock,
    annotations,
    mayEdit: (name) => isAdmin(name) || adjudication.mayAdjudicate(name),
    isUser: (name) => accounts.get(name) !== undefined,
  });
  const automated = composeAutomation({
    settings: config.automation,
    store,
    clock,
    logger,
    task,
    triage,
    datasets: evaluation.datasets,
    review: coding.review,
    version: input.version,
  });
  late.automation = automated.automation;
  return {
    config,
    task,
    store,
    clock,
    logger,
    dataDir: input.dataDir,
    settings,
    ...users,
    assignments,
    annotations,
    ibws,
    skips,
    itemNotes: new ItemNotes(store, task, annotations, outbox, clock),
    ...coding,
    pocket: new PocketService(config.pocket, {
      schemes: task.schemes,
      taskName: () => settings.get().annotation_task_name,
      listOf: (username) => annotations.listOf(username),
      instance: (id) => task.instanceById.get(id),
      isAnnotated: answered,
      progress: (username) => assignments.progressOf(username, annotations.activityOf(username).annotated),
    }),
    deviceVisits: new DeviceVisits(store, clock),
    rooms: new Rooms({
      store,
      task,
      clock,
      settings: config.rooms,
      answers: annotations,
      isAdmin,
    }),
    sessions: new Sessions(store, task, clock, config.sessions),
    undo: new UndoHistory(store, annotations, assignments),
    cohorts,
    progress,
    timeline,
    search,
    itemTimes,
    processLogs: new ProcessLogs(store, clock, {
      typing: config.keystrokeLogging,
      telemetry: config.annotationTelemetry,
    }),
    quality,
    phases,
    ...composeCrowd({ config, store, clock, annotations, quality, accounts }),
    ...composeReadouts({ config, annotations, assignments, progress, phases, settings }),
    agreement: new ProjectAgreement(store, task, annotations, clock),
    adjudication,
    ...evaluation,
    ai,
    activeLearning,
    mace,
    icl,
    judgeAlignment,
    judgeCalibration,
    metricInduction,
    stepPrelabel,
    predictions,
    importer,
    databaseSources,
    traces,
    ...studies,
    ...agents,
    triage,
    automation: automated.automation,
    diversity,
    embeddingMap: new EmbeddingMap(diversity, config.diversity.embeddingMap, (id) => annotations.annotatorCount(id)),
    outbox,
    webhooks,
    keywordRules: compileRules(task.keywordRules),
    ...composeMedia(input),
    adminAuth: { key: input.adminKey, isAdminUser: isAdmin },
    startedAt: clock.now(),
    version: input.version,
    settled: async () => {
      await judgeCalibration.settled();
    },
    closers: [
      () => databaseSources.stop(),
      async () => automated.close(),
      () => webhooks.close(),
      () => activeLearning.stop(),
      () => mace.stop(),
      () => judgeCalibration.stop(),
      () => ai.close(),
      async () => search.close(),
      async () => annotations.close(),
    ],
  };
}
