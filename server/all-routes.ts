/**
 * Every route of the server in the order the router tries them, with the OpenAPI document of them all last;
 * kept apart from the services' wiring so adding a feature's routes is one line here.
 */
import { webhookRoutes } from './http/routes/webhooks.js';
import type { RouteSpec } from './http/route.js';
import { sessionRoutes } from './http/routes/session.js';
import { oauthRoutes } from './http/routes/oauth.js';
import { annotationRoutes } from './http/routes/annotation.js';
import { annotateStepRoutes } from './http/routes/annotate-step.js';
import { structureRoutes } from './http/routes/structures.js';
import { schemeRoutes } from './http/routes/schemes.js';
import { adminRoutes } from './http/routes/admin.js';
import { phaseRoutes } from './http/routes/phases.js';
import { potatoAdminRoutes } from './http/routes/potato-admin.js';
import { potatoPanelRoutes } from './http/routes/potato-panels.js';
import { processLoggingRoutes } from './http/routes/process-logging.js';
import { processExportRoutes } from './http/routes/process-export.js';
import { integrityRoutes } from './http/routes/integrity.js';
import { potatoPageRoutes } from './http/routes/potato-pages.js';
import { submitAnnotationRoutes } from './http/routes/potato-submit-annotation.js';
import { potatoPhasePageRoutes } from './http/routes/potato-phase-pages.js';
import { studyRoutes } from './http/routes/study.js';
import { adminSetupRoutes } from './http/routes/admin-setup.js';
import { passwordResetRoutes } from './http/routes/password-reset.js';
import { memoRoutes } from './http/routes/memos.js';
import { eventRegistryRoutes } from './http/routes/event-registry.js';
import { annotatorDashboardRoutes } from './http/routes/annotator-dashboard.js';
import { reviewRoutes } from './http/routes/review.js';
import { codebookRoutes } from './http/routes/codebook.js';
import { caseRoutes } from './http/routes/cases.js';
import { codebookContentRoutes } from './http/routes/codebook-content.js';
import { codebookAdminRoutes } from './http/routes/codebook-admin.js';
import { desktopLoginRoutes } from './http/routes/desktop-login.js';
import { agreementRoutes } from './http/routes/agreement.js';
import { aiRoutes } from './http/routes/ai.js';
import { dataRoutes } from './http/routes/data.js';
import { ibwsRoutes } from './http/routes/ibws.js';
import { exportRoutes } from './http/routes/export.js';
import { openApiRoutes } from './http/openapi.js';
import { mediaRoutes } from './http/routes/media.js';
import { displayRoutes } from './http/routes/display.js';
import { skipRoutes } from './http/routes/skips.js';
import { itemNoteRoutes } from './http/routes/item-notes.js';
import { adjudicationRoutes } from './http/routes/adjudication.js';
import { searchRoutes } from './http/routes/search.js';
import { itemTimeRoutes } from './http/routes/item-time.js';
import { activeLearningRoutes } from './http/routes/active-learning.js';
import { maceRoutes } from './http/routes/mace.js';
import { dataSourceRoutes } from './http/routes/data-sources.js';
import { pocketRoutes } from './http/routes/pocket.js';
import { pocketOfflineRoutes } from './http/routes/pocket-offline.js';
import { truthSerumRoutes } from './http/routes/truth-serum.js';
import { thinkAloudRoutes } from './http/routes/think-aloud.js';
import { metricInductionRoutes } from './http/routes/metric-induction.js';
import { stepPrelabelRoutes } from './http/routes/step-prelabel.js';
import { videoTrackingRoutes } from './http/routes/video-tracking.js';
import { iclRoutes } from './http/routes/icl.js';
import { judgeAlignmentRoutes } from './http/routes/judge-alignment.js';
import { judgeCalibrationRoutes } from './http/routes/judge-calibration.js';
import { traceRoutes } from './http/routes/traces.js';
import { boundaryRoutes } from './http/routes/boundary.js';
import { triageRoutes } from './http/routes/triage.js';
import { embeddingVizRoutes } from './http/routes/embedding-viz.js';
import { automationRoutes } from './http/routes/automation.js';
import { psychometricsRoutes } from './http/routes/psychometrics.js';
import { roomRoutes } from './http/routes/rooms.js';
import { sessionScoringRoutes } from './http/routes/session-scoring.js';
import { crowdAdminRoutes } from './http/routes/crowd-admin.js';
import { datasetRoutes } from './http/routes/datasets.js';
import { evalAdminRoutes } from './http/routes/eval-admin.js';
import { publishRoutes } from './http/routes/publish.js';
import { chatRoutes } from './http/routes/chat.js';
import { agentChatRoutes } from './http/routes/agent-chat.js';
import { webAgentRoutes } from './http/routes/web-agent.js';
import type { Services } from './services.js';

export function allRoutes(s: Services): RouteSpec[] {
  const routes = [
    ...sessionRoutes(s),
    ...oauthRoutes(s),
    ...annotationRoutes(s),
    ...annotateStepRoutes(s),
    ...structureRoutes(s),
    ...schemeRoutes(s),
    ...adminRoutes(s),
    ...potatoAdminRoutes(s),
    ...potatoPanelRoutes(s),
    ...processLoggingRoutes(s),
    ...processExportRoutes(s),
    ...integrityRoutes(s),
    ...potatoPageRoutes(s),
    ...submitAnnotationRoutes(s),
    ...potatoPhasePageRoutes(s),
    ...studyRoutes(s),
    ...phaseRoutes(s),
    ...desktopLoginRoutes(s),
    ...adminSetupRoutes(s),
    ...passwordResetRoutes(s),
    ...webhookRoutes(s),
    ...agreementRoutes(s),
    ...aiRoutes(s),
    ...dataRoutes(s),
    ...ibwsRoutes(s),
    ...exportRoutes(s),
    ...mediaRoutes(s),
    ...displayRoutes(s),
    ...skipRoutes(s),
    ...itemNoteRoutes(s),
    ...memoRoutes(s),
    ...eventRegistryRoutes(s),
    ...annotatorDashboardRoutes(s),
    ...reviewRoutes(s),
    // the fixed paths before /api/codebook/:id
    ...codebookContentRoutes(s),
    ...codebookAdminRoutes(s),
    ...codebookRoutes(s),
    ...caseRoutes(s),
    ...adjudicationRoutes(s),
    ...searchRoutes(s),
    ...activeLearningRoutes(s),
    ...maceRoutes(s),
    ...dataSourceRoutes(s),
    ...itemTimeRoutes(s),
    ...pocketRoutes(s),
    ...pocketOfflineRoutes(s),
    ...truthSerumRoutes(s),
    ...thinkAloudRoutes(s),
    ...metricInductionRoutes(s),
    ...stepPrelabelRoutes(s),
    ...videoTrackingRoutes(s),
    ...iclRoutes(s),
    ...judgeAlignmentRoutes(s),
    ...judgeCalibrationRoutes(s),
    ...traceRoutes(s),
    ...boundaryRoutes(s),
    ...triageRoutes(s),
    ...embeddingVizRoutes(s),
    ...automationRoutes(s),
    ...psychometricsRoutes(s),
    ...roomRoutes(s),
    ...sessionScoringRoutes(s),
    ...chatRoutes(s),
    ...agentChatRoutes(s),
    ...webAgentRoutes(s),
    ...crowdAdminRoutes(s),
    ...datasetRoutes(s),
    ...evalAdminRoutes(s),
    ...publishRoutes(s),
  ];
  // last: the OpenAPI description of all of them
  return [...routes, ...openApiRoutes(routes, { title: 'Marginalia', version: s.version })];
}
