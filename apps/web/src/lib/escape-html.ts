// Highcharts renders tooltip and label strings as HTML: free text (variable labels) is escaped first.
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
