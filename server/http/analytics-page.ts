/**
 * Potato's trace analytics page (`/admin/eval/analytics?format=html`): the ingested traces' tokens, cost, latency
 * and errors, overall and per model, and the regression alerts of the recent window, as the JSON read-out gives
 * them, in the project's `ui_language` where this page has words for it (as the agreement page). Model names,
 * metrics and the alerts' own messages stay as the read-out gives them.
 */
import type { UiLanguage } from '../config/sections/ui-language.js';
import type { RegressionAlert, TraceAnalytics } from '../domain/datasets/trace-analytics.js';
import { wordsIn, type Report } from './report-page.js';

interface Totals {
  count: number;
  tokens: number;
  cost: string;
  errors: number;
  rate: string;
}
interface Latency {
  avg: string;
  p50: string;
  p95: string;
}

const ENGLISH = {
  title: 'Trace analytics',
  about:
    "Operational figures of the traces ingested while the project runs, read from each trace's model, token usage, latency, cost and status.",
  totals: (t: Totals) =>
    `Traces: ${t.count} · total tokens: ${t.tokens} · total cost: ${t.cost} · errors: ${t.errors} (${t.rate}%)`,
  latency: (l: Latency) => `Latency: average ${l.avg} · median ${l.p50} · p95 ${l.p95}`,
  window: (n: number) => `Alerts compare the last ${n} traces with those before them.`,
  noWindow: 'Add ?recent=N to compare the last N traces with those before them.',
  perModel: 'Per model',
  noTraces: 'No trace has been ingested yet.',
  modelColumns: ['Model', 'Traces', 'Tokens', 'Cost', 'Errors', 'Average latency (ms)'],
  alerts: 'Regression alerts',
  noRegression: 'No regression in the recent traces.',
  notAsked: 'No recent window asked for.',
  alertColumns: ['Metric', 'Severity', 'Before', 'Recent', 'Alert'],
  medium: 'medium',
  high: 'high',
};

type AnalyticsWords = typeof ENGLISH;

