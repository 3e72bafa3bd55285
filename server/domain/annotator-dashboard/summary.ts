/**
 * The annotator's own progress page (Potato's `annotator_dashboard`): project-wide counts and the caller's own,
 * never another annotator's name or figures, so any logged-in annotator may read it.
 */
import { notFound } from '../errors.js';

export interface AnnotatorDashboardSettings {
  enabled: boolean;
  showProject: boolean;
  showPersonal: boolean;
  /** a count of annotators in the annotation phase, never their names */
  showActive: boolean;
}

export const DASHBOARD_OFF: AnnotatorDashboardSettings = {
  enabled: false,
  showProject: true,
  showPersonal: true,
  showActive: false,
};

/** What the figures are read from: the annotation and assignment indexes, through narrow questions. */
export interface DashboardSources {
  totalItems(): number;
  /** task instances with at least one annotation */
  itemsWithAnnotations(): number;
  totalAnnotations(): number;
  /** how many annotators are in the annotation phase now */
  activeAnnotators(): number;
  /** the caller's annotated instances and what they are expected to annotate, as their annotate screen counts */
  own(username: string): { annotated: number; assigned: number };
}

interface ProjectProgress {
  total_items: number;
  items_with_annotations: number;
  completion_percentage: number;
  total_annotations: number;
  active_annotators?: number;
}

interface PersonalProgress {
  annotated: number;
  assigned: number;
  completion_percentage: number;
}

export interface DashboardSummary {
  project?: ProjectProgress;
  personal?: PersonalProgress;
}

/** A share as a percentage with one decimal, 0 of nothing. */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

function dashboardSummary(
  settings: AnnotatorDashboardSettings,
  sources: DashboardSources,
  username: string,
): DashboardSummary {
  const summary: DashboardSummary = {};
  if (settings.showProject) {
    const total = sources.totalItems();
    const started = sources.itemsWithAnnotations();
    summary.project = {
      total_items: total,
      items_with_annotations: started,
      completion_percentage: percent(started, total),
      total_annotations: sources.totalAnnotations(),
      ...(settings.showActive ? { active_annotators: sources.activeAnnotators() } : {}),
    };
  }
  if (settings.showPersonal) {
    const { annotated, assigned } = sources.own(username);
    summary.personal = { annotated, assigned, completion_percentage: percent(annotated, assigned) };
  }
  return summary;
}

/** The page's service: off, its summary is a 404, as if the page did not exist (Potato's behaviour). */
export class AnnotatorDashboard {
  constructor(
    readonly settings: AnnotatorDashboardSettings,
    private readonly sources: DashboardSources,
  ) {}

  summary(username: string): DashboardSummary {
    if (!this.settings.enabled)
      throw notFound('the progress page is off: set annotator_dashboard: {enabled: true} in the config to turn it on');
    return dashboardSummary(this.settings, this.sources, username);
  }
}
