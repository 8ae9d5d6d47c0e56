// The texts of the raw variable editor, under the key `rawVariable` of app/i18n (es_ES and en_GB complete;
// the other languages fall back).

export const rawVariableEnGB = {
  title: 'Raw variable: {{name}}',
  name: 'Name',
  clientReference: 'Client reference',
  clientReferenceHelp: 'Data sources send their points under this reference: it cannot be changed.',
  manageTags: 'Manage tags',
  manageCategories: 'Manage categorical variables',
  nameRequired: 'Required field',
  loadError: 'The variable could not be loaded',
  updated: 'Variable {{name}} updated successfully',
  updateError: 'An error occurred updating the variable {{name}}',
};

export const rawVariableEsES: typeof rawVariableEnGB = {
  title: 'Variable en bruto: {{name}}',
  name: 'Nombre',
  clientReference: 'Referencia de cliente',
  clientReferenceHelp: 'Las fuentes de datos envían sus puntos con esta referencia: no se puede cambiar.',
  manageTags: 'Gestionar etiquetas',
  manageCategories: 'Gestionar variables categóricas',
  nameRequired: 'Campo obligatorio',
  loadError: 'No se ha podido cargar la variable',
  updated: 'Variable {{name}} actualizada correctamente',
  updateError: 'Se ha producido un error actualizando la variable {{name}}',
};