const CATALOGS: { en: AnalyticsWords } & Record<string, AnalyticsWords> = {
  en: ENGLISH,
  es: {
    title: 'Analítica de trazas',
    about:
      'Cifras operativas de las trazas recibidas mientras el proyecto funciona, leídas del modelo, el uso de tokens, la latencia, el coste y el estado de cada traza.',
    totals: (t) =>
      `Trazas: ${t.count} · tokens en total: ${t.tokens} · coste total: ${t.cost} · errores: ${t.errors} (${t.rate}%)`,
    latency: (l) => `Latencia: media ${l.avg} · mediana ${l.p50} · p95 ${l.p95}`,
    window: (n) => `Las alertas comparan las últimas ${n} trazas con las anteriores.`,
    noWindow: 'Añada ?recent=N para comparar las últimas N trazas con las anteriores.',
    perModel: 'Por modelo',
    noTraces: 'Aún no se ha recibido ninguna traza.',
    modelColumns: ['Modelo', 'Trazas', 'Tokens', 'Coste', 'Errores', 'Latencia media (ms)'],
    alerts: 'Alertas de regresión',
    noRegression: 'Ninguna regresión en las trazas recientes.',
    notAsked: 'No se pidió una ventana reciente.',
    alertColumns: ['Métrica', 'Gravedad', 'Antes', 'Reciente', 'Alerta'],
    medium: 'media',
    high: 'alta',
  },
  fr: {
    title: 'Analyse des traces',
    about:
      "Chiffres d'exploitation des traces reçues pendant que le projet tourne, lus dans le modèle, l'usage de jetons, la latence, le coût et l'état de chaque trace.",
    totals: (t) =>
      `Traces : ${t.count} · jetons au total : ${t.tokens} · coût total : ${t.cost} · erreurs : ${t.errors} (${t.rate} %)`,
    latency: (l) => `Latence : moyenne ${l.avg} · médiane ${l.p50} · p95 ${l.p95}`,
    window: (n) => `Les alertes comparent les ${n} dernières traces aux précédentes.`,
    noWindow: 'Ajoutez ?recent=N pour comparer les N dernières traces aux précédentes.',
    perModel: 'Par modèle',
    noTraces: "Aucune trace n'a encore été reçue.",
    modelColumns: ['Modèle', 'Traces', 'Jetons', 'Coût', 'Erreurs', 'Latence moyenne (ms)'],
    alerts: 'Alertes de régression',
    noRegression: 'Aucune régression dans les traces récentes.',
    notAsked: "Aucune fenêtre récente n'a été demandée.",
    alertColumns: ['Mesure', 'Gravité', 'Avant', 'Récent', 'Alerte'],
    medium: 'moyenne',
    high: 'élevée',
  },
  de: {
    title: 'Trace-Analyse',
    about:
      'Betriebszahlen der Traces, die während des Projekts eingehen, gelesen aus Modell, Token-Verbrauch, Latenz, Kosten und Status jedes Traces.',
    totals: (t) =>
      `Traces: ${t.count} · Tokens gesamt: ${t.tokens} · Kosten gesamt: ${t.cost} · Fehler: ${t.errors} (${t.rate} %)`,
    latency: (l) => `Latenz: Mittel ${l.avg} · Median ${l.p50} · p95 ${l.p95}`,
    window: (n) => `Die Warnungen vergleichen die letzten ${n} Traces mit den früheren.`,
    noWindow: '?recent=N anhängen, um die letzten N Traces mit den früheren zu vergleichen.',
    perModel: 'Je Modell',
    noTraces: 'Noch kein Trace eingegangen.',
    modelColumns: ['Modell', 'Traces', 'Tokens', 'Kosten', 'Fehler', 'Mittlere Latenz (ms)'],
    alerts: 'Regressionswarnungen',
    noRegression: 'Keine Regression in den letzten Traces.',
    notAsked: 'Kein Zeitfenster angefragt.',
    alertColumns: ['Kennzahl', 'Schwere', 'Vorher', 'Zuletzt', 'Warnung'],
    medium: 'mittel',
    high: 'hoch',
  },
  pt: {
    title: 'Análise de traces',
    about:
      'Números operacionais dos traces recebidos enquanto o projeto funciona, lidos do modelo, do uso de tokens, da latência, do custo e do estado de cada trace.',
    totals: (t) =>
      `Traces: ${t.count} · tokens no total: ${t.tokens} · custo total: ${t.cost} · erros: ${t.errors} (${t.rate}%)`,
    latency: (l) => `Latência: média ${l.avg} · mediana ${l.p50} · p95 ${l.p95}`,
    window: (n) => `Os alertas comparam os últimos ${n} traces com os anteriores.`,
    noWindow: 'Acrescente ?recent=N para comparar os últimos N traces com os anteriores.',
    perModel: 'Por modelo',
    noTraces: 'Nenhum trace foi recebido ainda.',
    modelColumns: ['Modelo', 'Traces', 'Tokens', 'Custo', 'Erros', 'Latência média (ms)'],
    alerts: 'Alertas de regressão',
    noRegression: 'Nenhuma regressão nos traces recentes.',
    notAsked: 'Nenhuma janela recente foi pedida.',
    alertColumns: ['Métrica', 'Gravidade', 'Antes', 'Recente', 'Alerta'],
    medium: 'média',
    high: 'alta',
  },
  ar: {
    title: 'تحليلات التتبُّعات',
    about:
      'أرقام تشغيلية للتتبُّعات الواردة أثناء عمل المشروع، مقروءة من نموذج كل تتبُّع واستهلاكه للرموز وزمن استجابته وتكلفته وحالته.',
    totals: (t) =>
      `التتبُّعات: ${t.count} · مجموع الرموز: ${t.tokens} · مجموع التكلفة: ${t.cost} · الأخطاء: ${t.errors} (${t.rate}%)`,
    latency: (l) => `زمن الاستجابة: المتوسط ${l.avg} · الوسيط ${l.p50} · p95 ${l.p95}`,
    window: (n) => `تقارن التنبيهات آخر ${n} تتبُّعًا بما قبلها.`,
    noWindow: 'أضف ?recent=N لمقارنة آخر N تتبُّعًا بما قبلها.',
    perModel: 'لكل نموذج',
    noTraces: 'لم يرد أي تتبُّع بعد.',
    modelColumns: ['النموذج', 'التتبُّعات', 'الرموز', 'التكلفة', 'الأخطاء', 'متوسط زمن الاستجابة (ms)'],
    alerts: 'تنبيهات التراجع',
    noRegression: 'لا تراجع في التتبُّعات الأخيرة.',
    notAsked: 'لم تُطلب نافذة حديثة.',
    alertColumns: ['المقياس', 'الشدة', 'قبل', 'الأخير', 'التنبيه'],
    medium: 'متوسطة',
    high: 'عالية',
  },
};

const ms = (x: number | null) => (x === null ? '—' : `${x} ms`);
const cost = (x: number | null) => (x === null ? '—' : x.toFixed(4));

export function analyticsPage(
  a: TraceAnalytics,
  alerts: readonly RegressionAlert[],
  recent: number,
  language: UiLanguage,
): Report {
  const { w, lang, dir } = wordsIn(CATALOGS, language);
  return {
    title: w.title,
    lang,
    dir,
    lines: [
      w.about,
      w.totals({
        count: a.count,
        tokens: a.total_tokens,
        cost: cost(a.total_cost),
        errors: a.errors,
        rate: (a.error_rate * 100).toFixed(1),
      }),
      w.latency({ avg: ms(a.avg_latency_ms), p50: ms(a.p50_latency_ms), p95: ms(a.p95_latency_ms) }),
      recent > 0 ? w.window(recent) : w.noWindow,
    ],
    tables: [
      {
        heading: w.perModel,
        empty: w.noTraces,
        columns: w.modelColumns,
        rows: Object.entries(a.per_model).map(([model, m]) => [
          model,
          m.count,
          m.total_tokens,
          cost(m.cost),
          m.errors,
          m.avg_latency_ms,
        ]),
      },
      {
        heading: w.alerts,
        empty: recent > 0 ? w.noRegression : w.notAsked,
        columns: w.alertColumns,
        rows: alerts.map((x) => [x.metric, w[x.severity], x.baseline, x.recent, x.message]),
      },
    ],
  };
}
