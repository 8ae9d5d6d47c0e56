// The texts of the variable pickers, under the key `variablePicker` of app/i18n (es_ES and en_GB complete;
// the other languages fall back).

export const variablePickerEnGB = {
  multipleSelection: 'Multiple selection',
  confirmSelection: 'Accept',
  placeholder: 'Search a variable by name or reference',
  search: 'Search variables',
  selectAll: 'Select all listed',
  selected: '{{count}} of {{max}} selected',
  more: 'and {{count}} more',
  noMatch: 'No variable matches the search.',
  loadError: 'The chosen variables could not be loaded',
  tagsPlaceholder: 'Choose tags',
  unit: 'Unit',
  category: 'Category',
  noCategory: 'No category',
  tags: 'Tags',
  categoriesError: 'The categorical groups could not be loaded',
  tagsError: 'The tag tree could not be loaded',
};

export const variablePickerEsES: typeof variablePickerEnGB = {
  multipleSelection: 'Selección múltiple',
  confirmSelection: 'Aceptar',
  placeholder: 'Busca una variable por nombre o referencia',
  search: 'Buscar variables',
  selectAll: 'Seleccionar todas las listadas',
  selected: '{{count}} de {{max}} seleccionadas',
  more: 'y {{count}} más',
  noMatch: 'Ninguna variable coincide con la búsqueda.',
  loadError: 'No se han podido cargar las variables elegidas',
  tagsPlaceholder: 'Elija etiquetas',
  unit: 'Unidad',
  category: 'Categoría',
  noCategory: 'Sin categoría',
  tags: 'Etiquetas',
  categoriesError: 'No se han podido cargar los grupos categóricos',
  tagsError: 'No se ha podido cargar el árbol de etiquetas',
};
