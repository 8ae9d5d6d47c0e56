// Reference language: its shape is the type every other language file follows.
export const enGB = {
  app: {
    title: 'Plantlens',
    loading: 'Loading…',
  },
  menu: {
    explorerEvolution: 'Evolution',
  },
  language: {
    label: 'Language',
    es_ES: 'Español',
    en_GB: 'English',
    it_IT: 'Italiano',
    de_DE: 'Deutsch',
  },
  errors: {
    unexpected: 'Something went wrong. Please try again.',
  },
  notFound: {
    title: 'Page not found',
    backToExplorer: 'Go to the explorer',
  },
  explorer: {
    evolution: {
      title: 'Evolution',
      chooseVariables: 'Choose one or more variables to see their evolution.',
      noData: 'No data in the selected range.',
      loadError: 'The data could not be loaded',
      sampled:
        'Reduced data (one summary per pixel) is shown for these variables; narrow the range to see every point:',
    },
    range: {
      label: 'Date range',
      today: 'Today',
      yesterday: 'Yesterday',
      last7Days: 'Last 7 days',
      last30Days: 'Last 30 days',
      thisMonth: 'This month',
      lastMonth: 'Last month',
    },
    picker: {
      title: 'Variables',
      search: 'Search variables',
      selected: '{{count}} of {{max}} selected',
      more: 'and {{count}} more',
      noMatch: 'No variable matches the search.',
      empty: 'There are no variables yet.',
      loadError: 'The variables could not be loaded',
      deselect: 'Remove {{label}}',
    },
  },
};

export type Translation = typeof enGB;

// Languages still being translated may leave keys out; i18next falls back for them.
export type PartialTranslation<T = Translation> = {
  [K in keyof T]?: T[K] extends string ? string : PartialTranslation<T[K]>;
};
