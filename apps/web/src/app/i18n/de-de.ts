import type { PartialTranslation } from './en-gb';

export const deDE: PartialTranslation = {
  app: {
    loading: 'Wird geladen…',
  },
  menu: {
    explorerEvolution: 'Verlauf',
  },
  language: {
    label: 'Sprache',
  },
  errors: {
    unexpected: 'Etwas ist schiefgelaufen. Bitte erneut versuchen.',
  },
  notFound: {
    title: 'Seite nicht gefunden',
    backToExplorer: 'Zum Explorer',
  },
  explorer: {
    evolution: {
      title: 'Verlauf',
      chooseVariables: 'Wählen Sie eine oder mehrere Variablen, um ihren Verlauf zu sehen.',
      noData: 'Keine Daten im gewählten Zeitraum.',
    },
    range: {
      label: 'Zeitraum',
      today: 'Heute',
      yesterday: 'Gestern',
      last7Days: 'Letzte 7 Tage',
      last30Days: 'Letzte 30 Tage',
      thisMonth: 'Dieser Monat',
      lastMonth: 'Letzter Monat',
    },
    picker: {
      title: 'Variablen',
      search: 'Variablen suchen',
    },
  },
};
