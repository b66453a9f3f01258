/**
 * Tables read as data. A parser writes a table row as "label | value | value"; this module
 * reads a document's rows back into tables of cells: each value as a number (negative in
 * parentheses, "—" empty, percentages marked) with its offsets, each column's period (fiscal
 * year by the printed date, months covered), the table's unit ("in millions") and the
 * statement it is (balance sheet, income, cash flows, equity, comprehensive income, segments)
 * from its title or its row labels. Tables of any document are also read as grids of text cells
 * (readGrids), for comparing rows by a column a question names.
 */
export { readTables, TABLES_VERSION } from './read';
export { cellNumber, readGrids } from './grid';
export { entryNamed, readEntries } from './entries';
export type { EntryField } from './entries';
export type { Grid, GridCell, GridRow } from './grid';
export { cellValue } from './numbers';
export { columnPeriods, quarterIn } from './periods';
export { statedScale, unscaledLabel } from './units';
export { recogniseStatement, statementTitled, statementsNamed } from './statements';
export type { Cell, Period, StatementKind, StoredTables, Table, TableRow } from './types';
