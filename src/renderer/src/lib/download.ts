/** Saves text as a file the way a web page does: a hidden link to a blob of it, clicked once. */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is released once the browser took it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
