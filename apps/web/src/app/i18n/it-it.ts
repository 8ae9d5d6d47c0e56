import type { PartialTranslation } from './en-gb';

export const itIT: PartialTranslation = {
  app: {
    loading: 'Caricamento…',
  },
  menu: {
    explorerEvolution: 'Evoluzione',
  },
  language: {
    label: 'Lingua',
  },
  errors: {
    unexpected: 'Qualcosa è andato storto. Riprova.',
  },
  notFound: {
    title: 'Pagina non trovata',
    backToExplorer: "Vai all'esploratore",
  },
  explorer: {
    evolution: {
      title: 'Evoluzione',
      chooseVariables: "Scegli una o più variabili per vederne l'evoluzione.",
      noData: "Nessun dato nell'intervallo selezionato.",
    },
    range: {
      label: 'Intervallo di date',
      today: 'Oggi',
      yesterday: 'Ieri',
      last7Days: 'Ultimi 7 giorni',
      last30Days: 'Ultimi 30 giorni',
      thisMonth: 'Questo mese',
      lastMonth: 'Mese scorso',
    },
    picker: {
      title: 'Variabili',
      search: 'Cerca variabili',
    },
  },
};
