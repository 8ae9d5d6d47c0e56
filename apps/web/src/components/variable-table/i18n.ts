// The texts of the variable tables (variable management, raw variable list, tag screens), under the key
// `variableTable` of app/i18n (es_ES and en_GB complete; the other languages fall back).

export const variableTableEnGB = {
  filter: 'Filter by reference, name or unit',
  reference: 'Reference',
  name: 'Name',
  unit: 'Unit',
  tags: 'Tags',
  origin: 'Origin',
  aggregate: 'Aggregate',
  raw: 'Raw',
  type: 'Type',
  categorical: 'Categorical',
  quantitative: 'Quantitative',
  categoryValues: 'Categories of {{name}}',
  categoriesUnknown: 'The categories could not be loaded',
  edit: 'Edit {{name}}',
  select: 'Select {{name}}',
  loadError: 'The variables could not be loaded',
  total: '{{count}} variables',
};

export const variableTableEsES: typeof variableTableEnGB = {
  filter: 'Filtrar por referencia, nombre o unidad',
  reference: 'Referencia',
  name: 'Nombre',
  unit: 'Unidad',
  tags: 'Etiquetas',
  origin: 'Origen',
  aggregate: 'Agregada',
  raw: 'En bruto',
  type: 'Tipo',
  categorical: 'Categórica',
  quantitative: 'Cuantitativa',
  categoryValues: 'Categorías de {{name}}',
  categoriesUnknown: 'No se han podido cargar las categorías',
  edit: 'Editar {{name}}',
  select: 'Seleccionar {{name}}',
  loadError: 'No se han podido cargar las variables',
  total: '{{count}} variables',
};
