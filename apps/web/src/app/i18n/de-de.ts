import type { PartialTranslation } from './en-gb';

export const deDE: PartialTranslation = {
  app: {
    loading: 'Wird geladen…',
  },
  menu: {
    workspace: 'Arbeitsbereich',
    explorerEvolution: 'Verlauf',
    settings: 'Einstellungen',
    logout: 'Abmelden',
  },
  routes: {
    Workspace: 'Arbeitsbereich',
    Settings: 'Einstellungen',
    ExplorerEvolution: 'Verlauf',
  },
  language: {
    label: 'Sprache',
  },
  errors: {
    unexpected: 'Etwas ist schiefgelaufen. Bitte erneut versuchen.',
  },
  common: {
    cancel: 'Abbrechen',
    save: 'Speichern',
  },
  login: {
    username: 'Benutzer',
    password: 'Passwort',
    submit: 'Anmelden',
  },
  explorer: {
    evolution: {
      title: 'Verlauf',
      noData: 'Keine Daten im gewählten Zeitraum.',
    },
  },
  dateRange: {
    label: 'Zeitraum',
    today: 'Heute',
    yesterday: 'Gestern',
    last7Days: 'Letzte 7 Tage',
    last30Days: 'Letzte 30 Tage',
    thisMonth: 'Dieser Monat',
    lastMonth: 'Letzter Monat',
  },
  variablePicker: {
    search: 'Variablen suchen',
  },
};
