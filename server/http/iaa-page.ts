/**
 * The inter-annotator agreement page (`/admin/iaa?format=html`), in the languages this project bundles for
 * `ui_language` (its words written for this project), so a project set to Spanish gets its agreement page in
 * Spanish as in Potato. The page's language follows the project's: its `lang` picks the catalog, English otherwise.
 */
import type { AgreementReport } from '../domain/agreement/project-agreement.js';
import type { UiLanguage } from '../config/sections/ui-language.js';
import { wordsIn, type Report } from './report-page.js';

const ENGLISH = {
  title: 'Inter-annotator agreement',
  about: "Krippendorff's alpha per scheme, over the items that two or more annotators answered.",
  average: 'Average alpha',
  schemes: 'Schemes',
  empty: "No item has two annotators' answers yet; agreement shows here once one has.",
  scheme: 'Scheme',
  measure: 'Measure',
  alpha: 'Alpha',
  items: 'Items',
  annotators: 'Annotators',
  reading: 'Reading',
  why: 'Why there is no alpha',
  reliable: 'reliable',
  tentative: 'tentative',
  unreliable: 'unreliable',
};

type IaaWords = typeof ENGLISH;

const CATALOGS: { en: IaaWords } & Record<string, IaaWords> = {
  en: ENGLISH,
  es: {
    title: 'Acuerdo entre anotadores',
    about: 'Alfa de Krippendorff por esquema, sobre los elementos que respondieron dos o más anotadores.',
    average: 'Alfa media',
    schemes: 'Esquemas',
    empty: 'Ningún elemento tiene aún respuestas de dos anotadores; el acuerdo aparecerá aquí cuando alguno las tenga.',
    scheme: 'Esquema',
    measure: 'Medida',
    alpha: 'Alfa',
    items: 'Elementos',
    annotators: 'Anotadores',
    reading: 'Lectura',
    why: 'Por qué no hay alfa',
    reliable: 'fiable',
    tentative: 'provisional',
    unreliable: 'poco fiable',
  },
  fr: {
    title: 'Accord inter-annotateurs',
    about: 'Alpha de Krippendorff par schéma, sur les éléments auxquels deux annotateurs ou plus ont répondu.',
    average: 'Alpha moyen',
    schemes: 'Schémas',
    empty:
      "Aucun élément n'a encore les réponses de deux annotateurs ; l'accord s'affichera ici dès qu'un élément les aura.",
    scheme: 'Schéma',
    measure: 'Mesure',
    alpha: 'Alpha',
    items: 'Éléments',
    annotators: 'Annotateurs',
    reading: 'Lecture',
    why: "Pourquoi il n'y a pas d'alpha",
    reliable: 'fiable',
    tentative: 'provisoire',
    unreliable: 'peu fiable',
  },
  de: {
    title: 'Übereinstimmung zwischen Annotierenden',
    about: 'Krippendorffs Alpha je Schema, über die Elemente, die zwei oder mehr Annotierende beantwortet haben.',
    average: 'Mittleres Alpha',
    schemes: 'Schemata',
    empty:
      'Noch kein Element hat Antworten von zwei Annotierenden; die Übereinstimmung erscheint hier, sobald eines sie hat.',
    scheme: 'Schema',
    measure: 'Maß',
    alpha: 'Alpha',
    items: 'Elemente',
    annotators: 'Annotierende',
    reading: 'Einschätzung',
    why: 'Warum es kein Alpha gibt',
    reliable: 'verlässlich',
    tentative: 'vorläufig',
    unreliable: 'unzuverlässig',
  },
  pt: {
    title: 'Concordância entre anotadores',
    about: 'Alfa de Krippendorff por esquema, sobre os itens que dois ou mais anotadores responderam.',
    average: 'Alfa médio',
    schemes: 'Esquemas',
    empty: 'Nenhum item tem ainda respostas de dois anotadores; a concordância aparecerá aqui quando algum tiver.',
    scheme: 'Esquema',
    measure: 'Medida',
    alpha: 'Alfa',
    items: 'Itens',
    annotators: 'Anotadores',
    reading: 'Leitura',
    why: 'Por que não há alfa',
    reliable: 'confiável',
    tentative: 'provisória',
    unreliable: 'pouco confiável',
  },
  ar: {
    title: 'الاتفاق بين الموسِّمين',
    about: 'ألفا كريبندورف لكل مخطط، على العناصر التي أجاب عنها موسِّمان أو أكثر.',
    average: 'متوسط ألفا',
    schemes: 'المخططات',
    empty: 'لا يوجد بعد عنصر عليه إجابات موسِّمَين؛ سيظهر الاتفاق هنا حين يوجد.',
    scheme: 'المخطط',
    measure: 'المقياس',
    alpha: 'ألفا',
    items: 'العناصر',
    annotators: 'الموسِّمون',
    reading: 'القراءة',
    why: 'لماذا لا توجد ألفا',
    reliable: 'موثوق',
    tentative: 'مبدئي',
    unreliable: 'غير موثوق',
  },
};

/** The agreement report as a page in the project's language; scheme names and measures stay as configured. */
export function iaaPage(report: AgreementReport, language: UiLanguage): Report {
  const { w, lang, dir } = wordsIn(CATALOGS, language);
  const schemes = Object.entries(report.by_schema);
  const evaluated = schemes.filter(([, a]) => a.items_evaluated > 0);
  return {
    title: w.title,
    lang,
    dir,
    lines: [
      w.about,
      `${w.average}: ${report.overall.average_krippendorff_alpha?.toFixed(3) ?? '—'} (${w.schemes}: ${report.overall.schemas_evaluated})`,
    ],
    tables: [
      {
        heading: w.schemes,
        empty: w.empty,
        columns: [w.scheme, w.measure, w.alpha, w.items, w.annotators, w.reading, w.why],
        rows: evaluated.map(([name, a]) => [
          name,
          a.level,
          a.krippendorff_alpha,
          a.items_evaluated,
          a.annotators,
          a.interpretation && w[a.interpretation],
          a.reason,
        ]),
      },
    ],
  };
}
