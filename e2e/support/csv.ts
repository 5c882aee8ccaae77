/** One CSV line into cells: quoted cells may hold commas and doubled quotes. */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (isQuoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') isQuoted = !isQuoted;
    else if (char === ',' && !isQuoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  return [...cells, cell];
}

/** A downloaded CSV's non-empty lines, without the byte-order mark. */
export const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean);
