/** Hands a file the user asked for to the browser's downloads (a test records it instead). */
export type SaveFile = (name: string, content: string, type: string) => void;

export const saveFileInBrowser: SaveFile = (name, content, type) => {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
};
