import type { VariableMinimalDto } from '@plantlens/contracts';

// Case- and accent-insensitive, so "presion" finds "Presión".
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

// Variables whose label or client reference contains the search text, in their original order.
export function filterVariables(variables: VariableMinimalDto[], search: string): VariableMinimalDto[] {
  const needle = fold(search.trim());
  if (!needle) return variables;
  return variables.filter(
    (variable) => fold(variable.label).includes(needle) || fold(variable.clientReference).includes(needle),
  );
}
