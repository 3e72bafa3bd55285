/**
 * Potato's annotation integrity page (`/admin/annotation-integrity?format=html`): the same per-annotator figures
 * as the JSON report, drawn for an admin who opens the link in a browser, the most suspicious annotator first, in
 * the project's `ui_language` where this page has words for it (as the agreement page).
 */
import type { UiLanguage } from '../config/sections/ui-language.js';
import type { IntegrityReport } from '../domain/telemetry/integrity.js';
import { wordsIn, type Report } from './report-page.js';

const ENGLISH = {
  title: 'Annotation integrity',
  about:
    "Per annotator, without gold answers: correlated agreement with peers on the categorical schemes (near zero for random answers), and the share of the annotator's typing and telemetry sessions each screening rule flagged.",
  count: (n: number) => `Annotators: ${n}. No reference model labels are kept here, so there is no model alignment.`,
  caveat:
    'Integrity figures say whom to look at first, not who cheated: a careful annotator on ambiguous items agrees less, and every flag has innocent readings.',
  heading: 'Annotators, the most suspicious first',
  empty: 'No annotator has answered yet.',
  columns: [
    'Annotator',
    'Items',
    'Correlated agreement',
    'Sessions screened',
    'Flagged sessions',
    'Suspicion',
    'Flags',
  ],
};

type IntegrityWords = typeof ENGLISH;

/** The caveat the JSON report carries too, in English. */
export const INTEGRITY_CAVEAT = ENGLISH.caveat;

const CATALOGS: { en: IntegrityWords } & Record<string, IntegrityWords> = {
  en: ENGLISH,
  es: {
    title: 'Integridad de las anotaciones',
    about:
      'Por anotador, sin respuestas de referencia: el acuerdo correlacionado con sus pares en los esquemas categóricos (cercano a cero para respuestas al azar) y la parte de sus sesiones de escritura y telemetría que marcó cada regla de cribado.',
    count: (n) =>
      `Anotadores: ${n}. Aquí no se guardan etiquetas de un modelo de referencia, así que no hay alineación con un modelo.`,
    caveat:
      'Las cifras de integridad dicen a quién mirar primero, no quién hizo trampa: un anotador cuidadoso en elementos ambiguos concuerda menos, y cada marca tiene lecturas inocentes.',
    heading: 'Anotadores, el más sospechoso primero',
    empty: 'Ningún anotador ha respondido aún.',
    columns: [
      'Anotador',
      'Elementos',
      'Acuerdo correlacionado',
      'Sesiones revisadas',
      'Sesiones marcadas',
      'Sospecha',
      'Marcas',
    ],
  },
  fr: {
    title: 'Intégrité des annotations',
    about:
      "Par annotateur, sans réponses de référence : l'accord corrélé avec ses pairs sur les schémas catégoriels (proche de zéro pour des réponses au hasard), et la part de ses sessions de saisie et de télémétrie que chaque règle de filtrage a signalée.",
    count: (n) =>
      `Annotateurs : ${n}. Aucune étiquette de modèle de référence n'est conservée ici, il n'y a donc pas d'alignement avec un modèle.`,
    caveat:
      "Les chiffres d'intégrité disent qui regarder en premier, pas qui a triché : un annotateur soigneux sur des éléments ambigus s'accorde moins, et chaque signalement a des lectures innocentes.",
    heading: 'Annotateurs, le plus suspect en premier',
    empty: "Aucun annotateur n'a encore répondu.",
    columns: [
      'Annotateur',
      'Éléments',
      'Accord corrélé',
      'Sessions examinées',
      'Sessions signalées',
      'Suspicion',
      'Signalements',
    ],
  },
  de: {
    title: 'Integrität der Annotationen',
    about:
      'Je Annotierende, ohne Referenzantworten: die korrelierte Übereinstimmung mit den anderen in den kategorialen Schemata (nahe null bei zufälligen Antworten) und der Anteil ihrer Tipp- und Telemetrie-Sitzungen, den jede Prüfregel markiert hat.',
    count: (n) =>
      `Annotierende: ${n}. Hier werden keine Labels eines Referenzmodells gespeichert, daher gibt es keinen Modellabgleich.`,
    caveat:
      'Integritätszahlen sagen, wen man zuerst ansehen sollte, nicht wer geschummelt hat: Wer sorgfältig mehrdeutige Elemente annotiert, stimmt seltener überein, und jede Markierung hat harmlose Erklärungen.',
    heading: 'Annotierende, die auffälligsten zuerst',
    empty: 'Noch niemand hat geantwortet.',
    columns: [
      'Annotierende',
      'Elemente',
      'Korrelierte Übereinstimmung',
      'Geprüfte Sitzungen',
      'Markierte Sitzungen',
      'Verdacht',
      'Markierungen',
    ],
  },
  pt: {
    title: 'Integridade das anotações',
    about:
      'Por anotador, sem respostas de referência: a concordância correlacionada com os pares nos esquemas categóricos (perto de zero para respostas ao acaso) e a parte das suas sessões de digitação e telemetria que cada regra de triagem marcou.',
    count: (n) =>
      `Anotadores: ${n}. Nenhum rótulo de um modelo de referência é guardado aqui, então não há alinhamento com um modelo.`,
    caveat:
      'Os números de integridade dizem quem olhar primeiro, não quem trapaceou: um anotador cuidadoso em itens ambíguos concorda menos, e toda marcação tem leituras inocentes.',
    heading: 'Anotadores, o mais suspeito primeiro',
    empty: 'Nenhum anotador respondeu ainda.',
    columns: [
      'Anotador',
      'Itens',
      'Concordância correlacionada',
      'Sessões verificadas',
      'Sessões marcadas',
      'Suspeita',
      'Marcações',
    ],
  },
  ar: {
    title: 'نزاهة التوسيم',
    about:
      'لكل موسِّم، دون إجابات مرجعية: الاتفاق المترابط مع أقرانه في المخططات الفئوية (قريب من الصفر للإجابات العشوائية)، ونسبة جلسات الكتابة والقياس التي علَّمتها كل قاعدة فحص.',
    count: (n) => `الموسِّمون: ${n}. لا تُحفظ هنا تسميات نموذج مرجعي، فلا توجد مطابقة مع نموذج.`,
    caveat:
      'أرقام النزاهة تقول بمن نبدأ النظر، لا من غشّ: الموسِّم الحريص على عناصر غامضة يتفق أقل، ولكل علامة قراءات بريئة.',
    heading: 'الموسِّمون، الأكثر إثارة للشك أولًا',
    empty: 'لم يُجب أي موسِّم بعد.',
    columns: ['الموسِّم', 'العناصر', 'الاتفاق المترابط', 'الجلسات المفحوصة', 'الجلسات المعلَّمة', 'الشك', 'العلامات'],
  },
};

const rates = (r: Record<string, number>) =>
  Object.entries(r)
    .map(([rule, share]) => `${rule} ${Math.round(share * 100)}%`)
    .join(', ');

export function integrityPage(reports: readonly IntegrityReport[], language: UiLanguage): Report {
  const { w, lang, dir } = wordsIn(CATALOGS, language);
  return {
    title: w.title,
    lang,
    dir,
    lines: [w.about, w.count(reports.length), w.caveat],
    tables: [
      {
        heading: w.heading,
        empty: w.empty,
        columns: w.columns,
        rows: reports.map((r) => [
          r.annotator,
          r.n_items,
          r.ca_score,
          r.process_sessions,
          rates(r.process_flag_rates) || null,
          r.suspicion,
          r.flags.join(', ') || null,
        ]),
      },
    ],
  };
}
