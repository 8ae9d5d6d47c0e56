import type { Translation } from './en-gb';

export const esES: Translation = {
  app: {
    title: 'Plantlens',
    loading: 'Cargando…',
  },
  menu: {
    explorerEvolution: 'Evolución',
  },
  language: {
    label: 'Idioma',
    es_ES: 'Español',
    en_GB: 'English',
    it_IT: 'Italiano',
    de_DE: 'Deutsch',
  },
  errors: {
    unexpected: 'Algo ha fallado. Inténtalo de nuevo.',
  },
  notFound: {
    title: 'Página no encontrada',
    backToExplorer: 'Ir al explorador',
  },
  explorer: {
    evolution: {
      title: 'Evolución',
      chooseVariables: 'Elige una o varias variables para ver su evolución.',
      noData: 'No hay datos en el rango seleccionado.',
      loadError: 'No se han podido cargar los datos',
      sampled:
        'Se muestran datos reducidos (un resumen por píxel) de estas variables; acota el rango para ver todos los puntos:',
    },
    range: {
      label: 'Rango de fechas',
      today: 'Hoy',
      yesterday: 'Ayer',
      last7Days: 'Últimos 7 días',
      last30Days: 'Últimos 30 días',
      thisMonth: 'Este mes',
      lastMonth: 'Mes pasado',
    },
    picker: {
      title: 'Variables',
      search: 'Buscar variables',
      selected: '{{count}} de {{max}} seleccionadas',
      more: 'y {{count}} más',
      noMatch: 'Ninguna variable coincide con la búsqueda.',
      empty: 'Todavía no hay variables.',
      loadError: 'No se han podido cargar las variables',
      deselect: 'Quitar {{label}}',
    },
  },
};
