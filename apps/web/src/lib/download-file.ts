// Hands text to the browser as a file download.
export function downloadTextFile(content: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Released once the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
