import { useState } from 'react';

/**
 * The lines of a document being entered (an order, an invoice): one blank line to start, a line
 * changed in place by its position, a blank one added at the end, one removed by its position.
 */
export function useLines<L>(emptyLine: () => L) {
  const [lines, setLines] = useState<L[]>(() => [emptyLine()]);
  const setLine = (i: number, patch: Partial<L>) =>
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const addLine = () => setLines((ls) => [...ls, emptyLine()]);
  const removeLine = (i: number) => setLines((ls) => ls.filter((_, j) => j !== i));
  /** The remove button of line `i`: a document keeps at least one line. */
  const removeButton = (i: number) => ({ disabled: lines.length === 1, onClick: () => removeLine(i) });
  return { lines, setLines, setLine, addLine, removeButton };
}

/** What a table of editable lines is given: the lines, a change to one, and its removal. */
export interface EditableLines<L> {
  lines: L[];
  onChange: (index: number, change: Partial<L>) => void;
  onRemove: (index: number) => void;
}
