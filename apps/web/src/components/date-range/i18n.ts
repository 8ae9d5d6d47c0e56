// The texts of the date-range pickers, under the key `dateRange` of app/i18n (es_ES and en_GB complete;
// the other languages fall back).

export const dateRangeEnGB = {
  label: 'Date range',
  preset: 'Range',
  today: 'Today',
  yesterday: 'Yesterday',
  last7Days: 'Last 7 days',
  last30Days: 'Last 30 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  custom: 'Custom',
  from: 'From',
  to: 'To',
};

export const dateRangeEsES: typeof dateRangeEnGB = {
  label: 'Rango de fechas',
  preset: 'Rango',
  today: 'Hoy',
  yesterday: 'Ayer',
  last7Days: 'Últimos 7 días',
  last30Days: 'Últimos 30 días',
  thisMonth: 'Este mes',
  lastMonth: 'Mes pasado',
  custom: 'Personalizado',
  from: 'Desde',
  to: 'Hasta',
};
