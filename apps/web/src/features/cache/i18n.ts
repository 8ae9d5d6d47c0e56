// The texts of the cache back office (/cache-management), under the key `cache` of app/i18n (es_ES and
// en_GB complete; the other languages fall back). The delete alerts are spec part 1 §8's.

export const cacheEnGB = {
  title: 'Cache management',
  intro:
    'Answers of explorer charts whose range has ended, kept so that opening them again is immediate. Deleting an entry makes the next request compute it again.',
  key: 'Key',
  value: 'Value',
  date: 'Date',
  hits: 'Hits',
  size: 'Size',
  valueAbridged: 'The beginning of the value; the whole value is {{size}}.',
  deleteSelected: 'Delete selected',
  deleteConfirm_one: 'Delete the selected cache entry?',
  deleteConfirm_other: 'Delete the {{count}} selected cache entries?',
  deleted: 'Cache entries deleted',
  deleteError: 'The cache entries could not be deleted',
  refresh: 'Refresh',
  loadError: 'The cache could not be loaded',
  empty:
    'The cache is empty. It fills when evolution or correlation charts are opened over a range that ended more than a few minutes ago, and entries go when late data arrives in their range.',
  selected_one: '{{count}} entry selected',
  selected_other: '{{count}} entries selected',
};

export const cacheEsES: typeof cacheEnGB = {
  title: 'Gestión de caché',
  intro:
    'Respuestas de gráficas del explorador cuyo rango ya ha terminado, guardadas para que abrirlas de nuevo sea inmediato. Eliminar una entrada hace que la siguiente petición la calcule otra vez.',
  key: 'Clave',
  value: 'Valor',
  date: 'Fecha',
  hits: 'Usos',
  size: 'Tamaño',
  valueAbridged: 'El principio del valor; el valor completo ocupa {{size}}.',
  deleteSelected: 'Eliminar seleccionadas',
  deleteConfirm_one: '¿Eliminar la entrada de caché seleccionada?',
  deleteConfirm_other: '¿Eliminar las {{count}} entradas de caché seleccionadas?',
  deleted: 'Caché eliminada correctamente',
  deleteError: 'Error al eliminar la caché',
  refresh: 'Actualizar',
  loadError: 'No se ha podido cargar la caché',
  empty:
    'La caché está vacía. Se llena al abrir gráficas de evolución o de correlación de un rango que terminó hace más de unos minutos, y sus entradas se eliminan cuando llegan datos atrasados a su rango.',
  selected_one: '{{count}} entrada seleccionada',
  selected_other: '{{count}} entradas seleccionadas',
};
