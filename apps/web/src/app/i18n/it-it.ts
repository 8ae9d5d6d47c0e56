import type { PartialTranslation } from './en-gb';

export const itIT: PartialTranslation = {
  app: {
    loading: 'Caricamento…',
  },
  menu: {
    workspace: 'Area di lavoro',
    explorer: 'Esploratore',
    explorerEvolution: 'Evoluzione',
    explorerCorrelation: 'Correlazione',
    explorerMultipleCorrelation: 'Correlazione multipla',
    queries: 'Interrogazioni',
    aggregateVariables: 'Variabili aggregate',
    settings: 'Impostazioni',
    logout: 'Esci',
  },
  routes: {
    Workspace: 'Area di lavoro',
    Settings: 'Impostazioni',
    UserProfile: 'Il mio profilo',
    Explore: 'Esploratore',
    ExplorerEvolution: 'Evoluzione',
    QueryList: 'Interrogazioni',
    UserList: 'Utenti',
    GroupList: 'Gruppi',
    Permissions: 'Permessi',
  },
  language: {
    label: 'Lingua',
  },
  errors: {
    unexpected: 'Qualcosa è andato storto. Riprova.',
  },
  common: {
    back: 'Indietro',
    cancel: 'Annulla',
    save: 'Salva',
    add: 'Aggiungi',
    delete: 'Elimina',
  },
  validation: {
    required: 'Campo obbligatorio',
    // The Italian text of the original product states a stricter rule than the one applied (spec part 1 §5).
    passwordRule:
      'La password deve avere almeno 8 caratteri con maiuscole, minuscole, una cifra e un carattere speciale',
    passwordDifferent: 'La password è diversa',
  },
  login: {
    username: 'Utente',
    password: 'Password',
    submit: 'Accedi',
    errors: {
      userNotFound: 'Utente non trovato',
      wrongPassword: 'Password errata',
    },
  },
  explorer: {
    evolution: {
      title: 'Evoluzione',
      noData: "Nessun dato nell'intervallo selezionato.",
    },
  },
  dateRange: {
    label: 'Intervallo di date',
    today: 'Oggi',
    yesterday: 'Ieri',
    last7Days: 'Ultimi 7 giorni',
    last30Days: 'Ultimi 30 giorni',
    thisMonth: 'Questo mese',
    lastMonth: 'Mese scorso',
  },
  variablePicker: {
    search: 'Cerca variabili',
  },
};
