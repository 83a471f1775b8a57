/** Hands a text (or any bytes: a request for release's file) to the browser as a download. */
export function saveTextFile(fileName: string, text: BlobPart, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once may cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
