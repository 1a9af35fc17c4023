/** Hands a downloaded file to the browser's save flow under `name`, as a link with `download` does. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers read the address after `click` returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
