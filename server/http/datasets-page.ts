/**
 * Potato's datasets page (`/datasets/admin`): the evaluation suite's datasets with their versions and tags, and
 * the experiments run on them with each evaluator's mean score, as the datasets API lists them, in the project's
 * `ui_language` where this page has words for it (as the agreement page).
 */
import type { UiLanguage } from '../config/sections/ui-language.js';
import type { DatasetRecord } from '../domain/datasets/records.js';
import type { ExperimentSummary } from '../domain/datasets/experiments.js';
import { wordsIn, type Report } from './report-page.js';

const ENGLISH = {
  title: 'Datasets',
  about:
    'Versioned datasets of examples and the experiments scoring them; each version is a whole snapshot, and a tag names one version of its dataset. The datasets API (/datasets/api/datasets) adds, tags and exports them.',
  datasets: 'Datasets',
  noDatasets: 'No dataset yet.',
  datasetColumns: ['Dataset', 'Description', 'Versions', 'Latest version', 'Examples in it', 'Tags', 'Created'],
  experiments: 'Experiments',
  noExperiments: 'No experiment has been run yet.',
  experimentColumns: ['Experiment', 'Dataset', 'Version', 'Examples', 'Mean scores', 'Run at'],
};

type DatasetsWords = typeof ENGLISH;

const CATALOGS: { en: DatasetsWords } & Record<string, DatasetsWords> = {
  en: ENGLISH,
  es: {
    title: 'Conjuntos de datos',
    about:
      'Conjuntos de ejemplos con versiones y los experimentos que los puntúan; cada versión es una instantánea completa, y una etiqueta nombra una versión de su conjunto. La API de conjuntos de datos (/datasets/api/datasets) los añade, etiqueta y exporta.',
    datasets: 'Conjuntos de datos',
    noDatasets: 'Aún no hay ningún conjunto de datos.',
    datasetColumns: [
      'Conjunto',
      'Descripción',
      'Versiones',
      'Última versión',
      'Ejemplos en ella',
      'Etiquetas',
      'Creado',
    ],
    experiments: 'Experimentos',
    noExperiments: 'Aún no se ha ejecutado ningún experimento.',
    experimentColumns: ['Experimento', 'Conjunto', 'Versión', 'Ejemplos', 'Puntuaciones medias', 'Ejecutado'],
  },
  fr: {
    title: 'Jeux de données',
    about:
      "Jeux d'exemples versionnés et expériences qui les notent ; chaque version est un instantané complet, et une étiquette nomme une version de son jeu. L'API des jeux de données (/datasets/api/datasets) les ajoute, les étiquette et les exporte.",
    datasets: 'Jeux de données',
    noDatasets: 'Aucun jeu de données pour le moment.',
    datasetColumns: ['Jeu', 'Description', 'Versions', 'Dernière version', 'Exemples', 'Étiquettes', 'Créé'],
    experiments: 'Expériences',
    noExperiments: "Aucune expérience n'a encore été lancée.",
    experimentColumns: ['Expérience', 'Jeu', 'Version', 'Exemples', 'Scores moyens', 'Lancée le'],
  },
  de: {
    title: 'Datensätze',
    about:
      'Versionierte Datensätze von Beispielen und die Experimente, die sie bewerten; jede Version ist ein vollständiger Stand, und ein Tag benennt eine Version ihres Datensatzes. Die Datensatz-API (/datasets/api/datasets) legt sie an, versieht sie mit Tags und exportiert sie.',
    datasets: 'Datensätze',
    noDatasets: 'Noch kein Datensatz.',
    datasetColumns: [
      'Datensatz',
      'Beschreibung',
      'Versionen',
      'Neueste Version',
      'Beispiele darin',
      'Tags',
      'Angelegt',
    ],
    experiments: 'Experimente',
    noExperiments: 'Noch kein Experiment ausgeführt.',
    experimentColumns: ['Experiment', 'Datensatz', 'Version', 'Beispiele', 'Mittlere Bewertungen', 'Ausgeführt'],
  },
  pt: {
    title: 'Conjuntos de dados',
    about:
      'Conjuntos de exemplos com versões e os experimentos que os pontuam; cada versão é um instantâneo completo, e uma etiqueta nomeia uma versão do seu conjunto. A API de conjuntos de dados (/datasets/api/datasets) os adiciona, etiqueta e exporta.',
    datasets: 'Conjuntos de dados',
    noDatasets: 'Nenhum conjunto de dados ainda.',
    datasetColumns: ['Conjunto', 'Descrição', 'Versões', 'Última versão', 'Exemplos nela', 'Etiquetas', 'Criado'],
    experiments: 'Experimentos',
    noExperiments: 'Nenhum experimento foi executado ainda.',
    experimentColumns: ['Experimento', 'Conjunto', 'Versão', 'Exemplos', 'Pontuações médias', 'Executado'],
  },
  ar: {
    title: 'مجموعات البيانات',
    about:
      'مجموعات أمثلة ذات إصدارات والتجارب التي تقيِّمها؛ كل إصدار لقطة كاملة، والوسم يسمّي إصدارًا واحدًا من مجموعته. واجهة مجموعات البيانات (/datasets/api/datasets) تضيفها وتَسِمها وتصدّرها.',
    datasets: 'مجموعات البيانات',
    noDatasets: 'لا توجد مجموعة بيانات بعد.',
    datasetColumns: ['المجموعة', 'الوصف', 'الإصدارات', 'أحدث إصدار', 'الأمثلة فيه', 'الوسوم', 'أُنشئت'],
    experiments: 'التجارب',
    noExperiments: 'لم تُجرَ أي تجربة بعد.',
    experimentColumns: ['التجربة', 'المجموعة', 'الإصدار', 'الأمثلة', 'متوسط الدرجات', 'أُجريت'],
  },
};

const scores = (s: Record<string, number>) =>
  Object.entries(s)
    .map(([evaluator, mean]) => `${evaluator} ${mean.toFixed(3)}`)
    .join(', ');

export function datasetsPage(
  datasets: readonly DatasetRecord[],
  experiments: readonly ExperimentSummary[],
  language: UiLanguage,
): Report {
  const { w, lang, dir } = wordsIn(CATALOGS, language);
  return {
    title: w.title,
    lang,
    dir,
    lines: [w.about],
    tables: [
      {
        heading: w.datasets,
        empty: w.noDatasets,
        columns: w.datasetColumns,
        rows: datasets.map((d) => {
          const latest = d.versions.at(-1);
          const tags = d.versions.flatMap((v) => v.tags.map((t) => `${t} → ${v.version_id}`));
          return [
            d.name,
            d.description || null,
            d.versions.length,
            latest?.version_id,
            latest?.example_count,
            tags.join(', ') || null,
            d.created_at,
          ];
        }),
      },
      {
        heading: w.experiments,
        empty: w.noExperiments,
        columns: w.experimentColumns,
        rows: experiments.map((e) => [
          e.name,
          e.dataset_name,
          e.dataset_version,
          e.example_count,
          scores(e.aggregate_scores) || null,
          e.created_at,
        ]),
      },
    ],
  };
}
